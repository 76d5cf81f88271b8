"""Why a move, an action or a position is refused, in the reader's language.

The engines raise their errors (``lotus.engine.IllegalMove``, ``BadPosition``: a
``lotus.engine.Refusal``) with a code and values, never a sentence; this module words them
through the catalog:

    reason(IllegalMove("no-such-field", field="Z9"))   # 'There is no field “Z9”.'

Notation (fields, start stacks, points, moves) stays as the engine gives it, quoted; values that
name a colour (COLOUR_KEYS) are worded by ``colour_name``. ``WORDS`` holds the wording of each
code: a message with {placeholders} named as the error's values, or a function of the values for
a wording with a count or with parts that depend on the values.
"""

from lotus.game.text import colour_name
from lotus.words import N_, _, n_

COLOUR_KEYS = ("colour", "owner", "top", "winner")
"""The values of a refusal that hold a colour code."""


def _colour_not_playing(v: dict) -> str:
    return n_(
        "{colour} does not play in a game for one player.",
        "{colour} does not play in a game for {n} players.",
        v["players"],
        colour=v["colour"],
    )


def _stone_count(v: dict) -> str:
    return n_(
        "{colour} has one stone; every colour has {per}.",
        "{colour} has {n} stones; every colour has {per}.",
        v["n"],
        colour=v["colour"],
        per=v["per"],
    )


def _bounce_distance(v: dict) -> str:
    return n_(
        "A bounce repeats the one field covered to reach the trampoline “{trampoline}”: on to"
        " “{to}”, not to “{dest}”.",
        "A bounce repeats the {n} fields covered to reach the trampoline “{trampoline}”: on to"
        " “{to}”, not to “{dest}”.",
        v["n"],
        trampoline=v["trampoline"],
        to=v["to"],
        dest=v["dest"],
    )


def _wrong_distance(v: dict) -> str:
    """Up to three sentences: how far the stone moves, where it goes, and why not to `dest`."""
    n, origin, dest = v["n"], v["origin"], v["dest"]
    if v["start"]:
        how_far = n_(
            "A stone from the start stack “{origin}” moves one field, not to “{dest}”: one"
            " field for each stone in the stack.",
            "A stone from the start stack “{origin}” moves {n} fields, not to “{dest}”: one"
            " field for each stone in the stack.",
            n,
            origin=origin,
            dest=dest,
        )
    else:
        how_far = n_(
            "The stone on top of “{origin}” moves one field, not to “{dest}”: one field for"
            " each stone in its stack.",
            "The stone on top of “{origin}” moves {n} fields, not to “{dest}”: one field for"
            " each stone in its stack.",
            n,
            origin=origin,
            dest=dest,
        )
    sentences = [how_far]
    ends = v["ends"]
    if len(ends) > 1:
        sentences.append(_("It goes to “{first}” or “{second}”.", first=ends[0], second=ends[1]))
    elif ends and v["bounce"]:
        sentences.append(
            _(
                "It goes to “{first}” and may bounce on to “{bounce}”.",
                first=ends[0],
                bounce=v["bounce"],
            )
        )
    elif ends:
        sentences.append(_("It goes to “{first}”.", first=ends[0]))
    if v["lane"]:
        # Translators: {lane} is the letter of a lane of the board, A or B.
        lane = _("A stone on lane {lane} stays on it until the lanes join.", lane=v["lane"])
        sentences.append(lane)
    elif v["backward"]:
        sentences.append(_("Stones move forward only."))
    return " ".join(sentences)


WORDS = {
    # -- every game's moves --
    "game-over": N_("The game is over."),
    "illegal-move": N_("The move “{move}” is not legal."),
    "not-a-move": N_("“{move}” is not a move."),
    # -- the race's moves (R3-R11) and their notation --
    "move-not-text": N_("A move is written as text, such as “A3-6”."),
    "empty-move": N_("Give a move, such as “Sw4-A4”, “A3-6”, “A4-8-12” or “pass”."),
    "malformed-move": N_(
        "“{move}” is not a move: write one such as “Sw4-A4”, “A3-6”, “A4-8-12” or “pass”."
    ),
    "move-without-origin": N_("The move “{move}” must begin with a field or a start stack."),
    "field-missing": N_("The move “{move}” lacks a field after a “-”."),
    "back-to-start": N_("Stones never go back to the start."),
    "no-such-field": N_("There is no field “{field}”."),
    "bounces-once": N_(
        "The move “{move}” bounces more than once: a stone bounces once at most, as in “A4-8-12”."
    ),
    "bounce-off-trampoline": N_(
        "The move “{move}” goes on from a field that is not the trampoline: only a stone that"
        " lands on the trampoline (“{trampoline}”) moves again."
    ),
    "start-stack-unnamed": N_(
        "Name the start stack by S, its colour and its height, such as “Sw4”."
    ),
    "no-such-colour": N_(
        "“{stack}” names no colour: a start stack is S, a colour (w, b, r or y) and its height,"
        " such as “Sw4”."
    ),
    "malformed-start-stack": N_(
        "“{stack}” is not a start stack: write S, the colour and the height, such as “Sw4”."
    ),
    "goal-out-of-play": N_("Stones in the goal are out of play."),
    "origin-required": N_("Choose a field or a start stack, such as “Sw4”."),
    "destination-required": N_("Choose the field the stone moves to, such as “6”."),
    "game-won": N_("The game is over: {winner} has won."),
    "pass-with-free-stone": N_("{colour} has a free stone and so cannot pass."),
    "must-pass-pro": N_("{colour} has no free stone and must pass (Pro rule)."),
    "colour-not-playing": _colour_not_playing,
    # Translators: {stack} is a start stack in notation (S, colour code, height); {owner} and
    # {colour} are colour names ("White").
    "start-stack-not-yours": N_("The start stack “{stack}” is {owner}'s; {colour} is to move."),
    "start-empty": N_("{colour} has no stones left on the start."),
    # Translators: {left} lists the heights of the start stacks left, "3, 1".
    "no-start-stack": N_(
        "{colour} has no start stack of height {height}; the heights left are {left}."
    ),
    "illegal-from": N_("No legal move starts from “{origin}”."),
    "double-turn-from-start": N_(
        "The second move of the double first turn sets another stone from the start onto the"
        " board, or passes."
    ),
    "field-empty": N_("There is no stone on field “{field}”."),
    "own-stone-covered": N_(
        "The top stone on field “{field}” is {top}'s; {colour}'s stone there is covered and"
        " cannot move."
    ),
    "top-stone-not-yours": N_(
        "The top stone on field “{field}” is {top}'s; {colour} is to move, and only a player"
        " with no free stone may move another colour's stone."
    ),
    "wrong-distance": _wrong_distance,
    "bounce-through-trampoline": N_(
        "A stone that bounces is written through the trampoline: “{move}” (or “{stay}” to stay"
        " on it)."
    ),
    "bounce-distance": _bounce_distance,
    # -- the race's set-up (R1, R2, R10) --
    "bad-players": N_("A game has 2, 3 or 4 players, not “{players}”."),
    "bad-pro": N_("The Pro rule is either on or off, not “{pro}”."),
    # Translators: {colours} lists colour codes of the notation, "w, b"; {first} is what was given.
    "bad-first": N_("The colour that moves first is one of {colours}, not “{first}”."),
    # Translators: {colours} lists colour codes of the notation, "w, b"; {to_move} what was given.
    "bad-to-move": N_("The colour to move is one of {colours}, not “{to_move}”."),
    "stack-not-text": N_(
        "The stack on field “{field}” is written as its colours from the bottom up, such as “wbw”."
    ),
    "bad-start-height": N_("A start stack's height is a number from 0 up, not “{height}”."),
    # Translators: {given} and {full} list heights of start stacks, "4, 3" and "4, 3, 2, 1".
    "start-stacks-not-left": N_(
        "{colour}'s start stacks ({given}) are not what can be left of {full}."
    ),
    "bad-goal-count": N_("The number of {colour}'s stones in the goal must be 0 or more."),
    "stone-count": _stone_count,
    "two-winners": N_("Only one colour can have all its stones in the goal."),
    "double-turn-not-pro": N_(
        "The double first turn exists only with the Pro rule and two players."
    ),
    # -- the Go game's moves and scoring (G3-G10) --
    "not-a-point": N_("“{point}” is not a point: the points are numbered 1 to 72."),
    "no-such-point": N_("There is no point “{point}”: the points are numbered 1 to 72."),
    "point-empty": N_("There is no stone on point “{point}”."),
    "point-taken": N_("Point “{point}” is already taken by {colour}."),
    "dead-not-list": N_("Dead groups are given as a list of points."),
    "lotus-lives": N_(
        "The group on point “{point}” holds a lotus: it lives for ever and cannot be marked dead."
    ),
    "dead-outside-scoring": N_(
        "Dead groups are marked only while scoring, after two passes in a row."
    ),
    "finish-outside-scoring": N_(
        "The count is agreed only while scoring, after two passes in a row."
    ),
    "resume-outside-scoring": N_("Play can be resumed only while scoring."),
    # -- the Go game's set-up (G1, G3, G5, G6) --
    # Translators: the pass marker on the track (G3); {limit} is 7.
    "bad-marker": N_("The marker stands between -{limit} and {limit}, not at “{marker}”."),
    "bad-passes": N_("The passes in a row are 0, 1 or 2, not “{passes}”."),
    "board-length": N_("A board is written as {size} characters, one for each point."),
    "board-character": N_(
        "Point “{point}” holds “{character}”: a board is written with “.”, “w” and “b”."
    ),
    "group-without-liberty": N_(
        "The group on point “{point}” has no liberty and no lotus: no game reaches this position."
    ),
}
"""Each refusal's code -> its wording: a message (placeholders: the error's values) or a function
of the values (colours already worded)."""


def reason(err) -> str:
    """The sentence for an error an engine, a record or the page raised, in the language in use.

    A refusal (an error with a code and values) is worded from ``WORDS``; any other error is its
    own text."""
    code = getattr(err, "code", None)
    values = getattr(err, "values", None)
    if type(code) is not str or type(values) is not dict:
        return str(err)
    wording = WORDS.get(code)
    if wording is None:
        return _("That is not allowed.")
    worded = {}
    for key in values:
        value = values[key]
        worded[key] = colour_name(value) if key in COLOUR_KEYS else value
    if type(wording) is str:
        return _(wording, **worded)
    return wording(worded)
