"""Your games: several saved games per game kind, over the controllers' storage port (pure).

Each game is kept under its own key, `lotus.game.<id>`, as `lotus.game.saves` text. The index,
`lotus.games`, lists them (what the "Your games" list shows: the game kind, date, players, number
of moves, result) and remembers which game of each kind was on screen last. The index is read
from storage on every call, so two tabs see each other's games.

A save that cannot be restored is never deleted: its entry is marked `broken` with the reason,
and its text stays where it is, for the player to export. A damaged index (not JSON, values of the
wrong kind at any depth, entries naming keys that are not theirs) is never deleted either: it is
set aside as it was under `lotus.games.damaged`, and the valid entries found in it are kept. An
entry's key is its own: `lotus.game.<id>`, or the old slot of its game kind. The single save
slot of earlier versions (`lotus.save.race`, `lotus.save.go`) is read once and moved into the list.

The port is `get(key)` -> text or None, `set(key, text)` -> True when kept, and optionally
`remove(key)`; none of them may raise (the browser's adapter guards localStorage).
"""

import json

from lotus.game import games
from lotus.game.text import echo
from lotus.words import N_, _, n_

INDEX_KEY = "lotus.games"
GAME_KEY = "lotus.game."  # + id
OLD_KEY = "lotus.save."  # + game: the single save slot of earlier versions
DAMAGED_KEY = "lotus.games.damaged"  # a damaged index, set aside as it was (then ".2" … ".9")
MAX_SAVE = 1_000_000  # characters: a longer save is not restored (kept, marked broken)
MAX_INDEX = 1_000_000  # characters: a longer index is set aside unread (2,000 games take 400,000)
MAX_ID = 64  # characters of an id (ours take about 12), and of a game's name
TEXTS = ("date", "players", "result", "broken")  # an entry's optional texts
FIELD_PROBLEMS = {
    "seq": N_("an entry's order is not a number"),
    "moves": N_("an entry's number of moves is not a number"),
    "date": N_("an entry's date is not text"),
    "players": N_("an entry's players are not text"),
    "result": N_("an entry's result is not text"),
    "broken": N_("an entry's reason it cannot be restored is not text"),
}
"""What is wrong with an index entry's value of the wrong kind, by its name (worded where said)."""
UNKNOWN = N_("a game this version does not know")
"""Said of a saved game of a kind this version has not (worded where shown: `_(UNKNOWN)`)."""


def _remove(storage, key: str) -> None:
    remove = getattr(storage, "remove", None)
    if remove is not None:
        remove(key)


class Library:
    """The saved games in one storage."""

    def __init__(self, storage) -> None:
        self.storage = storage
        self.notes = []  # what was set aside, said once (see `take_notes`)
        self.stuck = False  # a damaged index could not be set aside: it is not written over

    # -- the index ----------------------------------------------------------------------------
    def index(self) -> dict:
        """{'games': [entry…], 'current': {game: id}, 'seq': n}, whatever storage holds.

        A damaged index (not JSON, wrong types at any depth, entries naming keys that are not
        theirs) is set aside under `DAMAGED_KEY` as it was, and the valid entries found in it
        are kept; `take_notes` then says so."""
        empty = {"games": [], "current": {}, "seq": 0}
        size = self._size(INDEX_KEY)
        if size > MAX_INDEX:  # not brought into Python's memory: set aside unread
            problem = _("it is too large to read, {count} characters", count=size)
            self._set_aside(None, problem, empty)
            return empty
        text = self.storage.get(INDEX_KEY) if size > 0 else None
        if not text:
            return empty
        index, problem = read_index(text)
        if problem:
            self._set_aside(text, problem, index)
        return index

    def _size(self, key: str) -> int:
        size = getattr(self.storage, "size", None)
        if size is not None:
            return size(key)
        text = self.storage.get(key)
        return -1 if text is None else len(text)

    def _set_aside(self, text, problem: str, index: dict) -> None:
        """Keep a damaged index under a backup key, then write the repaired one in its place."""
        key = self._backup(text)
        if key is None:  # storage refused the copy: the damaged index stays where it is
            self.stuck = True
            note = _(
                "Your list of saved games is damaged ({problem}), and this browser's storage is"
                " too full to keep a copy of it: it is left as it is, and games are not saved"
                " until there is room.",
                problem=problem,
            )
        else:
            self.stuck = False
            count = len(index["games"])
            # Translators: {key} is where the damaged list is kept in the browser's storage.
            if count == 0:
                note = _(
                    "Your list of saved games was damaged ({problem}). It is kept as it was"
                    " under “{key}” in this browser's storage; no saved game could be found in"
                    " it.",
                    problem=problem,
                    key=key,
                )
            else:
                note = n_(
                    "Your list of saved games was damaged ({problem}). It is kept as it was"
                    " under “{key}” in this browser's storage; the one game still named in it is"
                    " listed in Your games.",
                    "Your list of saved games was damaged ({problem}). It is kept as it was"
                    " under “{key}” in this browser's storage; the {n} games still named in it"
                    " are listed in Your games.",
                    count,
                    problem=problem,
                    key=key,
                )
            self._write(index)
        if note not in self.notes:
            self.notes.append(note)

    def _backup(self, text):
        """Copy the index to the first free backup key (or one holding the same text); the key,
        or None when storage refused."""
        keys = [DAMAGED_KEY] + [f"{DAMAGED_KEY}.{n}" for n in range(2, 10)]
        copy = getattr(self.storage, "copy", None)
        for key in keys:
            size = self._size(key)
            if size >= 0 and key != keys[-1]:
                if text is None or size != len(text) or self.storage.get(key) != text:
                    continue  # an earlier backup: kept
            if text is None:  # too large to bring into Python: copied by the port
                return key if copy is not None and copy(INDEX_KEY, key) else None
            return key if self.storage.set(key, text) else None
        return None

    def take_notes(self) -> list:
        """What was set aside since the last call (sentences for the page's notice)."""
        notes, self.notes = self.notes, []
        return notes

    def _write(self, index: dict) -> bool:
        if self.stuck:  # a damaged index that could not be copied is never written over
            return False
        return self.storage.set(INDEX_KEY, json.dumps(index))

    def entries(self) -> list:
        """Every saved game, the most recently changed first."""
        return sorted(self.index()["games"], key=lambda e: -e.get("seq", 0))

    def entry(self, game_id: str):
        """One game's entry, or None."""
        for entry in self.index()["games"]:
            if entry["id"] == game_id:
                return entry
        return None

    def current(self, game: str):
        """The id of the game of kind `game` on screen last (None when there is none)."""
        game_id = self.index()["current"].get(game)
        return game_id if self.entry(game_id or "") is not None else None

    def new_id(self, stamp: str = "") -> str:
        """A fresh id (`stamp` makes ids from different tabs differ: the time, say)."""
        index = self.index()
        taken = {e["id"] for e in index["games"]}
        n = index["seq"] + 1
        while True:
            game_id = f"{stamp}{n}" if stamp else str(n)
            # an unlisted text under the id's key (its entry was damaged) is never written over
            if game_id not in taken and self._size(GAME_KEY + game_id) < 0:
                return game_id
            n += 1

    # -- games --------------------------------------------------------------------------------
    def key(self, game_id: str) -> str:
        """Where a game's text is kept."""
        entry = self.entry(game_id)
        return entry["key"] if entry is not None else GAME_KEY + game_id

    def text(self, game_id: str):
        """A game's save text, or None."""
        return self.storage.get(self.key(game_id))

    def size(self, game_id: str) -> int:
        """The length of a game's text, -1 when it has none (read without loading the text)."""
        key = self.key(game_id)
        size = getattr(self.storage, "size", None)
        if size is not None:
            return size(key)
        text = self.storage.get(key)
        return -1 if text is None else len(text)

    def save(self, game_id: str, game: str, text: str, summary: dict) -> bool:
        """Keep a game's text and its list entry, and make it its kind's current game.

        `summary`: {'date', 'players', 'moves', 'result'}. False when storage refused either.
        """
        key = GAME_KEY + game_id
        kept = self.storage.set(key, text)
        return self._list(game_id, game, key, summary) and kept

    def _list(self, game_id: str, game: str, key: str, summary: dict) -> bool:
        index = self.index()
        index["seq"] += 1
        entry = {"id": game_id, "game": game, "key": key, "seq": index["seq"]}
        entry.update(summary)
        index["games"] = [e for e in index["games"] if e["id"] != game_id] + [entry]
        index["current"][game] = game_id
        return self._write(index)

    def find(self, game: str, moves: int, same) -> str | None:
        """The id of a saved game of kind `game` with `moves` moves whose save (its JSON, read)
        `same(saved)` says is the same game, or None. Only the entries with that many moves are
        read: a game opened again (its own share link) finds its entry and reuses it."""
        for entry in self.entries():
            if entry["game"] != game or entry.get("broken") or entry.get("moves") != moves:
                continue
            try:
                saved = json.loads(self.text(entry["id"]) or "")
            except (ValueError, MemoryError):
                continue
            if isinstance(saved, dict) and same(saved):
                return entry["id"]
        return None

    def choose(self, game: str, game_id: str) -> None:
        """Make a game its kind's current one (the one a reload shows)."""
        index = self.index()
        index["current"][game] = game_id
        self._write(index)

    def delete(self, game_id: str) -> None:
        """Forget a game and its text."""
        index = self.index()
        entry = self.entry(game_id)
        index["games"] = [e for e in index["games"] if e["id"] != game_id]
        for game, current in list(index["current"].items()):
            if current == game_id:
                del index["current"][game]
        self._write(index)
        if entry is not None:
            _remove(self.storage, entry["key"])

    def mark_broken(self, game_id: str, game: str, reason: str, key=None) -> None:
        """Keep a game that cannot be restored as a broken entry (its text stays where it is)."""
        index = self.index()
        old = self.entry(game_id) or {}
        index["seq"] += 1
        entry = {
            "id": game_id,
            "game": game,
            "key": key or old.get("key") or GAME_KEY + game_id,
            "seq": index["seq"],
            "date": old.get("date", ""),
            "players": old.get("players", ""),
            "moves": old.get("moves", 0),
            "result": "",
            "broken": reason[:300],
        }
        index["games"] = [e for e in index["games"] if e["id"] != game_id] + [entry]
        if index["current"].get(game) == game_id:
            del index["current"][game]
        self._write(index)

    def migrate(self, games, stamp: str = "") -> list:
        """Move the single save slot of earlier versions into the list; the ids made."""
        made = []
        for game in games:
            old_key = OLD_KEY + game
            size = getattr(self.storage, "size", None)
            length = size(old_key) if size is not None else len(self.storage.get(old_key) or "")
            if length <= 0 or any(e["key"] == old_key for e in self.index()["games"]):
                continue  # nothing there, or listed already (too large to move)
            text = self.storage.get(old_key) if length <= MAX_SAVE else ""
            game_id = self.new_id(stamp)
            summary = {"date": "", "players": "", "moves": _count_moves(text), "result": ""}
            if text and self.save(game_id, game, text, summary):
                _remove(self.storage, old_key)
            else:  # too large to copy: it stays under its old key, listed
                self._list(game_id, game, old_key, summary)
            made.append(game_id)
        return made


def read_index(text: str) -> tuple:
    """(index, problem) from the index's text: the index as `Library.index` gives it, made of
    what is valid in the text; `problem` says what was not ('' when nothing)."""
    try:
        data = json.loads(text)
    except (ValueError, MemoryError):
        data = None
    if not isinstance(data, dict):
        kind = _("it is not JSON") if data is None else _("it is not a list of games")
        return {"games": [], "current": {}, "seq": 0}, kind
    problems = []
    games = []
    ids = set()
    keys = set()
    listed = data.get("games", [])
    if not isinstance(listed, list):
        problems.append(_("its games are not a list"))
        listed = []
    for item in listed:
        entry, wrong = _entry(item)
        if entry is None:
            problems.append(_("an entry does not name a saved game"))
        elif entry["id"] in ids or entry["key"] in keys:
            problems.append(_("two entries name the same game"))
        else:
            if wrong:
                problems.append(_(FIELD_PROBLEMS[wrong]))
            ids.add(entry["id"])
            keys.add(entry["key"])
            games.append(entry)
    current = data.get("current", {})
    if not isinstance(current, dict):
        problems.append(_("its games on screen are not a table"))
        current = {}
    kinds = {e["id"]: e["game"] for e in games}
    chosen = {}
    for game, game_id in current.items():
        if isinstance(game_id, str) and kinds.get(game_id) == game:
            chosen[game] = game_id
        elif not isinstance(game_id, str) or game_id in kinds:  # (an id not listed: gone)
            problems.append(_("a game it shows last is not one of its games"))
    seq = data.get("seq", 0)
    top = max([e["seq"] for e in games] + [len(games)])
    if type(seq) is not int or seq < 0:
        problems.append(_("its count is not a number"))
        seq = top
    index = {"games": games, "current": chosen, "seq": max(seq, top)}
    return index, problems[0] if problems else ""


def _entry(item) -> tuple:
    """(entry, wrong): a valid copy of an index entry, its values of the wrong kind left out
    (`wrong` is the name of one, a key of FIELD_PROBLEMS, '' when none); entry None when the
    item names no game of its own: an id, a game kind and its own key (`lotus.game.<id>`, or the
    old slot of its game kind)."""
    if not isinstance(item, dict):
        return None, ""
    game_id, game, key = item.get("id"), item.get("game"), item.get("key")
    if not (_name(game_id) and _name(game)):
        return None, ""
    if key != GAME_KEY + game_id and not (key == OLD_KEY + game and game in games.GAMES):
        return None, ""
    entry = {"id": game_id, "game": game, "key": key, "seq": 0, "moves": 0}
    wrong = ""
    for name in ("seq", "moves") + TEXTS:
        if name not in item:
            continue
        value = item[name]
        if name in TEXTS:
            ok = isinstance(value, str) and len(value) <= 1000
        else:
            ok = type(value) is int and value >= 0
        if ok:
            entry[name] = value
        elif not wrong:
            wrong = name
    return entry, wrong


def _name(value) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_ID


def title(game) -> str:
    """A game kind's name for the list: its title, or what it is called and that this version does
    not know it (a game of another version)."""
    titles = games.TITLES
    if game in titles:
        return titles[game]
    return _("{game} (a game this version does not know)", game=echo(game, quoted=False))


def _count_moves(text: str) -> int:
    """The number of moves in save text, or 0 when it cannot be read (cheaply, for the list)."""
    if len(text) > MAX_SAVE:
        return 0
    try:
        actions = json.loads(text).get("actions")
        return len([a for a in actions if isinstance(a, str) and not a.startswith("#")])
    except Exception:
        return 0
