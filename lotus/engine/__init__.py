"""Pure-Python rule engines (no browser imports): ``race`` (Lotus 1998) and ``go`` (Freeling).

Both engines refuse a move the same way: they raise their ``IllegalMove``, and both derive from
the one ``IllegalMove`` below, so ``except lotus.engine.IllegalMove`` catches either game's.
"""


class IllegalMove(ValueError):
    """A move or action that the notation or the rules of either game refuse; the message says why.

    ``race.IllegalMove`` and ``go.IllegalMove`` derive from it.
    """
