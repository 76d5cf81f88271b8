# The entry point of embed.html and the rules pages, run by PyScript on MicroPython (embed.toml):
# the boards worded in the page's language (its `<html lang>`), before anything is worded.
from pyscript import document

from lotus import words
from lotus.dom import boards as board_bindings

words.use(str(document.documentElement.lang or ""))
board_bindings.start_boards()
