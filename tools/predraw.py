"""Pre-draw the boards into the HTML pages, so the first paint needs no Python.

Run by `make` (and by hand after changing a renderer): replaces what stands between
`<!-- prerender:start -->` and `<!-- prerender:end -->` in index.html with the boards of a new
game drawn by the project's own renderers. tests/test_predrawn.py fails when the committed page
is out of date. `python tools/predraw.py --check` only checks.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from lotus.engine import go, race  # noqa: E402
from lotus.render import go as go_render  # noqa: E402
from lotus.render import race as race_render  # noqa: E402

START = "<!-- prerender:start -->"
END = "<!-- prerender:end -->"
PAGES = ("index.html", "embed.html")


def boards() -> str:
    """Both games' boards for a new game with the default options, each shown only for its game."""
    race_svg = race_render.board(race.Game())
    go_svg = go_render.board(go.Game())
    track_svg = go_render.track(0)
    return (
        f'\n<div class="predrawn" data-only="race">{race_svg}</div>\n'
        f'<div class="predrawn" data-only="go">{go_svg}'
        f'<div class="track">{track_svg}</div></div>\n'
    )


def predrawn(html: str) -> str:
    """The page with its pre-drawn region replaced by today's boards."""
    start = html.index(START) + len(START)
    end = html.index(END)
    return html[:start] + boards() + html[end:]


def main(argv) -> int:
    """Rewrite the pages (or, with --check, report whether they are current)."""
    stale = []
    for name in PAGES:
        path = os.path.join(ROOT, name)
        with open(path, encoding="utf-8") as f:
            html = f.read()
        fresh = predrawn(html)
        if fresh != html:
            stale.append(name)
            if "--check" not in argv:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(fresh)
    if "--check" in argv and stale:
        print("out of date: " + ", ".join(stale) + " (run: python tools/predraw.py)")
        return 1
    print("pre-drawn boards: " + ("updated " + ", ".join(stale) if stale else "up to date"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
