"""Why a move, an action or a position is refused, in the reader's language.

The engines raise their errors (lotus.engine.IllegalMove and the like) with a code and values,
never a sentence; this module words them through the catalog.
"""


def reason(err) -> str:
    """The sentence for an error an engine, a record or the page raised."""
    return str(err)
