"""The panel's words and markup, without a DOM: the players, the tab's title, the result.

Functions of the session on show, for the app's controller's view (`lotus.dom.panel` writes
them into the page); nothing here changes state.
"""

from lotus.game.session import colour_name
from lotus.page.app import escape


def players(session) -> list:
    """The session's players with who plays each: 'You', 'Person' or 'Computer (hard)'."""
    rows = session.players()
    people = [r["colour"] for r in rows if session.seat(r["colour"]) == "human"]
    for row in rows:
        level = session.seat(row["colour"])
        if level != "human":
            row["who"] = f"Computer ({level})"
        elif len(people) == 1:
            row["who"] = "You"
        else:
            row["who"] = "Person"
    return rows


def player_items(players) -> str:
    """The players' markup for `[data-players]`: one `[data-player]` per seat in turn order."""
    items = []
    for p in players:
        colour = p["colour"]
        moving = " data-to-move" if p["to_move"] else ""
        turn = ' <span class="turn">to move</span>' if p["to_move"] else ""
        detail = f' <small class="detail">{escape(p["detail"])}</small>' if p["detail"] else ""
        items.append(
            f'<li class="player {colour}" data-player="{colour}"{moving}>'
            f'<span class="chip {colour}" aria-hidden="true"></span>'
            f'<span class="name">{escape(p["name"])}</span> '
            f'<span class="who">{escape(p["who"])}</span>{turn} '
            f'<span class="count" title="{escape(p["detail"])}">{escape(p["count"])}</span>'
            f"{detail}</li>"
        )
    return '<ul class="players-list">' + "".join(items) + "</ul>"


def title(session) -> str:
    """The tab's title: whose turn it is, or the result ('White to move · Lotus')."""
    phase = session.phase()
    if phase == "over":
        text = side_result(session) or session.banner()
    elif phase == "scoring":
        text = "Scoring"
    else:
        text = colour_name(session.game.to_move) + " to move"
    return text + " · Lotus"


def side_result(session) -> str:
    """The result from the person's side against the computer ('You win!'), else ''."""
    if session.phase() != "over":
        return ""
    colours = session.colours()
    people = [c for c in colours if session.seat(c) == "human"]
    if len(people) != 1 or len(people) == len(colours):
        return ""
    winner = session.game.winner
    if winner is None:
        return ""
    if winner == people[0]:
        return "You win!"
    return f"The computer ({session.seat(winner)}) wins."


def question(session, action: str) -> str:
    """What to ask the user before an action ('' when nothing): continuing from a reviewed
    move, a new game over an unfinished one, resigning, deleting a saved game."""
    if action == "play-here" and session.review is not None:
        return (
            f"Continue the game from move {session.moves_shown()}? "
            "The later moves are taken back (Redo brings them back)."
        )
    unfinished = session.phase() != "over" and len(session.actions) > 0
    if action == "new" and unfinished:
        return "Start a new game? The game on screen stays in Your games."
    if action == "resign" and session.phase() == "play":
        return "Resign this game? Your opponent wins."
    if action == "delete-saved":
        return "Delete this saved game? It cannot be brought back."
    return ""
