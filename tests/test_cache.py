"""The cache folders: compiled code is keyed by every source it is compiled from, so an edit to
a called module is never answered by stale compiled code (numba alone checks only the file
that defines the function)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sheetgen.cache import cache_root, numba_cache_for, sources_digest

REPO = Path(__file__).resolve().parents[1]


def test_the_root_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "a"))
    assert cache_root() == tmp_path / "a"
    monkeypatch.delenv("SHEETGEN_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "x"))
    assert cache_root() == tmp_path / "x" / "sheetgen"


def test_the_digest_changes_with_any_source_byte(tmp_path):
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("A = 1\n")
    b.write_text("B = 1\n")
    first = sources_digest([a, b])
    assert sources_digest([b, a]) == first  # order given does not matter
    b.write_text("B = 2\n")
    assert sources_digest([a, b]) != first


def test_the_block_sets_numba_cache_dir_and_restores_it(monkeypatch, tmp_path):
    from numba.core import config

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    src = tmp_path / "m.py"
    src.write_text("X = 1\n")
    before = config.CACHE_DIR
    with numba_cache_for("demo", [src]) as folder:
        assert config.CACHE_DIR == str(folder)
        assert folder.parent == tmp_path / "mine"  # a user's NUMBA_CACHE_DIR is the parent
        assert folder.name == f"demo-{sources_digest([src])}"
    assert config.CACHE_DIR == before


PROBE = """
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])
from sheetgen.cache import numba_cache_for
here = Path(sys.argv[1])
with numba_cache_for("probe", [here / "caller.py", here / "callee.py"]) as folder:
    import caller
print(caller.f(), folder)
"""


def _run(folder: Path, cache: Path) -> tuple[int, Path]:
    done = subprocess.run([sys.executable, "-c", PROBE, str(folder)], capture_output=True,
                          text=True, timeout=300, cwd=REPO,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin",
                               "SHEETGEN_CACHE": str(cache), "HOME": str(cache)})
    assert done.returncode == 0, done.stderr
    value, where = done.stdout.split()
    return int(value), Path(where)


def _caller_and_callee(code: Path) -> Path:
    """`code/caller.py` (f, cached, returns 10 * g()) and `code/callee.py` (g, returns 1)."""
    code.mkdir()
    (code / "caller.py").write_text(
        "from numba import njit\nfrom callee import g\n\n"
        "@njit(cache=True)\ndef f():\n    return g() * 10\n")
    (code / "callee.py").write_text("from numba import njit\n\n@njit(cache=True)\n"
                                    "def g():\n    return 1\n")
    return code


@pytest.fixture(scope="module")
def compiled_once(tmp_path_factory) -> tuple[Path, Path, Path]:
    """(code, cache, folder): `_caller_and_callee` compiled by a first process into its keyed
    folder of `cache`, once for the tests below that start from there (each compile is a
    process of its own, about 2 s of CPU). They only read it, or work on copies."""
    root = tmp_path_factory.mktemp("compiled-once")
    code = _caller_and_callee(root / "code")
    cache = root / "cache"
    value, folder = _run(code, cache)
    assert value == 10
    assert list(folder.rglob("*.nbi")), "the compiled caller is cached in the keyed folder"
    return code, cache, folder


def test_an_edit_to_a_called_module_is_never_answered_from_a_stale_cache(compiled_once,
                                                                         tmp_path):
    """The caller's file is untouched, so numba's own check (the defining file's date and
    size) would load the compiled f of `compiled_once`, which returns 10. (That a copy of
    unchanged sources is answered from the same folder is the test below: a run of it here
    cost a process, about 2 s of CPU, and guarded nothing more.)"""
    shared_code, shared_cache, shared_folder = compiled_once
    code, cache = tmp_path / "code", tmp_path / "cache"  # copies: this test edits them
    shutil.copytree(shared_code, code)
    shutil.copytree(shared_cache, cache)
    first = cache / shared_folder.relative_to(shared_cache)
    assert list(first.rglob("*.nbi")), "the copied cache holds the compiled caller"
    callee = code / "callee.py"
    callee.write_text(callee.read_text().replace("return 1", "return 2"))
    value, second = _run(code, cache)
    assert value == 20 and second != first


def test_copies_of_the_same_sources_at_other_paths_share_one_compiled_copy(compiled_once,
                                                                           tmp_path):
    """An installed wheel beside the checkout, a second virtual environment: the same bytes
    at another path load the compiled code instead of compiling it again."""
    code, cache, folder = compiled_once
    compiled = sorted(p.relative_to(folder) for p in folder.rglob("*.nb*"))
    assert compiled
    copy = tmp_path / "elsewhere" / "code"
    shutil.copytree(code, copy)
    assert _run(copy, cache) == (10, folder)
    assert sorted(p.relative_to(folder) for p in folder.rglob("*.nb*")) == compiled


LOCKED_PROBE = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from sheetgen.cache import numba_cache_for
here = Path(sys.argv[1])
with numba_cache_for("probe", [here / "caller.py", here / "callee.py"]):
    import callee
    import caller
if sys.argv[2] == "unlocked":  # as if compile_lock were not there
    vars(caller.f).pop("compile", None), vars(callee.g).pop("compile", None)
print("calling", flush=True)
assert caller.f() == 10
print(sum(caller.f.stats.cache_misses.values()), sum(caller.f.stats.cache_hits.values()))
"""


def test_a_process_waits_for_anothers_compile_and_loads_it(tmp_path):
    """Two processes that need the same compiled code at once (the suite's warm-up and a
    worker, two pad workers on a new machine) compile it once: while one compiles (here
    the test holds the lock, then compiles in a process of its own that skips the lock),
    the other waits and then loads the saved code instead of compiling it too."""
    from sheetgen.cache import made_once

    code = _caller_and_callee(tmp_path / "code")
    cache = tmp_path / "cache"
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "SHEETGEN_CACHE": str(cache),
           "HOME": str(cache)}
    folder = cache / "numba" / f"probe-{sources_digest([code / 'caller.py', code / 'callee.py'])}"

    def probe(mode: str, **kwargs):
        return subprocess.Popen([sys.executable, "-c", LOCKED_PROBE, str(code), mode],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                cwd=REPO, env=env, **kwargs)

    with made_once(folder):  # another process is compiling
        waiting = probe("locked")
        assert waiting.stdout.readline() == "calling\n", waiting.communicate()
        compiling = probe("unlocked")
        out, err = compiling.communicate(timeout=300)
        assert compiling.returncode == 0, err
        assert out.split()[1:] == ["1", "0"]  # it compiled f
    out, err = waiting.communicate(timeout=300)
    assert waiting.returncode == 0, err
    assert out.split() == ["0", "1"]  # the waiting process loaded f, compiled nothing


def test_cached_json_measures_once_per_digest(tmp_path, monkeypatch):
    """Figures are computed once, read back while the sources and settings stay the same,
    and computed again when either changes; an unwritable cache only costs the time."""
    from sheetgen.cache import cached_json

    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    source = tmp_path / "engine.py"
    source.write_text("x = 1\n")
    calls = []

    def measure():
        calls.append(1)
        return {"rate": 0.25, "n": len(calls)}

    assert cached_json("t", [source], "seed 1", measure) == {"rate": 0.25, "n": 1}
    assert cached_json("t", [source], "seed 1", measure) == {"rate": 0.25, "n": 1}
    assert cached_json("t", [source], "seed 2", measure)["n"] == 2
    source.write_text("x = 2\n")
    assert cached_json("t", [source], "seed 1", measure)["n"] == 3
    assert len(calls) == 3
    (tmp_path / "blocked").write_text("a file where the cache folder would go")
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "blocked"))
    assert cached_json("t", [source], "seed 1", measure)["n"] == 4



def test_is_cached_says_whether_cached_json_would_compute(tmp_path, monkeypatch):
    """Figures shipped under the current key, or cached, are there; shipped under another
    key, or not yet measured, they are not (and `cached_json` agrees each time)."""
    from sheetgen.cache import cached_json, is_cached, shipped_text, sources_key

    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    source = tmp_path / "engine.py"
    source.write_text("x = 1\n")
    shipped = tmp_path / "shipped.json"
    shipped.write_text(shipped_text("another key", {"n": 0}))
    assert not is_cached("t", [source], "seed 1", shipped=shipped)
    assert cached_json("t", [source], "seed 1", lambda: {"n": 1}, shipped=shipped) == {"n": 1}
    assert is_cached("t", [source], "seed 1") and is_cached("t", [source], "seed 1", shipped)
    assert not is_cached("t", [source], "seed 2", shipped=shipped)
    shipped.write_text(shipped_text(sources_key([source], "seed 2"), {"n": 2}))
    assert is_cached("t", [source], "seed 2", shipped=shipped)
    assert cached_json("t", [source], "seed 2", lambda: pytest.fail("computed"),
                       shipped=shipped) == {"n": 2}

def _measure_in_a_process(cache: str, source: str, log: str) -> dict:
    import os
    import time

    from sheetgen.cache import cached_json

    os.environ["SHEETGEN_CACHE"] = cache

    def measure():
        with open(log, "a") as f:
            f.write(f"{os.getpid()}\n")
        time.sleep(1.0)  # long enough for the other process to ask meanwhile
        return {"by": os.getpid()}

    return cached_json("t", [Path(source)], "seed 1", measure)


def test_processes_asking_at_once_measure_once(tmp_path):
    """Two processes that need the same figures at the same moment (two test workers, two
    books of `rulebook --all`) measure them once: the second waits and reads the first's."""
    import multiprocessing

    source = tmp_path / "engine.py"
    source.write_text("x = 1\n")
    log = tmp_path / "measured.log"
    args = (str(tmp_path / "cache"), str(source), str(log))
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.starmap(_measure_in_a_process, [args, args])
    assert len(log.read_text().split()) == 1
    assert results[0] == results[1]
