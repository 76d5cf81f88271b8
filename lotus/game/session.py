"""What both games' sessions share: the engine game, undo/redo, review, seats, words for people.

Each game's session (`race_session`, `go_session`) builds on `Session`; the registry
(`lotus.game.games`) says which session class a game has. Pure Python for CPython and MicroPython.
Every text a person reads is worded through the catalog (lotus.words) where it is made.
"""

from lotus.game.text import colour_name
from lotus.words import N_, _

LEVEL_WORDS = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
# The most moves a game may have: games.MAX_MOVES, which records, links and saves hold at most.
# Written again here because the registry imports the sessions (tests/test_games.py keeps the two
# equal): a game stops taking moves there, so that no game is played that could not be kept.
MAX_MOVES = 2000


def level_name(level: str) -> str:
    """'hard' -> 'hard' (the computer's level, in the language in use)."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def join_and(items) -> str:
    """'31', '7 and 21', '7, 21 and 40': names of points or fields, listed in a sentence."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def sentence(text: str) -> str:
    """A message as a sentence: capital first letter, full stop at the end."""
    if not text:
        return text
    text = text[0].upper() + text[1:]
    if text[-1] not in ".!?":
        text += "."
    return text


class Session:
    """What both games' sessions share: the engine game, the redo stack, who made each move.

    It is the one protocol the page's logic sees a game's session through: every action and
    view the page asks for is here, with what a game without it does (nothing, or nothing to
    show); a game's session overrides what its rules have (passing, resigning, a scoring phase,
    point numbers).
    """

    game_id = ""
    numbers = False  # the board shows its point numbers (a game whose board has them sets it)
    dead_source = ""  # who marked the dead groups, in a game with a scoring phase
    settled = -1  # the version whose dead-group estimate is final, in a game with a scoring phase

    def __init__(self, game, seats=None) -> None:
        self.game = game
        self.seats = dict(seats or {})  # colour -> 'human' or a computer level
        self.actions = []  # every action taken back by undo, in play order (moves and more)
        self.movers = []  # colour that made each action
        self.redo_stack = []
        self.message = ""
        self.waiting = ""  # set by the page: '', 'ready' (worker loading), 'thinking', 'paused'
        self.version = (
            0  # counts changes of the game, so late answers for old positions are dropped
        )
        self.hint = None  # a move the computer suggested for this position
        self.asked_dead = -1  # the version whose dead groups were asked of the search
        self.touched = False  # the players changed the dead-group marks themselves
        self.review = None  # None: the present; n: looking at the position after n actions
        self._review_cache = None
        self._counted = None  # (version, {actions: moves among them}): `_moves_in`'s counts
        self.notes = []  # each action in words for people, parallel to `actions`
        self.event = ""  # what the last action did, when worth saying ("Black reverses 3 stones.")

    def _do(self, action: str) -> None:
        """Carry out an action on the engine (raises the engine's IllegalMove)."""
        self.game.play(action)

    def act(self, action: str) -> None:
        """Carry out a new action (raises IllegalMove); clears the redo stack.

        A game stops taking moves at the most a record, a link or a save can hold, so that no
        game is played that could not be kept (ValueError, said as the refusal).
        """
        if not action.startswith("#") and len(self.game.moves) >= MAX_MOVES:
            raise ValueError(
                _("This game has reached {n} moves, the most a saved game can hold.", n=MAX_MOVES)
            )
        self._record(action)
        self.redo_stack = []

    def _record(self, action: str) -> None:
        mover = self.game.to_move
        before = self._before(action)
        self._do(action)
        self.actions.append(action)
        self.movers.append(mover)
        self.version += 1
        self.hint = None
        self.touched = False
        self.message = ""
        self._after_change()
        words, self.event = self._describe(action, mover, before)
        self.notes.append(words)

    # -- words ------------------------------------------------------------------------------
    def _before(self, action: str):
        """Hook: what `_describe` needs to know of the position before `action`."""
        return None

    def _describe(self, action: str, mover: str, before) -> tuple:
        """Hook: (the action in words, what it did worth saying in the status or '')."""
        # Translators: a move in the move list; {move} is its notation.
        return (_("{colour} plays {move}", colour=colour_name(mover), move=action), "")

    def short_words(self, k: int, subject: bool = True) -> str:
        """The `k`-th action in a few words, its mover's name first ('Black plays 37': the
        status's recap of the computers' moves), or without it (`subject=False`, 'plays 37': the
        move list, after the mover's colour chip). The move list's title says more."""
        return self._short(self.actions[k], self.movers[k], subject)

    def _short(self, action: str, mover: str, subject: bool) -> str:
        """Hook: an action in a few words (see `short_words`)."""
        who = colour_name(mover)
        if action == "pass":
            return _("{colour} passes", colour=who) if subject else _("passes")
        if subject:
            return _("{colour} plays {move}", colour=who, move=action)
        # Translators: a move in the move list, after its mover's colour.
        return _("plays {move}", move=action)

    def what_it_did(self, move: str) -> str:
        """What `move` would do in the position on show, in words (a puzzle's wrong try says it,
        after "Not this one:"); a game's session says more of its own moves."""
        if move == "pass":
            return _("passing changes nothing on the board")
        return _("it is not the move")

    def hint_text(self, move: str) -> str:
        """Hook: the hinted move in words ('play 23')."""
        return move

    def _after_change(self) -> None:
        """Hook: clear per-position view state after the game changed."""

    def seat(self, colour: str) -> str:
        """'human' or the computer level that plays `colour`."""
        return self.seats.get(colour, "human")

    def computer_level(self):
        """The level of the computer that must move now, or None (a person's turn, or no turn)."""
        if self.phase() != "play" or self.review is not None:
            return None
        level = self.seat(self.game.to_move)
        return None if level == "human" else level

    def person(self):
        """The colour of the one person playing the computer, or None (people only, a
        demonstration, or several people): a result is then said from that person's side."""
        colours = self.colours()
        people = [c for c in colours if self.seat(c) == "human"]
        return people[0] if len(people) == 1 and len(colours) > 1 else None

    def winner_words(self, winner: str, you: str, computer: str, other: str, **values) -> str:
        """One of three sentences of a result, as the player on this screen reads it: `you` when
        the one person playing the computer won, `computer` when the computer beat them, else
        `other` (with {colour}, the winner's name); each a message id, filled with `values`."""
        person = self.person()
        if person is not None and winner == person:
            return _(you, **values)
        if person is not None:
            return _(computer, **values)
        return _(other, colour=colour_name(winner), **values)

    def watching(self) -> bool:
        """True when every seat is the computer (a demonstration)."""
        colours = self.colours()
        return all(self.seat(c) != "human" for c in colours)

    def turn_text(self) -> str:
        """'White to move.', or what the computer whose turn it is is doing."""
        colour = self.game.to_move
        who = colour_name(colour)
        level = self.seat(colour)
        if level == "human":
            return _("{colour} to move.", colour=who)
        level = level_name(level)
        if self.waiting == "ready":
            # Translators: {level} is the computer's level: easy, medium, hard or expert.
            return _("{colour} (computer, {level}) is getting ready…", colour=who, level=level)
        if self.waiting == "paused":
            return _("{colour} (computer, {level}) to move: paused.", colour=who, level=level)
        return _("{colour} (computer, {level}) is thinking…", colour=who, level=level)

    def computer_turn_refusal(self) -> str:
        """Why a person's click is refused while the computer is to move."""
        colour = self.game.to_move
        return _("Please wait: {colour} is played by the computer.", colour=colour_name(colour))

    def clear_selection(self) -> None:
        """Forget a half-made move (Escape)."""

    def show_hint(self, move: str) -> None:
        """Remember the computer's suggestion for this position and say it."""
        self.hint = move
        if self.move_marks(move):
            # Translators: {hint} is a move in words: "play 23", "move A3 → 7"...
            self.message = _("Hint: {hint} (marked on the board).", hint=self.hint_text(move))
        else:
            self.message = _("Hint: {hint}.", hint=self.hint_text(move))

    def hint_marks(self) -> list:
        """[(hook, value)] of the board elements the hint points at, e.g. [('point', '37')]."""
        return self.move_marks(self.hint)

    def move_marks(self, move) -> list:
        """Hook: [(hook, value)] of the board elements a move (in notation) starts and ends on."""
        return []

    def marks_after(self, move, played: str) -> list:
        """[(hook, value)] of `move`, a move of the position before `played`, on the board after
        `played` (the analysis's preferred move beside the move played): `move_marks`, unless a
        game's board names an element differently once `played` is made."""
        return self.move_marks(move)

    def undo_turn(self) -> None:
        """Undo for a person playing the computer: back to the last position a person moves in."""
        self.undo()
        if self.watching():
            return
        while self.actions and self.computer_level() is not None:
            self.undo()

    def undo(self) -> None:
        """Take back the last action, keeping it for redo."""
        if self.actions:
            self.game.undo()
            self.redo_stack.append(self.actions.pop())
            self.movers.pop()
            if self.notes:
                self.notes.pop()
            self.version += 1
            self.hint = None
            self.touched = False
        self.message = ""
        self.event = ""
        self._after_change()

    def redo(self) -> None:
        """Replay the last action taken back."""
        if self.redo_stack:
            action = self.redo_stack.pop()
            try:
                self._record(action)
            except ValueError:  # a redo list that no longer fits (e.g. from a damaged save)
                self.redo_stack = []

    # -- review ----------------------------------------------------------------------------
    def review_to(self, index) -> None:
        """Look at the position after `index` actions (None or the end: back to the present)."""
        if index is not None:
            index = max(0, min(int(index), len(self.actions)))
            if index == len(self.actions):
                index = None
        self.review = index
        self._review_cache = None
        self.message = ""

    def review_step(self, delta: int) -> None:
        """Step the review back (negative) or forward through the game."""
        here = len(self.actions) if self.review is None else self.review
        self.review_to(here + delta)

    def moves_shown(self) -> int:
        """How many moves of the move list lead to the position on screen."""
        return self._moves_in(len(self.actions) if self.review is None else self.review)

    def move_count(self) -> int:
        """How many moves the game holds (the scoring phase's actions are none)."""
        return self._moves_in(len(self.actions))

    def _moves_in(self, count: int) -> int:
        """The number of moves among the first `count` actions, counted once per version: the
        page asks several times a redraw, and a long game has thousands of actions."""
        counted = self._counted
        if counted is None or counted[0] != self.version:
            counted = self._counted = (self.version, {})
        known = counted[1].get(count)
        if known is None:
            actions = self.actions if count == len(self.actions) else self.actions[:count]
            known = counted[1][count] = len([a for a in actions if not a.startswith("#")])
        return known

    def view_game(self):
        """The game to show: the present, or a copy replayed to the reviewed position."""
        if self.review is None:
            return self.game
        if self._review_cache is None or self._review_cache[0] != self.review:
            scratch = type(self)(**self.options)
            for action in self.actions[: self.review]:
                scratch._do(action)
            self._review_cache = (self.review, scratch.game)
        return self._review_cache[1]

    def play_from_here(self) -> None:
        """Continue from the reviewed position: the later moves are taken back (redo keeps them)."""
        if self.review is None:
            return
        target = self.review
        while len(self.actions) > target:
            self.undo()
        self.review_to(None)

    def review_refusal(self) -> str:
        """Why a board click is refused while reviewing."""
        return _(
            "Reviewing move {n} of {total}: use “Play from here” to continue from this position,"
            " or go to the end.",
            n=self.moves_shown(),
            total=self.move_count(),
        )

    def last_moves(self) -> list:
        """[(colour, move)]: each colour's last move up to the position on show (a pass too), in
        play order, so that the last pair is the last move: the board marks where each colour
        moved, and animates the last move."""
        count = len(self.actions) if self.review is None else self.review
        wanted = len(self.colours())
        found = {}
        out = []
        k = count - 1
        while k >= 0 and len(found) < wanted:
            action = self.actions[k]
            mover = self.movers[k]
            if not action.startswith("#") and mover not in found:
                found[mover] = True
                out.append((mover, action))
            k -= 1
        out.reverse()
        return out

    def move_rows(self) -> list:
        """[(colour who moved, move)] in play order: the moves of the move list."""
        return [(c, a) for c, a in zip(self.movers, self.actions) if not a.startswith("#")]

    def move_notes(self) -> list:
        """[(colour who moved, move, the move in words)]: the move list, described."""
        notes = self.notes
        out = []
        for i, action in enumerate(self.actions):
            if not action.startswith("#"):
                words = notes[i] if i < len(notes) else action
                out.append((self.movers[i], action, words))
        return out

    def ply_index(self, ply: int) -> int:
        """The number of actions up to and including the `ply`-th move (1-based) of the list."""
        seen = 0
        for i, action in enumerate(self.actions):
            if not action.startswith("#"):
                seen += 1
                if seen >= ply:
                    return i + 1
        return len(self.actions)

    def players(self) -> list:
        """[{colour, name, to_move, count, detail}] for each seat in turn order."""
        phase = self.phase()
        out = []
        for colour in self.colours():
            count, detail = self.player_count(colour)
            out.append(
                {
                    "colour": colour,
                    "name": colour_name(colour),
                    "to_move": phase == "play" and self.game.to_move == colour,
                    "count": count,
                    "detail": detail,
                }
            )
        return out

    def placings(self) -> list:
        """[(colour, rank)] best first, once the game is over: the winner 1st, the others 2nd
        (a draw: every player 1st); a game whose rules place more overrides it (the race)."""
        winner = self.game.winner
        colours = self.colours()
        if winner is None:
            return [(c, 1) for c in colours]
        return [(winner, 1)] + [(c, 2) for c in colours if c != winner]

    def player_count(self, colour: str) -> tuple:
        """Hook: (a player's count, what it is made of), e.g. ('3/10', 'stones home')."""
        return ("", "")

    def moves(self) -> list:
        """The game's moves in notation."""
        return list(self.game.moves)

    def worker_moves(self) -> list:
        """Hook: the moves a worker rebuilds this game from (the game's moves)."""
        return self.game.moves

    # -- actions a game may not have: each does nothing where its rules have none ------------
    def pass_turn(self) -> None:
        """Hook: pass (a game whose rules have a pass overrides it)."""

    def resign(self) -> None:
        """Hook: resign (a game whose rules have a resignation overrides it)."""

    def confirm(self) -> None:
        """Hook: agree on the scoring and end the game (a game with a scoring phase)."""

    def resume(self) -> None:
        """Hook: return from the scoring phase to play (a game with a scoring phase)."""

    def disagreements(self, computer: tuple) -> list:
        """Hook: the groups the computer disputes in the scoring phase ([] without one)."""
        return []

    def take_estimate(self, points) -> None:
        """Hook: the computer's dead groups for this position (a game with a scoring phase)."""

    def keep_view(self, old) -> None:
        """Hook: carry view preferences over from the previous session of the same game."""
