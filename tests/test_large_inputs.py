"""Large inputs are read in work linear in their length, and a long game redraws only what changed.

No time is measured here (bench/large_inputs.py times the page). Work is counted instead:

- `Walking`, a str that charges what MicroPython's str costs. MicroPython keeps a string as UTF-8
  and finds its i-th character by walking from the start, and len() counts characters, so code
  that indexes a long line character by character is quadratic in the page although it is
  linear under CPython. Reading a record, a position or a link must cost a small multiple of the
  text's length under that model.
- calls counted: the engine's dead-group suggestion while a save is restored, the move list's
  cells made by a redraw, and the passes over the whole history a redraw makes.
"""

import random
import types

import pytest

from lotus.engine import go
from lotus.game import games, positions, records, saves
from lotus.game.session import Session
from lotus.page import app, controller, movelist
from tests.support.games import random_go

# -- MicroPython's costs of str operations --------------------------------------------------------


def _walk(i) -> int:
    """Characters walked to reach index i (from the end for a negative one)."""
    if i is None:
        return 0
    return i if i >= 0 else -i


class Walking(str):
    """A str charging each operation MicroPython's cost (in characters walked or copied) in
    `Walking.cost`; what it returns of text is Walking too, so the charge follows the pieces."""

    cost = 0

    def __getitem__(self, key):
        if isinstance(key, slice):
            out = str.__getitem__(self, key)
            Walking.cost += _walk(key.start) + _walk(key.stop) + len(out)
            return Walking(out)
        Walking.cost += _walk(key) + 1
        return Walking(str.__getitem__(self, key))

    def __len__(self) -> int:
        n = str.__len__(self)
        Walking.cost += n
        return n

    def __iter__(self):
        Walking.cost += str.__len__(self)
        return str.__iter__(self)

    def __contains__(self, sub) -> bool:
        Walking.cost += str.__len__(self)
        return str.__contains__(self, sub)

    def __add__(self, other):
        Walking.cost += str.__len__(self) + str.__len__(other)
        return Walking(str.__add__(self, other))

    def find(self, sub, *args) -> int:
        Walking.cost += str.__len__(self)
        return str.find(self, sub, *args)

    def split(self, *args) -> list:
        Walking.cost += str.__len__(self)
        return [Walking(piece) for piece in str.split(self, *args)]

    def partition(self, sep) -> tuple:
        Walking.cost += str.__len__(self)
        return tuple(Walking(piece) for piece in str.partition(self, sep))

    def replace(self, *args):
        Walking.cost += str.__len__(self)
        return Walking(str.replace(self, *args))

    def strip(self, *args):
        Walking.cost += str.__len__(self)
        return Walking(str.strip(self, *args))

    def encode(self, *args) -> bytes:
        Walking.cost += str.__len__(self)
        return str.encode(self, *args)

    def startswith(self, prefix, *args) -> bool:
        Walking.cost += len(prefix)
        return str.startswith(self, prefix, *args)


def walked(call, text: str):
    """(what call(Walking(text)) returned or raised, the characters it walked)."""
    Walking.cost = 0
    try:
        result = call(Walking(text))
    except ValueError as exc:
        result = exc
    return result, Walking.cost


LINEAR = 12  # characters walked per character of input, at most (the readers need about 6)


def long_race_record(moves: int, one_line: bool = True) -> str:
    return '[Game "race"]' + (" " if one_line else "\n") + " ".join(["Sw4-A4"] * moves)


# -- records --------------------------------------------------------------------------------------


def test_a_record_of_98k_characters_on_one_line_is_refused_at_the_move_over_the_limit():
    text = long_race_record(14000)
    assert len(text) == 98013 < records.MAX_RECORD_CHARS
    with pytest.raises(records.RecordError) as info:
        records.read(text)
    assert (info.value.line, info.value.column, info.value.move) == (1, 14015, 2001)
    assert str(info.value) == (
        "move 2001 (line 1, column 14015): it holds 14000 moves, more than the 2000 a game may have"
    )
    moved = text.replace('"] ', '"]\n')  # the tag on its own line: the moves' line is line 2
    with pytest.raises(records.RecordError) as info:
        records.read(moved)
    assert (info.value.line, info.value.column, info.value.move) == (2, 14001, 2001)


@pytest.mark.parametrize("one_line", [True, False])
def test_reading_a_long_record_walks_its_text_a_few_times_not_once_per_character(one_line):
    text = long_race_record(14000, one_line)
    error, cost = walked(records.read, text)
    assert isinstance(error, records.RecordError) and error.move == 2001
    assert cost < LINEAR * len(text)


def test_a_long_go_record_on_one_line_is_read_in_linear_work():
    text = '[Game "go"] ' + " ".join(["pass"] * 2000)
    record, cost = walked(records.read, text)
    assert record["moves"] == ["pass"] * 2000
    assert cost < LINEAR * len(text)
    numbered = records.write(records.read(text))  # numbered moves, wrapped: the same record
    again, cost = walked(records.read, numbered)
    assert again == record and cost < LINEAR * len(numbered)


def test_many_tags_on_one_line_are_read_in_linear_work():
    text = '[Game "race"]' + '[Date "2026.12.06"]' * 4000 + " Sw4-A4"
    error, cost = walked(records.read, text)
    assert str(error) == "line 1, column 33: the tag Date is given twice"
    assert cost < LINEAR * len(text)


def test_a_long_tag_value_and_a_character_outside_ascii_keep_their_columns():
    text = '[Game "race"] [Date "' + "9" * 50000 + '"] é Sw4-A4'
    error, cost = walked(records.read, text)
    assert str(error).startswith("line 1, column 22: Date: “999")
    assert cost < LINEAR * len(text)
    with pytest.raises(records.RecordError) as info:
        records.read('[Game "race"] [Seats “w=human”]')
    assert (info.value.line, info.value.column) == (1, 22)
    assert (
        info.value.reason == 'tag Seats: the value must be in double quotes, such as [Seats "..."]'
    )
    with pytest.raises(records.RecordError) as info:
        records.read('[Game "race"]\nSw4–A4  é\t[Date "2026.12.06"]')
    assert (info.value.line, info.value.column) == (2, 11)
    assert info.value.reason == "a tag after the moves: the tags come first"


def test_a_long_link_is_read_in_linear_work():
    value = "1" + "A" * 3990 + "!"
    error, cost = walked(records.from_link_fragment, "#g=" + value)
    assert str(error) == "the link is damaged: “!” (character 3992) does not belong in it"
    assert cost < LINEAR * len(value)
    link = records.to_link_fragment(records.read('[Game "go"] ' + " ".join(["pass"] * 2000)))
    record, cost = walked(records.from_link_fragment, link)
    assert len(record["moves"]) == 2000 and cost < LINEAR * 20 * len(link)  # the record: 20x


# -- positions ------------------------------------------------------------------------------------


def test_a_long_position_is_read_in_linear_work():
    digits = "1" * 50000
    error, cost = walked(positions.from_position, "g_w_6.6.6.6.6.6.6." + digits + "_0_0")
    assert isinstance(error, positions.PositionError) and error.part == "board"
    assert str(error).startswith("board: the outline (points 43-72): “111")
    assert cost < LINEAR * 50000
    error, cost = walked(positions.from_position, "r2s_w_" + "5" * 50000 + "w_w321.b4321_w0.b0")
    assert str(error).startswith("board: “555") and "there is no field 555" in str(error)
    assert cost < LINEAR * 50000
    padded = " \t" * 25000 + "g_w_6.6.6.6.6.6.6.30_0_0" + "\r\n " * 25000
    game, cost = walked(positions.from_position, padded)
    assert positions.to_position(game) == "g_w_6.6.6.6.6.6.6.30_0_0"
    assert cost < LINEAR * len(padded)


def test_a_go_board_group_reads_as_before():
    text = "g_b_w5.6.b2w2.6.6.6.6.ww28_-2_1"
    game = positions.from_position(text)
    assert game.board()[:18] == "w....." + "......" + "b..w.."
    assert game.board()[42:] == "ww" + "." * 28
    assert positions.to_position(game) == text
    for text, message in (
        ("g_w_6x.6.6.6.6.6.6.30_0_0", "point 7: “x” is not a stone (w or b)"),
        ("g_w_06.6.6.6.6.6.6.30_0_0", "board: the central hexagon (points 1-6): “06” is not a"),
        ("g_w_w0.6.6.6.6.6.6.30_0_0", "board: the central hexagon (points 1-6): “0” is not a"),
        ("g_w_w6.6.6.6.6.6.6.30_0_0", "board: the central hexagon (points 1-6): “6” empty points"),
        ("g_w_ww.6.6.6.6.6.6.30_0_0", "board: the central hexagon (points 1-6) has 2 points"),
    ):
        with pytest.raises(positions.PositionError) as info:
            positions.from_position(text)
        assert str(info.value).startswith(message)


# -- saves: a long game restored ------------------------------------------------------------------


def long_go_save(moves: int = 1998) -> str:
    """A Go game of `moves` moves as the page saves it: 40 placements, then pass, pass, resume
    over and over (no stone ever leaves the board, so a long game is mostly passes)."""
    page = controller.PageController()
    page.start("?game=go", "")
    session = page.app.session
    for move in random_go(2026, 40).moves:
        session.act(move)
    while len(session.game.moves) < moves:
        for action in ("pass", "pass", "#resume"):
            session.act(action)
    return saves.dump(session)


def test_restoring_a_long_game_suggests_dead_groups_once_per_position(monkeypatch):
    text = long_go_save()
    calls = []
    suggest = go.Game.suggest_dead
    monkeypatch.setattr(go.Game, "suggest_dead", lambda self: calls.append(1) or suggest(self))
    restored = app.App()
    restored.restore("go", text)
    session = restored.sessions["go"]
    assert len(session.game.moves) == 1998 and len(session.actions) == 2977
    assert len(calls) == 1  # 979 scoring phases, all on the same stones
    session.undo()  # back into the last scoring phase: with the suggestion it had
    assert session.game.phase == go.SCORING and session.redo_stack == ["#resume"]
    assert session.game.dead == tuple(suggest(session.game)) != ()


def test_a_long_game_restores_to_the_same_save():
    text = long_go_save()
    restored = app.App()
    restored.restore("go", text)
    again = saves.dump(restored.sessions["go"])  # the seats written out: "human"
    assert saves.load(again, "go")["actions"] == saves.load(text, "go")["actions"]
    restored.restore("go", again)
    assert saves.dump(restored.sessions["go"]) == again


# -- the move list --------------------------------------------------------------------------------


class Stand(types.SimpleNamespace):
    """A stand-in session: its actions, movers, notes and version, and each action in a few
    words."""

    def short_words(self, k: int, subject: bool = True) -> str:
        return self.movers[k] + " " + self.actions[k]


def history(count: int, marks: int = 0):
    """A stand-in session with `count` moves (and a scoring action '#…' after every `marks`)."""
    session = Stand(actions=[], movers=[], notes=[], version=0)
    for i in range(count):
        add(session, str(i % 72 + 1), "w" if i % 2 == 0 else "b")
        if marks and i % marks == marks - 1:
            add(session, "#resume", "w")
    return session


def add(session, action: str, mover: str) -> None:
    session.version += 1  # as a session counts its changes
    session.actions.append(action)
    session.movers.append(mover)
    session.notes.append(f"{mover} {action} <{len(session.actions)}>")


def drop(session) -> None:
    session.version += 1
    for name in ("actions", "movers", "notes"):
        if getattr(session, name):
            getattr(session, name).pop()


def test_the_move_list_made_step_by_step_is_the_list_made_at_once():
    rng = random.Random(7)
    session = history(30, marks=4)
    made = movelist.MoveList()
    for step in range(400):
        roll = rng.random()
        if roll < 0.45:
            add(session, rng.choice(["pass", "37", "#resume", "12"]), rng.choice("wb"))
        elif roll < 0.8 and session.actions:
            drop(session)
        elif roll < 0.83:  # another session (a restore): made again
            session = Stand(
                actions=list(session.actions), movers=list(session.movers), notes=[], version=0
            )
        moves = len([a for a in session.actions if not a.startswith("#")])
        last = rng.randint(-1, moves - 1) if roll > 0.9 else moves - 1
        judged = {rng.randint(1, moves + 1): ("?", "mistake", "Worse")} if roll > 0.95 else {}
        paired = step % 7 != 0
        rows = made.make(session, last, paired, judged)
        assert rows == movelist.MoveList().make(session, last, paired, judged), step


def test_a_move_or_an_undo_on_a_long_game_makes_one_or_two_cells(monkeypatch):
    session = history(1998, marks=2)
    made = movelist.MoveList()
    rows = made.make(session, 1997, True)
    assert len(rows) == 999
    cells = []
    real = movelist.move_fields
    monkeypatch.setattr(movelist, "move_fields", lambda *a: cells.append(a[0]) or real(*a))
    add(session, "37", "w")
    rows = made.make(session, 1998, True)
    assert len(rows) == 1000 and sorted(cells) == [1996, 1997, 1998]  # the old last row, the new
    cells.clear()
    drop(session)
    rows = made.make(session, 1997, True)
    assert len(rows) == 999 and sorted(cells) == [1996, 1997]
    cells.clear()
    rows = made.make(session, 9, True)  # review: the rows of move 10 and of the old last move
    assert sorted(cells) == [8, 9, 1996, 1997]
    cells.clear()
    made.make(session, 9, True, {3: ("?", "mistake", "Worse")})  # a flag: its row
    assert sorted(cells) == [2, 3]


@pytest.mark.parametrize(
    ("old", "new", "change"),
    [
        ([], ["a"], (0, 0, 1)),
        (["a", "b"], ["a", "b", "c"], (2, 2, 3)),  # a move: one row more
        (["a", "b", "c"], ["a", "b"], (2, 3, 2)),  # an undo
        (["a", "b", "c"], ["a", "B", "c"], (1, 2, 2)),  # a row in the middle
        (["a", "b", "c", "d"], ["A", "b", "c", "D"], (0, 4, 4)),
        (["a", "b"], ["a", "b"], (2, 2, 2)),
        (["a", "a", "a"], ["a", "a"], (2, 3, 2)),  # prefix first, never overlapping it
        (["x", "a"], ["a"], (0, 1, 0)),
    ],
)
def test_the_rows_that_changed_are_found_from_both_ends(old, new, change):
    assert movelist.row_changes(old, new) == change
    start, old_stop, new_stop = change
    assert old[:start] + new[start:new_stop] + old[old_stop:] == new


def test_a_redraw_of_a_long_game_does_not_list_its_whole_history(monkeypatch):
    page = controller.PageController()
    page.start("?game=go", "")
    page.app.restore("go", long_go_save())
    page.view()
    listed = []
    real = Session.move_notes
    monkeypatch.setattr(Session, "move_notes", lambda self: listed.append(1) or real(self))
    page.click("point", str(page.app.session.game.board().index(".") + 1))
    view = page.view()
    page.action("undo")
    page.view()
    page.save()
    assert listed == [] and len(view["moves"]) == 1000
    assert games.MAX_MOVES - page.app.session.move_count() == 2
