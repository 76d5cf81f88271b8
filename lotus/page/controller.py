"""The app's controller (index.html), without a DOM: events in as plain values, what to show out
as plain data.

`lotus.ui_bindings` is the adapter: it reads a DOM event, calls the controller, and writes its
`view()` into the page. `PageController` keeps the game on screen (`app`, lotus.page.app) and the
page's notices, and hands each concern to a part:

- `computer` (lotus.page.computer): the questions for the workers, and what their answers do;
- `saves` (lotus.page.saved_games): the autosave, the Your games list, other tabs' changes;
- `links` (lotus.page.links): records, share links, the Embed dialog's snippet;
- `analysis` (lotus.page.analysis): the computer's analysis of the game;
- `sound` (lotus.page.sound) and `move_list` (lotus.page.movelist);
- `variation` (lotus.page.variation): moves tried on a side line from a reviewed position;
- the words of the panel (lotus.page.panel), the scoring phase's dispute (lotus.page.scoring)
  and the New game form (lotus.page.form), which are functions of the session on show.

Every event ends in `settle()`, which does what follows from the new state: the analysis
follows the game, a demonstration ends its scoring, the questions due are made, the move list's
rows are remade. `view()`, `enabled()` and `tickets()` only read: a page draws as often as it
likes, and drawing changes nothing.
"""

import json

from lotus.game import games
from lotus.game.refusals import reason
from lotus.page import app as app_module
from lotus.page import form, panel, scoring, view, welcome
from lotus.page.computer import Computer
from lotus.page.events import REVIEW_KEYS, REVIEW_STEPS, session_target
from lotus.page.links import Links
from lotus.page.movelist import MoveList
from lotus.page.saved_games import CURRENT_KEY, MemoryStorage, SavedGames
from lotus.page.sound import Sound
from lotus.page.variation import Variation
from lotus.words import _

ANALYSIS_ACTIONS = ("analyse", "cancel-analysis", "ownership", "estimate")  # lotus.page.analysis
ANALYSIS_KINDS = ("analyse", "estimate")  # the tickets of lotus.page.analysis
VARIATION_ACTIONS = ("variation-keep", "variation-discard")  # lotus.page.variation


class PageController:
    """The app (index.html): what a click, a key, a button or a form means; what to show."""

    def __init__(self, storage=None, clock=None) -> None:
        self.app = app_module.App()
        self.storage = storage if storage is not None else MemoryStorage()
        self.error = ""  # the visible notice ([data-error])
        self.record_error = ""  # an import's error, shown next to the import box
        self.address = None  # the query the address must show now (after a link), or None
        self.failure = ""  # the details of an unexpected error, for the error's Copy box
        self.live_hook = None  # live play (lotus.page.live.play): hook(action) -> True: taken
        self.live_fair = None  # live play: () -> why Hint and Analyse are off ('' : they are on)
        self.computer = Computer(self.shown, self.is_current)
        clock = clock or (lambda: {"date": "", "stamp": ""})  # the adapter's: Date
        self.saves = SavedGames(self.app, self.storage, clock)
        self.links = Links(self.app, self.saves)
        from lotus.page.analysis import Analysis  # the app's only (embeds do not analyse)

        self.analysis = Analysis(self.storage)  # the computer's analysis, Go's score estimate
        self.sound = Sound()
        self.move_list = MoveList()  # the move list's rows, remade where they changed
        self.variation = Variation()  # moves tried from a reviewed position, apart from the game

    def shown(self):
        """The session on screen."""
        return self.app.session

    def is_current(self, session) -> bool:
        """True while `session` is its game's session (not replaced by a new game or record)."""
        return self.app.sessions.get(session.game_id) is session

    @property
    def library(self):
        """The saved games (lotus.game.library.Library)."""
        return self.saves.library

    @property
    def ids(self) -> dict:
        """Game -> the id of its game on screen in the saved games."""
        return self.saves.ids

    # -- start, saves and links --------------------------------------------------------------
    def start(self, query: str, fragment: str) -> bool:
        """Open the page: the game in the query or the last one, its save, a link's game.

        Returns True when the address's fragment held a share link and must now be cleared.
        """
        game, options, error = app_module.parse_query(query)
        notes = self.saves.open()
        if options is None and "game" not in app_module.query_params(query):
            last = self.storage.get(CURRENT_KEY)
            game = last if last in games.GAMES else games.GAMES[0]
        self.app.current = game
        if options is not None:  # a new game, kept beside the saved ones
            self.saves.restored.add(game)
            self.start_game(game, options)
            self.address = "?game=" + game
        # Only the game on screen is restored now; the other one when it is first shown.
        notes.extend(self.saves.restore(game))
        if welcome.computer_wanted(query, fragment, self.saves.entries, self.storage):
            self.play_computer()  # the welcome card's choice, made on an earlier visit
        link_notes = self.open_link(fragment)
        notes.extend(link_notes or ())
        if error:
            notes.append(error)
        self.error = " ".join(notes)
        self.settle()
        return link_notes is not None or options is not None

    def open_link(self, fragment: str):
        """Open a share link's game (#g=…); None when the fragment is not a link, else notes
        (see lotus.page.links.Links.open_link)."""
        notes = self.links.open_link(fragment)
        if notes == [] and self.address is None:
            self.address = "?game=" + self.app.current
        if notes is not None:
            self.settle()
        return notes

    def on_hash(self, fragment: str) -> bool:
        """The address's fragment changed (a pasted share link); True when it must be cleared."""
        notes = self.open_link(fragment)
        if notes is None:
            return False
        self.error = " ".join(notes)
        return True

    def play_computer(self) -> None:
        """The welcome card's "Play the computer" (lotus.page.welcome): its new game."""
        game, options = welcome.computer_game()
        self.pick(game)
        self.start_game(game, options)

    def start_game(self, game: str, options: dict) -> None:
        """A new game of `game`; the one it replaces stays in the list (unless it was empty)."""
        self.app.new_game(game, options)
        self.saves.new_id(game)
        self.settle()

    def pick(self, game: str) -> bool:
        """Show a game (bringing back its autosave the first time); False for an unknown one."""
        if game not in games.GAMES:
            return False
        self.record_error = ""
        notes = self.saves.restore(game)
        if notes:
            self.error = " ".join(notes)
        self.app.current = game
        self.settle()
        return True

    def save(self) -> None:
        """Autosave the game on screen (lotus.page.saved_games), unless it did not change."""
        notes = self.saves.save()
        if notes:
            self.error = " ".join([self.error] + notes).strip()

    def saved_action(self, action: str, game_id: str) -> str:
        """A button of the Your games list; returns the storage key to export, or ''."""
        self.error = ""
        shown = self.app.session
        key, self.error = self.saves.act(action, game_id, self.start_game)
        if action == "resume-saved" and self.app.session is not shown:
            self.computer.paused = False
        self.settle()
        return key

    def on_storage(self, key) -> bool:
        """Another tab changed storage (the `storage` event): follow our games; True to redraw."""
        if key is not None and not str(key).startswith("lotus."):
            return False
        said = self.saves.on_storage(key)
        if said is not None:
            self.error = said
        self.settle()
        return True

    # -- input -------------------------------------------------------------------------------
    def click(self, kind: str, value: str) -> None:
        """A click on a board element named by its hook ('field', 'A3')."""
        if self.live_hook is not None and self.live_hook("click"):
            return  # live play: not this player's turn (the hook says so)
        before = self._begin()
        session = self.app.session
        self.clear_failure()
        if self.variation.takes_click(session, session_target(kind, value), self.live_hook):
            return self._end(before)  # reviewing: the move is tried apart from the game
        try:
            session.click(session_target(kind, value))
        except ValueError as exc:  # a refusal the session did not word (a lotus lives, G5)
            session.message = reason(exc)
        self._end(before)

    def key(self, key: str) -> bool:
        """A shortcut key (u, r, Escape, arrows, Home, End); True when it did something."""
        if key in ("u", "r"):
            self.action("undo" if key == "u" else "redo")
        elif key == "Escape":
            before = self._begin()
            self.app.session.clear_selection()
            self.variation.discard()
            self._end(before)
        elif key in REVIEW_KEYS:
            self.action(REVIEW_KEYS[key])
        else:
            return False
        return True

    def goto(self, ply) -> None:
        """A click on the move list: show the position after move `ply` (1-based), as review."""
        try:
            ply = int(ply)
        except ValueError:
            return
        before = self._begin()
        session = self.app.session
        session.review_to(session.ply_index(ply) if ply > 0 else 0)
        self._end(before)

    def question(self, action: str) -> str:
        """What to ask the user before an action ('' when nothing; lotus.page.panel.question)."""
        return self.variation.question(action) or panel.question(self.app.session, action)

    def action(self, action: str) -> None:
        """A game action: undo, pass, review, a hint, the analysis, pause…"""
        session = self.app.session
        self.clear_failure()
        if self.live_hook is not None and self.live_hook(action):
            return  # live play: undo asks the friend, confirm waits for both, …
        if action == "confirm" and scoring.disputed(session):
            return  # the status says why: the computer disputes the marks
        simple = {
            "undo": session.undo_turn,
            "redo": session.redo,
            "play-here": session.play_from_here,
            "pass": session.pass_turn,
            "resign": session.resign,
            "confirm": session.confirm,
            "resume": session.resume,
        }
        before = self._begin()
        if action in ANALYSIS_ACTIONS:
            self.analysis.act(action, session)
        elif action in VARIATION_ACTIONS or (action == "prev" and self.variation.active()):
            self.variation.act(action)
        elif action == "hint":
            self.computer.hint()
        elif action == "pause":
            self.computer.paused = not self.computer.paused
        elif action in REVIEW_STEPS:
            session.review_step(REVIEW_STEPS[action](len(session.actions)))
        elif simple.get(action) is not None:
            if action in ("undo", "redo"):
                session.review_to(None)  # undo and redo act on the present, and leave review
            simple[action]()
        self._end(before)

    def new_game(self, values: dict) -> str:
        """Start a new game of the game on screen with the New game form's values (text, by
        field name). Returns '' when the game started, else why not (said in the dialog, which
        stays open; the game on screen is kept)."""
        self.record_error = ""
        try:
            options = form.read(self.app.current, values)
        except games.OptionError as exc:
            return form.refusal_text(exc)
        if self.live_hook is not None and self.live_hook("new"):
            return ""  # live play: a new game is asked of the friends
        self.error = ""
        self.computer.paused = False
        self.start_game(self.app.current, options)
        return ""

    def new_game_refusal(self, values: dict) -> str:
        """Why the form's values cannot start a game ('' when they can), before asking anything."""
        return form.refusal(self.app.current, values)

    def set_numbers(self, on: bool) -> None:
        """The point-numbers view preference (games whose boards have point numbers)."""
        if games.get(self.app.current).has_numbers:
            self.app.session.numbers = bool(on)

    def _begin(self) -> tuple:
        """Before a user's action: an import's error goes (the user has moved on)."""
        self.record_error = ""
        session = self.app.session
        return session, session.version, session.review, self.sound.before(session)

    def _end(self, before: tuple) -> None:
        """After a user's action: a notice about an earlier state goes once the state changed;
        new moves sound; what follows from the change is done."""
        session = self.app.session
        if (session, session.version, session.review) != before[:3]:
            self.error = ""
        self.sound.after(before[3], session)
        self.settle()

    # -- records in (lotus.page.links; records and links out are its own) ------------------
    def record_too_long(self, length: int) -> bool:
        """True (and say why, next to the import box) when a record of `length` characters is
        too long to be read: the adapter asks before it copies the text out of the page."""
        said = self.links.too_long(length)
        if said:
            self.record_error = said
        return bool(said)

    def import_record(self, text: str) -> bool:
        """Open a record; on an error say where and why, and keep the current game."""
        self.record_error = self.links.import_record(text)
        if not self.record_error:
            self.error = ""
        self.settle()
        return not self.record_error

    # -- unexpected errors -------------------------------------------------------------------
    def snapshot(self):
        """The game on screen as it is, before an event (see `recover`)."""
        return self.saves.snapshot()

    def recover(self, snapshot, details: str) -> None:
        """An event failed unexpectedly: put the game back as it was and say so briefly."""
        self.saves.put_back(snapshot)
        self.failure = details
        self.error = _("Something went wrong; the game is as it was before. (Details below.)")
        self.settle()

    def clear_failure(self) -> None:
        """The next action clears the notice of an unexpected error."""
        if self.failure:
            self.failure = ""
            self.error = ""

    # -- the workers (lotus.dom.host asks them) ----------------------------------------------
    def answered(self, ticket, answer, elapsed_ms: float = 0) -> None:
        """A worker's (or the opening book's) answer: an analysis's goes to the analysis, the
        rest to the computer's turns."""
        before = self.sound.before(self.app.session)
        if ticket.kind in ANALYSIS_KINDS:
            self.computer.worker_up(ticket.kind == "analyse")  # only Pyodide analyses
            self.variation.answered(ticket, answer) or self.analysis.answered(ticket, answer)
        else:
            self.computer.answered(ticket, answer, elapsed_ms)
        self.sound.after(before, self.app.session)
        self.settle()

    def failed(self, ticket, error: str) -> str:
        """A worker could not answer: said in the page's notice, or the analysis's status."""
        if ticket.kind in ANALYSIS_KINDS:
            message = "" if self.variation.failed(ticket) else self.analysis.failed(ticket, error)
        else:
            message = self.computer.failed(ticket, error)
            if message:
                self.error = message
        self.settle()
        return message

    def worker_up(self, full: bool) -> None:
        """A worker has answered its first call (`full`: the Pyodide worker)."""
        self.computer.worker_up(full)
        self.settle()

    def worker_unavailable(self, error: str, fallback: bool = False) -> str:
        """The Pyodide worker could not start: said in the page's notice (the board plays on)."""
        message = self.computer.unavailable(error, fallback)
        self.error = (self.error + " " + message).strip()
        return message

    def wants_search(self) -> bool:
        """True when the game on screen will need the full search soon (a computer seat)."""
        return self.computer.wants_search()

    def timings_json(self) -> str:
        """The computer's move times measured in the page, as JSON."""
        return json.dumps(self.computer.timings)

    # -- after every change --------------------------------------------------------------------
    def settle(self) -> None:
        """Do what follows from the state of the game on screen; every event ends with it, and
        an adapter that changed the session itself (live play's messages) calls it too. The
        analysis follows the game, a demonstration's computer ends its scoring, the questions
        due for the workers are made, and the move list's rows are remade."""
        session = self.app.session
        if self.computer.paused and not panel.watch_controls(session):
            self.computer.paused = False  # no Resume is shown outside a demonstration
        self.analysis.follow(session)
        self.variation.follow(session)
        scoring.confirm_watched(session, self.computer.paused)
        self.computer.ask()
        self.computer.ask_dead()
        self.analysis.ask(session, self.live_hook)
        self.variation.ask(bool(self.analysis.results))
        self.move_list.make(
            session,
            session.moves_shown() - 1,
            len(session.colours()) == 2,
            self.analysis.judgements(),
        )

    # -- what to show (lotus.page.view): nothing here changes state ------------------------
    def tickets(self) -> list:
        """The questions for the workers whose answers are awaited (lotus.page.computer.Ticket,
        lotus.page.analysis.AnalysisTicket): the adapter asks each of them once."""
        return self.computer.out + self.analysis.tickets() + self.variation.tickets()

    def enabled(self) -> dict:
        """{action: True when its button can be used now}."""
        return view.enabled(self)

    def view(self) -> dict:
        """Everything the page shows, as plain data (see lotus.page.view.page)."""
        return view.page(self)

    # -- live play (lotus.page.live decides, lotus.dom.live moves the bytes) -------------
    def live_apply(self, change):
        """A change from a live game's other side, `change(session)`, made like a click's."""
        before = self._begin()
        self.clear_failure()
        result = change(self.app.session)
        self._end(before)
        return result
