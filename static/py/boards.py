# The entry point of embed.html and the rules pages, run by PyScript on MicroPython (embed.toml).
from lotus.dom import boards as board_bindings

board_bindings.start_boards()
