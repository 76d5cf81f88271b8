"""Write a deployable build of the site: a folder any static host serves as it is.

It holds exactly the files the service worker precaches (the pages, the code the PyScript configs
list, static/, the vendored runtime files the site loads: see tools/build_sw.py), the generated
service worker `sw.js`, and an empty `.nojekyll` (so GitHub Pages serves `lotus/__init__.py`
and the like, whose names start with an underscore). Nothing else: no tests, no tools, no
node_modules. How to publish it: docs/deploy.md.

Usage: python tools/dist.py [DEST]   (default: dist/)
"""

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tools import build_sw  # noqa: E402

ROOT = build_sw.ROOT
MARKERS = (".nojekyll",)


def expected_files(root: str = ROOT) -> list:
    """The files a build of the site at `root` holds, as sorted relative paths."""
    return sorted([*build_sw.site_files(root), build_sw.SW_NAME, *MARKERS])


def build(dest: str, root: str = ROOT) -> list:
    """Write the build of the site at `root` into `dest` (replaced); returns its files."""
    dest = os.path.abspath(dest)
    if os.path.commonpath([dest, os.path.abspath(root)]) == dest:
        raise ValueError(f"refusing to replace {dest}: it holds the site itself")
    files = build_sw.site_files(root)
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    for path in files:
        target = os.path.join(dest, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(root, path), target)
    for marker in MARKERS:
        open(os.path.join(dest, marker), "w").close()
    build_sw.write(dest)
    return expected_files(dest)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    dest = argv[0] if argv else os.path.join(ROOT, "dist")
    files = build(dest)
    size = sum(os.path.getsize(os.path.join(dest, f)) for f in files)
    print(f"dist: {len(files)} files, {size / 1e6:.1f} MB in {os.path.relpath(dest)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
