"""Your games, records and links say what they say in the page's language: the list of saved
games words its entries when it is drawn (what storage keeps are codes and notation), and a
copy, an import or a link says what happened in one sentence."""

from lotus.page import saved_games
from tests.support.pages import started

ENTRY = {
    "id": "g1",
    "game": "race",
    "moves": 1,
    "date": "2026-12-06 10:00",
    "players": "w:human,b:hard,r:easy",
}


def test_a_saved_game_lists_who_plays_in_words_from_the_codes_it_keeps():
    markup = saved_games.item(ENTRY, True)
    assert ">White: person, Black: computer (hard), Red: computer (easy)<" in markup
    assert "Lotus (1998) · 1 move<" in markup
    assert ">Resume</button>" in markup and ">Delete</button>" in markup


def test_a_summary_saved_in_words_by_an_earlier_version_is_shown_as_it_is():
    old = dict(ENTRY, players="White: person, Black: computer, hard")
    assert ">White: person, Black: computer, hard<" in saved_games.item(old, False)


def test_the_saved_games_list_in_german(german):
    markup = saved_games.item(dict(ENTRY, moves=12), True)
    assert ">Weiß: Mensch, Schwarz: Computer (schwer), Rot: Computer (leicht)<" in markup
    assert "Lotus (1998) · 12 Züge<" in markup
    assert ">Fortsetzen</button>" in markup and ">Text exportieren</button>" in markup
    broken = dict(ENTRY, broken="sie ist zu groß (2000000 Zeichen)")
    assert "nicht wiederherstellbar: sie ist zu groß (2000000 Zeichen)" in saved_games.item(
        broken, False
    )


def test_records_and_links_say_what_happened_in_german(german):
    page = started("?game=go")
    page.links.copied("share", False)
    assert page.view()["status"] == "Link bereit: Kopiere ihn unten."
    assert page.links.import_record("  ") == (
        "Nichts zu importieren: Füge eine Notation in das Feld ein oder öffne eine Datei."
    )
    assert page.links.too_long(10**7).startswith(
        "Die Notation konnte nicht gelesen werden: Sie ist zu lang (10000000 Zeichen"
    )
