"""Pure renderers: game state -> SVG markup (no browser imports; same bytes on every interpreter).

`lotus.render.race.board(game)` draws the stacking race; `lotus.render.svg` holds the small
helpers (numbers, escaping, elements) every renderer shares.
"""
