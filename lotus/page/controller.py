"""What the page decides, without a DOM: events in as plain values, what to show out as plain data.

`lotus.ui_bindings` is the adapter: it reads a DOM event, calls a controller here, and writes the
controller's `view()` into the page. Everything that can be decided without a browser is decided
here and tested under CPython (and MicroPython):

- `PageController`, the app (index.html): the game on screen, its autosave and restore, share
  links and records, the new-game form's values, which actions are enabled, the move list, the
  Embed dialog's snippet.
- `BoardController`, one embedded board (embed.html, the rules pages' figures).
- `Computer`, shared by both: when the computer must move (or hint, or suggest dead groups), a
  `Ticket` for the adapter to send to a worker, and what to do with its answer; an answer for a
  position that has changed meanwhile is dropped. Two workers answer: a quick MicroPython one,
  up in a fraction of a second, with a time cap (`QUICK_BUDGET_MS`), until the Pyodide one is up.

The browser's storage is handed in as a port with `get(key)` and `set(key, value)`, so tests give
a dict-backed one.
"""

import json

from lotus.game import games, saves
from lotus.game.session import colour_name, sentence
from lotus.game.text import echo
from lotus.page import app as app_module

CURRENT_KEY = "lotus.current"  # the kind of game on screen last time (the games: library)
HINT_LEVEL = "medium"
QUICK_BUDGET_MS = {"easy": 300, "medium": 300, "hard": 1500, "expert": 4000}
"""The quick (MicroPython) worker's time cap per level, in ms: MicroPython searches several times
slower than Pyodide, so before Pyodide is up a move is a smaller search, never a long wait."""
BUDGET_MS = {"hard": 2000, "expert": 4000}
"""The Pyodide worker's time cap per level, in ms (levels are work; a cap only where the work can
take long): `expert` searches a fixed large amount of work, about 3 s a move in the page, and never
more than this. The page's progress ring fills over it (`thinking_level`, static/css/app.css).
`hard` takes 0.6–1.7 s a move in a race of two (by the machine), more than 2 s in a race of four:
never more than 2 s."""
WATCH_DELAY = {"slow": 1.5, "normal": 0.6, "fast": 0.05}  # seconds between computer moves
# Review buttons (and keys): how far each one steps, given the number of actions.
REVIEW_STEPS = {
    "first": lambda n: -n,
    "prev": lambda n: -1,
    "next": lambda n: 1,
    "last": lambda n: n,
}
REVIEW_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}
BLOCKED = "Games are not saved in this browser: its storage is blocked. Export a game to keep it."
FULL = (
    "Saving failed: this browser's storage is full. The game goes on; export it (Records) to "
    "keep it, or delete games you no longer need from Your games."
)
IMPORTED = "Record imported."
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
ANALYSIS_ACTIONS = ("analyse", "cancel-analysis", "ownership")  # lotus.page.analysis


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

    def remove(self, key: str) -> None:
        """Forget a key."""
        self.items.pop(key, None)

    def size(self, key: str) -> int:
        """The length of a stored text, -1 when there is none."""
        return len(self.items[key]) if key in self.items else -1


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

    quick = True
    """Any worker may answer it, the quick one until Pyodide is up (a move or a hint with a time
    cap; dead groups are 400 playouts, about 0.4 s on MicroPython here)."""

    @property
    def wakes_search(self) -> bool:
        """True when asking it starts the full search (Pyodide) if it is not started yet: a move or
        a hint (more will follow). Dead groups do not: a game between people being scored never
        loads Pyodide's 10 MB for them."""
        return self.kind != "dead"

    def request(self, budget_ms=None) -> str:
        """The session's game as the worker's JSON request (`budget_ms`: the search's time cap,
        by default the level's `BUDGET_MS`, if any)."""
        if budget_ms is None:
            budget_ms = BUDGET_MS.get(self.level)
        session = self.session
        moves = session.worker_moves()  # in Go a resume travels too
        request = {"game": session.game_id, "options": session.options, "moves": moves}
        if self.level is not None:
            request["level"] = self.level
            request["seed"] = self.seed
            if budget_ms is not None:
                request["budget_ms"] = budget_ms
        return json.dumps(request)

    def quick_request(self) -> str:
        """The request for the quick worker: the level's time cap on top (`QUICK_BUDGET_MS`)."""
        return self.request(QUICK_BUDGET_MS.get(self.level))


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
        self.computer_ready = False  # a worker (the quick one or Pyodide) has answered
        self.worker_ready = False  # the Pyodide worker has answered
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

    def thinking_level(self):
        """The level of the computer thinking about the position on show (its progress ring:
        ``body[data-thinking-level]``), or None."""
        if not self.thinking():
            return None
        return self.shown().computer_level()

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
        session.waiting = "thinking" if self.computer_ready else "ready"
        delay = WATCH_DELAY.get(self.speed, 0.6) if session.watching() else 0
        return Ticket("move", session, level, seed=session.version, delay=delay)

    def worker_up(self, ticket) -> bool:
        """The worker is there: the computer now thinks (True when the status changed)."""
        session = ticket.session
        if ticket.kind != "move" or session.waiting != "ready":
            return False
        session.waiting = "thinking"
        return self.is_current(session)

    def computer_answered(self) -> None:
        """A worker (the quick one or Pyodide) has answered a call: the computer can play."""
        self.computer_ready = True

    def worker_answered(self) -> None:
        """The Pyodide worker has answered a call: it plays from now on (dead groups too)."""
        self.worker_ready = True
        self.computer_ready = True

    def wants_search(self) -> bool:
        """True when the game on show needs the full search (Pyodide, 10 MB to start) soon: it
        has a computer seat. A game between people starts it only when a question needs it (a
        hint, an analysis); the quick worker suggests its dead groups in scoring."""
        return bool(computer_colours(self.shown()))

    def worker_unavailable(self, error: str, fallback: bool = False) -> str:
        """The Pyodide worker could not start (its config or runtime did not load): what to say;
        `fallback`: the quick worker plays on (shorter searches), else the computer cannot play."""
        reason = str(error).strip().split("\n")[0] or "its files could not be loaded"
        if fallback:
            return f"The computer's full search is unavailable ({reason}): it plays quicker moves."
        return "The computer is unavailable: " + reason

    def booked(self, ticket):
        """The answer to `ticket` from the opening book (`openings`), asked before any worker:
        a move or a hint at a usual start with seed 0, the move the full search plays there, as
        {"move", "ms": 0, "by": "book"}; None for anything else (a worker answers it)."""
        session = ticket.session
        if ticket.kind not in ("move", "hint") or ticket.seed != 0 or session.game.moves:
            return None
        from lotus.game import openings

        move = openings.first_move(session.game_id, session.options, ticket.level)
        return None if move is None else {"move": move, "ms": 0, "by": "book"}

    def answered(self, ticket, answer, elapsed_ms: float = 0) -> None:
        """The worker's (or the book's) answer; played or shown only if its position is still
        the one on show."""
        if not (isinstance(answer, dict) and answer.get("by") == "book"):
            self.computer_answered()  # a worker answered (dead groups are a list)
        session = ticket.session
        fresh = self.is_current(session) and session.version == ticket.version
        if ticket.kind == "hint":
            if fresh:
                session.show_hint(answer["move"])
            return
        if ticket.kind == "dead":
            if fresh and session.phase() == "scoring":
                settle_estimate(session, answer)
                if not session.touched and not session.played_out():  # played out: none dead
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
                "by": answer.get("by", ""),
            }
        )
        session.act(answer["move"])

    def failed(self, ticket, error: str) -> str:
        """The worker could not answer: the message to show ('' for a quiet failure)."""
        session = ticket.session
        if ticket.kind == "dead":
            if session.version == ticket.version:
                settle_estimate(session, None)  # the engine's quick guess stays the estimate
            return ""
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

    def __init__(self, storage=None, clock=None) -> None:
        super().__init__()
        self.app = app_module.App()
        self.storage = storage if storage is not None else MemoryStorage()
        self.restored = set()  # games whose autosave was looked at
        self.error = ""  # the visible notice ([data-error])
        self.record_error = ""  # an import's error, shown next to the import box
        self._heard = None  # (session, actions, stacks) at the last view: see take_sound
        # -- your games --
        from lotus.game.library import Library  # the app's only (embeds do not save games)

        self.library = Library(self.storage)
        self.clock = clock or (lambda: {"date": "", "stamp": ""})  # the adapter's: Date
        self.ids = {}  # game -> the id of its game on screen (lotus.game.library)
        self.saved = {}  # id -> the text last saved, so an unchanged game is not written again
        self.storage_note = ""  # why games are not being saved now (blocked, full)
        self.address = None  # the query the address must show now (after a link), or None
        self.failure = ""  # the details of an unexpected error, for the error's Copy box
        from lotus.page.analysis import Analysis  # the app's only (embeds do not analyse)

        self.analysis = Analysis()  # the computer's analysis of the game
        self.live_hook = None  # live play (lotus.page.live.play): hook(action) -> True: taken
        self.move_list = MoveList()  # the move list's rows, remade where they changed

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
        notes = self.open_library()
        if options is None and "game" not in app_module.query_params(query):
            last = self.storage.get(CURRENT_KEY)
            game = last if last in games.GAMES else games.GAMES[0]
        self.app.current = game
        if options is not None:  # a new game, kept beside the saved ones
            self.restored.add(game)
            self.start_game(game, options)
            self.address = "?game=" + game
        # Only the game on screen is restored now; the other one when it is first shown.
        notes.extend(self.restore_saves(game))
        link_notes = self.open_link(fragment)
        notes.extend(link_notes or ())
        if error:
            notes.append(error)
        self.error = " ".join(notes)
        return link_notes is not None or options is not None

    def restore_saves(self, game: str) -> list:
        """Bring back the game of kind `game` on screen last (once); a bad save gives a note."""
        if game in self.restored:
            return []
        self.restored.add(game)
        game_id = self.library.current(game)
        if game_id is None or game in self.app.sessions:
            return []
        notes = self.restore_saved(game, game_id)
        if not notes:
            self.ids[game] = game_id
        return notes

    def open_link(self, fragment: str):
        """Open a share link's game (#g=…); None when the fragment is not a link, else notes.

        A bad link leaves the saves alone. Either way the adapter clears the fragment: the game
        is autosaved from now on, and a reload must not open the link again.
        """
        if not fragment.startswith("#g="):
            return None
        from lotus.game import records  # loads both engines: only when needed

        try:  # the reader checks the link's length and move count before decoding it
            self.app.load_record(records.from_link_fragment(fragment))
        except (ValueError, MemoryError) as exc:
            reason = str(exc) or "it is too large"
            return [f"This link could not be opened: {reason}. Your saved games are unchanged."]
        self.new_id(self.app.current)
        if self.address is None:
            self.address = "?game=" + self.app.current
        return []

    def on_hash(self, fragment: str) -> bool:
        """The address's fragment changed (a pasted share link); True when it must be cleared."""
        notes = self.open_link(fragment)
        if notes is None:
            return False
        self.error = " ".join(notes)
        return True

    def save(self) -> None:
        """Autosave the game on screen (lotus.game.library), unless it did not change."""
        game = self.app.current
        self.storage.set(CURRENT_KEY, game)
        if self.storage_note == BLOCKED:
            return
        session = self.app.session
        game_id = self.ids.get(game) or self.new_id(game)
        text = saves.dump(session)
        if self.saved.get(game_id) == text:
            return
        if self.library.save(game_id, game, text, self.summary(session)):
            self.saved[game_id] = text
            self.storage_note = ""
        else:
            self.storage_note = FULL
        notes = self.library.take_notes()  # the index was found damaged meanwhile: set aside
        if notes:
            self.error = " ".join([self.error] + notes).strip()

    # -- input -------------------------------------------------------------------------------
    def click(self, kind: str, value: str) -> None:
        """A click on a board element named by its hook ('field', 'A3')."""
        if self.live_hook is not None and self.live_hook("click"):
            return  # live play: not this player's turn (the hook says so)
        before = self._begin()
        session = self.app.session
        self.clear_failure()
        try:
            session.click(session_target(kind, value))
        except ValueError as exc:  # a refusal the session did not word (a lotus lives, G5)
            session.message = sentence(str(exc))
        self._end(before)

    def key(self, key: str) -> bool:
        """A shortcut key (u, r, Escape, arrows, Home, End); True when it did something."""
        session = self.app.session
        if key in ("u", "r"):
            self.action("undo" if key == "u" else "redo")
        elif key == "Escape":
            before = self._begin()
            session.clear_selection()
            self._end(before)
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
        return self.keep_question(action)

    def action(self, action: str) -> list:
        """A game action (undo, pass, review…); returns the tickets it asks for (a hint)."""
        session = self.app.session
        self.clear_failure()
        if self.live_hook is not None and self.live_hook(action):
            return []  # live play: undo asks the friend, confirm waits for both, …
        simple = {
            "undo": session.undo_turn,
            "redo": session.redo,
            "play-here": session.play_from_here,
            "pass": session.pass_turn,
            "resign": session.resign,
            "confirm": session.confirm,
            "resume": session.resume,
        }
        if action == "confirm" and self.disputed():
            return []  # the status says why: the computer disputes the marks
        before = self._begin()
        if action == "dismiss-record-error":
            return []
        if action in ANALYSIS_ACTIONS:
            self.analysis_action(action)
            return []
        if action == "hint":
            session.message = "Looking for a good move…"
            return [Ticket("hint", session, HINT_LEVEL, seed=len(session.game.moves))]
        if action == "pause":
            self.paused = not self.paused
        elif action in REVIEW_STEPS:
            session.review_step(REVIEW_STEPS[action](len(session.actions)))
        elif simple.get(action) is not None:
            if action in ("undo", "redo"):
                session.review_to(None)  # undo and redo act on the present, and leave review
            simple[action]()
        self._end(before)
        return []

    def new_game(self, values: dict) -> str:
        """Start a new game of the game on screen with the form's values (text, by field name).

        Seats come as 'seat-w', 'seat-b', …; only those of the chosen number of players count.
        Returns '' when the game started, else why not (said in the New game dialog, which stays
        open; the game on screen is kept).
        """
        self.record_error = ""
        try:
            options = self._form_options(values)
        except games.OptionError as exc:
            return refusal_text(exc)
        if self.live_hook is not None and self.live_hook("new"):
            return ""  # live play: a new game is asked of the friends
        self.error = ""
        self.start_game(self.app.current, options)
        self.paused = False
        return ""

    def new_game_refusal(self, values: dict) -> str:
        """Why the form's values cannot start a game ('' when they can), before asking anything."""
        try:
            self._form_options(values)
        except games.OptionError as exc:
            return refusal_text(exc)
        return ""

    def _form_options(self, values: dict) -> dict:
        """Typed options from the form's values (raises OptionError)."""
        entry = games.get(self.app.current)
        params = {name: values[name] for name in entry.option_names if name in values}
        colours = entry.colours(entry.options(params))
        params["seats"] = ",".join(values.get("seat-" + c, "human") for c in colours)
        return entry.options(params)

    def form_values(self, game: str, options: dict) -> dict:
        """The new-game form's fields (name -> text) showing `options`."""
        entry = games.get(game)
        text = entry.option_text(options)
        values = {name: text[name] for name in entry.option_names if name in text}
        seats = options.get("seats") or {}
        for colour in entry.colours(options):
            values["seat-" + colour] = seats.get(colour, "human")
        return values

    def session_form(self) -> dict:
        """The New game form's fields showing the options of the game on screen (a new game
        starts like it unless the player changes them)."""
        session = self.app.session
        options = dict(session.options)
        options["seats"] = session.seats
        return self.form_values(self.app.current, options)

    def set_numbers(self, on: bool) -> None:
        """The point-numbers view preference (games whose boards have point numbers)."""
        if games.get(self.app.current).has_numbers:
            self.app.session.numbers = bool(on)

    def pick(self, game: str) -> bool:
        """Show a game (bringing back its autosave the first time); False for an unknown one."""
        if game not in games.GAMES:
            return False
        self.record_error = ""
        notes = self.restore_saves(game)
        if notes:
            self.error = " ".join(notes)
        self.app.current = game
        return True

    # -- your games: several saves, tabs, guarded errors ----------
    def open_library(self) -> list:
        """At start: is storage usable (else say so once), and move old single saves in."""
        usable = getattr(self.storage, "usable", None)
        if usable is not None and not usable():
            self.storage_note = BLOCKED
            return []
        self.library.index()  # a damaged index is set aside now, and said
        self.library.migrate(games.GAMES, self.clock()["stamp"])
        return self.library.take_notes()

    @staticmethod
    def library_module():
        """lotus.game.library (imported by the app only: embeds do not save games)."""
        from lotus.game import library

        return library

    def new_id(self, game: str) -> str:
        """Give the game of kind `game` on screen an id; an untouched game's id is reused."""
        old = self.ids.get(game) or self.library.current(game)
        entry = self.library.entry(old) if old else None
        marks = ("broken", "moves", "result")  # a game that has any of these is kept
        if old and (entry is None or not any(entry.get(m) for m in marks)):
            self.ids[game] = old
            return old
        game_id = self.library.new_id(self.clock()["stamp"])
        while game_id in self.ids.values():
            game_id += "x"
        self.ids[game] = game_id
        return game_id

    def start_game(self, game: str, options: dict) -> None:
        """A new game of `game`; the one it replaces stays in the list (unless it was empty)."""
        self.app.new_game(game, options)
        self.new_id(game)

    def restore_saved(self, game: str, game_id: str) -> list:
        """Show a saved game; when it cannot be restored (any reason), keep it marked broken."""
        from lotus.game.library import MAX_SAVE

        text = None
        try:
            size = self.library.size(game_id)
            if size < 0:
                raise saves.SaveError("its text is missing from this browser's storage")
            if size > MAX_SAVE:
                raise saves.SaveError(f"it is too large ({size} characters)")
            text = self.library.text(game_id)
            self.app.restore(game, text)
        except Exception as exc:  # any failure: the save is kept, the page goes on
            reason = str(exc) if isinstance(exc, saves.SaveError) else f"{type(exc).__name__}"
            if not isinstance(exc, saves.SaveError) and str(exc):
                reason += ": " + echo(str(exc), quoted=False, limit=120)
            self.library.mark_broken(game_id, game, reason)
            return [
                f"Your saved {games.get(game).title} game could not be restored: {reason}. "
                "It is kept in Your games, where you can export its text."
            ]
        self.saved[game_id] = text
        return []

    def summary(self, session) -> dict:
        """What the list says about a game: date, players, number of moves, result."""
        over = session.phase() == "over"
        players = ", ".join(
            colour_name(c) + ": " + app_module.SEAT_WORDS.get(session.seat(c), "?")
            for c in session.colours()
        )
        return {
            "date": self.clock()["date"],
            "players": players,
            "moves": session.move_count(),
            "result": session.banner() if over else "",
        }

    def keep_question(self, action: str) -> str:
        """Confirmations: a new game over an unfinished one, resigning, deleting a saved game."""
        session = self.app.session
        unfinished = session.phase() != "over" and len(session.actions) > 0
        if action == "new" and unfinished:
            return "Start a new game? The game on screen stays in Your games."
        if action == "resign" and session.phase() == "play":
            return "Resign this game? Your opponent wins."
        if action == "delete-saved":
            return "Delete this saved game? It cannot be brought back."
        return ""

    def saved_action(self, action: str, game_id: str) -> str:
        """A button of the Your games list; returns the storage key to export, or ''."""
        entry = self.library.entry(game_id)
        self.error = ""
        if entry is None:
            self.error = "That game is no longer saved in this browser."
            return ""
        game = entry["game"]
        if action == "resume-saved" and game not in games.GAMES:
            self.error = (
                f"That saved game is of {echo(game, quoted=False)}, "
                f"{self.library_module().UNKNOWN}: "
                "it cannot be resumed here. Export its text to keep it."
            )
            return ""
        if action == "export-saved":  # the adapter copies the text, however large
            self.app.session.message = "The saved game's text is in the record box (Records)."
            return self.library.key(game_id)
        if action == "delete-saved":
            self.library.delete(game_id)
            self.saved.pop(game_id, None)
            if self.ids.get(game) == game_id:  # the game on screen: a new one of its kind
                del self.ids[game]
                session = self.app.sessions.get(game)
                options = session.options if session is not None else games.get(game).defaults()
                self.app.sessions.pop(game, None)
                current = self.app.current
                self.start_game(game, options)
                self.app.current = current
        elif action == "resume-saved" and game in games.GAMES:
            self.save()  # the game on screen as it is now
            self.restored.add(game)
            notes = self.restore_saved(game, game_id)
            if notes:
                self.error = " ".join(notes)
                return ""
            self.ids[game] = game_id
            self.library.choose(game, game_id)
            self.app.current = game
            self.paused = False
        return ""

    def on_storage(self, key) -> bool:
        """Another tab changed storage (the `storage` event): follow our games; True to redraw."""
        if key is None or not str(key).startswith("lotus."):
            return key is None
        if key == self.library_module().INDEX_KEY:  # damaged there: set aside, and said
            self.library.index()
            notes = self.library.take_notes()
            if notes:
                self.error = " ".join(notes)
        for game, game_id in list(self.ids.items()):
            if self.library.key(game_id) != key or game not in self.app.sessions:
                continue
            text = self.storage.get(key)
            if text is None:
                self.error = "This game was deleted in another tab; it is saved again here."
                self.saved.pop(game_id, None)
            elif text != self.saved.get(game_id):
                notes = self.restore_saved(game, game_id)
                self.error = " ".join(notes)
                if notes:
                    self.new_id(game)
                else:
                    self.app.sessions[
                        game
                    ].message = "This game went on in another tab: its latest position is shown."
        return True

    def snapshot(self):
        """The game on screen as it is, before an event (see `recover`): its save's contents,
        made into text only if the event fails."""
        return self.app.current, saves.state(self.app.session)

    def recover(self, snapshot, details: str) -> None:
        """An event failed unexpectedly: put the game back as it was and say so briefly."""
        game, state = snapshot
        self.app.current = game
        try:
            self.app.restore(game, saves.text_of(state))
        except Exception:  # the game stays as the failed event left it
            pass
        self.failure = details
        self.error = "Something went wrong; the game is as it was before. (Details below.)"

    def clear_failure(self) -> None:
        """The next action clears the notice of an unexpected error."""
        if self.failure:
            self.failure = ""
            self.error = ""

    def library_items(self) -> str:
        """The Your games list's markup: one entry per saved game, newest first."""
        escape = app_module.escape
        shown = self.ids.get(self.app.current)
        items = []
        for entry in self.library.entries():
            game_id = escape(entry["id"])
            game = escape(entry["game"])
            known = entry["game"] in games.GAMES
            moves = entry.get("moves") if isinstance(entry.get("moves"), int) else 0
            broken = entry.get("broken")
            title = self.library_module().title(entry["game"])
            words = [escape(title), f"{moves} move{'' if moves == 1 else 's'}"]
            if entry.get("result"):
                words.append(escape(entry["result"]))
            if broken and known:
                words.append("cannot be restored: " + escape(broken))
            button = '<button type="button" data-action="{}" data-id="{}">{}</button>'
            buttons = [button.format("export-saved", game_id, "Export text")]
            if not broken and known:
                buttons.insert(0, button.format("resume-saved", game_id, "Resume"))
            buttons.append(button.format("delete-saved", game_id, "Delete"))
            attrs = f' data-saved-game="{game_id}" data-game="{game}" data-moves="{moves}"'
            if broken:
                attrs += " data-broken"
            if not known:
                attrs += " data-unknown"
            if entry["id"] == shown:
                attrs += ' aria-current="true"'
            items.append(
                f'<li{attrs}><span class="saved-what">{" · ".join(words)}</span>'
                f'<span class="saved-when">{escape(entry.get("date", ""))}</span>'
                f'<span class="saved-who">{escape(entry.get("players", ""))}</span>'
                f'<span class="saved-buttons">{"".join(buttons)}</span></li>'
            )
        return "".join(items)

    # -- records and links -------------------------------------------------------------------
    def record_text(self, date: str) -> str:
        """The game on screen as a text record dated `date` ('2026.11.30')."""
        from lotus.game import records  # loads both engines: only when needed

        session = self.app.session
        return records.write(records.record_of(session.game, seats=session.seats, date=date))

    def export(self, date: str) -> str:
        """The record for the export box, and say where it is."""
        text = self.record_text(date)
        self.app.session.message = "The record is in the box below: copy it or download it."
        return text

    def share_url(self, page_url: str) -> str:
        """A share link to the game on screen (`page_url`: the page's address, no fragment)."""
        from lotus.game import records

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
        if length <= games.MAX_RECORD_CHARS:  # lotus.game.records is not even loaded for this
            return False
        self.forget_import()
        self.record_error = (  # next to the import box, where the user looks
            f"The record could not be read: it is too long ({length} characters, at most"
            f" {games.MAX_RECORD_CHARS}). Your game is unchanged."
        )
        return True

    def import_record(self, text: str) -> bool:
        """Open a record; on an error say where and why, and keep the current game."""
        from lotus.game import records  # loads both engines: only when needed

        self.forget_import()
        if not text.strip():
            self.record_error = "Nothing to import: paste a record into the box, or open a file."
            return False
        try:  # the reader checks the text's length and move count before replaying it
            self.app.load_record(records.read(text))
        except records.RecordError as exc:
            self.record_error = f"The record could not be read: {exc}. Your game is unchanged."
            return False
        except (ValueError, MemoryError) as exc:
            reason = str(exc) or "it is too large"
            self.record_error = f"The record could not be opened: {reason}. Your game is unchanged."
            return False
        self.error = ""
        self.record_error = ""
        self.new_id(self.app.current)
        self.app.session.message = IMPORTED
        return True

    def forget_import(self) -> None:
        """Before another import: an earlier import's success no longer holds."""
        if self.app.session.message == IMPORTED:
            self.app.session.message = ""

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
            and self.computer_ready
            and session.asked_dead != session.version
        ):
            session.asked_dead = session.version
            out.append(Ticket("dead", session))
        self.computer_confirms(session)  # watch mode: the computer scores by itself
        out.extend(self.analysis.tickets(session))
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
            "confirm": phase == "scoring" and not self.disputed(),
            "resume": phase == "scoring",
            "hint": person,  # asked before a worker is up, it waits for the first one
            "analyse": len(session.game.moves) > 0 and not self.analysis.running,
            "cancel-analysis": self.analysis.running,
            "ownership": self.analysis.has_ownership(),
        }

    def view(self) -> dict:
        """Everything the page shows, as plain data; `flags` are the body's data-* hooks."""
        session = self.app.session
        game = session.game
        phase = session.phase()
        over = phase == "over"
        review = session.review
        side = side_result(session)
        status = session.status()
        return {
            "game": self.app.current,
            "board": session.svg(),
            "track": session.track_svg(),
            "status": self.dispute_text() or ((side + " " + status) if side else status),
            "banner": (side or session.banner()) if over else "",
            "moves": self.move_list.make(  # the rows' markup: lotus.dom.host.write_rows
                session,
                session.moves_shown() - 1,
                len(session.colours()) == 2,
                self.analysis.judgements(),
            ),
            "analysis": self.analysis_view(),
            "players": player_items(self.players()),
            "title": self.title(),
            "record_error": self.record_error,
            "enabled": self.enabled(),
            "watch": any(session.seat(c) != "human" for c in session.colours()),
            "paused": self.paused,
            "hints": session.hint_marks(),
            "error": " ".join(t for t in (self.error, self.storage_note) if t),
            "sound": self.take_sound(),
            "form": (self.app.current, self.session_form()),
            "failure": self.failure,
            "library": self.library_items(),
            "flags": {  # None: the flag is absent (a draw has data-winner="")
                "game": self.app.current,
                "phase": phase,
                "to-move": game.to_move if phase == "play" else None,
                "over": "1" if over else None,
                "winner": (game.winner or "") if over else None,
                "dead-source": (session.dead_source or None) if phase == "scoring" else None,
                "review": None if review is None else str(review),
                "thinking": "1" if self.thinking() else None,
                "thinking-level": self.thinking_level(),
                "computer-ready": "1" if self.computer_ready else None,
                "worker-ready": "1" if self.worker_ready else None,
                "dispute": " ".join(p for _r, _v, g in self.disputed() for p in g) or None,
            },
        }

    # -- the computer in the scoring phase -------------------------------
    def disputed(self) -> list:
        """The groups the computer objects to, [(point, 'lives'|'dead', points)], while scoring.

        Against a person the computer compares the marks with its own estimate (its search's
        dead groups, else the engine's quick guess), as OGS's bots do; with the computer in
        every seat there is no one to dispute.
        """
        session = self.app.session
        if session.phase() != "scoring" or session.watching():
            return []
        return session.disagreements(computer_colours(session))

    def dispute_text(self) -> str:
        """'The computer (hard) disagrees: it thinks its group at 31 lives. …', or ''."""
        disputed = self.disputed()
        if not disputed or self.app.session.message:
            return ""
        session = self.app.session
        level = session.seat(computer_colours(session)[0])
        lives = [r for r, verdict, _g in disputed if verdict == "lives"]
        dead = [r for r, verdict, _g in disputed if verdict == "dead"]
        parts = []
        if lives:
            parts.append(plural(lives, "its group at {} lives", "its groups at {} live"))
        if dead:
            parts.append(plural(dead, "your group at {} is dead", "your groups at {} are dead"))
        if dead and lives:
            fix = "change the marks"
        else:
            fix = ("mark it " if len(disputed) == 1 else "mark them ") + (
                "alive" if lives else "dead"
            )
        return (
            f"The computer ({level}) disagrees: it thinks {' and '.join(parts)}. "
            f"Resume play to settle it on the board (every stone then counts as it stands), "
            f"or {fix}."
        )

    def computer_confirms(self, session) -> None:
        """Watch mode: once its estimate is final, the computer marks it and ends the game."""
        if (
            session.phase() != "scoring"
            or not session.watching()
            or self.paused
            or session.review is not None
            or session.settled != session.version
        ):
            return
        session.game.set_dead(session.estimate)
        session.dead_source = "search"
        session.confirm()

    # -- words: players, the move list, what happened, messages --
    def _begin(self) -> tuple:
        """Before a user's action: an import's error goes (the user has moved on)."""
        self.record_error = ""
        session = self.app.session
        return (session, session.version, session.review)

    def _end(self, before: tuple) -> None:
        """After a user's action: a notice about an earlier state goes once the state changed."""
        session = self.app.session
        if (session, session.version, session.review) != before:
            self.error = ""

    def goto(self, ply) -> None:
        """A click on the move list: show the position after move `ply` (1-based), as review."""
        before = self._begin()
        session = self.app.session
        try:
            ply = int(ply)
        except ValueError:
            return
        session.review_to(session.ply_index(ply) if ply > 0 else 0)
        self._end(before)

    def players(self) -> list:
        """The session's players with who plays each: 'You', 'Person' or 'Computer (hard)'."""
        session = self.app.session
        rows = session.players()
        people = [r["colour"] for r in rows if session.seat(r["colour"]) == "human"]
        for row in rows:
            level = session.seat(row["colour"])
            if level != "human":
                row["who"] = f"Computer ({level})"
            elif len(people) == 1:
                row["who"] = "You"
            else:
                row["who"] = "Person"
        return rows

    def title(self) -> str:
        """The tab's title: whose turn it is, or the result ('White to move · Lotus')."""
        session = self.app.session
        phase = session.phase()
        if phase == "over":
            text = side_result(session) or session.banner()
        elif phase == "scoring":
            text = "Scoring"
        else:
            text = colour_name(session.game.to_move) + " to move"
        return text + " · Lotus"

    # -- sounds ---------------------------------------------------------
    def take_sound(self) -> str:
        """The sound the change since the last view deserves: 'move', 'capture' or ''.

        Only new moves of the game on screen sound (one played, or the computer's); undo,
        review, a new game, a record or a switch of game are silent.
        """
        session = self.app.session
        count = len(session.actions)
        stacks = session.stacks()
        heard, self._heard = self._heard, (session, count, stacks)
        if heard is None or heard[0] is not session or count <= heard[1]:
            return ""
        if session.review is not None:
            return ""
        return move_sound(heard[2], stacks)

    def worker_unavailable(self, error: str, fallback: bool = False) -> str:
        """The worker could not start: said in the page's notice (the board plays on)."""
        message = super().worker_unavailable(error, fallback)
        self.error = (self.error + " " + message).strip()
        return message

    def failed(self, ticket, error: str) -> str:
        """The worker could not answer: said in the page's notice."""
        if ticket.kind == "analyse":
            return self.analysis.failed(ticket, error)  # said in the analysis's status line
        message = super().failed(ticket, error)
        if message:
            self.error = message
        return message

    # -- the computer's analysis (the state is lotus.page.analysis's) ---------
    def analysis_action(self, action: str) -> None:
        """Analyse the game, cancel the analysis, or turn Go's ownership map on or off."""
        analysis = self.analysis
        if action == "analyse":
            analysis.start(self.app.session)
        elif action == "cancel-analysis":
            analysis.stop()
        elif action == "ownership":
            analysis.ownership = not analysis.ownership

    def analysis_view(self) -> dict:
        """What the analysis view shows: the graph, the progress, the marks, the flagged moves."""
        session = self.app.session
        analysis = self.analysis
        analysis.follow(session)
        shown = session.moves_shown()
        return {
            "graph": analysis.graph_svg(shown),
            "status": analysis.status(),
            "progress": (analysis.done(), analysis.total) if analysis.running else None,
            "running": analysis.running,
            "state": "running" if analysis.running else ("done" if analysis.done() else None),
            "best": analysis.best_marks(session),
            "ownership": analysis.ownership_marks(session),
            "ownership_on": analysis.ownership,
            "summary": analysis.summary(),
        }

    def answered(self, ticket, answer, elapsed_ms: float = 0) -> None:
        """The worker's answer: an analysis's goes to it, the rest to the computer's turns."""
        if ticket.kind == "analyse":
            self.worker_answered()
            self.analysis.answered(ticket, answer)
            return
        super().answered(ticket, answer, elapsed_ms)

    def timings_json(self) -> str:
        """The computer's move times measured in the page, as JSON."""
        return json.dumps(self.timings)

    # -- live play (lotus.page.live decides, lotus.dom.live moves the bytes) -------------
    def live_apply(self, change):
        """A change from a live game's other side, `change(session)`, made like a click's."""
        before = self._begin()
        self.clear_failure()
        result = change(self.app.session)
        self._end(before)
        return result

    def live_adopt(self, game: str, options_text: dict, actions: list) -> str:
        """Show a live host's game as a new game here (the one on screen stays in Your games);
        every seat a person's: the host plays the computer's. '' or why it could not."""
        entry = games.get(game)
        if not isinstance(options_text, dict) or len(actions) > 2 * games.MAX_MOVES:
            return sentence("the game's options or moves cannot be read")
        try:
            options = entry.options({k: str(v) for k, v in options_text.items()})
        except games.OptionError as exc:
            return sentence(str(exc))
        options["seats"] = {c: "human" for c in entry.colours(options)}
        self.start_game(game, options)  # a new entry: a game with moves is never written over
        session = self.app.session
        try:
            entry.replay(session.game, actions, session._record)
        except ValueError as exc:
            return sentence(f"the game's move {len(session.actions) + 1} is not legal: {exc}")
        return ""

    def live_options(self) -> dict:
        """The game on screen's options as text, seats included (a live game's state message)."""
        session = self.app.session
        options = dict(session.options)
        options["seats"] = session.seats
        return games.get(self.app.current).option_text(options)

    # -- the Embed dialog --------------------------------------------------------------------
    def embed_choice(self, choice: dict, page_url: str) -> dict:
        """The Embed dialog: its choices (what, caption, opponent, theme, size) -> the snippet.

        Returns {"error"} when the choice cannot be embedded, else {"snippet", "fragment",
        "url", "size"}.
        """
        from lotus.page import embed

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


def config_problem(text: str) -> str:
    """What is wrong with a worker's config text, in words ('' when nothing is seen): it must
    name its runtime, a file of this site (`interpreter = "./…"`), before any [section], and every
    line must be one PyScript can read (our configs use one-line TOML: sections, and keys with a
    string, a number, a boolean or a one-line list)."""
    runtime = section = False
    for line in text.split("\n"):
        line = line.strip()
        if not _toml_line(line):
            return "could not be read"
        section = section or line.startswith("[")
        if section:
            continue
        name, equals, value = line.partition("=")
        if name.strip() != "interpreter" or not equals:
            continue
        value = value.strip()
        end = value.find('"', 1) if value[:1] == '"' else -1
        path = value[1:end] if end > 0 else ""
        if not ((path[:2] == "./" or path[:3] == "../") and ":" not in path):
            return "could not be read"
        runtime = True
    return "" if runtime else "could not be read"


def _toml_line(line: str) -> bool:
    """True for a blank line, a comment, a [section], or `key = value` of one-line TOML."""
    if not line or line[0] == "#":
        return True
    if line[0] == "[":
        return line.split("#")[0].strip().endswith("]")
    name, equals, value = line.partition("=")
    name, value = name.strip(), value.strip()
    if not equals or not name or not value:
        return False
    if name[0] == '"':
        if len(name) < 2 or name[-1] != '"':
            return False
    elif not all(ch.isalpha() or ch.isdigit() or ch in "_-." for ch in name):
        return False
    if value[0] == '"':
        end = value.find('"', 1)
        return end > 0 and value[end + 1 :].strip()[:1] in ("", "#")
    value = value.split("#")[0].strip()
    if value[0] == "[":
        return value[-1] == "]"
    return value in ("true", "false") or value.lstrip("-").replace(".", "").isdigit()


def refusal_text(exc) -> str:
    """A refused new-game option, said in the New game dialog."""
    return sentence(str(exc)) + " Nothing was changed: correct it and start again."


def computer_colours(session) -> tuple:
    """The colours the computer plays in `session`."""
    return tuple(c for c in session.colours() if session.seat(c) != "human")


def settle_estimate(session, answer) -> None:
    """The computer's estimate of the dead groups is final for this position (`answer`: the
    search's dead points; None: it failed, the engine's quick guess stands)."""
    if answer is not None:
        session.take_estimate(answer)
    session.settled = session.version


def plural(points: list, one: str, many: str) -> str:
    """'its group at 31 lives' or 'its groups at 31 and 40 live'."""
    if len(points) == 1:
        return one.format(points[0])
    return many.format(", ".join(points[:-1]) + " and " + points[-1])


def side_result(session) -> str:
    """The result from the person's side against the computer ('You win!'), else ''."""
    if session.phase() != "over":
        return ""
    colours = session.colours()
    people = [c for c in colours if session.seat(c) == "human"]
    if len(people) != 1 or len(people) == len(colours):
        return ""
    winner = session.game.winner
    if winner is None:
        return ""
    if winner == people[0]:
        return "You win!"
    return f"The computer ({session.seat(winner)}) wins."


def move_sound(before: dict, after: dict) -> str:
    """The sound of a change between two boards (a session's `stacks()`): 'capture' when a stone was
    reversed (Go) or covered by another colour's (race), i.e. a position that held stones holds
    at least as many now under a top stone of another colour; 'move' for any other change, ''
    for none (a pass, scoring)."""
    if before == after:
        return ""
    for position, stones in after.items():
        old = before.get(position, "")
        if old and len(stones) >= len(old) and stones[-1] != old[-1]:
            return "capture"
    return "move"


_CELL = (
    '<button type="button" class="%s" data-move="%s" data-ply="%d"%s title="%s" '
    'aria-label="%d: %s"%s><span class="who %s" aria-hidden="true"></span>%s%s</button>'
)
_ROW = '<li%s data-row="%d"><span class="num" aria-hidden="true">%d.</span>'
_ROWS = (_ROW + _CELL + "</li>", _ROW + _CELL + _CELL + "</li>")  # rows of one move, of two


def move_fields(i: int, colour: str, move: str, words: str, last: int, flag=None) -> tuple:
    """The values a move's cell in the move list is written with, in order: a button
    `[data-move][data-ply]` (ply `i + 1`) whose title and aria-label say the move in words; the
    move on show (`i == last`) is marked, and `flag` (symbol, name, words: lotus.page.analysis) adds
    `data-judgement` and the symbol."""
    escape = app_module.escape
    said = escape(words + ". " + flag[2] if flag else words)
    move = escape(move)
    return (
        "mv last" if i == last else "mv",
        move,
        i + 1,
        f' data-judgement="{flag[1]}"' if flag else "",
        said,
        i + 1,
        said,
        ' aria-current="step"' if i == last else "",
        colour,
        move,
        f'<span class="judgement" aria-hidden="true">{flag[0]}</span>' if flag else "",
    )


class MoveList:
    """The move list's markup, one string per row (`<li>`), remade only where it changed.

    Two-player games pair the moves in a row ("12. 23 24"); otherwise one move a row. A move or
    an undo on a long game remakes the last row or two, not the whole list: `make` compares the
    session's actions with those it made the rows from (in C: list slices; not at all while the
    session's version is the same), and remakes only the rows after the first difference, the
    rows of the move on show before and now, and the rows whose analysis flags changed.
    """

    def __init__(self) -> None:
        self.session = None
        self.paired = None
        self.version = None  # the session's version when the rows were made
        self.actions = []  # the session's actions when the rows were made
        self.plies = [0]  # plies[k]: the number of moves among the first k actions
        self.index = []  # per move: the index of its action
        self.rows = []
        self.made = []  # what `make` returned last (never changed after)
        self.last = -1
        self.judged = {}

    def make(self, session, last: int, paired: bool, judged=None) -> list:
        """The rows' markup for `session`'s moves; `last` is the index of the move on show (-1:
        none), `judged` the analysis's flags ({ply: (symbol, name, words)})."""
        judged = judged or {}
        per = 2 if paired else 1
        actions = session.actions
        aligned = len(session.movers) == len(session.notes) == len(actions)
        if session is not self.session or paired != self.paired or not aligned:
            self.__init__()
            self.session, self.paired = session, paired
            same = 0
        elif session.version == self.version:  # no action made or taken back since
            if last == self.last and judged == self.judged:
                return self.made
            same = len(actions)
        else:  # a session's movers and words (one each an action) follow from its actions
            same = common_prefix(actions, self.actions)
            del self.actions[same:]
        self.version = session.version
        self.actions.extend(actions[same:])
        kept = self.plies[same]  # the moves whose rows may stay
        del self.plies[same + 1 :]
        del self.index[kept:]
        for k in range(same, len(actions)):
            if not actions[k].startswith("#"):
                self.index.append(k)
            self.plies.append(len(self.index))
        count = (len(self.index) + per - 1) // per
        redo = []  # rows before the first remade one that change: the move on show, flags
        if last != self.last:
            redo.append(self.last // per)
            redo.append(last // per)
        if judged != self.judged:
            for ply in judged:
                if judged[ply] != self.judged.get(ply):
                    redo.append((ply - 1) // per)
            for ply in self.judged:
                if ply not in judged:
                    redo.append((ply - 1) // per)
        self.last, self.judged = last, judged
        del self.rows[kept // per :]
        for r in redo:
            if 0 <= r < len(self.rows):
                self.rows[r] = self._row(r, per)
        for r in range(len(self.rows), count):
            self.rows.append(self._row(r, per))
        self.made = list(self.rows)
        return self.made

    def _fields(self, i: int) -> tuple:
        session = self.session
        k = self.index[i]
        move = session.actions[k]
        words = session.notes[k] if k < len(session.notes) else move
        return move_fields(i, session.movers[k], move, words, self.last, self.judged.get(i + 1))

    def _row(self, r: int, per: int) -> str:
        """A row's markup, written at once (no string per move: a long list is made faster)."""
        start = r * per
        row_cls = ' class="last"' if start <= self.last < start + per else ""
        fields = (row_cls, r + 1, r + 1) + self._fields(start)
        if per == 2 and start + 1 < len(self.index):
            return _ROWS[1] % (fields + self._fields(start + 1))
        return _ROWS[0] % fields


def common_prefix(a: list, b: list) -> int:
    """How many items two lists share from their start, compared in slices (in C, not item by
    item in Python): a bisection that compares each item about twice."""
    n = min(len(a), len(b))
    if (a if len(a) == n else a[:n]) == (b if len(b) == n else b[:n]):
        return n
    low, high = 0, n  # a[:low] == b[:low], a[:high] != b[:high]
    while high - low > 1:
        mid = (low + high) // 2
        if a[low:mid] == b[low:mid]:
            low = mid
        else:
            high = mid
    return low


def row_changes(old: list, new: list) -> tuple:
    """(start, old_stop, new_stop): `new` is `old` with old[start:old_stop] replaced by
    new[start:new_stop]; what comes before and after is the same in both (the move list's rows,
    so that the page writes only those that changed)."""
    start = common_prefix(old, new)
    n = min(len(old), len(new)) - start  # the longest suffix that does not overlap the prefix
    low, high = 0, n + 1  # the last `low` items agree; the last `high` do not (or overlap)
    while high - low > 1:
        mid = (low + high) // 2
        if old[len(old) - mid : len(old) - low] == new[len(new) - mid : len(new) - low]:
            low = mid
        else:
            high = mid
    return start, len(old) - low, len(new) - low


def player_items(players) -> str:
    """The players' markup for `[data-players]`: one `[data-player]` per seat in turn order."""
    escape = app_module.escape
    items = []
    for p in players:
        colour = p["colour"]
        moving = " data-to-move" if p["to_move"] else ""
        turn = ' <span class="turn">to move</span>' if p["to_move"] else ""
        detail = f' <small class="detail">{escape(p["detail"])}</small>' if p["detail"] else ""
        items.append(
            f'<li class="player {colour}" data-player="{colour}"{moving}>'
            f'<span class="chip {colour}" aria-hidden="true"></span>'
            f'<span class="name">{escape(p["name"])}</span> '
            f'<span class="who">{escape(p["who"])}</span>{turn} '
            f'<span class="count" title="{escape(p["detail"])}">{escape(p["count"])}</span>'
            f"{detail}</li>"
        )
    return '<ul class="players-list">' + "".join(items) + "</ul>"


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
            from lotus.page import embed

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
        from lotus.page import embed

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
            "feedback": diagram.verdict(),  # right, wrong or solution (shown)
            "thinking": "1" if self.thinking() else None,
            "thinking-level": self.thinking_level(),  # expert's progress ring
            "hints": diagram.session.hint_marks(),
        }

    def failed(self, ticket, error: str) -> str:
        """The computer could not move: said in the board's status line."""
        self.failure = super().failed(ticket, error)
        return self.failure
