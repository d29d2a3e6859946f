"""Measure the test suite as scripts/test.sh runs it: wall time and CPU time of each step,
and which tests cost the CPU.

    .venv/bin/python benchmarks/bench_suite.py                     # both steps, this checkout
    .venv/bin/python benchmarks/bench_suite.py --cold              # a fresh clone, empty caches
    .venv/bin/python benchmarks/bench_suite.py tests/rulebooks     # a slice (pytest arguments)
    .venv/bin/python benchmarks/bench_suite.py --workers 0 tests/cli   # one process, no xdist

Wall time on a shared machine says little, so beside it the script prints the CPU time of
each step (the pytest process and all its descendants: xdist workers, the CLI tests'
subprocesses, compilers) and, through a small pytest plugin loaded into every worker (this
module, `-p bench_suite`), the CPU each test took from setup to teardown, its own process's
and its subprocesses'. With N free cores the suite's wall time is at least the larger of
CPU / N and the longest group that must run on one worker; the load (`uptime`) is printed
before and after. `--cold` measures what CI sees on a new machine: a fresh `git clone` of
HEAD (no bytecode, no numba cache beside the sources) with empty sheetgen and XDG caches;
`--cache DIR` keeps the caches in DIR (run twice for cold then warm). Nothing is timed
inside a test; this only measures.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STEPS = ("not slow", "slow")
OUT_ENV = "BENCH_SUITE_OUT"


# ------------------------------------------------------------------ the pytest plugin

def _cpu() -> float:
    """This process's CPU, its reaped children's, and what its live descendants have used
    and reaped so far: a studio job runs in a child of multiprocessing's forkserver, which
    reaps it, so without the last term its CPU would count for no test."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime + _descendants_cpu()


_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _children(pid: int) -> list[int]:
    """The live children of `pid` (the `children` files of its threads; Linux 3.5+)."""
    kids: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            kids += [int(k) for k in task.read_text().split()]
        except OSError:
            pass
    return kids


def _descendants_cpu() -> float:
    """utime + stime + cutime + cstime of every live descendant (Linux /proc; else 0). The
    difference of two readings counts a descendant once whether it is still alive, was reaped
    by this process (then in RUSAGE_CHILDREN) or by another descendant (then in its cutime).
    Only the descendants are read, from each process's `children` files: reading every
    process's `stat` (hundreds with a browser running) took 40-80 ms per test under load,
    between the tests, which made each worker's run a minute longer in a whole suite."""
    total, todo = 0.0, _children(os.getpid())
    while todo:
        pid = todo.pop()
        try:
            text = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()  # after "pid (name) "
        total += sum(int(f) for f in fields[11:15]) / _TICK
        todo.extend(_children(pid))
    return total


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """CPU from this test's setup to its teardown (fixtures it builds first count for it)."""
    start = _cpu()
    yield
    folder = os.environ.get(OUT_ENV)
    if folder:
        with open(Path(folder) / f"tests-{os.getpid()}.jsonl", "a", encoding="utf-8") as f:
            f.write(json.dumps({"test": item.nodeid, "cpu": _cpu() - start}) + "\n")


# ------------------------------------------------------------------ the runner

def _children_cpu() -> float:
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return kids.ru_utime + kids.ru_stime


def _uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def run_step(repo: Path, step: str, workers: str, args: list[str], env: dict[str, str],
             out: Path) -> dict:
    cmd = [sys.executable, "-m", "pytest", "-p", "bench_suite", "-m", step,
           "-p", "no:cacheprovider", *args]
    if workers != "0":
        cmd[3:3] = ["-n", workers, "--dist", "loadgroup"]
    cpu0, wall0 = _children_cpu(), time.perf_counter()
    done = subprocess.run(cmd, cwd=repo, env={**env, OUT_ENV: str(out)}, capture_output=True,
                          text=True)
    wall, cpu = time.perf_counter() - wall0, _children_cpu() - cpu0
    last = (done.stdout.strip().splitlines() or [""])[-1]
    if done.returncode not in (0, 5):
        print(done.stdout[-4000:], done.stderr[-2000:], sep="\n")
    return {"step": step, "wall": wall, "cpu": cpu, "status": done.returncode, "last": last}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", default="auto", help="pytest-xdist -n (0: one process)")
    ap.add_argument("--cold", action="store_true",
                    help="a fresh clone of HEAD and empty caches (what CI sees)")
    ap.add_argument("--cache", type=Path, help="keep the caches here (default: a temp folder "
                    "with --cold, else the user's own)")
    ap.add_argument("--top", type=int, default=25, help="list the N costliest tests")
    ap.add_argument("pytest_args", nargs=argparse.REMAINDER)
    opts = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-suite-"))
    repo = ROOT
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if opts.cold:
        repo = work / "clone"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(repo)], check=True)
        (repo / ".venv").symlink_to(ROOT / ".venv")
    cache = opts.cache or (work / "cache" if opts.cold else None)
    if cache:
        cache.mkdir(parents=True, exist_ok=True)
        env.update(SHEETGEN_CACHE=str(cache / "sheetgen"), XDG_CACHE_HOME=str(cache))
    env["PYTHONPATH"] = os.pathsep.join([str(repo), str(ROOT / "benchmarks")])

    print(f"bench_suite: {repo} ({'cold' if opts.cold else 'this checkout'}), "
          f"workers {opts.workers}, {os.cpu_count()} cores")
    print(f"before: {_uptime()}")
    results = []
    for step in STEPS:
        out = work / step.replace(" ", "-")
        out.mkdir()
        results.append(run_step(repo, step, opts.workers, opts.pytest_args, env, out))
        r = results[-1]
        print(f"  -m {step!r:11} wall {r['wall']:7.1f} s  CPU {r['cpu']:7.1f} s  "
              f"exit {r['status']}  {r['last']}")
    print(f"after:  {_uptime()}")
    wall, cpu = sum(r["wall"] for r in results), sum(r["cpu"] for r in results)
    print(f"total: wall {wall:.1f} s, CPU {cpu:.1f} s (CPU / 2 cores: {cpu / 2:.1f} s)")

    tests: dict[str, float] = {}
    for path in work.glob("*/tests-*.jsonl"):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            tests[row["test"]] = tests.get(row["test"], 0.0) + row["cpu"]
    by_module: dict[str, float] = defaultdict(float)
    for name, cpu_s in tests.items():
        by_module[name.split("::")[0]] += cpu_s
    print(f"\nCPU in tests: {sum(tests.values()):.1f} s over {len(tests)} tests "
          "(the rest: start-up, collection, xdist)")
    print("costliest modules (CPU s):")
    for name, cpu_s in sorted(by_module.items(), key=lambda kv: -kv[1])[:opts.top]:
        print(f"  {cpu_s:7.1f}  {name}")
    print("costliest tests (CPU s, setup to teardown):")
    for name, cpu_s in sorted(tests.items(), key=lambda kv: -kv[1])[:opts.top]:
        print(f"  {cpu_s:7.1f}  {name}")
    shutil.rmtree(work, ignore_errors=True)
    failed = [r["status"] for r in results if r["status"] not in (0, 5)]
    sys.exit(failed[0] if failed else 0)


if __name__ == "__main__":
    main()
