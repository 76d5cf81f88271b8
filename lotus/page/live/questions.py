"""The questions of a live game: taking back the asker's last move, starting a new game.

A take-back undoes the asker's last move and every move after it (the friends' replies), so a
player on their own turn takes back their own move, never only the friend's. Every page works
out the same moves from the asker's colours and the agreed history (`keep`). Every connected
player must agree. The host counts the votes (a star): a guest's question goes to
the host, who asks its own player and the other guests; the first "no" ends it, and a player who
leaves ends it too. One question at a time: a second one is declined at once.
"""

from lotus.page.live import words
from lotus.page.live.wire import ASKS, LiveError, encode
from lotus.words import N_, _


class Questions:
    """The questions of one page's `Link`: what it asked, what it is asked, what its player agreed
    to, and on the host the open vote."""

    def __init__(self, link) -> None:
        self.link = link
        self.asked = None  # (what, n): what this page asked the others
        self.pending = None  # (peer, what, n, by): what a peer asks this page's player
        self.agreed = None  # (what, n): the question this page's player agreed to, until done
        self.vote = None  # the host's open question: {what, n, asker, waiting: [voters]}
        self.kept = None  # the actions a take-back this page's player agreed to keeps
        self.undone = 0  # the actions the pending take-back undoes

    def ask(self, session, what: str) -> list:
        """This page asks the others (undo, new): the message to send ([] and why not, in the
        status, when this page's player has no move to take back)."""
        link = self.link
        n = len(session.actions)
        undone = 0
        if what == "undo":
            kept = keep(session, link.me)
            if kept is None:
                session.message = _(words.NOTHING_OF_YOURS)
                return []
            undone = n - kept
        self.asked = (what, n)
        if link.role == "host":
            self.vote = {"what": what, "n": n, "asker": "me", "waiting": list(link.peers)}
        session.message = words.asked(what, len(link.peers), undone)
        return [encode("ask", what=what, n=n, by=link.me)]

    def on_ask(self, session, peer: str, message: dict) -> tuple:
        """A question from `peer` (a guest's goes on to the host's other guests)."""
        what = message.get("what")
        n = message.get("n")
        if what not in ASKS or n != len(session.actions):
            raise LiveError(N_("a question for another position"))
        link = self.link
        # The asker's colours: the host knows its guests'; a guest takes the host's word.
        by = message.get("by", "") if link.role == "guest" else link.peers.get(peer, "")
        kept = keep(session, by) if what == "undo" else n
        if kept is None:
            raise LiveError(N_("there is no move to take back"))
        if link.role == "guest":
            self.pending = (peer, what, n, by)
            self.undone = n - kept  # said in the question
            return ("ask", [])
        if self.vote is not None:  # one question at a time: this one is declined at once
            return ("redraw", [(peer, encode("answer", what=what, n=n, ok=False))])
        others = [p for p in link.peers if p != peer]
        self.vote = {"what": what, "n": n, "asker": peer, "waiting": ["me"] + others}
        self.pending = (peer, what, n, by)
        self.undone = n - kept
        return ("ask", [(p, encode("ask", what=what, n=n, by=by)) for p in others])

    def question(self) -> str:
        """The question to show this page's player ('' when none)."""
        if self.pending is None:
            return ""
        return words.question(self.pending[3], self.pending[1], self.undone)

    def answer(self, session, ok: bool) -> tuple:
        """This page's player answers the pending question: (what was agreed or '', messages).

        A guest's answer goes to the host, who counts it; the host's own counts at once."""
        if self.pending is None:
            return ("", [])
        peer, what, n, by = self.pending
        self.pending = None
        if self.link.role == "guest":
            if ok:
                self.agreed = (what, n)  # the host's undo or new game may now come
                self.kept = keep(session, by)
                session.message = _(words.AGREED)
            return ("", [(peer, encode("answer", what=what, n=n, ok=bool(ok)))])
        return self._vote(session, "me", what, n, ok)

    def on_answer(self, session, peer: str, message: dict) -> tuple:
        """An answer: counted by the host, or the answer to this guest's own question."""
        what = message.get("what")
        n = message.get("n")
        vote = self.vote
        host = self.link.role == "host"
        if host and vote is not None and peer in vote["waiting"]:
            if (vote["what"], vote["n"]) != (what, n):
                raise LiveError(N_("an answer to another question"))
            return self._vote(session, peer, what, n, bool(message.get("ok")))
        if host or self.asked is None or self.asked != (what, n):
            raise LiveError(N_("an answer to a question not asked"))
        self.asked = None
        if not message.get("ok"):
            session.message = words.declined(what)
            return ("redraw", [])
        if what == "undo" and n == len(session.actions):
            self.link.take_back(session, keep(session, self.link.me))
            return ("redraw", [])
        self.agreed = (what, n)  # the host's new game may now come
        return (what, [])

    def _vote(self, session, voter: str, what: str, n: int, ok: bool) -> tuple:
        """The host counts `voter`'s answer: (what was agreed or '' / 'redraw', messages)."""
        vote = self.vote
        if vote is None or voter not in vote["waiting"]:
            return ("", [])
        asker = vote["asker"]
        if not ok:
            out = self.cancel(voter)
            if asker == "me":
                session.message = words.declined(what)
            else:
                out.append((asker, encode("answer", what=what, n=n, ok=False)))
            return ("redraw", out)
        vote["waiting"].remove(voter)
        if vote["waiting"]:
            if asker == "me" or voter == "me":
                session.message = _(words.WAITING_OTHERS)
            return ("redraw", [])
        self.vote = None
        self.asked = None
        out = []
        if asker != "me":
            out.append((asker, encode("answer", what=what, n=n, ok=True)))
        if what == "undo":
            if n != len(session.actions):
                return ("redraw", [])
            by = self.link.me if asker == "me" else self.link.peers.get(asker, "")
            self.link.take_back(session, keep(session, by))
            out += [(p, encode("undo", n=n)) for p in self.link.peers if p != asker]
        return (what, out)

    def cancel(self, voter: str) -> list:
        """The open question ends unanswered (`voter` declined or left): the questions still
        shown to the other guests are withdrawn (messages to send)."""
        vote = self.vote
        if vote is None:
            if self.pending is not None and self.pending[0] == voter:
                self.pending = None
            return []
        self.vote = None
        self.asked = None
        self.pending = None
        drop = encode("drop", what=vote["what"], n=vote["n"])
        peers = self.link.peers
        return [(p, drop) for p in vote["waiting"] if p not in ("me", voter) and p in peers]

    def on_drop(self, session, peer: str, message: dict) -> tuple:
        """The host withdraws a question another player declined."""
        if self.link.role == "host":
            raise LiveError(N_("only the host withdraws a question"))
        pending = self.pending
        asked = (message.get("what"), message.get("n"))
        if self.agreed == asked:
            self.agreed = None
        if pending is not None and (pending[1], pending[2]) == asked:
            self.pending = None
            session.message = words.withdrawn(pending[1])
        return ("redraw", [])

    def on_undo(self, session, peer: str, message: dict) -> tuple:
        """The host takes back the last move, as this page's player agreed."""
        n = message.get("n")
        if self.link.role == "host" or n != len(session.actions):
            raise LiveError(N_("a take-back for another position"))
        if self.agreed != ("undo", n):
            raise LiveError(N_("a take-back this page's player did not agree to"))
        self.agreed = None
        self.link.take_back(session, self.kept)
        return ("redraw", [])

    def agreed_new_game(self) -> bool:
        """True (once) when this guest's player agreed to the host's new game: its state is due."""
        agreed = self.agreed
        if self.link.role == "guest" and agreed is not None and agreed[0] == "new":
            self.agreed = None
            return True
        return False


def keep(session, by: str):
    """How many actions a take-back asked by the player of colours `by` keeps: those before
    their last move (their move and every reply after it go); None when they have no move to
    take back. An asker whose colours are unknown ('') takes back the last action."""
    actions = session.actions
    if not by:
        return len(actions) - 1 if actions else None
    movers = session.movers
    for i in range(len(actions) - 1, -1, -1):
        if movers[i] in by and not actions[i].startswith("#"):
            return i
    return None
