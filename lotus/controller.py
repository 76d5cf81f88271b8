"""What the page decides, without a DOM: events in as plain values, what to show out as plain data.

`lotus.ui_bindings` is the adapter: it reads a DOM event, calls a controller here, and writes the
controller's `view()` into the page. Everything that can be decided without a browser is decided
here and tested under CPython (and MicroPython):

- `PageController`, the app (index.html): the game on screen, its autosave and restore, share
  links and records, the new-game form's values, which actions are enabled, the move list, the
  Embed dialog's snippet.
- `BoardController`, one embedded board (embed.html, the rules pages' figures).
- `Computer`, shared by both: when the computer must move (or hint, or suggest dead groups), a
  `Ticket` for the adapter to send to the worker, and what to do with its answer; an answer for a
  position that has changed meanwhile is dropped.

The browser's storage is handed in as a port with `get(key)` and `set(key, value)`, so tests give
a dict-backed one.
"""

import json

from lotus import app as app_module
from lotus import games, saves

SAVE_KEY = "lotus.save."  # + game: the autosave of that game
CURRENT_KEY = "lotus.current"  # the game on screen last time
HINT_LEVEL = "medium"
WATCH_DELAY = {"slow": 1.5, "normal": 0.6, "fast": 0.05}  # seconds between computer moves
# Review buttons (and keys): how far each one steps, given the number of actions.
REVIEW_STEPS = {
    "first": lambda n: -n,
    "prev": lambda n: -1,
    "next": lambda n: 1,
    "last": lambda n: n,
}
REVIEW_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}
TARGETS = ("field", "start", "point")  # the board elements a click names (page contract)
APP_ACTIONS = (
    "first",
    "prev",
    "next",
    "last",
    "play-here",
    "undo",
    "redo",
    "pass",
    "resign",
    "confirm",
    "resume",
    "hint",
)


def session_target(kind: str, value: str) -> str:
    """A board element's hook as a session click: ('start', 'w4') -> 'Sw4'; ('field', 'A3') too."""
    return "S" + value if kind == "start" else value


class MemoryStorage:
    """A storage port kept in a dict (tests, and a browser whose storage is unavailable)."""

    def __init__(self, items=None) -> None:
        self.items = dict(items or {})

    def get(self, key: str):
        """The stored text, or None."""
        return self.items.get(key)

    def set(self, key: str, value: str) -> bool:
        """Store text; True when it was kept."""
        self.items[key] = value
        return True


# -- the computer ---------------------------------------------------------------------------------


class Ticket:
    """One question for the worker (a move, a hint, dead groups) about one session's version."""

    __slots__ = ("kind", "session", "version", "level", "seed", "delay")

    def __init__(self, kind: str, session, level=None, seed=None, delay: float = 0) -> None:
        self.kind = kind  # 'move', 'hint' or 'dead'
        self.session = session
        self.version = session.version
        self.level = level
        self.seed = seed
        self.delay = delay  # seconds to wait before asking (watch mode's pace)

    @property
    def call(self) -> str:
        """The worker function that answers it."""
        return "suggest_dead" if self.kind == "dead" else "choose_move"

    def request(self) -> str:
        """The session's game as the worker's JSON request."""
        session = self.session
        request = {"game": session.game_id, "options": session.options, "moves": session.game.moves}
        if self.level is not None:
            request["level"] = self.level
            request["seed"] = self.seed
        return json.dumps(request)


class Computer:
    """The computer's turns, one routine for the app and the embedded boards.

    A subclass says which session is on show (`shown()`) and whether a session is still the one
    it shows (`is_current`). `tickets()` hands out what the worker must be asked now; the adapter
    asks, then reports back through `worker_up`, `answered` or `failed`.
    """

    def __init__(self) -> None:
        self.busy = None  # (session, version) the computer is thinking about
        self.failed_at = None  # (session, version) whose move failed: not asked again
        self.paused = False
        self.speed = "normal"
        self.worker_ready = False
        self.timings = []  # {"game", "level", "ms", "search_ms"} of every computer move

    def shown(self):
        """The session on show."""
        raise NotImplementedError

    def is_current(self, session) -> bool:
        """True while `session` is still on show (not replaced by a new game or a record)."""
        raise NotImplementedError

    def _asking(self, session) -> bool:
        return self.busy is not None and self.busy[0] is session

    def thinking(self) -> bool:
        """True while the computer thinks about the position on show."""
        session = self.shown()
        return self._asking(session) and self.busy[1] == session.version

    def move_ticket(self):
        """A ticket for the computer's move when a computer seat is to move, else None."""
        session = self.shown()
        level = session.computer_level()
        key = (session, session.version)
        if level is None or self.thinking() or self.failed_at == key:
            return None
        if self.paused:
            session.waiting = "paused"
            return None
        self.busy = key
        session.waiting = "thinking" if self.worker_ready else "ready"
        delay = WATCH_DELAY.get(self.speed, 0.6) if session.watching() else 0
        return Ticket("move", session, level, seed=session.version, delay=delay)

    def worker_up(self, ticket) -> bool:
        """The worker is there: the computer now thinks (True when the status changed)."""
        session = ticket.session
        if ticket.kind != "move" or session.waiting != "ready":
            return False
        session.waiting = "thinking"
        return self.is_current(session)

    def worker_answered(self) -> None:
        """The worker has answered a call: the computer can play."""
        self.worker_ready = True

    def worker_unavailable(self, error: str) -> str:
        """The worker could not start (its config or runtime did not load): what to say."""
        reason = str(error).strip().split("\n")[0] or "its files could not be loaded"
        return "The computer is unavailable: " + reason

    def answered(self, ticket, answer, elapsed_ms: float = 0) -> None:
        """The worker's answer; played or shown only if its position is still the one on show."""
        self.worker_answered()
        session = ticket.session
        fresh = self.is_current(session) and session.version == ticket.version
        if ticket.kind == "hint":
            if fresh:
                session.show_hint(answer["move"])
            return
        if ticket.kind == "dead":
            if fresh and session.phase() == "scoring" and not session.touched:
                session.game.set_dead(answer)
                session.dead_source = "search"
            return
        if self._asking(session) and self.busy[1] == ticket.version:
            self.busy = None
        if not fresh:
            return  # the position changed while the computer thought: drop the stale answer
        if self.paused:
            session.waiting = "paused"
            return
        session.waiting = ""
        self.timings.append(
            {
                "game": session.game_id,
                "level": ticket.level,
                "ms": elapsed_ms,
                "search_ms": answer.get("ms", 0),
            }
        )
        session.act(answer["move"])

    def failed(self, ticket, error: str) -> str:
        """The worker could not answer: the message to show ('' for a quiet failure)."""
        session = ticket.session
        if ticket.kind == "dead":
            return ""  # the engine's quick guess stays
        if ticket.kind == "hint":
            return "No hint available: " + error
        if self._asking(session) and self.busy[1] == ticket.version:
            self.busy = None
        self.failed_at = (session, ticket.version)
        session.waiting = ""
        return "The computer could not move: " + error


# -- the app --------------------------------------------------------------------------------------


class PageController(Computer):
    """The app (index.html): what a click, a key, a button or a form means; what to show."""

    def __init__(self, storage=None) -> None:
        super().__init__()
        self.app = app_module.App()
        self.storage = storage if storage is not None else MemoryStorage()
        self.restored = set()  # games whose autosave was looked at
        self.error = ""  # the visible notice ([data-error])
        self.form = None  # (game, options) the new-game form must show, set by a link

    def shown(self):
        """The session on screen."""
        return self.app.session

    def is_current(self, session) -> bool:
        """True while `session` is its game's session (not replaced by a new game or record)."""
        return self.app.sessions.get(session.game_id) is session

    # -- start, saves and links --------------------------------------------------------------
    def start(self, query: str, fragment: str) -> bool:
        """Open the page: the game in the query or the last one, its save, a link's game.

        Returns True when the address's fragment held a share link and must now be cleared.
        """
        game, options, error = app_module.parse_query(query)
        if options is None and "game=" not in query:
            last = self.storage.get(CURRENT_KEY)
            game = last if last in games.GAMES else games.GAMES[0]
        self.app.current = game
        # Only the game on screen is restored now; the other one when it is first shown.
        notes = self.restore_saves(game)
        link_notes = self.open_link(fragment)
        notes.extend(link_notes or ())
        if options is not None:
            self.app.new_game(game, options)
            self.form = (game, options)
        if error:
            notes.append(error)
        self.error = " ".join(notes)
        return link_notes is not None

    def restore_saves(self, game: str) -> list:
        """Bring back a game's autosave (once); a bad save gives a note and a fresh game."""
        notes = []
        if game in self.restored:
            return notes
        self.restored.add(game)
        key = SAVE_KEY + game
        text = self.storage.get(key)
        if text and game not in self.app.sessions:
            try:
                self.app.restore(game, text)
            except saves.SaveError as exc:
                kept = self.storage.set(key + ".broken", text)
                notes.append(
                    f"Your saved {games.get(game).title} game could not be restored: {exc}."
                    " A new game was started"
                    + (f"; the old save is kept in this browser as {key}.broken." if kept else ".")
                )
        return notes

    def open_link(self, fragment: str):
        """Open a share link's game (#g=…); None when the fragment is not a link, else notes.

        A bad link leaves the saves alone. Either way the adapter clears the fragment: the game
        is autosaved from now on, and a reload must not open the link again.
        """
        if not fragment.startswith("#g="):
            return None
        from lotus import records  # loads both engines: only when needed

        try:  # the reader checks the link's length and move count before decoding it
            self.app.load_record(records.from_link_fragment(fragment))
        except (ValueError, MemoryError) as exc:
            reason = str(exc) or "it is too large"
            return [f"This link could not be opened: {reason}. Your saved games are unchanged."]
        return []

    def on_hash(self, fragment: str) -> bool:
        """The address's fragment changed (a pasted share link); True when it must be cleared."""
        notes = self.open_link(fragment)
        if notes is None:
            return False
        self.error = " ".join(notes)
        return True

    def save(self) -> None:
        """Autosave the game on screen."""
        session = self.app.session
        self.storage.set(SAVE_KEY + session.game_id, saves.dump(session))
        self.storage.set(CURRENT_KEY, self.app.current)

    # -- input -------------------------------------------------------------------------------
    def click(self, kind: str, value: str) -> None:
        """A click on a board element named by its hook ('field', 'A3')."""
        self.app.session.click(session_target(kind, value))

    def key(self, key: str) -> bool:
        """A shortcut key (u, r, Escape, arrows, Home, End); True when it did something."""
        session = self.app.session
        if key == "u":
            session.undo_turn()
        elif key == "r":
            session.redo()
        elif key == "Escape":
            session.clear_selection()
        elif key in REVIEW_KEYS:
            self.action(REVIEW_KEYS[key])
        else:
            return False
        return True

    def question(self, action: str) -> str:
        """What to ask the user before an action ('' when nothing)."""
        session = self.app.session
        if action == "play-here" and session.review is not None:
            return (
                f"Continue the game from move {session.moves_shown()}? "
                "The later moves are taken back (Redo brings them back)."
            )
        return ""

    def action(self, action: str) -> list:
        """A game action (undo, pass, review…); returns the tickets it asks for (a hint)."""
        session = self.app.session
        simple = {
            "undo": session.undo_turn,
            "redo": session.redo,
            "play-here": session.play_from_here,
            "pass": getattr(session, "pass_turn", None),
            "resign": getattr(session, "resign", None),
            "confirm": getattr(session, "confirm", None),
            "resume": getattr(session, "resume", None),
        }
        if action == "hint":
            session.message = "Looking for a good move…"
            return [Ticket("hint", session, HINT_LEVEL, seed=len(session.game.moves))]
        if action == "pause":
            self.paused = not self.paused
        elif action in REVIEW_STEPS:
            session.review_step(REVIEW_STEPS[action](len(session.actions)))
        elif simple.get(action) is not None:
            simple[action]()
        return []

    def new_game(self, values: dict) -> None:
        """Start a new game of the game on screen with the form's values (text, by field name).

        Seats come as 'seat-w', 'seat-b', …; only those of the chosen number of players count.
        """
        game = self.app.current
        entry = games.get(game)
        try:
            params = {name: values[name] for name in entry.option_names if name in values}
            colours = entry.colours(entry.options(params))
            params["seats"] = ",".join(values.get("seat-" + c, "human") for c in colours)
            options = entry.options(params)
        except app_module.OptionError as exc:
            self.error = str(exc)
            return
        self.error = ""
        self.app.new_game(game, options)
        self.paused = False

    def form_values(self, game: str, options: dict) -> dict:
        """The new-game form's fields (name -> text) showing `options`."""
        entry = games.get(game)
        text = entry.option_text(options)
        values = {name: text[name] for name in entry.option_names if name in text}
        seats = options.get("seats") or {}
        for colour in entry.colours(options):
            values["seat-" + colour] = seats.get(colour, "human")
        return values

    def set_numbers(self, on: bool) -> None:
        """The point-numbers view preference (games whose sessions have one)."""
        session = self.app.session
        if hasattr(session, "numbers"):
            session.numbers = bool(on)

    def pick(self, game: str) -> bool:
        """Show a game (bringing back its autosave the first time); False for an unknown one."""
        if game not in games.GAMES:
            return False
        notes = self.restore_saves(game)
        if notes:
            self.error = " ".join(notes)
        self.app.current = game
        return True

    # -- records and links -------------------------------------------------------------------
    def record_text(self, date: str) -> str:
        """The game on screen as a text record dated `date` ('2026.11.30')."""
        from lotus import records  # loads both engines: only when needed

        session = self.app.session
        return records.write(records.record_of(session.game, seats=session.seats, date=date))

    def export(self, date: str) -> str:
        """The record for the export box, and say where it is."""
        text = self.record_text(date)
        self.app.session.message = "The record is in the box below: copy it or download it."
        return text

    def share_url(self, page_url: str) -> str:
        """A share link to the game on screen (`page_url`: the page's address, no fragment)."""
        from lotus import records

        session = self.app.session
        record = records.record_of(session.game, seats=session.seats)
        return page_url + "#" + records.to_link_fragment(record)

    def copied(self, done: str, ok: bool) -> None:
        """Say whether a copy to the clipboard worked ('Record copied.' or where to copy it)."""
        if ok:
            self.app.session.message = done
        else:
            self.app.session.message = (
                done.split(":")[0].replace("copied", "ready") + ": copy it below."
            )

    def record_too_long(self, length: int) -> bool:
        """True (and say why) when a record of `length` characters is too long to be read: the
        adapter asks before it copies the text out of the page."""
        if length <= games.MAX_RECORD_CHARS:  # lotus.records is not even loaded for this
            return False
        self.error = (
            f"The record could not be read: it is too long ({length} characters, at most"
            f" {games.MAX_RECORD_CHARS}). Your game is unchanged."
        )
        return True

    def import_record(self, text: str) -> bool:
        """Open a record; on an error say where and why, and keep the current game."""
        from lotus import records  # loads both engines: only when needed

        if not text.strip():
            self.error = "Nothing to import: paste a record into the box, or open a file."
            return False
        try:  # the reader checks the text's length and move count before replaying it
            self.app.load_record(records.read(text))
        except records.RecordError as exc:
            self.error = f"The record could not be read: {exc}. Your game is unchanged."
            return False
        except (ValueError, MemoryError) as exc:
            reason = str(exc) or "it is too large"
            self.error = f"The record could not be opened: {reason}. Your game is unchanged."
            return False
        self.error = ""
        self.app.session.message = "Record imported."
        return True

    # -- what to show ------------------------------------------------------------------------
    def tickets(self) -> list:
        """What the worker must be asked now: the computer's move, the search's dead groups."""
        out = []
        ticket = self.move_ticket()
        if ticket is not None:
            out.append(ticket)
        session = self.app.session
        if (
            session.phase() == "scoring"
            and self.worker_ready
            and session.asked_dead != session.version
        ):
            session.asked_dead = session.version
            out.append(Ticket("dead", session))
        return out

    def enabled(self) -> dict:
        """{action: True when its button can be used now}."""
        session = self.app.session
        phase = session.phase()
        reviewing = session.review is not None
        here = len(session.actions) if session.review is None else session.review
        person = phase == "play" and session.computer_level() is None
        return {
            "first": here > 0,
            "prev": here > 0,
            "next": reviewing,
            "last": reviewing,
            "play-here": reviewing,
            "undo": len(session.actions) > 0,
            "redo": len(session.redo_stack) > 0,
            "pass": person and session.can_pass(),
            "resign": person,
            "confirm": phase == "scoring",
            "resume": phase == "scoring",
            "hint": person and self.worker_ready,
        }

    def view(self) -> dict:
        """Everything the page shows, as plain data; `flags` are the body's data-* hooks."""
        session = self.app.session
        game = session.game
        phase = session.phase()
        over = phase == "over"
        review = session.review
        return {
            "game": self.app.current,
            "board": session.svg(),
            "track": session.track_svg(),
            "status": session.status(),
            "banner": session.banner() if over else "",
            "moves": move_items(session.move_rows(), session.moves_shown() - 1),
            "enabled": self.enabled(),
            "watch": any(session.seat(c) != "human" for c in session.colours()),
            "paused": self.paused,
            "hints": session.hint_marks(),
            "error": self.error,
            "flags": {  # None: the flag is absent (a draw has data-winner="")
                "game": self.app.current,
                "phase": phase,
                "to-move": game.to_move if phase == "play" else None,
                "over": "1" if over else None,
                "winner": (game.winner or "") if over else None,
                "dead-source": (getattr(session, "dead_source", "") or None)
                if phase == "scoring"
                else None,
                "review": None if review is None else str(review),
                "thinking": "1" if self.thinking() else None,
                "worker-ready": "1" if self.worker_ready else None,
            },
        }

    def worker_unavailable(self, error: str) -> str:
        """The worker could not start: said in the page's notice (the board plays on)."""
        message = super().worker_unavailable(error)
        self.error = (self.error + " " + message).strip()
        return message

    def failed(self, ticket, error: str) -> str:
        """The worker could not answer: said in the page's notice."""
        message = super().failed(ticket, error)
        if message:
            self.error = message
        return message

    def timings_json(self) -> str:
        """The computer's move times measured in the page, as JSON."""
        return json.dumps(self.timings)

    # -- the Embed dialog --------------------------------------------------------------------
    def embed_choice(self, choice: dict, page_url: str) -> dict:
        """The Embed dialog: its choices (what, caption, opponent, theme, size) -> the snippet.

        Returns {"error"} when the choice cannot be embedded, else {"snippet", "fragment",
        "url", "size"}.
        """
        from lotus import embed

        caption = choice.get("caption", "").replace("|", "/")
        try:
            settings = embed.settings_for(
                self.app.session, choice.get("what", "position"), caption, choice.get("opponent")
            )
            size = 420
            if choice.get("size"):
                size = embed.load({"game": settings["game"], "size": choice["size"]})["size"]
        except ValueError as exc:
            return {"error": "This cannot be embedded: " + str(exc)}
        if choice.get("theme") == "dark":
            settings["theme"] = "dark"
        settings["size"] = str(size)
        fragment = embed.to_fragment(settings)
        url = page_url.split("#")[0]
        return {
            "snippet": embed.snippet(url, fragment, settings["game"], size),
            "fragment": fragment,
            "url": url,
            "size": size,
        }


def move_items(rows, last: int) -> str:
    """The move list's markup: one <li> per move, the one on show marked `last`."""
    escape = app_module.escape
    items = []
    for i, (colour, move) in enumerate(rows):
        cls = ' class="last"' if i == last else ""
        items.append(
            f'<li{cls} data-move="{escape(move)}"><span class="who {colour}" '
            f'aria-label="{escape(app_module.colour_name(colour))}"></span>'
            f"{escape(move)}</li>"
        )
    return "".join(items)


# -- an embedded board ----------------------------------------------------------------------------


class BoardController(Computer):
    """One live board of embed.html or a rules page: its clicks, buttons and computer replies."""

    def __init__(self, diagram=None, settings_text: str = "") -> None:
        super().__init__()
        self._diagram = diagram  # None: made from its settings on first use (most boards of a
        # rules page are never touched, and a page is ready sooner without replaying them all)
        self.settings_text = settings_text
        self.failure = ""  # why the computer could not move, shown until the next change

    @property
    def diagram(self):
        """The board's model (embed.Diagram)."""
        if self._diagram is None:
            from lotus import embed

            self._diagram = embed.Diagram(embed.parse_fragment(self.settings_text))
        return self._diagram

    def shown(self):
        """The board's session."""
        return self.diagram.session

    def is_current(self, session) -> bool:
        """True while the board still shows `session` (not started over)."""
        return self.diagram.session is session

    def click(self, mode: str, kind: str, value: str) -> bool:
        """A click on a board element in a figure of `mode`; True when the board must redraw."""
        if mode in ("view", "step") or not self.diagram.accepts_clicks():
            return False  # a picture or a sequence: the board itself takes no clicks
        self.failure = ""
        self.diagram.click(session_target(kind, value))
        return True

    def key(self, mode: str, key: str) -> bool:
        """Arrow keys, Home and End step through a sequence; True when they did."""
        if key in REVIEW_KEYS and mode == "step":
            self.action(REVIEW_KEYS[key])
            return True
        return False

    def action(self, action: str) -> None:
        """A button under the board."""
        self.failure = ""
        self.diagram.act(action)

    def tickets(self) -> list:
        """The computer's move, when it is to move."""
        ticket = self.move_ticket()
        return [] if ticket is None else [ticket]

    def view(self) -> dict:
        """What the figure shows."""
        from lotus import embed

        diagram = self.diagram
        return {
            "board": diagram.svg(),
            "track": diagram.track_svg(),
            "caption": diagram.caption(),
            "status": self.failure or diagram.status(),
            "step": diagram.step,
            "buttons": [(action, enabled) for action, _l, _t, enabled in embed.controls(diagram)],
            "puzzle": diagram.mode == "puzzle",
            "solved": diagram.solved,
            "feedback": "right" if diagram.solved else ("wrong" if diagram.feedback else ""),
            "thinking": "1" if self.thinking() else None,
            "hints": diagram.session.hint_marks(),
        }

    def failed(self, ticket, error: str) -> str:
        """The computer could not move: said in the board's status line."""
        self.failure = super().failed(ticket, error)
        return self.failure
