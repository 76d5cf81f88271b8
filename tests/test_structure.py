"""The package's shape: floors that are folders, imports that only go down, no import circle in
lotus/, and the games' names branched on only in the registry and each game's own modules."""

import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOTUS = os.path.join(ROOT, "lotus")

# Modules that belong to one game (or are the registry): they may test a game's name.
PER_GAME = {
    "lotus.game.games",
    "lotus.engine.race",
    "lotus.engine.go",
    "lotus.render.race",
    "lotus.render.go",
    "lotus.game.race_session",
    "lotus.game.go_session",
    "lotus.game.race_records",
    "lotus.game.go_records",
    "lotus.engine.ai.race_plugin",
    "lotus.engine.ai.go_plugin",
}
MAX_BRANCHES = 3  # the game-name tests allowed anywhere else, each with a comment saying why

BRANCH = re.compile(r'[=!]= "(race|go)"|"(race|go)" if|"(race|go)" (not )?in \(')


def modules() -> dict:
    """{module name: file path} of every module in lotus/."""
    out = {}
    for folder, _dirs, files in os.walk(LOTUS):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                out[rel.removesuffix(".__init__")] = path
    return out


def import_graph() -> dict:
    """{module: set of lotus modules it imports}, at the top and inside functions alike."""
    known = modules()
    graph = {}
    for name, path in known.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for target in targets:
                if target in known and target != name:
                    found.add(target)
        graph[name] = found
    return graph


def cycles(graph: dict) -> list:
    """Every import circle, each as the list of modules around it (depth-first search)."""
    found = []
    state = {}  # 1: on the current path, 2: done

    def visit(node, path):
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                found.append(path[path.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, path)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    return found


# The floors of lotus/, lowest first, each a folder: a module imports its own floor and those
# below, never one above. The entries (the app page's DOM adapter, the workers' calls) stand on
# top of them all.
FLOORS = ("lotus.engine", "lotus.words", "lotus.render", "lotus.game", "lotus.page", "lotus.dom")
ENTRIES = ("lotus.ui_bindings", "lotus.worker_api")


def floor_of(name: str) -> int:
    """The floor of a module (its index in FLOORS; the entries above them all); -1 for none."""
    if name in ENTRIES:
        return len(FLOORS)
    for i, floor in enumerate(FLOORS):
        if name == floor or name.startswith(floor + "."):
            return i
    return -1


def test_every_module_stands_on_a_floor():
    loose = [n for n in modules() if n != "lotus" and floor_of(n) < 0]
    assert loose == []


def test_no_module_imports_a_floor_above_its_own():
    climbs = []
    for name, deps in import_graph().items():
        for dep in deps:
            if dep != "lotus" and floor_of(dep) > floor_of(name):
                climbs.append(f"{name} -> {dep}")
    assert climbs == []


def test_the_floor_test_sees_a_climb():
    assert floor_of("lotus.game.session") > floor_of("lotus.engine.ai.mcts")
    assert floor_of("lotus.dom.live") > floor_of("lotus.page.live") > floor_of("lotus.game.games")
    assert floor_of("lotus.ui_bindings") > floor_of("lotus.dom.host")
    assert floor_of("lotus.words") > floor_of("lotus.engine.race")  # engines word nothing


def test_each_floor_says_what_lives_there_and_what_it_may_import():
    for floor in FLOORS:
        path = os.path.join(ROOT, *floor.split("."), "__init__.py")
        with open(path, encoding="utf-8") as f:
            doc = ast.get_docstring(ast.parse(f.read())) or ""
        assert len(doc.splitlines()) >= 2 and "import" in doc, floor


def test_the_graph_sees_top_level_and_lazy_imports():
    graph = import_graph()
    assert "lotus.game.session" in graph["lotus.game.race_session"]  # at the top
    assert "lotus.game.race_session" in graph["lotus.game.games"]  # inside a method
    assert "lotus.engine.ai.plugin" in graph["lotus.engine.ai"]  # a package's __init__


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_in_lotus():
    assert cycles(import_graph()) == []


def test_the_registry_imports_no_game_module_at_load_time():
    """At load time the registry imports only its text helpers and the words (the text helpers
    import only the words, which import nothing of lotus)."""
    with open(os.path.join(LOTUS, "game", "games.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert [n.module for n in top] == ["lotus.game.text", "lotus.words"]
    assert import_graph()["lotus.game.text"] == {"lotus.words"}
    assert import_graph()["lotus.words"] == set()


def branches() -> list:
    """(module, line number, line) of each test of a game's name outside the per-game modules."""
    out = []
    for name, path in sorted(modules().items()):
        if name in PER_GAME:
            continue
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if BRANCH.search(line.split("#")[0]):
                    out.append((name, number, line.strip()))
    return out


def test_the_branch_pattern_catches_the_usual_forms():
    for line in ('if game == "race":', 'x = a if kind != "go" else b', 'k = "go" if r else "race"'):
        assert BRANCH.search(line), line
    assert not BRANCH.search('entry = games.get("race")')


def test_few_branches_on_a_game_name_outside_the_games_own_modules():
    found = branches()
    assert len(found) <= MAX_BRANCHES, found


def test_play_resumes_after_two_passes_in_one_place():
    """G9 is replayed by the registry only: no other module outside the engines resumes a game
    while replaying moves."""
    resumers = []
    for name, path in modules().items():
        if name.startswith("lotus.engine") or name in ("lotus.game.games", "lotus.game.go_session"):
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if re.search(r'game\.resume\(\)|"#resume"', text):
            resumers.append(name)
    assert resumers == []


# -- the top floor: thin DOM adapters over a DOM-free controller ----------------------------------

# the modules with a DOM
ADAPTERS = (
    "lotus.dom.host",
    "lotus.ui_bindings",
    "lotus.dom.boards",
    "lotus.dom.panel",
    "lotus.dom.library",
    "lotus.dom.embed",
    "lotus.dom.analysis",
    "lotus.dom.live",
    "lotus.dom.code",
)
ENGINES = ("lotus.engine", "lotus.engine.race", "lotus.engine.go", "lotus.engine.kensington")


def test_only_the_adapters_touch_the_browser():
    """Everything else (controller, sessions, engines, renderers) runs and is tested under
    CPython: it never imports pyscript."""
    browser = [name for name, deps in import_graph_all().items() if "pyscript" in deps]
    assert sorted(browser) == sorted(ADAPTERS)


def import_graph_all() -> dict:
    """{module: top-level names of every package it imports}."""
    out = {}
    for name, path in modules().items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module.split(".")[0])
        out[name] = found
    return out


def test_the_app_adapter_is_thin():
    """Read the event, call the controller, write the view: at most 450 lines, and no function
    of an adapter longer than 40 lines (decisions belong in lotus.page.controller)."""
    with open(modules()["lotus.ui_bindings"], encoding="utf-8") as f:
        assert len(f.read().splitlines()) <= 450
    for name in ADAPTERS:
        with open(modules()[name], encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                assert length <= 40, f"{name}.{node.name} has {length} lines"


def engine_private_names() -> set:
    """The engines' private names: `self._x` attributes and module-level `_x` definitions."""
    names = set()
    for name in ENGINES:
        with open(modules()[name], encoding="utf-8") as f:
            text = f.read()
        names |= set(re.findall(r"self\.(_[a-z]\w*)", text))
        names |= set(re.findall(r"^(?:def |class )?(_[A-Za-z]\w*)", text, re.M))
    return names


def test_no_private_engine_name_is_used_outside_its_engine():
    """Search plug-ins and everything else use the engines' documented fast path."""
    private = engine_private_names()
    assert "_has_lotus" not in private and "_component" in private  # the scan sees the engines
    used = []
    for folder in ("lotus", "tests", "bench", "tools"):
        for root, _dirs, files in os.walk(os.path.join(ROOT, folder)):
            for file in files:
                path = os.path.join(root, file)
                rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                if not file.endswith(".py") or rel.removesuffix(".__init__") in ENGINES:
                    continue
                with open(path, encoding="utf-8") as f:
                    for match in re.finditer(r"\b(\w+)\.(_[A-Za-z]\w*)\b", f.read()):
                        if match.group(1) != "self" and match.group(2) in private:
                            used.append(f"{rel}: {match.group(0)}")
    assert used == []


def test_the_boot_scripts_and_tools_read_the_games_from_the_registry():
    """No game's name written out in the boot scripts or the page tools: the pages carry the
    registry's list (tools/predraw.py writes it in), the rules pages follow it."""
    from tools import predraw

    for path in (
        "static/js/boot.js",
        "static/js/embed-boot.js",
        "tools/build_rules.py",
        "tools/rules_source.py",
        "tools/predraw.py",
        "tools/book.py",
    ):
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            assert not re.search(r"""["'](race|go)["']""", f.read()), path
    for page in ("index.html", "embed.html"):
        with open(os.path.join(ROOT, page), encoding="utf-8") as f:
            assert predraw.games_script() in f.read(), page


def test_the_page_logic_asks_a_session_through_its_protocol():
    """The page's logic never probes a session for what its game has (getattr, hasattr): the
    session protocol (lotus/game/session.py) has every action and view, and a game overrides
    what its rules have."""
    probes = []
    for name, path in modules().items():
        if not name.startswith("lotus.page"):
            continue
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if re.search(r"\b(getattr|hasattr)\((self\.)?(app\.)?session\b", line):
                    probes.append(f"{name}:{number}: {line.strip()}")
    assert probes == []


# -- one game protocol: a game is seen through the engine protocol and its registry entry ---------

# A game's own modules: its engine, search plug-in, renderer, session and record hooks.
GAME_OWN = (PER_GAME - {"lotus.game.games"}) | {"lotus.engine.kensington"}
# No module outside them imports one (a puzzle's wrong try is worded by the game's session).
OWN_IMPORTS_LEFT = {}
# The receivers a probe (getattr, hasattr) must not ask: a game, a session, a position of either.
PROBED = re.compile(r"^(?:.+\.)?(game|session|after|before|work|start|\w+_game|\w+_session)$")


def imported_names(tree) -> dict:
    """{local name: the dotted name it stands for} of a module's imports (top level and lazy)."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                top = a.name.split(".")[0]
                names[a.asname or top] = a.name if a.asname else top
        elif isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                names[a.asname or a.name] = node.module + "." + a.name
    return names


def dotted(node, names: dict) -> str:
    """The dotted name an expression stands for ('lotus.engine.race.Game'), or ''."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.insert(0, node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return ""
    return ".".join([names.get(node.id, node.id)] + parts)


def probes(source: str) -> list:
    """(line, code) of each isinstance on a class of a game's own modules, and each getattr or
    hasattr on a game or a session (a session's `self` too), in a module's source."""
    tree = ast.parse(source)
    names = imported_names(tree)
    sessions = set()  # the lines of the classes that are sessions
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            bases = [dotted(b, names) for b in node.bases]
            if node.name.endswith("Session") or any(b.endswith("Session") for b in bases):
                sessions.update(range(node.lineno, node.end_lineno + 1))
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
            continue
        if node.func.id == "isinstance" and len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            for kind in kinds:
                name = dotted(kind, names)
                if any(name.startswith(m + ".") for m in GAME_OWN):
                    found.append((node.lineno, ast.unparse(node)))
                    break
        elif node.func.id in ("getattr", "hasattr"):
            receiver = ast.unparse(node.args[0])
            if PROBED.match(receiver) or (receiver == "self" and node.lineno in sessions):
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_probe_scan_sees_the_usual_forms():
    code = (
        "from lotus.engine import go, race\n"
        "from lotus.engine.go import Game as GoGame\n"
        "from lotus.engine import Game\n"
        "from lotus.game.session import Session\n"
        "isinstance(game, (race.Game, go.Game))\n"
        "isinstance(g, GoGame)\n"
        "hasattr(after, 'lotuses')\n"
        "hasattr(game, 'masks')\n"
        "getattr(self.app.session, 'numbers', False)\n"
        "class RaceSession(Session):\n"
        "    def f(self):\n"
        "        return getattr(self, '_counted', None)\n"
        "isinstance(game, Game)\n"  # the protocol: allowed
        "getattr(self.storage, 'usable', None)\n"  # not a game: allowed
        "isinstance(value, str)\n"
    )
    assert [line for line, _code in probes(code)] == [5, 6, 7, 8, 9, 12]


def test_no_module_but_a_games_own_probes_a_games_or_sessions_class():
    """The search, the analysis, positions, records, the workers' calls and the page's logic see a
    game through the engine protocol (lotus.engine.Game) and its registry entry only."""
    found = []
    for name, path in sorted(modules().items()):
        if name in PER_GAME:
            continue
        with open(path, encoding="utf-8") as f:
            found += [f"{name}:{line}: {code}" for line, code in probes(f.read())]
    assert found == []


def test_no_module_but_a_games_own_imports_a_games_modules():
    found = {}
    for name, deps in import_graph().items():
        if name not in PER_GAME:
            own = {d for d in deps if d in GAME_OWN}
            if own:
                found[name] = own
    assert found == OWN_IMPORTS_LEFT


def test_the_protocol_and_the_plug_ins_are_where_the_search_finds_them():
    from lotus.engine import Game, go, race
    from lotus.engine.ai import plugin

    for engine in (race, go):
        assert issubclass(engine.Game, Game)
        assert plugin.of(engine.Game()).levels  # named by the game, found by the search
    graph = import_graph()
    generic = ("lotus.engine.ai", "lotus.engine.ai.analysis", "lotus.engine.ai.plugin")
    for name in generic + ("lotus.game.positions", "lotus.game.records", "lotus.worker_api"):
        assert not graph[name] & GAME_OWN, name


# -- the proof: a third game that lives in tests/ only ------------------------------------------

THIRD = os.path.join(ROOT, "tests", "support", "flip")


def test_the_third_game_is_one_entry_and_its_own_modules_in_tests():
    """tests/test_third_game.py registers Flip (tests/support/flip/) with one registry entry, and
    nothing outside tests/ names it: adding it changed no other file."""
    with open(os.path.join(ROOT, "tests", "test_third_game.py"), encoding="utf-8") as f:
        test = f.read()
    assert "games.register(ENTRY)" in test and "games.unregister(" in test
    for part in ("entry", "engine", "plugin", "render", "session", "records"):
        assert os.path.exists(os.path.join(THIRD, part + ".py")), part
    named = re.compile(r"tests[./]support[./]flip|[\"']flip[\"']|\bFlip\b")
    found = []
    for folder in ("lotus", "tools", "bench", "static/js", "static/py", "docs"):
        for root, _dirs, files in os.walk(os.path.join(ROOT, folder)):
            for file in files:
                if file.endswith((".py", ".js", ".md", ".toml")):
                    with open(os.path.join(root, file), encoding="utf-8") as f:
                        if named.search(f.read()):
                            found.append(os.path.relpath(os.path.join(root, file), ROOT))
    for file in os.listdir(ROOT):
        if file.endswith((".html", ".toml")) or file == "Makefile":
            with open(os.path.join(ROOT, file), encoding="utf-8") as f:
                if named.search(f.read()):
                    found.append(file)
    assert found == []


def test_the_pages_picker_and_rules_links_come_from_the_registry():
    """index.html's tabs and rules links stand in regions tools/predraw.py writes from the
    registry (tests/test_predrawn.py keeps them current): one of each per game."""
    from lotus.game import games
    from tools import predraw

    with open(os.path.join(ROOT, "index.html"), encoding="utf-8") as f:
        html = f.read()
    for what in ("picker", "rules"):
        block = predraw.games_block([what])
        assert predraw.GAMES_START + what + " -->" + block + predraw.GAMES_END in html
    assert html.count("data-pick=") == len(games.GAMES)
    assert html.count('class="rules-link"') == len(games.GAMES)


def test_no_module_reads_the_registrys_lists_at_import():
    """`from lotus.game.games import GAMES` would keep the list of the day it ran: a game
    registered later (games.register) would be missing there."""
    found = []
    for name, path in modules().items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "lotus.game.games":
                lists = {a.name for a in node.names} & {"GAMES", "ENTRIES", "TITLES"}
                if lists:
                    found.append(f"{name}: {sorted(lists)}")
    assert found == []


# The page's layers (its DOM-free logic, the adapters and the entry) are kept in modules a
# maintainer can read whole; every class in lotus/ (engines, renderers, sessions, the page) is
# kept to one concern's size, a larger one handing a concern to a part or a helper of its own.
PAGE_LAYERS = ("lotus.page", "lotus.dom", "lotus.ui_bindings")
MAX_MODULE_LINES = 500
MAX_CLASS_LINES = 400


def sizes(source: str) -> tuple:
    """(lines of the module, [(class name, lines)]) of a module's source."""
    tree = ast.parse(source)
    classes = [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    ]
    return len(source.splitlines()), classes


def test_the_size_check_sees_a_long_module_and_a_long_class():
    body = "".join(f"    def m{i}(self):\n        return {i}\n" for i in range(250))
    lines, classes = sizes("class Big:\n" + body + "\n\nx = 1\n")
    assert lines == 504 and classes == [("Big", 501)]


def test_the_page_is_made_of_small_modules():
    """No module of the page's logic, adapters or entry over 500 lines."""
    too_big = []
    for name, path in sorted(modules().items()):
        if not name.startswith(PAGE_LAYERS):
            continue
        with open(path, encoding="utf-8") as f:
            lines, _classes = sizes(f.read())
        if lines > MAX_MODULE_LINES:
            too_big.append(f"{name}: {lines} lines")
    assert too_big == []


def test_no_class_in_lotus_is_over_400_lines():
    """Every class of every floor, the engines' games and the sessions included: at most 400."""
    seen = set()
    too_big = []
    for name, path in sorted(modules().items()):
        with open(path, encoding="utf-8") as f:
            _lines, classes = sizes(f.read())
        seen.update(f"{name}.{c}" for c, _n in classes)
        too_big += [f"{name}.{c}: {n} lines" for c, n in classes if n > MAX_CLASS_LINES]
    # the scan reaches the engines, the sessions, the page's logic and the adapters alike
    for cls in (
        "lotus.engine.go.Game",
        "lotus.game.go_session.GoSession",
        "lotus.page.controller.PageController",
        "lotus.dom.host.Host",
    ):
        assert cls in seen, cls
    assert too_big == []
