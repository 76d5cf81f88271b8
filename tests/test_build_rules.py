"""The rules pages built from docs/rules/*.md: diagrams pre-drawn, their settings, one runtime."""

import os
import re
import tomllib

import pytest

from lotus.page import embed
from tests.support.files import read
from tools import build_rules, predraw, rules_source


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("rules")
    assert build_rules.main(["--out", str(out)]) == 0
    return str(out)


@pytest.mark.parametrize("game, source", build_rules.SOURCES)
def test_every_diagram_of_the_source_is_on_the_page_drawn_and_with_its_settings(
    built, game, source
):
    html = read(os.path.join(built, game + ".html"))
    wanted = rules_source.diagrams(rules_source.load(os.path.join(build_rules.ROOT, source), game))
    figures = re.findall(
        r'<figure id="([^"]+)" class="lotus-diagram[^>]*data-diagram="([^"]*)"', html
    )
    assert [f[0] for f in figures] == [d["id"] for d in wanted]
    for (fid, fragment), diagram in zip(figures, wanted):
        settings = embed.parse_fragment(fragment.replace("&amp;", "&").replace("&quot;", '"'))
        assert settings == build_rules.settings_of(diagram), fid
    # Pre-drawn: each figure holds its board's SVG before any Python runs.
    assert html.count("<figure ") == html.count('<div class="diagram-board" data-board><svg') > 10


@pytest.mark.parametrize("game", ["race", "go"])
def test_one_micropython_runtime_per_page_and_nothing_from_elsewhere(built, game):
    html = read(os.path.join(built, game + ".html"))
    assert html.count('type="mpy"') == 1 and 'config="boards.toml"' in html
    assert 'type="py"' not in html  # no Pyodide unless a board asks for the computer
    for url in re.findall(r'(?:src|href)="([^"]+)"', html):
        assert not re.match(r"^[a-z]+:", url), url
    other = "go" if game == "race" else "race"
    assert f'href="{other}.html"' in html and f'href="../index.html?game={game}"' in html


def test_every_rule_has_a_heading_and_a_board_nearby(built):
    for game, rules in (("race", 11), ("go", 10)):
        html = read(os.path.join(built, game + ".html"))
        letter = "R" if game == "race" else "G"
        for n in range(1, rules + 1):
            assert re.search(rf'<h2>[^<]+ <small class="rule-ref">[^<]*\b{letter}{n}\b', html), (
                f"{letter}{n}"
            )
        assert html.count('data-mode="puzzle"') >= 3


def test_headings_are_plain_words_with_the_rule_numbers_as_a_small_reference(built):
    assert build_rules.split_refs("Moving: a stone goes far (R4)") == (
        "Moving: a stone goes far",
        "R4",
    )
    assert build_rules.split_refs("Puzzles") == ("Puzzles", "")
    assert build_rules.split_refs("Board (R5, R7, R8)") == ("Board", "R5, R7, R8")
    assert build_rules.split_refs("Words (in brackets)") == ("Words (in brackets)", "")
    html = read(os.path.join(built, "race.html"))
    assert (
        '<h2>Moving: a stone goes as far as its stack is high <small class="rule-ref">R4</small>'
        in html
    )
    assert 'href="#moving-a-stone-goes-as-far-as-its-stack-is-high"' in html
    for game in ("race", "go"):
        for heading in re.findall(r"<h2>(.*?)</h2>", read(os.path.join(built, game + ".html"))):
            words = re.sub(r' <small class="rule-ref">[^<]*</small>$', "", heading)
            assert not re.search(r"\b[RG][0-9]+\b", words), heading  # no bare rule numbers
            assert len(words.split()) >= 1


def test_the_configs_for_the_rules_folder_point_one_folder_up(built):
    for name, copy in build_rules.CONFIGS:
        root = tomllib.loads(read(name))
        sub = tomllib.loads(read(os.path.join(built, copy)))
        assert sub["interpreter"] == "../" + root["interpreter"][2:]
        assert {k: v for k, v in sub["files"].items()} == {
            "../" + k[2:]: v for k, v in root["files"].items()
        }


def test_check_reports_a_stale_page(built):
    assert build_rules.main(["--out", built, "--check"]) == 0
    with open(os.path.join(built, "race.html"), "a", encoding="utf-8") as f:
        f.write("<!-- edited by hand -->")
    assert build_rules.main(["--out", built, "--check"]) == 1


@pytest.mark.parametrize("game", ["race", "go"])
def test_a_rules_page_preloads_exactly_what_its_pyscript_fetches(built, game):
    html = read(os.path.join(built, game + ".html"))
    preloads = set(re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', html))
    data = tomllib.loads(read(os.path.join(built, "boards.toml")))
    interpreter = data["interpreter"]
    wanted = {"boards.toml", build_rules.SCRIPT, interpreter, interpreter[:-4] + ".wasm"}
    wanted |= {"../" + module for module in predraw.pyscript_modules()}
    assert preloads == wanted | set(data["files"])
