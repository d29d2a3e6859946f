"""Start-up benchmark (prints measured figures; not a test).

    .venv/bin/python benchmarks/bench_startup.py [--repeat 7]

Times `sheetgen --version`, `sheetgen --help` and the game groups' `--help` in fresh
processes against the floor any command pays, `python -c "import click, yaml, reportlab"`,
measured in the same run, and prints each as a ratio to that baseline (target: within
1.5x), with CPU time and peak memory.
The command is started as the console script does (`from sheetgen.cli import main`), with
this checkout first on the path.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import load_average, measure  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SHEETGEN = [sys.executable, "-c", "import sys; from sheetgen.cli import main; sys.exit(main())"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cases = {
        "baseline: import click, yaml, reportlab":
            [sys.executable, "-c", "import click, yaml, reportlab"],
        "sheetgen --version": [*SHEETGEN, "--version"],
        "sheetgen --help": [*SHEETGEN, "--help"],
    }
    # Each game group's listing (its commands load only when one runs).
    for group in ("captains-curse", "swashbuckle", "black-dice"):
        cases[f"sheetgen {group} --help"] = [*SHEETGEN, group, "--help"]
    print(f"load average before: {load_average()}; best of {args.repeat} runs")
    results = {name: measure(cmd, args.repeat, env=env) for name, cmd in cases.items()}
    base = results["baseline: import click, yaml, reportlab"]["best"]
    for name, r in results.items():
        print(f"{name:42s} {r['best'] * 1000:7.0f} ms (median {r['median'] * 1000:5.0f}) "
              f"cpu {r['cpu'] * 1000:5.0f} ms  peak {r['peak_mib']:5.1f} MiB  "
              f"{r['best'] / base:5.2f}x baseline")
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
