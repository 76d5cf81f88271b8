"""Seeded matches between the computer players; prints win rates and time per move as markdown.

    .venv/bin/python bench/arena.py --games 200 --jobs 2                 # every default match
    .venv/bin/python bench/arena.py --games 200 --match race-hard-random --match go-hard-easy

A match "GAME-A-B" plays A against B: GAME is race (2 players), race4 (A in one seat, B in the
other three) or go; A and B are random, easy, medium, hard, expert, the outside player mcts
(below) or, in the race, its in-house stand-in uct (below). The expert matches
(race-expert-hard, go-expert-hard) take minutes a game and are played only when named.
Game i of a match is seeded from (--seed, match, i); the seats alternate (race: A is White in
even games, Black in odd ones, White moving first; race4: A's seat is i mod 4; go: A is White,
who moves first, in even games).

The random players: race, uniform over the legal moves; go, uniform over the empty points, passing
only when the board is full, or when the opponent has just passed and it leads on the board as it
stands (``score()``). A go game ends after two passes in a row (G8) or a resignation; a draw
counts half a win. ``--judge`` says how a game that two passes ended is counted, for the match's
result, for our players (``ai.choose_move``'s ``judge``) and inside MCTSBot's rollouts alike:
``estimate`` (the default) with ``score(dead=ai.suggest_dead(game))``, our own dead-group estimate;
``all-alive`` with ``score()``, every stone as it stands (the count when no one agrees on dead
groups: the computer-Go convention between programs). Rows of an ``all-alive`` match are named
``MATCH [all-alive]``.
Seconds per move are process CPU seconds of ``choose_move`` (steady on a shared machine), median
over every move of that level. ``--records FILE`` appends every game's moves as a JSON line.

The outside player ``mcts`` is OpenSpiel's MCTSBot (plain UCT, ``uct_c=2``, one uniformly random
rollout to the end of the game per simulation) on our rules wrapped as OpenSpiel games
(``bench/spiel_games.py``; needs ``requirements-arena.txt``, which ``make arena`` installs). It
gets as many simulations per move as its opponent's level has search iterations (race hard: 1500,
go hard: 1000); ``mcts4`` gets 4 times as many (any ``mcts<N>``: N times). Each of its seats has
its own bot, seeded from the game's seed and the seat; its seconds per move are the process CPU
seconds of ``MCTSBot.step``. ``mcts@<S>`` plays S simulations a move whatever it meets, so two
outside players can meet too: ``race4-hard-mcts@200`` (our hard against three bots of 200
simulations), ``race4-mcts@800-mcts@200`` (a bot of 800 against three of 200: what four times the
search buys a seat of the 4-player race). The other matches never import OpenSpiel.

    .venv/bin/python bench/arena.py --games 20 --match race-hard-mcts --match go-hard-mcts4

The race's player ``uct`` is the same textbook search in our own code, the outside player's
stand-in for long races of four: our search (``lotus.engine.ai.mcts.search``) selecting by UCB1
with MCTSBot's constant (c = 2 on rewards of -1/(players-1)..1, so 2(players-1)/players on our
0..1 rewards), playouts uniformly random to the end of the game (no knowledge of the race, no
endgame solver). It plays about seven times faster than MCTSBot (no OpenSpiel states to copy),
and it takes the same suffixes: ``uct`` (equal simulations), ``uct<N>``, ``uct@<S>``
(``race4-uct4-uct`` is not allowed, ``race4-uct@6000-uct@1500`` is: what four times the search buys
a seat against three such players). Against three of it, `hard` wins its seat of four about as
often as against three MCTSBots (docs/performance.md, 2026-12-05).

A level may take a number of search iterations, ``<level>@<S>``: the level's knowledge and
settings with S iterations a move, to ask what more work buys it (``race4-hard@6000-uct@1500``).
``--seeds-of NAME`` seeds the games from another match's name, so two matches play each game in
the same seat with the same random numbers, and their A players can be compared game by game
(paired): ``--report`` then adds a table of the games each won alone and a sign test.

    .venv/bin/python bench/arena.py --games 60 --seed 2027 --match race4-hard-uct@1500 \
        --records A.jsonl
    .venv/bin/python bench/arena.py --games 60 --seed 2027 --match race4-hard@6000-uct@1500 \
        --seeds-of race4-hard-uct@1500 --records B.jsonl
    .venv/bin/python bench/arena.py --report A.jsonl --report B.jsonl
    .venv/bin/python bench/arena.py --games 20 --judge all-alive --match go-hard-mcts
"""

import argparse
import json
import math
import multiprocessing
import os
import random
import re
import statistics
import sys
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from lotus.engine import ai, go, race  # noqa: E402
from lotus.engine.ai import go_plugin, race_plugin  # noqa: E402

PLAYERS = ("random", "easy", "medium", "hard", "expert")
MATCHES = (
    "race-hard-random",
    "race-hard-easy",
    "race-medium-easy",
    "race-hard-medium",
    "race4-hard-easy",
    "go-hard-random",
    "go-hard-easy",
    "go-medium-easy",
)
OUTSIDE = re.compile(r"(?:mcts|uct)(?:([1-9][0-9]*)|@([1-9][0-9]*))?$")
"""The outside player (OpenSpiel's MCTSBot) or its stand-in: ``mcts`` / ``uct`` (equal
simulations), ``mcts<N>`` / ``uct<N>`` (N times as many) or ``mcts@<S>`` / ``uct@<S>`` (S
simulations a move, whatever it meets)."""
JUDGES = ("estimate", "all-alive")
"""How a Go game that two passes ended is counted (``--judge``): with our dead-group estimate, or
every stone as it stands."""
LEVEL_AT = re.compile(r"(easy|medium|hard|expert)@([1-9][0-9]*)$")
"""One of our levels with S search iterations a move in place of its own: ``hard@6000``."""

TARGETS = {
    "race-hard-random": 0.95,
    "race-hard-easy": 0.75,
    "race-medium-easy": 0.60,
    "race-hard-medium": 0.70,
    "race4-hard-easy": 0.45,
    "go-hard-random": 0.95,
    "go-hard-easy": 0.75,
    "go-medium-easy": 0.60,
    "go-hard-medium": 0.70,
    # Against the outside player: 2-player games at equal and at 4x simulations, and
    # the 4-player race, one seat against three bots (chance: 25%).
    "race-hard-mcts": 0.90,
    "go-hard-mcts": 0.95,
    "race-hard-mcts4": 0.60,
    "go-hard-mcts4": 0.60,
    "race4-hard-mcts": 0.40,
    # The strongest level against the next: minutes a game, so never in the default set.
    "race-expert-hard": 0.70,
    "go-expert-hard": 0.70,
}


def outside_factor(player: str) -> int:
    """0 for one of our players; N for the outside player ``mcts<N>`` (1 for ``mcts`` and for
    ``mcts@<S>``)."""
    m = OUTSIDE.match(player)
    if m is None:
        return 0
    return int(m.group(1) or 1)


def our_level(player: str) -> tuple:
    """(level, iterations) for one of our players: ("hard", None) for ``hard`` (its own
    iterations), ("hard", 6000) for ``hard@6000``; None for random and the outside player."""
    if player in ai.LEVELS:
        return player, None
    m = LEVEL_AT.match(player)
    return (m.group(1), int(m.group(2))) if m else None


def race_players(kind: str) -> int:
    """The number of players of a race match's game `kind` (``race``: 2, ``race4``: 4)."""
    return 4 if kind == "race4" else 2


def levels_of(kind: str) -> dict:
    """The levels' table of game `kind` (its plug-in's ``LEVELS``)."""
    return go_plugin.LEVELS if kind == "go" else race_plugin.LEVELS


def level_iterations(kind: str, player: str) -> int:
    """The search iterations a move of our `player` (``hard``, ``hard@6000``) in game `kind`."""
    level, iterations = our_level(player)
    return iterations or levels_of(kind)[level]["iterations"]


def level_move(kind: str, game, player: str, seed: int, judge: str = "estimate") -> str:
    """Our `player`'s move: ``ai.choose_move`` at its level, with ``<level>@<S>``'s iterations in
    place of the level's own for this move (the level's table is put back afterwards); in Go it
    plays for the match's `judge`."""
    level, iterations = our_level(player)
    extra = {"judge": judge} if kind == "go" else {}
    if iterations is None:
        return ai.choose_move(game, level, seed=seed, **extra)
    levels = levels_of(kind)
    own = levels[level]
    levels[level] = dict(own, iterations=iterations)
    try:
        return ai.choose_move(game, level, seed=seed, **extra)
    finally:
        levels[level] = own


def is_stand_in(player: str) -> bool:
    """True for the in-house stand-in ``uct`` of the outside player (any suffix)."""
    return player.startswith("uct") and bool(outside_factor(player))


def is_mcts_bot(player: str) -> bool:
    """True for OpenSpiel's MCTSBot itself (``mcts``, any suffix), not its stand-in."""
    return bool(outside_factor(player)) and not is_stand_in(player)


def outside_fixed(player: str) -> int:
    """S for the outside player ``mcts@<S>`` (S simulations a move); 0 for any other player."""
    m = OUTSIDE.match(player)
    return int(m.group(2)) if m is not None and m.group(2) else 0


def player_order(player: str) -> tuple:
    """A sort key: our players weakest first, then the outside player by simulations, then its
    stand-in."""
    if player in PLAYERS:
        return (0, PLAYERS.index(player), 0)
    ours = our_level(player)
    if ours:
        return (0, PLAYERS.index(ours[0]), ours[1])
    return (2 if is_stand_in(player) else 1, outside_factor(player), outside_fixed(player))


def parse_match(name: str) -> tuple:
    """'race-hard-easy' -> ('race', 'hard', 'easy'); ValueError if malformed."""
    parts = name.split("-")
    if len(parts) != 3 or parts[0] not in ("race", "race4", "go"):
        raise ValueError(f"a match is GAME-A-B with GAME race, race4 or go, not {name!r}")
    for p in parts[1:]:
        if p not in PLAYERS and not outside_factor(p) and not our_level(p):
            raise ValueError(
                f"players are {', '.join(PLAYERS)}, a level@S, mcts[N] or mcts@S, not {p!r} "
                f"in {name!r}"
            )
    for p, q in ((parts[1], parts[2]), (parts[2], parts[1])):
        if outside_factor(p) and not outside_fixed(p) and not our_level(q):
            raise ValueError(f"mcts plays against one of our levels (not {q!r}) in {name!r}")
        if is_stand_in(p) and parts[0] == "go":
            raise ValueError(f"uct plays the race only (not go) in {name!r}")
    return parts[0], parts[1], parts[2]


def outside_simulations(kind: str, player: str, opponent: str) -> int:
    """The outside player's simulations per move: N times the opponent level's iterations (S for
    ``mcts@<S>``)."""
    if outside_fixed(player):
        return outside_fixed(player)
    return outside_factor(player) * level_iterations(kind, opponent)


def uct_move(game: race.Game, simulations: int, seed: int) -> str:
    """The stand-in ``uct``'s move: plain UCT over our search, MCTSBot's constant on our 0..1
    rewards, uniformly random playouts to the end (see the module's docstring)."""
    from lotus.engine.ai import mcts
    from lotus.engine.ai.rng import Random

    c = 2.0 * (game.players - 1) / game.players
    state = race_plugin.RaceState(game, depth=None, epsilon=1.0, threat=0.0)
    action, _root = mcts.search(state, simulations, Random(seed), ucb=c)
    return state.name(action)


def random_go_move(game: go.Game, rng: random.Random) -> str:
    """The random Go player: a uniform empty point; pass only when full or safely ahead."""
    empty = game.empty_indices()
    if not empty:
        return "pass"
    if game.passes:
        score = game.score()
        me, other = game.to_move, "b" if game.to_move == "w" else "w"
        if score[me] > score[other]:
            return "pass"
    return go.NAMES[rng.choice(empty)]


def row_name(match: str, judge: str = "estimate") -> str:
    """A match's name in the tables: ``go-hard-mcts``, or ``go-hard-mcts [all-alive]`` when its
    Go games were counted with every stone as it stands."""
    return match if judge == "estimate" else f"{match} [{judge}]"


def go_count(game: go.Game, judge: str, seed: int) -> dict:
    """{"w", "b"}: a Go game that two passes ended, counted by `judge` (``JUDGES``)."""
    if judge == "all-alive":
        return game.score()
    return game.score(dead=ai.suggest_dead(game, seed=seed))


def play_game(task: tuple) -> tuple:
    """Play game `index` of a match (`task`: match, index, seed, seeds_of and optionally the
    judge); return (A's result 1/0.5/0, [(level, seconds)], plies, the moves in notation)."""
    match, index, seed, seeds_of = task[:4]
    judge = task[4] if len(task) > 4 else "estimate"
    kind, a, b = parse_match(match)
    game_seed = zlib.crc32(f"{seed}/{seeds_of or match}/{index}".encode())
    rng = random.Random(game_seed)
    if kind == "go":
        game = go.Game()
        seats = {"w": a, "b": b} if index % 2 == 0 else {"w": b, "b": a}
    else:
        players = race_players(kind)
        game = race.Game(players=players)
        seats = {c: b for c in game.colours}
        seats[game.colours[index % players]] = a
    a_colours = [c for c in seats if seats[c] == a] if a != b else [game.colours[index % 2]]
    bots = {}
    if is_mcts_bot(a) or is_mcts_bot(b):
        import spiel_games  # only here: the other matches never need OpenSpiel

        spiel = spiel_games.spiel_game(game, judge)
        for seat, c in enumerate(go.COLOURS if kind == "go" else game.colours):
            p = seats[c]
            if is_mcts_bot(p):
                sims = outside_simulations(kind, p, b if p == a else a)
                bots[c] = spiel_games.mcts_bot(spiel, sims, seed=game_seed * 1009 + seat)
    times = []
    ply = 0
    while not game.is_over:
        player = seats[game.to_move]
        if player == "random":
            if kind == "go":
                move = random_go_move(game, rng)
            else:
                move = rng.choice(game.legal_moves())
        elif is_stand_in(player):
            t0 = time.process_time()
            sims = outside_simulations(kind, player, b if player == a else a)
            move = uct_move(game, sims, game_seed * 1009 + ply)
            times.append((player, time.process_time() - t0))
        elif game.to_move in bots:
            t0 = time.process_time()
            move = spiel_games.bot_move(bots[game.to_move], spiel, game)
            times.append((player, time.process_time() - t0))
        else:
            t0 = time.process_time()
            move = level_move(kind, game, player, game_seed * 1009 + ply, judge)
            times.append((player, time.process_time() - t0))
        game.play(move)
        ply += 1
    if kind == "go" and game.resigned:
        result = 1.0 if game.winner in a_colours else 0.0
    elif kind == "go":
        score = go_count(game, judge, game_seed)
        mine = score[a_colours[0]]
        theirs = score["b" if a_colours[0] == "w" else "w"]
        result = 1.0 if mine > theirs else (0.5 if mine == theirs else 0.0)
    else:
        result = 1.0 if game.winner in a_colours else 0.0
    return result, times, ply, list(game.moves)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple:
    """The Wilson score interval of a proportion wins/n at 95%."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


TABLE_HEAD = (
    "| match | games | A wins | A win rate | 95% CI (Wilson) | target | met | median plies |\n"
    "|---|---:|---:|---:|---|---:|---|---:|"
)


def print_row(match: str, results: list, level_times: dict, judge: str = "estimate") -> None:
    """Print a match's row from its games' (result, [(level, seconds)], plies, moves), named by
    ``row_name`` for its `judge`; collect the seconds per move into level_times[(game, level)]."""
    wins = sum(r[0] for r in results)
    n = len(results)
    lo, hi = wilson(wins, n)
    plies = statistics.median(r[2] for r in results)
    game = "go" if parse_match(match)[0] == "go" else "race"
    for _result, times, _plies, _moves in results:
        for level, seconds in times:
            level_times.setdefault((game, level), []).append(seconds)
    target = TARGETS.get(match)
    met = "" if target is None else ("yes" if wins / n >= target else "NO")
    target_text = "" if target is None else f"≥ {target:.0%}"
    print(
        f"| {row_name(match, judge)} | {n} | {wins:g} | {wins / n:.1%} | {lo:.1%}–{hi:.1%} | "
        f"{target_text} | {met} | {plies:g} |",
        flush=True,
    )


def print_times(level_times: dict) -> None:
    """Print the CPU seconds per move of each game and player."""
    print()
    print("| game | level | moves timed | median s/move | 90th pct s/move | max s/move |")
    print("|---|---|---:|---:|---:|---:|")
    for (game, level), times in sorted(
        level_times.items(), key=lambda kv: (kv[0][0], player_order(kv[0][1]))
    ):
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(
            f"| {game} | {level} | {len(times)} | {statistics.median(times):.3f} | "
            f"{p90:.3f} | {times[-1]:.3f} |"
        )
    print()


def read_records(paths: list) -> dict:
    """The games of --records files by (row name, seed, game number): a game met twice counts
    once; each line's ``seeds_of`` is its match's name unless it was played with ``--seeds-of``,
    its ``judge`` ``estimate`` unless it says otherwise, and its ``row`` is ``row_name``."""
    games = {}
    for path in paths:
        with open(path) as f:
            for text in f:
                if text.strip():
                    line = json.loads(text)
                    line.setdefault("seeds_of", line["match"])
                    line.setdefault("judge", "estimate")
                    line["row"] = row_name(line["match"], line["judge"])
                    games[(line["row"], line["seed"], line["game"])] = line
    return games


def report(paths: list) -> int:
    """Print the tables of the games in --records files (a game met twice counts once)."""
    games = read_records(paths)
    print(TABLE_HEAD)
    level_times = {}
    for row in sorted({key[0] for key in games}):
        lines = [games[key] for key in sorted(games) if key[0] == row]
        results = [
            (g["result"], g.get("seconds", []), g.get("plies", len(g["moves"])), g["moves"])
            for g in lines
        ]
        print_row(lines[0]["match"], results, level_times, lines[0]["judge"])
        seeds = sorted({g["seed"] for g in lines})
        numbers = ", ".join(
            f"seed {s}: {sorted(g['game'] for g in lines if g['seed'] == s)}" for s in seeds
        )
        print(f"# {row}: games {numbers}", file=sys.stderr)
    print_times(level_times)
    print_pairs(list(games.values()))
    return 0


def sign_test(only_a: int, only_b: int) -> float:
    """The two-sided p of an exact sign test: `only_a` games won by one player alone, `only_b`
    by the other alone, each equally likely if neither is stronger."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(only_a, only_b) + 1)) / 2**n
    return min(1.0, 2 * tail)


def paired(lines: list) -> list:
    """Per two matches that played the same games (the same seeds: ``--seeds-of``, the same
    --seed and game number): (match 1, match 2, games, wins 1, wins 2, won by 1 alone, by 2
    alone), from --records lines (a match named by its ``row`` where a line has one: with its
    judge)."""
    by_game = {}
    for g in lines:
        name = g.get("row", g["match"])
        by_game.setdefault((g["seeds_of"], g["seed"], g["game"]), {})[name] = g["result"]
    tally = {}
    for results in by_game.values():
        names = sorted(results)
        for i, one in enumerate(names):
            for two in names[i + 1 :]:
                t = tally.setdefault((one, two), [0, 0, 0, 0, 0])
                r1, r2 = results[one], results[two]
                t[0] += 1
                t[1] += r1
                t[2] += r2
                t[3] += r1 > r2
                t[4] += r2 > r1
    return [(one, two, *t) for (one, two), t in sorted(tally.items())]


def print_pairs(lines: list) -> None:
    """Print the paired table (``paired``) when two matches played the same games."""
    rows = paired(lines)
    if not rows:
        return
    print("| match 1 | match 2 | same games | wins 1 | wins 2 | 1 alone | 2 alone | sign test p |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for one, two, n, w1, w2, a1, a2 in rows:
        p = sign_test(a1, a2)
        print(f"| {one} | {two} | {n} | {w1:g} | {w2:g} | {a1} | {a2} | {p:.2f} |")
    print()


def main(argv=None) -> int:
    """Run the matches and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    parser.add_argument(
        "--match",
        action="append",
        help=f"a match to play, repeatable (default: all of {', '.join(MATCHES)})",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    parser.add_argument(
        "--skip",
        type=int,
        default=0,
        help="start at game SKIP of each match (to share a long match between processes)",
    )
    parser.add_argument(
        "--records",
        help="append each game as a JSON line (match, game, seed, A's result, moves, CPU seconds "
        "of each timed move) to this file",
    )
    parser.add_argument(
        "--report",
        action="append",
        help="play nothing: print the tables from these --records files (repeatable), e.g. of a "
        "match that was stopped or shared between runs",
    )
    parser.add_argument(
        "--seeds-of",
        metavar="NAME",
        help="seed every game from NAME, not the match's own name: with another match's name, "
        "each game is played in the same seat with the same random numbers as that match's game "
        "of that number (a paired comparison)",
    )
    parser.add_argument(
        "--judge",
        choices=JUDGES,
        default="estimate",
        help="how a Go game that two passes ended is counted, for the result, our players and "
        "MCTSBot's rollouts: estimate (our dead-group estimate, the default) or all-alive (every "
        "stone as it stands)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.skip < 0:
        parser.error("--games and --jobs must be at least 1, --skip at least 0")
    if args.seeds_of is not None and not args.seeds_of.strip():
        parser.error("--seeds-of needs a name (another match's, to play its games)")
    if args.report:
        return report(args.report)
    matches = []
    for item in args.match or list(MATCHES):
        matches.extend(m for m in item.split(",") if m)
    for m in matches:
        parse_match(m)
    level_times = {}
    started = time.perf_counter()
    # Each row is printed as soon as its match ends, so a long run that is stopped keeps its rows.
    print(TABLE_HEAD, flush=True)
    with multiprocessing.Pool(args.jobs) as pool:
        for match in matches:
            games = range(args.skip, args.skip + args.games)
            tasks = [(match, i, args.seed, args.seeds_of, args.judge) for i in games]
            t0 = time.perf_counter()
            results = []
            for r in pool.imap(play_game, tasks, chunksize=1):
                results.append(r)
                if args.records:
                    with open(args.records, "a") as out:
                        game = args.skip + len(results) - 1
                        line = {"match": match, "game": game, "seed": args.seed}
                        if args.seeds_of:
                            line["seeds_of"] = args.seeds_of
                        if args.judge != "estimate":
                            line["judge"] = args.judge
                        line.update(result=r[0], moves=r[3], plies=r[2])
                        line["seconds"] = [[level, round(sec, 4)] for level, sec in r[1]]
                        out.write(json.dumps(line) + "\n")
                # Progress on stderr: a match against the outside player takes minutes a game.
                print(
                    f"# {match}: game {len(results)}/{len(tasks)}: A {r[0]:g}, {r[2]} plies",
                    file=sys.stderr,
                    flush=True,
                )
            print_row(match, results, level_times, args.judge)
            print(f"# {match}: {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    print_times(level_times)
    print(
        f"{args.games} games per match, seed {args.seed}, judge {args.judge}, "
        f"{args.jobs} jobs, "
        f"{time.perf_counter() - started:.0f} s wall."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
