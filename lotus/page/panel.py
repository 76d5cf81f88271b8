"""The panel's words and markup, without a DOM: the players, the tab's title, the questions, the
status's recap of the computers' moves.

Functions of the session on show, for the app's controller's view (`lotus.dom.panel` writes
them into the page); nothing here changes state.
"""

from lotus.game.session import level_name
from lotus.game.text import colour_name
from lotus.page.app import escape
from lotus.words import N_, _, p_

PLACES = {
    # Translators: a player's place at the end of a game (German: "1.").
    1: N_("1st"),
    2: N_("2nd"),
    3: N_("3rd"),
    4: N_("4th"),
}


def players(session) -> list:
    """The session's players with who plays each: 'You', 'Person' or 'Computer (hard)'; once the
    game is over each has its `rank` (1: the winner), else 0."""
    rows = session.players()
    people = [r["colour"] for r in rows if session.seat(r["colour"]) == "human"]
    ranks = dict(session.placings()) if session.phase() == "over" else {}
    for row in rows:
        row["rank"] = ranks.get(row["colour"], 0)
        level = session.seat(row["colour"])
        if level != "human":
            row["who"] = _("Computer ({level})", level=level_name(level))
        elif len(people) == 1:
            row["who"] = _("You")
        else:
            row["who"] = _("Person")
    return rows


def player_items(players) -> str:
    """The players' markup for `[data-players]`: one `[data-player]` per seat in turn order."""
    items = []
    to_move = escape(_("to move"))
    for p in players:
        colour = p["colour"]
        moving = " data-to-move" if p["to_move"] else ""
        turn = f' <span class="turn">{to_move}</span>' if p["to_move"] else ""
        detail = f' <small class="detail">{escape(p["detail"])}</small>' if p["detail"] else ""
        rank = p.get("rank", 0)
        place = f'<span class="place">{escape(place_name(rank))}</span> ' if rank else ""
        items.append(
            f'<li class="player {colour}" data-player="{colour}"{moving}>{place}'
            f'<span class="chip {colour}" aria-hidden="true"></span>'
            f'<span class="name">{escape(p["name"])}</span> '
            f'<span class="who">{escape(p["who"])}</span>{turn} '
            f'<span class="count" title="{escape(p["detail"])}">{escape(p["count"])}</span>'
            f"{detail}</li>"
        )
    return '<ul class="players-list">' + "".join(items) + "</ul>"


def place_name(rank: int) -> str:
    """A place at the end of a game: '1st', '2nd' (German '1.', '2.')."""
    return _(PLACES[rank]) if rank in PLACES else str(rank)


def placing_items(players) -> str:
    """The result box's placings (`[data-placings]`), best first: one `li[data-placing]` per
    colour with `data-colour` and `data-rank`; '' while the game goes on."""
    placed = sorted([p for p in players if p.get("rank")], key=lambda p: p["rank"])
    items = []
    for p in placed:
        colour = p["colour"]
        count = f' <span class="count">{escape(p["count"])}</span>' if p["count"] else ""
        items.append(
            f'<li data-placing data-colour="{colour}" data-rank="{p["rank"]}">'
            f'<span class="place">{escape(place_name(p["rank"]))}</span> '
            f'<span class="chip {colour}" aria-hidden="true"></span>'
            f'<span class="name">{escape(p["name"])}</span>{count}</li>'
        )
    return "".join(items)


def watch_controls(session) -> bool:
    """True when Pause and Speed belong on the page: while computers play each other (every
    seat a computer's) and the game goes on (after its end they would do nothing)."""
    return session.phase() != "over" and session.watching()


def pause_label(paused: bool) -> str:
    """The Pause button's words: 'Resume' while paused."""
    # Translators: the button that lets the computers, paused, play on.
    return _("Resume") if paused else _("Pause")


def review_status(session) -> str:
    """The status line while reviewing ('' at the present, or when a refused click says more):
    'Reviewing move 12 of 40.'"""
    if session.review is None or session.message:
        return ""
    return _("Reviewing move {n} of {total}.", n=session.moves_shown(), total=session.move_count())


def title(session) -> str:
    """The tab's title: whose turn it is, or the result ('White to move · Lotus')."""
    phase = session.phase()
    if phase == "over":
        text = short_result(session)
    elif phase == "scoring":
        text = _("Scoring")
    else:
        # Translators: the tab's title while a game goes on, before " · Lotus".
        text = _("{colour} to move", colour=colour_name(session.game.to_move))
    return text + " · Lotus"


def short_result(session) -> str:
    """The result in a few words, from the person's side against the computer ('You win')."""
    winner = session.game.winner
    person = session.person()
    if winner is None:
        return _("Draw")
    if person is not None:
        return _("You win") if winner == person else _("The computer wins")
    # Translators: the tab's title after a game, before " · Lotus".
    return _("{colour} wins", colour=colour_name(winner))


def question(session, action: str) -> str:
    """What to ask the user before an action ('' when nothing): continuing from a reviewed
    move, a new game over an unfinished one, resigning, deleting a saved game."""
    if action == "play-here" and session.review is not None:
        return _(
            "Continue the game from move {n}? The later moves are taken back (Redo brings them "
            "back).",
            n=session.moves_shown(),
        )
    unfinished = session.phase() != "over" and len(session.actions) > 0
    if action == "new" and unfinished:
        return _("Start a new game? The game on screen stays in Your games.")
    if action == "resign" and session.phase() == "play":
        return _("Resign this game? Your opponent wins.")
    if action == "delete-saved":
        return _("Delete this saved game? It cannot be brought back.")
    return ""


# -- the status's recap of the computers' moves ("Red moves A2 to 5, Yellow enters on B1. White
# to move."): with computer opponents several moves land between two of a person's.
def computer_moves(session) -> list:
    """The indices of the actions the status recaps: the computers' moves since the colour to
    move last moved (or since a person's move), in play order; [] outside play, while
    reviewing, and when a person made the last move."""
    if session.phase() != "play" or session.review is not None:
        return []
    to_move = session.game.to_move
    actions, movers = session.actions, session.movers
    found = []
    k = len(actions) - 1
    while k >= 0 and not actions[k].startswith("#"):
        mover = movers[k]
        if mover == to_move or session.seat(mover) == "human":
            break
        found.append(k)
        k -= 1
    found.reverse()
    return found


def status(session) -> str:
    """The session's status line, led by the recap of the computers' moves when it says only
    whose turn it is (a refusal, a hint, a result or a Go event is said as it is)."""
    text = session.status()
    moves = computer_moves(session)
    if not moves or text != session.turn_text():
        return text
    # Translators: put between the moves of the status's recap: "Red moves A2 to 5, Yellow
    # enters on B1".
    separator = p_("recap", ", ")
    said = separator.join(session.short_words(k) for k in moves)
    # Translators: the status after the computers' moves: {moves} says them ("Red moves A2 to
    # 5, Yellow enters on B1"), {turn} whose turn it is ("White to move.").
    return _("{moves}. {turn}", moves=said, turn=text)
