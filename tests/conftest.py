"""Shared fixtures for every test folder: a click runner, a layout writer and PDF helpers.

Keep this small and general; helpers that read PDFs back live in `tests/helpers/pdfcheck.py`.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def runner() -> CliRunner:
    """A click CliRunner; `result.stderr` is separate from `result.stdout`."""
    return CliRunner()


@pytest.fixture
def write_layout(tmp_path: Path) -> Callable[..., Path]:
    """`write_layout(text, name='layout.yaml')`: write dedented YAML (or any file) into the
    test's tmp folder and return its path. Positions in errors then count from the first line
    of `text` after dedenting."""

    def write(text: str, name: str = "layout.yaml") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write


class _BundledPdfs(dict):
    """name -> PDF bytes of a bundled output, rendered on first use (once per session):
    "pad:GAME:PAPER" (and "pad:GAME:PAPER<suffix>" for a pad's extra files),
    "render:LAYOUT" (defaults, as `sheetgen render` prints it), "example:NAME"
    (layouts/examples/NAME.yaml), "cmyk:LAYOUT" (`--colorspace cmyk`, PDF/X-4),
    "x1a:LAYOUT" (`--pdfx x1a`)."""

    def __missing__(self, name: str) -> bytes:
        from sheetgen import registry
        from sheetgen.layout.bundled import find_layout
        from sheetgen.layout.document import RenderOptions, load_layout
        from sheetgen.registry import Pad
        from sheetgen.render.output import render_pdf

        kind, _, rest = name.partition(":")
        if kind == "pad":
            game, paper = rest.rsplit(":", 1)
            if "-" in paper:  # an extra file of a pad: "pad:voodoo:a2-board-a2"
                self[f"pad:{game}:{paper.split('-')[0]}"]
                return self[name]
            builder = registry.find(game).pad_builder()
            options = {"count": 2, "seed": 7} if game == "captains-curse" else {"paper": paper}
            result = builder(**options)
            pad = result if isinstance(result, Pad) else Pad(*result)
            pdf = pad.pdf
            for suffix, data in pad.extras:  # "pad:voodoo:a2-board-a2"
                self[name + suffix] = data
        else:
            path = (REPO / "layouts" / "examples" / f"{rest}.yaml" if kind == "example"
                    else find_layout(rest))
            press = kind in ("cmyk", "x1a")
            layout = load_layout(path, RenderOptions(
                colorspace="cmyk" if press else None, pdfx="x1a" if kind == "x1a" else None))
            count = layout.imposition.per_sheet if (
                len(layout.data) == 1 and layout.imposition is not None) else 1
            pdf = render_pdf(layout, count)
        self[name] = pdf
        return pdf


@pytest.fixture(scope="session")
def bundled_pdf() -> Callable[[str], bytes]:
    """A function: the PDF bytes of a bundled output (see `_BundledPdfs`), rendered once per
    test session however many tests ask for it."""
    pdfs = _BundledPdfs()
    return pdfs.__getitem__


# Fixtures that are costly to build and shared beyond one module (rulebook renders, bundled
# outputs, the headless browser): under pytest-xdist (scripts/test.sh runs the suite with
# `-n auto --dist loadgroup`) every test that uses one of them goes to the same worker, so
# each is built once per run rather than once per worker.
SHARED_EXPENSIVE = frozenset({"books", "rendered", "bundled_pdf", "browser"})


def _shares_a_built_fixture(item: pytest.Item) -> bool:
    """Whether the test uses a fixture of this suite that is built once for several tests of
    its module (module, class or package scope): those tests are worth keeping on the worker
    that built it. (A session fixture is built once per worker whatever the grouping; the
    costly ones shared beyond a module are `SHARED_EXPENSIVE`.)"""
    info = getattr(item, "_fixtureinfo", None)
    for defs in (info.name2fixturedefs.values() if info else ()):
        fixture = defs[-1]
        if fixture.scope in ("class", "module", "package") and Path(
                fixture.func.__code__.co_filename).is_relative_to(REPO / "tests"):
            return True
    return False


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under `--dist loadgroup`, give each test one xdist group. The tests of a module that
    share a fixture built once for several of them (the wheel's `dist` and `venv`, a module's
    simulated logs) share one group, so that fixture is built once, on one worker; modules
    linked through a fixture of `SHARED_EXPENSIVE` share one group (a union of linked sets,
    since xdist runs an item with two group names as a third group). Every other test is a
    group of its own, so xdist spreads a module of costly independent tests over both
    workers. xdist sends the largest groups first. Without xdist nothing changes."""
    if config.getoption("dist", "no") == "no" and not hasattr(config, "workerinput"):
        return
    parent: dict[str, str] = {}

    def find(key: str) -> str:
        while parent.setdefault(key, key) != key:
            key = parent[key]
        return key

    keys_of: list[list[str]] = []
    for index, item in enumerate(items):
        shared = _shares_a_built_fixture(item)
        keys = [f"module:{item.path.relative_to(config.rootpath)}" if shared
                else f"alone:{index}"]
        info = getattr(item, "_fixtureinfo", None)
        keys += [f"fixture:{name}" for name in (info.name2fixturedefs if info else ())
                 if name in SHARED_EXPENSIVE]
        for key in keys[1:]:
            parent[find(key)] = find(keys[0])
        keys_of.append(keys)
    for item, keys in zip(items, keys_of, strict=True):
        item.add_marker(pytest.mark.xdist_group(find(keys[0]).replace(":", "-", 1)))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: object, ids: list[str]) -> None:
    """Stop at once when `--dist loadgroup` has silently lost the groups. pytest-xdist carries
    each test's group (every test has one, above) to its scheduler as an `@group` suffix of
    the node id; with pytest 9.2's structured node ids the suffix no longer takes
    (pytest-xdist issue #1386) and every test was scheduled on its own: the packaging module
    built its wheel and environment on both workers, each rulebook was rendered on both, and
    a module's tests that rely on an earlier one's leftovers could run apart. pyproject.toml
    keeps pytest below 9.2; this refuses a combination that does not group rather than let
    it run slow."""
    if node.config.getoption("dist") != "loadgroup":  # type: ignore[attr-defined]
        return
    ungrouped = [i for i in ids if "@" not in i.rpartition("::")[2].rpartition("]")[2]]
    if ungrouped:
        pytest.exit(f"--dist loadgroup did not group {ungrouped[0]} (pytest {pytest.__version__}, "
                    "see pytest-xdist issue #1386): install the versions in constraints.txt "
                    "(bash scripts/setup.sh test)", returncode=3)


WARM_LOCK = "sheetgen_warm_lock"  # a worker's `workerinput` key: the warm-up's lock file


def pytest_configure(config: pytest.Config) -> None:
    """Under xdist, on an empty cache, compile the Captain's Curse fast path (and measure the
    Black Dice figures) once before the workers start, rather than in every worker at once
    (`tests/helpers/warm_caches.py`). The warm-ups hold an exclusive lock on a file of this
    session's own while they run; each worker waits on it before its first test (see
    `pytest_runtestloop`), after its collection, which overlaps the compile. With a warm
    cache (or no xdist) nothing is started."""
    if hasattr(config, "workerinput") or config.getoption("dist", "no") == "no":
        return
    from helpers.warm_caches import fast_path_warm  # (tests/ is on sys.path, as for tests)

    if fast_path_warm():
        return
    folder = Path(tempfile.mkdtemp(prefix="sheetgen-warm-"))
    lock = folder / "lock"
    fd = os.open(lock, os.O_CREAT | os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)  # held by the children's copies of fd until they end
    config.stash[_warm_key] = str(lock)
    config.stash[_warm_procs] = [
        subprocess.Popen([sys.executable, str(REPO / "tests" / "helpers" / "warm_caches.py"),
                          what], pass_fds=(fd,), stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for what in ("captains-curse", "black-dice")]
    os.close(fd)


_warm_key = pytest.StashKey[str]()
_warm_procs = pytest.StashKey[list]()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Reap the warm-ups (so their CPU counts as this run's, for benchmarks/bench_suite.py)
    and remove their lock."""
    for proc in config.stash.get(_warm_procs, []):
        proc.wait()
    lock = config.stash.get(_warm_key, None)
    if lock:
        Path(lock).unlink(missing_ok=True)
        Path(lock).parent.rmdir()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:  # noqa: ANN001 (an xdist WorkerController)
    """Tell each xdist worker where the warm-up's lock is (when one was started)."""
    lock = node.config.stash.get(_warm_key, None)
    if lock:
        node.workerinput[WARM_LOCK] = lock


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> None:
    """A worker waits for the warm-up (if one runs) before its first test. A warm-up that
    failed only costs the time: the tests then compile or measure for themselves."""
    lock = getattr(session.config, "workerinput", {}).get(WARM_LOCK)
    if lock and not session.config.option.collectonly:
        with open(lock) as f:
            fcntl.flock(f, fcntl.LOCK_SH)
