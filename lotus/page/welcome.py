"""The welcome card of a first visit (index.html's `[data-welcome]`), without a DOM.

A visit is a first visit when the address holds no query and no fragment (no game asked for, no
share link, no invitation) and no game is saved: no saved game has a move, a result or a reason
it is broken (an untouched new game is saved as soon as the page opens, and does not count).
static/js/boot.js decides the same before the first paint, to show the card or not, and keeps
the visitor's choice under `CHOICE_KEY` (static/js/boot.js writes it, this module reads it): a
later first visit goes straight to the kind of game chosen, without the card.
"""

from lotus.game import games

CHOICE_KEY = "lotus.welcome"  # "computer" or "local": the card's choice, remembered
COMPUTER = "computer"
# "Play the computer": a race for two, the visitor White and first, the computer (medium) Black.
COMPUTER_GAME = "race"
COMPUTER_OPTIONS = {"players": "2", "first": "w", "seats": "human,medium"}


def computer_game() -> tuple:
    """(game, options) of the game "Play the computer" starts."""
    return COMPUTER_GAME, games.get(COMPUTER_GAME).options(dict(COMPUTER_OPTIONS))


def first_visit(query: str, fragment: str, entries: list) -> bool:
    """True when the address asks for nothing and none of the saved games' `entries` (the Your
    games list, lotus.game.library) holds a game: the page opens as on a first visit."""
    if query.strip("?") or fragment.strip("#"):
        return False
    return not any(e.get(m) for e in entries for m in ("moves", "result", "broken"))


def computer_wanted(query: str, fragment: str, entries: list, storage) -> bool:
    """True when the page opens on the computer's game: a first visit (`first_visit`) after
    the welcome card's "Play the computer" was chosen on an earlier one."""
    return first_visit(query, fragment, entries) and storage.get(CHOICE_KEY) == COMPUTER
