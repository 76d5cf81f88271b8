"""The app's state behind the page: sessions for each game, two-click input, undo/redo, status.

Pure Python (no DOM): `ui_bindings` turns DOM events into calls on these objects and writes what
they report back into the page. Each game's session lives in its own module (`race_session`,
`go_session`), imported only when that game is first shown, so the page starts light. Rules
live in the engines; sessions only hold what the page needs between clicks (the selection, the
redo stack, the last message) and words for people.
"""

from lotus.game import games
from lotus.game.games import OptionError, parse_seats, seats_text
from lotus.game.refusals import reason
from lotus.game.text import echo
from lotus.words import _


def query_params(query: str) -> dict:
    """The query's parameters, decoded (`unquote`); a name given twice keeps its first value, as
    the page's early script reads it (static/js/boot.js, URLSearchParams.get)."""
    params = {}
    text = query[1:] if query.startswith("?") else query
    for part in text.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        key = unquote(key)
        if key not in params:
            params[key] = unquote(value)
    return params


def parse_query(query: str) -> tuple:
    """Read `?game=race&players=4...` into (game, options or None, error message or '').

    Options are None when the query asks for no new game. An invalid value gives an error
    message and the defaults.
    """
    params = query_params(query)
    game = params.get("game", games.GAMES[0])
    error = ""
    if game not in games.GAMES:
        error = _(
            "Unknown game {game}: showing {title}.",
            game=echo(game),
            title=games.get(games.GAMES[0]).title,
        )
        game = games.GAMES[0]
    entry = games.get(game)
    if not [k for k in entry.option_names + ("seats",) if k in params]:
        return game, None, error
    try:
        options = entry.options(params)
    except OptionError as exc:
        # Translators: {reason} says which option is wrong ("players must be 2, 3 or 4…").
        return (
            game,
            entry.defaults(),
            _("Invalid link option: {reason}. Using the defaults.", reason=str(exc)),
        )
    return game, options, error


def unquote(text: str, strict: bool = False) -> str:
    """A URL value with its %XX escapes (UTF-8) and '+' decoded: 'human%2Chard' -> 'human,hard'.

    A broken escape is left as it is written (the option's check then says what is wrong), or,
    with `strict`, raises ValueError saying where it is (embeds name the parameter).
    """
    if "%" not in text and "+" not in text:
        return text
    data = bytearray()
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        pair = text[i + 1 : i + 3]
        if ch == "%" and len(pair) == 2 and _is_hex(pair):
            data.append(int(pair, 16))
            i += 3
            continue
        if ch == "%" and strict:
            raise ValueError(_("a broken %-escape at character {n}", n=i + 1))
        data.extend((" " if ch == "+" else ch).encode("utf-8"))
        i += 1
    try:
        return bytes(data).decode("utf-8")
    except UnicodeError:
        if strict:
            raise ValueError(_("its %-escapes are not UTF-8 text")) from None
        return text


def _is_hex(pair: str) -> bool:
    for ch in pair:
        if ch not in "0123456789abcdefABCDEF":
            return False
    return True


def escape(text) -> str:
    """Text made safe inside HTML markup and attribute values."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


class App:
    """Both games' sessions; the picker switches between them and each keeps its own options."""

    def __init__(self) -> None:
        self.current = games.GAMES[0]
        self.sessions = {}

    @staticmethod
    def session_class(game: str):
        """The session class of a game, importing its module on first use."""
        return games.get(game).session_class()

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
            raise OptionError(_("games set up from a position cannot be continued in the app yet"))
        game = record.get("game")
        entry = games.get(game)
        typed = entry.check(**entry.record_option_text(record.get("options") or {}))
        seats = record.get("seats") or {}
        typed["seats"] = {c: seats.get(c, "human") for c in entry.colours(typed)}
        session = entry.new_session(typed)
        entry.replay(session.game, record.get("moves") or (), session._record)
        if record.get("dead") is not None:  # the agreed dead groups end the game (G9, G10)
            session._record("#finish:" + ",".join(str(p) for p in record["dead"]))
        session.message = ""
        self.sessions[game] = session
        self.current = game

    def restore(self, game: str, text: str) -> None:
        """Replace `game`'s session by the one saved in `text` (raises saves.SaveError)."""
        from lotus.game import saves

        entry = games.get(game)
        parts = saves.load(text, game)
        try:
            typed = entry.check(**entry.saved_option_text(parts["options"]))
            colours = entry.colours(typed)
            typed["seats"] = parse_seats(seats_text(parts["seats"], colours), colours)
        except OptionError as exc:
            raise saves.SaveError(
                _("its options are not valid: {reason}", reason=str(exc))
            ) from None
        session = entry.new_session(typed)
        for i, action in enumerate(parts["actions"]):
            try:  # the registry's replay: a move after two passes resumes play (G9)
                entry.replay(session.game, (action,), session._record)
            except ValueError as exc:
                why = echo(reason(exc), quoted=False, limit=120)  # the engine repeats the move
                raise saves.SaveError(
                    _(
                        "move {n} ({move}) is not legal: {reason}",
                        n=i + 1,
                        move=echo(action, quoted=False),
                        reason=why,
                    )
                ) from None
        session.redo_stack = list(parts["redo"])
        try:
            entry.restore_extras(session, parts)
        except ValueError as exc:
            raise saves.SaveError(
                _("its dead groups are not valid: {reason}", reason=reason(exc))
            ) from None
        session.review_to(parts["review"])
        session.message = ""
        self.sessions[game] = session

    @property
    def session(self):
        """The session on screen (a new game with default options the first time)."""
        if self.current not in self.sessions:
            self.sessions[self.current] = self.session_class(self.current)()
        return self.sessions[self.current]
