"""Live play with a page that does not play fair, in the real browser (docs/live.md "Security").

Two devices (browser contexts) connect a Go game over loopback WebRTC, the host playing White and
the guest Black. Then one page sends crafted messages straight down the data channel, as a
hostile friend would from the browser's console (`window.lotusLive.send`). Each time the honest
page stays ready, keeps its game (or refuses the change, saying so in its log), and counts the
refusal in `body[data-live-refused]`. Waits are for the pages' hooks, never for time.
"""

import json

import pytest

from e2e.support import opener
from tools.pages import (
    TIMEOUT,
    arrive,
    connect,
    fresh_game,
    invite,
    moves,
    new_context,
    refused,
    take_turns,
    wait_moves,
)


@pytest.fixture(scope="module")
def duel(browser, guard, site):
    """A connected Go pair (host White, guest Black) on two devices; dialogs are accepted."""
    made = [new_context(browser) for _ in range(2)]
    _open = opener(guard, site)
    host = _open(made[0], "index.html?game=go")
    guest, reply = arrive(_open, made[1], invite(host))
    for page in (host, guest):
        page.on("dialog", lambda dialog: dialog.accept())
    connect(host, guest, reply)
    match = host.evaluate("JSON.parse(localStorage.getItem('lotus.live')).match")
    yield {"host": host, "guest": guest, "match": match}
    for context in made:
        context.close()


def send(page, to: str, *messages) -> None:
    """`page` sends raw messages to its peer `to` ('host', or the host's id for its friend)."""
    texts = [m if isinstance(m, str) else json.dumps(m) for m in messages]
    page.evaluate(
        "([to, texts]) => texts.forEach((t) => window.lotusLive.send(to, t))", [to, texts]
    )


def friend_of(host) -> str:
    """The host's id for its connected friend."""
    return host.evaluate("window.lotusLive.ids()[0]")


def wait_refused(page, count: int) -> None:
    page.wait_for_function(
        "(n) => Number(document.body.getAttribute('data-live-refused') || 0) >= n",
        arg=count,
        timeout=TIMEOUT,
    )


def still_fine(page) -> None:
    """Ready, connected, no error shown."""
    assert page.get_attribute("body", "data-ready") == "1"
    assert page.get_attribute("body", "data-live") == "connected"
    assert page.inner_text("[data-error]").strip() == ""


def state(match: str, actions, **fields) -> dict:
    return {"v": 1, "t": "state", "match": match, "game": "go", "actions": actions, **fields}


def test_a_guest_cannot_move_resign_or_end_the_scoring_for_the_host(duel):
    host, guest, match = duel["host"], duel["guest"], duel["match"]
    fresh_game(host, guest)
    take_turns(host, guest, "10", "20")
    before = refused(host)
    send(
        guest,
        "host",
        state(match, ["10", "20", "resign"]),
        state(match, ["10", "20", "30", "40", "50"]),
    )
    wait_refused(host, before + 2)
    assert moves(host) == moves(guest) == ["10", "20"]
    assert host.get_attribute("body", "data-phase") == "play"
    assert "resigned" not in host.inner_text("[data-status]")
    still_fine(host)
    # After two passes: a state that ends the scoring is refused; the host's game still scores.
    host.click('[data-action="pass"]')
    wait_moves(guest, 3)
    guest.click('[data-action="pass"]')
    for page in (host, guest):
        page.wait_for_selector('body[data-phase="scoring"]', timeout=TIMEOUT)
    send(guest, "host", state(match, ["10", "20", "pass", "pass", "#finish:10"]))
    wait_refused(host, before + 3)
    assert host.get_attribute("body", "data-phase") == "scoring"
    assert "not due" in host.text_content("[data-live-log]")
    still_fine(host)


def test_a_host_cannot_take_back_or_impose_a_game_on_its_guest(duel):
    host, guest, match = duel["host"], duel["guest"], duel["match"]
    fresh_game(host, guest)
    take_turns(host, guest, "10", "20", "11")
    before = refused(guest)
    send(host, friend_of(host), {"v": 1, "t": "undo", "n": 3})
    wait_refused(guest, before + 1)
    assert moves(guest) == ["10", "20", "11"]
    assert "as agreed" not in guest.inner_text("[data-status]")
    send(host, friend_of(host), state(match, ["pass"] * 2600))
    wait_refused(guest, before + 2)
    assert moves(guest) == ["10", "20", "11"]
    assert "more than 2000 moves" in guest.text_content("[data-live-log]")
    saved = guest.evaluate(
        "() => JSON.parse(localStorage.getItem('lotus.games')).games.map((g) => g.moves)"
    )
    assert max(saved) <= 2000
    still_fine(guest)


def test_odd_messages_are_refused_and_counted_past_the_log(duel):
    host, guest, match = duel["host"], duel["guest"], duel["match"]
    fresh_game(host, guest)
    take_turns(host, guest, "10")
    before = refused(host)
    odd = [
        {"v": 1, "t": "act", "n": 1, "a": "99"},  # Black's turn, no such point
        {"v": 1, "t": "state", "match": match, "game": "go"},  # no moves
        state(match, ["10"], options=5),
    ]
    out_of_step = [{"v": 1, "t": "act", "n": 40 + i, "a": "20"} for i in range(30)]
    send(guest, "host", *odd, *out_of_step)
    wait_refused(host, before + 33)  # every refusal counted, though the log keeps 20
    assert host.get_attribute("body", "data-live-refused") == str(before + 33)
    assert len(host.text_content("[data-live-log]").splitlines()) == 20
    assert moves(host) == ["10"]
    assert "Something went wrong" not in host.inner_text("body")
    still_fine(host)
    guest.click('[data-point="20"]')  # the link still works
    wait_moves(host, 2)


def test_a_flood_of_messages_closes_the_link_and_keeps_the_game(duel):
    host, guest = duel["host"], duel["guest"]
    fresh_game(host, guest)
    take_turns(host, guest, "10", "20")
    guest.evaluate(
        """() => {
            const text = JSON.stringify({v: 1, t: "act", n: 99, a: "1"});
            for (let i = 0; i < 10000; i++) window.lotusLive.send("host", text);
        }"""
    )
    host.wait_for_selector('body[data-live="disconnected"]', timeout=TIMEOUT)
    assert "more messages than a game needs" in host.inner_text("[data-live-status]")
    assert host.get_attribute("body", "data-ready") == "1"
    assert moves(host) == ["10", "20"]
    # The host's page answers at once: the game goes on there (a click is a move).
    host.click('[data-point="11"]')
    wait_moves(host, 3, exactly=True)
