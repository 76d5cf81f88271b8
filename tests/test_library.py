"""Your games (lotus.game.library, and the controller over it): never lose a game."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lotus.game import library, saves
from lotus.game.library import Library
from lotus.page.controller import MemoryStorage, PageController
from lotus.page.saved_games import BLOCKED, FULL

DAMAGED_KEY = "lotus.games.damaged"  # where a damaged index is set aside (docs/page-contract.md)
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
    assert entry["players"] == "w:human,b:human"  # codes: worded when the list is drawn
    assert entry["date"].startswith("2026-01-05 10:")
    assert saves.load(storage.get("lotus.game." + entry["id"]), "go")["actions"] == ["37", "38"]
    markup = page.view()["library"]
    assert ">White: person, Black: person<" in markup and " · 2 moves<" in markup
    assert f'data-saved-game="{entry["id"]}" data-game="go" data-moves="2"' in markup
    assert 'aria-current="true"' in markup and 'data-action="resume-saved"' in markup


def test_a_damaged_index_reads_as_empty_and_the_games_texts_are_untouched():
    storage = MemoryStorage({library.INDEX_KEY: "{nope", "lotus.game.x": "text"})
    assert Library(storage).entries() == []
    storage.set(library.INDEX_KEY, json.dumps({"games": [{"id": 1}, "x"], "current": []}))
    assert Library(storage).entries() == [] and storage.get("lotus.game.x") == "text"


def saved_index(*games_played) -> MemoryStorage:
    """Storage holding one saved game per (game, moves) given, through the page itself."""
    storage = MemoryStorage()
    for game, moves in games_played:
        page = page_on(storage, f"?game={game}")
        page.new_game({})
        play(page, *moves)
    return storage


# Damage found in real browsers' storage and by a fuzzer: each must leave the page working.
DAMAGED_INDEXES = {
    "games-5": '{"games": 5}',
    "true": "true",
    "float": "1.5",
    "null": "null",
    "list": "[1, 2]",
    "not-json": "{nope",
    "games-dict": '{"games": {"id": "1"}}',
    "current-list": '{"games": [], "current": [1]}',
    "current-number": '{"games": [], "current": {"go": 5}}',
    "seq-text": '{"games": [], "seq": "9"}',
    "entry-number": '{"games": [7]}',
    "entry-id-list": '{"games": [{"id": [], "game": "go", "key": "lotus.game."}]}',
    "entry-moves-text": (
        '{"games": [{"id": "a", "game": "go", "key": "lotus.game.a", "moves": "many"}]}'
    ),
    "entry-seq-text": '{"games": [{"id": "a", "game": "go", "key": "lotus.game.a", "seq": "x"}]}',
    "entry-date-dict": '{"games": [{"id": "a", "game": "go", "key": "lotus.game.a", "date": {}}]}',
    "entry-key-index": '{"games": [{"id": "a", "game": "go", "key": "lotus.games"}]}',
    "entry-key-theme": '{"games": [{"id": "a", "game": "go", "key": "lotus.theme"}]}',
    "entry-key-other": '{"games": [{"id": "a", "game": "go", "key": "lotus.game.b"}]}',
    "deep": '{"games": [{"id": "a", "game": "go", "key": "lotus.game.a", "players": [[[[]]]]}]}',
}


@pytest.mark.parametrize("text", list(DAMAGED_INDEXES.values()), ids=list(DAMAGED_INDEXES))
@pytest.mark.parametrize("query", ["?game=race", "?game=go", ""])
def test_a_damaged_index_is_set_aside_said_and_the_page_plays_on(text, query):
    storage = MemoryStorage({library.INDEX_KEY: text, "lotus.current": "go"})
    page = page_on(storage, query)
    view = page.view()
    assert "Your list of saved games was damaged" in view["error"], view["error"]
    assert "“lotus.games.damaged”" in view["error"]
    assert storage.get(DAMAGED_KEY) == text  # kept as it was, not deleted
    play(page, *(["1"] if page.app.current == "go" else []))
    again = page_on(storage, query)  # repaired: a reload says nothing more
    assert again.view()["error"] == "" and storage.get(DAMAGED_KEY) == text


def test_a_damaged_index_is_said_in_german_with_the_count_of_games_it_still_names():
    from lotus import words

    index = {"games": [{"id": "a", "game": "go", "key": "lotus.game.a", "seq": "x"}]}
    index["games"].append({"id": "b", "game": "race", "key": "lotus.game.b"})
    words.use("de")
    try:
        shelf = Library(MemoryStorage({library.INDEX_KEY: json.dumps(index)}))
        assert len(shelf.entries()) == 2
        assert shelf.take_notes() == [
            "Deine Liste gespeicherter Partien war beschädigt (die Reihenfolge eines Eintrags ist"
            " keine Zahl). Sie ist unverändert unter „lotus.games.damaged“ im Speicher dieses"
            " Browsers aufbewahrt; die 2 Partien, die sie noch nennt, stehen unter „Deine"
            " Partien“."
        ]
    finally:
        words.use("en")


def test_the_games_a_damaged_index_still_names_are_offered():
    storage = saved_index(("go", ["1", "2"]), ("race", []), ("go", ["3"]))
    index = json.loads(storage.get(library.INDEX_KEY))
    assert len(index["games"]) == 3
    good = [e["id"] for e in index["games"]]
    index["games"].insert(1, {"id": 5, "game": "go"})  # damage between valid entries
    index["games"].append({"id": "z", "game": "go", "key": "lotus.games"})
    index["current"]["race"] = 7
    damaged = json.dumps(index)
    storage.set(library.INDEX_KEY, damaged)
    page = page_on(storage, "?game=go")
    assert "the 3 games still named in it are listed" in page.view()["error"]
    assert sorted(e["id"] for e in page.library.entries()) == sorted(good)
    assert storage.get(DAMAGED_KEY) == damaged
    assert page.app.session.game.moves == ["3"]  # the game on screen last is still resumed
    for game_id in good:
        assert f'data-action="resume-saved" data-id="{game_id}"' in page.view()["library"]


def test_an_earlier_backup_is_kept_when_the_index_is_damaged_again():
    storage = MemoryStorage({library.INDEX_KEY: "true"})
    page_on(storage)
    storage.set(library.INDEX_KEY, '{"games": 5}')
    page = page_on(storage)
    assert storage.get(DAMAGED_KEY) == "true"
    assert storage.get(DAMAGED_KEY + ".2") == '{"games": 5}'
    assert "“lotus.games.damaged.2”" in page.view()["error"]


def test_a_damaged_index_that_cannot_be_set_aside_is_not_written_over():
    storage = RefusingStorage({library.INDEX_KEY: '{"games": 5}'}, limit=0)
    page = page_on(storage)
    assert "too full to keep a copy" in page.view()["error"]
    assert storage.get(library.INDEX_KEY) == '{"games": 5}'
    page.new_game({})
    page.save()
    assert storage.get(library.INDEX_KEY) == '{"games": 5}'


def test_an_index_too_large_to_read_is_set_aside_unread():
    huge = '{"games": [' + ", ".join(["{}"] * 300_000) + "]}"
    assert len(huge) > library.MAX_INDEX

    class Copying(MemoryStorage):
        def get(self, key):
            assert key != library.INDEX_KEY or len(self.items[key]) <= library.MAX_INDEX
            return super().get(key)

        def copy(self, source, target):
            self.items[target] = self.items[source]
            return True

    storage = Copying({library.INDEX_KEY: huge})
    page = page_on(storage)
    assert "too large to read" in page.view()["error"]
    assert storage.items[DAMAGED_KEY] == huge


def test_a_damaged_index_written_by_another_tab_is_set_aside_and_said():
    storage = saved_index(("go", ["1"]))
    page = page_on(storage, "?game=go")
    good = storage.get(library.INDEX_KEY)
    damaged = good[:-1] + ', "current": 5}'
    storage.set(library.INDEX_KEY, damaged)
    assert page.on_storage(library.INDEX_KEY)
    assert "Your list of saved games was damaged" in page.view()["error"]
    assert storage.get(DAMAGED_KEY) == damaged
    assert [e["moves"] for e in page.library.entries()] == [1]


def test_an_index_damaged_while_the_page_is_open_is_said_at_the_next_save():
    storage = saved_index(("go", ["1"]))
    page = page_on(storage, "?game=go")
    storage.set(library.INDEX_KEY, '{"games": 5}')  # no storage event: this very tab
    play(page, "2")
    assert "Your list of saved games was damaged" in page.view()["error"]
    assert storage.get(DAMAGED_KEY) == '{"games": 5}'
    assert [e["moves"] for e in page.library.entries()] == [2]


@pytest.mark.parametrize(
    "key", ["lotus.games", "lotus.current", "lotus.theme", "lotus.game.b", "lotus.live", "x"]
)
def test_deleting_an_entry_never_removes_a_key_that_is_not_its_own(key):
    storage = saved_index(("go", ["1"]))
    storage.set("lotus.theme", "dark")
    storage.set("lotus.live", "{}")
    storage.set("lotus.game.b", "another game")
    storage.set("x", "not ours")
    index = json.loads(storage.get(library.INDEX_KEY))
    index["games"].append({"id": "a", "game": "go", "key": key, "moves": 0})
    storage.set(library.INDEX_KEY, json.dumps(index))
    before = dict(storage.items)
    page = page_on(storage, "?game=go")
    page.saved_action("delete-saved", "a")
    for name in ("lotus.theme", "lotus.live", "lotus.game.b", "x", "lotus.current"):
        assert storage.get(name) == before[name]
    assert [e["moves"] for e in page.library.entries()] == [1]  # the index itself is kept


def test_deleting_an_entry_removes_its_own_key():
    storage = saved_index(("go", ["1"]), ("go", ["2", "3"]))
    page = page_on(storage, "?game=go")
    other = next(e["id"] for e in page.library.entries() if e["moves"] == 1)
    page.saved_action("delete-saved", other)
    assert storage.get("lotus.game." + other) is None
    assert [e["moves"] for e in page.library.entries()] == [2]


def test_a_new_game_never_writes_over_a_text_its_damaged_entry_no_longer_names():
    storage = MemoryStorage({library.INDEX_KEY: "{nope", "lotus.game.t-1": "a game"})
    page = page_on(storage, "?game=go")
    play(page, "1")
    assert storage.get("lotus.game.t-1") == "a game"
    assert [e["key"] for e in page.library.entries()] != ["lotus.game.t-1"]


def test_a_game_this_version_does_not_know_is_listed_as_such_and_not_resumed():
    storage = saved_index(("go", ["1"]))
    index = json.loads(storage.get(library.INDEX_KEY))
    index["games"].append({"id": "c", "game": "chess", "key": "lotus.game.c", "moves": 12})
    storage.set(library.INDEX_KEY, json.dumps(index))
    storage.set("lotus.game.c", '{"format": 1, "game": "chess"}')
    page = page_on(storage, "?game=go")
    assert page.view()["error"] == ""  # not damage: a game of another version
    markup = page.view()["library"]
    item = markup[markup.index('data-saved-game="c"') :]
    item = item[: item.index("</li>")]
    assert "a game this version does not know" in item and "chess" in item
    assert "data-unknown" in item and 'data-action="resume-saved"' not in item
    assert 'data-action="export-saved"' in item  # its text can still be kept
    before = page.app.session.game.moves
    page.saved_action("resume-saved", "c")
    assert "a game this version does not know" in page.view()["error"]
    assert page.app.session.game.moves == before and page.app.current == "go"
    assert page.saved_action("export-saved", "c") == "lotus.game.c"
    assert storage.get("lotus.game.c") == '{"format": 1, "game": "chess"}'


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
    from lotus.game import records

    storage = MemoryStorage()
    page = page_on(storage, "?game=go")
    play(page, "1", "2", "3")
    fragment = page.links.share_url("x")[1:]
    other = page_on(storage, "?game=go")
    play(other, "4")
    assert other.on_hash(fragment) and other.address == "?game=go"
    other.save()
    assert other.app.session.game.moves == ["1", "2", "3"]
    assert sorted(m for g, m, b in entries(other)) == [3, 4]  # the link's, and the one before
    assert records.from_link_fragment(fragment)["moves"] == ["1", "2", "3"]
    # The same link opened again as a page starts: the game it holds is saved already (the
    # link's game, 3 moves), so that entry is shown and no identical one is added.
    opened = page_on(storage, "", fragment)
    assert opened.address == "?game=go" and len(opened.library.entries()) == 2
    assert opened.ids["go"] == other.ids["go"]


def test_ones_own_share_link_opened_in_the_same_browser_keeps_one_entry():
    """Opening one's own share link (the game on screen, or another saved game) shows that
    saved game's entry: one entry per game, whatever opens it. A game with other moves, other
    options or other seats is another game, with an entry of its own."""
    storage = MemoryStorage()
    page = page_on(storage, "?game=race&players=3&seats=human,easy,easy")
    for field in (("start", "w3"), ("field", "A3")):
        page.click(*field)
    page.save()
    fragment = page.links.share_url("x")[1:]
    mine = page.ids["race"]
    assert page.on_hash(fragment)  # pasted into this page: the same game, the same entry
    page.save()
    assert page.ids["race"] == mine and entries(page) == [("race", 1, False)]
    page.start_game("race", {"players": 2, "pro": False, "first": "w"})  # another game on screen
    page.click("start", "w4")
    page.click("field", "A4")
    page.save()
    assert page.on_hash(fragment)  # the first game is found again, and shown under its entry
    page.save()
    assert page.ids["race"] == mine and sorted(entries(page)) == [("race", 1, False)] * 2
    reloaded = page_on(storage, "", fragment)  # opened as a page starts: still two entries
    assert reloaded.ids["race"] == mine and len(reloaded.library.entries()) == 2
    from lotus.game import records

    record = records.from_link_fragment(fragment)
    record["seats"] = {"w": "human", "b": "hard", "r": "easy"}
    assert page.on_hash("#" + records.to_link_fragment(record))
    page.save()
    assert len(page.library.entries()) == 3 and page.ids["race"] != mine


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

    monkeypatch.setattr("lotus.page.app.App.restore", boom)
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


# -- any value under any key of ours (hypothesis) -------------------------------------------------

KEYS = (
    library.INDEX_KEY,
    "lotus.current",
    "lotus.game.1",
    "lotus.game.a",
    "lotus.game.t-1",
    "lotus.save.race",
    "lotus.save.go",
    DAMAGED_KEY,
)
IDS = ("1", "a", "t-1", "t-2", "b")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
# Values shaped like ours, with any part replaced: an index, its entries, a save.
entries_like = st.fixed_dictionaries(
    {},
    optional={
        "id": st.sampled_from(IDS) | json_values,
        "game": st.sampled_from(["race", "go", "chess"]) | json_values,
        "key": st.sampled_from([library.GAME_KEY + i for i in IDS] + list(KEYS)) | json_values,
        "seq": st.integers(-2, 9) | json_values,
        "moves": st.integers(-1, 3000) | json_values,
        "date": st.text(max_size=5) | json_values,
        "players": st.text(max_size=5) | json_values,
        "result": st.text(max_size=5) | json_values,
        "broken": st.text(max_size=5) | json_values,
    },
)
index_like = st.fixed_dictionaries(
    {},
    optional={
        "games": st.lists(entries_like | json_values, max_size=5) | json_values,
        "current": st.dictionaries(
            st.sampled_from(["race", "go", "chess"]) | st.text(max_size=3),
            st.sampled_from(IDS) | json_values,
            max_size=3,
        )
        | json_values,
        "seq": st.integers(-1, 9) | json_values,
    },
)
save_like = st.fixed_dictionaries(
    {},
    optional={
        "format": st.just(1) | json_values,
        "game": st.sampled_from(["race", "go", "chess"]) | json_values,
        "options": st.fixed_dictionaries(
            {},
            optional={
                "players": st.sampled_from([2, 3, 4, "3"]) | json_values,
                "pro": st.booleans() | json_values,
                "first": st.sampled_from(["w", "b", "r"]) | json_values,
                "marker": st.integers(-8, 8) | json_values,
            },
        )
        | json_values,
        "seats": st.dictionaries(st.sampled_from(["w", "b", "r"]), st.text(max_size=6))
        | json_values,
        "actions": st.lists(st.sampled_from(["1", "10", "pass", "Sw4-A4", "#finish:"]), max_size=4)
        | json_values,
        "redo": st.lists(st.sampled_from(["2", "Sb4-B4", "x"]), max_size=3) | json_values,
        "review": st.integers(-1, 5) | json_values,
        "dead": st.lists(st.sampled_from(["1", "10", 5]), max_size=3) | json_values,
        "numbers": json_values,
    },
)
stored_text = (
    st.builds(json.dumps, json_values | index_like | save_like)
    | st.text(max_size=12)
    | st.sampled_from(["race", "go", ""])
)


@settings(max_examples=300)
@given(
    st.dictionaries(st.sampled_from(KEYS), stored_text, max_size=len(KEYS)),
    st.sampled_from(["", "?game=race", "?game=go", "?game=go&marker=1"]),
)
def test_any_value_under_any_key_leaves_the_page_working_and_loses_nothing(items, query):
    storage = MemoryStorage(items)
    page = PageController(storage, clock=Clock())
    page.start(query, "")
    page.view()
    page.save()
    for key, text in items.items():  # nothing of ours was lost
        if key == library.INDEX_KEY:
            backups = [v for k, v in storage.items.items() if k.startswith(DAMAGED_KEY)]
            valid = text == "" or library.read_index(text)[1] == ""  # nothing to set aside
            assert storage.get(key) == text or text in backups or valid
        elif key.startswith(library.GAME_KEY) or key == DAMAGED_KEY:
            assert storage.get(key) == text
    for entry in page.library.entries():
        for action in ("export-saved", "resume-saved"):
            page.saved_action(action, entry["id"])
            page.view()
    for entry in page.library.entries():
        page.saved_action("delete-saved", entry["id"])
        page.save()
    view = page.view()
    assert "Traceback" not in view["error"]
