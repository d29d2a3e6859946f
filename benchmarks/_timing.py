"""Shared helper for the startup and deck benchmarks: run a command in a fresh process and
measure its wall time, CPU time and peak memory (from wait4, so each figure belongs to that
process and its own children are not mixed in)."""

from __future__ import annotations

import os
import statistics
import subprocess
import time
from dataclasses import dataclass


@dataclass
class Run:
    wall: float
    cpu: float
    peak_mib: float


def run_once(args: list[str], cwd: str | None = None, env: dict | None = None) -> Run:
    start = time.perf_counter()
    proc = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({proc.returncode}):\n{err}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def measure(args: list[str], repeat: int, **kwargs) -> dict[str, float]:
    """Best and median wall time, CPU of the best run, the highest peak memory seen."""
    runs = [run_once(args, **kwargs) for _ in range(repeat)]
    best = min(runs, key=lambda r: r.wall)
    return {"best": best.wall, "median": statistics.median(r.wall for r in runs),
            "cpu": best.cpu, "peak_mib": max(r.peak_mib for r in runs)}


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())
