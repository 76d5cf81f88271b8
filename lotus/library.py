"""Your games: several saved games per game kind, over the controllers' storage port (pure).

Each game is kept under its own key, `lotus.game.<id>`, as `lotus.saves` text. The index,
`lotus.games`, lists them (what the "Your games" list shows: the game kind, date, players, number
of moves, result) and remembers which game of each kind was on screen last. The index is read
from storage on every call, so two tabs see each other's games.

A save that cannot be restored is never deleted: its entry is marked `broken` with the reason,
and its text stays where it is, for the player to export. The single save slot of earlier
versions (`lotus.save.race`, `lotus.save.go`) is read once and moved into the list.

The port is `get(key)` -> text or None, `set(key, text)` -> True when kept, and optionally
`remove(key)`; none of them may raise (the browser's adapter guards localStorage).
"""

import json

INDEX_KEY = "lotus.games"
GAME_KEY = "lotus.game."  # + id
OLD_KEY = "lotus.save."  # + game: the single save slot of earlier versions
MAX_SAVE = 1_000_000  # characters: a longer save is not restored (kept, marked broken)


def _remove(storage, key: str) -> None:
    remove = getattr(storage, "remove", None)
    if remove is not None:
        remove(key)


class Library:
    """The saved games in one storage."""

    def __init__(self, storage) -> None:
        self.storage = storage

    # -- the index ----------------------------------------------------------------------------
    def index(self) -> dict:
        """{'games': [entry…], 'current': {game: id}, 'seq': n}; a damaged index reads as empty."""
        text = self.storage.get(INDEX_KEY)
        data = None
        if text:
            try:
                data = json.loads(text)
            except ValueError:
                data = None
        if not isinstance(data, dict):
            data = {}
        games = [e for e in data.get("games") or () if _valid(e)]
        current = data.get("current")
        seq = data.get("seq")
        return {
            "games": games,
            "current": current if isinstance(current, dict) else {},
            "seq": seq if isinstance(seq, int) else len(games),
        }

    def _write(self, index: dict) -> bool:
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
        taken = {e["id"] for e in self.index()["games"]}
        n = self.index()["seq"] + 1
        while True:
            game_id = f"{stamp}{n}" if stamp else str(n)
            if game_id not in taken:
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
            "broken": reason,
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


def _valid(entry) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("id"), str)
        and isinstance(entry.get("game"), str)
        and isinstance(entry.get("key"), str)
    )


def _count_moves(text: str) -> int:
    """The number of moves in save text, or 0 when it cannot be read (cheaply, for the list)."""
    if len(text) > MAX_SAVE:
        return 0
    try:
        actions = json.loads(text).get("actions")
        return len([a for a in actions if isinstance(a, str) and not a.startswith("#")])
    except Exception:
        return 0
