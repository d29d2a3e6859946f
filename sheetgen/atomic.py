"""Write outputs so that a failed run never leaves a partial file or truncates an old one.

Finished files get the permissions any program's new file gets (0666 minus the umask), not
the private 0600 of the temporary file they were written as. A missing folder is an error
(a typo in `-o` should not silently grow a tree) unless folders are allowed with
`making_folders()` (the CLI's `--mkdir`); the default output folder `output/` is always
created.

On Linux the temporary file has no name at all while it is written (`O_TMPFILE`): it is
linked into place only when complete, so nothing a signal interrupts (SIGTERM part-way
through cleaning up, even `kill -9`) can leave a file behind. Filesystems without it (and
other systems) get a hidden `.NAME.*.part` file beside the target, removed on failure.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import tempfile
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import BinaryIO

from sheetgen import stopping
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


def _unnamed_file(folder: Path) -> int | None:
    """An open, nameless file in `folder` (Linux O_TMPFILE), or None where there is none."""
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None or not os.path.isdir("/proc/self/fd"):
        return None
    try:
        return os.open(folder, flag | os.O_RDWR | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError as err:
        if err.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL, errno.ENOTSUP):
            return None  # the filesystem (or kernel) has no unnamed files
        raise


def _link_into_place(fd: int, target: Path) -> None:
    """Give the unnamed file `fd` the name `target`, replacing any file there at once."""
    fds = os.open("/proc/self/fd", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))

    def link(name: Path) -> None:
        # linkat(<fd dir>, "N", AT_FDCWD, name, AT_SYMLINK_FOLLOW): os.link uses linkat,
        # not link, only when given a folder descriptor
        os.link(str(fd), name, src_dir_fd=fds, follow_symlinks=True)

    try:
        try:
            link(target)
            return
        except FileExistsError:
            pass
        # An old file is there: link under a hidden name, then rename over it (one syscall
        # apart: the only moment a name exists that a failure would have to remove).
        hidden = target.parent / f".{target.name}.{secrets.token_hex(6)}.part"
        link(hidden)
    finally:
        os.close(fds)
    try:
        os.replace(hidden, target)
    except BaseException:
        with contextlib.suppress(OSError):
            hidden.unlink()
        raise


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path for `target`'s content; it becomes `target` only on success.
    An output that cannot be written (no such folder, no permission, a directory in the way,
    a full disk) is a SheetgenError, so the CLI reports it cleanly.

    Where the system allows, the path is `/proc/self/fd/N` of an unnamed file (open it, or
    hand it to a library, like any path): nothing of it can outlive a failure or a kill."""
    target = Path(target)
    if target.is_dir():
        raise SheetgenError(f"cannot write {target}: it is a directory")
    ensure_folder(target)
    try:
        fd = _unnamed_file(target.parent)
    except OSError as err:
        raise _cannot_write(target, err) from None
    if fd is not None:
        try:
            try:
                yield Path(f"/proc/self/fd/{fd}")
            except OSError as err:  # the disk filled up (or failed) while writing
                raise _cannot_write(target, err) from None
            stopping.check()  # a stop asked for (SIGTERM) is never followed by the output
            try:
                _link_into_place(fd, target)
            except OSError as err:
                raise _cannot_write(target, err) from None
        finally:
            os.close(fd)
        return
    yield from _named_temporary(target)


def _named_temporary(target: Path) -> Iterator[Path]:
    """The fallback of `atomic_path`: a hidden .part file beside `target`, renamed over it."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as err:
        raise _cannot_write(target, err) from None
    tmp_path = Path(tmp)
    try:
        os.fchmod(fd, 0o666 & ~current_umask())
        os.close(fd)
        try:
            yield tmp_path
        except OSError as err:  # the disk filled up (or failed) while writing
            raise _cannot_write(target, err) from None
        stopping.check()
        try:
            os.replace(tmp_path, target)
        except OSError as err:
            raise _cannot_write(target, err) from None
    finally:
        with contextlib.suppress(OSError):
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
