"""The studio's pages, from the registry: every game whose `Game.studio` names a module with
a `PAGE` (see `sheetgen/studio_contract.py`), plus the studio's own pages (any layout, live).

Nothing here names a game: a new game's page appears in the switcher once its `GAME`
declares `studio=`.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable

from sheetgen import registry
from sheetgen.errors import SheetgenError
from sheetgen.studio_contract import Page

BUILTIN = {"layouts": "sheetgen.studio.layoutpage"}
"""The studio's own pages, name -> module holding `PAGE`; listed after the games."""

ASSET = re.compile(r"^[a-z0-9][a-z0-9_-]*\.(html|js|css|svg|png)$")
MEDIA = {"html": "text/html", "js": "text/javascript", "css": "text/css",
         "svg": "image/svg+xml", "png": "image/png"}


@dataclass(frozen=True)
class StudioPage:
    name: str  # in URLs: the game's name (`captains-curse`) or a builtin page's
    page: Page
    module: str

    @property
    def assets(self) -> Traversable:
        return resources.files(self.page.assets or self.module)

    def asset(self, filename: str) -> tuple[bytes, str] | None:
        """A page file's bytes and media type; None for a name that is not a page file."""
        match = ASSET.match(filename)
        if not match:
            return None
        path = self.assets / filename
        if not path.is_file():
            return None
        return path.read_bytes(), MEDIA[match.group(1)]

    def describe(self) -> dict[str, str]:
        return {"name": self.name, "title": self.page.title, "summary": self.page.summary,
                "credit": self.page.credit}


def _load(name: str, module: str) -> StudioPage:
    page = getattr(importlib.import_module(module), "PAGE", None)
    if not isinstance(page, Page):
        raise SheetgenError(f"{module}: no PAGE = studio_contract.Page(...)",
                            hint="a game's `studio` module declares its page as PAGE")
    return StudioPage(name, page, module)


def studio_pages() -> list[StudioPage]:
    """Every page, games first (registry order), then the studio's own."""
    found = [_load(game.name, game.studio) for game in registry.games().values()
             if game.studio]
    found += [_load(name, module) for name, module in BUILTIN.items()]
    return found
