"""The race search's own speed under CPython: `hard` at fixed positions, its CPU and its moves.

Usage: .venv/bin/python bench/race_search_bench.py [--level hard] [--root DIR]

Eleven positions (eight from random 2-player games, three from 4-player ones, 4 to 39 plies in,
made with the search's own portable generator), one move each at the level with seed = the
position's number. Prints the process CPU of the searches and the moves chosen: a change that
only makes the search faster must print the same moves. `--root` runs another checkout's
engines (e.g. a `git worktree` of the base), so two versions can be timed in turn:

    farm-bench -n 5 --vs ".venv/bin/python bench/race_search_bench.py --root /tmp/base" -- \\
        .venv/bin/python bench/race_search_bench.py
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def positions(players: int, n: int, seed: int) -> list:
    """Up to `n` race games after 4 + 7k (mod 40) random moves, the finished ones left out."""
    from lotus.engine import race
    from lotus.engine.ai.rng import Random

    out = []
    rng = Random(seed)
    for k in range(n):
        g = race.Game(players=players)
        for _ in range(4 + (k * 7) % 40):
            if g.is_over:
                break
            legal = g.legal_moves()
            g.play(legal[int(rng.random() * len(legal))])
        if not g.is_over:
            out.append(g)
    return out


def main() -> int:
    """Time the level at the positions; print the CPU seconds and the moves."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", choices=("easy", "medium", "hard", "expert"))
    parser.add_argument("--root", default=ROOT, help="the checkout whose lotus package to time")
    args = parser.parse_args()
    sys.path.insert(0, os.path.abspath(args.root))
    from lotus.engine import ai

    games = positions(2, 8, 1) + positions(4, 3, 2)
    started = time.process_time()
    moves = [ai.choose_move(g, args.level, seed=i) for i, g in enumerate(games)]
    cpu = time.process_time() - started
    print(f"{args.level}: {len(games)} moves in {cpu:.2f} s of CPU: {' '.join(moves)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
