"""Limits on what the page reads (records, links, saves, embeds) and the one G9 resume rule.

Each reader checks lengths before it decodes or replays (a link of many passes must not freeze
the tab, nor a record over 1 MB raise MemoryError), a message repeats at most a short part of a
long value, and every replay asks the engine's `go.Game.resumes` (records and embeds agree on
"pass pass pass").
"""

import contextlib
import json

import pytest

from lotus.engine import go, race
from lotus.game import games, records, remote, saves
from lotus.page import app, controller, diagrams, embed

PASSES = ["pass"] * 3  # pass, pass (scoring, G8), pass: play resumes, then White... passes (G9)


def go_record(moves) -> dict:
    return {
        "game": "go",
        "options": {"first": "w", "marker": 0},
        "seats": {},
        "date": None,
        "result": "*",
        "moves": list(moves),
        "dead": None,
        "position": None,
    }


@contextlib.contextmanager
def no_move_played():
    """Fail unless the code inside plays no move on any engine: a refusal must come before the
    replay (a time limit here would be a flake on a busy machine; this is what makes it quick)."""
    played = []
    patches = [
        (go.Game, "play"),
        (go.Game, "play_index"),
        (go.Game, "play_on"),
        (race.Game, "play"),
    ]
    saved = [(cls, name, cls.__dict__[name]) for cls, name in patches]

    def counting(original):
        def play(self, *args):
            played.append(args)
            return original(self, *args)

        return play

    for cls, name, original in saved:
        setattr(cls, name, counting(original))
    try:
        yield played
    finally:
        for cls, name, original in saved:
            setattr(cls, name, original)
    assert played == [], f"{len(played)} moves were played before the refusal"


def quickly(call, *args):
    """Run call(*args), expecting an error; return it and assert it came before any move."""
    with no_move_played(), pytest.raises(Exception) as info:  # noqa: PT011 (tests check the text)
        call(*args)
    return info.value


# -- the limits -----------------------------------------------------------------------------------


def test_the_limits_are_one_number_of_moves_for_every_reader():
    assert games.MAX_MOVES == records.MAX_MOVES == embed.MAX_MOVES == 2000
    # A record and a link of the longest game fit their character limits.
    longest = go_record(["37"] + ["pass", "pass"] * 999 + ["pass"])
    assert len(longest["moves"]) == games.MAX_MOVES
    text = records.write(longest)
    assert len(text) < records.MAX_RECORD_CHARS
    assert records.read(text)["moves"] == longest["moves"]
    link = records.to_link_fragment(longest)
    assert len(link) - 2 < records.MAX_LINK_CHARS
    assert records.from_link_fragment(link)["moves"] == longest["moves"]


def test_a_record_over_the_move_limit_is_refused_before_its_moves_are_played():
    text = '[Game "go"]\n\n' + " ".join(["pass"] * 19000)
    assert len(text) < records.MAX_RECORD_CHARS
    err = quickly(records.read, text)
    assert isinstance(err, records.RecordError)
    assert err.move == games.MAX_MOVES + 1
    assert "19000 moves, more than the 2000" in str(err)


def test_a_record_over_the_character_limit_is_refused_before_it_is_read():
    text = '[Game "go"]\n\n' + "1. pass " * 150000  # 1.2 MB
    assert len(text) > 1_200_000
    err = quickly(records.read, text)
    assert isinstance(err, records.RecordError)
    assert (err.line, err.column) == (1, 1)
    assert "too long" in str(err) and str(records.MAX_RECORD_CHARS) in str(err)
    err = quickly(records.load, text)
    assert isinstance(err, records.RecordError)


def test_a_long_link_is_refused_before_it_is_decoded():
    long_link = "#g=1" + "A" * 117000  # the length of 100,000 passes
    err = quickly(records.from_link_fragment, long_link)
    assert isinstance(err, records.LinkError)
    assert "too long" in str(err)
    # A link short enough whose count of moves is over the limit: refused at the count.
    link = records._encode(go_record(["pass"] * (games.MAX_MOVES + 1)))
    assert len(link) < records.MAX_LINK_CHARS
    err = quickly(records.from_link_fragment, link)
    assert isinstance(err, records.LinkError)
    assert "2001 moves, more than the 2000" in str(err)


def test_a_record_dict_over_the_limit_is_refused():
    with pytest.raises(records.RecordError, match="more than the 2000"):
        records.write(go_record(["pass"] * 2001))


def test_memory_errors_are_reported_like_other_bad_input(monkeypatch):
    def no_memory(*args):
        raise MemoryError

    monkeypatch.setattr(records, "_load", no_memory)
    with pytest.raises(records.RecordError, match="too large for this browser's memory"):
        records.read('[Game "go"]')
    monkeypatch.setattr(records, "_from_link", no_memory)
    with pytest.raises(records.LinkError, match="too large"):
        records.from_link_fragment("#g=1AAAA")
    page = controller.PageController()
    assert page.import_record('[Game "go"]') is False
    assert "could not be read" in page.record_error  # next to the import box
    assert "Your game is unchanged" in page.record_error
    notes = page.open_link("#g=1AAAA")
    assert notes and "could not be opened" in notes[0]


def test_the_controller_refuses_huge_links_and_records_at_once():
    page = controller.PageController()
    before = page.app.session
    notes = quickly_notes(page.open_link, "#g=1" + "A" * 117000)
    assert "too long" in notes[0] and "Your saved games are unchanged" in notes[0]
    with no_move_played():
        assert page.import_record('[Game "go"]\n\n' + "pass " * 250000) is False
    assert "too long" in page.record_error  # next to the import box
    assert page.app.session is before


def quickly_notes(call, arg):
    with no_move_played():
        return call(arg)


def test_an_embed_refuses_a_long_record_before_replaying_it():
    link = records._encode(go_record(["pass"] * 20000))
    err = quickly(embed.parse_fragment, "#" + link)
    assert isinstance(err, embed.EmbedError)
    assert err.param == "g" and "too long" in str(err)
    err = quickly(embed.parse_fragment, "#game=go&moves=" + ",pass" * 60000)
    assert isinstance(err, embed.EmbedError) and err.param == "fragment"
    err = quickly(embed.parse_fragment, "#game=go&moves=" + ",".join(["pass"] * 2001))
    assert err.param == "moves" and "at most 2000 moves" in str(err)


def save_text(actions, **extra) -> str:
    data = {
        "format": saves.FORMAT,
        "game": "go",
        "options": {"first": "w", "marker": 0},
        "seats": {"w": "human", "b": "human"},
        "actions": actions,
        "redo": [],
        "review": None,
        "numbers": False,
    }
    data.update(extra)
    return json.dumps(data)


def test_a_save_over_the_limits_is_refused():
    err = quickly(saves.load, save_text(["pass"] * 2001), "go")
    assert isinstance(err, saves.SaveError) and "more than the 2000" in str(err)
    err = quickly(saves.load, save_text(["pass"], redo=["pass"] * 2001), "go")
    assert "redo" in str(err)
    err = quickly(saves.load, " " * (saves.MAX_SAVE_CHARS + 1) + save_text([]), "go")
    assert "too long" in str(err)
    # The scoring phase's actions are not moves: 2,000 moves and their resumes are kept.
    actions = ["37"] + ["pass", "pass", "#resume"] * 666 + ["pass"]
    assert saves.load(save_text(actions), "go")["actions"] == actions


@pytest.mark.parametrize("value", [True, 1.0, "1", None])
def test_a_save_format_must_be_the_number_one(value):
    with pytest.raises(saves.SaveError, match="format"):
        saves.load(save_text([], format=value), "go")
    assert saves.load(save_text([]), "go")["actions"] == []


# -- one rule for resuming after two passes (G9) ---------------------------------------------------


def expected_after_passes():
    game = go.Game()
    game.play("pass")
    game.play("pass")
    assert game.phase == go.SCORING and game.resumes()
    game.resume()
    game.play("pass")
    return game


def test_the_engine_states_the_rule_and_replays_with_it():
    want = expected_after_passes()
    assert go.Game.from_moves(PASSES).state_key() == want.state_key()
    game = go.Game()
    for move in PASSES:
        game.play_on(move)
    assert game.state_key() == want.state_key()
    assert not go.Game().resumes()


def test_the_registry_asks_the_engine(monkeypatch):
    entry = games.get("go")
    game = entry.new_engine({})
    calls = []
    monkeypatch.setattr(go.Game, "resumes", lambda self: calls.append(1) or False)
    assert entry.resumes(game) is False and calls == [1]


def test_records_read_pass_pass_pass_as_resume_then_pass():
    text = records.write(go_record(PASSES))
    record, game = records.load(text)
    assert record["moves"] == PASSES
    assert game.state_key() == expected_after_passes().state_key()


def test_links_carry_pass_pass_pass():
    link = records.to_link_fragment(go_record(PASSES))
    assert records.from_link_fragment(link)["moves"] == PASSES
    page = controller.PageController()
    assert page.open_link("#" + link) == []
    assert page.app.session.actions == ["pass", "pass", "#resume", "pass"]
    assert page.app.session.phase() == "play"


def test_embeds_accept_what_records_accept():
    settings = embed.parse_fragment("#game=go&moves=pass,pass,pass")
    assert settings["moves"] == PASSES
    diagram = diagrams.Diagram(settings)
    assert diagram.session.game.state_key() == expected_after_passes().state_key()
    link = records.to_link_fragment(go_record(PASSES))
    assert embed.parse_fragment("#" + link)["moves"] == PASSES


def test_saves_resume_as_records_do():
    # An app save keeps the resume; a save listing the passes alone means the same game.
    for actions in (["pass", "pass", "#resume", "pass"], PASSES):
        a = app.App()
        a.restore("go", save_text(actions))
        assert a.sessions["go"].game.state_key() == expected_after_passes().state_key()
        assert a.sessions["go"].actions == ["pass", "pass", "#resume", "pass"]


def test_the_worker_rebuilds_pass_pass_pass():
    request = {"game": "go", "options": {"first": "w", "marker": 0}, "moves": PASSES}
    assert remote.build_game(request).state_key() == expected_after_passes().state_key()
    assert json.loads(remote.legal_moves(json.dumps(request))) == go.Game().legal_moves()


# -- smaller points ------------------------------------------------------------------------------


@pytest.mark.parametrize("date", ["2026.02.31", "2026.04.31", "2025.02.29", "1900.02.29"])
def test_impossible_dates_are_refused(date):
    with pytest.raises(records.RecordError, match="Date"):
        records.read(f'[Game "go"]\n[Date "{date}"]')
    with pytest.raises(records.RecordError, match="date"):
        records.write(dict(go_record([]), date=date))


@pytest.mark.parametrize("date", ["2024.02.29", "2000.02.29", "????.02.29", "2026.??.31"])
def test_possible_dates_are_read(date):
    assert records.read(f'[Game "go"]\n[Date "{date}"]')["date"] == date


def test_a_dead_point_given_twice_is_refused():
    moves = ["37", "pass", "pass"]
    text = records.write(dict(go_record(moves), result="b", dead=["37"]))
    assert records.read(text)["dead"] == ["37"]
    with pytest.raises(records.RecordError, match="point 37 is given twice"):
        records.read(text.replace('[Dead "37"]', '[Dead "37 37"]'))
    with pytest.raises(records.RecordError, match="given twice"):
        records.write(dict(go_record(moves), dead=["37", "37"]))


@pytest.mark.parametrize("thing", ["x", None, 3, {}])
def test_record_of_something_else_is_a_type_error(thing):
    with pytest.raises(TypeError, match=r"record_of takes a game \(race.Game or go.Game\)"):
        records.record_of(thing)


def test_query_values_are_percent_decoded():
    game, options, error = app.parse_query("?game=go&seats=human%2Chard")
    assert (game, error) == ("go", "")
    assert options["seats"] == {"w": "human", "b": "hard"}
    assert app.parse_query("?game%3Dgo")[0] == "race"  # '=' escaped is no separator
    assert app.parse_query("?game=go&marker=%2D3")[1]["marker"] == -3
    game, options, error = app.parse_query("?game=go&marker=%zz")
    assert "'%zz'" in error  # a broken escape is shown as written
    assert app.unquote("a+b%C3%A9") == "a bé"


def test_the_page_asks_the_length_before_copying_a_record():
    page = controller.PageController()
    assert page.record_too_long(records.MAX_RECORD_CHARS) is False
    assert page.record_error == ""
    assert page.record_too_long(1_200_000) is True
    said = page.record_error  # next to the import box, where the user looks
    assert "too long (1200000 characters" in said and "unchanged" in said


def test_the_worker_unavailable_is_said_plainly():
    page = controller.PageController()
    message = page.worker_unavailable("PythonError: failed to fetch worker.toml\nmore")
    assert message == "The computer is unavailable: PythonError: failed to fetch worker.toml"
    assert page.error == message


@pytest.mark.parametrize(
    "text",
    [
        '[Game "race"]\n[Players "' + "4" * 5000 + '"]\n\n1. pass',
        '[Game "go"]\n[Marker "' + "7" * 5000 + '"]\n\n1. 1',
        '[Game "' + "x" * 5000 + '"]\n\n1. 1',
        '[Game "go"]\n[Date "' + "2" * 5000 + '"]\n\n1. 1',
        '[Game "go"]\n\n1. ' + "9" * 5000,
    ],
    ids=["players", "marker", "game", "date", "move"],
)
def test_a_record_error_repeats_at_most_a_short_part_of_a_long_value(text):
    """A message never carries a whole long input back to the page (a 5,000-character value)."""
    with pytest.raises(ValueError) as err:
        records.read(text)
    assert len(str(err.value)) < 300, str(err.value)
