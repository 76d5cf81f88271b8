"""Read the sources of the illustrated rules pages (docs/rules/race.md, docs/rules/go.md).

A source is Markdown (CommonMark, read by markdown-it-py at build time) plus fenced ``diagram``
blocks, which `diagram_plugin` turns into diagram tokens. `load` turns a source into a list of
blocks for the page builder; it checks the structure of the source (not the game positions:
tests/test_rules_source.py plays every diagram's moves). Nothing here depends on the page's
language: a translated source (say docs/rules/de/race.md) is read by the same call, its game
taken from the file's name.

    blocks = load("docs/rules/race.md")
    title(blocks)            # the Markdown source of the '# ' title heading
    diagrams(blocks)         # the diagram dicts, in page order
    inline_html("**a** `b`") # '<strong>a</strong> <code>b</code>'

Blocks, in source order:

- ``("heading", level, text)``: a ``#``, ``##`` or ``###`` heading and its Markdown source;
- ``("paragraph", html)`` and ``("list", html)``: a paragraph or a bulleted list, as HTML;
- ``("diagram", dict)``: a fenced block opened by ```` ```diagram ````, one ``key: value`` a line.

The pages use a subset of Markdown, and `subset_plugin` refuses the rest with the line, so that
a slip never reaches a page as something else: a ``# `` title first and only there, ``##`` and
``###`` headings, paragraphs, bulleted lists, ``**bold**``, ``*italic*``, ```code``` and
``[text](url)`` links to http(s), relative or ``#...`` URLs. HTML, tables, quotes, numbered
lists, code blocks, other fences, horizontal rules, images, hard line breaks, deeper headings and
a diagram inside a list raise `SourceError`.

A diagram dict maps its keys to strings, except:

- ``line``: the line number (from 1) of the block's opening fence;
- ``moves`` and ``answer``: lists of move strings (stripped; ``[]`` when absent);
- ``captions``: the captions by step: index 0 is ``caption``, index i is ``caption i``; the list
  has one entry per step (``len(moves) + 1``, at least 1) and missing steps are ``""``.

``game`` (``race``/``go``) and ``mode`` (``view``/``step``/``puzzle``/``play``) are always set:
``game`` from the key, else the position's first letter, else the page (a file named race.md or
go.md, or `load`'s ``game`` argument); ``mode`` defaults to ``view``. ``caption`` is kept too (the
same text as ``captions[0]``). ``at``, ``players`` and ``pro`` stay strings (checked to be whole
numbers in range). Every error is ``SourceError("<path>:<line>: <reason>")``.
"""

import os
import re

from markdown_it import MarkdownIt

from lotus.game import games

KEYS = (
    "id",
    "game",
    "position",
    "players",
    "pro",
    "moves",
    "at",
    "mode",
    "caption",
    "answer",
    "explain",
    "select",
    "opponent",
)
"""The keys a diagram block may have, besides ``caption N`` (N = 1, 2, ...)."""

MODES = ("view", "step", "puzzle", "play")
OPPONENTS = ("human", "easy", "medium", "hard")
FORBIDDEN = "|#&"
"""Characters no diagram value may hold (the builder uses them in its own markup)."""

_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_CAPTION_N = re.compile(r"^caption\s+(\S+)$")
_KEY_LINE = re.compile(r"^([a-z][a-z0-9 ]*?)\s*:(.*)$")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


class SourceError(ValueError):
    """A malformed rules source; the message is '<path>:<line>: <reason>'."""


# The Markdown the pages are made for (token types without _open/_close), and the reason each
# other construct is refused.
_BLOCKS = {"heading", "paragraph", "bullet_list", "list_item", "inline", "diagram"}
_INLINES = {"text", "softbreak", "strong", "em", "code_inline", "link"}
_REFUSED = {
    "html_block": "no HTML: write Markdown",
    "html_inline": "no HTML: write Markdown",
    "table": "no tables",
    "blockquote": "no quotes ('>')",
    "ordered_list": "no numbered lists: lists are written with '- ' items",
    "code_block": "an indented code block: no code blocks, use `code`",
    "hr": "no horizontal rules",
    "image": "no images",
    "hardbreak": "a hard line break (two spaces or a backslash at the end of the line)",
}


def _kind(token) -> str:
    """A token's construct: 'paragraph' for paragraph_open and paragraph_close."""
    return token.type.removesuffix("_open").removesuffix("_close")


def _refuse(kind: str, path: str, line: int):
    reason = _REFUSED.get(kind, f"{kind} is not used on the rules pages")
    raise SourceError(f"{path}:{line}: {reason}")


def _either(before: str = "", after: str = "") -> str:
    """'race or go': the registry's games, each between `before` and `after`."""
    return " or ".join(before + g + after for g in games.GAMES)


def _page_game(path: str) -> str | None:
    """The game a source is the page of: its file's name (race for .../race.md) when that is a
    game of the registry, else None."""
    stem = os.path.splitext(os.path.basename(path))[0]
    return stem if stem in games.GAMES else None


def load(path: str, game: str | None = None) -> list:
    """Parse the source at `path` into blocks; raise SourceError on anything malformed.

    `game` is the page's game (the default for diagrams that name none); it defaults to the file's
    name (race.md: race, go.md: go; in any folder, so docs/rules/<lang>/go.md too).
    """
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return parse(text, path, game if game is not None else _page_game(path))


def parse(text: str, path: str = "<source>", game: str | None = None) -> list:
    """Parse source text (see `load`); `path` only names the source in errors."""
    if game is not None and game not in games.GAMES:
        raise SourceError(f"{path}:1: unknown page game {game!r} ({_either()})")
    env = {"path": path, "game": game}
    tokens = _MD.parse(text, env)
    blocks = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "diagram":
            blocks.append(("diagram", token.meta["diagram"]))
            i += 1
        elif token.type == "heading_open":
            blocks.append(("heading", int(token.tag[1]), tokens[i + 1].content))
            i += 3
        else:  # a paragraph or a list, up to its closing token at the same level
            end = i + 1
            while tokens[end].level != 0 or tokens[end].nesting != -1:
                end += 1
            kind = "paragraph" if token.type == "paragraph_open" else "list"
            blocks.append((kind, _MD.renderer.render(tokens[i : end + 1], _MD.options, env)))
            i = end + 1
    return blocks


def title(blocks: list) -> str:
    """The page's title: the Markdown source of its first level-1 heading ('' when none)."""
    for block in blocks:
        if block[0] == "heading" and block[1] == 1:
            return block[2]
    return ""


def diagrams(blocks: list) -> list:
    """The diagram dicts of the blocks, in order."""
    return [block[1] for block in blocks if block[0] == "diagram"]


def safe_url(url: str) -> bool:
    """True for the URLs a page may link to: http(s), relative or '#...' (no other scheme)."""
    if url.startswith("//") or "\\" in url:
        return False
    if _SCHEME.match(url):
        return url.lower().startswith(("http://", "https://"))
    return True


def inline_html(text: str) -> str:
    """Inline Markdown of the subset as HTML: **bold**, *italic*, `code` and [text](url).

    Everything else is escaped text; code spans are literal. Raise SourceError for inline
    markup the pages do not use (HTML, images) or a link that is not http(s), relative or '#...'.
    """
    (token,) = _MD.parseInline(text, {})
    _check_inline(token.children, "<text>", 1)
    return _MD.renderer.renderInline(token.children, _MD.options, {})


# -- the markdown-it plugins ----------------------------------------------------------------------


def diagram_plugin(md: MarkdownIt) -> None:
    """Turn ```diagram fences into 'diagram' tokens, their checked settings in meta['diagram'].

    The parse's env gives the source's 'path' (for errors) and its page 'game' (the default for
    diagrams that name none). A diagram renders as nothing: the page builder draws it beside the
    prose. Every other fence is refused.
    """
    md.core.ruler.after("block", "diagram", _diagram_rule)
    md.add_render_rule("diagram", lambda self, tokens, idx, options, env: "")


def subset_plugin(md: MarkdownIt) -> None:
    """Refuse the Markdown the rules pages do not use (see the module's docstring), by line."""
    md.core.ruler.push("rules_subset", _subset_rule)


def _fail(env: dict, line: int, reason: str):
    raise SourceError(f"{env['path']}:{line}: {reason}")


def _diagram_rule(state) -> None:
    if state.inlineMode:
        return
    env = state.env
    lines = state.src.split("\n")
    ids = {}
    for token in state.tokens:
        if token.type != "fence":
            continue
        n = token.map[0] + 1
        opening = lines[token.map[0]].strip()
        if token.info.strip() != "diagram":
            _fail(env, n, f"only ```diagram blocks are allowed, not {opening!r}")
        if token.level != 0:
            _fail(env, n, "a diagram block must stand on its own, not inside a list or a quote")
        last = token.map[1] - 1
        if last == token.map[0] or not lines[last].strip().startswith(token.markup):
            _fail(env, n, f"diagram block is not closed by {token.markup}")
        body = token.content.split("\n")[:-1]
        for k, text in enumerate(body):
            if text.strip().startswith(("```", "~~~")):
                _fail(env, n + 1 + k, "a fence inside a diagram block (missing closing ```?)")
        d = _diagram(body, n, env)
        if d["id"] in ids:
            _fail(env, n, f"duplicate id {d['id']!r} (first used on line {ids[d['id']]})")
        ids[d["id"]] = n
        token.type = "diagram"
        token.meta = {"diagram": d}


def _subset_rule(state) -> None:
    if state.inlineMode:
        return  # `inline_html` checks its own tokens
    env = state.env
    tokens = state.tokens
    if not tokens or tokens[0].type != "heading_open" or tokens[0].tag != "h1":
        _fail(env, 1, "the page must begin with its title: '# Title'")
    for i, token in enumerate(tokens):
        n = token.map[0] + 1 if token.map else 1
        if _kind(token) not in _BLOCKS:
            _refuse(_kind(token), env["path"], n)
        if token.type == "heading_open":
            level = int(token.tag[1])
            if level > 3:
                _fail(env, n, f"heading level {level}: only #, ## and ### are allowed")
            if level == 1 and i > 0:
                _fail(env, n, "one '# ' title heading only, at the beginning")
            if not tokens[i + 1].content.strip():
                _fail(env, n, "a heading is '#', '##' or '###', a space and the text")
        elif token.type == "list_item_open" and tokens[i + 1].type == "list_item_close":
            _fail(env, n, "empty list item")
        elif token.type == "inline":
            _check_inline(token.children, env["path"], n)


def _check_inline(children: list, path: str, line: int) -> None:
    """Refuse inline tokens the pages do not use; `line` is the line the inline text starts on."""
    for token in children:
        if _kind(token) not in _INLINES:
            _refuse(_kind(token), path, line)
        if token.type == "link_open" and not safe_url(token.attrGet("href")):
            href = token.attrGet("href")
            raise SourceError(f"{path}:{line}: link to {href!r}: only http(s), relative or '#...'")
        if token.type == "softbreak":
            line += 1


def _markdown() -> MarkdownIt:
    """The rules sources' Markdown reader: CommonMark, diagrams, the subset's checks."""
    md = MarkdownIt("commonmark", {"html": True})  # HTML and tables are parsed to be refused
    md.enable("table")
    md.validateLink = lambda url: True  # every link reaches the subset's check, with its line
    return md.use(diagram_plugin).use(subset_plugin)


_MD = _markdown()


# -- a diagram's settings -------------------------------------------------------------------------


def _whole(text: str, low: int, high: int) -> bool:
    """True for a decimal whole number from low to high (no sign, no leading zeros)."""
    if not re.match(r"^(0|[1-9][0-9]*)$", text):
        return False
    return low <= int(text) <= high


def _diagram(body: list, line: int, env: dict) -> dict:
    """Parse the lines between a diagram block's fences (the opening fence is on `line`)."""
    page_game = env["game"]

    def fail(n: int, reason: str):
        _fail(env, n, reason)

    d = {}
    where = {}
    steps = {}
    for k, raw in enumerate(body):
        n = line + 1 + k
        text = raw.strip()
        if not text:
            continue
        m = _KEY_LINE.match(text)
        if not m:
            fail(n, f"expected 'key: value', not {text!r}")
        key, value = m.group(1).strip(), m.group(2).strip()
        if not value:
            fail(n, f"{key}: empty value")
        for ch in FORBIDDEN:
            if ch in value:
                fail(n, f"{key}: the character {ch!r} is not allowed in diagram values")
        c = _CAPTION_N.match(key)
        if c:
            index = c.group(1)
            if not _whole(index, 1, 10**6):
                fail(n, f"bad caption index {index!r}: write 'caption' for the start, then 1, 2, …")
            number = int(index)
            if number in steps:
                fail(n, f"duplicate key 'caption {number}'")
            steps[number] = (n, value)
            continue
        if key not in KEYS:
            fail(n, f"unknown key {key!r}")
        if key in d:
            fail(n, f"duplicate key {key!r} (first on line {where[key]})")
        d[key] = value
        where[key] = n

    def at(key: str) -> int:
        return where.get(key, line)

    if "id" not in d:
        fail(line, "diagram without an id")
    if not _ID.match(d["id"]):
        fail(at("id"), f"bad id {d['id']!r}: lowercase letters, digits and single hyphens")
    # The game: the key, else the position's first letter, else the page's.
    implied = None
    if "position" in d:
        first = d["position"][0]
        letters = {e.start_position[:1]: e.id for e in games.ENTRIES}
        implied = letters.get(first)
        if implied is None:
            begins = " or ".join(f"{k} ({g})" for k, g in letters.items())
            fail(at("position"), f"a position begins with {begins}: {d['position']!r}")
    if "game" in d:
        if d["game"] not in games.GAMES:
            fail(at("game"), f"game must be {_either()}, not {d['game']!r}")
        if implied and implied != d["game"]:
            fail(at("position"), f"a {implied} position in a {d['game']} diagram")
    else:
        d["game"] = implied or page_game
        if d["game"] is None:
            fail(line, "no game: give " + _either("'game: ", "'") + " (or a position)")
    mode = d.setdefault("mode", "view")
    if mode not in MODES:
        fail(at("mode"), f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    for key in ("players", "pro"):
        if key in d:
            if key not in games.get(d["game"]).embed_options:
                owners = " or ".join(e.id for e in games.ENTRIES if key in e.embed_options)
                fail(at(key), f"{key}: only for {owners} diagrams")
            if "position" in d:
                fail(at(key), f"{key}: only without a position (the position says it)")
    if "players" in d and not _whole(d["players"], 2, 4):
        fail(at("players"), f"players must be 2, 3 or 4, not {d['players']!r}")
    if "pro" in d and d["pro"] not in ("0", "1"):
        fail(at("pro"), f"pro must be 0 or 1, not {d['pro']!r}")
    if "select" in d and not games.get(d["game"]).has_selection:
        owners = " or ".join(e.id for e in games.ENTRIES if e.has_selection)
        fail(at("select"), f"select: only for {owners} diagrams")
    for key in ("moves", "answer"):
        if key in d:
            parts = [p.strip() for p in d[key].split(",")]
            if any(not p for p in parts):
                fail(at(key), f"{key}: an empty move in {d[key]!r}")
            d[key] = parts
    d.setdefault("moves", [])
    count = len(d["moves"])
    if "at" in d and not _whole(d["at"], 0, count):
        fail(at("at"), f"at must be a whole number from 0 to {count} (the moves), not {d['at']!r}")
    if mode == "puzzle":
        if "answer" not in d:
            fail(line, "a puzzle needs an answer")
    else:
        for key in ("answer", "explain"):
            if key in d:
                fail(at(key), f"{key}: only for puzzles")
    if mode == "play":
        if "opponent" in d and d["opponent"] not in OPPONENTS:
            fail(at("opponent"), f"opponent must be one of {', '.join(OPPONENTS)}")
    elif "opponent" in d:
        fail(at("opponent"), "opponent: only for play diagrams")
    d.setdefault("answer", [])
    if steps and mode != "step":
        fail(min(n for n, _ in steps.values()), "caption N: only in step diagrams")
    for number, (n, _) in steps.items():
        if number > count:
            fail(n, f"caption {number}: there are only {count} moves")
    captions = [""] * (count + 1)
    captions[0] = d.get("caption", "")
    for number, (_, value) in steps.items():
        captions[number] = value
    d["captions"] = captions
    d["caption"] = captions[0]
    d["line"] = line
    return d
