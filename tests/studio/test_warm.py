"""The job forkserver loads compiled code that is already on disk, and never compiles: every
job forks with it (sheetgen/studio/warm.py)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

MODULE = textwrap.dedent("""
    from numba import njit

    @njit(cache=True)
    def triple(x):
        return 3 * x
    """)

PROBE = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[1])
    from sheetgen.cache import numba_cache_for
    with numba_cache_for("probe", [__import__("pathlib").Path(sys.argv[1]) / "probe_mod.py"]):
        import probe_mod
    for what in sys.argv[2].split(","):
        if what == "call":
            print(probe_mod.triple(2))
        else:
            from sheetgen.studio.warm import load_compiled
            loaded = load_compiled("probe_mod")
            stats = probe_mod.triple.stats
            print(loaded, len(probe_mod.triple.overloads), sum(stats.cache_hits.values()),
              sum(stats.cache_misses.values()))
    """)


def _probe(code: Path, cache: Path, what: str) -> list[int]:
    done = subprocess.run([sys.executable, "-c", PROBE, str(code), what], capture_output=True,
                          text=True, timeout=300, cwd=REPO,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin",
                               "SHEETGEN_CACHE": str(cache), "HOME": str(cache)})
    assert done.returncode == 0, done.stderr
    return [int(x) for x in done.stdout.split()]


def test_cached_code_is_loaded_and_nothing_is_compiled(tmp_path):
    code, cache = tmp_path / "code", tmp_path / "cache"
    code.mkdir()
    (code / "probe_mod.py").write_text(MODULE)
    # A cold cache: nothing to load, and nothing compiled either (the first job compiles);
    # then a first use compiles and caches (in the same process: a process start and a
    # numba import less, about 1.5 s of CPU).
    assert _probe(code, cache, "warm,call") == [0, 0, 0, 0, 6]
    # Warm, in a new process: the cached entry is loaded (a cache hit, no miss), ready before
    # any call.
    assert _probe(code, cache, "warm") == [1, 1, 1, 0]


def _forkservers_of(pid: int) -> list[str]:
    """Command lines of `pid`'s child processes that are multiprocessing forkservers."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            status = (entry / "status").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, ValueError):
            continue
        if f"\nPPid:\t{pid}\n" in status and "forkserver" in cmdline:
            found.append(cmdline)
    return found


def test_the_studio_starts_its_job_forkserver_before_the_first_job(tmp_path):
    """The forkserver (and its loading of compiled code) starts with the studio, so the first
    click does not wait for it."""
    import time

    command = [sys.executable, "-c", "from sheetgen.cli import main; main()", "studio"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, cwd=tmp_path,
                            env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin",
                                 "SHEETGEN_CACHE": str(tmp_path / "cache"),
                                 "HOME": str(tmp_path)})
    try:
        assert "http://" in proc.stdout.readline()  # serving; no page was opened, no job run
        deadline = time.monotonic() + 30
        while not _forkservers_of(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _forkservers_of(proc.pid), "no forkserver started with the studio"
    finally:
        proc.terminate()
        proc.wait(30)
