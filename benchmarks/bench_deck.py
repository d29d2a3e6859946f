"""Deck render benchmark against protograf (prints measured figures; not a test).

    .venv/bin/python benchmarks/bench_deck.py [--repeat 3] [--no-protograf]

Renders the same 54-card deck, 3 x 3 poker cards per A4 sheet (six sheets), with
`sheetgen render benchmarks/deck54.yaml` and with protograf 0.5.2, each in fresh processes:
wall time (best and median of --repeat), CPU time and peak memory, and the ratio. protograf
is installed from the package registry into its own virtual environment the first time
(`~/.cache/sheetgen-bench/protograf-0.5.2`; it pins other versions of shared packages such as
Pillow, so it cannot share sheetgen's). Both draw a rounded frame, a title, a gold badge, a
number and a footer per card; protograf's script is written next to its output.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _timing import load_average, measure  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "benchmarks" / "deck54.yaml"
PROTOGRAF = "protograf==0.5.2"
VENV = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "sheetgen-bench" \
    / "protograf-0.5.2"
SHEETGEN = [sys.executable, "-c", "import sys; from sheetgen.cli import main; sys.exit(main())"]

PROTOGRAF_SCRIPT = '''
from protograf import *

Create(filename={out!r}, paper="A4", margin_top=1.65, margin_left=1.05, margin_bottom=1.0,
       margin_right=1.0)
SUITS = ["Cutlass", "Pistol", "Compass", "Anchor", "Skull", "Coin"]
Data(data_list=[["n", "suit"]] + [[i, SUITS[i % 6]] for i in range(1, 55)])
Deck(cards=54, card_size="poker", cols=3, rows=3, grid_marks=True)
Card("*",
     rectangle(x=0.3, y=0.3, width=5.7, height=8.2, rounding=0.3, stroke="navy",
               stroke_width=1),
     text(text=T("{{{{ suit }}}}"), x=3.15, y=1.5, font_size=16),
     circle(cx=3.15, cy=4.4, radius=1.5, fill="gold"),
     text(text=T("{{{{ n }}}}"), x=3.15, y=4.6, font_size=24),
     text(text=T("Card {{{{ n }}}} of 54"), x=3.15, y=7.9, font_size=8))
Save()
'''


def protograf_python() -> Path:
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"installing {PROTOGRAF} into {VENV} (once)...", flush=True)
        clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", PROTOGRAF], check=True,
                       env=clean)
    return python


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-protograf", action="store_true")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    work = Path(tempfile.mkdtemp(prefix="bench-deck-"))
    print(f"load average before: {load_average()}; {args.repeat} runs each, fresh processes")
    ours = measure([*SHEETGEN, "render", str(DECK), "-q", "-o", str(work / "sheetgen.pdf")],
                   args.repeat, env=env)
    rows = {"sheetgen render": ours}
    if not args.no_protograf:
        python = protograf_python()
        script = work / "deck_protograf.py"
        script.write_text(PROTOGRAF_SCRIPT.format(out=str(work / "protograf.pdf")))
        penv = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        measure([str(python), str(script)], 1, cwd=str(work), env=penv)  # warm caches
        if not (work / "protograf.pdf").exists():
            raise SystemExit(f"protograf wrote no PDF: run {python} {script} to see why")
        rows["protograf 0.5.2"] = measure([str(python), str(script)], args.repeat,
                                          cwd=str(work), env=penv)
    for name, r in rows.items():
        print(f"{name:18s} best {r['best']:6.2f} s  median {r['median']:6.2f} s  "
              f"cpu {r['cpu']:6.2f} s  peak {r['peak_mib']:6.1f} MiB")
    if "protograf 0.5.2" in rows:
        theirs = rows["protograf 0.5.2"]
        print(f"protograf / sheetgen: {theirs['best'] / ours['best']:.2f}x wall (best), "
              f"{theirs['cpu'] / ours['cpu']:.2f}x cpu")
        for pdf in ("sheetgen.pdf", "protograf.pdf"):
            path = work / pdf
            size = f"{path.stat().st_size / 1024:.0f} KiB" if path.exists() else "missing"
            print(f"  {pdf}: {size}")
    print(f"load average after: {load_average()}; files in {work}")


if __name__ == "__main__":
    main()
