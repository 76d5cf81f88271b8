"""The rules pages built from docs/rules/*.md and their German translations: diagrams pre-drawn,
their settings, one runtime, each page in its language and linked to the other."""

import os
import re
import tomllib

import pytest

from lotus import words
from lotus.page import embed
from tools import build_rules, predraw, rules_source
from tools import words as catalog

GAMES = ("race", "go")
PAGES = [(game, lang) for game in GAMES for lang in ("en", "de")]
NAMES = {"race.html", "race.de.html", "go.html", "go.de.html"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("rules")
    assert build_rules.main(["--out", str(out)]) == 0
    return str(out)


def read(folder: str, name: str) -> str:
    with open(os.path.join(folder, name), encoding="utf-8") as f:
        return f.read()


def test_every_game_has_its_rules_page_in_english_and_german(built):
    assert [(g, lang) for g, lang, _source in build_rules.SOURCES] == PAGES
    assert NAMES <= set(os.listdir(built))
    for game, lang, source in build_rules.SOURCES:
        assert source == f"docs/rules/{game}.md" if lang == "en" else f"docs/rules/de/{game}.md"


def figures(html: str) -> list:
    """[(id, embed settings)] of the page's figures, in order."""
    found = re.findall(
        r'<figure id="([^"]+)" class="lotus-diagram[^>]*data-diagram="([^"]*)"', html
    )
    return [
        (fid, embed.parse_fragment(fragment.replace("&amp;", "&").replace("&quot;", '"')))
        for fid, fragment in found
    ]


@pytest.mark.parametrize("game, lang, source", build_rules.SOURCES)
def test_every_diagram_of_the_source_is_on_the_page_drawn_and_with_its_settings(
    built, game, lang, source
):
    html = read(built, build_rules.page_name(game, lang))
    wanted = rules_source.diagrams(rules_source.load(os.path.join(build_rules.ROOT, source), game))
    shown = figures(html)
    assert [f[0] for f in shown] == [d["id"] for d in wanted]
    for (fid, settings), diagram in zip(shown, wanted):
        assert settings == build_rules.settings_of(diagram), fid
    # Pre-drawn: each figure holds its board's SVG before any Python runs.
    assert html.count("<figure ") == html.count('<div class="diagram-board" data-board><svg') > 10


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_show_the_same_boards_with_only_their_words_changed(built, game):
    """The same diagrams (ids, positions, moves, answers, modes) on both pages; the captions and
    explanations are German on the German page, and its boards are drawn the same."""
    english = figures(read(built, f"{game}.html"))
    german = figures(read(built, f"{game}.de.html"))
    assert [f[0] for f in german] == [f[0] for f in english]
    words_only = ("captions", "explain")
    for (fid, en), (_fid, de) in zip(english, german):
        assert {k: v for k, v in de.items() if k not in words_only} == {
            k: v for k, v in en.items() if k not in words_only
        }, fid
        assert de["captions"] != en["captions"], fid
        assert (de.get("explain") != en.get("explain")) == bool(en.get("explain")), fid


@pytest.mark.parametrize("game, lang", PAGES)
def test_one_micropython_runtime_per_page_and_nothing_from_elsewhere(built, game, lang):
    html = read(built, build_rules.page_name(game, lang))
    assert html.count('type="mpy"') == 1 and 'config="boards.toml"' in html
    assert 'type="py"' not in html  # no Pyodide unless a board asks for the computer
    for url in re.findall(r'(?:src|href)="([^"]+)"', html):
        assert not re.match(r"^[a-z]+:", url), url
    other = "go" if game == "race" else "race"
    app = build_rules.app_page(lang)
    assert f'href="{build_rules.page_name(other, lang)}"' in html  # the other game's, same language
    assert f'href="../{app}?game={game}"' in html  # the app in the page's language


@pytest.mark.parametrize("game", GAMES)
def test_each_language_says_its_language_and_links_to_the_other(built, game):
    english, german = read(built, f"{game}.html"), read(built, f"{game}.de.html")
    assert english.startswith('<!doctype html>\n<html lang="en">')
    assert german.startswith('<!doctype html>\n<html lang="de">')
    alternates = (
        f'<link rel="alternate" hreflang="en" href="{game}.html">\n'
        f'  <link rel="alternate" hreflang="de" href="{game}.de.html">\n'
        f'  <link rel="alternate" hreflang="x-default" href="{game}.html">'
    )
    for html in (english, german):
        assert alternates in html[: html.index("</head>")]
    assert (
        f'<a class="button language" href="{game}.de.html" hreflang="de" lang="de">Deutsch</a>'
        in english
    )
    assert (
        f'<a class="button language" href="{game}.html" hreflang="en" lang="en">English</a>'
        in german
    )
    assert 'hreflang="en" lang="en"' not in english and 'hreflang="de" lang="de"' not in german


@pytest.mark.parametrize("game", GAMES)
def test_each_page_draws_its_boards_in_its_language(built, game):
    english, german = read(built, f"{game}.html"), read(built, f"{game}.de.html")
    assert 'aria-label="Board controls"' in english and 'aria-label="Brettsteuerung"' in german
    assert "Brettsteuerung" not in english and "Board controls" not in german
    if game == "race":  # the printed board's words: START and ZIEL
        assert ">GOAL</text>" in english and ">ZIEL</text>" in german
        assert ">GOAL</text>" not in german and ">START</text>" in german
        assert 'aria-label="Feld A4: leer"' in german and "Field A4" not in german
    else:
        assert "<title>Spielbrett von Lotus (Freeling)</title>" in german
        assert 'aria-label="Punkt 1: leer"' in german and '"Point 1: ' not in german


def test_a_page_links_the_app_in_its_language_once_the_app_has_that_page(tmp_path, monkeypatch):
    """The German pages lead to the German app, index.de.html; while a build has no such page,
    to the English app, so that no link leads nowhere."""
    monkeypatch.setattr(build_rules, "ROOT", str(tmp_path))
    assert build_rules.app_page("de") == "index.html"
    (tmp_path / "index.de.html").write_text("<!doctype html>")
    assert build_rules.app_page("de") == "index.de.html"
    assert build_rules.app_page("en") == "index.html"


def _without_boards(html: str) -> str:
    """The page without its boards (worded by the renderers and the embed, not by this page)."""
    return re.sub(r"<figure .*?</figure>", "", html, flags=re.S)


@pytest.mark.parametrize("game", GAMES)
def test_the_german_page_says_nothing_of_the_template_in_english(built, game):
    """Every text of the page around the source (its description, header, update notice,
    contents, footer) comes from the catalog: none of the template's English messages shows on
    the German page, and each of its texts (the translated source's too) differs from the English
    page's at the same place."""
    english = _without_boards(read(built, f"{game}.html"))
    german = _without_boards(read(built, f"{game}.de.html"))
    german_texts = [text for _s, _e, text, _a in catalog.pieces(german)]
    template = [
        m.id
        for m in catalog.extract()
        if m.id and any(path == "tools/build_rules.py" for path, _line in m.locations)
    ]
    assert {"Pages", "Contents", "Play {game}", "Rules of {game}"} <= set(template)
    for message in template:
        for fragment in re.split(r"\{\w+\}", message):
            if fragment.strip(" .,—"):
                assert all(fragment.strip() not in text for text in german_texts), fragment
    en_texts = [t for _s, _e, t, _a in catalog.pieces(english)]
    assert len(german_texts) == len(en_texts) >= 40
    assert [e for e, d in zip(en_texts, german_texts) if e == d] == []


def test_a_page_is_built_in_its_language_and_leaves_the_language_in_use_as_it_was():
    words.use("en")
    config = read(build_rules.ROOT, "embed.toml")
    german = build_rules.page("go", "de", "docs/rules/de/go.md", config)
    assert words.language() == "en"
    assert "Regeln von Lotus (1998)" in german and "Lotus (Freeling) spielen" in german
    assert "<h1>Lotus (Freeling): So spielst du das Go mit Wendesteinen</h1>" in german


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_rule_has_a_heading_and_a_board_nearby(built, lang):
    for game, rules in (("race", 11), ("go", 10)):
        html = read(built, build_rules.page_name(game, lang))
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
    html = read(built, "race.html")
    assert (
        '<h2>Moving: a stone goes as far as its stack is high <small class="rule-ref">R4</small>'
        in html
    )
    assert 'href="#moving-a-stone-goes-as-far-as-its-stack-is-high"' in html
    german = read(built, "race.de.html")
    assert (
        '<h2>Ziehen: Ein Stein zieht so weit, wie sein Stapel hoch ist <small class="rule-ref">R4'
        in german
    )
    # Anchors spell German letters in ASCII: a link to a section reads the same everywhere.
    assert (
        build_rules.slug("Welcher Weg: vorwärts über Bahn A, Fuß")
        == "welcher-weg-vorwaerts-ueber-bahn-a-fuss"
    )
    assert (
        '<section class="rule" id="welcher-weg-vorwaerts-ueber-bahn-a-oder-b-dann-die-strecke'
        in german
    )
    for name in NAMES:
        for heading in re.findall(r"<h2>(.*?)</h2>", read(built, name)):
            words = re.sub(r' <small class="rule-ref">[^<]*</small>$', "", heading)
            assert not re.search(r"\b[RG][0-9]+\b", words), heading  # no bare rule numbers
            assert len(words.split()) >= 1


def test_the_configs_for_the_rules_folder_point_one_folder_up(built):
    for name, copy in build_rules.CONFIGS:
        root = tomllib.loads(read(build_rules.ROOT, name))
        sub = tomllib.loads(read(built, copy))
        assert sub["interpreter"] == "../" + root["interpreter"][2:]
        assert {k: v for k, v in sub["files"].items()} == {
            "../" + k[2:]: v for k, v in root["files"].items()
        }


def test_check_reports_a_stale_page(built):
    assert build_rules.main(["--out", built, "--check"]) == 0
    with open(os.path.join(built, "race.html"), "a", encoding="utf-8") as f:
        f.write("<!-- edited by hand -->")
    assert build_rules.main(["--out", built, "--check"]) == 1


@pytest.mark.parametrize("game, lang", PAGES)
def test_a_rules_page_preloads_exactly_what_its_pyscript_fetches(built, game, lang):
    html = read(built, build_rules.page_name(game, lang))
    preloads = set(re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', html))
    data = tomllib.loads(read(built, "boards.toml"))
    interpreter = data["interpreter"]
    wanted = {"boards.toml", build_rules.SCRIPT, interpreter, interpreter[:-4] + ".wasm"}
    wanted |= {"../" + module for module in predraw.pyscript_modules()}
    assert preloads == wanted | set(data["files"])
