"""The computer in the scoring phase, without a DOM: its dispute of the marks, its confirmation.

Functions of the session on show for the app's controller: `disputed` and `dispute_text` read
(the view and the Confirm button ask them); `confirm_watched` is the one change, made by the
controller after an event, when a demonstration's estimate has become final.
"""

from lotus.game.session import join_and, level_name
from lotus.page.computer import computer_colours
from lotus.words import _, n_


def disputed(session) -> list:
    """The groups the computer objects to, [(point, 'lives'|'dead', points)], while scoring.

    Against a person the computer compares the marks with its own estimate (its search's dead
    groups, else the engine's quick guess), as OGS's bots do; with the computer in every seat
    there is no one to dispute.
    """
    if session.phase() != "scoring" or session.watching():
        return []
    return session.disagreements(computer_colours(session))


def dispute_text(session) -> str:
    """'The computer (hard) disagrees: it thinks its group at 31 lives. …', or ''."""
    groups = disputed(session)
    if not groups or session.message:
        return ""
    level = level_name(session.seat(computer_colours(session)[0]))
    lives = [r for r, verdict, _g in groups if verdict == "lives"]
    dead = [r for r, verdict, _g in groups if verdict == "dead"]
    said_lives = n_(
        "its group at {points} lives",
        "its groups at {points} live",
        len(lives),
        points=join_and(lives),
    )
    said_dead = n_(
        "your group at {points} is dead",
        "your groups at {points} are dead",
        len(dead),
        points=join_and(dead),
    )
    if lives and dead:
        return _(
            "The computer ({level}) disagrees: it thinks {lives} and {dead}. Resume play to "
            "settle it on the board (every stone then counts as it stands), or change the marks.",
            level=level,
            lives=said_lives,
            dead=said_dead,
        )
    if lives:
        return n_(
            "The computer ({level}) disagrees: it thinks {groups}. Resume play to settle it on "
            "the board (every stone then counts as it stands), or mark it alive.",
            "The computer ({level}) disagrees: it thinks {groups}. Resume play to settle it on "
            "the board (every stone then counts as it stands), or mark them alive.",
            len(lives),
            level=level,
            groups=said_lives,
        )
    return n_(
        "The computer ({level}) disagrees: it thinks {groups}. Resume play to settle it on the "
        "board (every stone then counts as it stands), or mark it dead.",
        "The computer ({level}) disagrees: it thinks {groups}. Resume play to settle it on the "
        "board (every stone then counts as it stands), or mark them dead.",
        len(dead),
        level=level,
        groups=said_dead,
    )


def confirm_watched(session, paused: bool) -> None:
    """A demonstration (the computer in every seat): once its estimate of the dead groups is
    final, the computer marks it and ends the game."""
    if (
        session.phase() != "scoring"
        or not session.watching()
        or paused
        or session.review is not None
        or session.settled != session.version
    ):
        return
    session.game.set_dead(session.estimate)
    session.dead_source = "search"
    session.confirm()
