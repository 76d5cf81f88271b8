"""The games: one registry, the one place that knows which games exist.

    from lotus.game import games
    games.GAMES                          # ('race', 'go'): the picker's order
    entry = games.get("go")              # raises OptionError for an unknown id
    entry.title                          # 'Lotus (Freeling)'
    options = entry.options({"marker": "2", "seats": "human,hard"})
    session = entry.new_session(options)
    entry.option_text(options)           # {'first': 'w', 'marker': '2', 'seats': 'human,hard'}

Each entry gathers what the rest of the package needs to know about one game: its options (text
in, typed out, and back), its colours, its engine, how a list of moves is replayed (the G9 rule
"a move after two passes resumes play" is the engine's `resumes`, asked here), its session class,
renderer, the extras a save keeps, its usual starts, and the hooks records, positions and embeds
use. The engine game itself says the rest (the protocol `lotus.engine.Game`: its computer
plug-in, whose levels and judges the search reads). Everything else asks the registry or the
protocol instead of comparing game names or classes; a third game is one more entry, handed to
`register`, plus its own modules (tests/test_third_game.py plays one that lives in tests/).

This module runs on MicroPython and is imported when the page starts: it imports no engine,
renderer or session at load time (each method imports what it needs when called), and it uses no
dataclasses, typing or enum. Dicts do not keep their order on MicroPython: orders are tuples.
"""

from lotus.game.text import echo, whole
from lotus.words import N_, _

COLOURS = ("w", "b", "r", "y")  # turn order of the race (R2); Go uses the first two
MARKER_LIMIT = 7  # the pass track runs from -7 to 7 (G3)

MAX_MOVES = 2000
"""The most moves a record, share link, save or embed may hold, in each game (docs/records.md).

Checked before anything is decoded or replayed, so a huge game is refused at once, not after
seconds of replay (a game of Go may pass forever: each move after two passes resumes play).
"""

MAX_RECORD_CHARS = 100000
"""The longest record text that is read (lotus.game.records): 2,000 moves need about 30,000
characters. Here so that the page can refuse a longer text without loading the records module."""

SEAT_KINDS = ("human", "easy", "medium", "hard", "expert")  # a person, or the computer at a level
LEVELS = SEAT_KINDS[1:]  # the computer's levels, weakest first


class OptionError(ValueError):
    """A new-game option (from the query string, the form, a record or a save) is not valid."""


def parse_seats(text, colours) -> dict:
    """Seats from text in colour order ('human,hard'); missing seats are people."""
    kinds = [k for k in str(text or "").split(",") if k] if text else []
    if len(kinds) > len(colours):
        raise OptionError(
            _(
                "seats lists {listed} players for a {n}-player game",
                listed=len(kinds),
                n=len(colours),
            )
        )
    seats = {}
    for i, colour in enumerate(colours):
        kind = kinds[i] if i < len(kinds) else "human"
        if kind not in SEAT_KINDS:
            raise OptionError(
                _(
                    "a seat is human, easy, medium, hard or expert, not {value}",
                    value=echo(kind),
                )
            )
        seats[colour] = kind
    return seats


def seats_text(seats: dict, colours) -> str:
    """The seats in colour order, as the query writes them ('human,hard')."""
    return ",".join(seats.get(c, "human") for c in colours)


class Game:
    """A registry entry: what the rest of the package asks about one game.

    Subclasses set the class attributes and fill in the methods marked "per game".
    """

    id = ""
    title = ""  # the game's name for people
    tab_note = ""  # what the picker's tab says under the title (N_("race"), N_("Go")): `_()` it
    stylesheet = ""  # the board's stylesheet (site path), inlined in the pages (tools/predraw.py)
    option_names = ()  # the query/form option keys, in order (without "seats")
    record_option_names = ()  # the option keys of a record (lotus.game.records), in order
    has_scoring = False  # the players agree on dead groups before the end (G9, G10)
    board_ratio = 1.0  # a board's height for its width (embeds size their frames with it)
    start_position = ""  # the usual start with the default options (lotus.game.positions text)
    has_numbers = False  # the board can show its point numbers
    has_selection = False  # a move starts by selecting a stone (an embed's `select`)
    always_passes = False  # passing is a move at every turn (the race passes only when blocked)
    embed_options = ()  # start options an embed may give beside the game, in order

    # -- options -----------------------------------------------------------------------------
    def colours(self, options) -> tuple:
        """The seat colours in turn order for typed options (per game)."""
        raise NotImplementedError

    def check(self, **text) -> dict:
        """Typed options (without seats) from text values; raises OptionError (per game)."""
        raise NotImplementedError

    def options(self, params: dict) -> dict:
        """Typed options, "seats" included, from text values as in a query or form.

        Missing keys take their defaults; raises OptionError saying what is wrong.
        """
        given = {k: params[k] for k in self.option_names if k in params}
        typed = self.check(**given)
        colours = self.colours(typed)
        typed["seats"] = parse_seats(params.get("seats"), colours)
        return typed

    def defaults(self) -> dict:
        """The default typed options, without seats."""
        return self.check()

    def option_text(self, options) -> dict:
        """Text values for each option name and "seats": the inverse of `options`."""
        out = {}
        for name in self.option_names:
            out[name] = self.text_of(name, options[name])
        out["seats"] = seats_text(options.get("seats") or {}, self.colours(options))
        return out

    def text_of(self, name: str, value) -> str:
        """One typed option value as the query or form writes it."""
        return str(value)

    def saved_option_text(self, options: dict) -> dict:
        """Text values (for `check`) of the typed options a save or a session keeps (per game)."""
        raise NotImplementedError

    def record_option_text(self, options: dict) -> dict:
        """Text values (for `check`) of a record's options (lotus.game.records; per game)."""
        raise NotImplementedError

    # -- sessions ----------------------------------------------------------------------------
    def session_class(self):
        """The page's session class for this game, importing its module on first use."""
        raise NotImplementedError

    def new_session(self, options=None):
        """A new session with typed options (as `options` returns them; None: the defaults)."""
        return self.session_class()(**dict(options or {}))

    def save_extras(self, session) -> dict:
        """What a save keeps beyond the actions (per game)."""
        return {}

    def restore_extras(self, session, parts: dict) -> None:
        """Put a save's extras back into a restored session (ValueError if they do not fit)."""

    # -- engine ------------------------------------------------------------------------------
    def engine(self):
        """The engine module (per game)."""
        raise NotImplementedError

    def renderer(self):
        """The renderer module (per game)."""
        raise NotImplementedError

    def is_game(self, game) -> bool:
        """True when `game` is an engine game of this kind."""
        return isinstance(game, self.engine().Game)

    def new_engine(self, options) -> object:
        """A new engine game at the usual start for typed options (per game)."""
        raise NotImplementedError

    def resumes(self, game) -> bool:
        """True when the next move on `game` first resumes play (the engine says: Go's G9)."""
        return game.resumes()

    def replay(self, game, moves, act=None):
        """Play `moves` in order; returns `game`.

        `act(action)` carries out each action (default: the engine game's play and resume); a
        move that comes when `resumes` says so is preceded by the "#resume" action. Actions that
        are not moves ("#resume", "#finish:…", as a save keeps them) are carried out as they are.
        """
        if act is None:
            act = self._engine_act(game)
        for move in moves:
            if move[:1] != "#" and self.resumes(game):
                act("#resume")
            act(move)
        return game

    def _engine_act(self, game):
        def act(action):
            if action == "#resume":
                game.resume()
            else:
                game.play(action)

        return act

    def embed_engine(self, params: dict, whole, flag) -> object:
        """The engine game an embed's start options describe (`whole(text, name, low, high)`
        and `flag(text, name)` read a value or raise the embed's error)."""
        return self.new_engine({})

    def record_hooks(self):
        """The game's part of records, positions and share links: its tags, record options,
        results, outcome words, position text, link codes (a module; see
        lotus/game/race_records.py)."""
        raise NotImplementedError

    def starts(self) -> list:
        """Every usual start, as option text for `options` (without seats), in a fixed order: the
        opening book's positions (tools/book.py). The defaults alone unless a game says more."""
        return [self.saved_option_text(self.defaults())]

    def from_request(self, options: dict, moves) -> object:
        """The engine game a worker request describes (options as the session keeps them)."""
        return self.replay(self.new_engine(options), moves or ())


class Race(Game):
    """Lotus (1998): the race, two to four players (R1-R11)."""

    id = "race"
    title = "Lotus (1998)"
    tab_note = N_("race")
    stylesheet = "static/css/race-board.css"
    option_names = ("players", "pro", "first")
    record_option_names = ("players", "rule", "first")
    board_ratio = 1.16
    start_position = "r2s_w_-_w4321.b4321_w0.b0"
    has_selection = True
    embed_options = ("players", "pro")

    def colours(self, options) -> tuple:
        return COLOURS[: int(options.get("players", 2))]

    def check(self, players="2", pro="0", first="w") -> dict:
        n = whole(players)
        if n is None:
            raise OptionError(_("players must be 2, 3 or 4, not {value}", value=echo(players)))
        if n < 2 or n > 4:
            raise OptionError(
                _("players must be 2, 3 or 4, not {value}", value=echo(players, quoted=False))
            )
        if str(pro) not in ("0", "1", "true", "false", "on", "off", "True", "False"):
            raise OptionError(_("pro must be 0 or 1, not {value}", value=echo(pro)))
        pro_on = str(pro) in ("1", "true", "on", "True")
        colours = COLOURS[:n]
        if first not in colours:
            # Translators: {names} are colour codes ("w, b, r"), notation.
            raise OptionError(
                _(
                    "first must be one of {names} with {n} players, not {value}",
                    names=", ".join(colours),
                    n=n,
                    value=echo(first),
                )
            )
        return {"players": n, "pro": pro_on, "first": first}

    def text_of(self, name: str, value) -> str:
        if name == "pro":
            return "1" if value else "0"
        return str(value)

    def saved_option_text(self, options: dict) -> dict:
        pro = "1" if options.get("pro") else "0"
        return {"players": str(options.get("players")), "pro": pro, "first": options.get("first")}

    def record_option_text(self, options: dict) -> dict:
        pro = "1" if options.get("rule") == "pro" else "0"
        return {"players": str(options.get("players")), "pro": pro, "first": options.get("first")}

    def session_class(self):
        from lotus.game.race_session import RaceSession

        return RaceSession

    def engine(self):
        from lotus.engine import race

        return race

    def renderer(self):
        from lotus.render import race

        return race

    def record_hooks(self):
        from lotus.game import race_records

        return race_records

    def starts(self) -> list:
        out = []
        for players in (2, 3, 4):
            for pro in ("0", "1"):
                for first in COLOURS[:players]:
                    out.append({"players": str(players), "pro": pro, "first": first})
        return out

    def embed_engine(self, params: dict, whole, flag) -> object:
        players = whole(params.get("players", "2"), "players", 2, 4)
        return self.new_engine({"players": players, "pro": flag(params.get("pro", "0"), "pro")})

    def new_engine(self, options) -> object:
        return self.engine().Game(
            players=int(options.get("players", 2)),
            pro=bool(options.get("pro", False)),
            first=options.get("first", "w"),
        )


class Go(Game):
    """Lotus (Freeling): Go on the Kensington board, two players (G1-G10)."""

    id = "go"
    title = "Lotus (Freeling)"
    tab_note = N_("Go")
    stylesheet = "static/css/go-board.css"
    option_names = ("first", "marker")
    record_option_names = ("first", "marker")
    has_scoring = True
    board_ratio = 1.12
    start_position = "g_w_6.6.6.6.6.6.6.30_0_0"
    has_numbers = True
    always_passes = True

    def colours(self, options=None) -> tuple:
        return COLOURS[:2]

    def check(self, first="w", marker="0") -> dict:
        if first not in COLOURS[:2]:
            raise OptionError(_("first must be w or b, not {value}", value=echo(first)))
        value = whole(marker)
        if value is None:
            raise OptionError(
                _(
                    "marker must be a whole number from -7 to 7, not {value}",
                    value=echo(marker),
                )
            )
        if value < -MARKER_LIMIT or value > MARKER_LIMIT:
            raise OptionError(
                _("marker must be from -7 to 7, not {value}", value=echo(marker, quoted=False))
            )
        return {"first": first, "marker": value}

    def saved_option_text(self, options: dict) -> dict:
        return {"first": options.get("first"), "marker": str(options.get("marker"))}

    record_option_text = saved_option_text

    def session_class(self):
        from lotus.game.go_session import GoSession

        return GoSession

    def save_extras(self, session) -> dict:
        extras = {"numbers": bool(session.numbers)}
        if session.game.phase == "scoring":
            extras["dead"] = list(session.game.dead)
        return extras

    def restore_extras(self, session, parts: dict) -> None:
        session.numbers = parts["numbers"]
        if session.phase() == "scoring":
            session.game.set_dead(parts["dead"])

    def engine(self):
        from lotus.engine import go

        return go

    def renderer(self):
        from lotus.render import go

        return go

    def new_engine(self, options) -> object:
        return self.engine().Game(
            marker=int(options.get("marker", 0)), first=options.get("first", "w")
        )

    def record_hooks(self):
        from lotus.game import go_records

        return go_records

    def starts(self) -> list:
        out = []
        for first in COLOURS[:2]:
            for marker in range(-MARKER_LIMIT, MARKER_LIMIT + 1):
                out.append({"first": first, "marker": str(marker)})
        return out


ENTRIES = (Race(), Go())
"""The entries, in the picker's order."""

GAMES = tuple(entry.id for entry in ENTRIES)
"""The game ids, in the picker's order."""

TITLES = {entry.id: entry.title for entry in ENTRIES}
"""The games' names for people, by id."""

# ENTRIES, GAMES and TITLES are replaced (never changed in place) when a game registers: other
# modules read them as `games.GAMES`, never `from lotus.game.games import GAMES`, which would keep
# the list of the day it was imported (tests/test_structure.py checks it).


def register(entry) -> None:
    """Add a game: its entry (a `Game` subclass's instance) goes last in the picker's order.

    Raises OptionError when a game of that id is registered already. The built-in games are
    registered at load time; tests/test_third_game.py registers a game of its own.
    """
    global ENTRIES, GAMES, TITLES
    if not entry.id or entry.id in GAMES:
        raise OptionError(
            _("The game {name} is registered already, or has no id.", name=echo(entry.id))
        )
    ENTRIES = ENTRIES + (entry,)
    GAMES = GAMES + (entry.id,)
    titles = dict(TITLES)
    titles[entry.id] = entry.title
    TITLES = titles


def unregister(game_id: str) -> None:
    """Remove a registered game (OptionError for a game this version lacks)."""
    global ENTRIES, GAMES, TITLES
    get(game_id)
    ENTRIES = tuple(e for e in ENTRIES if e.id != game_id)
    GAMES = tuple(e.id for e in ENTRIES)
    TITLES = {e.id: e.title for e in ENTRIES}


def get(game_id):
    """The registry entry of a game id; raises OptionError for a game this version lacks."""
    for entry in ENTRIES:
        if entry.id == game_id:
            return entry
    raise OptionError(_("unknown game {game}", game=echo(game_id)))


def of_game(game):
    """The entry of an engine game object (raises TypeError for anything else)."""
    for entry in ENTRIES:
        if entry.is_game(game):
            return entry
    names = " or a ".join(e.engine().__name__.rpartition(".")[2] + ".Game" for e in ENTRIES)
    raise TypeError(f"expected a {names}, not {type(game).__name__}")
