"""The page's controllers are coordinators of small parts, and the workers talk to them through
a few calls.

A maintainer finds each concern of the app's controller in a module of its own (the computer,
the saved games, records and links, the analysis, a variation, the scoring, the sound, the
words, the view), none of them a long read; `lotus.dom.host` asks the workers and hands back
what they say through a handful of the controller's methods.
"""

import ast
import os

from tests.support.files import ROOT

# The app's and an embedded board's controllers, and their parts.
PARTS = (
    "controller",
    "boards",
    "app",
    "computer",
    "saved_games",
    "links",
    "analysis",
    "variation",
    "scoring",
    "sound",
    "movelist",
    "welcome",
    "panel",
    "form",
    "view",
    "events",
    "worker_config",
)
MAX_MODULE_LINES = 500
MAX_CLASS_LINES = 400


def tree_of(name: str) -> ast.Module:
    with open(os.path.join(ROOT, "lotus", "page", name + ".py"), encoding="utf-8") as f:
        return ast.parse(f.read())


def test_each_part_is_a_short_module_with_short_classes():
    for name in PARTS:
        tree = tree_of(name)
        assert tree.body[-1].end_lineno <= MAX_MODULE_LINES, name
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                lines = node.end_lineno - node.lineno + 1
                assert lines <= MAX_CLASS_LINES, f"{name}.{node.name} has {lines} lines"


def test_every_part_the_app_controller_imports_is_counted():
    """A new part of the controller is held to the same sizes (it is listed in PARTS)."""
    imported = set()
    for node in tree_of("controller").body:
        if isinstance(node, ast.ImportFrom) and node.module == "lotus.page":
            imported |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module.startswith("lotus.page."):
            imported.add(node.module.rpartition(".")[2])
    assert imported and imported <= set(PARTS), imported - set(PARTS)


def test_the_host_hands_the_workers_news_to_a_controller_through_five_calls():
    """What `Host` calls on a controller (`owner`): the answers, the failures, a worker up, the
    full search unavailable, and whether to start it early. Everything else a ticket says."""
    with open(os.path.join(ROOT, "lotus", "dom", "host.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    called = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func.value
            if isinstance(target, ast.Name) and target.id == "owner":
                called.add(node.func.attr)
    assert called == {"answered", "failed", "worker_up", "worker_unavailable", "wants_search"}
