"""The page's DOM-free logic: the controllers that decide what a click does and what the page
shows (computer, saved games, records and links, analysis, scoring, live play, embeds), as
plain data.

Pure Python, tested under CPython and run by the page's MicroPython. May import `lotus.game`,
`lotus.engine` and `lotus.render`; never `lotus.dom` or a browser module.
"""
