"""Random complete 2-player games of Lotus (1998), the race, per second: CPython and MicroPython.

A game: a uniformly random legal move (standard rule) until one colour is home (~150 moves),
played through the public API only, `legal_moves()` then `play()`. The same source runs on both
interpreters with a small portable random generator, so both play the same games. CPython is
timed in process CPU time (steadier on a shared machine), MicroPython (under Node) in wall time;
each figure is the best of a few rounds. The target is >= 700 games/s on CPython.
Run from the repo root: .venv/bin/python bench/race_bench.py [--no-micropython]
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

SOURCE = """
import time
from lotus.engine import race

if hasattr(time, "process_time"):
    def clock():
        return time.process_time()
else:
    def clock():
        return time.ticks_ms() / 1000


def games(n, seed, players=2, pro=False):
    x = seed
    moves = 0
    t0 = clock()
    for _ in range(n):
        g = race.Game(players=players, pro=pro)
        while not g.is_over:
            legal = g.legal_moves()
            x = (x * 75 + 74) % 65537
            g.play(legal[x % len(legal)])
        moves += len(g.moves)
    return n / (clock() - t0), moves / n


def report(name, n, rounds):
    print(name + " (best of " + str(rounds) + "), random complete games/s via legal_moves/play:")
    for players, pro in ((2, False), (2, True), (4, False)):
        runs = [games(n, r + 1, players, pro) for r in range(rounds)]
        rate = max(r[0] for r in runs)
        plies = sum(r[1] for r in runs) / rounds
        rule = "Pro" if pro else "standard"
        print(f"  {players} players, {rule:8s} {rate:7.0f} games/s  ({plies:.0f} moves/game)")
"""


def main() -> None:
    """Print the CPython figures, then the MicroPython ones (unless --no-micropython)."""
    scope = {"__name__": "race_bench"}
    exec(compile(SOURCE, "race_bench", "exec"), scope)
    scope["report"]("CPython " + sys.version.split()[0], 500, 5)
    if "--no-micropython" in sys.argv:
        return
    from tests.support import micropython

    if not micropython.available():
        print("MicroPython: not available (needs Node and the npm package)")
        return
    print(micropython.run(SOURCE + '\nreport("MicroPython (npm, Node)", 30, 3)\n').strip())


if __name__ == "__main__":
    main()
