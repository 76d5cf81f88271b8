"""The game registry: the one place that knows which games exist (lotus/game/games.py)."""

import sys

import pytest

from lotus.game import games
from lotus.game.games import OptionError


def test_games_in_picker_order_with_titles():
    assert games.GAMES == ("race", "go")
    assert games.get("race").title == "Lotus (1998)"
    assert games.get("go").title == "Lotus (Freeling)"
    assert games.get("race").option_names == ("players", "pro", "first")
    assert games.get("go").option_names == ("first", "marker")


@pytest.mark.parametrize("game_id", ["chess", "", None, "Race"])
def test_unknown_game_is_an_option_error(game_id):
    with pytest.raises(OptionError, match="unknown game"):
        games.get(game_id)
    assert issubclass(OptionError, ValueError)


@pytest.mark.parametrize(
    ("game_id", "params", "typed"),
    [
        (
            "race",
            {},
            {"players": 2, "pro": False, "first": "w", "seats": {"w": "human", "b": "human"}},
        ),
        (
            "race",
            {"players": "4", "pro": "1", "first": "y", "seats": "hard,human,easy"},
            {
                "players": 4,
                "pro": True,
                "first": "y",
                "seats": {"w": "hard", "b": "human", "r": "easy", "y": "human"},
            },
        ),
        ("go", {}, {"first": "w", "marker": 0, "seats": {"w": "human", "b": "human"}}),
        (
            "go",
            {"first": "b", "marker": "-7", "seats": "medium,hard"},
            {"first": "b", "marker": -7, "seats": {"w": "medium", "b": "hard"}},
        ),
    ],
)
def test_options_round_trip(game_id, params, typed):
    entry = games.get(game_id)
    assert entry.options(params) == typed
    text = entry.option_text(typed)
    assert set(text) == set(entry.option_names) | {"seats"}
    assert all(type(v) is str for v in text.values())
    assert entry.options(text) == typed
    assert set(entry.colours(typed)) == set(typed["seats"])


def test_colours_in_turn_order():
    assert games.get("race").colours({"players": 3}) == ("w", "b", "r")
    assert games.get("go").colours({"first": "b", "marker": 0}) == ("w", "b")


@pytest.mark.parametrize(
    ("game_id", "params", "message"),
    [
        ("race", {"players": "5"}, "players must be 2, 3 or 4, not 5"),
        ("race", {"players": "x"}, "players must be 2, 3 or 4, not 'x'"),
        ("race", {"pro": "maybe"}, "pro must be 0 or 1, not 'maybe'"),
        ("race", {"first": "r"}, "first must be one of w, b with 2 players, not 'r'"),
        ("race", {"seats": "human,human,hard"}, "seats lists 3 players for a 2-player game"),
        ("go", {"first": "r"}, "first must be w or b, not 'r'"),
        ("go", {"marker": "8"}, "marker must be from -7 to 7, not 8"),
        ("go", {"marker": "one"}, "marker must be a whole number from -7 to 7, not 'one'"),
        # Digits are read strictly (int() also takes '_', spaces, '+' and other scripts' digits),
        # and the value is said as it was given.
        ("go", {"marker": "7_0"}, "marker must be a whole number from -7 to 7, not '7_0'"),
        ("go", {"marker": " 3"}, "marker must be a whole number from -7 to 7, not ' 3'"),
        ("go", {"marker": "+3"}, "marker must be a whole number from -7 to 7, not '+3'"),
        ("go", {"marker": "\u0663"}, "marker must be a whole number from -7 to 7, not '\u0663'"),
        ("race", {"players": "3_0"}, "players must be 2, 3 or 4, not '3_0'"),
        ("race", {"players": "1_0"}, "players must be 2, 3 or 4, not '1_0'"),
        (
            "go",
            {"seats": "human,genius"},
            "a seat is human, easy, medium, hard or expert, not 'genius'",
        ),
    ],
)
def test_bad_options_say_what_is_wrong(game_id, params, message):
    with pytest.raises(OptionError) as info:
        games.get(game_id).options(params)
    assert str(info.value) == message


@pytest.mark.parametrize("game_id", ["race", "go"])
def test_new_session_has_the_options(game_id):
    entry = games.get(game_id)
    options = entry.options({"first": "b", "seats": "hard"})
    session = entry.new_session(options)
    assert isinstance(session, entry.session_class())
    assert session.game_id == game_id
    assert session.seats == options["seats"]
    assert session.game.to_move == "b"
    assert entry.is_game(session.game)
    assert games.of_game(session.game) is entry


def test_of_game_refuses_other_objects():
    with pytest.raises(TypeError):
        games.of_game("race")


def test_go_replay_resumes_after_two_passes():
    """G9: a move after two passes in a row means the players resumed play."""
    entry = games.get("go")
    game = entry.replay(entry.new_engine({"first": "w", "marker": 0}), ["37", "pass", "pass", "12"])
    assert game.phase == "play"
    assert game.moves[-1] == "12"
    actions = []
    entry.replay(entry.new_engine({}), ["pass", "pass", "5", "pass", "pass"], actions.append)
    # act() here does not play, so the engine never reaches scoring: only the phase decides.
    assert actions == ["pass", "pass", "5", "pass", "pass"]
    session = entry.new_session()
    entry.replay(session.game, ["pass", "pass", "5"], session._record)
    assert session.actions == ["pass", "pass", "#resume", "5"]
    assert session.phase() == "play"


def test_race_replay_plays_moves_only():
    entry = games.get("race")
    game = entry.new_engine({"players": 2, "pro": False, "first": "w"})
    first = game.legal_moves()[0]
    assert entry.replay(game, [first]).moves == [first]


def test_importing_the_registry_loads_no_engine_renderer_or_session():
    code = (
        "import sys; import lotus.game.games; "
        "print(sorted(m for m in sys.modules if m.startswith('lotus')))"
    )
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = "['lotus', 'lotus.game', 'lotus.game.games', 'lotus.game.text', 'lotus.words']"
    assert out.stdout.strip() == loaded  # the words: the text helpers' errors are worded


@pytest.mark.parametrize("game_id", ["race", "go"])
def test_computer_plug_in_and_levels(game_id):
    """The engine game names its plug-in (the protocol's search_plugin), which has every level."""
    from lotus.engine import ai
    from lotus.engine.ai.plugin import Plugin

    game = games.get(game_id).new_engine({})
    assert game.search_plugin == f"lotus.engine.ai.{game_id}_plugin"
    plugin = ai.plugin_of(game)
    assert isinstance(plugin, Plugin) and type(plugin) is not Plugin  # the game's own
    levels = plugin.levels
    assert tuple(sorted(levels, key=games.LEVELS.index)) == games.LEVELS == ai.LEVELS


def test_a_game_stops_taking_moves_at_the_most_a_save_can_hold():
    from lotus.game import session as session_module

    assert session_module.MAX_MOVES == games.MAX_MOVES
    entry = games.get("go")
    session = entry.new_session(entry.options({}))
    while len(session.game.moves) < games.MAX_MOVES:  # passes, play resumed after each two (G9)
        if session.phase() == "scoring":
            session.act("#resume")
        session.act("pass")
    if session.phase() == "scoring":
        session.act("#resume")  # not a move: allowed
    assert session.phase() == "play"
    with pytest.raises(ValueError, match="2000 moves, the most a saved game can hold"):
        session.act("pass")
    assert len(session.game.moves) == games.MAX_MOVES
    while len(session.game.moves) == games.MAX_MOVES:
        session.undo()
    if session.phase() == "scoring":
        session.act("#resume")
    session.act("pass")  # below the limit: the game takes moves again


@pytest.mark.parametrize(
    "game_id, seats", [("race", "expert,human,expert"), ("go", "human,expert")]
)
def test_the_expert_level_is_a_seat_in_options_records_and_links(game_id, seats):
    """The strongest level can be chosen for a computer seat and survives a record and a link."""
    from lotus.game import records

    entry = games.get(game_id)
    params = {"players": "3"} if game_id == "race" else {}
    options = entry.options(dict(params, seats=seats))
    assert list(options["seats"].values()).count("expert") == seats.count("expert")
    assert entry.option_text(options)["seats"] == seats
    game = entry.new_engine(options)
    record = records.record_of(game, seats=options["seats"], date=None)
    assert records.read(records.write(record))["seats"] == options["seats"]
    assert records.from_link_fragment(records.to_link_fragment(record))["seats"] == options["seats"]


@pytest.mark.parametrize(
    ("game_id", "name", "start"),
    [("race", "players", "players must be 2, 3 or 4, not "), ("go", "marker", "marker must be")],
)
def test_a_long_value_is_repeated_only_in_part(game_id, name, start):
    for value in ("5" * 5000, "x" * 5000, "-" + "7" * 5000):
        with pytest.raises(OptionError) as info:
            games.get(game_id).options({name: value})
        message = str(info.value)
        assert message.startswith(start) and value[:20] + "…" in message
        assert len(message) < 100
