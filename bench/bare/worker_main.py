# The bare worker page's MicroPython main script: ready at once, then await the worker's first
# answer the way lotus/ui_bindings.py does.
import asyncio

from pyscript import document, workers

document.body.dataset.ready = "1"


async def wake() -> None:
    worker = await workers["engine"]
    await worker.ping()
    document.body.dataset.workerReady = "1"


asyncio.create_task(wake())
