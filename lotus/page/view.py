"""What the app page shows, as plain data read from its controller's state (without a DOM).

`view.page(controller)` is everything `lotus.ui_bindings` writes into index.html; the functions
here only read (the controller's parts and the session on show), so a page may draw as often as
it likes and drawing changes nothing. The controller changes its state in its events
(`lotus.page.controller.PageController.settle`).
"""

from lotus.page import form, panel, scoring


def page(c) -> dict:
    """Everything the page shows for `c` (a PageController); `flags` are the body's data-* hooks."""
    session = c.app.session
    game = session.game
    phase = session.phase()
    over = phase == "over"
    review = session.review
    computer = c.computer
    variation = c.variation
    line = variation.line  # a variation on show: its board, its words, its row in the list
    analysis = c.analysis.view(session)
    if line is not None:  # the game's marks are not the variation's position's
        analysis = dict(analysis, best=[], played=[], ownership=[])
    players = panel.players(session)
    return {
        "game": c.app.current,
        "board": session.svg() if line is None else line.svg(),
        "track": session.track_svg(),
        "status": (
            panel.review_status(session) or scoring.dispute_text(session) or panel.status(session)
        )
        if line is None
        else variation.status(),
        "banner": session.banner() if over else "",
        "moves": variation.rows(c.move_list.made, len(session.colours()) == 2),
        "analysis": analysis,
        "players": panel.player_items(players),
        "placings": panel.placing_items(players) if over else "",  # the result box's
        "title": panel.title(session),
        "record_error": c.record_error,
        "enabled": enabled(c),
        "watch": panel.watch_controls(session),
        "paused": computer.paused,
        "pause_label": panel.pause_label(computer.paused),
        "hints": session.hint_marks() if line is None else [],
        "numbers": bool(session.numbers),  # the View menu's "Show point numbers"
        "error": " ".join(t for t in (c.error, c.saves.note) if t),
        "sound": c.sound.view(),  # the adapter plays it when its number is new
        "form": (c.app.current, form.session_fields(c.app.current, session)),
        "failure": c.failure,
        "library": c.saves.items(),
        "flags": {  # None: the flag is absent (a draw has data-winner="")
            "game": c.app.current,
            "phase": phase,
            "to-move": game.to_move if phase == "play" else None,
            "over": "1" if over else None,
            "winner": (game.winner or "") if over else None,
            "dead-source": (session.dead_source or None) if phase == "scoring" else None,
            "review": None if review is None else str(review),
            "variation": variation.count(),
            "thinking": "1" if computer.thinking() else None,
            "thinking-level": computer.thinking_level(),
            "computer-ready": "1" if computer.computer_ready else None,
            "worker-ready": "1" if computer.worker_ready else None,
            "dispute": " ".join(p for _r, _v, g in scoring.disputed(session) for p in g) or None,
        },
    }


def enabled(c) -> dict:
    """{action: True when its button can be used now} for `c` (a PageController)."""
    session = c.app.session
    phase = session.phase()
    reviewing = session.review is not None
    here = len(session.actions) if session.review is None else session.review
    person = phase == "play" and session.computer_level() is None
    analysis = c.analysis
    unaided = bool(c.live_fair()) if c.live_fair is not None else False  # a live game
    return {
        "first": here > 0,
        "prev": here > 0,
        "next": reviewing,
        "last": reviewing,
        "play-here": reviewing,
        "undo": len(session.actions) > 0,
        "redo": len(session.redo_stack) > 0,
        "pass": person and session.can_pass(),
        "resign": person,
        "confirm": phase == "scoring" and not scoring.disputed(session),
        "resume": phase == "scoring",
        "hint": person and not unaided,  # asked before a worker is up, it waits for the first
        "analyse": len(session.game.moves) > 0 and not analysis.running and not unaided,
        "cancel-analysis": analysis.running,
        "ownership": analysis.has_ownership(),
        "estimate": analysis.estimate.offered(session) and not analysis.live,
    }
