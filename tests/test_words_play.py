"""The sessions' and the page's sentences in German: results, move descriptions, the scoring
line, the computer's and the analysis' words (tests elsewhere read them in English)."""

from lotus.game.go_session import GoSession
from lotus.game.race_session import RaceSession
from lotus.page import panel
from lotus.page.analysis import Analysis
from tests.support.games import race_of_four_one_move_from_its_end, race_one_move_from_its_end


def play_all(session, moves: str):
    for move in moves.split():
        session.act(move)
    return session


def won_race(seats=None) -> RaceSession:
    """White carries its last stone from 14 into the goal (R11)."""
    session = RaceSession(seats=seats)
    session.game = race_one_move_from_its_end()
    session.play("14-G")
    return session


def test_a_race_result_is_one_german_sentence_from_the_players_side(german):
    people = won_race()
    assert people.status() == people.banner() == "Weiß gewinnt: Alle Steine sind im Ziel."
    assert people.notes == ["Weiß zieht 14 → ZIEL"]
    mine = won_race(seats={"b": "easy"})
    assert mine.status() == "Du gewinnst: Alle deine Steine sind im Ziel."
    assert panel.title(mine) == "Du gewinnst · Lotus"
    lost = won_race(seats={"w": "easy"})
    assert lost.status() == lost.banner() == "Der Computer gewinnt."


def test_a_race_of_four_places_the_person_in_german(german):
    """Red wins; the person (White) has more stones home than the other two computers."""
    session = RaceSession(players=4, seats={"b": "easy", "r": "easy", "y": "easy"})
    session.game = race_of_four_one_move_from_its_end()
    session.play("14-G")
    assert session.banner() == "Rot gewinnt; du bist Zweiter."
    rows = panel.players(session)
    assert [panel.place_name(r["rank"]) for r in rows] == ["2.", "4.", "1.", "3."]


def test_race_moves_and_the_trampoline_choice_in_german(german):
    session = play_all(RaceSession(), "Sw4-A4 Sb3-A3 Sw1-A1 A3-A4")
    assert session.notes == [
        "Weiß zieht vom 4er-Stapel nach A4",
        "Schwarz zieht vom 3er-Stapel nach A3",
        "Weiß zieht vom 1er-Stapel nach A1",
        "Schwarz zieht A3 → A4 und bedeckt Weiß",
    ]
    choice = play_all(RaceSession(), "Sw4-A4 Sb2-B2 A4-5 Sb3-A3 5-6 Sb1-B1 6-7 B2-B3")
    choice.click("7")
    assert choice.status() == (
        "Weiß ist am Zug: Klicke auf 8, um auf dem Trampolinfeld zu bleiben, oder auf 9, um "
        "weiterzuspringen."
    )
    choice.click("9")
    assert choice.notes[-1] == (
        "Weiß zieht 7 → 8, landet auf dem Trampolinfeld und springt weiter nach 9"
    )


def test_go_reversals_count_in_german_plural_forms(german):
    session = play_all(GoSession(), "35 18 4 22 31 64 46 45 28 6 15 72 70 47")
    assert session.notes[-1] == "Schwarz setzt auf 47 und dreht 1 Stein um"
    assert session.status() == "Schwarz dreht 1 Stein um. Weiß ist am Zug."
    second = play_all(
        GoSession(),
        "54 63 26 62 14 44 36 64 72 25 6 31 47 35 8 21 53 41 49 52 42 61 15 20 23 27 45 59 19 "
        "71 28 65 70 13 55 18 57 50 51 1 11 7 34 12 3 43",
    )
    assert second.notes[-1] == (
        "Schwarz setzt auf 43 und dreht 1 Stein um, aber die Gruppe hat keine Freiheit mehr: "
        "zweite Umkehrung, 6 Steine werden Weiß"
    )


def test_the_go_scoring_line_and_result_in_german(german):
    session = play_all(GoSession(marker=2), "1 10 2 pass pass")
    assert session.phase() == "scoring"
    assert session.status() == (
        "Zählung: Klicke auf eine Gruppe, um sie als tot oder lebendig zu markieren, dann "
        "bestätige. Weiß 4 (Steine 2 + Gebiet 0 + Marke 2) · Schwarz 1 (Steine 1 + Gebiet 0 + "
        "Marke 0) (tote Gruppen schnell geschätzt)"
    )
    assert panel.title(session) == "Zählung · Lotus"
    session.confirm()
    assert session.status() == session.banner() == "Weiß gewinnt mit 3 Punkten Vorsprung, 4 zu 1."
    resigned = play_all(GoSession(seats={"b": "hard"}), "1 resign")
    assert resigned.status() == "Der Computer hat aufgegeben: Du gewinnst."
    assert resigned.notes == ["Weiß setzt auf 1", "Schwarz gibt auf"]


def test_the_computer_and_the_analysis_speak_german(german):
    session = GoSession(seats={"b": "hard"})
    session.act("1")
    session.waiting = "thinking"
    assert session.status() == "Schwarz (Computer, schwer) denkt nach…"
    assert session.computer_turn_refusal() == "Bitte warte: Schwarz spielt der Computer."
    rows = panel.players(session)
    assert [r["who"] for r in rows] == ["Du", "Computer (schwer)"]
    analysis = Analysis()
    analysis.follow(session)
    analysis.results = {0: {"value": 0.5, "values": [0.5, 0.5]}}
    analysis.results[1] = {"value": 0.5, "values": [0.5, 0.5]}
    assert analysis.finished_note() == "Analyse fertig: 2 Stellungen, keine Züge markiert."
