"""Every sentence live play shows the player: the panel's live line, the Live dialog's messages,
the questions, the notes on a connection, the refusals worded.

Plain text (the page writes it as text, never as markup); the names of the colours are the
sessions'. A refusal's reason (`LiveError`) is worded where it is raised and made a sentence here.
"""

from lotus.game.session import COLOUR_NAMES
from lotus.page.live.wire import RATE_LIMIT

# -- the panel's live line ------------------------------------------------------------------------
STATES = {
    "inviting": "Live: waiting for your friend's reply.",
    "joining": "Live: send your reply to your friend.",
    "connected": "Live: you play {names}.",
    "disconnected": "Live: disconnected. The game is saved; invite again to resume.",
}

# -- notes on the connection (the live line, after its state) -----------------------------------
FLOODED = (
    f"Your friend's page sent more messages than a game needs (more than {RATE_LIMIT} a "
    "second): the connection was closed."
)
GONE = "Your friend's page stopped answering (its network may be lost, or the device asleep)."
CLOSED = "The connection closed. The game is saved; invite again to go on."
FAILED = (
    "The connection failed: the invitation may be out of date (the page that made it was "
    "closed or reloaded, or it was already answered). Ask your friend for a new invitation."
)
WAIT_NOTES = {
    "accept": (
        "No connection yet: the reply may be out of date (your friend's page was closed or "
        "reloaded after making it), or your networks cannot reach each other. Make a new "
        "invitation and ask your friend to open it."
    ),
    "join": (
        "Still no connection. If your friend has pasted your reply, their invitation may be out "
        "of date (their page was closed or reloaded, or the invitation was already answered): "
        "ask them for a new invitation."
    ),
}

# -- the Live dialog ------------------------------------------------------------------------------
CONNECTED = "Connected."
CONNECTED_GUEST = "Connected: waiting for the game…"
CONNECTING = "Connecting…"
MAKING_REPLY = "Making your reply…"
SEND_REPLY = "Send this reply to your friend; the game starts when they paste it."
COPIED = "Copied: send it to your friend."
COPY_BY_HAND = "Select the link and copy it (Ctrl+C)."
NO_INVITATION = "Make an invitation first: this page has none waiting for a reply."
STILL_CONNECTED = "You are connected: a new invitation is made after a disconnection."
REPLY_REFUSED = "This reply cannot be used: "
INVITATION_REFUSED = "This invitation cannot be used: "
REPLY_ANSWERED = (
    REPLY_REFUSED + "the invitation it answers has had a reply already. Make a new invitation "
    "and ask your friend to open it."
)
USED_SENTENCE = (
    "This invitation was already used on this device: its connection was made once and cannot "
    "be made again. Ask your friend for a new invitation (Live, Make an invitation)."
)

# -- a reply opened in another tab ----------------------------------------------------------------
RELAY_SENDING = "Handing the reply to the tab that made the invitation…"
RELAY_TAKEN = "The reply went to your game's tab: go back to it."
RELAY_NONE = "No tab of this browser waits for this reply: open it where the invitation was made."
RELAY_CANNOT = "Paste this reply link into the Live dialog of the tab that made the invitation."

# -- the game's status line, during a live game --------------------------------------------------
NO_REDO = "Not in a live game: ask your friend for Undo instead."
CONFIRMED = "You confirmed the dead groups; waiting for your friend to confirm."
AGREED = "You agreed; waiting for the others."
WAITING_OTHERS = "Waiting for the others to agree…"
TAKEN_BACK = "The last move was taken back, as agreed."


def colour_name(colour: str) -> str:
    """'White' for 'w', … (the sessions' colour names, capitalised)."""
    name = COLOUR_NAMES.get(colour, colour)
    return name[:1].upper() + name[1:]


def status(link) -> str:
    """The panel's live line for a link (None: no live game)."""
    if link is None:
        return ""
    names = " and ".join(colour_name(c) for c in link.me) or "no colour"
    text = STATES.get(link.state, "").replace("{names}", names)
    return (text + " " + link.note).strip() if link.note else text


def sentence(exc) -> str:
    """A refusal as a sentence."""
    text = str(exc)
    return (text[:1].upper() + text[1:] + ".") if text else "It is not valid."


def turn_refusal(colour: str, computer: bool) -> str:
    """Why a click is refused while another page plays the colour to move."""
    name = colour_name(colour)
    if computer:
        return f"It is {name}'s turn: the computer plays {name}, on the host's page."
    return f"It is {name}'s turn: your friend plays {name}."


def asking(what: str) -> str:
    """'taking back the last move', 'a new game'."""
    return {"undo": "taking back the last move", "new": "a new game"}.get(what, what)


def asked(what: str, friends: int) -> str:
    """What this page's player sees after asking their friends."""
    if friends < 2:
        return f"Asked your friend to agree to {asking(what)}…"
    return f"Asked your friends to agree to {asking(what)}…"


def question(by: str, what: str) -> str:
    """The question put to this page's player (`by`: the asker's colours, '' when unknown)."""
    who = " and ".join(colour_name(c) for c in by) if by else "Your friend"
    return f"{who} asks for {asking(what)}. Do you agree?"


def declined(what: str) -> str:
    """Said to the asker when a friend said no."""
    return f"Your friend declined {asking(what)}."


def withdrawn(what: str) -> str:
    """Said to a player whose question another player declined."""
    text = asking(what)
    return f"{text[:1].upper()}{text[1:]} was declined by another player."


def invitation_for(colours: str) -> str:
    """Said beside a friend's invitation."""
    names = ", ".join(colour_name(c) for c in colours)
    return f"Send this invitation to the friend who plays {names}."


def differed(index: int, guest: bool) -> str:
    """The note after a reconnection whose two histories differed from action `index`."""
    note = f"Your two games differed from move {index + 1}: the host's is played on."
    return note + " Yours is kept in Your games." if guest else note
