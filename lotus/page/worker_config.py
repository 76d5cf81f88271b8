"""A worker's PyScript config, checked before PyScript is given it (without a DOM).

PyScript never settles a worker whose config names no runtime of this site (it tries a CDN,
which the page's policy refuses): `lotus.dom.host` reads the config first and says what is
that it cannot be read, in words.
"""


def config_readable(text: str) -> bool:
    """True when a worker's config text is one PyScript can start the worker from: it must
    name its runtime, a file of this site (`interpreter = "./…"`), before any [section], and every
    line must be one PyScript can read (our configs use one-line TOML: sections, and keys with a
    string, a number, a boolean or a one-line list)."""
    runtime = section = False
    for line in text.split("\n"):
        line = line.strip()
        if not _toml_line(line):
            return False
        section = section or line.startswith("[")
        if section:
            continue
        name, equals, value = line.partition("=")
        if name.strip() != "interpreter" or not equals:
            continue
        value = value.strip()
        end = value.find('"', 1) if value[:1] == '"' else -1
        path = value[1:end] if end > 0 else ""
        if not ((path[:2] == "./" or path[:3] == "../") and ":" not in path):
            return False
        runtime = True
    return runtime


def config_files(text: str) -> list:
    """The files a readable config's [files] table brings in (its keys: paths relative to the
    config), in order; e.g. ['./lotus/__init__.py'] for `"./lotus/__init__.py" = "./lotus/..."`."""
    files = []
    section = ""
    for line in text.split("\n"):
        line = line.strip()
        if line[:1] == "[":
            section = line.split("#")[0].strip()
        elif section == "[files]" and line[:1] == '"':
            end = line.find('"', 1)
            if end > 1:
                files.append(line[1:end])
    return files


def _toml_line(line: str) -> bool:
    """True for a blank line, a comment, a [section], or `key = value` of one-line TOML."""
    if not line or line[0] == "#":
        return True
    if line[0] == "[":
        return line.split("#")[0].strip().endswith("]")
    name, equals, value = line.partition("=")
    name, value = name.strip(), value.strip()
    if not equals or not name or not value:
        return False
    if name[0] == '"':
        if len(name) < 2 or name[-1] != '"':
            return False
    elif not all(ch.isalpha() or ch.isdigit() or ch in "_-." for ch in name):
        return False
    if value[0] == '"':
        end = value.find('"', 1)
        return end > 0 and value[end + 1 :].strip()[:1] in ("", "#")
    value = value.split("#")[0].strip()
    if value[0] == "[":
        return value[-1] == "]"
    return value in ("true", "false") or value.lstrip("-").replace(".", "").isdigit()
