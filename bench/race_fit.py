"""What a player's race moves weigh: the move heuristic's terms fitted to its moves.

Usage: .venv/bin/python bench/race_fit.py RECORDS.jsonl [...]   (needs numpy: `make arena`)

Reads `bench/arena.py --records` files (``arena.read_records``) of race matches (``race`` or
``race4``; other games are left out) and takes player A's moves (A's seat: the game number mod
the number of players, as the arena seats it): every move where A has more than one legal move
and is not blocked (R9). Each legal move is described
by the terms of ``race_plugin.move_score``: progress in fields, lifting a stone off one of A's
own or off an opponent's, reaching the goal, landing on an opponent's stone, the stones under
the landing spot, and landing where another colour can cover it next (``threatened``); a pass
has a term of its own. The weights are fitted by maximum likelihood to A's choices, each move
chosen with probability ∝ exp(weights · terms) among the legal ones (a conditional logit, by
gradient descent). Prints the mean negative log likelihood of a uniform choice, of the shipped
heuristic's weights read the same way (temperature 1), and of the fit, and the fitted weights.
What a stronger search plays in the race of four: docs/performance.md, 2026-12-05, night.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import arena  # noqa: E402  (bench/, beside this script)

from lotus.engine import race  # noqa: E402
from lotus.engine.ai import race_plugin  # noqa: E402

TERMS = ("progress", "free_own", "free_opponent", "goal", "cover", "speed", "threatened", "pass")
SHIPPED = (
    1.0,
    race_plugin.FREE_OWN,
    -race_plugin.FREE_OPPONENT,
    race_plugin.GOAL_BONUS,
    race_plugin.COVER,
    race_plugin.SPEED,
    -race_plugin.THREAT,
    -1.0,
)
"""``move_score``'s weights for the same terms (the threat as `hard`'s playouts weigh it)."""


def terms(game: race.Game, move: str, me: str, danger: int) -> list:
    """The terms of `move` for colour `me` (`danger`: ``race_plugin.threatened``)."""
    t = [0.0] * len(TERMS)
    if move == race.PASS:
        t[7] = 1.0
        return t
    origin, final, progress = race_plugin.MOVES[move]
    t[0] = float(progress)
    if origin >= 0 and len(game.stacks[origin]) > 1:
        t[1 if game.stacks[origin][-2] == me else 2] = 1.0
    if final == len(race.FIELDS):
        t[3] = 1.0
        return t
    target = game.stacks[final]
    if target:
        t[4] = 1.0 if target[-1] != me else 0.0
        t[5] = float(len(target))
    t[6] = 1.0 if danger >> final & 1 else 0.0
    return t


def game_decisions(players: int, seat: int, moves: list) -> list:
    """(terms of each legal move, index of the move played) wherever the player in `seat` of a
    race of `players` that played `moves` had a choice and was not blocked."""
    out = []
    game = race.Game(players=players)
    for move in moves:
        if game.turn == seat and not game.blocked:
            legal = game.legal_moves()
            if len(legal) > 1:
                me = game.colours[seat]
                danger = race_plugin.threatened(game, me)
                out.append(([terms(game, m, me, danger) for m in legal], legal.index(move)))
        game.play(move)
    return out


def decisions(paths: list) -> list:
    """``game_decisions`` of player A over the race games of --records files."""
    out = []
    for line in arena.read_records(paths).values():
        kind = arena.parse_match(line["match"])[0]
        if kind != "go":
            players = arena.race_players(kind)
            out.extend(game_decisions(players, line["game"] % players, line["moves"]))
    return out


def main(argv=None) -> int:
    """Fit and print."""
    import numpy as np

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("records", nargs="+", help="bench/arena.py --records files of races")
    parser.add_argument("--steps", type=int, default=400, help="gradient steps (default 400)")
    args = parser.parse_args(argv)
    data = [(np.array(rows), k) for rows, k in decisions(args.records)]
    if not data:
        parser.error("no move of player A with a choice in these records")

    def nll(w):
        total, grad = 0.0, np.zeros_like(w)
        for rows, k in data:
            s = rows @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            total -= np.log(p[k] + 1e-12)
            grad -= rows[k] - p @ rows
        return total / len(data), grad / len(data)

    w = np.zeros(len(TERMS))
    for _ in range(args.steps):
        w -= 0.5 * nll(w)[1]
    print(f"{len(data)} moves of player A with a choice, from {len(args.records)} file(s)")
    print("mean negative log likelihood:")
    print(f"  uniform choice     {nll(np.zeros(len(TERMS)))[0]:.3f}")
    print(f"  shipped heuristic  {nll(np.array(SHIPPED))[0]:.3f}")
    print(f"  fitted             {nll(w)[0]:.3f}")
    print("| term | fitted weight | shipped weight |")
    print("|---|---:|---:|")
    for name, fitted, shipped in zip(TERMS, w, SHIPPED):
        print(f"| {name} | {fitted:+.3f} | {shipped:+.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
