"""Your games (lotus.library, and the controller over it): never lose a game."""

import json

import pytest

from lotus import library, saves
from lotus.controller import BLOCKED, FULL, MemoryStorage, PageController
from lotus.library import Library

DAMAGED_RACE = {
    "format": 1,
    "game": "race",
    "options": {"players": 2, "pro": False, "first": "w"},
    "seats": {"w": "human"},
    "actions": ["Sw4-A4"],
}


class Clock:
    """A clock that moves on a minute per call, and stamps like a tab's."""

    def __init__(self, stamp: str = "t-") -> None:
        self.minute = 0
        self.stamp = stamp

    def __call__(self) -> dict:
        self.minute += 1
        return {"date": f"2026-01-05 10:{self.minute:02d}", "stamp": self.stamp}


class RefusingStorage(MemoryStorage):
    """Storage that keeps at most `limit` characters per key (a full one: 0)."""

    def __init__(self, items=None, limit: int = 10**9) -> None:
        super().__init__(items)
        self.limit = limit

    def set(self, key, value):
        if len(value) > self.limit:
            return False
        return super().set(key, value)


class BlockedStorage(MemoryStorage):
    def usable(self):
        return False

    def get(self, key):
        return None

    def set(self, key, value):
        return False


def page_on(storage, query: str = "", fragment: str = "", stamp: str = "t-") -> PageController:
    page = PageController(storage, clock=Clock(stamp))
    page.start(query, fragment)
    page.save()
    return page


def entries(page) -> list:
    return [(e["game"], e["moves"], bool(e.get("broken"))) for e in page.library.entries()]


def play(page, *points) -> None:
    for point in points:
        if point == "pass":
            page.action("pass")
        else:
            page.click("point", point)
    page.save()


# -- the index ------------------------------------------------------------------------------------


def test_each_game_has_its_own_key_and_an_entry_the_list_shows():
    storage = MemoryStorage()
    page = page_on(storage, "?game=go")
    play(page, "37", "38")
    (entry,) = page.library.entries()
    assert entry["game"] == "go" and entry["moves"] == 2 and entry["result"] == ""
    assert entry["players"] == "White: person, Black: person"
    assert entry["date"].startswith("2026-01-05 10:")
    assert saves.load(storage.get("lotus.game." + entry["id"]), "go")["actions"] == ["37", "38"]
    markup = page.view()["library"]
    assert f'data-saved-game="{entry["id"]}" data-game="go" data-moves="2"' in markup
    assert 'aria-current="true"' in markup and 'data-action="resume-saved"' in markup


def test_a_damaged_index_reads_as_empty_and_the_games_texts_are_untouched():
    storage = MemoryStorage({library.INDEX_KEY: "{nope", "lotus.game.x": "text"})
    assert Library(storage).entries() == []
    storage.set(library.INDEX_KEY, json.dumps({"games": [{"id": 1}, "x"], "current": []}))
    assert Library(storage).entries() == [] and storage.get("lotus.game.x") == "text"


def test_the_old_single_saves_are_moved_into_the_list_once():
    race_page = PageController(MemoryStorage(), clock=Clock())
    race_page.start("?game=race", "")
    race_page.click("start", "w4")
    race_page.click("field", "A4")
    old = saves.dump(race_page.app.session)
    storage = MemoryStorage({"lotus.save.race": old, "lotus.current": "race"})
    page = page_on(storage)
    assert page.app.session.game.moves == ["Sw4-A4"]
    assert storage.get("lotus.save.race") is None  # moved, not copied
    assert entries(page) == [("race", 1, False)]
    again = page_on(storage)
    assert entries(again) == [("race", 1, False)] and again.ids == page.ids


# -- links, new games, confirmations --------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "game"),
    [("?game=race&players=4", "race"), ("?game=go&first=b&marker=-2", "go")],
)
def test_an_options_link_starts_a_new_saved_game_and_a_reload_resumes_it(query, game):
    storage = MemoryStorage()
    first = page_on(storage, f"?game={game}")
    first.click("point", "37") if game == "go" else first.click("start", "w4")
    if game == "race":
        first.click("field", "A4")
    first.save()
    page = PageController(storage, clock=Clock())
    assert page.start(query, "")  # the address must change…
    assert page.address == f"?game={game}"  # …to the plain game's
    page.save()
    assert page.app.session.game.moves == []
    if game == "go":
        play(page, "5")
    else:
        page.click("start", "w3")
        page.click("field", "A3")
        page.save()
    assert sorted(m for g, m, b in entries(page)) == [1, 1]  # the game before is kept
    reloaded = page_on(storage, page.address)
    assert reloaded.app.session.options == page.app.session.options
    assert reloaded.app.session.game.moves == page.app.session.game.moves


def test_a_share_link_opens_as_a_new_game_beside_the_one_on_screen():
    from lotus import records

    storage = MemoryStorage()
    page = page_on(storage, "?game=go")
    play(page, "1", "2", "3")
    fragment = page.share_url("x")[1:]
    other = page_on(storage, "?game=go")
    play(other, "4")
    assert other.on_hash(fragment) and other.address == "?game=go"
    other.save()
    assert other.app.session.game.moves == ["1", "2", "3"]
    assert sorted(m for g, m, b in entries(other)) == [3, 4]  # the link's, and the one before
    assert records.from_link_fragment(fragment)["moves"] == ["1", "2", "3"]
    opened = page_on(storage, "", fragment)  # a link opened as the page starts: a third game
    assert opened.address == "?game=go" and len(opened.library.entries()) == 3


def test_a_new_game_over_an_unfinished_one_and_resigning_ask_first():
    page = page_on(MemoryStorage(), "?game=go")
    assert page.question("new") == ""  # nothing to lose yet
    play(page, "5")
    assert "stays in Your games" in page.question("new")
    assert page.question("resign").startswith("Resign this game?")
    page.new_game({})
    page.save()
    assert sorted(entries(page)) == [("go", 0, False), ("go", 1, False)]
    page.new_game({})  # a new game over an empty one replaces it
    page.save()
    assert len(entries(page)) == 2
    page.action("resign")
    assert page.question("resign") == "" and page.question("new") == ""  # the game is over


def test_resume_and_delete_from_the_list():
    storage = MemoryStorage()
    page = page_on(storage, "?game=go")
    play(page, "5")
    old = page.ids["go"]
    page.new_game({})
    play(page, "6", "7")
    assert page.question("delete-saved").startswith("Delete")
    page.saved_action("resume-saved", old)
    assert page.app.session.game.moves == ["5"] and page.ids["go"] == old
    assert page_on(storage, "?game=go").app.session.game.moves == ["5"]  # a reload: the same
    page.saved_action("delete-saved", old)  # the game on screen: a new one takes its place
    page.save()
    assert page.app.session.game.moves == [] and storage.get("lotus.game." + old) is None
    assert sorted(entries(page)) == [("go", 0, False), ("go", 2, False)]
    page.saved_action("resume-saved", "gone")
    assert "no longer saved" in page.view()["error"]


# -- two tabs -------------------------------------------------------------------------------------


def test_the_other_tab_follows_a_game_that_moved_on():
    storage = MemoryStorage()
    a = page_on(storage, "?game=go", stamp="a-")
    b = page_on(storage, "?game=go", stamp="b-")
    assert a.ids == b.ids
    play(a, "10")
    key = "lotus.game." + a.ids["go"]
    assert b.on_storage(key)
    assert b.app.session.game.moves == ["10"]
    assert "another tab" in b.app.session.status()
    b.save()  # following writes nothing back
    play(b, "11")
    assert a.on_storage(key) and a.app.session.game.moves == ["10", "11"]
    assert not a.on_storage("someone.else")
    storage.remove(key)  # deleted in the other tab: said, and saved again here
    a.on_storage(key)
    assert "deleted in another tab" in a.view()["error"]
    a.save()
    assert saves.load(storage.get(key), "go")["actions"] == ["10", "11"]


# -- storage that fails ---------------------------------------------------------------------------


def test_blocked_storage_plays_on_without_saving_and_says_so():
    page = page_on(BlockedStorage(), "?game=go")
    assert BLOCKED in page.view()["error"]
    play(page, "1", "2")
    assert page.app.session.game.moves == ["1", "2"] and page.library.entries() == []


def test_full_storage_keeps_the_move_the_computer_answers_and_the_player_is_told():
    storage = RefusingStorage()
    page = page_on(storage, "?game=race&seats=human,easy")
    storage.limit = 0  # full from now on
    page.click("start", "w4")
    page.click("field", "A4")
    page.save()
    assert FULL in page.view()["error"] and "export" in FULL
    (ticket,) = page.tickets()
    assert ticket.kind == "move"  # the computer still answers
    page.answered(ticket, {"move": "Sb4-B4"})
    page.save()
    assert page.app.session.game.moves == ["Sw4-A4", "Sb4-B4"]
    storage.limit = 10**9
    page.save()
    assert FULL not in page.view()["error"]


# -- saves that cannot be restored ----------------------------------------------------------------


@pytest.mark.parametrize(
    "save",
    [
        "{not json",
        "[1, 2]",
        json.dumps({**DAMAGED_RACE, "seats": {"w": 5}}),
        json.dumps({**DAMAGED_RACE, "seats": {"w": None}}),
        json.dumps({**DAMAGED_RACE, "seats": {"w": []}}),
        json.dumps({**DAMAGED_RACE, "seats": None}),
        json.dumps({**DAMAGED_RACE, "actions": ["Sw4-A4", "A1-G"]}),
        json.dumps({**DAMAGED_RACE, "options": {"players": "many"}}),
        json.dumps({**DAMAGED_RACE, "format": 0}),
        json.dumps({**DAMAGED_RACE, "padding": "x" * 1_200_000}),  # 1.2 MB
    ],
    ids=[
        "json",
        "list",
        "seat5",
        "seatnull",
        "seatlist",
        "seatsnull",
        "move",
        "options",
        "old",
        "1.2MB",
    ],
)
def test_a_save_that_cannot_be_restored_is_kept_listed_and_exportable(save):
    storage = MemoryStorage({"lotus.save.race": save, "lotus.current": "race"})
    page = page_on(storage)
    view = page.view()
    assert "could not be restored" in view["error"] and "export" in view["error"]
    assert page.app.session.game.moves == []  # a new game, beside it
    broken = [e for e in page.library.entries() if e.get("broken")]
    assert len(broken) == 1 and sorted(m for g, m, b in entries(page))
    assert "data-broken" in view["library"] and 'data-action="export-saved"' in view["library"]
    key = page.saved_action("export-saved", broken[0]["id"])
    assert storage.get(key) == save  # the text, unchanged, for the export box
    again = page_on(storage)  # a reload: still kept, still a new game beside it
    assert [e["id"] for e in again.library.entries() if e.get("broken")] == [broken[0]["id"]]
    assert again.app.session.game.moves == []


def test_an_unexpected_error_in_a_restore_is_caught_too(monkeypatch):
    storage = MemoryStorage()
    page = page_on(storage, "?game=go")
    play(page, "3")

    def boom(*_):
        raise KeyError("surprise")

    monkeypatch.setattr("lotus.app.App.restore", boom)
    again = page_on(storage, "?game=go")
    assert "KeyError" in again.view()["error"]
    assert [b for g, m, b in entries(again)] == [False, True]


# -- review and undo, and errors in the page ------------------------------------------------------


def test_undo_while_reviewing_leaves_review_and_the_save_stays_whole():
    storage = MemoryStorage()
    page = page_on(storage, "?game=go")
    play(page, "1", "2", "3", "4", "5")
    page.key("ArrowLeft")
    assert page.view()["flags"]["review"] == "4"
    page.key("u")
    page.key("u")
    page.save()
    assert page.view()["flags"]["review"] is None
    assert page.app.session.game.moves == ["1", "2", "3"]
    again = page_on(storage, "?game=go")
    assert again.app.session.game.moves == ["1", "2", "3"] and again.view()["error"] == ""


def test_a_save_never_holds_a_review_position_outside_its_game():
    page = page_on(MemoryStorage(), "?game=go")
    play(page, "1", "2", "3")
    page.app.session.review = 7  # as the old undo-while-reviewing left it
    assert json.loads(saves.dump(page.app.session))["review"] is None
    text = json.dumps({**json.loads(saves.dump(page.app.session)), "review": 7})
    assert saves.load(text, "go")["review"] is None  # an old save like that is kept, too


def test_a_lotus_group_clicked_in_scoring_gets_a_sentence_not_an_error():
    page = page_on(MemoryStorage(), "?game=go")
    play(page, "1", "10", "2", "15", "3", "24", "4", "25", "5", "31", "6", "pass", "pass")
    assert page.view()["flags"]["phase"] == "scoring"
    page.click("point", "1")
    status = page.view()["status"]
    assert "holds a lotus" in status and "lives" in status


def test_a_failed_event_puts_the_game_back_and_keeps_the_details_until_the_next_action():
    page = page_on(MemoryStorage(), "?game=go")
    play(page, "1", "2")
    before = page.snapshot()
    page.app.session.act("3")  # half done when the handler failed
    page.recover(before, "Traceback …\nKeyError: x")
    view = page.view()
    assert page.app.session.game.moves == ["1", "2"]
    assert view["failure"].endswith("KeyError: x") and "Something went wrong" in view["error"]
    page.click("point", "3")
    assert page.view()["failure"] == "" and page.view()["error"] == ""
    assert page.app.session.game.moves == ["1", "2", "3"]
