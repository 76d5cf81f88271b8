"""Replay Lotus (Freeling) games and print every state: runs unchanged on CPython and MicroPython.

`replay(games)` prints, for each game and after each move, the engine's state key, score and
suggested dead groups (and a checksum of the SVG from `lotus.render.go.board` when that module
exists), then walks the scoring phase and undoes everything. tests/test_go_micropython.py runs it
under both interpreters and compares the output byte for byte.
"""

from lotus.engine import go
from lotus.engine import kensington as k

try:
    from lotus.render import go as render_go
except ImportError:
    render_go = None

if render_go is not None and not hasattr(render_go, "board"):
    render_go = None


def checksum(text: str) -> str:
    """A portable hash of a string: length and two sums that stay in small-int range."""
    a = b = 0
    for n in text.encode():
        a = (a * 131 + n) % 1000003
        b = (b + a) % 999983
    return f"{len(text)}:{a}:{b}"


def show(game: go.Game, tag: str) -> None:
    """Print one line describing the whole state."""
    s = game.score()
    line = f"{tag} {game.state_key()} score={s['w']},{s['b']} dead={','.join(game.suggest_dead())}"
    line += f" winner={game.winner} over={game.is_over}"
    print(line)


def svg(game: go.Game, tag: str) -> None:
    """Print the renderer's SVG checksum, if there is a renderer."""
    if render_go is not None:
        print(f"{tag} svg={checksum(render_go.board(game))}")


def refused(game: go.Game, move) -> None:
    """Print the message of a refused move."""
    try:
        game.play(move)
    except go.IllegalMove as e:
        print("refused", repr(move), str(e))
        return
    raise AssertionError(f"{move!r} was accepted")


def helpers() -> None:
    """Print the portable bit helpers' results."""
    masks = [0, 1, 1 << 71, k.FULL, (1 << 71) | (1 << 40) | 5, k.HEXAGON_MASKS[6]]
    for m in masks:
        low = k.lowest_index(m) if m else -1
        print("bits", k.popcount(m), low, k.indices(m))


def replay(games: list) -> None:
    """Replay (first, marker, moves) games, printing states; a move after two passes resumes."""
    helpers()
    for number in range(len(games)):
        first, marker, moves = games[number]
        game = go.Game(marker=marker, first=first)
        print("game", number, first, marker)
        refused(game, "0")
        refused(game, "x")
        for n in range(len(moves)):
            if game.phase == go.SCORING:
                game.resume()
                show(game, "resume")
            game.play(moves[n])
            show(game, str(n))
            if n == 30 and number % 4 == 0:
                svg(game, str(n))
        if game.phase == go.PLAY:
            refused(game, "73")
        else:
            refused(game, "1")
        svg(game, "end")
        if game.phase == go.SCORING:
            game.set_dead(game.suggest_dead())
            print("agreed", game.finish(), game.dead)
            show(game, "finished")
            game.undo()
            game.resume()
            show(game, "resumed")
            game.undo()
        keys = []
        while game.can_undo:
            game.undo()
            keys.append(game.state_key())
        print("undone", checksum(" ".join(keys)), game.state_key())
