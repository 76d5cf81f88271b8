# The bare page with our files (bench/boot.py): unpack the page's code bundle and import what
# index.html imports before it is ready (the app and the race: its session, engine and renderer),
# draw nothing, say it is ready.
from pyscript import document

from lotus.dom import code

await code.unpack("../../" + code.START)  # noqa: F704 (PyScript runs it in an async context)

from lotus import ui_bindings  # noqa: E402, F401
from lotus.render import race  # noqa: E402, F401

document.body.dataset.ready = "1"
