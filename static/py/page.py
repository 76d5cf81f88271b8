# The page's entry point, run by PyScript on MicroPython (see pyscript.toml).
from lotus import ui_bindings

ui_bindings.start()
