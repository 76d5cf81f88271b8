"""Long records and long games in the browser: a record of 98,000 characters on one line is refused
at its place, and the move list of a game of about 2,000 moves changes row by row (a move, an
undo, a step back) into exactly what a reload draws at once."""

from tools.pages import import_record, load, moves, wait_moves

ROWS = "() => document.querySelectorAll('[data-movelist] > li').length"
LIST = "() => document.querySelector('[data-movelist]').innerHTML"
WATCH = """() => {
  window.__rows = {added: 0, removed: 0};
  new MutationObserver(changes => {
    for (const change of changes) {
      window.__rows.added += change.addedNodes.length;
      window.__rows.removed += change.removedNodes.length;
    }
  }).observe(document.querySelector('[data-movelist]'), {childList: true});
}"""


def test_a_98k_character_record_on_one_line_is_refused_at_the_move_over_the_limit(page):
    text = '[Game "race"] ' + " ".join(["Sw4-A4"] * 14000)
    import_record(page, text)
    page.wait_for_selector("[data-record-error]:not([hidden])")
    error = page.inner_text("[data-record-error]")
    assert "move 2001 (line 1, column 14015): it holds 14000 moves, more than the 2000" in error
    assert "Your game is unchanged" in error
    assert moves(page) == []


def rows_changed(page, action) -> dict:
    """Do `action` (a click) and return how many rows the move list gained and lost."""
    page.evaluate(WATCH)
    before = page.evaluate("document.body.dataset.review || ''") + str(len(moves(page)))
    action()
    page.wait_for_function(
        "(before) => (document.body.dataset.review || '') + document.querySelectorAll("
        "'[data-movelist] [data-move]').length !== before",
        arg=before,
    )
    return page.evaluate("window.__rows")


def same_after_reload(page) -> None:
    """The move list drawn step by step is the list a reload draws from the save at once."""
    shown = page.evaluate(LIST)
    load(page, "?game=go")  # the Go game saved last
    assert page.evaluate(LIST) == shown


def test_a_long_game_changes_its_move_list_row_by_row_as_a_reload_would_draw_it(page):
    import_record(page, '[Game "go"]\n' + " ".join(["pass"] * 1997))
    wait_moves(page, 1997, exactly=True)
    assert page.evaluate(ROWS) == 999
    same_after_reload(page)
    changed = rows_changed(page, lambda: page.click('#board [data-point="37"]'))
    assert len(moves(page)) == 1998 and page.evaluate(ROWS) == 999
    assert changed == {"added": 1, "removed": 1}  # the last row, with its second move
    same_after_reload(page)
    changed = rows_changed(page, lambda: page.click('[data-action="undo"]'))
    assert len(moves(page)) == 1997 and changed == {"added": 1, "removed": 1}
    same_after_reload(page)
    changed = rows_changed(page, lambda: page.click('[data-action="prev"]'))
    assert page.get_attribute("body", "data-review") is not None
    assert changed == {"added": 2, "removed": 2}  # the rows of moves 1996 and 1997
    assert page.get_attribute("[data-movelist] li.last", "data-row") == "998"
    same_after_reload(page)
    changed = rows_changed(page, lambda: page.click('[data-action="first"]'))
    assert changed == {"added": 1, "removed": 1} and page.evaluate(ROWS) == 999
    assert page.query_selector("[data-movelist] li.last") is None
    same_after_reload(page)
