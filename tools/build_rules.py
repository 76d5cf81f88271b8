"""Build the illustrated rules pages, rules/<game>.html, from docs/rules/<game>.md, and each
translation, rules/<game>.<lang>.html, from docs/rules/<lang>/<game>.md.

Run by `make` at set-up (the pages are generated and git-ignored, with copies of the PyScript
configs for their folder: rules/boards.toml, rules/worker.toml, rules/worker-mpy.toml). Every
diagram is drawn here by the project's own renderer, so the page shows all its boards at first
paint without Python; one MicroPython runtime per page (static/py/boards.py with embed.toml)
then brings them all to life. Each figure carries its settings in `data-diagram` (the embed
fragment, docs/embedding.md).

A page is built in its language: its prose is the translated source, the template's own words
come from the catalog (`_()`, extracted by tools/words.py), and the boards are drawn with
`lotus.words.use(lang)` in force. Each page links to its other languages (`hreflang`) and to the
app in its language (index.html, index.<lang>.html).

Usage: python tools/build_rules.py [--out DIR] [--check]
"""

import argparse
import html as html_text
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from lotus import words  # noqa: E402
from lotus.game import games  # noqa: E402
from lotus.page import diagrams, embed  # noqa: E402
from lotus.words import _  # noqa: E402
from tools import rules_source  # noqa: E402
from tools.predraw import boot_words, preloads  # noqa: E402

ENGLISH = words.LANGUAGES[0]  # the language of docs/rules/<game>.md and of the message ids


def source_of(game: str, lang: str) -> str:
    """'docs/rules/race.md' for English, 'docs/rules/de/race.md' for German."""
    return f"docs/rules/{game}.md" if lang == ENGLISH else f"docs/rules/{lang}/{game}.md"


def page_name(game: str, lang: str) -> str:
    """The page's file in rules/: 'race.html' for English, 'race.de.html' for German."""
    return f"{game}.html" if lang == ENGLISH else f"{game}.{lang}.html"


def app_page(lang: str) -> str:
    """The app's page in `lang` at the site's root ('index.de.html'), while the app has no page
    in that language yet its English page ('index.html'): a link never leads nowhere."""
    translated = f"index.{lang}.html"
    if lang != ENGLISH and os.path.exists(os.path.join(ROOT, translated)):
        return translated
    return "index.html"


# Every game of the registry has its rules page in English and in each language of the site
# whose translated source exists: (game, language, source).
SOURCES = tuple(
    (game, lang, source_of(game, lang))
    for game in games.GAMES
    for lang in words.LANGUAGES
    if lang == ENGLISH or os.path.isfile(os.path.join(ROOT, source_of(game, lang)))
)
SOURCE_ONLY = ("line", "caption")  # keys of a source's diagram that are not embed settings
SCRIPT = "../static/py/boards.py"  # the pages' one Python script (relative to rules/)


def languages(game: str) -> list:
    """The languages `game`'s rules page is built in, English first."""
    return [lang for g, lang, _source in SOURCES if g == game]


def settings_of(diagram: dict) -> dict:
    """The checked embed settings of a source diagram (EmbedError if the engine refuses them)."""
    params = {k: v for k, v in diagram.items() if k not in SOURCE_ONLY}
    entry = games.get(params.get("game") or games.GAMES[0])
    if entry.has_numbers and "numbers" not in params:
        params["numbers"] = "1"  # the captions name points by number (the board's numbering)
    return embed.load(params)


# Letters spelled in ASCII in an anchor, so that a link to a section reads the same everywhere.
SPELLED = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}


def slug(text: str) -> str:
    """'Moving: a stone goes as far' -> 'moving-a-stone-goes-as-far' ('Über' -> 'ueber')."""
    out = []
    for ch in "".join(SPELLED.get(ch, ch) for ch in text.lower()):
        if ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-")


def split_refs(text: str) -> tuple:
    """'Moving: a stone goes as far as its stack is high (R4)' -> ('Moving: …', 'R4')."""
    text_words, _sep, tail = text.rpartition(" (")
    refs = tail[:-1].split(", ") if tail.endswith(")") else []
    if text_words and refs and all(r[:1] in "RG" and r[1:].isdigit() for r in refs):
        return text_words, ", ".join(refs)
    return text, ""


def anchor(heading: str) -> str:
    """A section's id: its heading's words as a slug ('intro' for the text before the first)."""
    return slug(split_refs(heading)[0]) if heading else "intro"


def heading_html(text: str) -> str:
    """A heading in plain words, its rule numbers kept as a small reference after them."""
    text_words, refs = split_refs(text)
    html = rules_source.inline_html(text_words)
    if refs:
        html += f' <small class="rule-ref">{refs}</small>'
    return html


def figure(diagram: dict) -> str:
    """One diagram's <figure>, pre-drawn, with its settings in data-diagram."""
    settings = settings_of(diagram)
    fragment = embed.to_fragment(embed.compact(settings))
    html = diagrams.figure_html(diagrams.Diagram(settings), fragment, live=True)
    return html.replace("<figure ", f'<figure id="{diagram["id"]}" ', 1)


def _prose(block) -> str:
    if block[0] == "heading":
        return f"<h{block[1]}>{heading_html(block[2])}</h{block[1]}>"
    return block[1]  # a paragraph or a list, rendered by the source's Markdown reader


def sections(blocks: list) -> list:
    """[(heading text or None, [prose blocks], [diagram dicts])], one per '##' heading."""
    out = [(None, [], [])]
    for block in blocks:
        if block[0] == "heading" and block[1] == 1:
            continue
        if block[0] == "heading" and block[1] == 2:
            out.append((block[2], [], []))
        elif block[0] == "diagram":
            out[-1][2].append(block[1])
        else:
            out[-1][1].append(block)
    return [s for s in out if s[0] is not None or s[1] or s[2]]


def page(game: str, lang: str, source: str, config_text: str) -> str:
    """The whole rules page of a game in `lang` (`config_text`: its PyScript config, boards.toml),
    built with the catalog's words in `lang` (the language in use is restored afterwards)."""
    before = words.language()
    words.use(lang)
    try:
        return _page(game, lang, source, config_text)
    finally:
        words.use(before)


def escape(text: str) -> str:
    """Words as HTML text or an attribute's value."""
    return html_text.escape(text, quote=True)


def language_links(game: str, lang: str) -> tuple:
    """(the <head>'s alternate links, the header's links to the page in its other languages)."""
    alternates = [
        f'<link rel="alternate" hreflang="{other}" href="{page_name(game, other)}">'
        for other in languages(game)
    ]
    alternates.append(
        f'<link rel="alternate" hreflang="x-default" href="{page_name(game, ENGLISH)}">'
    )
    switch = [
        f'\n      <a class="button language" href="{page_name(game, other)}" hreflang="{other}"'
        f' lang="{other}">{escape(words.NAMES[other])}</a>'
        for other in languages(game)
        if other != lang
    ]
    return "\n  ".join(alternates), "".join(switch)


def _page(game: str, lang: str, source: str, config_text: str) -> str:
    blocks = rules_source.load(os.path.join(ROOT, source), game)
    title = rules_source.title(blocks)
    toc = []
    body = []
    for heading, prose, sources in sections(blocks):
        section = anchor(heading)
        if heading:
            toc.append(f'<li><a href="#{section}">{heading_html(heading)}</a></li>')
        head = f"<h2>{heading_html(heading)}</h2>" if heading else ""
        text = head + "".join(_prose(b) for b in prose)
        boards = "".join(figure(d) for d in sources)
        cls = "rule" if boards else "rule text-only"
        body.append(
            f'<section class="{cls}" id="{section}"><div class="prose">{text}</div>'
            + (f'<div class="boards">{boards}</div>' if boards else "")
            + "</section>"
        )
    others = [
        f'\n      <a class="button" href="{page_name(other, lang)}">'
        + escape(_("Rules of {game}", game=games.TITLES[other]))
        + "</a>"
        for other in games.GAMES
        if other != game and lang in languages(other)
    ]
    alternates, switch = language_links(game, lang)
    embed_button = "<em>" + escape(_("Embed")) + "</em>"
    foot = _(
        "Every board on this page is live. To put boards like these into your own page, open"
        " the app, set up a position and press {embed}.",
        embed="{embed}",
    )
    return TEMPLATE.format(
        lang=lang,
        title=rules_source.inline_html(title),
        plain_title=escape(title),
        description=escape(
            _("The rules of {game}, explained with live boards.", game=games.TITLES[game])
        ),
        alternates=alternates,
        game=game,
        app=f"../{app_page(lang)}?game={game}",
        pages=escape(_("Pages")),
        play=escape(_("Play {game}", game=games.TITLES[game])),
        others="".join(others) + switch,
        update=escape(_("Update available —")),
        reload=escape(_("reload")),
        boot_words=boot_words(lang),
        contents=escape(_("Contents")),
        toc="".join(toc),
        body="\n".join(body),
        foot=escape(foot).replace("{embed}", embed_button),
        source=source,
        preloads=preloads(config_text, "boards.toml", SCRIPT, "../"),
        script=SCRIPT,
        csp=CSP,
        boards_css="\n  ".join(
            f'<link rel="stylesheet" href="../{e.stylesheet}">' for e in games.ENTRIES
        ),
    )


# The page's Content-Security-Policy (docs/deploy.md), the same as index.html's and embed.html's:
# nothing but this origin, so PyScript can never fall back to a CDN. A meta tag ignores
# frame-ancestors: the host sends it as a header for the app only.
CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval'; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
    "worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'"
)


# The page around the source's sections: every word a person reads in it comes from `_page`.
TEMPLATE = """<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="{csp}">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{plain_title}</title>
  <meta name="description" content="{description}">
  {alternates}
  <link rel="icon" href="../static/icon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="../static/vendor/pyscript/core.css">
  {boards_css}
  <link rel="stylesheet" href="../static/css/diagram.css">
  <link rel="stylesheet" href="../static/css/thinking.css">
  <link rel="stylesheet" href="../static/css/rules.css">
  <script src="../static/js/watchdog.js"></script>
  <script type="module" src="../static/vendor/pyscript/core.js"></script>
  {preloads}
  <script type="module" src="../static/js/sw-register.js"></script>
</head>
<!-- Generated by tools/build_rules.py from {source}: edit that file, not this one. -->
<body class="rules" data-root="../" data-game="{game}">
  <header class="topbar">
    <a class="brand" href="{app}"><img src="../static/icon.svg" alt=""
      width="28" height="28"> <span translate="no">Lotus</span></a>
    <nav class="links" aria-label="{pages}">
      <a class="button primary" href="{app}">{play}</a>{others}
    </nav>
  </header>
  <div class="update" data-update role="status" hidden>{update}
    <button type="button" data-reload>{reload}</button></div>
  {boot_words}
  <main class="rules-page">
    <h1>{title}</h1>
    <nav class="toc" aria-label="{contents}"><ol>{toc}</ol></nav>
{body}
  </main>
  <footer class="foot"><p>{foot}</p></footer>
  <script type="mpy" src="{script}" config="boards.toml"></script>
</body>
</html>
"""


def config_for_subfolder(text: str) -> str:
    """A PyScript config of the site root rewritten for a page one folder down (rules/).

    PyScript resolves the interpreter's URL against the page and the `[files]` sources against
    the config, so a page in rules/ needs its own copy with "../" in front of both; the targets
    (paths in Python's file system) stay as they are.
    """
    out = ["# Generated by tools/build_rules.py for the pages in rules/: do not edit."]
    for line in text.split("\n"):
        if line.startswith("#") and not out[1:]:
            continue  # the root config's opening comment
        if line.startswith('interpreter = "./'):
            line = line.replace('"./', '"../', 1)
        elif line.startswith('"./'):
            line = '"../' + line[3:]
        out.append(line)
    return "\n".join(out)


CONFIGS = (
    ("embed.toml", "boards.toml"),
    ("worker.toml", "worker.toml"),
    ("worker-mpy.toml", "worker-mpy.toml"),
)
"""Root configs and the names of their copies in rules/."""


def main(argv=None) -> int:
    """Write the pages (or, with --check, report whether they are current)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "rules"), help="output folder")
    parser.add_argument("--check", action="store_true", help="only check that they are current")
    args = parser.parse_args(argv)
    stale = []
    os.makedirs(args.out, exist_ok=True)
    outputs = []
    for name, copy in CONFIGS:
        with open(os.path.join(ROOT, name), encoding="utf-8") as f:
            outputs.append((copy, config_for_subfolder(f.read())))
    boards_config = outputs[0][1]
    outputs += [
        (page_name(game, lang), page(game, lang, source, boards_config))
        for game, lang, source in SOURCES
    ]
    for name, html in outputs:
        path = os.path.join(args.out, name)
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old != html:
            stale.append(name)
            if not args.check:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(html)
    if args.check and stale:
        print("out of date: " + ", ".join(stale) + " (run: python tools/build_rules.py)")
        return 1
    print("rules pages: " + ("written " + ", ".join(stale) if stale else "up to date"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
