"""Shared fixtures for every test folder: a click runner, a layout writer and PDF helpers.

Keep this small and general; helpers that read PDFs back live in `tests/helpers/pdfcheck.py`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def runner() -> CliRunner:
    """A click CliRunner; `result.stderr` is separate from `result.stdout`."""
    return CliRunner()


@pytest.fixture
def write_layout(tmp_path: Path) -> Callable[..., Path]:
    """`write_layout(text, name='layout.yaml')`: write dedented YAML (or any file) into the
    test's tmp folder and return its path. Positions in errors then count from the first line
    of `text` after dedenting."""

    def write(text: str, name: str = "layout.yaml") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write
