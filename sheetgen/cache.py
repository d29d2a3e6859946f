"""Where sheetgen keeps what it computes once per machine: solved tables and compiled code.

The root is `$SHEETGEN_CACHE`, else `$XDG_CACHE_HOME/sheetgen`, else `~/.cache/sheetgen`.

Compiled code needs more than a place. Numba's on-disk cache (`@njit(cache=True)`) checks only
the file that defines a function: after an edit to a module it calls (a constant in
`fast/arrays.py`, the sink search in `fast/estimate.py`), a cached `play()` silently runs the
old code, so a developer tests and measures something that is no longer in the tree.
`numba_cache_for` closes that hole: while it is active, functions being compiled are cached
in a folder named after a digest of every source file the compiled code depends on (and the
numba version), so any edit to any of them starts a fresh cache rather than reusing a stale
one. Numba picks a function's cache folder when the function is decorated, so the package
imports its compiled modules inside the `with` block. A user's own `NUMBA_CACHE_DIR` is
kept as the parent folder. Inside that folder a function is found by where its source sits
among the block's sources, not by their absolute path (`sheetgen.numba_locator`), so copies
of the same sources at other paths (an installed wheel beside the checkout, a reinstall)
share one compiled copy.

Two processes that need the same compiled code at once (the suite's warm-up and its workers,
`pad --jobs 2` on a new machine, the studio and a command) would each compile it: numba
checks its disk cache only when it starts a compile. Inside a block, each function's
compile is therefore made under a lock next to the folder (`compile_lock`): the first
process compiles, the others wait, then load what it saved.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def cache_root() -> Path:
    """The folder for sheetgen's caches (see the module docstring); not created here."""
    root = os.environ.get("SHEETGEN_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "sheetgen")
    return Path(root)


def sources_digest(sources: Iterable[Path]) -> str:
    """A short digest of the names and bytes of `sources` and the numba version."""
    import numba

    return sources_key(sources, numba.__version__)


@contextmanager
def numba_cache_for(name: str, sources: Iterable[Path]) -> Iterator[Path]:
    """Cache the functions decorated inside the block under `<root>/numba/<name>-<digest>`.

    Yields that folder. If it cannot be created, numba falls back to its usual places (the
    package's `__pycache__`, then its own user-wide folder), as it does for any unwritable
    cache folder.
    """
    from numba.core import caching, config

    from sheetgen.numba_locator import SourcesFolderLocator

    sources = [Path(p).resolve() for p in sources]
    modules_before = set(sys.modules)
    parent = Path(os.environ["NUMBA_CACHE_DIR"]) if os.environ.get("NUMBA_CACHE_DIR") else (
        cache_root() / "numba")
    folder = parent / f"{name}-{sources_digest(sources)}"
    before = (config.CACHE_DIR, SourcesFolderLocator.root,
              getattr(config, "CACHE_LOCATOR_CLASSES", None))
    config.CACHE_DIR = str(folder)
    if sources and before[2] is not None:  # numba >= 0.62 lets a package choose a locator
        SourcesFolderLocator.root = Path(os.path.commonpath([p.parent for p in sources]))
        # Ours first; then a user's own choice, else numba's usual ones (an unwritable
        # folder falls back to the package's __pycache__ or numba's user-wide folder).
        config.CACHE_LOCATOR_CLASSES = ",".join([
            f"{SourcesFolderLocator.__module__}.{SourcesFolderLocator.__name__}",
            before[2] or ",".join(c.__name__ for c in caching.CacheImpl._locator_classes)])
    try:
        yield folder
        _compile_under_lock(folder, sources, set(sys.modules) - modules_before)
    finally:
        config.CACHE_DIR, SourcesFolderLocator.root = before[:2]
        if before[2] is not None:
            config.CACHE_LOCATOR_CLASSES = before[2]


def _compile_under_lock(folder: Path, sources: list[Path], new_modules: set[str]) -> None:
    """Make every cached numba function defined by a module the block imported from its
    sources compile under `compile_lock(folder)`. Numba calls a dispatcher's `compile` once
    per signature a process needs (and again for each caller it types): it loads the code
    from the disk cache when it is there, else compiles and saves it. Behind the lock, a
    process that waited finds it saved."""
    from numba.core.caching import NullCache
    from numba.core.dispatcher import Dispatcher

    wanted = set(sources)
    for name in new_modules:
        module = sys.modules.get(name)
        file = getattr(module, "__file__", None)
        if not file or Path(file).resolve() not in wanted:
            continue
        for value in list(vars(module).values()):
            if (isinstance(value, Dispatcher) and value.py_func.__module__ == name
                    and not isinstance(value._cache, NullCache)
                    and "compile" not in vars(value)):
                value.compile = _locked(value.compile, folder)


def _locked(compile: Callable[[Any], Any], folder: Path) -> Callable[[Any], Any]:
    def locked_compile(sig: Any) -> Any:
        with compile_lock(folder):
            return compile(sig)

    return locked_compile


_compiling = threading.RLock()
_held: dict[Path, int] = {}  # folder -> how deep this process is inside its compile_lock


def _forget_locks_in_child() -> None:
    global _compiling
    _compiling = threading.RLock()
    _held.clear()


os.register_at_fork(after_in_child=_forget_locks_in_child)


@contextmanager
def compile_lock(folder: Path) -> Iterator[None]:
    """Hold `<folder>.lock` (`made_once`) while this process compiles code cached in
    `folder`. Re-entrant: compiling a function compiles the functions it calls, each
    through here. One process-wide lock orders the threads too, so a thread that waits for
    another's compile then finds the function already compiled in memory."""
    with _compiling:
        if _held.get(folder):
            _held[folder] += 1
            try:
                yield
            finally:
                _held[folder] -= 1
            return
        with made_once(folder):
            _held[folder] = 1
            try:
                yield
            finally:
                _held[folder] = 0


def cached_json(name: str, sources: Iterable[Path], settings: str,
                compute: Callable[[], Any], shipped: Path | None = None) -> Any:
    """`compute()` (JSON data), kept in `<root>/<name>/<digest>.json` under a digest of
    `settings` and the names and bytes of every file in `sources`, so figures measured once
    (a rulebook's simulated games) are reused until any of those files or settings change.
    A cache that cannot be read is measured again; one that cannot be written only costs
    the time. When `shipped` (a file the package carries, see `read_shipped`) was measured
    under the same digest, its figures are returned: a fresh install does not measure."""
    import json

    key = sources_key(sources, settings)
    if shipped is not None:
        data = read_shipped(shipped, key)
        if data is not None:
            return data
    path = _json_file(name, key)

    def read() -> Any:
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    data = read()
    if data is not None:
        return data
    with made_once(path):  # another process measuring the same figures: wait, then read
        data = read()
        if data is not None:
            return data
        data = compute()
        try:
            from sheetgen.atomic import write_text
            from sheetgen.errors import SheetgenError

            write_text(path, json.dumps(data, indent=1) + "\n")
        except (OSError, SheetgenError):
            pass
    return data


def sources_key(sources: Iterable[Path], settings: str) -> str:
    """The digest `cached_json` files figures under: `settings` and the names and bytes of
    `sources` (names, not paths: a checkout and an installed wheel give the same key)."""
    h = hashlib.sha256(settings.encode())
    for path in sorted(Path(p) for p in sources):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def cached_json_path(name: str, sources: Iterable[Path], settings: str) -> Path:
    """Where `cached_json` keeps those figures (the file may not exist yet)."""
    return _json_file(name, sources_key(sources, settings))


def _json_file(name: str, key: str) -> Path:
    return cache_root() / name / f"{key}.json"


def is_cached(name: str, sources: Iterable[Path], settings: str,
              shipped: Path | None = None) -> bool:
    """Whether `cached_json` with these arguments would read its figures (from `shipped`,
    measured under the same digest, or from the cache) rather than compute them: the test
    suite measures what is not before its workers start (tests/helpers/warm_caches.py)."""
    key = sources_key(sources, settings)
    return ((shipped is not None and read_shipped(shipped, key) is not None)
            or _json_file(name, key).is_file())


def game_sources(package: Path, *data: str) -> list[Path]:
    """The files a game's measured figures depend on, for `cached_json`: every module of
    its package, its data files (`data`: glob patterns inside the package, e.g.
    "quests/*.yaml") and every module of the shared engine (`sheetgen/engine`), so an edit
    to any of them measures again."""
    engine = Path(__file__).resolve().parent / "engine"
    return [*package.glob("*.py"), *(f for pattern in data for f in package.glob(pattern)),
            *engine.glob("*.py")]


SHIPPED_FORMAT = "sheetgen-measured/1"


def _shipped_doc(path: Path) -> dict[str, Any] | None:
    import json

    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) and doc.get("format") == SHIPPED_FORMAT else None


def read_shipped(path: Path, key: str) -> Any:
    """The figures of a measured result the package ships (`{"format", "key", "data"}`, as
    `shipped_text` writes it) when it was measured under `key`, the digest of the sources
    its cache uses; else None (no such file, or a source changed since: measure as before).
    Like the Swashbuckle advisor's shipped table, it spares every new install the measuring;
    tools/ship_measurements.py rewrites these files on purpose."""
    doc = _shipped_doc(path)
    return doc.get("data") if doc is not None and doc.get("key") == key else None


def shipped_key(path: Path) -> str | None:
    """The key a shipped file was measured under (None when it is missing or unreadable)."""
    doc = _shipped_doc(path)
    return doc.get("key") if doc is not None else None


def shipped_text(key: str, data: Any) -> str:
    """A shipped file's text: deterministic (the same figures, the same bytes)."""
    import json

    return json.dumps({"format": SHIPPED_FORMAT, "key": key, "data": data}, indent=1) + "\n"


@contextmanager
def made_once(path: Path) -> Iterator[None]:
    """Hold `<path>.lock` while `path` is made (measured figures, a test run's shared file),
    so processes that need the same file at once (two test workers, `rulebook --all`'s
    books, a studio beside a render) make it once: the others wait, then find it made.
    Without a lock file (no fcntl, a folder that cannot be written) each makes its own."""
    try:
        import fcntl

        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path.with_name(path.name + ".lock"), "a")  # noqa: SIM115
    except (ImportError, OSError):
        handle = None
    if handle is None:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
