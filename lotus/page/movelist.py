"""The move list's markup, without a DOM: one string per row, remade only where it changed.

A part of the app's controller, which remakes the rows after every change (`MoveList.make`);
the view reads `MoveList.made`, and the adapter writes only the rows that changed
(`row_changes`, `lotus.dom.host.write_rows`).
"""

from lotus.page.app import escape

_CELL = (
    '<button type="button" class="%s" data-move="%s" data-ply="%d"%s title="%s" '
    'aria-label="%d: %s"%s><span class="who %s" aria-hidden="true"></span>'
    '<span class="words">%s</span><span class="notation">%s</span>%s</button>'
)
_ROW = '<li%s data-row="%d"><span class="num" aria-hidden="true">%d.</span>'
_ROWS = (_ROW + _CELL + "</li>", _ROW + _CELL + _CELL + "</li>")  # rows of one move, of two


def move_fields(
    i: int, colour: str, move: str, words: str, last: int, flag=None, short: str = ""
) -> tuple:
    """The values a move's cell in the move list is written with, in order: a button
    `[data-move][data-ply]` (ply `i + 1`) whose title and aria-label say the move in words; it
    shows the move in a few words (`short`, `.words`) and in notation (`.notation`: the page's
    View menu chooses which, by CSS); the move on show (`i == last`) is marked, and `flag`
    (symbol, name, words: lotus.page.analysis) adds `data-judgement` and the symbol."""
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
        escape(short) if short else move,
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
        flag = self.judged.get(i + 1)
        short = session.short_words(k, False)  # after the mover's colour chip
        return move_fields(i, session.movers[k], move, words, self.last, flag, short)

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


def variation_row(moves: list, branch: int, value: str, keep: str, keep_label: str, drop: str):
    """The move list's row of a variation (lotus.page.variation): the moves tried, [(colour,
    move, words, short words)], bracketed after move `branch` they branch from, each in a few words
    and in notation as the game's moves are (the View menu chooses), the estimate `value` ('' when
    none), and its buttons (`data-variation-action`: keep, discard; their words given)."""
    cells = "".join(
        f'<span class="vmv" data-variation-move="{escape(move)}" title="{escape(words)}">'
        f'<span class="who {colour}" aria-hidden="true"></span><span class="words">'
        f'{escape(short)}</span><span class="notation">{escape(move)}</span></span>'
        for colour, move, words, short in moves
    )
    said = f'<span class="var-eval">{escape(value)}</span>' if value else ""
    kept = (
        f'<button type="button" class="var-keep" data-variation-action="keep" '
        f'title="{escape(keep_label)}">{escape(keep)}</button>'
        if moves
        else ""
    )
    return (
        f'<li class="variation" data-variation-row data-branch="{branch}">'
        f'<span class="var-moves">({cells})</span>{said}{kept}'
        f'<button type="button" class="var-drop" data-variation-action="discard" '
        f'title="{escape(drop)}" aria-label="{escape(drop)}">✕</button></li>'
    )
