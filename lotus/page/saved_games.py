"""Your games, without a DOM: the autosave of the games on screen, their list, other tabs.

A part of the app's controller over `lotus.game.library` (embeds save nothing). The browser's
storage is handed in as a port with `get(key)` and `set(key, value)` (`lotus.dom.host`'s
BrowserStorage; `MemoryStorage` here for tests and a browser without storage). The list is read
from storage when storage changes (a save, a deletion, another tab), never to draw it.
"""

import json

from lotus.game import games, library, saves
from lotus.game.text import COLOUR_WORDS, colour_name, echo
from lotus.page.app import escape
from lotus.words import N_, _, n_, p_

CURRENT_KEY = "lotus.current"  # the kind of game on screen last time (the games: library)
BLOCKED = N_(
    "Games are not saved in this browser: its storage is blocked. Export a game to keep it."
)
FULL = N_(
    "Saving failed: this browser's storage is full. The game goes on; export it (Records) to "
    "keep it, or delete games you no longer need from Your games."
)
SEATS = {  # who plays a colour, in the list
    "human": N_("person"),
    "easy": N_("computer (easy)"),
    "medium": N_("computer (medium)"),
    "hard": N_("computer (hard)"),
    "expert": N_("computer (expert)"),
}


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


class SavedGames:
    """The saves of the app's games (`app`: lotus.page.app.App), and the Your games list."""

    def __init__(self, app, storage, clock) -> None:
        self.app = app
        self.storage = storage
        self.clock = clock  # the adapter's: {"date", "stamp"} of now
        self.library = library.Library(storage)
        self.restored = set()  # games whose autosave was looked at
        self.ids = {}  # game -> the id of its game on screen
        self.saved = {}  # id -> the text last saved, so an unchanged game is not written again
        self.note = ""  # why games are not being saved now (blocked, full), worded
        self.blocked = False  # the browser refuses this page any storage
        self.entries = []  # the list, as storage held it when it last changed

    def open(self) -> list:
        """At start: is storage usable (else say so once), and move old single saves in."""
        usable = getattr(self.storage, "usable", None)
        if usable is not None and not usable():
            self.blocked = True
            self.note = _(BLOCKED)
            return []
        self.library.index()  # a damaged index is set aside now, and said
        self.library.migrate(games.GAMES, self.clock()["stamp"])
        return self.reread()

    def reread(self) -> list:
        """Storage changed: read the list again; what was set aside meanwhile, in sentences."""
        self.entries = self.library.entries()
        return self.library.take_notes()

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

    def reuse(self, game: str) -> str:
        """A game opened from a link: when the same game (options, seats, moves) is saved
        already, the game on screen takes that entry's id (one entry per game, whatever opens
        it), else a new one. Returns the id."""
        session = self.app.session
        mine = json.loads(saves.dump(session))

        def people(seats) -> dict:  # a seat left out is a person's
            seats = seats if isinstance(seats, dict) else {}
            return {c: v for c, v in seats.items() if v != "human"}

        def same(saved: dict) -> bool:
            return (
                saved.get("game") == game
                and saved.get("actions") == mine["actions"]
                and saved.get("options") == mine["options"]
                and people(saved.get("seats")) == people(mine["seats"])
            )

        found = self.library.find(game, session.move_count(), same)
        if found is None:
            return self.new_id(game)
        self.ids[game] = found
        return found

    def restore(self, game: str) -> list:
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

    def restore_saved(self, game: str, game_id: str) -> list:
        """Show a saved game; when it cannot be restored (any reason), keep it marked broken."""
        text = None
        try:
            size = self.library.size(game_id)
            if size < 0:
                raise saves.SaveError(_("its text is missing from this browser's storage"))
            if size > library.MAX_SAVE:
                raise saves.SaveError(_("it is too large ({size} characters)", size=size))
            text = self.library.text(game_id)
            self.app.restore(game, text)
        except Exception as exc:  # any failure: the save is kept, the page goes on
            reason = str(exc) if isinstance(exc, saves.SaveError) else f"{type(exc).__name__}"
            if not isinstance(exc, saves.SaveError) and str(exc):
                reason += ": " + echo(str(exc), quoted=False, limit=120)
            self.library.mark_broken(game_id, game, reason)
            self.reread()
            return [
                _(
                    "Your saved game of {title} could not be restored: {reason}. It is kept in "
                    "Your games, where you can export its text.",
                    title=games.get(game).title,
                    reason=reason,
                )
            ]
        self.saved[game_id] = text
        return []

    def save(self) -> list:
        """Autosave the game on screen, unless it did not change; notes about the list."""
        game = self.app.current
        self.storage.set(CURRENT_KEY, game)
        if self.blocked:
            return []
        session = self.app.session
        game_id = self.ids.get(game) or self.new_id(game)
        text = saves.dump(session)
        if self.saved.get(game_id) == text:
            return []
        if self.library.save(game_id, game, text, self.summary(session)):
            self.saved[game_id] = text
            self.note = ""
        else:
            self.note = _(FULL)
        return self.reread()  # the index was found damaged meanwhile: set aside, and said

    def snapshot(self) -> tuple:
        """The game on screen as it is: its save's contents, made into text only if it must be
        put back (`put_back`, after an event that failed)."""
        return self.app.current, saves.state(self.app.session)

    def put_back(self, snapshot: tuple) -> None:
        """Show the game of a `snapshot` as it was then (else as the failed event left it)."""
        game, state = snapshot
        self.app.current = game
        try:
            self.app.restore(game, saves.text_of(state))
        except Exception:  # the game stays as the failed event left it
            pass

    def summary(self, session) -> dict:
        """What the list says about a game: date, players (as codes, 'w:human,b:hard', worded
        when the list is drawn: `players`), number of moves, result (the banner, as worded
        when the game ended)."""
        over = session.phase() == "over"
        players = ",".join(c + ":" + str(session.seat(c)) for c in session.colours())
        return {
            "date": self.clock()["date"],
            "players": players,
            "moves": session.move_count(),
            "result": session.banner() if over else "",
        }

    def act(self, action: str, game_id: str, start_game) -> tuple:
        """A button of the list (resume, export, delete a saved game): (the storage key to
        export or '', what to say or ''). `start_game(game, options)` replaces a deleted game
        on screen by a new one."""
        entry = self.library.entry(game_id)
        if entry is None:
            return "", _("That game is no longer saved in this browser.")
        game = entry["game"]
        if action == "export-saved":  # the adapter copies the text, however large
            self.app.session.message = _("The saved game's text is in the record box (Records).")
            return self.library.key(game_id), ""
        if action == "delete-saved":
            self.library.delete(game_id)
            self.saved.pop(game_id, None)
            self.reread()
            if self.ids.get(game) == game_id:  # the game on screen: a new one of its kind
                del self.ids[game]
                session = self.app.sessions.pop(game, None)
                options = session.options if session is not None else games.get(game).defaults()
                current = self.app.current
                start_game(game, options)
                self.app.current = current
            return "", ""
        if action != "resume-saved":
            return "", ""
        if game not in games.GAMES:
            return "", _(
                "That saved game is of “{game}”, a game this version does not know: it cannot "
                "be resumed here. Export its text to keep it.",
                game=echo(game, quoted=False),
            )
        notes = self.save()  # the game on screen as it is now
        self.restored.add(game)
        failed = self.restore_saved(game, game_id)
        if failed:
            return "", " ".join(failed)
        self.ids[game] = game_id
        self.library.choose(game, game_id)
        self.app.current = game
        return "", " ".join(notes + self.reread())

    def on_storage(self, key) -> str:
        """Another tab changed `key` of our storage (None: all of it): follow the games on
        screen; what to say, or None to leave the notice as it is."""
        if key == library.INDEX_KEY:
            self.library.index()  # damaged there: set aside, and said
        notes = self.reread()
        said = " ".join(notes) if notes else None
        for game, game_id in list(self.ids.items()):
            if self.library.key(game_id) != key or game not in self.app.sessions:
                continue
            text = self.storage.get(key)
            if text is None:
                said = _("This game was deleted in another tab; it is saved again here.")
                self.saved.pop(game_id, None)
            elif text != self.saved.get(game_id):
                notes = self.restore_saved(game, game_id)
                said = " ".join(notes)
                if notes:
                    self.new_id(game)
                else:
                    self.app.sessions[game].message = _(
                        "This game went on in another tab: its latest position is shown."
                    )
        return said

    def items(self) -> str:
        """The Your games list's markup: one entry per saved game, newest first."""
        shown = self.ids.get(self.app.current)
        return "".join(item(entry, entry["id"] == shown) for entry in self.entries)


def item(entry: dict, current: bool) -> str:
    """One saved game of the list: what it is, when, who played, and its buttons."""
    game_id = escape(entry["id"])
    game = escape(entry["game"])
    known = entry["game"] in games.GAMES
    moves = entry.get("moves") if isinstance(entry.get("moves"), int) else 0
    broken = entry.get("broken")
    what = [escape(library.title(entry["game"])), escape(n_("{n} move", "{n} moves", moves))]
    if entry.get("result"):
        what.append(escape(entry["result"]))
    if broken and known:
        what.append(escape(_("cannot be restored: {reason}", reason=broken)))
    button = '<button type="button" data-action="{}" data-id="{}">{}</button>'
    buttons = [button.format("export-saved", game_id, escape(p_("saved game", "Export text")))]
    if not broken and known:
        buttons.insert(
            0, button.format("resume-saved", game_id, escape(p_("saved game", "Resume")))
        )
    buttons.append(button.format("delete-saved", game_id, escape(p_("saved game", "Delete"))))
    attrs = f' data-saved-game="{game_id}" data-game="{game}" data-moves="{moves}"'
    if broken:
        attrs += " data-broken"
    if not known:
        attrs += " data-unknown"
    if current:
        attrs += ' aria-current="true"'
    return (
        f'<li{attrs}><span class="saved-what">{" · ".join(what)}</span>'
        f'<span class="saved-when">{escape(entry.get("date", ""))}</span>'
        f'<span class="saved-who">{escape(players(entry.get("players", "")))}</span>'
        f'<span class="saved-buttons">{"".join(buttons)}</span></li>'
    )


def players(text: str) -> str:
    """Who plays, as the list says it ('White: person, Black: computer (hard)'), from a summary's
    codes ('w:human,b:hard'); a summary saved in words by an earlier version, as it is."""
    said = []
    for part in text.split(",") if text else []:
        colour, _colon, seat = part.partition(":")
        if colour not in COLOUR_WORDS or seat not in SEATS:
            return text
        # Translators: one colour and who plays it, in the list of Your games.
        said.append(_("{colour}: {player}", colour=colour_name(colour), player=_(SEATS[seat])))
    return ", ".join(said)
