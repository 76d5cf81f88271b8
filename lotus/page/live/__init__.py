"""Live play between browsers, without a DOM: the protocol, each page's side of a live game, and
every decision the page's live play makes (what to send, what a received message does, what to
ask the player, which sentence to show).

Pure Python, tested under CPython and run by the page's MicroPython; `lotus.dom.live` moves the
bytes and the clicks. May import `lotus.game` and the rest of `lotus.page`; never `lotus.dom`.
"""
