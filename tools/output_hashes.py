"""Hash what sheetgen prints, to prove a refactoring changed no output byte.

Renders every bundled layout (`sheetgen list`), the pad of every game that has one (asked of
the game registry), and every rulebook through the command line, then writes or compares
the sha256 of each file:

    PYTHONPATH=$PWD .venv/bin/python tools/output_hashes.py --write /tmp/baseline
    PYTHONPATH=$PWD .venv/bin/python tools/output_hashes.py --compare /tmp/baseline

Commands are spelled as they were before the game registry (`pad captains-curse`,
`rulebook --all`), which the CLI keeps working, so the same script runs before and after.
Exit status 1 when a file differs, is missing or is new.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

CLI = "import sys; from sheetgen.cli import main; main(sys.argv[1:])"

RENAMED_BOOKS = {"black-dice": "curse-of-the-black-dice", "voodoo": "voodoo-pirate"}
"""Rulebook ids renamed by the game registry (new -> old). A book's PDF identifier is derived
from its id, so these files are hashed as if written under the old id and file name: the
comparison then proves every other byte unchanged."""

PAD_ARGS = {"--count": "3", "--seed": "7"}
"""Options given to every pad that has them: a short pad (the Captain's Curse islands are
verified one by one) with a fixed seed."""


def pads() -> dict[str, list[str]]:
    """Output file -> command line, for every game the registry says has a pad."""
    from sheetgen.registry import games

    out = {}
    for game in games().values():
        if not game.pad:
            continue
        args = ["pad", game.name]
        for option in game.pad_options:
            if option.flag in PAD_ARGS:
                args += [option.flag, PAD_ARGS[option.flag]]
        out[f"pad-{game.name}.pdf"] = args
    return out


def sheetgen(*args: str) -> str:
    done = subprocess.run([sys.executable, "-c", CLI, *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"sheetgen {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout


def render_everything(folder: Path, rulebooks: bool) -> dict[str, str]:
    """File name -> sha256 of everything rendered into `folder`."""
    names = [line.split()[0] for line in sheetgen("list").splitlines() if line.strip()]
    for name in names:
        sheetgen("render", name, "-q", "-o", str(folder / f"layout-{name.replace('/', '-')}.pdf"))
    for file, args in pads().items():
        sheetgen(*args, "-o", str(folder / file))
    if rulebooks:
        (folder / "rulebooks").mkdir()
        sheetgen("rulebook", "--all", "--jobs", "1", "-o", str(folder / "rulebooks"))
    hashes = {}
    for path in sorted(folder.rglob("*.pdf")):
        name, data = str(path.relative_to(folder)), path.read_bytes()
        for new, old in RENAMED_BOOKS.items():
            if name == f"rulebooks/{new}-rules-a4.pdf":
                name = f"rulebooks/{old}-rules-a4.pdf"
                data = data.replace(_pdf_identifier(new), _pdf_identifier(old))
        hashes[name] = hashlib.sha256(data).hexdigest()
    return dict(sorted(hashes.items()))


def _pdf_identifier(book: str) -> bytes:
    """The /ID sheetgen.rulebooks.render writes for an A4 book (hex, as in the file)."""
    digest = hashlib.sha256(f"sheetgen rulebook {book} a4".encode()).hexdigest()[:32]
    return digest.encode("ascii")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", type=Path, help="write the hashes to this file")
    mode.add_argument("--compare", type=Path, help="compare with the hashes in this file")
    parser.add_argument("--no-rulebooks", action="store_true",
                        help="skip the rulebooks (the slow part)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        hashes = render_everything(Path(tmp), not args.no_rulebooks)
    if args.write:
        args.write.write_text("".join(f"{h}  {n}\n" for n, h in hashes.items()))
        print(f"{len(hashes)} files hashed into {args.write}")
        return 0
    want = dict(reversed(line.split("  ", 1)) for line in args.compare.read_text().splitlines())
    if args.no_rulebooks:
        want = {n: h for n, h in want.items() if not n.startswith("rulebooks/")}
    bad = 0
    for name in sorted(set(want) | set(hashes)):
        if want.get(name) != hashes.get(name):
            state = "missing" if name not in hashes else "new" if name not in want else "differs"
            print(f"{state}: {name}")
            bad += 1
    print(f"{len(hashes) - bad if bad else len(hashes)} of {len(want)} files byte-identical"
          + (f", {bad} not" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
