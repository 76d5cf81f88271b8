# The bare page with our files (bench/boot.py): import what index.html imports before it is ready
# (the app and the race: its session, engine and renderer), draw nothing, say it is ready.
from pyscript import document

from lotus import ui_bindings  # noqa: F401
from lotus.render import race  # noqa: F401

document.body.dataset.ready = "1"
