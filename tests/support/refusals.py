"""An engine's refusal asserted by its code and values (the engines raise no sentence)."""

import contextlib

import pytest


@contextlib.contextmanager
def refuses(kind, code: str, /, **values):
    """Assert that the block raises `kind` with the refusal `code` and (at least) `values`."""
    with pytest.raises(kind) as err:
        yield err
    assert err.value.code == code, str(err.value)
    for key in values:
        assert err.value.values[key] == values[key], str(err.value)
