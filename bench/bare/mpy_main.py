# The bare MicroPython page's only work: say it is ready.
from pyscript import document

document.body.dataset.ready = "1"
