"""Pure-Python rule engines (no browser imports): ``race`` (Lotus 1998) and ``go`` (Freeling).

Imports nothing above itself (no ``lotus.game``, ``lotus.page`` or browser module); the search,
``lotus.engine.ai``, lives here too, and the page never imports it.

Every engine game satisfies one protocol, ``Game`` below (OpenSpiel's ``State`` is the model): the
search, the analysis, records, positions, the workers and the page's logic see a game only
through it and through the game's registry entry (``lotus.game.games``), never through its class.

Both engines refuse a move the same way: they raise their ``IllegalMove``, and both derive from
the one ``IllegalMove`` below, so ``except lotus.engine.IllegalMove`` catches either game's. A
position or a game's options that the rules do not allow (a set-up from a record or a shared
link, ``Game(players=5)``) raise ``BadPosition``. Both are a ``Refusal``, a ``ValueError``: an
error carries a code and values, never a sentence (``IllegalMove("no-such-field", field="Z9")``,
``err.code``, ``err.values``); ``lotus.game.refusals.reason(err)`` words it in the reader's
language. Values that name a colour (keys ``colour``, ``owner``, ``top``, ``winner``) hold its
code ('w', 'b', ...); notation (fields, points, moves) is given as written.
"""


class Refusal(ValueError):
    """What an engine refuses, as a code and its values (worded by ``lotus.game.refusals``).

    ``str(err)`` is for a programmer: the code and the values, ``no-such-field field='Z9'``.
    """

    def __init__(self, code: str, **values) -> None:
        super().__init__(code)
        self.code = code
        self.values = values

    def __str__(self) -> str:
        values = self.values
        return self.code + "".join([f" {k}={values[k]!r}" for k in sorted(values)])


class IllegalMove(Refusal):
    """A move or action that the notation or the rules of either game refuse (a ``Refusal``).

    ``race.IllegalMove`` and ``go.IllegalMove`` derive from it.
    """


class BadPosition(Refusal):
    """A set-up position or a game's options that the rules do not allow (a ``Refusal``)."""


class Game:
    """The protocol every engine game satisfies: each engine's ``Game`` derives from this class.

    State (read-only attributes or properties):

    - ``colours``: the colours playing, in the order turns pass ('w', 'b', ...); ``turn``: the
      index in ``colours`` of the colour to move, ``to_move`` that colour (after the end: whose
      turn it would be);
    - ``moves``: the moves played so far, in notation (a fresh list);
    - ``is_over``: True when no move can be played; ``winner``: the winning colour, or None (in
      play, or a draw).

    Calls: ``legal_moves()`` (the moves in notation, [] once over), ``play(move)`` (raises the
    game's ``IllegalMove``, the game unchanged), ``undo()`` (takes back the last action exactly;
    IndexError when there is none), ``copy()`` (an independent game, history included),
    ``state_key()`` (a deterministic text of the whole state) and ``resumes()`` (True when the next
    move first leaves a pause in play that a list of moves passes over, as Go's G9 resume).

    What a game declares about itself, as class attributes:

    - ``search_plugin``: the module name of its computer player (``lotus.engine.ai`` imports it
      on first use; the page never does): a module whose ``PLUGIN`` is a
      ``lotus.engine.ai.plugin.Plugin``, holding the game's levels, judges and search knowledge.
    """

    __slots__ = ()

    search_plugin = ""

    def resumes(self) -> bool:
        """True when the next move first resumes play after a pause (only Go has one: G9)."""
        return False
