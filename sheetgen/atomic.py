"""Write outputs so that a failed run never leaves a partial file or truncates an old one."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from sheetgen.errors import SheetgenError


def _cannot_write(target: Path, err: OSError) -> SheetgenError:
    return SheetgenError(f"cannot write {target}: {err.strerror or err}",
                         hint="check the output path: its folder must be a writable folder")


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside `target`; rename it over `target` only on success.
    An output that cannot be written (no such folder, no permission, a directory in the way)
    is a SheetgenError, so the CLI reports it cleanly."""
    target = Path(target)
    if target.is_dir():
        raise SheetgenError(f"cannot write {target}: it is a directory")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as err:
        raise _cannot_write(target, err) from None
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        try:
            os.replace(tmp_path, target)
        except OSError as err:
            raise _cannot_write(target, err) from None
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def write_bytes(target: str | os.PathLike[str], data: bytes) -> None:
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)


def write_text(target: str | os.PathLike[str], text: str) -> None:
    write_bytes(target, text.encode("utf-8"))
