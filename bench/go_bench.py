"""Random full-board games of Lotus (Freeling) per second, on CPython and on MicroPython.

A game: a uniformly random empty point until the board is full, then two passes (74 moves).
"public" plays through `legal_moves()`/`play()`; "fast" through `empty_indices()`/`play_index()`
(undo-able, moves recorded); "random_playout" is the search's playout, which keeps no history.
The same source runs on both interpreters, with a small portable random generator. CPython is
timed in process CPU time (steadier on a shared machine), MicroPython (under Node) in wall time.
Run from the repo root: .venv/bin/python bench/go_bench.py [--no-micropython]
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

SOURCE = """
import time
from lotus.engine import go

if hasattr(time, "process_time"):
    def clock():
        return time.process_time()
else:
    def clock():
        return time.ticks_ms() / 1000


def public(n, seed=1):
    x = seed
    t0 = clock()
    for _ in range(n):
        g = go.Game()
        while True:
            legal = g.legal_moves()
            if len(legal) == 1:
                break
            x = (x * 75 + 74) % 65537
            g.play(legal[x % (len(legal) - 1)])
        g.play("pass")
        g.play("pass")
        assert g.is_over and "." not in g.board()
    return n / (clock() - t0)


def fast(n, seed=1):
    x = seed
    t0 = clock()
    for _ in range(n):
        g = go.Game()
        empty = g.empty_indices()
        while empty:
            x = (x * 75 + 74) % 65537
            g.play_index(empty[x % len(empty)])
            empty = g.empty_indices()
        g.play_index(go.PASS_INDEX)
        g.play_index(go.PASS_INDEX)
    return n / (clock() - t0)


def playout(n, seed=1):
    state = [seed]

    def randbelow(k):
        x = (state[0] * 75 + 74) % 65537
        state[0] = x
        return x % k

    t0 = clock()
    for _ in range(n):
        go.Game().random_playout(randbelow)
    return n / (clock() - t0)


def report(name, public_games, fast_games, rounds):
    p = max(public(public_games, r + 1) for r in range(rounds))
    f = max(fast(fast_games, r + 1) for r in range(rounds))
    r = max(playout(fast_games, r + 1) for r in range(rounds))
    print(f"{name} (best of {rounds}), random full-board games/s:")
    print(f"  public API (legal_moves/play)      {p:6.0f}")
    print(f"  fast path (empty_indices/play_index) {f:4.0f}")
    print(f"  random_playout (no history)        {r:6.0f}")
"""


def main() -> None:
    """Print the CPython figures, then the MicroPython ones (unless --no-micropython)."""
    scope = {"__name__": "go_bench"}
    exec(compile(SOURCE, "go_bench", "exec"), scope)
    scope["report"]("CPython " + sys.version.split()[0], 1000, 2000, 3)
    if "--no-micropython" in sys.argv:
        return
    from tests.support import micropython

    if not micropython.available():
        print("MicroPython: not available (needs Node and the npm package)")
        return
    print(micropython.run(SOURCE + '\nreport("MicroPython (npm, Node)", 20, 40, 2)\n').strip())


if __name__ == "__main__":
    main()
