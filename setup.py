"""Build hook: the top-level `layouts/` and `templates/` folders ship inside the package.

People edit layouts and rulebook templates at the top of the repository; a wheel can only
carry files inside the package, so `build_py` copies both folders whole (every file, no
per-file list) to `sheetgen/_bundled/`. `sheetgen.resources` finds them there through
importlib.resources, and falls back to the top-level folders in a checkout. Everything else
about the package is declared in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED = ("layouts", "templates")
_SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


class BuildWithBundledData(build_py):
    """build_py that also copies layouts/ and templates/ into sheetgen/_bundled/."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's folders directly
        for name in BUNDLED:
            source = ROOT / name
            if not source.is_dir():
                raise SystemExit(f"setup.py: missing {source} (is this a complete sdist?)")
            target = Path(self.build_lib) / "sheetgen" / "_bundled" / name
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(source, target, ignore=_SKIP)


setup(cmdclass={"build_py": BuildWithBundledData})
