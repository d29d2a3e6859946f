"""Helpers for the hardening tests: run a command as a user would and demand a clean error."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

REPO = Path(__file__).resolve().parents[2]
ISLAND = REPO / "layouts" / "captains_curse" / "islands" / "roomy.yaml"
SHEET = REPO / "layouts" / "swashbuckle" / "examples" / "sunnyseas.yaml"


@pytest.fixture(autouse=True)
def _fresh_access():
    """Each test starts with no extra folders allowed (--allow-path is process-wide)."""
    from sheetgen import access

    access.reset()
    yield
    access.reset()


@pytest.fixture
def sheetgen(tmp_path: Path) -> Callable[..., Result]:
    """`sheetgen(*args)`: run the CLI in tmp_path, return the click Result."""
    from sheetgen.cli import main

    def run(*args: str) -> Result:
        old = Path.cwd()
        os.chdir(tmp_path)
        try:
            return CliRunner().invoke(main, list(args), catch_exceptions=True)
        finally:
            os.chdir(old)

    return run


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
