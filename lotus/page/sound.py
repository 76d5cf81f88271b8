"""The sounds of moves, without a DOM: what an event changed on the board deserves.

A part of the app's controller: the controller takes `before(session)` as an event starts and
gives it to `after` once the event is done; a new move of the game on show (one played, a redo,
the computer's) sounds, undo, review, a new game, a record or a switch of game are silent. The
view carries the last sound with its number; the adapter plays it when the number is new.
"""


class Sound:
    """The last sound an event asked for, numbered so that each is played once."""

    def __init__(self) -> None:
        self.kind = ""  # 'move' or 'capture'
        self.number = 0  # how many sounds were asked for

    @staticmethod
    def before(session) -> tuple:
        """What an event's sound is heard against: the session, its actions, its board."""
        return session, len(session.actions), session.stacks()

    def after(self, before: tuple, session) -> None:
        """An event is done: a sound when it added moves to the same session, at its present."""
        old, count, stacks = before
        if session is not old or len(session.actions) <= count or session.review is not None:
            return
        kind = move_sound(stacks, session.stacks())
        if kind:
            self.kind = kind
            self.number += 1

    def view(self) -> tuple:
        """(kind, number) of the last sound ('', 0 before any)."""
        return self.kind, self.number


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
