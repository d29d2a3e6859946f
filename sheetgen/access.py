"""Which files a layout or game file may read.

A layout names other files (`include`, `extends`, `data`, an image's `src`, an island map's
`island`); a Swashbuckle sheet names its `card`, a match its `sheets`. Such a name may only
reach files under the naming document's own folder tree, under the layout folders (the
bundled layouts and those of `SHEETGEN_LAYOUTS`), or under
a folder the user allowed (`--allow-path DIR`, repeatable, or `SHEETGEN_ALLOW_PATH` with
folders separated by ':'). Names are resolved with symlinks followed before the check, so a
link inside the folder cannot lead outside it. Files named on the command line are read
because the user named them; `allow()` records them too when a layout is told to use one
(`--island FILE`). A refused name is an error that names the path and never shows content.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from pathlib import Path

from sheetgen.errors import Position, SheetgenError

ENV = "SHEETGEN_ALLOW_PATH"
MAX_NAME = 4096  # longer than any real path (PATH_MAX on Linux)

_allowed: list[Path] = []
_document: ContextVar[Path | None] = ContextVar("sheetgen_document_folder", default=None)


def _bundled() -> list[Path]:
    """The layout folders (SHEETGEN_LAYOUTS, then the bundled layouts)."""
    from sheetgen.resources import layout_dirs

    return layout_dirs()


def allow(paths: Iterable[str | os.PathLike[str]]) -> None:
    """Let layouts read these folders (and their trees) or files, as --allow-path does."""
    for p in paths:
        resolved = Path(p).expanduser().resolve()
        if resolved not in _allowed:
            _allowed.append(resolved)


def allowed() -> list[Path]:
    """The folders and files allowed so far (to hand to a worker process)."""
    return list(_allowed)


def reset() -> None:
    """Forget folders allowed so far (tests)."""
    _allowed.clear()


def roots(own: Path | None) -> list[Path]:
    """Every folder a document whose own tree starts at `own` may read from (with no
    document, only the layout folders and the allowed ones)."""
    env = [Path(p).expanduser().resolve() for p in os.environ.get(ENV, "").split(os.pathsep)
           if p.strip()]
    mine = [own.resolve()] if own is not None else []
    return [*mine, *(p.resolve() for p in _bundled()), *_allowed, *env]


@contextlib.contextmanager
def reading_for(folder: Path) -> Iterator[None]:
    """While a layout's values are evaluated: the folder of the document they come from."""
    token = _document.set(folder)
    try:
        yield
    finally:
        _document.reset(token)


def named_file(name: object, *, what: str = "file", pos: Position | None = None,
               missing: str = "no such file") -> Path:
    """`readable` for a file named where no element is at hand (a provider's argument).

    A relative name is taken from the document's folder when it names a file there, else
    from the current folder (where a name given on the command line, `--set quest=FILE`, is
    meant: those are allowed by `allow`). The document's tree is its own; outside any
    document only the layout folders and allowed ones are.
    """
    folder = _document.get()
    relative_to = Path.cwd()
    if folder is not None and isinstance(name, str) and name and "\0" not in name \
            and len(name) <= MAX_NAME and not os.path.isabs(name):
        try:
            if (folder / name).exists():
                relative_to = folder
        except (OSError, ValueError):
            pass
    return readable(name, relative_to=relative_to, root=folder, pos=pos, what=what,
                    missing=missing)


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def readable(name: object, *, relative_to: Path, root: Path | None, pos: Position | None,
             what: str = "file", missing: str = "no such file") -> Path:
    """The file `name` (relative to `relative_to`, or absolute) if the document whose tree
    starts at `root` may read it; otherwise a SheetgenError at `pos`.

    The error names the path but never opens the file, so nothing of its content can leak.
    """
    if not isinstance(name, str) or not name.strip():
        raise SheetgenError(f"expected a {what} name", pos)
    if "\0" in name or len(name) > MAX_NAME or any(len(part) > 255
                                                   for part in Path(name).parts):
        raise SheetgenError(f"the {what} name is too long or not a valid path", pos,
                            hint="file names have at most 255 characters")
    target = Path(name).expanduser()
    if not target.is_absolute():
        target = relative_to / target
    try:
        real = target.resolve()
    except (OSError, RuntimeError) as err:  # a symlink loop, a name the OS refuses
        raise SheetgenError(f"cannot resolve {what} {name}: {getattr(err, 'strerror', err)}",
                            pos) from None
    allowed = roots(root)
    if not any(_inside(real, r) for r in allowed):
        via = f" (a link to {real})" if str(real) != os.path.abspath(target) else ""
        own = f"{root.resolve()} or " if root is not None else ""
        raise SheetgenError(
            f"{what} {name}{via} is outside the folders this file may read", pos,
            hint=f"files must lie under {own}the bundled layouts; to read "
                 f"another folder, pass --allow-path DIR (or set {ENV})")
    try:
        ok = real.is_file()
    except OSError:
        ok = False
    if not ok:
        if real.is_dir():
            raise SheetgenError(f"{what} {name} is a folder, not a file", pos)
        raise SheetgenError(f"{missing}: {name}", pos,
                            hint=f"paths are relative to {relative_to}")
    return real
