"""The start of a connection: the two sides' games compared, and what a page does with the
other side's (adopt it, play its longer history, or keep its own).

Two histories of one game never merge: the longer one is played on when it extends the other,
and only with the sender's own moves; where they differ, the host's game is played on and the
guest's is kept in Your games.
"""

from lotus.page.live import words
from lotus.page.live.wire import COLOURS
from lotus.words import _


def reconcile(mine: list, theirs: list) -> tuple:
    """Two histories of one game: ('same'|'mine'|'theirs', n) when one extends the other ('mine':
    mine is longer; n: the shorter's length), or ('conflict', i): they differ from action i."""
    n = min(len(mine), len(theirs))
    for i in range(n):
        if mine[i] != theirs[i]:
            return ("conflict", i)
    if len(mine) == len(theirs):
        return ("same", n)
    return ("mine" if len(mine) > len(theirs) else "theirs", n)


def take_state(link, session, message: dict, resumable: bool) -> tuple:
    """The other side's game at the start of a connection: what this page does with it.

    ('adopt', None): show the host's game as a new game (a guest whose game on screen is not
    this match's); ('adopt', i): the same, the histories differing from action i (the
    guest's game stays in Your games); ('extend', actions): play their longer history;
    ('keep', i or None): keep this page's game (i: the two differ from action i, shown).
    """
    theirs = message.get("actions") or []
    same = message.get("match") == link.match and message.get("game") == link.game
    if link.role == "guest":
        computer = message.get("computer") or ""
        link.computer = "".join(c for c in computer if c in COLOURS and c not in link.me)
    if link.role == "host":
        if not same:
            return ("keep", None)  # the guest takes the host's game
        verdict, index = reconcile(session.actions, theirs)
        if verdict == "conflict":
            link.conflict = index
            return ("keep", index)
        return ("extend", theirs) if verdict == "theirs" else ("keep", None)
    if not (resumable and same):
        link.match = message.get("match") or link.match
        return ("adopt", None)
    verdict, index = reconcile(session.actions, theirs)
    if verdict == "conflict":
        link.conflict = index
        return ("adopt", index)
    return ("extend", theirs) if verdict == "theirs" else ("keep", None)


def extend(link, session, theirs: list, peer: str) -> int:
    """Play the actions of `peer`'s longer consistent history, each one only if `peer` may
    play it (`may_play`) and the engine takes it; returns how many were played (it stops at
    the first refused, which is logged)."""
    played = 0
    for i in range(len(session.actions), len(theirs)):
        action = theirs[i]
        try:
            link.may_play(session, peer, action)
            session.act(action)
        except ValueError as exc:
            link.refuse(_(words.RESUME_REFUSED, action=action, reason=words.refusal(exc)))
            break
        played += 1
    link.synced = list(session.actions)
    return played
