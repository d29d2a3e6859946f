"""Scorecard pad benchmark (prints measured figures; not a test).

    .venv/bin/python benchmarks/bench_scorecard_pad.py [--cards 100] [--repeat 1]

Renders the bundled Swashbuckle scorecard as a pad of `--cards` cards (two per A4 sheet, so
100 cards are 50 sheets) and as a 2-card pad, each in a fresh process so that peak memory
(maxrss) belongs to that run alone; then the same with PDF forms disabled (every sheet drawn
in full), by a canvas subclass that ignores begin_form/use_form, without touching the product
code. Reports seconds (best of --repeat), sheets per second, cards per second, peak memory,
file sizes and the big/small size ratio. Timings on a shared machine vary: say so when
quoting them.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _one(cards: int, forms: bool) -> dict:
    """Render once in this process; return the measurements."""
    sys.path.insert(0, str(ROOT))
    from sheetgen.layout.bundled import find_layout
    from sheetgen.layout.document import load_layout
    from sheetgen.render.compose import compose
    from sheetgen.render.pdf import PdfCanvas

    class NoForms(PdfCanvas):
        """Draws shared artwork inline on every page instead of through one form."""

        def begin_form(self, key: str) -> bool:
            return True

        def end_form(self) -> None:
            pass

        def use_form(self, key: str) -> None:
            pass

    start = time.perf_counter()
    layout = load_layout(find_layout("swashbuckle/scorecard"))
    canvas = (PdfCanvas if forms else NoForms)(title=layout.name)
    sheets = compose(layout, canvas, count=cards)
    data = canvas.finish()
    seconds = time.perf_counter() - start
    try:
        import _rl_accel  # noqa: F401
        accel = True
    except ImportError:
        accel = False
    return {"cards": cards, "sheets": sheets, "seconds": seconds, "bytes": len(data),
            "maxrss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            "forms": forms, "rl_accel": accel}


def _run(cards: int, forms: bool, repeat: int) -> dict:
    best = None
    for _ in range(repeat):
        out = subprocess.run([sys.executable, __file__, "--one", str(cards),
                              "--forms" if forms else "--no-forms"],
                             capture_output=True, text=True, check=True)
        result = json.loads(out.stdout)
        if best is None or result["seconds"] < best["seconds"]:
            best = result
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--forms", dest="forms", action="store_true", default=True,
                    help=argparse.SUPPRESS)
    ap.add_argument("--no-forms", dest="forms", action="store_false", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one is not None:
        print(json.dumps(_one(args.one, args.forms)))
        return

    print(f"Swashbuckle scorecard pad, {args.cards} cards vs 2 cards "
          f"(best of {args.repeat}, each run in a fresh process)")
    rows = []
    for forms in (True, False):
        big, small = _run(args.cards, forms, args.repeat), _run(2, forms, args.repeat)
        rows.append((forms, big, small))
        label = "forms on " if forms else "forms off"
        for r in (big, small):
            print(f"  {label} {r['cards']:>4} cards {r['sheets']:>3} sheets: "
                  f"{r['seconds']:6.2f} s, {r['sheets'] / r['seconds']:6.1f} sheets/s, "
                  f"{r['cards'] / r['seconds']:6.1f} cards/s, "
                  f"peak {r['maxrss_kib'] / 1024:5.0f} MiB, {r['bytes'] / 1024:7.1f} KiB")
        print(f"  {label} size ratio {args.cards} cards / 2 cards: "
              f"{big['bytes'] / small['bytes']:.2f}x")
    (_, on, _), (_, off, _) = rows
    print(f"  forms make the {args.cards}-card pad {off['seconds'] / on['seconds']:.1f}x faster "
          f"and {off['bytes'] / on['bytes']:.1f}x smaller; rl_accel: {on['rl_accel']}")


if __name__ == "__main__":
    main()
