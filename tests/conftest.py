"""Shared fixtures for every test folder: a click runner, a layout writer and PDF helpers.

Keep this small and general; helpers that read PDFs back live in `tests/helpers/pdfcheck.py`.
"""

from __future__ import annotations

import fcntl
import functools
import gc
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers.session_files import SessionFiles  # (tests/ is on sys.path, as for tests)
from helpers.slow_step import (
    HIDDEN_SLOW,
    hidden_message,
    hidden_slow_tests,
    is_slow_step,
    skipped_in_slow_step,
)

REPO = Path(__file__).resolve().parents[1]
SHARED_FOLDER = "sheetgen_shared_folder"  # a worker's `workerinput` key: `session_files`
RUN_FILES = "SHEETGEN_TEST_RUN_FILES"  # scripts/test.sh's folder for both steps' shared files


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


class _BundledPdfs:
    """`bundled_pdf(name)`: the PDF bytes of a bundled output, rendered on first use (once
    per run, by whichever xdist worker asks first: `session_files`):
    "pad:GAME:PAPER" (and "pad:GAME:PAPER<suffix>" for a pad's extra files),
    "render:LAYOUT" (defaults, as `sheetgen render` prints it), "example:NAME"
    (layouts/examples/NAME.yaml), "cmyk:LAYOUT" (`--colorspace cmyk`, PDF/X-4),
    "x1a:LAYOUT" (`--pdfx x1a`)."""

    def __init__(self, files: SessionFiles):
        self.files = files

    def __call__(self, name: str) -> bytes:
        kind, _, rest = name.partition(":")
        if kind == "pad":  # an extra file of a pad ("pad:voodoo:a2-board-a2") comes with it
            game, paper = rest.rsplit(":", 1)
            pad = f"pad:{game}:{paper.split('-')[0]}"
            return self.files.read(name, lambda: self._pad(pad, game), lock=pad)
        return self.files.read(name, lambda: {name: self._render(kind, rest)})

    @staticmethod
    def _pad(name: str, game: str) -> dict[str, bytes]:
        from sheetgen import registry
        from sheetgen.registry import Pad

        paper = name.rsplit(":", 1)[1]
        builder = registry.find(game).pad_builder()
        options = {"count": 2, "seed": 7} if game == "captains-curse" else {"paper": paper}
        result = builder(**options)
        pad = result if isinstance(result, Pad) else Pad(*result)
        return {name: pad.pdf, **{name + suffix: data for suffix, data in pad.extras}}

    @staticmethod
    def _render(kind: str, rest: str) -> bytes:
        from sheetgen.layout.bundled import find_layout
        from sheetgen.layout.document import RenderOptions, load_layout
        from sheetgen.render.output import render_pdf

        path = (REPO / "layouts" / "examples" / f"{rest}.yaml" if kind == "example"
                else find_layout(rest))
        press = kind in ("cmyk", "x1a")
        layout = load_layout(path, RenderOptions(
            colorspace="cmyk" if press else None, pdfx="x1a" if kind == "x1a" else None))
        count = layout.imposition.per_sheet if (
            len(layout.data) == 1 and layout.imposition is not None) else 1
        return render_pdf(layout, count)


@pytest.fixture(scope="session")
def session_files(request: pytest.FixtureRequest,
                  tmp_path_factory: pytest.TempPathFactory) -> SessionFiles:
    """Files built once per run and shared by every xdist worker of it (rulebook renders,
    bundled outputs; `tests/helpers/session_files.py`): in the folder scripts/test.sh made
    for both its steps (`$SHEETGEN_TEST_RUN_FILES`, removed when it ends, so a file one step
    built serves the other), else in the folder the controller made for the run, or without
    xdist in this session's own."""
    folder = os.environ.get(RUN_FILES) or getattr(request.config, "workerinput", {}).get(
        SHARED_FOLDER)
    return SessionFiles(Path(folder) if folder else tmp_path_factory.mktemp("session-files"))


@pytest.fixture(scope="session")
def bundled_pdf(session_files: SessionFiles) -> Callable[[str], bytes]:
    """A function: the PDF bytes of a bundled output (see `_BundledPdfs`), rendered once per
    run however many tests, on however many workers, ask for it."""
    return _BundledPdfs(session_files)


# Fixtures that are costly to build, shared beyond one module and held by each worker
# itself (the headless browser): under pytest-xdist (scripts/test.sh runs the suite with
# `-n auto --dist loadgroup`) every test that uses one of them goes to the same worker, so
# each is built once per run rather than once per worker. (Rulebook renders and bundled
# outputs are files every worker shares, `session_files`: their tests spread.)
SHARED_EXPENSIVE = frozenset({"browser"})


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


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """In the slow step (`-m slow`), leave out the test files that never name the slow mark
    (`tests/helpers/slow_step.py`): their tests would all be deselected."""
    if is_slow_step(config) and skipped_in_slow_step(collection_path):
        return True
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Outside the slow step, first refuse a suite with a test marked slow that the slow
    step would not collect (`tests/helpers/slow_step.py`).

    Under `--dist loadgroup`, give each test one xdist group. The tests of a module that
    share a fixture built once for several of them (the wheel's `dist` and `venv`, a module's
    simulated logs) share one group, so that fixture is built once, on one worker; modules
    linked through a fixture of `SHARED_EXPENSIVE` share one group (a union of linked sets,
    since xdist runs an item with two group names as a third group). Every other test is a
    group of its own, so xdist spreads a module of costly independent tests over both
    workers.

    Then the groups are put in order, the longest first by the recorded durations
    (`tests/helpers/durations.py`, a hint: a test it does not know counts as short), each
    group's tests in their own order; xdist hands out groups in this order (its own
    reordering by test count is switched off, `pytest_configure`), so the last groups to
    start are short ones and no worker finishes a three-minute test alone while the other
    idles. While the Captain's Curse fast path compiles (an empty cache), the groups of
    tests that may play it come after all the others (`_plays_captains_curse`). Without
    xdist nothing changes."""
    hidden = [] if is_slow_step(config) else hidden_slow_tests(items)
    folder = getattr(config, "workerinput", {}).get(SHARED_FOLDER)
    if hidden and folder:  # a worker's exit does not stop the run: the controller stops it
        (Path(folder) / HIDDEN_SLOW).write_text(hidden_message(hidden[0]))
    elif hidden:
        pytest.exit(hidden_message(hidden[0]), returncode=4)
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
    groups: dict[str, list[pytest.Item]] = {}
    for item, keys in zip(items, keys_of, strict=True):
        group = find(keys[0]).replace(":", "-", 1)
        item.add_marker(pytest.mark.xdist_group(group))
        groups.setdefault(group, []).append(item)
    from helpers.durations import estimate

    costs = {group: sum(estimate(item.nodeid) for item in members)
             for group, members in groups.items()}
    compiling = getattr(config, "workerinput", {}).get(COMPILING)
    later = {group: compiling and any(_plays_captains_curse(item.path) for item in members)
             for group, members in groups.items()}
    items[:] = [item for group in sorted(groups, key=lambda g: (later[g], -costs[g]))
                for item in groups[group]]


@functools.cache
def _plays_captains_curse(path: Path) -> bool:
    """Whether a test file may run Captain's Curse games (its path or its text names the
    game): while the fast path compiles on an empty cache, such tests would wait for it
    (its lock, `sheetgen.cache.compile_lock`), so they go after the others, which keep both
    workers busy meanwhile (both workers started on long Captain's Curse tests and waited
    about 100 s; the island digests' tests, named only by their folder, made both wait in
    a first try). A test this misses only waits on its worker."""
    try:
        return "captains" in str(path) or "captains" in path.read_text(
            encoding="utf-8").lower()
    except (OSError, UnicodeDecodeError):
        return False


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
    hidden = Path(node.config.stash[_folder_key], HIDDEN_SLOW)  # type: ignore[attr-defined]
    if hidden.is_file():  # written by the worker before it reported its collection
        pytest.exit(hidden.read_text(), returncode=4)
    ungrouped = [i for i in ids if "@" not in i.rpartition("::")[2].rpartition("]")[2]]
    if ungrouped:
        pytest.exit(f"--dist loadgroup did not group {ungrouped[0]} (pytest {pytest.__version__}, "
                    "see pytest-xdist issue #1386): install the versions in constraints.txt "
                    "(bash scripts/setup.sh test)", returncode=3)


WARM_LOCK = "sheetgen_warm_lock"  # a worker's `workerinput` key: the warm-up's lock file
COMPILES = frozenset({"captains-curse"})  # warm-ups the workers do not wait for (see below)
COMPILING = "sheetgen_compiling"  # a worker's `workerinput` key: a COMPILES warm-up runs


def pytest_configure(config: pytest.Config) -> None:
    """Under xdist (in the controller): make the run's shared folder (`session_files`), let
    the collection hook's order stand (xdist would sort groups by test count), and, on an
    empty cache, fill what every worker would otherwise compute or wait for (the Captain's
    Curse fast path's compile, the Black Dice and Voodoo book figures) before the workers
    start, each in a process of its own at the same time (`tests/helpers/warm_caches.py`).
    The warm-ups that measure hold an exclusive lock on a file of this session's own while
    they run; each worker waits on it before its first test (see `pytest_runtestloop`),
    after its collection, which overlaps them. The compile (`COMPILES`) is not waited for
    here: every process that needs the fast path, a worker or a command a test starts,
    waits on the compile's own lock (`sheetgen.cache.compile_lock`) when it needs it, then
    loads the code, so the workers run the other tests meanwhile (they idled about 100 s of
    a core on an empty cache). With a warm cache (or no xdist) none is started."""
    if hasattr(config, "workerinput") or config.getoption("dist", "no") == "no":
        return
    config.option.loadscopereorder = False
    folder = Path(tempfile.mkdtemp(prefix="sheetgen-session-"))
    config.stash[_folder_key] = str(folder)
    from helpers.warm_caches import cold

    warm_ups = cold()
    if not warm_ups:
        return
    lock = folder / "warm-up.lock"
    fd = os.open(lock, os.O_CREAT | os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)  # held by the children's copies of fd until they end
    if set(warm_ups) - COMPILES:
        config.stash[_warm_key] = str(lock)
    config.stash[_warm_procs] = [
        subprocess.Popen([sys.executable, str(REPO / "tests" / "helpers" / "warm_caches.py"),
                          what], pass_fds=() if what in COMPILES else (fd,),
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
        for what in warm_ups]
    os.close(fd)


_folder_key = pytest.StashKey[str]()
_warm_key = pytest.StashKey[str]()
_warm_procs = pytest.StashKey[list]()


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Reap the warm-ups (so their CPU counts as this run's, for benchmarks/bench_suite.py)
    and remove the run's folder (the shared files, the warm-up's lock).

    Last of all (after pytest's own garbage collection, which reports the unraisable
    exceptions of whatever the tests left in reference cycles), every object still alive
    is frozen out of the garbage collector (`gc.freeze`): the process is ending, and the
    collections still to come (pytest's second at its cleanup, the interpreter's at exit)
    walked the whole heap of every module imported (numba, WeasyPrint, hypothesis...) for
    nothing, 1.3-2 s of CPU per pytest process, each xdist worker of both steps."""
    for proc in config.stash.get(_warm_procs, []):
        proc.wait()
    folder = config.stash.get(_folder_key, None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
    gc.freeze()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:  # noqa: ANN001 (an xdist WorkerController)
    """Tell each xdist worker where the run's shared folder and the warm-up's lock (when one
    was started) are, and whether the fast path is being compiled."""
    folder = node.config.stash.get(_folder_key, None)
    if folder:
        node.workerinput[SHARED_FOLDER] = folder
    lock = node.config.stash.get(_warm_key, None)
    if lock:
        node.workerinput[WARM_LOCK] = lock
    node.workerinput[COMPILING] = any(
        proc.args[-1] in COMPILES for proc in node.config.stash.get(_warm_procs, []))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Before any test can point SHEETGEN_CACHE elsewhere, tie the compiled kernels to this
    run's cache (`tests/helpers/warm_caches.py`, `bind_compiled_code`)."""
    if not hasattr(session.config, "workerinput") and session.config.getoption(
            "dist", "no") != "no":
        return  # the xdist controller runs no test
    from helpers.warm_caches import bind_compiled_code

    bind_compiled_code()


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> None:
    """A worker waits for the warm-up (if one runs) before its first test. A warm-up that
    failed only costs the time: the tests then compile or measure for themselves."""
    lock = getattr(session.config, "workerinput", {}).get(WARM_LOCK)
    if lock and not session.config.option.collectonly:
        with open(lock) as f:
            fcntl.flock(f, fcntl.LOCK_SH)
