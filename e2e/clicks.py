"""A person's click on a board element, cheaper for the test than Playwright's `page.click`."""

CENTRE = """sel => {
  const el = document.querySelector(sel);
  if (!el) return {problem: `nothing matches ${sel}`};
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(el === hit || el.contains(hit)))
    return {problem: 'covered'};
  return {x, y};
}"""


def tap(page, selector: str) -> None:
    """A real (trusted) mouse click at the centre of the first element `selector` matches, where
    that centre shows the element itself (or one of its parts), as a person clicks it.

    Cheaper than `page.click`, whose checks (visible, stable over two frames, enabled, not
    covered) cost the test about as much again as the page's own work on a move
    (docs/performance.md): a board's fields and points stay where they are once drawn. When the
    element is not there yet, or something covers its centre, this is `page.click`, with its
    waits and its messages."""
    where = page.evaluate(CENTRE, selector)
    if "problem" in where:
        page.click(selector)
    else:
        page.mouse.click(where["x"], where["y"])
