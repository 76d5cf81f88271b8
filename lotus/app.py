"""The app's state behind the page: sessions for each game, two-click input, undo/redo, status.

Pure Python (no DOM): `ui_bindings` turns DOM events into calls on these objects and writes what
`view()` returns back into the page. Rules live in the engines; this module only holds what the
page needs between clicks (the selection, the redo stack, the last message) and words for people.
"""

from lotus.engine import go, race
from lotus.render import go as go_render
from lotus.render import race as race_render

GAMES = ("race", "go")
GAME_TITLES = {"race": "Lotus (1998)", "go": "Lotus (Freeling)"}


def colour_name(colour: str) -> str:
    """'w' -> 'White' (MicroPython's str has no capitalize)."""
    name = race.COLOUR_NAMES[colour]
    return name[0].upper() + name[1:]


class OptionError(ValueError):
    """A new-game option (from the query string or the form) is not valid."""


def race_options(players="2", pro="0", first="w") -> dict:
    """Validate race options given as text (query or form) and return them typed."""
    try:
        n = int(players)
    except (TypeError, ValueError):
        raise OptionError(f"players must be 2, 3 or 4, not {players!r}") from None
    if n < 2 or n > 4:
        raise OptionError(f"players must be 2, 3 or 4, not {n}")
    if str(pro) not in ("0", "1", "true", "false", "on", "off", "True", "False"):
        raise OptionError(f"pro must be 0 or 1, not {pro!r}")
    pro_on = str(pro) in ("1", "true", "on", "True")
    colours = race.COLOURS[:n]
    if first not in colours:
        names = ", ".join(colours)
        raise OptionError(f"first must be one of {names} with {n} players, not {first!r}")
    return {"players": n, "pro": pro_on, "first": first}


def go_options(first="w", marker="0") -> dict:
    """Validate Go options given as text (query or form) and return them typed."""
    if first not in go.COLOURS:
        raise OptionError(f"first must be w or b, not {first!r}")
    try:
        value = int(marker)
    except (TypeError, ValueError):
        raise OptionError(f"marker must be a whole number from -7 to 7, not {marker!r}") from None
    if value < -go.MARKER_LIMIT or value > go.MARKER_LIMIT:
        raise OptionError(f"marker must be from -7 to 7, not {value}")
    return {"first": first, "marker": value}


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
    keys = ("players", "pro", "first") if game == "race" else ("first", "marker")
    given = {k: params[k] for k in keys if k in params}
    if not given:
        return game, None, error
    try:
        if game == "race":
            options = race_options(
                given.get("players", "2"), given.get("pro", "0"), given.get("first", "w")
            )
        else:
            options = go_options(given.get("first", "w"), given.get("marker", "0"))
    except OptionError as exc:
        defaults = race_options() if game == "race" else go_options()
        return game, defaults, f"Invalid link option: {exc}. Using the defaults."
    return game, options, error


class Session:
    """What both games' sessions share: the engine game, the redo stack, who made each move."""

    game_id = ""

    def __init__(self, game) -> None:
        self.game = game
        self.actions = []  # every action taken back by undo, in play order (moves and more)
        self.movers = []  # colour that made each action
        self.redo_stack = []
        self.message = ""

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
        self.message = ""
        self._after_change()

    def _after_change(self) -> None:
        """Hook: clear per-position view state after the game changed."""

    def undo(self) -> None:
        """Take back the last action, keeping it for redo."""
        if self.actions:
            self.game.undo()
            self.redo_stack.append(self.actions.pop())
            self.movers.pop()
        self.message = ""
        self._after_change()

    def redo(self) -> None:
        """Replay the last action taken back."""
        if self.redo_stack:
            self._record(self.redo_stack.pop())

    def move_rows(self) -> list:
        """[(colour who moved, move)] in play order: the moves of the move list."""
        return [(c, a) for c, a in zip(self.movers, self.actions) if not a.startswith("#")]

    def moves(self) -> list:
        """The game's moves in notation."""
        return list(self.game.moves)


class RaceSession(Session):
    """One race game in the page: the engine game plus the two-click selection."""

    game_id = "race"

    def __init__(self, players: int = 2, pro: bool = False, first: str = "w") -> None:
        self.options = {"players": players, "pro": pro, "first": first}
        super().__init__(race.Game(players=players, pro=pro, first=first))
        self._after_change()

    def _after_change(self) -> None:
        self.selected = None
        self.targets = ()
        self.bounce_targets = ()

    # -- input -----------------------------------------------------------------------------
    def click(self, target: str) -> bool:
        """Handle a click on a field ('A3', '8', 'G') or start stack ('Sw4'); True if it moved."""
        self.message = ""
        game = self.game
        if game.is_over:
            self.message = "The game is over. Start a new game to play again."
            return False
        if self.selected is None or target == self.selected:
            if target == self.selected:
                self._after_change()
                return False
            return self._select(target)
        try:
            move = game.move_for(self.selected, target)
        except race.IllegalMove as exc:
            if target in game.origins():
                return self._select(target)
            self._after_change()
            self.message = _sentence(str(exc))
            return False
        self.act(move)
        return True

    def _select(self, origin: str) -> bool:
        try:
            moves = self.game.moves_from(origin)
        except race.IllegalMove as exc:
            self._after_change()
            self.message = _sentence(str(exc))
            return False
        targets = []
        bounces = []
        for move in moves:
            _, path = race.parse_move(move)
            if path[0] not in targets:
                targets.append(path[0])
            if len(path) > 1 and path[1] not in bounces:
                bounces.append(path[1])
        self.selected = origin
        self.targets = tuple(targets)
        self.bounce_targets = tuple(bounces)
        return False

    def play(self, move: str) -> None:
        """Play a move given in notation (raises race.IllegalMove)."""
        self.act(move)

    def pass_turn(self) -> None:
        """Pass, when the engine allows it."""
        try:
            self.act("pass")
        except race.IllegalMove as exc:
            self.message = _sentence(str(exc))

    # -- output ----------------------------------------------------------------------------
    def can_pass(self) -> bool:
        """True when `pass` is a legal move now."""
        return "pass" in self.game.legal_moves()

    def phase(self) -> str:
        """'play' or 'over'."""
        return "over" if self.game.is_over else "play"

    def status(self) -> str:
        """One line for people: the result, a refused click's reason, or whose turn it is."""
        game = self.game
        if game.is_over:
            name = race.COLOUR_NAMES[game.winner]
            return f"{colour_name(game.winner)} wins: every {name} stone is home."
        if self.message:
            return self.message
        who = colour_name(game.to_move)
        if game.blocked:
            if game.pro:
                return f"{who} is blocked (Pro rule): {who} must pass."
            return f"{who} is blocked: move any opponent's free stone, or pass."
        if self.selected is not None:
            return f"{who} to move: choose where the stone on {_origin_name(self.selected)} goes."
        return f"{who} to move."

    def banner(self) -> str:
        """The end-of-game banner text, or '' while the game goes on."""
        if not self.game.is_over:
            return ""
        return f"{colour_name(self.game.winner)} wins!"

    def svg(self) -> str:
        """The board as SVG markup."""
        last = self.game.moves[-1] if self.game.moves else None
        return race_render.board(
            self.game,
            selected=self.selected,
            targets=self.targets,
            bounce_targets=self.bounce_targets,
            last_move=last,
        )

    def track_svg(self) -> str:
        """The race has no pass track."""
        return ""


class GoSession(Session):
    """One Go game in the page: placements, passes, the scoring phase and its dead groups."""

    game_id = "go"

    def __init__(self, first: str = "w", marker: int = 0, numbers: bool = False) -> None:
        self.options = {"first": first, "marker": marker}
        self.numbers = numbers
        self.flipped = ()
        super().__init__(go.Game(marker=marker, first=first))

    def _do(self, action: str) -> None:
        game = self.game
        before = game.board()
        if action == "#finish":
            game.finish()
        elif action == "#resume":
            game.resume()
        else:
            game.play(action)
            if game.phase == go.SCORING:
                game.set_dead(game.suggest_dead())
        after = game.board()
        flipped = go_render.reversed_points(before, after)
        self._flips = tuple(flipped)

    def _after_change(self) -> None:
        self.flipped = getattr(self, "_flips", ())
        self._flips = ()

    # -- input -----------------------------------------------------------------------------
    def click(self, point: str) -> bool:
        """A click on a point: place a stone in play, toggle a group dead while scoring."""
        self.message = ""
        game = self.game
        if game.phase == go.SCORING:
            if game.colour_at(point) is None:
                self.message = "Scoring: click a stone to mark its group dead or alive."
                return False
            game.toggle_dead(point)
            self.flipped = ()
            return False
        if game.phase == go.OVER:
            self.message = "The game is over. Start a new game to play again."
            return False
        try:
            self.act(point)
        except go.IllegalMove as exc:
            self.message = _sentence(str(exc))
            return False
        return True

    def pass_turn(self) -> None:
        """Pass: the marker moves one point toward the passer (G3)."""
        self._try("pass")

    def resign(self) -> None:
        """Resign: the opponent wins (G8)."""
        self._try("resign")

    def confirm(self) -> None:
        """Agree on the marked dead groups and end the game (G9, G10)."""
        self._try("#finish")

    def resume(self) -> None:
        """Return from the scoring phase to play (G9)."""
        self._try("#resume")

    def _try(self, action: str) -> None:
        try:
            self.act(action)
        except go.IllegalMove as exc:
            self.message = _sentence(str(exc))

    # -- output ----------------------------------------------------------------------------
    def phase(self) -> str:
        """'play', 'scoring' or 'over'."""
        return self.game.phase

    def can_pass(self) -> bool:
        """Passing (and resigning) is possible while in play."""
        return self.game.phase == go.PLAY

    def breakdown(self) -> dict:
        """{'w': (stones, territory, marker points, total), 'b': ...} with the marked dead groups."""
        game = self.game
        dead = game.dead
        score = game.score(dead)
        areas = game.territory(dead)
        out = {}
        for colour in go.COLOURS:
            marker = game.marker if colour == "w" else -game.marker
            marker = marker if marker > 0 else 0
            area = len(areas[colour])
            out[colour] = (score[colour] - area - marker, area, marker, score[colour])
        return out

    def score_text(self) -> str:
        """'White 30 (stones 25 + territory 3 + marker 2) · Black …'."""
        parts = []
        for colour, (stones, area, marker, total) in sorted(
            self.breakdown().items(), key=_white_first
        ):
            parts.append(
                f"{colour_name(colour)} {total} (stones {stones} + territory {area} + marker {marker})"
            )
        return " · ".join(parts)

    def status(self) -> str:
        """One line for people: the result, the scoring breakdown, a refusal, or whose turn."""
        game = self.game
        if game.phase == go.OVER:
            return self.banner()
        if self.message:
            return self.message
        if game.phase == go.SCORING:
            return (
                "Scoring: click a group to mark it dead or alive, then confirm. "
                + self.score_text()
            )
        who = colour_name(game.to_move)
        if game.moves and game.moves[-1] == "pass":
            return (
                f"{colour_name(self.movers[-1])} passed. {who} to move (passing too ends the game)."
            )
        return f"{who} to move."

    def banner(self) -> str:
        """The end-of-game banner text, or '' while the game goes on."""
        game = self.game
        if game.phase != go.OVER:
            return ""
        if game.resigned:
            return f"{colour_name(game.resigned)} resigned: {colour_name(game.winner)} wins!"
        score = game.score(game.dead)
        if game.winner is None:
            return f"Draw, {score['w']} to {score['b']}."
        loser = "b" if game.winner == "w" else "w"
        return f"{colour_name(game.winner)} wins, {score[game.winner]} to {score[loser]}."

    def svg(self) -> str:
        """The board as SVG markup (with dead groups and territory while scoring and after)."""
        game = self.game
        last = game.moves[-1] if game.moves else None
        if game.phase == go.PLAY or game.resigned:
            return go_render.board(game, last_move=last, flipped=self.flipped, numbers=self.numbers)
        return go_render.board(
            game,
            last_move=last,
            flipped=self.flipped,
            numbers=self.numbers,
            dead=game.dead,
            territory=game.territory(game.dead),
        )

    def track_svg(self) -> str:
        """The pass track with the marker."""
        return go_render.track(self.game.marker)


def _white_first(item) -> int:
    return 0 if item[0] == "w" else 1


def _origin_name(origin: str) -> str:
    if origin.startswith("S"):
        return f"the {race.COLOUR_NAMES[origin[1]]} start stack of {origin[2:]}"
    return origin


def _sentence(text: str) -> str:
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
        self.sessions = {"race": RaceSession(), "go": GoSession()}

    def new_game(self, game: str, options: dict) -> None:
        """Start a new game of `game` with validated options."""
        if game == "race":
            self.sessions["race"] = RaceSession(**options)
        else:
            numbers = self.sessions["go"].numbers
            self.sessions["go"] = GoSession(numbers=numbers, **options)
        self.current = game

    @property
    def session(self):
        """The session on screen."""
        return self.sessions[self.current]
