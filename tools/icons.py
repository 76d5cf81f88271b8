"""Draw the app's PNG icons (static/icons/icon-192.png and icon-512.png) from static/icon.svg.

The installable app's manifest (static/manifest.webmanifest) names them. The picture is the
lotus of static/icon.svg on the header's dark plum, drawn by the same Chromium the tests use;
the PNGs are committed, so run this only after changing the icon:

    python tools/icons.py
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tools.browser import launch  # noqa: E402

SIZES = (192, 512)
BACKGROUND = "#2b2233"  # the header's colour and the manifest's theme_color
# A maskable icon keeps its picture inside the middle 80%: the lotus is drawn at 70%.
PAGE = """<!doctype html><html><body style="margin:0;background:{bg}">
<div style="width:{n}px;height:{n}px;display:flex;align-items:center;justify-content:center">
<div style="width:70%;height:70%;border-radius:50%;background:#f6f1e7;display:flex;
align-items:center;justify-content:center">{svg}</div></div></body></html>"""


def main() -> int:
    from playwright.sync_api import sync_playwright

    with open(os.path.join(ROOT, "static", "icon.svg"), encoding="utf-8") as f:
        svg = f.read().replace("<svg ", '<svg width="78%" height="78%" ', 1)
    with sync_playwright() as p:
        browser = launch(p)
        for n in SIZES:
            page = browser.new_page(viewport={"width": n, "height": n})
            page.set_content(PAGE.format(bg=BACKGROUND, n=n, svg=svg))
            path = os.path.join(ROOT, "static", "icons", f"icon-{n}.png")
            page.screenshot(path=path, clip={"x": 0, "y": 0, "width": n, "height": n})
            print("written", os.path.relpath(path, ROOT))
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
