"""The computer in the scoring phase, without a DOM: its dispute of the marks, its confirmation.

Functions of the session on show for the app's controller: `disputed` and `dispute_text` read
(the view and the Confirm button ask them); `confirm_watched` is the one change, made by the
controller after an event, when a demonstration's estimate has become final.
"""

from lotus.page.computer import computer_colours


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
    level = session.seat(computer_colours(session)[0])
    lives = [r for r, verdict, _g in groups if verdict == "lives"]
    dead = [r for r, verdict, _g in groups if verdict == "dead"]
    parts = []
    if lives:
        parts.append(plural(lives, "its group at {} lives", "its groups at {} live"))
    if dead:
        parts.append(plural(dead, "your group at {} is dead", "your groups at {} are dead"))
    if dead and lives:
        fix = "change the marks"
    else:
        fix = ("mark it " if len(groups) == 1 else "mark them ") + ("alive" if lives else "dead")
    return (
        f"The computer ({level}) disagrees: it thinks {' and '.join(parts)}. "
        f"Resume play to settle it on the board (every stone then counts as it stands), "
        f"or {fix}."
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


def plural(points: list, one: str, many: str) -> str:
    """'its group at 31 lives' or 'its groups at 31 and 40 live'."""
    if len(points) == 1:
        return one.format(points[0])
    return many.format(", ".join(points[:-1]) + " and " + points[-1])
