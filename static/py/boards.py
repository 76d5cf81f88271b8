# The entry point of embed.html and the rules pages, run by PyScript on MicroPython (embed.toml).
from lotus import ui_bindings

ui_bindings.start_boards()
