"""The six jobs of issue 32, as a new user types them, from a fresh empty folder.

Each job runs the installed `sheetgen` entry point in a subprocess (the worktree's code
through PYTHONPATH, as the other CLI tests), with small counts so the whole file stays a
matter of seconds of CPU: a quest of one's own checked and printed, a CSV deck duplex on
Letter with a Tabletop Simulator export, a hard island renamed and printed as copies, the
Voodoo board tiled on Letter and all of Shipwrecked!, a Swashbuckle variant with the advisor,
a saddle-stitch rulebook.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # the six jobs through the installed entry point

ROOT = Path(__file__).resolve().parents[2]
SHEETGEN = Path(sys.executable).parent / "sheetgen"


@pytest.fixture
def user(tmp_path):
    """Run `sheetgen ARGS...` in a fresh folder; return (exit status, stdout + stderr)."""
    if not SHEETGEN.exists():
        pytest.skip("no installed sheetgen entry point beside this Python")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("SHEETGEN_LAYOUTS", None)

    def run(*args: str, ok: bool = True) -> tuple[int, str]:
        done = subprocess.run([str(SHEETGEN), *args], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=600)
        if ok:
            assert done.returncode == 0, (args, done.stdout, done.stderr)
        return done.returncode, done.stdout + done.stderr

    run.folder = tmp_path  # type: ignore[attr-defined]
    return run


def _pages(pdf: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(str(pdf)).pages)


def _text(pdf: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) not installed")
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


def test_job_1_a_quest_of_my_own_checked_and_printed(user):
    user("black-dice", "quest", "new", "-o", "my-quest.yaml")
    quest = user.folder / "my-quest.yaml"
    assert quest.exists()
    status, out = user("black-dice", "verify", "my-quest.yaml", "--band", "40-60", "-n", "16",
                       "--players", "2", ok=False)
    assert status in (0, 1) and "win rate" in out  # 1: outside the band, said so
    user("render", "black-dice/quest-tile", "--set", "quest=my-quest.yaml", "-o", "quest.pdf")
    assert _pages(user.folder / "quest.pdf") == 1


def test_job_2_a_csv_deck_duplex_on_letter_and_a_tts_export(user):
    rows = ["name,text"] + [f"Card {i},Rule number {i}." for i in range(1, 25)]
    (user.folder / "deck.csv").write_text("\n".join(rows) + "\n")
    (user.folder / "deck.yaml").write_text(
        "name: my-deck\n"
        "page: {size: poker, bleed: 3mm}\n"
        "imposition: {sheet: letter, across: 3, down: 3, duplex: long-edge}\n"
        "data: deck.csv\n"
        "back:\n  - {type: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: navy, bleed: true}\n"
        "elements:\n"
        "  - {type: text, x: 5, y: 8, w: 53, h: 8, text: '${row.name}'}\n"
        "  - {type: text, x: 5, y: 20, w: 53, h: 30, text: '${row.text}'}\n")
    _, out = user("render", "deck.yaml", "-o", "deck.pdf")
    assert _pages(user.folder / "deck.pdf") == 6  # 3 sheets of fronts, each with its backs
    assert "cut along instead" in out  # marks that do not fit on Letter: outlines, said so
    user("export", "tts", "deck.yaml", "-o", "tts", "--dpi", "20")
    saved = json.loads((user.folder / "tts" / "my-deck.json").read_text())
    cards = saved["ObjectStates"][0]["ContainedObjects"]
    assert len(cards) == 24
    assert (cards[0]["Nickname"], cards[0]["Description"]) == ("Card 1", "Rule number 1.")


def test_job_3_a_hard_island_renamed_and_printed_as_copies(user):
    user("captains-curse", "island", "new", "--difficulty", "hard", "--seed", "3", "-o",
         "isle.yaml")
    isle = user.folder / "isle.yaml"
    text = isle.read_text()
    first = re.search(r"^name: (.+)$", text, re.M).group(1)
    place = re.search(r"^  place: (.+)$", text, re.M).group(1)
    isle.write_text(text.replace(f"name: {first}", "name: Quill Rock")
                    .replace(f"place: {place}", "place: Gull Hook"))
    user("render", "captains-curse/island-sheet", "--set", "island=isle.yaml", "--count", "3",
         "-o", "copies.pdf")
    pdf = user.folder / "copies.pdf"
    assert _pages(pdf) == 3
    printed = _text(pdf)
    assert "Quill Rock" in printed and "not verified here" not in printed
    recorded = json.loads(text.splitlines()[0].split(": ", 1)[1])["small_print"]
    assert " ".join(recorded.split()) in " ".join(printed.split())  # the record, unchanged
    assert "record matches the island" in printed


def test_job_4_the_voodoo_board_tiled_on_letter_and_all_of_shipwrecked(user):
    user("render", "voodoo/board", "--tile", "letter", "-o", "board.pdf")
    assert _pages(user.folder / "board.pdf") > 1
    user("pad", "shipwrecked", "-o", "shipwrecked.pdf", "--quiet")
    assert _pages(user.folder / "shipwrecked.pdf") >= 4


def test_job_5_a_swashbuckle_scorecard_variant_with_the_advisor(user):
    user("render", "swashbuckle/scorecard", "--set", "show_par=true", "--count", "2", "-o",
         "scorecards.pdf")
    assert _pages(user.folder / "scorecards.pdf") == 1
    _, out = user("swashbuckle", "advise", "--dice", "3", "3", "5", "6", "1",
                  "--rolls-left", "2", "--option", "gentle_piracy=true")
    assert "keep" in out


def test_job_6_a_saddle_stitch_rulebook(user):
    # The job names no game: Shipwrecked!'s book, the shortest (4.4 s of CPU in the command's
    # process against 7.2 s for Captain's Curse, whose worked examples generate islands).
    user("rulebook", "shipwrecked", "--booklet", "--paper", "letter", "-o", "book.pdf")
    pages = _pages(user.folder / "book.pdf")
    assert pages >= 2 and pages % 2 == 0  # sheets printed on both sides
    check = subprocess.run(["qpdf", "--check", str(user.folder / "book.pdf")],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
