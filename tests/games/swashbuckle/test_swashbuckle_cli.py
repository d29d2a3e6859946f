"""The `sheetgen swashbuckle` commands through click's CliRunner."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.games.swashbuckle.table import par_figures

EXAMPLES = Path(__file__).resolve().parents[3] / "layouts" / "swashbuckle" / "examples"

TINY = """name: tiny
dice: 2
faces: 4
rolls: 2
sections:
  - id: up
    boxes:
      - {id: fours, rule: face_sum, face: 4}
      - {id: threes, rule: face_sum, face: 3}
    bonus: {id: b, above: 8, points: 9}
  - id: low
    boxes:
      - {id: pair, rule: alike, n: 2, points: 20}
"""


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_check_reports_mistakes_and_exits_1(runner: CliRunner) -> None:
    result = runner.invoke(main, ["swashbuckle", "check", "-q", str(EXAMPLES / "disputed.yaml")])
    assert result.exit_code == 1
    assert "blimey_bonus: says 45, should be 0 (subtotal 66 is not higher than 67)" in result.output


def test_check_clean_sheet(runner: CliRunner) -> None:
    result = runner.invoke(main, ["swashbuckle", "check", str(EXAMPLES / "sunnyseas.yaml")])
    assert result.exit_code == 0, result.output
    assert "total_plunder: 289" in result.output and "moniker: Coxswain" in result.output


def test_structural_error_exits_2_without_traceback(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("player: X\nboxes:\n  onez: 3\n")
    result = runner.invoke(main, ["swashbuckle", "check", str(bad)])
    assert result.exit_code == 2
    assert "bad.yaml:3:3: unknown key 'onez'" in result.output
    assert "Traceback" not in result.output


def test_score_match(runner: CliRunner) -> None:
    result = runner.invoke(main, ["swashbuckle", "score", str(EXAMPLES / "match.yaml")])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].split() == ["1", "Butterbreath", "313", "First", "Mate"]


def test_advise_with_spaced_dice(runner: CliRunner) -> None:
    state = " ".join(f"{b}=0" for b in ("ones", "twos", "threes", "fours", "fives", "sixes",
                                        "three_alike", "four_alike", "aces_high", "full_boat",
                                        "succession_4", "succession_5", "pieces_of_8",
                                        "piracy", "swashbuckle"))
    result = runner.invoke(main, ["swashbuckle", "advise", "--state", state,
                                  "--dice", "6", "5", "4", "3", "1", "--rolls-left", "1"])
    assert result.exit_code == 0, result.output
    assert "keep 4 5 6" in result.output.splitlines()[0]
    assert "22.000" in result.output


def test_advise_rejects_bad_dice(runner: CliRunner) -> None:
    result = runner.invoke(main, ["swashbuckle", "advise", "--dice", "x", "--rolls-left", "1"])
    assert result.exit_code == 2


def test_solve_writes_table_and_par(runner: CliRunner, tmp_path: Path) -> None:
    card = tmp_path / "tiny.yaml"
    card.write_text(TINY)
    result = runner.invoke(main, ["swashbuckle", "solve", str(card), "--games", "2000",
                                  "--out", str(tmp_path / "tables"), "--pack"])
    assert result.exit_code == 0, result.output
    assert "expected optimal score" in result.output
    from sheetgen.games.swashbuckle.card import load_card
    from sheetgen.games.swashbuckle.solver import solve
    from sheetgen.games.swashbuckle.table import load_table

    the_card = load_card(card)
    figures = par_figures(the_card, tmp_path / "tables")
    exact = solve(the_card)
    assert figures["expected"] == pytest.approx(exact.expected)
    assert figures["games"] == 2000
    assert figures["mean"] == figures["expected"]
    assert figures["p10"] <= figures["p50"] <= figures["p90"]
    reloaded = load_table(the_card, tmp_path / "tables")
    finite = np.isfinite(exact.values)
    assert np.allclose(reloaded.values[finite], exact.values[finite], atol=1e-4)
    # --pack: the same values packed for shipping, q128 (within 1/256 point), read back when
    # the .npz is gone.
    npz = next((tmp_path / "tables").glob("*.npz"))
    assert next((tmp_path / "tables").glob("*.values.xz")).stem.startswith(npz.stem)
    npz.unlink()
    packed = load_table(the_card, tmp_path / "tables")
    assert np.array_equal(np.isfinite(packed.values), finite)
    assert np.allclose(packed.values[finite], exact.values[finite], atol=1 / 256)


def test_par_without_table_is_a_clear_error(tmp_path: Path) -> None:
    from sheetgen.errors import SheetgenError
    from sheetgen.games.swashbuckle.card import card_from_text

    with pytest.raises(SheetgenError, match="no strategy table") as err:
        par_figures(card_from_text(TINY), tmp_path)
    assert "sheetgen swashbuckle solve" in err.value.hint


TEN_BOXES = "name: Ten\ndice: 2\nfaces: 3\nrolls: 2\nsections:\n  - id: s\n    boxes:\n" + "".join(
    f"      - {{id: b{i}, rule: {'chance' if i % 2 else 'alike'}"
    f"{', n: 2, points: ' + str(i + 3) if i % 2 == 0 else ''}}}\n" for i in range(10))


def test_advise_default_card_reads_the_shipped_table(runner: CliRunner, tmp_path: Path,
                                                     monkeypatch) -> None:
    """A fresh install (empty cache): the default card's table ships, nothing is solved or
    cached, and the advice is given."""
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    result = runner.invoke(main, ["swashbuckle", "advise", "--dice", "1", "2", "3", "4", "5",
                                  "--rolls-left", "2"])
    assert result.exit_code == 0, result.output
    assert "first use" not in result.stderr and "keep" in result.stdout
    assert not (tmp_path / "cache").exists()


def test_advise_solves_another_card_at_first_use_with_a_progress_bar(
        runner: CliRunner, tmp_path: Path, monkeypatch) -> None:
    from sheetgen.games.swashbuckle import table as table_module
    from sheetgen.games.swashbuckle.card import load_card
    from sheetgen.games.swashbuckle.solver import solve
    from sheetgen.games.swashbuckle.table import save_table, table_paths

    card_file = tmp_path / "ten.yaml"
    card_file.write_text(TEN_BOXES)
    card = load_card(card_file)
    assert len(card.boxes) == 10  # more open boxes than the advisor solves on the spot
    npz, _ = save_table(solve(card), directory=tmp_path / "pkg")
    npz.unlink()
    monkeypatch.setattr(table_module, "TABLE_DIR", tmp_path / "pkg")
    monkeypatch.setenv("SHEETGEN_CACHE", str(tmp_path / "cache"))
    args = ["swashbuckle", "advise", "--card", str(card_file), "--dice", "2", "2",
            "--rolls-left", "1"]
    first = runner.invoke(main, args)
    assert first.exit_code == 0, first.output
    assert "first use: solving Ten" in first.stderr and "solving" in first.stderr
    assert table_paths(card)[0].is_file()  # cached for next time
    again = runner.invoke(main, args)
    assert again.exit_code == 0 and "first use" not in again.stderr
    assert again.stdout == first.stdout
