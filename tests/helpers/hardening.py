"""Helpers of the hardening tests (tests/hardening): paths of sample inputs and the check
that a command ended in a clean error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import Result

REPO = Path(__file__).resolve().parents[2]
ISLAND = REPO / "layouts" / "captains_curse" / "islands" / "roomy.yaml"
SHEET = REPO / "layouts" / "swashbuckle" / "examples" / "sunnyseas.yaml"


def clean_error(result: Result, *fragments: str) -> str:
    """Assert exit status 2, an `error:` line and no traceback; return stderr."""
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"raised {type(result.exception).__name__}: {result.exception}"
    assert result.exit_code == 2, (result.exit_code, result.output)
    err = result.stderr
    assert err.startswith("error: "), err
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err, err
    return err


def value_paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a parsed YAML/JSON tree, as the keys and indices leading to it (the
    root itself is the empty path)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += value_paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += value_paths(v, (*path, i))
    return out
