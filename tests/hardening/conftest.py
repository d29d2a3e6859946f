"""Fixtures of the hardening tests: run a command as a user would (helpers in
`tests/helpers/hardening.py`)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result


@pytest.fixture(autouse=True)
def _fresh_access():
    """Each test starts with no extra folders allowed and the default budgets (--allow-path
    and --limit are process-wide)."""
    from sheetgen import access, limits

    access.reset()
    saved = dict(limits._values)
    yield
    access.reset()
    limits._values.clear()
    limits._values.update(saved)


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
