"""Flip: a third game that lives only in tests/, the registry's contract (tests/test_third_game.py).

A reversal game on a small square board (Othello's rules on 4×4 or 6×6). Its modules are what the
registry asks of a game, and nothing else: `engine` (the engine protocol, lotus.engine.Game),
`plugin` (its computer player), `render` (its board as SVG), `session` (the page's session),
`records` (its record hooks: tags, options, results, positions, link codes) and `entry` (its one
registry entry, `ENTRY`, which a test hands to `lotus.game.games.register`).
"""
