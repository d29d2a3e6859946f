"""Compiled code loaded once in the job forkserver, so every job forks with it ready.

A job's process used to spend its first seconds (2.7 s of CPU for a Captain's Curse verify
or pad) loading the fast path's compiled code from numba's on-disk cache: numba loads a
function's machine code on its first call, in each process anew. The forkserver imports the
pages' modules once (`jobs.preload`) and then this module, last: `load_compiled()` loads
every compiled function those modules define that already has machine code for this
machine in its cache, and each job's process, a fork of the forkserver, starts with it.

It never compiles: an entry is loaded only if its key (signature, this CPU, the function's
own bytecode) is in the function's cache index, which is exactly what numba checks before
it uses the entry. A cold cache (a fresh install) leaves the compiling to the first job
that needs it, as before, so pages whose jobs use no compiled code never wait for it.
Anything unexpected from numba's cache (another numba version, an unreadable file) only
skips the warming.
"""

from __future__ import annotations

import sys
from typing import Any


def load_compiled(package: str = "sheetgen") -> int:
    """Load the cached machine code of every numba function defined in a loaded module of
    `package`; the number of entries loaded."""
    try:
        from numba.core.registry import CPUDispatcher
    except ImportError:
        return 0
    seen: set[int] = set()
    loaded = 0
    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "")
        if name != package and not name.startswith(package + "."):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, CPUDispatcher) and id(value) not in seen:
                seen.add(id(value))
                loaded += _load_cached(value)
    return loaded


def _load_cached(dispatcher: Any) -> int:
    loaded = 0
    try:
        cache = dispatcher._cache
        index = cache._cache_file._load_index()
        codegen = dispatcher.targetctx.codegen()
        for key in index:
            sig = key[0]
            if sig in dispatcher.overloads or cache._index_key(sig, codegen) != key:
                continue  # loaded already, or compiled for another CPU or older bytecode
            dispatcher.compile(sig)
            loaded += 1
    except Exception:  # noqa: BLE001 - warming is an optimisation: jobs load on their own
        return loaded
    return loaded


load_compiled()  # on import: the forkserver imports this module after the pages' modules
