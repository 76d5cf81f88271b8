"""The page's decisions without a browser (lotus.controller): what a player sees and the page keeps.

These were e2e-only before: stale computer answers, restore and share-link flows, which buttons
are enabled, the move list, the Embed dialog's snippet. The adapter (lotus/ui_bindings.py) only
writes `view()` into the DOM; the hooks named here are docs/page-contract.md's.
"""

import json

from lotus import controller, records, saves
from lotus.controller import BoardController, MemoryStorage, PageController
from lotus.engine import go, race


def started(query: str = "", fragment: str = "", storage=None) -> PageController:
    page = PageController(storage if storage is not None else MemoryStorage())
    page.start(query, fragment)
    return page


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
    assert view["moves"] == "" and view["error"] == ""
    enabled = view["enabled"]
    assert not enabled["undo"] and not enabled["redo"] and not enabled["first"]
    assert enabled["resign"] and not enabled["confirm"]
    assert not enabled["hint"]  # the worker has not answered yet
    page.worker_answered()
    assert page.view()["enabled"]["hint"] and page.view()["flags"]["worker-ready"] == "1"


def test_the_last_game_shown_comes_back_with_its_moves():
    storage = MemoryStorage()
    page = started("?game=go", storage=storage)
    page.click("point", "37")
    page.save()
    again = started("", storage=storage)
    assert again.app.current == "go"
    assert again.app.session.game.moves == ["37"]
    assert 'data-move="37"' in again.view()["moves"]


def test_options_in_the_address_start_that_game_and_fill_the_form():
    page = started("?game=race&players=3&first=r&seats=human,easy,hard")
    session = page.app.session
    assert session.options["players"] == 3 and session.game.to_move == "r"
    assert session.seats == {"w": "human", "b": "easy", "r": "hard"}
    game, options = page.form
    assert page.form_values(game, options) == {
        "players": "3",
        "pro": "0",
        "first": "r",
        "seat-w": "human",
        "seat-b": "easy",
        "seat-r": "hard",
    }


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
    assert view["moves"].count("<li") == 3 and '<li class="last" data-move="2">' in view["moves"]
    assert view["enabled"]["undo"] and view["enabled"]["prev"] and not view["enabled"]["next"]
    assert page.key("ArrowLeft") is True
    view = page.view()
    assert view["flags"]["review"] == "2"
    assert view["enabled"]["next"] and view["enabled"]["play-here"]
    assert '<li class="last" data-move="10">' in view["moves"]
    assert page.question("play-here").startswith("Continue the game from move 2?")
    page.action("play-here")
    assert page.app.session.game.moves == ["1", "10"] and page.view()["enabled"]["redo"]
    assert page.key("x") is False


def test_the_move_list_escapes_what_it_shows():
    items = controller.move_items([("w", '<b>"')], 0)
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
    page.new_game({"first": "w", "marker": "12", "seat-w": "human", "seat-b": "human"})
    assert "marker" in page.error
    assert page.app.session.game.moves == ["3"]


def test_point_numbers_are_a_view_preference_of_the_game_that_has_them():
    page = started("?game=go")
    page.set_numbers(True)
    assert page.app.session.numbers is True
    page.pick("race")
    page.set_numbers(True)  # the race has none: nothing happens
    assert not hasattr(page.app.session, "numbers")
    assert page.pick("chess") is False and page.app.current == "race"


# -- the computer --------------------------------------------------------------------------------


def test_the_computer_is_asked_once_per_position_and_its_move_played():
    page = started("?game=race&seats=easy,human")
    tickets = page.tickets()
    assert [t.kind for t in tickets] == ["move"]
    assert page.tickets() == []  # asked already: no second search for the same position
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
        {"game": "race", "level": "easy", "ms": 12.5, "search_ms": 3}
    ]
    assert page.tickets() == []  # now the person moves


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
    page.speed = "fast"
    page.action("pause")
    assert page.tickets() == []
    assert "paused" in page.view()["status"] and page.view()["paused"]
    page.action("pause")
    (ticket,) = page.tickets()
    assert ticket.delay == controller.WATCH_DELAY["fast"]


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
    assert page.tickets() == []  # no worker yet: the engine's quick guess stands
    page.worker_answered()
    (ticket,) = page.tickets()
    assert ticket.kind == "dead" and ticket.call == "suggest_dead"
    assert "level" not in json.loads(ticket.request())
    assert page.tickets() == []
    page.answered(ticket, ["1"])
    assert page.app.session.game.dead == ("1",)
    assert page.view()["flags"]["dead-source"] == "search"


def test_a_hint_is_shown_and_marked_but_never_played():
    page = started("?game=go")
    page.worker_answered()
    (ticket,) = page.action("hint")
    assert ticket.level == controller.HINT_LEVEL
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
    text = page.export("2026.11.30")
    assert "box below" in page.view()["status"]
    assert page.import_record("  ") is False and "Nothing to import" in page.error
    assert page.import_record("this is no record") is False
    assert "Your game is unchanged" in page.error and page.app.session.game.moves == ["1", "10"]
    page.new_game({"first": "w", "marker": "0", "seat-w": "human", "seat-b": "human"})
    assert page.import_record(text) is True
    assert page.app.session.game.moves == ["1", "10"] and page.error == ""
    assert page.view()["status"] == "Record imported."


def test_a_share_url_reopens_the_same_game_and_copying_says_what_happened():
    page = started("?game=go")
    page.click("point", "9")
    url = page.share_url("http://example.test/index.html")
    assert url.startswith("http://example.test/index.html#g=")
    other = started("", url[url.index("#") :])
    assert other.app.session.game.moves == ["9"]
    page.copied("Record copied.", True)
    assert page.view()["status"] == "Record copied."
    page.copied("Share link copied: whoever opens it can continue this game.", False)
    assert page.view()["status"] == "Share link ready: copy it below."


def test_the_embed_dialog_builds_a_snippet_or_says_why_not():
    page = started("?game=go")
    page.click("point", "9")
    choice = {"what": "position", "caption": "a|b", "opponent": "human", "theme": "dark"}
    choice["size"] = "300"
    made = page.embed_choice(choice, "http://example.test/embed.html#old")
    assert made["url"] == "http://example.test/embed.html" and made["size"] == 300
    assert 'src="http://example.test/embed.html#' in made["snippet"]
    assert "theme=dark" in made["fragment"] and "a/b" in made["fragment"].replace("%2F", "/")
    bad = page.embed_choice({"what": "position", "size": "huge"}, "http://example.test/e.html")
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
