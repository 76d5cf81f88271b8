"""Flip's one registry entry: what the rest of the package asks about the game.

from lotus.game import games
from tests.support.flip.entry import ENTRY
games.register(ENTRY)   # ... games.unregister("flip") afterwards
"""

from lotus.game import games
from lotus.game.text import echo, whole


class Flip(games.Game):
    """Flip: a reversal game on a small square board (tests/support/flip/engine.py, F1-F4)."""

    id = "flip"
    title = "Flip"
    option_names = ("size", "first")
    record_option_names = ("size", "first")
    start_position = "f4_w_5wb2bw5"

    def colours(self, options=None) -> tuple:
        return ("w", "b")

    def check(self, size="4", first="w") -> dict:
        value = whole(size)
        if value not in (4, 6):
            raise games.OptionError(f"size must be 4 or 6, not {echo(size)}")
        if first not in ("w", "b"):
            raise games.OptionError(f"first must be w or b, not {echo(first)}")
        return {"size": value, "first": first}

    def saved_option_text(self, options: dict) -> dict:
        return {"size": str(options.get("size")), "first": options.get("first")}

    record_option_text = saved_option_text

    def session_class(self):
        from tests.support.flip.session import FlipSession

        return FlipSession

    def engine(self):
        from tests.support.flip import engine

        return engine

    def renderer(self):
        from tests.support.flip import render

        return render

    def record_hooks(self):
        from tests.support.flip import records

        return records

    def new_engine(self, options) -> object:
        return self.engine().Game(size=int(options.get("size", 4)), first=options.get("first", "w"))

    def starts(self) -> list:
        return [{"size": s, "first": f} for s in ("4", "6") for f in ("w", "b")]


ENTRY = Flip()
