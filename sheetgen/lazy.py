"""Modules imported on first use, so a command pays only for the libraries it needs.

`sheetgen --version` should not wait for numba's compiler or weasyprint's Pango bindings
(together about 0.9 s). A module that needs one of them at several places refers to it
through `lazy_module`: the name is bound at import time, the import happens when an
attribute is first read. Modules that need a heavy library in one function import it there.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType


def lazy_module(name: str) -> ModuleType:
    """The module `name`, loaded when one of its attributes is first used."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"no module named {name!r}", name=name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module
