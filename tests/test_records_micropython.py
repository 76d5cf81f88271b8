"""Records, links and positions read and write the same under MicroPython (the page) as CPython.

A few records of both games are made here under CPython; one script then reads their texts, links
and positions, writes them again, and refuses some bad ones, printing everything in a canonical
form (MicroPython's dicts keep no order). The script runs under both interpreters and the outputs
must be identical: what one writes, the other reads, and both write the same text.
"""

import json
import random

import pytest

from lotus.engine import go, race
from lotus.game import records
from lotus.game.positions import from_position, to_position
from tests.support import micropython

SCRIPT = r'''
import json
from lotus.game import positions, records


def canon(x):
    """A text for a value that does not depend on dict order."""
    if isinstance(x, dict):
        return "{" + ",".join(canon(k) + ":" + canon(x[k]) for k in sorted(x)) + "}"
    if isinstance(x, (list, tuple)):
        return "[" + ",".join(canon(v) for v in x) + "]"
    if isinstance(x, str):
        return '"' + x + '"'
    return str(x)


def main(data):
    for text in data["texts"]:
        rec, game = records.load(text)
        print("read", canon(rec))
        print("state", game.state_key())
        print("same text", records.write(rec) == text)
        print("again", canon(records.record_of(game, rec["seats"], rec["date"])))
        print("link", records.to_link_fragment(rec))
        print("start", positions.to_position(positions.from_position(
            rec["position"])) if rec["position"] else "-")
        print("end", positions.to_position(game))
    for link in data["links"]:
        rec = records.from_link_fragment(link)
        print("from link", canon(rec))
    for rec in data["records"]:
        print("write", records.write(rec))
        print("to link", records.to_link_fragment(rec))
    for text in data["positions"]:
        game = positions.from_position(text)
        print("position", positions.to_position(game), sorted(game.legal_moves()))
    for text in data["bad_texts"]:
        try:
            records.read(text)
            print("read a bad text")
        except records.RecordError as err:
            print("record error", err.line, err.column, err.move, str(err))
    for link in data["bad_links"]:
        try:
            records.from_link_fragment(link)
            print("read a bad link")
        except records.LinkError as err:
            print("link error", str(err))
    for text in data["bad_positions"]:
        try:
            positions.from_position(text)
            print("read a bad position")
        except positions.PositionError as err:
            print("position error", err.part, str(err))


main(json.loads(DATA))
try:
    records.record_of("x")
except TypeError as err:
    print("record_of", str(err))
'''


def sample_games() -> list:
    """Race games (2-4 players, both rules, one from a position) and go games (an agreed
    scoring with dead groups, a resignation, an unagreed scoring, a handicap start)."""
    games = []
    rnd = random.Random(5)
    for players, pro, moves in ((2, False, 10**6), (3, True, 80), (4, False, 10**6)):
        g = race.Game(players, pro, race.COLOURS[players - 1])
        while not g.is_over and len(g.moves) < moves:
            g.play(rnd.choice(g.legal_moves()))
        games.append(g)
    g = race.Game(2, True)
    for _ in range(30):
        g.play(rnd.choice(g.legal_moves()))
    g = from_position(to_position(g))
    while not g.is_over:
        g.play(rnd.choice(g.legal_moves()))
    games.append(g)
    for ending in ("dead", "resign", "scoring"):
        g = go.Game(rnd.randint(-3, 3), rnd.choice("wb"))
        for _ in range(45):
            legal = g.legal_moves()
            g.play("pass" if rnd.random() < 0.1 else rnd.choice(legal[:-1]))
            if g.phase == go.SCORING:
                g.resume()
        if ending == "resign":
            g.play("resign")
        else:
            g.play("pass")
            g.play("pass")
            if ending == "dead":
                g.finish(g.suggest_dead() or [g.moves[0]])
        games.append(g)
    return games


def data() -> dict:
    games = sample_games()
    recs = [
        records.record_of(g, {g.to_move: "hard"}, f"2026.11.{i + 1:02d}")
        for i, g in enumerate(games)
    ]
    texts = [records.write(r) for r in recs]
    bad_texts = [
        texts[0].replace("Sw4", "Sw5", 1),
        texts[0].replace('"race"', '"race', 1),
        texts[4].replace("[Dead", "[Deadly", 1),
        texts[5] + " 99. 3",
        "",
        '[Game "go"]\n[Date "2026.13.01"]',
        '[Game "go"]\n[Date "2026.02.31"]',
        '[Game "go"]\n[Date "2026.02.29"]',
        texts[4].replace('[Dead "', '[Dead "1 1 ', 1),
        '[Game "go"]\n\n' + " ".join(["pass"] * (records.MAX_MOVES + 1)),
        '[Game "go"]\n\n' + " " * records.MAX_RECORD_CHARS,
        '[Game "race"] [Seats “w=human”]',  # outside ASCII: columns count characters
        '[Game "race"]\nSw4–A4  é\t[Date "2026.12.06"]',
        '[Game "race"] [Daté "x"] Sw4-A4',
        '[Game "race"] ' + " ".join(["Sw4-A4"] * 14000),  # 98,013 characters on one line
    ]
    links = [records.to_link_fragment(r) for r in recs]
    bad_links = [
        links[0][:-1] + ("A" if links[0][-1] != "A" else "B"),
        "g=1~",
        "#g=9abcdefg",
        "#g=1" + "A" * records.MAX_LINK_CHARS,
    ]
    positions = [records.replay(r) for r in recs]
    positions = [to_position(g) for g in positions] + [r["position"] for r in recs if r["position"]]
    bad_positions = [
        "r2s_q_-_w4321.b4321_w0.b0",
        "g_w_6.6.6.6.6.6.6.30_9_0",
        "r3s_w_6x",
        " \tg_w_6x.6.6.6.6.6.6.30_0_0\r\n",
        "g_w_6.6.6.6.6.6.6." + "1" * 5000 + "_0_0",
    ]
    return {
        "texts": texts,
        "links": links,
        "records": recs,
        "positions": positions,
        "bad_texts": bad_texts,
        "bad_links": bad_links,
        "bad_positions": bad_positions,
    }


DATA = data()


def source() -> str:
    return "DATA = " + repr(json.dumps(DATA)) + "\n" + SCRIPT


def test_the_sample_covers_both_games_and_every_ending():
    recs = DATA["records"]
    assert {r["game"] for r in recs} == {"race", "go"}
    assert any(r["position"] for r in recs)
    assert any(r["dead"] for r in recs)
    assert any(r["moves"][-1:] == ["resign"] for r in recs)
    assert any(r["game"] == "go" and r["result"] == "*" for r in recs)
    assert any("-8-" in m for r in recs for m in r["moves"])
    assert any("pass" in r["moves"] for r in recs if r["game"] == "race")


def test_cpython_reads_what_it_wrote():
    out = micropython.printed_by_cpython(source(), "records_script")
    assert out.count("same text True") == len(DATA["texts"])
    assert "bad" not in out.replace("bad_", "")


@pytest.mark.micropython
def test_micropython_reads_and_writes_exactly_as_cpython():
    expected = micropython.printed_by_cpython(source(), "records_script")
    got = micropython.run(source())
    micropython.assert_same_lines(got, expected)
    # What MicroPython wrote is what CPython wrote: the record texts and the links.
    written = got.split("write ")[1:]
    assert len(written) == len(DATA["texts"])
    for text, chunk in zip(DATA["texts"], written):
        assert chunk.startswith(text)
    for link in DATA["links"]:
        assert "to link " + link + "\n" in got


def test_micropython_words_record_and_position_errors_in_german_as_cpython():
    """The page (MicroPython) says what is wrong with a record or a position in the page's
    language, exactly as CPython does."""
    script = (
        "from lotus import words\n"
        "from lotus.game import records, positions\n"
        "words.use('de')\n"
        'for text in (\'[Game "chess"]\', \'[Game "go"]\\n[Result "w"]\\n1. resign\'):\n'
        "    try:\n"
        "        records.read(text)\n"
        "    except records.RecordError as err:\n"
        "        print(str(err))\n"
        "try:\n"
        "    positions.from_position('r2s_w_-_w4321.b4321_w0.b1')\n"
        "except positions.PositionError as err:\n"
        "    print(err.part, str(err))\n"
    )
    assert micropython.run(script).split("\n")[:3] == [
        "Zeile 1, Spalte 8: Game: „chess“ ist kein Spiel: nimm race oder go",
        "Zeile 2, Spalte 10: Result: „w“ passt nicht zur Partie: Weiß hat aufgegeben und Schwarz"
        " gewonnen („b“)",
        "stones Steine: Schwarz hat 11 Steine (Brett 0, Start 10, Ziel 1), nicht 10",
    ]
