"""The search's random numbers and clock, on CPython, Pyodide and MicroPython alike.

    from lotus.engine.ai.rng import Random, clock
    rng = Random(7)
    rng.random()      # a float in [0, 1), the same sequence for the same seed
    deadline = clock() + 1.5

Where the standard library has them (CPython, Pyodide), ``Random`` is ``random.Random`` and
``clock`` is ``time.perf_counter``, unchanged: nothing is slower there. MicroPython's ``random``
has no ``Random`` class and its ``time`` no ``perf_counter``, so it gets the small stand-ins below.
"""

try:
    from time import perf_counter as clock
except ImportError:  # MicroPython: seconds of the wall clock (milliseconds are enough here)
    from time import time as clock

try:
    from random import Random
except ImportError:  # MicroPython
    import random as _random

    def _seed_int(seed) -> int:
        """A seed as the 32-bit integer MicroPython's generator takes (a string: its FNV-1a)."""
        if isinstance(seed, str):
            h = 2166136261
            for byte in seed.encode():
                h = ((h ^ byte) * 16777619) & 0xFFFFFFFF
            return h
        return seed & 0xFFFFFFFF

    class Random:  # noqa: F811 (the stand-in for the class MicroPython lacks)
        """``random.Random``'s calls the search uses, over MicroPython's one generator.

        MicroPython has a single generator: making (or seeding) an instance reseeds it, so the
        same seed gives the same sequence as long as one instance draws at a time, which is how
        the search uses it (one search at a time, one generator per search).
        """

        def __init__(self, seed=None) -> None:
            """A generator seeded with `seed` (None: from the system's entropy)."""
            self.random = _random.random  # the native call, bound once: the hot path
            self.seed(seed)

        def seed(self, seed=None) -> None:
            """Restart the sequence from `seed` (an int or a string; None: at random)."""
            if seed is None:
                _random.seed()
            else:
                _random.seed(_seed_int(seed))

        def randrange(self, start: int, stop=None) -> int:
            """A random int in range(start) or range(start, stop)."""
            if stop is None:
                start, stop = 0, start
            if stop <= start:
                raise ValueError("empty range for randrange()")
            return start + int(_random.random() * (stop - start))

        def randint(self, a: int, b: int) -> int:
            """A random int from a to b, both included."""
            return self.randrange(a, b + 1)

        def choice(self, items):
            """A random item of a non-empty sequence."""
            if not items:
                raise IndexError("cannot choose from an empty sequence")
            return items[int(_random.random() * len(items))]

        def shuffle(self, items: list) -> None:
            """Shuffle a list in place (Fisher-Yates)."""
            random = _random.random
            for i in range(len(items) - 1, 0, -1):
                j = int(random() * (i + 1))
                items[i], items[j] = items[j], items[i]

        def uniform(self, a: float, b: float) -> float:
            """A random float between a and b."""
            return a + (b - a) * _random.random()


__all__ = ["Random", "clock"]
