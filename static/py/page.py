# The page's entry point, run by PyScript on MicroPython (see page.toml).
from lotus.dom import code

await code.start()  # noqa: F704 (PyScript runs the script in an async context)
if code.wanted_at_start():  # a link or a live game in the address or storage: its code first
    try:
        await code.load()  # noqa: F704
    except Exception as exc:  # the page starts all the same, and says what it could not open
        code.window.console.warn("lotus: " + str(exc))

from lotus import ui_bindings  # noqa: E402

ui_bindings.start()
code.load_when_idle()  # the rest of the page's code (lotus/dom/code.py)
