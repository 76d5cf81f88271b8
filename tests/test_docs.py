"""The repository documents its own contracts: the specs in docs/spec/, the page's hooks in
docs/page-contract.md, and no file points outside the repository for them."""

import json
import os
import re
import subprocess

import pytest

from lotus.engine import go, race
from tests.support.files import ROOT, read

DOCS = os.path.join(ROOT, "docs")
SPEC = os.path.join(DOCS, "spec")
CONTRACT = os.path.join(DOCS, "page-contract.md")
E2E = os.path.join(ROOT, "e2e")
# The folder outside the repository that the specs were first copied from: nothing may cite it.
OUTSIDE = "shared" + "/"  # written in two parts so that this file does not cite it either


def tracked_files() -> list:
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return [name for name in out.split("\0") if name]


# -- (a) no citation of the folder outside the repository -------------------------------------


def test_no_tracked_file_cites_the_folder_outside_the_repository():
    files = tracked_files()
    assert "README.md" in files
    citing = []
    for name in files:
        path = os.path.join(ROOT, name)
        if not os.path.isfile(path):
            continue  # deleted in the work tree, or a submodule
        with open(path, "rb") as f:
            data = f.read()
        for number, line in enumerate(data.split(b"\n"), 1):
            if OUTSIDE.encode() in line:
                citing.append(f"{name}:{number}: {line.decode('utf-8', 'replace').strip()}")
    assert not citing, "cite docs/spec/ or docs/page-contract.md instead:\n" + "\n".join(citing)


# -- (b) every hook the e2e tests use is documented --------------------------------------------

HOOK = re.compile(r"data-([a-z][a-z0-9]*(?:-[a-z0-9]+)*)")
# A selector or attribute with a literal value: data-action="pass", [data-phase='scoring'],
# data-action=\"pass\" inside a JS string.
HOOK_VALUE = re.compile(r"""data-([a-z][a-z0-9-]*)=\\?["']([A-Za-z0-9_-]+)\\?["']""")
# Hooks whose values are a fixed set, each of which the contract must name. Other hooks carry
# instances (a field, a point, a move, a count) that the contract describes by their range.
ENUMERATED = ("action", "phase", "game", "pick", "mode", "form", "theme", "dead-source", "feedback")


def e2e_sources() -> dict:
    """The e2e tests' files, and tools/pages.py, which drives the pages for them (by path)."""
    paths = [f"e2e/{name}" for name in sorted(os.listdir(E2E)) if name.endswith(".py")]
    return {path: read(path) for path in paths + ["tools/pages.py"]}


def documented(text: str, hook: str) -> bool:
    """The contract names `data-<hook>` itself, not only a longer hook it begins."""
    return re.search(r"data-" + re.escape(hook) + r"(?![a-z0-9-])", text) is not None


def test_the_extractors_find_what_the_e2e_tests_use():
    sample = """page.click('[data-action="pass"]'); body[data-worker-ready="1"]
    "document.querySelectorAll('[data-point] [data-colour=\\"b\\"]')" """
    assert set(HOOK.findall(sample)) == {"action", "worker-ready", "point", "colour"}
    assert set(HOOK_VALUE.findall(sample)) == {
        ("action", "pass"),
        ("worker-ready", "1"),
        ("colour", "b"),
    }
    assert documented("`[data-embed]` and", "embed")
    assert not documented("`[data-embed-root]`", "embed")


def test_every_hook_the_e2e_tests_use_is_in_the_page_contract():
    contract = read(CONTRACT)
    missing = []
    for name, text in e2e_sources().items():
        for hook in sorted(set(HOOK.findall(text))):
            if not documented(contract, hook):
                missing.append(f"data-{hook} ({name})")
    assert HOOK.findall("".join(e2e_sources().values())), "no hooks found: is the regex wrong?"
    assert not missing, "document these in docs/page-contract.md:\n" + "\n".join(missing)


def test_every_enumerated_hook_value_the_e2e_tests_use_is_in_the_page_contract():
    contract = read(CONTRACT)
    missing = []
    seen = 0
    for name, text in e2e_sources().items():
        for hook, value in sorted(set(HOOK_VALUE.findall(text))):
            if hook not in ENUMERATED:
                continue
            seen += 1
            if f"`{value}`" not in contract and f'"{value}"' not in contract:
                missing.append(f'data-{hook}="{value}" ({name})')
    assert seen > 10, "too few values found: is the regex wrong?"
    assert not missing, "document these values in docs/page-contract.md:\n" + "\n".join(missing)


def test_every_action_of_the_page_and_the_embeds_is_in_the_page_contract():
    """The buttons in index.html and the embedded boards' controls, not only those e2e clicks."""
    from lotus.page import diagrams, embed

    contract = read(CONTRACT)
    actions = set(re.findall(r'data-action="([a-z-]+)"', read(os.path.join(ROOT, "index.html"))))
    for mode in embed.MODES:
        actions.update(action for action, _label, _title in diagrams._controls(mode))
    assert {"new", "undo", "pass", "confirm", "reset", "next"} <= actions
    missing = sorted(a for a in actions if f"`{a}`" not in contract)
    assert not missing, f"actions missing from docs/page-contract.md: {missing}"


# -- (c) the specs number their rules -----------------------------------------------------------

RULE_LABEL = re.compile(r"^\s*(?:#{1,6}\s+|[-*]\s+)([RG]\d+)\s", re.MULTILINE)


@pytest.mark.parametrize(
    "name, expected",
    [("race.md", [f"R{i}" for i in range(1, 12)]), ("go.md", [f"G{i}" for i in range(1, 11)])],
)
def test_each_rule_number_is_a_heading_or_label_of_its_spec(name, expected):
    labels = RULE_LABEL.findall(read(os.path.join(SPEC, name)))
    assert labels == expected


def test_each_spec_says_where_it_differs_from_the_original_rules():
    for name in ("race.md", "go.md"):
        text = read(os.path.join(SPEC, name))
        assert "\n## Where this text and the original rules differ\n" in text, name


# -- the specs agree with the code and the data -------------------------------------------------


def api_block(name: str) -> str:
    text = read(os.path.join(SPEC, name))
    part = text.split("## Engine API", 1)[1]
    return part.split("```python", 1)[1].split("```", 1)[0]


@pytest.mark.parametrize("name, module", [("race.md", race), ("go.md", go)])
def test_the_spec_names_only_public_names_the_engine_has(name, module):
    code = api_block(name)
    prefix = module.__name__.rsplit(".", 1)[1]
    module_names = set(re.findall(r"\b" + prefix + r"\.([A-Za-z_][A-Za-z0-9_]*)", code))
    game_names = set(re.findall(r"\bg\.([A-Za-z_][A-Za-z0-9_]*)", code))
    game_names |= set(re.findall(r"\bGame\.([A-Za-z_][A-Za-z0-9_]*)", code))
    assert len(module_names) > 5 and len(game_names) > 15
    assert [n for n in sorted(module_names) if not hasattr(module, n)] == []
    assert [n for n in sorted(game_names) if not hasattr(module.Game, n)] == []
    assert all(not n.startswith("_") for n in module_names | game_names)


def test_the_numbered_board_picture_matches_the_board_data():
    """docs/spec/kensington.svg writes each number at its point of tests/data/kensington.json."""
    data = json.loads(read(os.path.join(ROOT, "tests", "data", "kensington.json")))
    points = data["points"]
    labels = re.findall(
        r'<text x="([-\d.]+)" y="([-\d.]+)"[^>]*>(\d+)</text>',
        read(os.path.join(SPEC, "kensington.svg")),
    )
    at = {int(n): (float(x), float(y)) for x, y, n in labels}
    assert sorted(at) == list(range(1, 73))
    # The picture is the data scaled and flipped (y grows downward in SVG): find the map from
    # points 1 and 4, then every other number must sit where the map puts its point.
    (x1, y1), x4 = points[0], points[3][0]
    scale = (at[1][0] - at[4][0]) / (x1 - x4)
    dx = at[1][0] - scale * x1
    dy = at[1][1] + scale * y1
    assert scale > 10
    for n in range(1, 73):
        x, y = points[n - 1]
        assert abs(at[n][0] - (dx + scale * x)) < 0.2, n
        assert abs(at[n][1] - (dy - scale * y)) < 0.2, n


def test_the_contract_and_the_specs_link_to_files_that_exist():
    for path in (CONTRACT, os.path.join(SPEC, "race.md"), os.path.join(SPEC, "go.md")):
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", read(path)):
            if "://" in target:
                continue
            assert os.path.exists(os.path.join(os.path.dirname(path), target)), (path, target)
