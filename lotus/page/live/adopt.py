"""What live play asks of the page's game: a host's game shown on a guest's page, and the game
on screen's options as a state message carries them (lotus.page.live.play)."""

from lotus.game import games
from lotus.game.refusals import reason
from lotus.game.session import sentence
from lotus.words import _


def adopt(page, game: str, options_text: dict, actions: list) -> str:
    """Show a live host's game as a new game on `page` (the page's controller; the game on
    screen stays in Your games); every seat a person's: the host plays the computer's. '' or
    why it could not."""
    entry = games.get(game)
    if not isinstance(options_text, dict) or len(actions) > 2 * games.MAX_MOVES:
        return _("The game's options or moves cannot be read.")
    try:
        options = entry.options({k: str(v) for k, v in options_text.items()})
    except games.OptionError as exc:
        return sentence(str(exc))
    options["seats"] = {c: "human" for c in entry.colours(options)}
    page.start_game(game, options)  # a new entry: a game with moves is never written over
    session = page.app.session
    try:
        entry.replay(session.game, actions, session._record)
    except ValueError as exc:
        return _(
            "The game's move {n} is not legal: {reason}",
            n=len(session.actions) + 1,
            reason=sentence(reason(exc)),
        )
    return ""


def options_text(page) -> dict:
    """The game on `page`'s screen: its options as text, seats included."""
    session = page.app.session
    options = dict(session.options)
    options["seats"] = session.seats
    return games.get(page.app.current).option_text(options)
