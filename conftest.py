"""Doctests: `--doctest-modules` (pyproject.toml, whose testpaths include `sheetgen/`) runs
the `>>>` examples of every module under sheetgen/ that has one: each game package's public
API (the docstrings of `sheetgen/games/<id>/__init__.py`), the shared engine contract
(`sheetgen/engine/`, whose examples play the toy game), the runner, the key checkers
(`sheetgen/errors.py`, `sheetgen/layout/source.py`), the seeded generator and the studio's
request helpers. A module without an example is not collected, so the doctest run imports
no game engine (numba, scipy) needlessly; a `>>>` written anywhere is run by the suite."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if collection_path.name == "conftest.py":
        # never a test module; collecting it for doctests would import the test folders'
        # same-named conftest modules twice (pytest's "import file mismatch")
        return True
    try:
        parts = collection_path.relative_to(config.rootpath).parts
    except ValueError:
        return None
    if not parts or parts[0] != "sheetgen" or collection_path.is_dir():
        return None
    if collection_path.suffix != ".py":
        return True
    return None if ">>> " in collection_path.read_text(encoding="utf-8") else True
