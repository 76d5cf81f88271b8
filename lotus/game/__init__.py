"""The game-level logic that knows no page: the games registry and, per game, what a session,
a record, a position, a save and an opening book need.

Pure Python for CPython, Pyodide and MicroPython. May import `lotus.engine` and `lotus.render`,
and nothing above (no `lotus.page`, no `lotus.dom`, no browser module).
"""
