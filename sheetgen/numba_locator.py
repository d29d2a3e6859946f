"""Where numba keeps a function compiled inside `sheetgen.cache.numba_cache_for`.

Numba's own locator for a cache folder adds a subfolder named after the absolute path of the
source's folder, so each copy of the same sources (the checkout and an installed wheel, two
virtual environments, a reinstall at another path) compiled the Captain's Curse fast path
again, 40-90 s of CPU each time. Inside a `numba_cache_for` block the folder's name already
pins every byte the code is compiled from, so this locator names the subfolder after where
the source sits below the block's sources (`fast/games.py` -> `sheetgen_games_..._fast`,
the same in every copy) and copies of the same bytes share one compiled copy. Numba still
checks each defining file's bytes (its source stamp is a digest) and the function's own
bytecode before it uses an entry, as it does for any cache.

Imported only by numba (by its dotted name, `NUMBA_CACHE_LOCATOR_CLASSES` style) while a
block is active; outside a block, or for a file outside the block's sources, it declines and
numba's next locator decides as before.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from numba.core import config
from numba.core.caching import UserProvidedCacheLocator


class SourcesFolderLocator(UserProvidedCacheLocator):
    """`<CACHE_DIR>/<root name>_<folders below the root>` for a source below `root`, the
    folder that holds all the active block's sources (set by `numba_cache_for`)."""

    root: Path | None = None

    def __init__(self, py_func: Any, py_file: str) -> None:
        super().__init__(py_func, py_file)
        below = Path(py_file).resolve().parent.relative_to(self.root).parts
        self._cache_path = os.path.join(config.CACHE_DIR, "_".join([self.root.name, *below]))

    def get_source_stamp(self) -> str:
        # The defining file's bytes (numba >= 0.62 does the same; older ones used its mtime,
        # which differs between two copies of the same file).
        return hashlib.sha256(Path(self._py_file).read_bytes()).hexdigest()

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        root = cls.root
        if root is None or not config.CACHE_DIR or not os.path.exists(py_file) or (
                not Path(py_file).resolve().is_relative_to(root)):
            return None
        return super().from_function(py_func, py_file)
