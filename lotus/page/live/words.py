"""Every sentence live play shows the player: the panel's live line, the Live dialog's messages,
the questions, the notes on a connection, the refusals worded.

Plain text (the page writes it as text, never as markup), from the catalog (lotus.words). The
texts kept in constants are marked with N_() and worded with _() where they are shown. What a page
keeps to show later (the live line's note, the dialog's message) is kept as a message id and its
values (`said`), and worded when it is drawn (`word`), so that it follows the page's language. A
refusal's reason (`LiveError`: a message id and its values) is worded here too (`refusal`).
Nothing here crosses the wire: the pages send codes, and each words them in its own language.
"""

from lotus.game.refusals import reason
from lotus.game.text import colour_name
from lotus.page.live.wire import LiveError
from lotus.words import N_, _, n_

# -- the panel's live line ------------------------------------------------------------------------
STATES = {
    "inviting": N_("Live: waiting for your friend's reply."),
    "joining": N_("Live: send your reply to your friend."),
    "connected": N_("Live: you play {names}."),
    "disconnected": N_("Live: disconnected."),
}
WATCHING = N_("Live: you watch; the others play.")
ADVICE = {  # after "disconnected" and why: what the player does to go on
    "host": N_("The game is saved: invite your friend again to go on."),
    "guest": N_("The game is saved: ask your friend for a new invitation to go on."),
}

# -- notes on the connection (the live line, after its state) -----------------------------------
FLOODED = N_(
    "Your friend's page sent more messages than a game needs (more than {limit} a second), so "
    "this page closed the connection."
)
GONE = N_("Your friend's page stopped answering (its network may be lost, or the device asleep).")
FAILED = N_(
    "The connection failed: the invitation may be out of date (the page that made it was "
    "closed or reloaded, or it was already answered). Ask your friend for a new invitation."
)
ADVISED = (FAILED,)  # notes that say themselves what to do (no ADVICE after them)
WAIT_NOTES = {
    "accept": N_(
        "No connection yet: the reply may be out of date (your friend's page was closed or "
        "reloaded after making it), or your networks cannot reach each other. Make a new "
        "invitation and ask your friend to open it."
    ),
    "join": N_(
        "Still no connection. If your friend has pasted your reply, their invitation may be out "
        "of date (their page was closed or reloaded, or the invitation was already answered): "
        "ask them for a new invitation."
    ),
}
DIFFERED = {
    "host": N_("Your game and your friend's differed from move {move}: yours is played on."),
    "guest": N_(
        "Your game and the host's differed from move {move}: the host's is played on, and yours "
        "is kept in Your games."
    ),
}

# -- the Live dialog ------------------------------------------------------------------------------
CONNECTED = N_("Connected.")
CONNECTED_GUEST = N_("Connected: waiting for the game…")
CONNECTING = N_("Connecting…")
MAKING_REPLY = N_("Making your reply…")
SEND_REPLY = N_("Send this reply to your friend; the game starts when they paste it.")
COPIED = N_("Copied: send it to your friend.")
COPY_BY_HAND = N_("Select the link and copy it (Ctrl+C).")
NO_INVITATION = N_("Make an invitation first: this page has none waiting for a reply.")
STILL_CONNECTED = N_("You are connected: a new invitation is made after a disconnection.")
INVITE_FOR = N_("Send this invitation to the friend who plays {names}.")
NOT_MADE = N_("The invitation cannot be made: {reason}.")
REPLY_REFUSED = N_("This reply cannot be used: {reason}.")
INVITATION_REFUSED = N_("This invitation cannot be used: {reason}.")
REPLY_ANSWERED = N_(
    "This reply cannot be used: the invitation it answers has had a reply already. Make a new "
    "invitation and ask your friend to open it."
)
USED_SENTENCE = N_(
    "This invitation was already used on this device: its connection was made once and cannot "
    "be made again. Ask your friend for a new invitation (Live, Make an invitation)."
)

# -- a reply opened in another tab ----------------------------------------------------------------
RELAY_SENDING = N_("Handing the reply to the tab that made the invitation…")
RELAY_TAKEN = N_("The reply went to your game's tab: go back to it.")
RELAY_NONE = N_(
    "No tab of this browser waits for this reply: open it where the invitation was made."
)
RELAY_CANNOT = N_("Paste this reply link into the Live dialog of the tab that made the invitation.")

# -- the game's status line, during a live game --------------------------------------------------
NO_REDO = N_("Not in a live game: ask your friend for Undo instead.")
CONFIRMED = N_("You confirmed the dead groups; waiting for your friend to confirm.")
AGREED = N_("You agreed; waiting for the others.")
WAITING_OTHERS = N_("Waiting for the others to agree…")
NOTHING_OF_YOURS = N_("You have no move to take back yet.")
NO_HELP = N_("Hint and analysis are off in a live game until it ends.")

# -- the refusals' log ----------------------------------------------------------------------------
# Translators: a line of the log of refused live messages; {kind} is the message's type as the
# pages send it ("act", "state"...), {reason} why it was refused.
REFUSED = N_("Message “{kind}” refused: {reason}.")
UNREAD = N_("A message was refused: {reason}.")
# Translators: {action} is a move or action as the pages send it (notation).
RESUME_REFUSED = N_("Resuming: “{action}” refused: {reason}.")
HOSTS_GAME = N_("The host's game cannot be shown here: {reason}")
FLOOD_LOG = N_("More than {limit} messages a second: the connection was closed.")


def said(message: str, **values) -> tuple:
    """A message to show later, worded when it is drawn (`word`): (message id, values)."""
    return (message, values)


def word(kept) -> str:
    """A message kept with `said`, in the language in use ('' for none). Values named `colour`
    and `colours` hold colour codes ('w', 'br'), worded here."""
    if not kept:
        return ""
    message, kept_values = kept
    values = {}
    for key in kept_values:  # a kept reason (`why`) is worded too
        value = kept_values[key]
        values[key] = word(value) if isinstance(value, tuple) else value
    if "colour" in values:
        values["colour"] = colour_name(values["colour"])
    if "colours" in values:
        values["names"] = names(values.pop("colours"))
    return _(message, **values)


def names(colours: str) -> str:
    """The names of colours: 'White', 'White and Red', 'White, Red and Yellow'."""
    words = [colour_name(c) for c in colours]
    if len(words) < 2:
        return "".join(words)
    # Translators: the last of a list of colours ("White, Red and Yellow").
    return _("{names} and {last}", names=", ".join(words[:-1]), last=words[-1])


def status(link) -> str:
    """The panel's live line for a link ('' : no live game): its state, what happened to the
    connection, and after a disconnection what to do (unless the note says it)."""
    if link is None:
        return ""
    parts = []
    if link.state == "connected" and not link.me:
        parts.append(_(WATCHING))
    elif link.state in STATES:
        parts.append(_(STATES[link.state], names=names(link.me)))
    if link.note:
        parts.append(word(link.note))
    if link.state == "disconnected" and (not link.note or link.note[0] not in ADVISED):
        parts.append(_(ADVICE.get(link.role, ADVICE["host"])))
    return " ".join(parts)


def why(exc):
    """Why something was refused, to word later: a `LiveError`'s reason kept (`said`), or the
    engine's word on a move, worded now (lotus.game.refusals)."""
    if isinstance(exc, LiveError):
        return said(exc.message, **exc.values)
    return reason(exc)


def refusal(exc) -> str:
    """Why something was refused, in the language in use (see `why`)."""
    kept = why(exc)
    return word(kept) if isinstance(kept, tuple) else kept


def refused(kind: str, exc) -> str:
    """A line of the refusals' log: a message of type `kind` ('' : unread) refused, and why."""
    if not kind:
        return _(UNREAD, reason=refusal(exc))
    return _(REFUSED, kind=kind, reason=refusal(exc))


def turn_refusal(colour: str, computer: bool) -> str:
    """Why a click is refused while another page plays the colour to move."""
    name = colour_name(colour)
    if computer:
        return _(
            "It is {colour}'s turn: the computer plays {colour}, on the host's page.", colour=name
        )
    return _("It is {colour}'s turn: your friend plays {colour}.", colour=name)


def asked(what: str, friends: int, undone: int = 1) -> str:
    """What this page's player sees after asking their friends (undo: `undone` actions, their
    own last move and the replies after it; new)."""
    friends = max(friends, 1)
    if what == "new":
        return n_(
            "Asked your friend to agree to a new game…",
            "Asked your friends to agree to a new game…",
            friends,
        )
    if undone > 1:
        return n_(
            "Asked your friend to agree to take back your last move and their reply…",
            "Asked your friends to agree to take back your last move and the moves after it…",
            friends,
        )
    return n_(
        "Asked your friend to agree to take back your last move…",
        "Asked your friends to agree to take back your last move…",
        friends,
    )


def question(by: str, what: str, undone: int = 1) -> str:
    """The question put to this page's player (`by`: the asker's colours, '' when unknown;
    `undone`: the moves a take-back undoes, the asker's last and the replies after it)."""
    if not by:
        if what == "new":
            return _("Your friend asks for a new game. Do you agree?")
        return _("Your friend asks to take back the last move. Do you agree?")
    who = names(by)
    if what == "new":
        # Translators: {names} is one player's colours ("White", "White and Red").
        return _("{names} asks for a new game. Do you agree?", names=who)
    if undone > 1:
        # Translators: {names} is one player's colours; "the moves after it" are the replies.
        return _(
            "{names} asks to take back their last move and the moves after it. Do you agree?",
            names=who,
        )
    # Translators: {names} is one player's colours ("White", "White and Red").
    return _("{names} asks to take back their last move. Do you agree?", names=who)


def confirmed(colours: str) -> str:
    """Who among the friends has confirmed the scoring's marks ('' : nobody yet)."""
    if not colours:
        return ""
    # Translators: {names} is the friend's colours ("Black"); said during Go's scoring.
    return _("{names} has confirmed the score: confirm too to end the game.", names=names(colours))


def taken_back(undone: int) -> str:
    """Said on every page after an agreed take-back of `undone` actions."""
    return n_(
        "The last move was taken back, as agreed.",
        "The last {n} moves were taken back, as agreed.",
        undone,
    )


def declined(what: str) -> str:
    """Said to the asker when a friend said no."""
    if what == "new":
        return _("Your friend declined a new game.")
    return _("Your friend declined to take back the last move.")


def withdrawn(what: str) -> str:
    """Said to a player whose question another player declined."""
    if what == "new":
        return _("Another player declined the new game.")
    return _("Another player declined to take back the last move.")


def differed(index: int, guest: bool) -> tuple:
    """The note after a reconnection whose two histories differed from action `index`."""
    return said(DIFFERED["guest" if guest else "host"], move=index + 1)
