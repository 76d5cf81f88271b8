"""Read the sources of the illustrated rules pages (docs/rules/race.md and docs/rules/go.md).

A source is a small subset of Markdown plus fenced ``diagram`` blocks (the format is described
below). `load` turns it into a list of blocks for the page builder; it checks the structure of the
source (not the game positions: tests/test_rules_source.py plays every diagram's moves).

    blocks = load("docs/rules/race.md")
    title(blocks)            # the text of the first '# ' heading
    diagrams(blocks)         # the diagram dicts, in page order
    inline_html("**a** `b`") # '<strong>a</strong> <code>b</code>'

Blocks:

- ``("heading", level, text)``: ``#``, ``##`` or ``###`` then a space and the text.
- ``("paragraph", text)``: lines up to a blank line, joined by single spaces.
- ``("list", [item, ...])``: lines beginning ``- ``; an indented line continues the item above.
- ``("diagram", dict)``: a fenced block opened by a line ```` ```diagram ```` and closed by
  ```` ``` ````, one ``key: value`` per line.

Text keeps its inline markup (``**bold**``, ``*italic*``, ```code```, ``[text](url)``):
`inline_html` renders it. No other Markdown is accepted (HTML, tables, quotes, ordered lists,
deeper headings and other fences raise `SourceError`).

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

import html
import os
import re

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
_HEADING = re.compile(r"^(#+)(\s+)(.*)$")
_ORDERED = re.compile(r"^\d+[.)]\s")
_FENCE = "```"


def _either(before: str = "", after: str = "") -> str:
    """'race or go': the registry's games, each between `before` and `after`."""
    return " or ".join(before + g + after for g in games.GAMES)


class SourceError(ValueError):
    """A malformed rules source; the message is '<path>:<line>: <reason>'."""


def _page_game(path: str) -> str | None:
    """The game a source is the page of: its file's name (race for .../race.md) when that is a
    game of the registry, else None."""
    stem = os.path.splitext(os.path.basename(path))[0]
    return stem if stem in games.GAMES else None


def load(path: str, game: str | None = None) -> list:
    """Parse the source at `path` into blocks; raise SourceError on anything malformed.

    `game` is the page's game (the default for diagrams that name none); it defaults to the file's
    name (race.md: race, go.md: go).
    """
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return parse(text, path, game if game is not None else _page_game(path))


def parse(text: str, path: str = "<source>", game: str | None = None) -> list:
    """Parse source text (see `load`); `path` only names the source in errors."""
    if game is not None and game not in games.GAMES:
        raise SourceError(f"{path}:1: unknown page game {game!r} ({_either()})")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    blocks = []
    ids = {}
    para = []  # (line number, text) of the paragraph being read
    items = None  # the list being read: [item text, ...]

    def fail(n: int, reason: str):
        raise SourceError(f"{path}:{n}: {reason}")

    def flush():
        nonlocal para, items
        if para:
            blocks.append(("paragraph", " ".join(t for _, t in para)))
            para = []
        if items is not None:
            blocks.append(("list", items))
            items = None

    if not lines or not lines[0].startswith("# ") or not lines[0][2:].strip():
        fail(1, "the first line must be the page title: '# Title'")
    i = 0
    while i < len(lines):
        n = i + 1
        raw = lines[i]
        if "\t" in raw:
            fail(n, "tab character: indent with spaces")
        line = raw.rstrip()
        stripped = line.strip()
        if stripped == "":
            flush()
            i += 1
            continue
        if stripped.startswith(_FENCE):
            flush()
            if line != stripped:
                fail(n, "a fence must start at the beginning of the line")
            if stripped != _FENCE + "diagram":
                fail(n, f"only ```diagram blocks are allowed, not {stripped!r}")
            end = i + 1
            while end < len(lines) and lines[end].strip() != _FENCE:
                if lines[end].strip().startswith(_FENCE):
                    fail(end + 1, "a fence inside a diagram block (missing closing ```?)")
                end += 1
            if end >= len(lines):
                fail(n, "diagram block is not closed by ```")
            d = _diagram(lines[i + 1 : end], n, path, game, fail)
            if d["id"] in ids:
                fail(n, f"duplicate id {d['id']!r} (first used on line {ids[d['id']]})")
            ids[d["id"]] = n
            blocks.append(("diagram", d))
            i = end + 1
            continue
        m = _HEADING.match(stripped)
        if stripped.startswith("#"):
            if line != stripped:
                fail(n, "a heading must start at the beginning of the line")
            if not m or not m.group(3).strip():
                fail(n, "a heading is '#', '##' or '###', a space and the text")
            level = len(m.group(1))
            if level > 3:
                fail(n, f"heading level {level}: only #, ## and ### are allowed")
            if level == 1 and blocks:
                fail(n, "only the first line may be a '# ' title heading")
            flush()
            blocks.append(("heading", level, m.group(3).strip()))
            i += 1
            continue
        if stripped[0] in "<|>":
            fail(n, f"{stripped[0]!r} at the start of a line: no HTML, tables or quotes")
        if _ORDERED.match(stripped) or stripped[:2] in ("* ", "+ "):
            fail(n, "lists are written with '- ' items only")
        if line.startswith("- "):
            if para:
                flush()
            if items is None:
                items = []
            if not line[2:].strip():
                fail(n, "empty list item")
            items.append(line[2:].strip())
            i += 1
            continue
        if line != stripped:
            if items is not None and line.startswith("  "):
                items[-1] = items[-1] + " " + stripped
                i += 1
                continue
            fail(n, "indented line outside a list (no code blocks: use `code`)")
        if items is not None:
            fail(n, "a paragraph must be separated from a list by a blank line")
        para.append((n, stripped))
        i += 1
    flush()
    return blocks


def _whole(text: str, low: int, high: int) -> bool:
    """True for a decimal whole number from low to high (no sign, no leading zeros)."""
    if not re.match(r"^(0|[1-9][0-9]*)$", text):
        return False
    return low <= int(text) <= high


def _diagram(body: list, line: int, path: str, page_game, fail) -> dict:
    """Parse the lines between a diagram block's fences (the opening fence is on `line`)."""
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
        letters = {e.start_position[:1]: e.id for e in games.ENTRIES}
        implied = letters.get(d["position"][0])
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


def title(blocks: list) -> str:
    """The page's title: the text of its first level-1 heading ('' when there is none)."""
    for block in blocks:
        if block[0] == "heading" and block[1] == 1:
            return block[2]
    return ""


def diagrams(blocks: list) -> list:
    """The diagram dicts of the blocks, in order."""
    return [block[1] for block in blocks if block[0] == "diagram"]


# -- inline markup ------------------------------------------------------------------------------

_CODE = re.compile(r"`([^`]+)`")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?=[^*\s])([^*]+?)(?<=\S)\*(?![*\w])")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def safe_url(url: str) -> bool:
    """True for the URLs a page may link to: http(s), relative or '#...' (no other scheme)."""
    if url.startswith("//") or "\\" in url:
        return False
    if _SCHEME.match(url):
        return url.lower().startswith(("http://", "https://"))
    return True


def inline_html(text: str) -> str:
    """Escape `text` for HTML and render **bold**, *italic*, `code` and [text](url).

    Code spans are literal (no markup inside). A link whose URL is not http(s), relative or '#...'
    is left as its escaped source text.
    """
    codes = []

    def keep_code(m) -> str:
        codes.append("<code>" + html.escape(m.group(1), quote=True) + "</code>")
        return f"\x00{len(codes) - 1}\x00"

    text = _CODE.sub(keep_code, text.replace("\x00", ""))
    out = html.escape(text, quote=True)

    def link(m) -> str:
        url = html.unescape(m.group(2))
        if not safe_url(url):
            return m.group(0)
        return f'<a href="{html.escape(url, quote=True)}">{m.group(1)}</a>'

    out = _LINK.sub(link, out)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _ITALIC.sub(r"<em>\1</em>", out)
    return re.sub("\x00([0-9]+)\x00", lambda m: codes[int(m.group(1))], out)
