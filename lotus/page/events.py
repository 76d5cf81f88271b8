"""The page's input as both controllers read it: the board elements a click names, the review
buttons and keys (the page contract, docs/page-contract.md)."""

TARGETS = ("field", "start", "point")  # the board elements a click names
# Review buttons (and keys): how far each one steps, given the number of actions.
REVIEW_STEPS = {
    "first": lambda n: -n,
    "prev": lambda n: -1,
    "next": lambda n: 1,
    "last": lambda n: n,
}
REVIEW_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}


def session_target(kind: str, value: str) -> str:
    """A board element's hook as a session click: ('start', 'w4') -> 'Sw4'; ('field', 'A3') too."""
    return "S" + value if kind == "start" else value
