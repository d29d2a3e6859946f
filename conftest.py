"""Doctests: `--doctest-modules` (pyproject.toml) runs the `>>>` examples of each game
package's public API, the docstrings of `sheetgen/games/<id>/__init__.py`, of every module of
`sheetgen/engine/` (the shared engine contract: its examples play the toy game), and of
`sheetgen/errors.py` and `sheetgen/layout/source.py` (the key checker and the one
checker of game files' mappings built on it). Every other module under sheetgen/ is skipped, so
the doctest run imports no game engine (numba, scipy) needlessly."""

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
    public_api = len(parts) == 4 and parts[1] == "games" and parts[3] == "__init__.py"
    engine = len(parts) == 3 and parts[1] == "engine"
    checkers = parts in (("sheetgen", "errors.py"), ("sheetgen", "layout", "source.py"))
    return None if public_api or engine or checkers else True
