"""The boards pre-drawn into the HTML (first paint without Python) match today's renderers."""

import os
import re

import pytest

from tools import predraw


def test_every_page_ships_the_boards_the_renderers_draw_today():
    for name in predraw.PAGES:
        with open(os.path.join(predraw.ROOT, name), encoding="utf-8") as f:
            html = f.read()
        assert predraw.predrawn(html, name) == html, f"{name} is out of date: run tools/predraw.py"


def test_the_predrawn_boards_carry_the_page_contract_hooks():
    html = predraw.boards()
    assert html.count('data-field="') == 19
    assert html.count('data-point="') == 72
    assert "data-marker" in html


def test_nothing_is_downloaded_before_the_predrawn_board_can_paint():
    """No stylesheet link and no classic script with a src before the board: the first paint of
    the page waits for no request (module scripts are deferred and do not hold it back)."""
    for name in ("index.html", "embed.html"):
        with open(os.path.join(predraw.ROOT, name), encoding="utf-8") as f:
            html = f.read()
        before = html[: html.index(predraw.START)]
        assert not re.search(r'<link[^>]*rel="stylesheet"', before), name
        for tag in re.findall(r"<script\b[^>]*>", before):
            assert "src=" not in tag or 'type="module"' in tag, f"{name}: {tag} blocks the parser"
        assert "<style>" in before and "<script>" in before  # the inlined styles and boot script


def test_an_inline_region_holds_the_files_it_names_and_refuses_what_would_break_the_page(
    tmp_path, monkeypatch
):
    (tmp_path / "a.css").write_text("p { color: red }\n")
    (tmp_path / "b.css").write_text("b { color: blue }\n")
    (tmp_path / "c.js").write_text("var x = '</script>';\n")
    monkeypatch.setattr(predraw, "ROOT", str(tmp_path))
    page = "<head>\n<!-- inline:start a.css b.css -->old<!-- inline:end -->\n</head>"
    out = predraw.inlined(page, "page.html")
    assert "old" not in out
    assert out.count("<style>") == 1
    assert out.index("p { color: red }") < out.index("b { color: blue }")
    assert predraw.inlined(out, "page.html") == out  # a second run changes nothing
    with pytest.raises(ValueError, match="</script"):
        predraw.inlined("<!-- inline:start c.js --><!-- inline:end -->", "page.html")
    with pytest.raises(ValueError, match="either"):
        predraw.inlined("<!-- inline:start a.css c.js --><!-- inline:end -->", "page.html")


def test_a_preload_region_can_hold_the_runtime_or_our_files_alone():
    whole = predraw.inlined(
        "<!-- preload:start pyscript.toml static/py/page.py -->\n<!-- preload:end -->", "index.html"
    )
    runtime = predraw.inlined(
        "<!-- preload:start pyscript.toml static/py/page.py runtime -->\n<!-- preload:end -->",
        "index.html",
    )
    files = predraw.inlined(
        "<!-- preload:start pyscript.toml static/py/page.py files -->\n<!-- preload:end -->",
        "index.html",
    )
    assert "micropython.wasm" in runtime and "build/mpy/" not in runtime
    assert "build/mpy/lotus/engine/race.mpy" in files and "micropython" not in files
    assert "modulepreload" not in files and "fetchpriority" not in runtime
    link = re.compile(r"<link [^>]+>")
    assert sorted(link.findall(runtime) + link.findall(files)) == sorted(link.findall(whole))
    with pytest.raises(ValueError, match="runtime"):
        predraw.inlined(
            "<!-- preload:start pyscript.toml static/py/page.py fonts -->\n<!-- preload:end -->",
            "index.html",
        )
    with pytest.raises(ValueError, match="CONFIG SCRIPT"):
        predraw.inlined("<!-- preload:start pyscript.toml -->\n<!-- preload:end -->", "index.html")


def test_a_preload_region_lists_what_pyscript_fetches_from_the_config():
    html = "<!-- preload:start pyscript.toml static/py/page.py -->\n<!-- preload:end -->"
    out = predraw.inlined(html, "index.html")
    assert '<link rel="preload" href="pyscript.toml" as="fetch" crossorigin>' in out
    assert 'href="static/vendor/micropython/micropython.wasm"' in out
    assert 'href="build/mpy/lotus/engine/race.mpy"' in out
    assert 'href="static/py/page.py" as="fetch" crossorigin fetchpriority="low"' in out
    modules = predraw.pyscript_modules()
    assert any(m.rsplit("/", 1)[1].startswith("toml-") for m in modules)  # the config reader
    assert not any("codemirror" in m or "zip-" in m for m in modules)  # never used here
    for module in modules:
        assert f'<link rel="modulepreload" href="{module}">' in out
