"""The page's decisions without a browser (`controller`): what a player sees and the page keeps.

These were e2e-only before: stale computer answers, restore and share-link flows, which buttons
are enabled, the move list, the Embed dialog's snippet. The adapter (lotus/ui_bindings.py) only
writes `view()` into the DOM; the hooks named here are docs/page-contract.md's.
"""

import json
import os
import re
import types

import pytest

from lotus.engine import go, race
from lotus.game import games, records, saves
from lotus.page import computer, movelist, worker_config
from lotus.page.boards import BoardController
from lotus.page.controller import MemoryStorage, PageController
from lotus.page.sound import move_sound
from tests.support.pages import started


def race_move(page: PageController, origin: str, dest: str) -> None:
    """Two clicks, as a player makes a race move: a start stack ('w4') or field, then a field."""
    kind = "start" if origin[0] in "wbry" else "field"
    page.click(kind, origin)
    page.click("field", dest)


# -- start: the address, the saves, share links --------------------------------------------------


def test_a_first_visit_shows_a_new_race_game_with_only_forward_actions_off():
    page = started()
    view = page.view()
    assert view["game"] == "race" and view["flags"]["phase"] == "play"
    assert view["flags"]["to-move"] == "w" and view["flags"]["over"] is None
    assert view["moves"] == [] and view["error"] == ""
    enabled = view["enabled"]
    assert not enabled["undo"] and not enabled["redo"] and not enabled["first"]
    assert enabled["resign"] and not enabled["confirm"]
    # Hint is there as soon as the page is: asked before a worker is up, it waits for the first.
    assert enabled["hint"]
    assert view["flags"]["computer-ready"] is None and view["flags"]["worker-ready"] is None
    page.worker_up(False)  # the quick worker is up
    flags = page.view()["flags"]
    assert flags["computer-ready"] == "1" and flags["worker-ready"] is None
    page.worker_up(True)  # then Pyodide
    flags = page.view()["flags"]
    assert flags["computer-ready"] == "1" and flags["worker-ready"] == "1"


def test_the_last_game_shown_comes_back_with_its_moves():
    storage = MemoryStorage()
    page = started("?game=go", storage=storage)
    page.click("point", "37")
    page.save()
    again = started("", storage=storage)
    assert again.app.current == "go"
    assert again.app.session.game.moves == ["37"]
    assert 'data-move="37"' in "".join(again.view()["moves"])


def test_options_in_the_address_start_that_game_and_fill_the_form():
    page = started("?game=race&players=3&first=r&seats=human,easy,hard")
    session = page.app.session
    assert session.options["players"] == 3 and session.game.to_move == "r"
    assert session.seats == {"w": "human", "b": "easy", "r": "hard"}
    game, values = page.view()["form"]
    assert game == "race" and values == {
        "players": "3",
        "pro": "0",
        "first": "r",
        "seat-w": "human",
        "seat-b": "easy",
        "seat-r": "hard",
    }


def test_only_a_game_with_a_computer_seat_wants_the_full_search_at_once():
    # Pyodide (10 MB to start) is started at once only for a game the computer plays in.
    assert not started().wants_search()
    assert not started("?game=go").wants_search()
    assert started("?game=race&players=3&seats=human,human,easy").wants_search()
    assert started("?game=go&seats=hard,human").wants_search()
    assert started("?game=go&seats=easy,easy").wants_search()  # a demonstration
    page = started("?game=go")
    page.click("point", "1")
    page.action("pass")
    page.action("pass")  # scoring: the quick worker suggests the dead groups
    assert page.app.session.phase() == "scoring"
    assert not page.wants_search()


def test_a_bad_option_in_the_address_says_so_and_uses_the_defaults():
    page = started("?game=go&marker=12")
    assert "marker" in page.error and "defaults" in page.error
    assert page.app.session.options["marker"] == 0


def test_a_damaged_save_is_kept_aside_and_a_new_game_started():
    storage = MemoryStorage({"lotus.save.race": "{not json", "lotus.current": "race"})
    page = started(storage=storage)
    assert "could not be restored" in page.error
    (entry,) = page.library.entries()  # kept in the list, marked broken, its text unchanged
    assert entry["broken"] and page.library.text(entry["id"]) == "{not json"
    assert page.app.session.game.moves == []


def test_a_share_link_opens_its_game_and_asks_to_clear_the_address():
    game = go.Game()
    for move in ("1", "10", "2"):
        game.play(move)
    fragment = "#" + records.to_link_fragment(records.record_of(game))
    page = PageController(MemoryStorage())
    assert page.start("", fragment) is True
    assert page.app.current == "go" and page.app.session.game.moves == ["1", "10", "2"]
    assert page.error == ""


def test_a_broken_share_link_explains_and_keeps_the_saved_game():
    storage = MemoryStorage()
    page = started("?game=go", storage=storage)
    page.click("point", "5")
    page.save()
    page = PageController(storage)
    assert page.start("", "#g=garbage") is True  # the address is cleared all the same
    assert "This link could not be opened" in page.error
    assert "unchanged" in page.error
    page.pick("go")
    assert page.app.session.game.moves == ["5"]


def test_a_pasted_link_replaces_the_game_on_screen_only_when_it_is_a_link():
    page = started()
    assert page.on_hash("#section") is False
    game = race.Game()
    game.play(game.legal_moves()[0])
    assert page.on_hash("#" + records.to_link_fragment(records.record_of(game))) is True
    assert page.app.session.game.moves == game.moves


# -- playing and reviewing -----------------------------------------------------------------------


def test_moves_fill_the_move_list_and_review_enables_the_way_back():
    page = started("?game=go")
    for point in ("1", "10", "2"):
        page.click("point", point)
    view = page.view()
    moves = "".join(view["moves"])
    assert len(view["moves"]) == 2 and moves.count("data-ply=") == 3 and moves.count("<li") == 2
    assert 'class="mv last" data-move="2" data-ply="3"' in moves
    assert view["enabled"]["undo"] and view["enabled"]["prev"] and not view["enabled"]["next"]
    assert page.key("ArrowLeft") is True
    view = page.view()
    assert view["flags"]["review"] == "2"
    assert view["enabled"]["next"] and view["enabled"]["play-here"]
    assert 'class="mv last" data-move="10" data-ply="2"' in "".join(view["moves"])
    assert page.question("play-here").startswith("Continue the game from move 2?")
    page.action("play-here")
    assert page.app.session.game.moves == ["1", "10"] and page.view()["enabled"]["redo"]
    assert page.key("x") is False


def test_the_move_list_escapes_what_it_shows():
    session = types.SimpleNamespace(
        actions=['<b>"'],
        movers=["w"],
        notes=['White plays <b>"'],
        version=1,
        short_words=lambda k, subject=True: 'White <b>"',
    )
    items = "".join(movelist.MoveList().make(session, 0, True))
    assert "<b>" not in items and "&lt;b&gt;&quot;" in items


def test_a_finished_race_sets_the_over_and_winner_flags():
    page = started()
    game = page.app.session.game
    while not game.is_over:
        page.app.session.act(game.legal_moves()[0])
    flags = page.view()["flags"]
    assert flags["over"] == "1" and flags["winner"] == game.winner
    assert flags["to-move"] is None
    assert "wins" in page.view()["banner"]
    assert not page.view()["enabled"]["resign"]


def test_a_drawn_go_game_keeps_an_empty_winner_flag():
    page = started("?game=go")
    page.action("pass")
    page.action("pass")
    assert page.view()["flags"]["phase"] == "scoring"
    page.action("confirm")
    flags = page.view()["flags"]
    assert flags["over"] == "1" and flags["winner"] == ""  # a draw: data-winner=""


def test_the_new_game_form_takes_only_the_seats_of_the_players_chosen():
    page = started()
    values = {"players": "2", "pro": "0", "first": "b", "seat-w": "hard", "seat-b": "human"}
    values.update({"seat-r": "easy", "seat-y": "easy"})  # hidden seats of a 4-player game
    page.new_game(values)
    session = page.app.session
    assert session.seats == {"w": "hard", "b": "human"} and session.game.to_move == "b"
    assert page.error == ""


def test_a_bad_form_value_is_refused_and_the_game_kept():
    page = started("?game=go")
    page.click("point", "3")
    said = page.new_game({"first": "w", "marker": "12", "seat-w": "human", "seat-b": "human"})
    assert said.startswith("Marker must be from -7 to 7, not 12.")  # said in the dialog
    assert page.app.session.game.moves == ["3"] and page.error == ""


def test_point_numbers_are_a_view_preference_of_the_game_that_has_them():
    page = started("?game=go")
    page.set_numbers(True)
    assert page.app.session.numbers is True
    page.pick("race")
    board = page.view()["board"]
    page.set_numbers(True)  # the race's board has no point numbers: nothing happens
    assert page.app.session.numbers is False and page.view()["board"] == board
    assert page.pick("chess") is False and page.app.current == "race"


# -- the computer --------------------------------------------------------------------------------


def test_the_computer_is_asked_once_per_position_and_its_move_played():
    page = started("?game=race&seats=easy,human")
    tickets = page.tickets()
    assert [t.kind for t in tickets] == ["move"]
    assert page.tickets() == tickets  # the same question, awaited: the page asks it once
    request = json.loads(tickets[0].request())
    assert request == {
        "game": "race",
        "options": {"players": 2, "pro": False, "first": "w"},
        "moves": [],
        "level": "easy",
        "seed": 0,
    }
    assert page.view()["flags"]["thinking"] == "1"
    assert "getting ready" in page.view()["status"]  # the worker has not answered yet
    move = page.app.session.game.legal_moves()[0]
    page.answered(tickets[0], {"move": move, "ms": 3}, 12.5)
    assert page.app.session.game.moves == [move]
    assert page.view()["flags"]["thinking"] is None
    assert json.loads(page.timings_json()) == [
        {"game": "race", "level": "easy", "ms": 12.5, "search_ms": 3, "by": ""}
    ]
    assert page.tickets() == []  # now the person moves


def test_before_pyodide_the_quick_worker_is_asked_with_the_levels_time_cap():
    """A move asked of the quick (MicroPython) worker carries its level's time cap, hard too: a
    smaller search, never a long wait; the Pyodide worker gets the level's full search, and at
    hard a cap of 2 s (a race of four takes about that: its slowest move)."""
    page = started("?game=race&seats=hard,human")
    (ticket,) = page.tickets()
    full = json.loads(ticket.request())
    quick = json.loads(ticket.quick_request())
    assert full["budget_ms"] == computer.BUDGET_MS["hard"] == 2000 and full["level"] == "hard"
    assert quick == dict(full, budget_ms=computer.QUICK_BUDGET_MS["hard"])
    assert 0 < computer.QUICK_BUDGET_MS["hard"] <= 1500
    easy = json.loads(started("?game=race&seats=easy,human").tickets()[0].request())
    assert "budget_ms" not in easy  # easy and medium play by their work alone
    assert all(computer.QUICK_BUDGET_MS[level] for level in ("easy", "medium"))
    assert ticket.quick
    page.answered(ticket, {"move": "Sw4-A4", "ms": 1400, "by": "micropython"}, 1450)
    assert page.app.session.game.moves == ["Sw4-A4"]
    assert page.view()["flags"]["computer-ready"] == "1"
    assert page.view()["flags"]["worker-ready"] is None  # a quick answer is not Pyodide's
    assert json.loads(page.timings_json())[0]["by"] == "micropython"


def test_an_expert_move_is_capped_on_both_workers_and_shows_its_ring_while_asked():
    """`expert` searches seconds: both workers get a time cap (the quick one never a longer one
    than Pyodide's), and while it thinks the page names the level for the progress ring."""
    page = started("?game=go&seats=human,expert")
    assert page.view()["flags"]["thinking-level"] is None  # the person moves first
    page.click("point", "1")
    (ticket,) = page.tickets()
    assert ticket.level == "expert"
    cap = computer.BUDGET_MS["expert"]
    assert 2000 <= cap <= 5000  # a few seconds
    assert json.loads(ticket.request())["budget_ms"] == cap
    assert 0 < json.loads(ticket.quick_request())["budget_ms"] <= cap
    flags = page.view()["flags"]
    assert flags["thinking"] == "1" and flags["thinking-level"] == "expert"
    page.answered(ticket, {"move": "2", "ms": 3000, "by": "cpython"}, 3050)
    assert page.app.session.game.moves == ["1", "2"]
    assert page.view()["flags"]["thinking-level"] is None


def site_file(path: str = "index.html") -> str:
    with open(os.path.join(os.path.dirname(os.path.dirname(__file__)), path)) as f:
        return f.read()


def test_every_seat_choice_in_the_page_offers_every_level_expert_included():
    """The new-game forms' seats (both games) and the Embed dialog's opponent list the seat kinds
    the options accept, in order."""
    html = site_file()
    selects = re.findall(r'<select name="(seat-[wbry]|opponent)">(.*?)</select>', html, re.S)
    assert len(selects) == 4 + 2 + 1  # race's four seats, Go's two, the embed's opponent
    for _name, body in selects:
        assert tuple(re.findall(r'<option value="([a-z]+)"', body)) == games.SEAT_KINDS


def test_the_expert_ring_fills_over_the_levels_time_cap():
    """The ring's animation (the pages' stylesheet) lasts as long as the cap the worker is given."""
    html = site_file("static/css/thinking.css")
    rule = html[html.index('[data-thinking-level="expert"] :is(.status, .diagram-status)::after') :]
    rule = rule[: rule.index("}")]
    assert f"animation: lotus-think {computer.BUDGET_MS['expert'] / 1000:g}s" in rule


def test_dead_groups_are_asked_of_the_quick_worker_without_starting_pyodide():
    page = started("?game=go")
    page.click("point", "1")
    page.action("pass")
    page.action("pass")
    # No worker is up in a game between people: the question is asked all the same (it starts
    # the quick worker, not Pyodide), and the engine's quick guess stands until it is answered.
    (ticket,) = page.tickets()
    assert ticket.kind == "dead" and ticket.quick and not ticket.wakes_search
    page.worker_up(False)
    assert page.tickets() == [ticket]  # asked once for this position


def test_a_move_or_a_hint_starts_pyodide_when_asked_of_the_quick_worker():
    page = started("?game=go")
    page.worker_up(False)
    page.action("hint")
    (hint,) = page.tickets()
    assert hint.quick and hint.wakes_search
    page = started("?game=go&seats=human,easy")
    page.worker_up(False)
    page.click("point", "1")
    (move,) = page.tickets()
    assert move.kind == "move" and move.quick and move.wakes_search


def test_without_pyodide_the_page_says_whether_the_quick_worker_plays_on():
    page = started("?game=race&seats=human,easy")
    said = page.worker_unavailable("its configuration (worker.toml) did not load", fallback=True)
    assert "full search is unavailable" in said and "quicker moves" in said
    assert said in page.view()["error"]
    other = started("?game=race&seats=human,easy")
    assert other.worker_unavailable("gone").startswith("The computer is unavailable: gone")


@pytest.mark.parametrize(
    ("text", "readable"),
    [
        ('interpreter = "./static/vendor/pyodide/start.mjs"\n[files]\n', True),
        ('# a comment\ninterpreter = "../static/vendor/x.mjs"  # beside', True),
        ("interpreter = 5", False),
        ('interpreter = "https://cdn.example/pyodide.mjs"', False),
        ('name = "x"', False),
        ("[not toml", False),
        ('[files]\ninterpreter = "./x.mjs"', False),
        ("", False),
        # the runtime is named, but a line further down is not TOML PyScript can read
        ('interpreter = "./x.mjs"\n[files]\n"./a.py" = \n', False),
        ('interpreter = "./x.mjs"\n[files\n"./a.py" = "./a.py"', False),
        ('interpreter = "./x.mjs"\n[files]\n./a.py = "./a.py"', False),
        ('interpreter = "./x.mjs"\nname = Lotus', False),
        ('interpreter = "./x.mjs"\n[files]\n"./a.py" = "./a.py"  # kept', True),
    ],
)
def test_a_worker_config_without_a_runtime_of_this_site_is_refused_before_pyscript(text, readable):
    """PyScript would fetch a runtime from a CDN (refused by the page's policy) and never settle."""
    assert worker_config.config_readable(text) is readable


@pytest.mark.parametrize("name", ["worker.toml", "worker-mpy.toml"])
def test_the_shipped_worker_configs_name_their_runtime(name):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, name), encoding="utf-8") as f:
        assert worker_config.config_readable(f.read())
    with open(os.path.join(root, "rules", name), encoding="utf-8") as f:
        assert worker_config.config_readable(f.read())


def test_a_stale_answer_is_dropped():
    page = started("?game=go&seats=human,easy")
    page.click("point", "1")
    (ticket,) = page.tickets()
    page.action("undo")  # the person takes the move back while the computer thinks
    page.answered(ticket, {"move": "2", "ms": 1})
    assert page.app.session.game.moves == []
    page.click("point", "1")
    (ticket,) = page.tickets()
    page.new_game({"first": "w", "marker": "0", "seat-w": "human", "seat-b": "easy"})
    page.answered(ticket, {"move": "2", "ms": 1})
    assert page.app.session.game.moves == []  # a new game: the old one's answer is dropped


def test_a_paused_demonstration_waits_and_resumes_at_its_pace():
    page = started("?game=go&seats=easy,easy")
    (first,) = page.tickets()  # the first move, asked as the page opens
    page.action("pause")
    view = page.view()
    assert "paused" in view["status"] and view["paused"] and view["flags"]["thinking"] is None
    page.answered(first, {"move": "1", "ms": 1})  # an answer that comes meanwhile waits
    assert page.app.session.game.moves == [] and page.tickets() == []
    page.computer.speed = "fast"
    page.action("pause")
    (ticket,) = page.tickets()
    assert ticket.delay == computer.WATCH_DELAY["fast"]


def test_a_failed_search_is_said_once_and_not_retried_in_a_loop():
    page = started("?game=race&seats=easy,human")
    (ticket,) = page.tickets()
    assert page.failed(ticket, "worker crashed") == "The computer could not move: worker crashed"
    assert page.view()["error"] == "The computer could not move: worker crashed"
    assert page.tickets() == []


def test_the_computer_suggests_dead_groups_once_per_position_unless_the_players_marked_them():
    page = started("?game=go")
    page.click("point", "1")
    page.action("pass")
    page.action("pass")
    (ticket,) = page.tickets()
    assert ticket.kind == "dead" and ticket.call == "suggest_dead"
    assert page.view()["flags"]["dead-source"] != "search"  # the engine's guess meanwhile
    assert "level" not in json.loads(ticket.request())
    assert page.tickets() == [ticket]
    page.answered(ticket, ["1"])
    assert page.app.session.game.dead == ("1",)
    assert page.view()["flags"]["dead-source"] == "search"


def test_a_hint_is_shown_and_marked_but_never_played():
    page = started("?game=go")
    page.worker_up(True)
    page.action("hint")
    (ticket,) = page.tickets()
    assert ticket.level == computer.HINT_LEVEL
    assert page.view()["status"] == "Looking for a good move…"
    page.answered(ticket, {"move": "23", "ms": 1})
    assert page.app.session.game.moves == []
    assert page.view()["hints"] == [("point", "23")]
    assert page.failed(ticket, "gone") == "No hint available: gone"


# -- records and the Embed dialog ----------------------------------------------------------------


def test_an_exported_record_imports_back_and_a_bad_one_keeps_the_game():
    page = started("?game=go")
    for point in ("1", "10"):
        page.click("point", point)
    text = page.links.export("2026.11.30")
    assert "box below" in page.view()["status"]
    assert page.import_record("  ") is False and "Nothing to import" in page.record_error
    assert page.import_record("this is no record") is False
    assert "Your game is unchanged" in page.view()["record_error"]
    assert page.app.session.game.moves == ["1", "10"] and page.error == ""
    page.new_game({"first": "w", "marker": "0", "seat-w": "human", "seat-b": "human"})
    assert page.import_record(text) is True
    assert page.app.session.game.moves == ["1", "10"] and page.record_error == ""
    assert page.view()["status"] == "Record imported."


def test_a_failed_import_after_a_successful_one_no_longer_says_it_was_imported():
    page = started("?game=go")
    page.click("point", "1")
    text = page.links.export("2026.11.30")
    for failure in (
        lambda: page.import_record("this is no record"),
        lambda: page.import_record(""),
        lambda: page.record_too_long(10**6),
    ):
        assert page.import_record(text) is True
        assert page.view()["status"] == "Record imported."
        failure()
        view = page.view()
        assert "Record imported" not in view["status"] and view["record_error"]
        assert page.app.session.game.moves == ["1"]


def test_a_share_url_reopens_the_same_game_and_copying_says_what_happened():
    page = started("?game=go")
    page.click("point", "9")
    url = page.links.share_url("http://example.test/index.html")
    assert url.startswith("http://example.test/index.html#g=")
    other = started("", url[url.index("#") :])
    assert other.app.session.game.moves == ["9"]
    page.links.copied("record", True)
    assert page.view()["status"] == "Record copied."
    page.links.copied("share", False)
    assert page.view()["status"] == "Share link ready: copy it below."


def test_the_embed_dialog_builds_a_snippet_or_says_why_not():
    page = started("?game=go")
    page.click("point", "9")
    choice = {"what": "position", "caption": "a|b", "opponent": "human", "theme": "dark"}
    choice["size"] = "300"
    made = page.links.embed_choice(choice, "http://example.test/embed.html#old")
    assert made["url"] == "http://example.test/embed.html" and made["size"] == 300
    assert 'src="http://example.test/embed.html#' in made["snippet"]
    assert "theme=dark" in made["fragment"] and "a/b" in made["fragment"].replace("%2F", "/")
    bad = page.links.embed_choice(
        {"what": "position", "size": "huge"}, "http://example.test/e.html"
    )
    assert bad["error"].startswith("This cannot be embedded:")


# -- the storage port ----------------------------------------------------------------------------


def test_every_change_is_saved_as_a_save_the_loader_accepts():
    storage = MemoryStorage()
    page = started("?game=go", storage=storage)
    page.click("point", "4")
    page.save()
    parts = saves.load(storage.get("lotus.game." + page.ids["go"]), "go")
    assert parts["actions"] == ["4"] and storage.get("lotus.current") == "go"


# -- embedded boards -----------------------------------------------------------------------------


def test_a_picture_or_a_sequence_takes_no_clicks_and_steps_with_the_keys():
    board = BoardController(settings_text="#game=go&moves=1,2,3&mode=step")
    assert board.click("step", "point", "5") is False
    assert board.key("step", "ArrowRight") is True
    assert board.view()["step"] == 1 and "Move 1 of 3" in board.view()["status"]
    assert board.key("view", "ArrowRight") is False


def test_a_puzzle_judges_the_readers_move():
    settings = "#game=go&position=g_w_6.6.6.6.6.6.6.30_0_0&mode=puzzle&answer=1"
    board = BoardController(settings_text=settings)
    assert board.click("puzzle", "point", "2") is True
    view = board.view()
    assert view["puzzle"] and view["feedback"] == "wrong" and view["solved"] is False
    board.click("puzzle", "point", "1")
    assert board.view()["solved"] is True and board.view()["feedback"] == "right"


def test_an_embedded_board_plays_the_computer_and_drops_a_stale_answer():
    board = BoardController(settings_text="#game=go&mode=play&opponent=easy")
    assert board.tickets() == []  # the reader moves first
    board.click("play", "point", "1")
    (ticket,) = board.tickets()
    board.action("reset")  # started over while the computer thought
    board.answered(ticket, {"move": "2", "ms": 1})
    assert board.diagram.session.game.moves == []
    board.click("play", "point", "1")
    (ticket,) = board.tickets()
    assert board.view()["thinking"] == "1"
    board.answered(ticket, {"move": "2", "ms": 1})
    assert board.diagram.session.game.moves == ["1", "2"]
    board.click("play", "point", "3")
    (ticket,) = board.tickets()
    assert board.failed(ticket, "no worker") == "The computer could not move: no worker"
    assert board.view()["status"] == "The computer could not move: no worker"


# -- words: players, the move list, what happened, messages ---------------------------


def test_the_players_view_says_who_plays_each_colour_and_who_is_to_move():
    page = started("?game=go&seats=human,hard")
    markup = page.view()["players"]
    white = markup[markup.index('data-player="w"') : markup.index('data-player="b"')]
    black = markup[markup.index('data-player="b"') :]
    assert "data-to-move" in white and "data-to-move" not in black
    assert ">You<" in white and ">Computer (hard)<" in black
    assert 'class="chip w"' in white and "stones 0 + territory 0 + marker 0" in white
    two = started("?game=race&players=3")
    markup = two.view()["players"]
    assert markup.count("data-player=") == 3 and markup.count(">Person<") == 3
    assert markup.count(">0/6<") == 3  # three players have six stones each


def test_the_title_says_whose_turn_it_is_or_the_result_from_the_persons_side():
    page = started("?game=go&seats=human,hard")
    assert page.view()["title"] == "White to move · Lotus"
    page.click("point", "1")
    assert page.view()["title"] == "Black to move · Lotus"
    page.app.session.act("resign")  # the computer (Black) resigns
    view = page.view()
    assert view["title"] == "You win · Lotus"
    assert view["banner"] == view["status"] == "The computer resigned: you win."  # said once
    lost = started("?game=go&seats=human,hard")
    lost.action("resign")
    assert lost.view()["banner"] == "You resigned: the computer wins."
    assert lost.view()["title"] == "The computer wins · Lotus"
    people = started("?game=go")
    people.action("resign")
    assert people.view()["banner"] == "White resigned: Black wins."  # no side between people
    assert people.view()["title"] == "Black wins · Lotus"


def moves_of(count: int, marks: int = 0):
    """A stand-in session with `count` moves (and a scoring action '#…' after every `marks`)."""
    session = types.SimpleNamespace(actions=[], movers=[], notes=[], version=1)
    session.short_words = lambda k, subject=True: f"{session.movers[k]} {session.actions[k]}"
    for i in range(count):
        session.actions.append(str(i % 72 + 1))
        session.movers.append("w" if i % 2 == 0 else "b")
        session.notes.append(f"words {i}")
        if marks and i % marks == marks - 1:
            session.actions.append("#resume")
            session.movers.append("w")
            session.notes.append("#resume")
    return session


def test_the_move_list_pairs_two_player_moves_and_numbers_every_row_whole():
    session = moves_of(150)
    rows = movelist.MoveList().make(session, 149, paired=True)
    paired = "".join(rows)
    assert len(rows) == 75 and paired.count("<li") == 75 and paired.count("data-ply=") == 150
    assert '<span class="num" aria-hidden="true">75.</span>' in rows[74]
    rows = movelist.MoveList().make(session, 131, paired=False)
    single = "".join(rows)
    assert len(rows) == 150 and single.count("<li") == 150
    assert '<li class="last" data-row="132"><span class="num" aria-hidden="true">132.</span>' in (
        single
    )
    assert 'data-ply="132" title="words 131" aria-label="132: words 131" aria-current="step"' in (
        single
    )


def test_a_real_game_lists_its_moves_in_words_and_a_click_on_one_jumps_there():
    page = started("?game=go")
    for point in ("1", "10", "2"):
        page.click("point", point)
    moves = "".join(page.view()["moves"])
    assert '<li data-row="1"><span class="num" aria-hidden="true">1.</span>' in moves
    assert 'title="White plays 1"' in moves and 'aria-label="2: Black plays 10"' in moves
    page.goto("1")
    view = page.view()
    assert view["flags"]["review"] == "1" and 'class="mv last" data-move="1"' in "".join(
        view["moves"]
    )
    page.goto("3")
    assert page.view()["flags"]["review"] is None  # the last move is the present
    race = started("?game=race&players=3")
    race_move(race, "w3", "A3")
    assert len(race.view()["moves"]) == 1
    assert 'title="White enters from the 3-stack to A3"' in race.view()["moves"][0]


def test_a_click_in_the_move_list_skips_scoring_steps():
    page = started("?game=go")
    for move in ("1", "10"):
        page.click("point", move)
    page.action("pass")
    page.action("pass")
    page.action("resume")  # a scoring step: not a move of the list
    page.click("point", "2")
    session = page.app.session
    assert session.actions[-2:] == ["#resume", "2"]
    assert session.ply_index(5) == len(session.actions) and session.ply_index(4) == 4
    page.goto("4")
    assert page.view()["flags"]["review"] == "4"


def test_a_hint_is_marked_and_said_in_words():
    page = started("?game=go")
    page.worker_up(True)
    page.action("hint")
    (ticket,) = page.tickets()
    page.answered(ticket, {"move": "23"})
    view = page.view()
    assert view["hints"] == [("point", "23")]
    assert view["status"] == "Hint: play 23 (marked on the board)."
    page.click("point", "5")
    assert page.view()["hints"] == [] and "Hint" not in page.view()["status"]


def test_an_import_error_shows_by_the_box_until_the_next_action_or_dismissal():
    page = started("?game=go")
    page.import_record("no record at all")
    assert page.view()["record_error"].startswith("The record could not be read")
    assert page.view()["error"] == ""  # not in the banner at the top
    page.action("dismiss-record-error")
    assert page.view()["record_error"] == ""
    page.import_record("")
    assert page.view()["record_error"].startswith("Nothing to import")
    page.click("point", "1")
    assert page.view()["record_error"] == ""


def test_a_message_never_outlives_the_state_it_describes():
    page = started("?game=go")
    page.links.copied("record", True)
    assert page.view()["status"] == "Record copied."
    page.click("point", "1")
    assert "Record copied." not in page.view()["status"]
    page = started("?game=go&marker=9")  # a bad option: a notice at the top
    assert page.view()["error"]
    page.click("point", "70")  # a move: the notice was about the state before it
    assert page.view()["error"] == ""
    bad = started("?game=go&marker=9")
    bad.key("Escape")  # nothing changed: the notice stays
    assert bad.view()["error"]


# -- the screen: the New game dialog's refusal, the sounds of moves --------------------


def test_an_out_of_range_marker_from_the_form_is_refused_with_a_sentence_and_a_good_one_starts():
    page = started("?game=go")
    page.click("point", "5")
    for marker in ("12", "-8", "two", ""):
        said = page.new_game({"first": "w", "marker": marker, "seat-w": "human", "seat-b": "human"})
        assert "Marker must be" in said and said.endswith("correct it and start again.")
        assert page.app.session.game.moves == ["5"]  # the game on screen is kept
    assert page.new_game({"first": "b", "marker": "-7", "seat-w": "human", "seat-b": "human"}) == ""
    assert page.app.session.game.marker == -7 and page.app.session.game.to_move == "b"


def test_move_sound_tells_a_capture_from_a_move():
    sound = move_sound
    assert sound({}, {"A3": "w"}) == "move"  # a stone enters an empty field
    assert sound({"A3": "b"}, {"A3": "bw"}) == "capture"  # covers another colour
    assert sound({"A3": "w"}, {"A3": "ww"}) == "move"  # onto its own colour
    assert sound({"A3": "bw", "5": "w"}, {"A3": "b", "5": "ww"}) == "move"  # uncovering
    assert sound({"1": "w", "2": "b"}, {"1": "w", "2": "w", "3": "w"}) == "capture"  # a reversal
    assert sound({"1": "w"}, {"1": "w"}) == ""  # nothing changed: a pass
    go_session = started("?game=go").app.session
    go_session.act("1")
    go_session.act("3")
    assert go_session.stacks() == {"1": "w", "3": "b"}


def test_each_new_move_sounds_once_and_never_undo_review_or_a_new_game():
    """The view carries the last sound with its number: the page plays a sound when the number
    is new, so drawing twice never plays it twice."""
    page = started("?game=go")
    assert page.view()["sound"] == ("", 0)
    page.click("point", "1")
    assert page.view()["sound"] == page.view()["sound"] == ("move", 1)
    page.action("undo")
    assert page.view()["sound"] == ("move", 1)  # nothing new to play
    page.action("redo")
    assert page.view()["sound"] == ("move", 2)
    page.action("first")
    page.new_game({"first": "w", "marker": "0", "seat-w": "human", "seat-b": "human"})
    assert page.view()["sound"] == ("move", 2)
    page.worker_up(True)
    page.new_game({"first": "w", "marker": "0", "seat-w": "human", "seat-b": "easy"})
    page.click("point", "1")
    (ticket,) = page.tickets()
    page.answered(ticket, {"move": "2", "ms": 1})  # the computer's move sounds too
    assert page.view()["sound"] == ("move", 4)


def test_a_go_reversal_and_a_covering_race_move_sound_as_captures():
    go_moves = first_moves_until(go.Game(), go_reversed)
    page = started("?game=go")
    for move in go_moves[:-1]:
        page.click("point", move)
    assert page.view()["sound"] == ("move", len(go_moves) - 1)
    page.click("point", go_moves[-1])
    assert page.view()["sound"] == ("capture", len(go_moves))
    race_moves = first_moves_until(race.Game(), race_covered)
    race_page = started("?game=race")
    for move in race_moves[:-2]:
        race_page.app.session.act(move)  # played behind the page's back: no sound
    assert race_page.view()["sound"] == ("", 0)
    race_move(race_page, *race_moves[-2].lstrip("S").split("-"))
    assert race_page.view()["sound"] == ("move", 1)
    race_move(race_page, *race_moves[-1].lstrip("S").split("-"))
    assert race_page.view()["sound"] == ("capture", 2)


def go_reversed(before: str, after: str) -> bool:
    """A stone on the board changed colour."""
    return any(b != "." and a not in (".", b) for b, a in zip(before, after))


def race_covered(before: dict, after: dict) -> bool:
    """A stack grew, and its top stone is now of another colour than before."""
    return any(
        field in before and len(stones) > len(before[field]) and stones[-1] != before[field][-1]
        for field, stones in after.items()
    )


def first_moves_until(game, happened) -> list:
    """Seeded random moves (no passes) up to and including the first after which `happened`."""
    import random

    rng = random.Random(3)
    played = []
    while True:
        before = game.board()
        move = rng.choice([m for m in game.legal_moves() if m != "pass"])
        game.play(move)
        played.append(move)
        if happened(before, game.board()):
            return played


def test_a_bad_form_value_is_said_before_the_player_is_asked_to_leave_the_game():
    page = started("?game=go")
    page.click("point", "3")
    bad = {"first": "w", "marker": "12", "seat-w": "human", "seat-b": "human"}
    assert "Marker must be from -7 to 7, not 12" in page.new_game_refusal(bad)
    assert page.app.session.game.moves == ["3"]  # checking starts nothing
    good = dict(bad, marker="2")
    assert page.new_game_refusal(good) == ""
    assert page.question("new")  # a game in progress: the adapter asks next


def test_the_new_game_form_shows_the_options_of_the_game_on_screen():
    page = started("?game=go&seats=human,easy")
    page.pick("race")
    assert page.view()["form"][0] == "race"
    page.pick("go")
    game, values = page.view()["form"]
    assert game == "go" and values["seat-b"] == "easy" and values["marker"] == "0"


@pytest.mark.parametrize("name", ["worker.toml", "worker-mpy.toml"])
def test_the_page_reads_a_worker_configs_files_as_pyscript_does(name):
    """The page fetches a worker's files into the HTTP cache while the worker's runtime starts
    (lotus/dom/host.py): it reads the same [files] as PyScript, every source in order."""
    import tomllib

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, name), encoding="utf-8") as f:
        text = f.read()
    assert worker_config.config_files(text) == list(tomllib.loads(text)["files"])
    assert worker_config.config_files('interpreter = "./x.mjs"\n"./a.py" = "./a.py"') == []
    assert worker_config.config_files('[files]\n"./a.py" = "./b.py"  # here\n[x]\n"./c" = "d"') == [
        "./a.py"
    ]
