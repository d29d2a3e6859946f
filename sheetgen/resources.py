"""Where sheetgen finds its bundled files, installed or run from a checkout.

People edit layouts in the top-level `layouts/` folder and rulebook content in `templates/`.
A wheel cannot hold files beside the package, so the build (`setup.py`) copies both folders
whole into the package as `sheetgen/_bundled/layouts` and `sheetgen/_bundled/templates`:
no per-file lists, so a new `layouts/<game>/x.yaml` ships without touching the build.
At run time `importlib.resources` finds that copy in an installed package; in a checkout
(editable install, or `PYTHONPATH=.`) there is no copy and the top-level folders are used.

Users add their own folders with search paths, searched before the bundled folder:
`SHEETGEN_LAYOUTS` (folders of layouts) and `SHEETGEN_TEMPLATES` (folders holding
`rulebooks/<game>/book.yaml`), each a list separated like PATH (`:` on POSIX, `;` on Windows).
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

BUNDLED = "_bundled"
_CHECKOUT = Path(__file__).resolve().parents[1]


def package_path(*parts: str) -> Path:
    """A file or folder inside the installed `sheetgen` package, as a real path.

    Fonts and templates are handed to libraries (reportlab, weasyprint, jinja2) that want file
    names, so a zipped install is not supported: pip always installs wheels unpacked.
    """
    resource = files("sheetgen").joinpath(*parts)
    return Path(str(resource))


def bundled_dir(name: str) -> Path:
    """The bundled `layouts` or `templates` folder: the package's copy when installed from a
    wheel, else the checkout's top-level folder."""
    packaged = package_path(BUNDLED, name)
    if packaged.is_dir():
        return packaged
    return _CHECKOUT / name


def search_path(variable: str, bundled: Path) -> list[Path]:
    """The folders named by environment `variable` (in order, empty entries skipped), then
    `bundled`."""
    extra = [Path(p).expanduser() for p in os.environ.get(variable, "").split(os.pathsep)
             if p.strip()]
    return [*extra, bundled]


def layout_dirs() -> list[Path]:
    """Folders searched for layouts by name: `SHEETGEN_LAYOUTS` first, then the bundled ones."""
    return search_path("SHEETGEN_LAYOUTS", bundled_dir("layouts"))


def template_dirs() -> list[Path]:
    """Folders searched for templates: `SHEETGEN_TEMPLATES` first, then the bundled ones."""
    return search_path("SHEETGEN_TEMPLATES", bundled_dir("templates"))
