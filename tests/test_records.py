"""Game records and share links (docs/records.md).

What a player expects: any game, saved as a record or sent as a link, comes back exactly — the
same moves, the same position, the same result — whatever happened in it (start moves, bounces
(R8), passes (R9, R10), a resignation or an agreed scoring with dead groups (G8, G9)); and text
that is not a record gives one clear error naming the line, the column and the reason.
"""

import os
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lotus.engine import go, race
from lotus.game import games, records
from lotus.game.positions import from_position, to_position
from lotus.game.records import (
    LinkError,
    RecordError,
    from_link_fragment,
    load,
    read,
    record_of,
    replay,
    to_link_fragment,
    write,
)

DOCS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "docs", "records.md")
FAST = settings(max_examples=40)
URL_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=")


# -- random games of both kinds -------------------------------------------------------------


def race_game(rnd: random.Random) -> race.Game:
    """A random race game: any players and rules, perhaps from a position, perhaps unfinished."""
    players = rnd.choice((2, 3, 4))
    g = race.Game(players, rnd.random() < 0.5, race.COLOURS[rnd.randrange(players)])
    if rnd.random() < 0.25:
        for _ in range(rnd.randrange(60)):
            if g.is_over:
                break
            g.play(rnd.choice(g.legal_moves()))
        g = from_position(to_position(g))
    limit = rnd.randrange(60) if rnd.random() < 0.4 else 10**6
    while not g.is_over and len(g.moves) < limit:
        g.play(rnd.choice(g.legal_moves()))
    return g


def dead_groups(g: go.Game, rnd: random.Random) -> list:
    """Some groups without a lotus (G5), one point each: the engine's suggestion or at random."""
    if rnd.random() < 0.5:
        return g.suggest_dead()
    reps = []
    for p in range(1, 73):
        if g.colour_at(p) and not g.has_lotus(p):
            rep = min(int(q) for q in g.group_of(p))
            if rep not in reps and rnd.random() < 0.3:
                reps.append(rep)
    return [str(p) for p in sorted(reps)]


def go_game(rnd: random.Random) -> go.Game:
    """A random go game: passes, resumes, a resignation or an agreed scoring, or unfinished."""
    g = go.Game(rnd.randint(-7, 7), rnd.choice("wb"))
    if rnd.random() < 0.2:
        for _ in range(rnd.randrange(40)):
            if g.phase == go.PLAY:
                g.play(rnd.choice(g.legal_moves()))
        g = from_position(to_position(g))
    for _ in range(rnd.randrange(90)):
        if g.phase == go.OVER:
            break
        if g.phase == go.SCORING:
            if rnd.random() < 0.5:
                break
            g.resume()  # always followed by a move: a record writes a resume as that move
        legal = g.legal_moves()
        r = rnd.random()
        if r < 0.015:
            g.play("resign")
        elif r < 0.2 or len(legal) == 1:
            g.play("pass")
        else:
            g.play(rnd.choice(legal[:-1]))
    if g.phase == go.PLAY and rnd.random() < 0.5:
        g.play("pass")
        if g.phase == go.PLAY:
            g.play("pass")
    if g.phase == go.SCORING and rnd.random() < 0.7:
        g.finish(dead_groups(g, rnd))
    return g


def a_record(g, rnd: random.Random) -> dict:
    """The game's record with random seats and date."""
    colours = g.colours if isinstance(g, race.Game) else go.COLOURS
    seats = {c: rnd.choice(records.KINDS) for c in colours if rnd.random() < 0.7}
    date = rnd.choice((None, "2026.11.29", "1998.??.??", "????.??.??", "0001.12.31"))
    return record_of(g, seats=seats, date=date)


def check_round_trip(g) -> dict:
    """Record, text and link give back the same record and the same game."""
    rec = a_record(g, random.Random(len(g.moves)))
    text = write(rec)
    assert read(text) == rec
    assert write(read(text)) == text
    again = replay(rec)
    assert again.state_key() == g.state_key()
    assert load(text)[1].state_key() == g.state_key()
    link = to_link_fragment(rec)
    assert link.startswith("g=1")
    assert set(link) <= URL_SAFE
    assert from_link_fragment(link) == rec
    assert from_link_fragment("#" + link) == rec
    assert from_link_fragment("mode=play&" + link + "&size=300") == rec
    assert record_of(again, rec["seats"], rec["date"]) == rec
    return rec


@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_race_records_and_links_round_trip(seed):
    check_round_trip(race_game(random.Random(seed)))


@FAST
@given(seed=st.integers(0, 2**32 - 1))
def test_go_records_and_links_round_trip(seed):
    check_round_trip(go_game(random.Random(seed)))


def test_the_random_games_cover_every_kind_of_move_and_ending():
    """Start moves, bounces (R8), passes (R9, R10), race wins (R11); go resignations, resumes,
    agreed scorings with dead groups (G8, G9) and unagreed ones; games from a position."""
    race_recs = [check_round_trip(race_game(random.Random(s))) for s in range(40)]
    go_recs = [check_round_trip(go_game(random.Random(s))) for s in range(60)]
    moves = [m for r in race_recs for m in r["moves"]]
    assert any(m.startswith("S") for m in moves)
    assert any(m.count("-") == 2 for m in moves)
    assert "pass" in moves
    assert any(r["result"] != "*" for r in race_recs)
    assert any(r["result"] == "*" for r in race_recs)
    assert any(r["position"] for r in race_recs)
    assert {r["options"]["players"] for r in race_recs} == {2, 3, 4}
    assert any(r["moves"][-1:] == ["resign"] for r in go_recs)
    assert any(r["dead"] for r in go_recs)
    assert any(r["dead"] == [] for r in go_recs)
    assert any(r["dead"] is None and r["moves"][-2:] == ["pass", "pass"] for r in go_recs)
    assert any(r["position"] for r in go_recs)
    resumed = 0
    for r in go_recs:
        m = r["moves"]
        resumed += any(m[i] == m[i + 1] == "pass" for i in range(len(m) - 2))
    assert resumed


def test_a_resumed_scoring_is_written_as_the_move_that_resumes_play():
    """G9: players may resume instead of agreeing; the next move in the record resumes play."""
    g = go.Game()
    for move in ("1", "pass", "pass"):
        g.play(move)
    g.resume()
    g.play("2")
    rec = record_of(g)
    assert rec["moves"] == ["1", "pass", "pass", "2"]
    assert replay(rec).state_key() == g.state_key()


def test_every_race_move_has_a_link_code():
    """The link's move list holds every move the engine can make, each once, in one byte."""
    race_moves = games.get("race").record_hooks().LINK_MOVES
    go_moves = games.get("go").record_hooks().LINK_MOVES
    assert len(set(race_moves)) == len(race_moves) <= 256
    assert race_moves[0] == "pass"
    rnd = random.Random(1)
    for seed in range(30):
        g = race.Game((2, 3, 4)[seed % 3], seed % 2 == 1)
        while not g.is_over:
            assert set(g.legal_moves()) <= set(race_moves)
            g.play(rnd.choice(g.legal_moves()))
    assert len(go_moves) == 74


# -- the text format --------------------------------------------------------------------------


def test_the_record_text_format():
    """Tags in a fixed order, a blank line, then numbered moves wrapped before column 80."""
    g = race.Game(2, True, "b")
    for move in ("Sb4-A4", "pass", "Sw4-B4", "Sb3-A3"):
        g.play(move)
    text = write(record_of(g, {"w": "human", "b": "hard"}, "2026.11.29"))
    assert text == (
        '[Game "race"]\n[Players "2"]\n[Rule "pro"]\n[First "b"]\n'
        '[Seats "w=human b=hard"]\n[Date "2026.11.29"]\n[Result "*"]\n\n'
        "1. Sb4-A4 2. pass 3. Sw4-B4 4. Sb3-A3\n"
    )
    long = write(record_of(race_game(random.Random(3))))
    assert max(len(line) for line in long.splitlines()) < 80


def test_reading_is_lenient_about_layout_and_numbers():
    """Moves one per line or several, with or without numbers, '1.Sw4-A4', any tag order."""
    base = read('[Game "race"]\n\n1. Sw4-A4 2. Sb3-B3\n')
    for text in (
        '[Game "race"]\nSw4-A4\nSb3-B3',
        '  [Game "race"]  [Result "*"]\r\n1.Sw4-A4\r\n2.Sb3-B3\r\n',
        '[Result "*"]\n[Players "2"]\n[Game "race"]\n1. Sw4-A4\n2.\tSb3-B3\n\n',
        '[ Game "race" ]\n1. Sw4-A4 Sb3-B3',
    ):
        assert read(text) == base
    assert base["options"] == {"players": 2, "rule": "standard", "first": "w"}
    assert base["seats"] == {} and base["date"] is None and base["position"] is None


def test_a_missing_result_is_the_game_s_result():
    g = go.Game()
    g.play("resign")
    assert read('[Game "go"]\n1. resign')["result"] == "b"


ERRORS = [
    ("", 'line 1, column 1: the record is empty: it begins with tags such as [Game "race"]'),
    (
        '[Players "2"]\n1. Sw4-A4',
        'line 1, column 1: the Game tag is missing: a record begins with [Game "race"] or '
        '[Game "go"]',
    ),
    ('[Game "chess"]', "line 1, column 8: Game: “chess” is not a game: use race or go"),
    (
        '[Game "race"]\n[Event "club"]',
        "line 2, column 1: unknown tag “Event” (tags: Game, Players, Rule, First, Marker, "
        "Position, Seats, Date, Result, Dead)",
    ),
    ('[Game "race"]\n[Game "race"]', "line 2, column 1: the tag Game is given twice"),
    ('[Game "race"]\n[Marker "0"]', "line 2, column 1: the tag Marker belongs to go records"),
    ('[Game "go"]\n[Rule "pro"]', "line 2, column 1: the tag Rule belongs to race records"),
    ('[Game "race"\n', "line 1, column 1: the tag Game is not finished: “]” is missing"),
    (
        '[Game "race]\n',
        "line 1, column 1: the tag Game is not finished: its value has no closing quote",
    ),
    (
        "[Game race]",
        'line 1, column 7: tag Game: the value must be in double quotes, such as [Game "..."]',
    ),
    (
        '[Game "race"] x [Result "*"]',
        "line 1, column 17: a tag after the moves: the tags come first",
    ),
    ('[Game "race"]\n[Players "5"]', "line 2, column 11: Players: “5” is not one of 2, 3, 4"),
    ('[Game "race"]\n[First "r"]', "line 2, column 9: First: “r” is not one of w, b"),
    ('[Game "race"]\n[Rule "easy"]', "line 2, column 8: Rule: “easy” is not one of standard, pro"),
    (
        '[Game "go"]\n[Marker "8"]',
        "line 2, column 10: Marker: “8” is not a whole number from -7 to 7",
    ),
    (
        '[Game "race"]\n[Seats "w=human b=genius"]',
        "line 2, column 9: Seats: “b=genius”: “genius” is not one of human, easy, medium, hard, "
        "expert",
    ),
    (
        '[Game "race"]\n[Seats "r=human"]',
        "line 2, column 9: Seats: “r=human”: write colour=kind with a colour of w, b",
    ),
    (
        '[Game "race"]\n[Date "2026-11-29"]',
        "line 2, column 8: Date: “2026-11-29” is not a date YYYY.MM.DD (parts may be ??)",
    ),
    ('[Game "race"]\n[Result "draw"]', "line 2, column 10: Result: “draw” is not one of *, w, b"),
    (
        '[Game "race"]\n[Result "w"]\n1. Sw4-A4',
        "line 2, column 10: Result: “w” does not match the game: the game is not over (“*”)",
    ),
    (
        '[Game "go"]\n[Result "w"]\n1. resign',
        "line 2, column 10: Result: “w” does not match the game: White resigned and Black won "
        "(“b”)",
    ),
    (
        '[Game "go"]\n[Dead "3"]\n1. 3 2. 4',
        "line 2, column 8: Dead: dead groups are agreed after two passes in a row, and this game "
        "did not end with them",
    ),
    (
        '[Game "go"]\n[Dead "5"]\n1. 3 2. pass 3. pass',
        "line 2, column 8: Dead: There is no stone on point “5”.",
    ),
    ('[Game "go"]\n[Dead "73"]', "line 2, column 8: Dead: “73” is not a point (1-72)"),
    (
        '[Game "race"]\n[Position "g_w_72_0_0"]',
        "line 2, column 12: Position: board: 1 group: expected 8 separated by “.”, the seven "
        "hexagons (6 points each) and the outline (30 points)",
    ),
    (
        '[Game "race"]\n[Position " r2s_w_-_w4321.b4321_w0.b0"]',
        "line 2, column 12: Position: a position is written without spaces",
    ),
    (
        '[Game "race"]\n[Position "g_w_6.6.6.6.6.6.6.30_0_0"]',
        "line 2, column 12: Position: this is not a race position",
    ),
    (
        '[Game "race"]\n[Players "3"]\n[Position "r2s_b_-_w4321.b4321_w0.b0"]',
        "line 2, column 11: Players: “3” does not match the Position, which says “2”",
    ),
    (
        '[Game "race"]\n\n1. Sw4-A4 3. Sb3-B3',
        "line 3, column 11: the move number “3.” should be “2.”",
    ),
    (
        '[Game "race"]\n\n1. Sw4-A4 2.',
        "line 3, column 11: the move number “2.” is not followed by a move",
    ),
    (
        '[Game "race"]\n\n1. Sw4-A4 2. 3. Sb3-B3',
        "line 3, column 11: the move number “2.” is not followed by a move",
    ),
    (
        '[Game "race"]\n\n1. Sw4-A4 2. Sb4-A4\n3. Sw3-A3 4. A4-6 5. 6-7',
        "move 5 (line 4, column 22): The top stone on field “6” is Black's; White is to move,"
        " and only a player with no free stone may move another colour's stone.",
    ),
    (
        '[Game "race"]\n\n1. Sw4-A4 2. Sb4-A4 3. A4-6',
        "move 3 (line 3, column 24): The top stone on field “A4” is Black's; White's stone there"
        " is covered and cannot move.",
    ),
    ('[Game "race"]\n1. Sw5-A5', "move 1 (line 2, column 4): There is no field “A5”."),
    (
        '[Game "go"]\n1. 37 2. 37',
        "move 2 (line 2, column 10): Point “37” is already taken by White.",
    ),
    ('[Game "go"]\n1. resign 2. 1', "move 2 (line 2, column 14): The game is over."),
]


@pytest.mark.parametrize("text, message", ERRORS)
def test_errors_name_the_line_the_column_and_the_reason(text, message):
    with pytest.raises(RecordError) as err:
        read(text)
    if message.endswith("... "):
        assert str(err.value).startswith(message[:-4])
    else:
        assert str(err.value) == message
    assert err.value.line is not None and err.value.column is not None


def test_an_illegal_move_names_its_number_line_and_column():
    """The brief's own example: White may not move Black's stone on top of field 6 (R3, R9)."""
    text = '[Game "race"]\n\n1. Sw4-A4 2. Sb4-A4 3. Sw3-A3 4. A4-6\n5. 6-7 6. A4-5'
    with pytest.raises(RecordError) as err:
        read(text)
    assert str(err.value) == (
        "move 5 (line 4, column 4): The top stone on field “6” is Black's; White is to move,"
        " and only a player with no free stone may move another colour's stone."
    )
    assert (err.value.move, err.value.line, err.value.column) == (5, 4, 4)
    assert err.value.reason.startswith("The top stone on field “6” is Black's; White is to move")
    assert len(read(text[: text.index("5.")])["moves"]) == 4


def test_replaying_a_bad_dict_names_the_move_in_the_written_text():
    rec = read('[Game "go"]\n1. 5 2. 6')
    rec["moves"].append("5")
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert str(err.value) == "move 3 (line 6, column 14): Point “5” is already taken by White."
    assert write(rec).splitlines()[5][13:] == "5"


@pytest.mark.parametrize(
    "record",
    [
        None,
        "text",
        {"game": "chess", "options": {}},
        {"game": "race", "options": {"players": 5, "rule": "pro", "first": "w"}},
        {"game": "race", "options": {"players": 2, "rule": "pro", "first": "r"}},
        {"game": "race", "options": {"players": 2, "rule": "pro"}},
        {"game": "race", "options": {"players": 2, "rule": "pro", "first": "w", "x": 1}},
        {"game": "go", "options": {"first": "w", "marker": 9}},
        {"game": "go", "options": {"first": "w", "marker": 0}, "moves": ["1 2"]},
        {"game": "go", "options": {"first": "w", "marker": 0}, "dead": ["0"]},
        {"game": "race", "options": {"players": 2, "rule": "pro", "first": "w"}, "dead": []},
        {"game": "go", "options": {"first": "w", "marker": 0}, "seats": {"w": "god"}},
        {"game": "go", "options": {"first": "w", "marker": 0}, "date": "2026.13.01"},
        {"game": "go", "options": {"first": "w", "marker": 0}, "result": "r"},
        {"game": "go", "options": {"first": "w", "marker": 0}, "position": "a b"},
        {"game": "go", "options": {"first": "w", "marker": 0}, "colour": "w"},
    ],
)
def test_write_refuses_a_malformed_dict(record):
    with pytest.raises(RecordError) as err:
        write(record)
    assert err.value.line is None
    assert str(err.value).startswith("record: ")
    with pytest.raises(LinkError):
        to_link_fragment(record)


def test_read_refuses_what_is_not_text():
    for value in (None, 3, b'[Game "go"]', ['[Game "go"]']):
        with pytest.raises(RecordError):
            read(value)


def test_a_record_from_a_position_keeps_the_position_and_its_options():
    """A game set up in a position (a puzzle, a lesson) is recorded with its Position tag."""
    g = from_position("r2p_bd2_A4b_w4321.b3321_w0.b0")
    g.play("pass")
    g.play("Sw4-A4")
    rec = record_of(g)
    assert rec["position"] == "r2p_bd2_A4b_w4321.b3321_w0.b0"
    assert rec["options"] == {"players": 2, "rule": "pro", "first": "b"}
    text = write(rec)
    assert '[Position "r2p_bd2_A4b_w4321.b3321_w0.b0"]' in text
    assert replay(text).state_key() == g.state_key()
    # The option tags may be left out: the position says them.
    short = '[Game "race"]\n[Position "r2p_bd2_A4b_w4321.b3321_w0.b0"]\n1. pass 2. Sw4-A4'
    assert read(short) == rec


# -- share links ------------------------------------------------------------------------------


def a_link() -> tuple:
    g = race_game(random.Random(11))
    rec = record_of(g, {"w": "human"}, "2026.11.29")
    return rec, to_link_fragment(rec)


def test_a_link_is_short():
    """One byte per race move and 7 bits per go move, as base64url, plus 6 characters."""
    g = race.Game(4, False)
    rnd = random.Random(2)
    while not g.is_over:
        g.play(rnd.choice(g.legal_moves()))
    link = to_link_fragment(record_of(g))
    assert len(link) <= 2 + 1 + (8 * len(g.moves) + 40) / 6 + 1 + 4
    h = go.Game()
    for p in range(1, 61):
        h.play(str(p))
    assert len(to_link_fragment(record_of(h))) < 90


@pytest.mark.parametrize(
    "fragment, message",
    [
        ("", "the link holds no game (a game's link has #g=… in it)"),
        ("#mode=view", "the link holds no game (a game's link has #g=… in it)"),
        ("g=", "the link holds no game (a game's link has #g=… in it)"),
        ("g=1abc%20", "the link is damaged: “%” (character 5) does not belong in it"),
        (
            "g=2abcdefgh",
            "the link was made by another version of Lotus (format “2”); this page reads format 1",
        ),
        ("g=1abc", "the link is damaged: it is too short"),
        (None, "a link fragment is text, not NoneType"),
    ],
)
def test_link_errors(fragment, message):
    with pytest.raises(LinkError) as err:
        from_link_fragment(fragment)
    assert str(err.value) == message


def test_a_changed_link_is_detected_by_its_checksum():
    rec, link = a_link()
    for i in range(3, len(link)):
        for ch in "AQg_":
            if link[i] != ch:
                changed = link[:i] + ch + link[i + 1 :]
                with pytest.raises(LinkError) as err:
                    from_link_fragment(changed)
                assert str(err.value) == "the link is damaged: its checksum does not match"
    with pytest.raises(LinkError) as err:
        from_link_fragment(link[:-1])
    assert "checksum" in str(err.value)


def test_a_link_with_an_illegal_game_is_refused_even_with_a_good_checksum():
    rec = read('[Game "go"]\n1. 5 2. 6')
    rec["moves"][1] = "5"
    forged = records._encode(rec)[2:-4]
    with pytest.raises(LinkError) as err:
        from_link_fragment("g=" + forged + records._checksum(forged))
    assert str(err.value) == (
        "the link's game cannot be played: move 2 (line 6, column 9): Point “5” is already taken"
        " by White."
    )


# -- fuzzing: every text either reads or raises the documented error ------------------------

RECORD_ALPHABET = '[]" \n\t.-=*?GameRsultPyrFi0123456789SwbAB8pacndgo'


def mutate(text: str, rnd: random.Random, alphabet: str) -> str:
    """The text with one to four characters replaced, inserted or deleted, or cut short."""
    chars = list(text)
    for _ in range(rnd.randint(1, 4)):
        i = rnd.randrange(len(chars) + 1)
        op = rnd.randrange(4)
        if op == 0 and i < len(chars):
            chars[i] = rnd.choice(alphabet)
        elif op == 1:
            chars.insert(i, rnd.choice(alphabet))
        elif op == 2 and i < len(chars):
            del chars[i]
        else:
            chars = chars[:i]
    return "".join(chars)


def read_or_refuse(text) -> None:
    try:
        rec = read(text)
    except RecordError as err:
        assert not err.reason.startswith("internal error"), err
        assert err.line is not None and err.column is not None
        return
    assert read(write(rec)) == rec


def link_or_refuse(fragment) -> None:
    try:
        rec = from_link_fragment(fragment)
    except LinkError as err:
        assert "Error:" not in str(err), err
        return
    assert from_link_fragment(to_link_fragment(rec)) == rec


@settings(max_examples=300)
@given(st.text(alphabet=RECORD_ALPHABET, max_size=120))
def test_fuzz_read_random_text(text):
    read_or_refuse(text)


@settings(max_examples=100)
@given(st.text(max_size=60))
def test_fuzz_read_any_text(text):
    read_or_refuse(text)
    read_or_refuse('[Game "race"]\n' + text)
    read_or_refuse('[Game "go"]\n1. ' + text)


SAMPLES = []


def samples() -> list:
    """A few records of both games, kept for the mutation tests."""
    if not SAMPLES:
        for seed in range(6):
            rnd = random.Random(seed)
            SAMPLES.append(a_record(race_game(rnd), rnd))
            SAMPLES.append(a_record(go_game(rnd), rnd))
    return SAMPLES


@settings(max_examples=250)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzz_read_mutated_records(seed):
    rnd = random.Random(seed)
    rec = rnd.choice(samples())
    read_or_refuse(mutate(write(rec), rnd, RECORD_ALPHABET))


@settings(max_examples=200)
@given(st.text(alphabet=records._B64 + "g=#&%", max_size=80))
def test_fuzz_links_random_text(text):
    link_or_refuse(text)
    link_or_refuse("g=1" + text)


@settings(max_examples=250)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzz_links_mutated(seed):
    """Mutated links, and mutated ones whose checksum is made to fit (to reach the decoder)."""
    rnd = random.Random(seed)
    link = to_link_fragment(rnd.choice(samples()))
    link_or_refuse(mutate(link, rnd, records._B64))
    body = mutate(link[3:-4], rnd, records._B64)
    link_or_refuse("g=1" + body + records._checksum("1" + body))


# -- the documented examples ------------------------------------------------------------------


def doc_blocks(kind: str) -> list:
    with open(DOCS) as f:
        return re.findall(r"```" + kind + r"\n(.*?)```", f.read(), re.S)


def test_the_documented_records_read_and_are_written_as_they_are():
    examples = doc_blocks("lotus-record")
    assert len(examples) >= 3
    games = set()
    for text in examples:
        rec = read(text)
        games.add(rec["game"])
        assert write(rec) == text
    assert games == {"race", "go"}


def test_the_documented_links_hold_the_documented_records():
    examples = doc_blocks("lotus-record")
    links = doc_blocks("lotus-link")
    assert len(links) >= 2
    texts = [write(from_link_fragment(link.strip())) for link in links]
    for link, text in zip(links, texts):
        assert text in examples
        assert to_link_fragment(read(text)) == link.strip()


def test_the_documented_errors_are_the_errors():
    bad = doc_blocks("lotus-bad-record")
    said = doc_blocks("lotus-error")
    assert len(bad) == len(said) >= 2
    for text, message in zip(bad, said):
        with pytest.raises(RecordError) as err:
            read(text)
        assert str(err.value) == message.strip()


# -- in German ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, message",
    [
        (
            '[Game "race"]\n[Result "w"]\n1. Sw4-A4',
            "Zeile 2, Spalte 10: Result: „w“ passt nicht zur Partie: die Partie ist nicht zu Ende"
            " („*“)",
        ),
        (
            '[Game "go"]\n[Result "w"]\n1. resign',
            "Zeile 2, Spalte 10: Result: „w“ passt nicht zur Partie: Weiß hat aufgegeben und"
            " Schwarz gewonnen („b“)",
        ),
        ('[Game "chess"]', "Zeile 1, Spalte 8: Game: „chess“ ist kein Spiel: nimm race oder go"),
        (
            '[Game "race"]\n\n1. Sw4-A4 2.',
            "Zeile 3, Spalte 11: auf die Zugnummer „2.“ folgt kein Zug",
        ),
    ],
)
def test_a_german_reader_is_told_in_german_and_the_notation_stays(german, text, message):
    """The reason is German, with German quotes and capitalised colours; tags, values and the
    result codes are notation, the same in every language."""
    with pytest.raises(RecordError) as err:
        read(text)
    assert str(err.value) == message


def test_a_damaged_link_is_said_in_german(german):
    with pytest.raises(LinkError) as err:
        from_link_fragment("g=1abc%20")
    assert str(err.value) == "der Link ist beschädigt: „%“ (Zeichen 5) gehört nicht hinein"
