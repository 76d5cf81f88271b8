"""Pre-draw the boards into the HTML pages, so the first paint needs no Python, nor any request.

Run by hand after changing a renderer, a stylesheet or a boot script; tests/test_predrawn.py fails
when a committed page is out of date. `python tools/predraw.py --check` only checks. In each page:

- what stands between `<!-- prerender:start -->` and `<!-- prerender:end -->` becomes the boards
  of a new game drawn by the project's own renderers;
- what stands between `<!-- preload:start CONFIG SCRIPT [PART [FILE...]] -->` and
  `<!-- preload:end -->` becomes the preloads of what PyScript fetches one step after another for
  that script: its own modules (found from core.js), its config, MicroPython (module and
  WebAssembly), then the config's [files], the script and the FILEs the script fetches first
  (index.html's code bundle; a FILE naming `{lang}` is the page's language's, and none in
  English: its words) at low priority; PART `runtime` keeps the first of these, `files`
  the second (index.html and embed.html put them in the head and after their markup);
- what stands between `<!-- inline:start FILE... -->` and `<!-- inline:end -->` becomes those
  files (paths from the page's folder): stylesheets in one `<style>`, scripts in one `<script>`.
  A page's first paint then waits for no stylesheet or script to download (measured cold: the
  board painted about 100 ms sooner than with five stylesheets and a script to fetch). Two names
  come from the registry: `lotus:games.js` (its games for the boot scripts) and
  `lotus:boards.css` (every game's board stylesheet);
- what stands between `<!-- games:start picker -->` (or `rules`) and `<!-- games:end -->` becomes
  the registry's games: the picker's tabs, the links to each game's rules page;
- what stands between `<!-- languages:start switch -->` (or `alternates`) and
  `<!-- languages:end -->` becomes the links to the page in the site's other languages: the
  header's language switch, the head's `<link rel="alternate" hreflang>`.

Each page also has a page in each other language of the catalog (index.de.html, embed.de.html:
generated, not committed; `--translations` writes only those; make writes all): the English page
with its words translated (tools/words.py translate_page), its links to the site's other pages
and its manifest in that language, and its boards drawn with `lotus.words.use(lang)` in force.
"""

import importlib
import json
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from lotus import words  # noqa: E402
from lotus.game import games  # noqa: E402
from tools.build_sw import module_closure  # noqa: E402
from tools.words import translate_page  # noqa: E402

PYSCRIPT_CORE = "static/vendor/pyscript/core.js"
PRELOAD_START = "<!-- preload:start "
PRELOAD_END = "<!-- preload:end -->"
INLINE_START = "<!-- inline:start "
INLINE_END = "<!-- inline:end -->"
GAMES_START = "<!-- games:start "
GAMES_END = "<!-- games:end -->"
LANGUAGES_START = "<!-- languages:start "
LANGUAGES_END = "<!-- languages:end -->"
MANIFEST = "static/manifest.webmanifest"
ENGLISH = words.LANGUAGES[0]  # the language of the pages as written, and of the message ids
START = "<!-- prerender:start -->"
END = "<!-- prerender:end -->"
PAGES = ("index.html", "embed.html")


def boards() -> str:
    """Every game's board for a new game with the default options (and its pass track, if it has
    one), each shown only for its game: drawn by the game's session, as Python draws it."""
    out = "\n"
    for game in games.GAMES:
        session = games.get(game).new_session()
        track = session.track_svg()
        track = f'<div class="track">{track}</div>' if track else ""
        out += f'<div class="predrawn" data-only="{game}">{session.svg()}{track}</div>\n'
    return out


def pyscript_modules() -> list:
    """The PyScript modules core.js imports, statically or (its config reader and plugins) one
    after another once it runs, as site paths: core.js itself excluded, since the page loads it."""
    return sorted(module_closure(ROOT, [PYSCRIPT_CORE]) - {PYSCRIPT_CORE})


PRELOAD_PARTS = ("all", "runtime", "files")
"""What a preload region holds: everything, or its first part (PyScript's modules, the config and
MicroPython) or its second (the config's [files] and the script, at low priority)."""


def preloads(
    config_text: str,
    config_name: str,
    script: str,
    base: str = "",
    part: str = "all",
    extra: tuple = (),
) -> str:
    """<link> preloads of what PyScript fetches one step after another for a script: its own
    modules, the config and MicroPython at once, our own files at low priority (after what the
    first paint and PyScript need first). Paths as the page names them (`config_text` is the
    config's TOML; `base` leads from the page's folder to the site root). `part` (PRELOAD_PARTS)
    picks the runtime's links or the files' only: index.html and embed.html put the files' after
    their markup, since parsed in the head they delayed the board's first paint
    (docs/performance.md). `extra`: files the script fetches first, as the page names them."""
    if part not in PRELOAD_PARTS:
        raise ValueError(f"a preload region holds one of {', '.join(PRELOAD_PARTS)}, not {part!r}")
    data = tomllib.loads(config_text)
    interpreter = data["interpreter"].removeprefix("./")
    links = []
    if part != "files":
        links += [f'<link rel="modulepreload" href="{base}{m}">' for m in pyscript_modules()]
        links += [
            f'<link rel="preload" href="{config_name}" as="fetch" crossorigin>',
            f'<link rel="modulepreload" href="{interpreter}">',
            f'<link rel="preload" href="{interpreter[:-4]}.wasm" as="fetch" crossorigin>',
        ]
    if part == "runtime":
        return "\n  ".join(links)
    for source in list(data["files"]) + [script] + list(extra):
        source = source.removeprefix("./")
        links.append(
            f'<link rel="preload" href="{source}" as="fetch" crossorigin fetchpriority="low">'
        )
    return "\n  ".join(links)


def regions(html: str, start_mark: str, end_mark: str, fill) -> str:
    """`html` with each region `<!-- start_mark ARGS -->...end_mark` holding fill(ARGS)."""
    out = []
    pos = 0
    while True:
        start = html.find(start_mark, pos)
        if start < 0:
            break
        head = html.index("-->", start) + len("-->")
        args = html[start + len(start_mark) : head - len("-->")].split()
        end = html.index(end_mark, head)
        out += [html[pos:head], fill(args)]
        pos = end
    return "".join(out) + html[pos:]


def preload_block(page: str, args: list, lang: str = ENGLISH) -> str:
    """The preloads for `<!-- preload:start CONFIG SCRIPT [PART [FILE...]] -->` (paths from the
    page's folder; PART one of PRELOAD_PARTS, "all" when left out) on a page in `lang`."""
    config, script, part, extra = region_args(page, args, lang)
    folder = os.path.dirname(page)
    base = "../" * len(folder.split("/")) if folder else ""
    with open(os.path.join(ROOT, folder, config), encoding="utf-8") as f:
        return _block(preloads(f.read(), config, script, base, part, extra))


def region_args(page: str, args: list, lang: str = ENGLISH) -> tuple:
    """(CONFIG, SCRIPT, PART, FILEs) of a preload region's words on a page in `lang`; PART is
    "all" when left out, the FILEs (what the script fetches first) follow it: a FILE naming
    `{lang}` is `lang`'s words, which an English page has none of."""
    if len(args) < 2:
        raise ValueError(
            f"{page}: a preload region names CONFIG SCRIPT [PART [FILE...]], not {args}"
        )
    extra = [name.format(lang=lang) for name in args[3:] if "{lang}" not in name or lang != ENGLISH]
    return args[0], args[1], args[2] if len(args) >= 3 else "all", tuple(extra)


def _block(links: str) -> str:
    """A preload region's contents: the links, on lines of their own."""
    return "\n  " + links + "\n  "


def with_preloads(html: str, config_text: str, base: str = "") -> str:
    """`html` with each `<!-- preload:start CONFIG SCRIPT -->` region holding the preloads of the
    config `config_text` (the TOML itself, for a config not yet on disk)."""

    def fill(args: list) -> str:
        config, script, part, extra = region_args("the page", args)
        return _block(preloads(config_text, config, script, base, part, extra))

    return regions(html, PRELOAD_START, PRELOAD_END, fill)


def games_script() -> str:
    """The registry's games for the boot scripts, which run before Python: `lotusGames.ids` (the
    picker's order), `options` (the first game's query options: a query naming one opens it) and
    `positions` (the first letter of each game's position notation)."""
    first = games.get(games.GAMES[0])
    data = {
        "ids": list(games.GAMES),
        "options": list(first.option_names) + ["seats"],
        "positions": {games.get(g).start_position[:1]: g for g in games.GAMES},
    }
    return "window.lotusGames = " + json.dumps(data, sort_keys=True) + ";"


def languages_script() -> str:
    """The catalog's languages for static/js/language.js, the first the default."""
    return "window.lotusLanguages = " + json.dumps(list(words.LANGUAGES)) + ";"


GENERATED = {"lotus:games.js": games_script, "lotus:languages.js": languages_script}
"""Names an inline region may list that are not files: their text is made here."""

EXPANDED = {"lotus:boards.css": lambda: [entry.stylesheet for entry in games.ENTRIES]}
"""Names an inline region may list that stand for files the registry names, in its order."""


def games_block(args: list) -> str:
    """The markup of `<!-- games:start WHAT -->`: the picker's tabs (`picker`), one per game in the
    registry's order, the first pressed; or the links to the games' rules pages (`rules`; the
    welcome card's, `welcome`), shown for their game only (the first at first)."""
    lines = []
    for i, entry in enumerate(games.ENTRIES):
        if args == ["picker"]:
            pressed = "true" if i == 0 else "false"
            lines.append(
                f'<button type="button" class="pick" data-pick="{entry.id}" aria-pressed='
                f'"{pressed}">{entry.title} <small>{entry.tab_note}</small></button>'
            )
        elif args == ["rules"]:
            hidden = "" if i == 0 else " hidden"
            lines.append(
                f'<a class="rules-link" data-only="{entry.id}" href="rules/{entry.id}.html"'
                f"{hidden}>Rules</a>"
            )
        elif args == ["welcome"]:  # the welcome card's link to the rules of the game shown
            hidden = "" if i == 0 else " hidden"
            lines.append(
                f'<a class="button" data-action="welcome-rules" data-only="{entry.id}"'
                f' href="rules/{entry.id}.html"{hidden}>Learn the rules</a>'
            )
        else:
            raise ValueError(f"a games region holds the picker or the rules links, not {args}")
    return "\n      " + "\n      ".join(lines) + "\n      "


def page_name(page: str, lang: str) -> str:
    """The name of `page` (a site path, as written in English) in `lang`: index.html ->
    index.de.html, static/manifest.webmanifest -> static/manifest.de.webmanifest."""
    if lang == ENGLISH:
        return page
    stem, dot, extension = page.rpartition(".")
    return f"{stem}.{lang}.{extension}"


def languages_block(args: list, page: str, lang: str) -> str:
    """The markup of `<!-- languages:start WHAT -->` on `page` in `lang`: the header's links to
    the page in each other language (`switch`: the language's code shown, its name in itself as
    the link's accessible name), or the head's alternate links to every language (`alternates`)."""
    name = os.path.basename(page)
    lines = []
    for other in words.LANGUAGES:
        href = page_name(name, other)
        if args == ["switch"]:
            if other == lang:
                continue
            title = words.NAMES[other]
            lines.append(
                f'<a class="language" data-language="{other}" href="{href}?lang={other}"'
                f' hreflang="{other}" lang="{other}" translate="no" title="{title}"'
                f' aria-label="{title}">{other.upper()}</a>'
            )
        elif args == ["alternates"]:
            lines.append(f'<link rel="alternate" hreflang="{other}" href="{href}">')
        else:
            raise ValueError(f"a languages region holds the switch or the alternates, not {args}")
    if args == ["alternates"]:
        lines.append(f'<link rel="alternate" hreflang="x-default" href="{name}">')
        return "\n  " + "\n  ".join(lines) + "\n  "
    return "\n      " + "\n      ".join(lines) + "\n      "


def inline_block(page: str, names: list) -> str:
    """The files `names` (from the page's folder) as one <style> or one <script> element."""
    names = [file for name in names for file in (EXPANDED[name]() if name in EXPANDED else [name])]
    kinds = {name.rsplit(".", 1)[-1] for name in names}
    if len(kinds) != 1 or not kinds <= {"css", "js"}:
        raise ValueError(f"{page}: inline either stylesheets or scripts: {' '.join(names)}")
    tag = "style" if kinds == {"css"} else "script"
    parts = []
    for name in names:
        if name in GENERATED:
            parts.append(f"/* {name}, generated by tools/predraw.py */\n{GENERATED[name]()}\n")
            continue
        with open(os.path.join(ROOT, os.path.dirname(page), name), encoding="utf-8") as f:
            text = f.read().strip()
        if "</" + tag in text.lower():
            raise ValueError(f"{name} cannot be inlined: it contains </{tag}")
        parts.append(f"/* {name} */\n{text}\n")
    return f"\n<{tag}>\n" + "".join(parts) + f"</{tag}>\n"


def page_language(html: str) -> str:
    """The language of a page: its `<html lang>`."""
    found = re.search(r'<html lang="([^"]+)"', html)
    return found.group(1) if found else ENGLISH


def inlined(html: str, page: str = "index.html") -> str:
    """The page with its inline, games, languages and preload regions holding today's files,
    games, languages and preloads."""
    lang = page_language(html)
    html = regions(html, INLINE_START, INLINE_END, lambda names: inline_block(page, names))
    html = regions(html, GAMES_START, GAMES_END, games_block)
    html = regions(html, LANGUAGES_START, LANGUAGES_END, lambda a: languages_block(a, page, lang))
    return regions(html, PRELOAD_START, PRELOAD_END, lambda a: preload_block(page, a, lang))


def predrawn(html: str, page: str = "index.html") -> str:
    """The page with today's boards in its pre-drawn region, and today's files and preloads in
    its inline and preload regions."""
    start = html.index(START) + len(START)
    end = html.index(END)
    return inlined(html[:start] + boards() + html[end:], page)


def messages(lang: str) -> dict:
    """The compiled catalog of `lang` (lotus/words/<lang>.py): message id -> translation."""
    return importlib.import_module("lotus.words." + lang).MESSAGES


def translated_links(html: str, lang: str) -> str:
    """The page's links to the site's pages that exist in `lang` (the app, the embed, the rules
    pages, the web manifest) made links to those pages in `lang`; the language switch's and the
    alternate links, which name each language's page, are left as they are."""
    targets = [page_name(p, ENGLISH) for p in PAGES + (MANIFEST,)]
    targets += [f"rules/{game}.html" for game in games.GAMES if rules_translated(game, lang)]

    def link(match):
        tag = match.group(0)
        found = re.search(r'\bhref="([^"?#]+)', tag)
        if not found or found.group(1) not in targets or "hreflang=" in tag:
            return tag
        return tag[: found.start(1)] + page_name(found.group(1), lang) + tag[found.end(1) :]

    return re.sub(r"<(?:a|link)\b[^>]*>", link, html)


def rules_translated(game: str, lang: str) -> bool:
    """Whether `game`'s rules page is built in `lang` (from docs/rules/<lang>/<game>.md)."""
    return os.path.isfile(os.path.join(ROOT, "docs", "rules", lang, game + ".md"))


def translated(html: str, page: str, lang: str) -> str:
    """`page` (its English text `html`) in `lang`: its regions made in `lang` (the boards drawn
    with the catalog's words in `lang`), its words translated, its links to pages in `lang`."""
    before = words.language()
    words.use(lang)
    try:
        html = re.sub(r'<html lang="[^"]*"', f'<html lang="{lang}"', html, count=1)
        html = predrawn(html, page)
        html = translate_page(html, lang, messages(lang))
        return translated_links(html, lang)
    finally:
        words.use(before)


def manifest(text: str, lang: str) -> str:
    """The web manifest (its English JSON `text`) in `lang`: its name and description
    translated, its language and its start page (the app in `lang`)."""
    data = json.loads(text)
    found = messages(lang)
    for key in ("name", "description"):
        data[key] = found.get(data[key]) or data[key]
    data["lang"] = lang
    data["start_url"] = "../" + page_name("index.html", lang)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def boot_words(lang: str) -> str:
    """The hidden [data-words] that static/js/watchdog.js words its messages from (embed.html's),
    in `lang`: for the pages built elsewhere that load the watchdog (tools/build_rules.py)."""
    with open(os.path.join(ROOT, "embed.html"), encoding="utf-8") as f:
        block = re.search(r"<div data-words hidden>.*?</div>", f.read(), re.S).group(0)
    return block if lang == ENGLISH else translate_page(block, lang, messages(lang))


def translations() -> dict:
    """{site path: text} of every page and manifest in the catalog's other languages."""
    out = {}
    for lang in words.LANGUAGES[1:]:
        for page in PAGES:
            with open(os.path.join(ROOT, page), encoding="utf-8") as f:
                out[page_name(page, lang)] = translated(f.read(), page, lang)
        with open(os.path.join(ROOT, MANIFEST), encoding="utf-8") as f:
            out[page_name(MANIFEST, lang)] = manifest(f.read(), lang)
    return out


def main(argv) -> int:
    """Rewrite the pages, then their translations (`--translations`: the translations only; with
    --check, report whether they are current)."""
    stale = []
    if "--translations" not in argv:
        for name in PAGES:
            with open(os.path.join(ROOT, name), encoding="utf-8") as f:
                html = f.read()
            stale += _update(name, predrawn(html, name), html, "--check" in argv)
    for name, fresh in translations().items():  # made from the pages as they are now
        old = None
        if os.path.exists(os.path.join(ROOT, name)):
            with open(os.path.join(ROOT, name), encoding="utf-8") as f:
                old = f.read()
        stale += _update(name, fresh, old, "--check" in argv)
    if "--check" in argv and stale:
        print("out of date: " + ", ".join(stale) + " (run: python tools/predraw.py)")
        return 1
    print("pre-drawn boards: " + ("updated " + ", ".join(stale) if stale else "up to date"))
    return 0


def _update(name: str, fresh: str, old, check: bool) -> list:
    """[name] when the file `name` (holding `old`) must become `fresh`, written unless `check`."""
    if fresh == old:
        return []
    if not check:
        with open(os.path.join(ROOT, name), "w", encoding="utf-8") as f:
            f.write(fresh)
    return [name]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
