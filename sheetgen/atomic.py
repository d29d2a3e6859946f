"""Write outputs so that a failed run never leaves a partial file or truncates an old one.

Finished files get the permissions any program's new file gets (0666 minus the umask), not
the private 0600 of the temporary file they were written as. A missing folder is an error
(a typo in `-o` should not silently grow a tree) unless folders are allowed with
`making_folders()` (the CLI's `--mkdir`); the default output folder `output/` is always
created.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import BinaryIO

from sheetgen.errors import SheetgenError

DEFAULT_FOLDER = Path("output")
"""The folder commands write to when no -o is given: created when missing."""

_MAKE_FOLDERS: ContextVar[bool] = ContextVar("sheetgen_make_folders", default=False)


@contextlib.contextmanager
def making_folders(enabled: bool = True) -> Iterator[None]:
    """Within this block, missing parent folders of outputs are created."""
    token = _MAKE_FOLDERS.set(enabled)
    try:
        yield
    finally:
        _MAKE_FOLDERS.reset(token)


def current_umask() -> int:
    """The process umask. Linux shows it in /proc; elsewhere it is read by setting it and
    putting it straight back."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def ensure_folder(target: Path, fills_folder: bool = False) -> None:
    """Make sure `target`'s folder exists, or say clearly why it cannot be written there.
    With `fills_folder`, `target` is a file inside a folder the user named as an output
    folder: that one folder is created when its own parent exists."""
    parent = target.parent
    if parent.is_dir():
        return
    for ancestor in (parent, *parent.parents):
        if ancestor.exists() or ancestor.is_symlink():
            if not ancestor.is_dir():
                raise SheetgenError(f"cannot write {target}: {ancestor} is a file, not a folder",
                                    hint="choose another output path")
            break
    allowed = (_MAKE_FOLDERS.get() or parent == DEFAULT_FOLDER
               or (fills_folder and parent.parent.is_dir()))
    if not allowed:
        missing = parent.parent if fills_folder else parent
        raise SheetgenError(f"cannot write {target}: there is no folder {missing}",
                            hint="create it first, or add --mkdir to create missing folders")
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise SheetgenError(f"cannot create folder {parent}: {err.strerror or err}") from None


def output_folder(folder: str | os.PathLike[str]) -> Path:
    """Make sure `folder`, a folder a command fills (`--log-dir`, `rulebook --all -o`, the
    solver's tables), exists: it is created when its parent exists (or with `--mkdir`)."""
    folder = Path(folder)
    if not folder.is_dir():
        ensure_folder(folder / "file", fills_folder=True)
    return folder


def _cannot_write(target: Path, err: OSError) -> SheetgenError:
    if err.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        hint = "free some space (or write elsewhere with -o); any existing file is unchanged"
    else:
        hint = "check the output path: its folder must be a writable folder"
    return SheetgenError(f"cannot write {target}: {err.strerror or err}", hint=hint)


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside `target`; rename it over `target` only on success.
    An output that cannot be written (no such folder, no permission, a directory in the way,
    a full disk) is a SheetgenError, so the CLI reports it cleanly."""
    target = Path(target)
    if target.is_dir():
        raise SheetgenError(f"cannot write {target}: it is a directory")
    ensure_folder(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as err:
        raise _cannot_write(target, err) from None
    try:
        os.fchmod(fd, 0o666 & ~current_umask())
    finally:
        os.close(fd)
    tmp_path = Path(tmp)
    try:
        try:
            yield tmp_path
        except OSError as err:  # the disk filled up (or failed) while writing
            raise _cannot_write(target, err) from None
        try:
            os.replace(tmp_path, target)
        except OSError as err:
            raise _cannot_write(target, err) from None
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


@contextlib.contextmanager
def atomic_file(target: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """An open binary file to write `target` through, bit by bit (a streamed PDF): it is
    renamed over `target` only when the block ends without error; a failure, Ctrl-C or a
    full disk part-way leaves any existing `target` untouched and no partial file."""
    with atomic_path(target) as tmp, tmp.open("wb") as fh:
        yield fh


def write_bytes(target: str | os.PathLike[str], data: bytes) -> None:
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)


def write_text(target: str | os.PathLike[str], text: str) -> None:
    write_bytes(target, text.encode("utf-8"))
