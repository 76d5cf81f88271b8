"""What every CPython test shares: the property tests' settings, and the `micropython` mark.

- Hypothesis runs each property test with no deadline and without the too-slow health check (a
  loaded machine is slow, and some strategies play whole games); a test sets only its number of
  examples (`@settings(max_examples=…)`).
- `german`: a fixture for one test in German (the catalog's words; English again after it: the
  tests' language is English).
- `@pytest.mark.micropython` (or `pytestmark = pytest.mark.micropython`): the test runs code under
  the npm MicroPython through Node (tests/support/micropython.py), and is skipped where they are
  not installed (`make` installs both).

The helpers the tests share are modules of tests/support/: games.py (seeded random games of each
kind, and the Go positions and arena games several modules play), pages.py (a page controller
started at an address), micropython.py and mpy_site.py (running code under MicroPython), files.py
(the repository's files), refusals.py (an engine's refusal asserted by its code).
"""

import pytest
from hypothesis import HealthCheck, settings

from lotus import words
from tests.support import micropython

settings.register_profile("lotus", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("lotus")


@pytest.fixture
def german():
    """The catalog's words in German for one test, English again after it."""
    words.use("de")
    yield
    words.use("en")


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "micropython: runs code under the npm MicroPython (skipped where it is missing)"
    )


def pytest_collection_modifyitems(config, items) -> None:
    if micropython.available():
        return
    skip = pytest.mark.skip(reason="Node and the npm MicroPython are needed (make installs them)")
    for item in items:
        if item.get_closest_marker("micropython"):
            item.add_marker(skip)
