"""The app's state behind the page: sessions for each game, two-click input, undo/redo, status.

Pure Python (no DOM): `ui_bindings` turns DOM events into calls on these objects and writes what
they report back into the page. Each game's session lives in its own module (`race_session`,
`go_session`), imported only when that game is first shown, so the page starts light. Rules
live in the engines; sessions only hold what the page needs between clicks (the selection, the
redo stack, the last message) and words for people.
"""

from lotus import games
from lotus.games import (  # noqa: F401  (the page imports these names from here)
    COLOUR_NAMES,
    COLOURS,
    MARKER_LIMIT,
    SEAT_KINDS,
    OptionError,
    parse_seats,
    seats_text,
)

SEAT_WORDS = {
    "human": "person",
    "easy": "computer, easy",
    "medium": "computer, medium",
    "hard": "computer, hard",
}

GAMES = games.GAMES
GAME_TITLES = games.TITLES


def colour_name(colour: str) -> str:
    """'w' -> 'White' (MicroPython's str has no capitalize)."""
    name = COLOUR_NAMES[colour]
    return name[0].upper() + name[1:]


def race_options(players="2", pro="0", first="w") -> dict:
    """Validate race options given as text (query or form) and return them typed."""
    return games.get("race").check(players, pro, first)


def go_options(first="w", marker="0") -> dict:
    """Validate Go options given as text (query or form) and return them typed."""
    return games.get("go").check(first, marker)


def parse_query(query: str) -> tuple:
    """Read `?game=race&players=4...` into (game, options or None, error message or '').

    Options are None when the query asks for no new game. An invalid value gives an error
    message and the defaults.
    """
    params = {}
    text = query[1:] if query.startswith("?") else query
    for part in text.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        params[key] = value
    game = params.get("game", "race")
    error = ""
    if game not in GAMES:
        error = f"Unknown game {game!r}: showing Lotus (1998)."
        game = "race"
    keys = ("players", "pro", "first", "seats") if game == "race" else ("first", "marker", "seats")
    given = {k: params[k] for k in keys if k in params}
    if not given:
        return game, None, error
    try:
        if game == "race":
            options = race_options(
                given.get("players", "2"), given.get("pro", "0"), given.get("first", "w")
            )
            colours = COLOURS[: options["players"]]
        else:
            options = go_options(given.get("first", "w"), given.get("marker", "0"))
            colours = COLOURS[:2]
        options["seats"] = parse_seats(given.get("seats"), colours)
    except OptionError as exc:
        defaults = race_options() if game == "race" else go_options()
        return game, defaults, f"Invalid link option: {exc}. Using the defaults."
    return game, options, error


class Session:
    """What both games' sessions share: the engine game, the redo stack, who made each move."""

    game_id = ""

    def __init__(self, game, seats=None) -> None:
        self.game = game
        self.seats = dict(seats or {})  # colour -> 'human' or a computer level
        self.actions = []  # every action taken back by undo, in play order (moves and more)
        self.movers = []  # colour that made each action
        self.redo_stack = []
        self.message = ""
        self.waiting = ""  # set by the page: '', 'ready' (worker loading), 'thinking', 'paused'
        self.version = (
            0  # counts changes of the game, so late answers for old positions are dropped
        )
        self.hint = None  # a move the computer suggested for this position
        self.asked_dead = -1  # the version whose dead groups were asked of the search
        self.touched = False  # the players changed the dead-group marks themselves
        self.review = None  # None: the present; n: looking at the position after n actions
        self._review_cache = None

    def _do(self, action: str) -> None:
        """Carry out an action on the engine (raises the engine's IllegalMove)."""
        self.game.play(action)

    def act(self, action: str) -> None:
        """Carry out a new action (raises IllegalMove); clears the redo stack."""
        self._record(action)
        self.redo_stack = []

    def _record(self, action: str) -> None:
        mover = self.game.to_move
        self._do(action)
        self.actions.append(action)
        self.movers.append(mover)
        self.version += 1
        self.hint = None
        self.touched = False
        self.message = ""
        self._after_change()

    def _after_change(self) -> None:
        """Hook: clear per-position view state after the game changed."""

    def seat(self, colour: str) -> str:
        """'human' or the computer level that plays `colour`."""
        return self.seats.get(colour, "human")

    def computer_level(self):
        """The level of the computer that must move now, or None (a person's turn, or no turn)."""
        if self.phase() != "play" or self.review is not None:
            return None
        level = self.seat(self.game.to_move)
        return None if level == "human" else level

    def watching(self) -> bool:
        """True when every seat is the computer (a demonstration)."""
        colours = self.colours()
        return all(self.seat(c) != "human" for c in colours)

    def turn_text(self) -> str:
        """'White to move.', or what the computer whose turn it is is doing."""
        colour = self.game.to_move
        who = colour_name(colour)
        level = self.seat(colour)
        if level == "human":
            return f"{who} to move."
        if self.waiting == "ready":
            return f"{who} (computer, {level}) is getting ready…"
        if self.waiting == "paused":
            return f"{who} (computer, {level}) to move: paused."
        return f"{who} (computer, {level}) is thinking…"

    def computer_turn_refusal(self) -> str:
        """Why a person's click is refused while the computer is to move."""
        colour = self.game.to_move
        return f"Please wait: {colour_name(colour)} is played by the computer."

    def clear_selection(self) -> None:
        """Forget a half-made move (Escape)."""

    def show_hint(self, move: str) -> None:
        """Remember the computer's suggestion for this position and say it."""
        self.hint = move
        self.message = f"Hint: {move}"

    def hint_marks(self) -> list:
        """[(hook, value)] of the board elements the hint points at, e.g. [('point', '37')]."""
        return []

    def undo_turn(self) -> None:
        """Undo for a person playing the computer: back to the last position a person moves in."""
        self.undo()
        if self.watching():
            return
        while self.actions and self.computer_level() is not None:
            self.undo()

    def undo(self) -> None:
        """Take back the last action, keeping it for redo."""
        if self.actions:
            self.game.undo()
            self.redo_stack.append(self.actions.pop())
            self.movers.pop()
            self.version += 1
            self.hint = None
            self.touched = False
        self.message = ""
        self._after_change()

    def redo(self) -> None:
        """Replay the last action taken back."""
        if self.redo_stack:
            action = self.redo_stack.pop()
            try:
                self._record(action)
            except ValueError:  # a redo list that no longer fits (e.g. from a damaged save)
                self.redo_stack = []

    # -- review ----------------------------------------------------------------------------
    def review_to(self, index) -> None:
        """Look at the position after `index` actions (None or the end: back to the present)."""
        if index is not None:
            index = max(0, min(int(index), len(self.actions)))
            if index == len(self.actions):
                index = None
        self.review = index
        self._review_cache = None
        self.message = ""

    def review_step(self, delta: int) -> None:
        """Step the review back (negative) or forward through the game."""
        here = len(self.actions) if self.review is None else self.review
        self.review_to(here + delta)

    def moves_shown(self) -> int:
        """How many moves of the move list lead to the position on screen."""
        actions = self.actions if self.review is None else self.actions[: self.review]
        return len([a for a in actions if not a.startswith("#")])

    def view_game(self):
        """The game to show: the present, or a copy replayed to the reviewed position."""
        if self.review is None:
            return self.game
        if self._review_cache is None or self._review_cache[0] != self.review:
            scratch = type(self)(**self.options)
            for action in self.actions[: self.review]:
                scratch._do(action)
            self._review_cache = (self.review, scratch.game)
        return self._review_cache[1]

    def play_from_here(self) -> None:
        """Continue from the reviewed position: the later moves are taken back (redo keeps them)."""
        if self.review is None:
            return
        target = self.review
        while len(self.actions) > target:
            self.undo()
        self.review_to(None)

    def review_refusal(self) -> str:
        """Why a board click is refused while reviewing."""
        return (
            f"Reviewing move {self.review} of {len(self.actions)}: use “Play from here” to "
            "continue from this position, or go to the end."
        )

    def move_rows(self) -> list:
        """[(colour who moved, move)] in play order: the moves of the move list."""
        return [(c, a) for c, a in zip(self.movers, self.actions) if not a.startswith("#")]

    def moves(self) -> list:
        """The game's moves in notation."""
        return list(self.game.moves)

    def keep_view(self, old) -> None:
        """Hook: carry view preferences over from the previous session of the same game."""


def escape(text) -> str:
    """Text made safe inside HTML markup and attribute values."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


def sentence(text: str) -> str:
    """A message as a sentence: capital first letter, full stop at the end."""
    if not text:
        return text
    text = text[0].upper() + text[1:]
    if text[-1] not in ".!?":
        text += "."
    return text


class App:
    """Both games' sessions; the picker switches between them and each keeps its own options."""

    def __init__(self) -> None:
        self.current = "race"
        self.sessions = {}

    @staticmethod
    def session_class(game: str):
        """The session class of a game, importing its module on first use."""
        if game == "race":
            from lotus.race_session import RaceSession

            return RaceSession
        from lotus.go_session import GoSession

        return GoSession

    def new_game(self, game: str, options: dict) -> None:
        """Start a new game of `game` with validated options."""
        old = self.sessions.get(game)
        session = self.session_class(game)(**options)
        if old is not None:
            session.keep_view(old)
        self.sessions[game] = session
        self.current = game

    def load_record(self, record: dict) -> None:
        """Show the game a record (or share link) holds, ready to continue (raises ValueError)."""
        if record.get("position"):
            raise OptionError("games set up from a position cannot be continued in the app yet")
        game = record.get("game")
        given = record.get("options") or {}
        if game == "race":
            pro = "1" if given.get("rule") == "pro" else "0"
            typed = race_options(str(given.get("players")), pro, given.get("first"))
            colours = COLOURS[: typed["players"]]
        elif game == "go":
            typed = go_options(given.get("first"), str(given.get("marker")))
            colours = COLOURS[:2]
        else:
            raise OptionError(f"unknown game {game!r}")
        seats = record.get("seats") or {}
        typed["seats"] = {c: seats.get(c, "human") for c in colours}
        session = self.session_class(game)(**typed)
        passes = 0
        for move in record.get("moves") or ():
            if game == "go":
                if passes >= 2:  # a placement after two passes: the players resumed (G9)
                    session._record("#resume")
                    passes = 0
                passes = passes + 1 if move == "pass" else 0
            session._record(move)
        if game == "go" and record.get("dead") is not None:
            session._record("#finish:" + ",".join(str(p) for p in record["dead"]))
        session.message = ""
        self.sessions[game] = session
        self.current = game

    def restore(self, game: str, text: str) -> None:
        """Replace `game`'s session by the one saved in `text` (raises saves.SaveError)."""
        from lotus import saves

        parts = saves.load(text, game)
        options = parts["options"]
        try:
            if game == "race":
                pro = "1" if options.get("pro") else "0"
                typed = race_options(str(options.get("players")), pro, options.get("first"))
                colours = COLOURS[: typed["players"]]
            else:
                typed = go_options(options.get("first"), str(options.get("marker")))
                colours = COLOURS[:2]
            typed["seats"] = parse_seats(seats_text(parts["seats"], colours), colours)
        except OptionError as exc:
            raise saves.SaveError(f"its options are not valid: {exc}") from None
        session = self.session_class(game)(**typed)
        for i, action in enumerate(parts["actions"]):
            try:
                session._record(action)
            except ValueError as exc:
                raise saves.SaveError(f"move {i + 1} ({action}) is not legal: {exc}") from None
        session.redo_stack = list(parts["redo"])
        if game == "go":
            session.numbers = parts["numbers"]
            if session.phase() == "scoring":
                try:
                    session.game.set_dead(parts["dead"])
                except ValueError as exc:
                    raise saves.SaveError(f"its dead groups are not valid: {exc}") from None
        session.review_to(parts["review"])
        session.message = ""
        self.sessions[game] = session

    @property
    def session(self):
        """The session on screen (a new game with default options the first time)."""
        if self.current not in self.sessions:
            self.sessions[self.current] = self.session_class(self.current)()
        return self.sessions[self.current]
