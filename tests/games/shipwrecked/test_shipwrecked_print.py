"""Shipwrecked! printed pieces: tiles, dice pictures, the pad, and `shipwrecked score`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from shapely.geometry import box

from sheetgen.cli import main
from sheetgen.games.shipwrecked.examples import SHIPWRECKED_END
from sheetgen.games.shipwrecked.pad import build_pad
from sheetgen.games.shipwrecked.pictures import FACE_PICTURES, overlap, worst_pair
from sheetgen.games.shipwrecked.tiles import ISLANDS, SPOT_MM, tile_geometry, tile_names
from tests.helpers.pdfcheck import MM, page_texts, path_boxes


@pytest.fixture(scope="module")
def pad_pdf() -> bytes:
    data, pages = build_pad(seed=3)[:2]
    assert pages == 5
    return data


def test_the_six_pictures_are_distinct_in_silhouette_at_12mm():
    """Filled outlines at a 12 mm face overlap little; a known look-alike pair overlaps a
    lot, so the measure can tell."""
    assert len(set(FACE_PICTURES)) == 6
    worst, a, b = worst_pair()
    assert worst < 0.55, (a, b, worst)
    assert overlap("skull", "parrot") > 0.7


def test_tiles_have_names_spots_on_land_and_differ():
    names = tile_names(7)
    assert len(set(names)) == ISLANDS
    coasts = set()
    for index in range(ISLANDS):
        g = tile_geometry(7, index, 90.0)
        assert g.name == names[index]
        assert len(g.spots) >= 6
        coasts.add(round(g.land.area, 3))
        x0, y0, w, h = g.island_box
        for sx, sy in g.spots:  # every spot on the tile, none overlapping another
            assert x0 <= sx and sx + SPOT_MM <= x0 + w and y0 <= sy and sy + SPOT_MM <= y0 + h
        cells = [box(sx, sy, sx + SPOT_MM, sy + SPOT_MM) for sx, sy in g.spots]
        assert all(p.intersection(q).area < 1e-6 for i, p in enumerate(cells)
                   for q in cells[i + 1:])
        assert g.tally_top > y0 + h - 0.5
    assert len(coasts) == ISLANDS
    assert tile_geometry(7, 0, 90.0) == tile_geometry(7, 0, 90.0)
    assert tile_names(8) != names


def test_pad_holds_every_part_and_is_reproducible(pad_pdf):
    texts = page_texts(pad_pdf)
    assert "Desert Island tiles" in texts[0]
    assert "White crew" in texts[1] and "Black crew" in texts[2]
    assert "HELD BY" in texts[3] and "Who wins" in texts[4]
    for name in tile_names(3):
        assert name in texts[0]
    assert build_pad(seed=3)[0] == pad_pdf
    assert build_pad(seed=4)[0] != pad_pdf


def test_rules_card_marks_sheetgen_readings_as_readings(pad_pdf):
    """Issue 18: fumbles, team grabbing and the full draw are readings, not the original's
    rules; the card says so, as the rulebook's Interpretations box does."""
    card = " ".join(page_texts(pad_pdf)[4].split())
    readings = card.index("Our readings")
    assert readings < card.index("Fumbles.") and readings < card.index("Teams.")
    assert "a draw (our reading)" in card


@pytest.mark.parametrize("page", [1, 2])
def test_calibration_square_measures_50mm_in_the_pdf(pad_pdf, page):
    squares = [(x1 - x0) / MM for x0, y0, x1, y1 in path_boxes(pad_pdf, page)
               if abs((x1 - x0) / MM - 50) < 2 and abs((y1 - y0) / MM - 50) < 2]
    assert squares, "no calibration square"
    assert all(abs(side - 50.0) < 0.01 for side in squares), squares


def test_sticker_sizes_fit_the_dice(pad_pdf):
    """Sailor stickers are 12 mm x 0.84, captain stickers 16 mm x 0.84 (rounded die edges)."""
    sides = [round((x1 - x0) / MM, 2) for x0, y0, x1, y1 in path_boxes(pad_pdf, 1)
             if abs((x1 - x0) - (y1 - y0)) < 0.01]
    assert sides.count(round(12 * 0.84, 2)) == 180
    assert sides.count(round(16 * 0.84, 2)) == 6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_part_prints_without_a_warning(paper):
    """As `render --strict` would demand: all text fits, and every cut line gets its marks
    (the rules card once reached 2 mm of the sheet's edge, too close for them)."""
    warnings: list = []
    data, pages = build_pad(seed=3, paper=paper, warnings=warnings)[:2]
    assert pages == 5
    assert not warnings, [str(w) for w in warnings]


def test_score_command_reads_a_file_and_pairs(tmp_path):
    islands, ocean = SHIPWRECKED_END
    path = tmp_path / "end.yaml"
    path.write_text("islands:\n" + "".join(f"  - {{black: {b}, white: {w}}}\n"
                                           for b, w in islands)
                    + f"ocean: {{black: {ocean[0]}, white: {ocean[1]}}}\n")
    run = CliRunner().invoke(main, ["shipwrecked", "score", str(path), "--json"])
    assert run.exit_code == 0, run.output
    out = json.loads(run.output)
    assert (out["winner"], out["decided_by"]) == ("black", "sailors ashore")
    path.write_text("islands:\n  - {black: 25, white: 0}\nocean: {black: 9, white: 0}\n")
    assert CliRunner().invoke(main, ["shipwrecked", "score", str(path)]).exit_code == 2
    run = CliRunner().invoke(main, ["shipwrecked", "score", str(path), "--sailors", "40"])
    assert run.exit_code == 0 and "black wins" in run.output
    run = CliRunner().invoke(main, ["shipwrecked", "score", "--island", "1:1", "--ocean", "2:3"])
    assert run.exit_code == 0 and "black wins" in run.output and "second tie-break" in run.output


@pytest.mark.parametrize("text, message", [
    ("islands:\n  - {black: 6, whit: 4}\nocean: {black: 1, white: 1}\n", ":2:"),
    ("islands:\n  - {black: -1, white: 4}\nocean: {black: 1, white: 1}\n", "0 or more"),
    ("islands:\n  - {black: 29, white: 4}\nocean: {black: 2, white: 1}\n", "only 30 dice"),
    ("islands: []\nocean: {black: 1, white: 1}\n", "'islands' must list"),
    ("islands:\n  - {black: 1, white: 4}\n", "lacks 'ocean'"),
    ("islands:\n  - {black: 1, white: 4}\nocean: {black: 1, white: 1}\nsailor: 40\n",
     "did you mean 'sailors'"),
])
def test_bad_counts_point_at_the_fault(tmp_path, text, message):
    path = tmp_path / "end.yaml"
    path.write_text(text)
    run = CliRunner().invoke(main, ["shipwrecked", "score", str(path)])
    assert run.exit_code == 2
    assert message in run.output and "Traceback" not in run.output


SEEDS = Path(__file__).resolve().parents[4] / "shared" / "seeds"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not beside this checkout")
def test_printed_words_are_our_own():
    """No run of 8 words on the card, pad, tiles or stickers is copied from the source."""
    from helpers.wording import copied, seed_runs

    seed = seed_runs([SEEDS / "shipwrecked.txt"])
    layouts = Path(__file__).resolve().parents[3] / "layouts" / "shipwrecked"
    assert list(layouts.glob("*.yaml"))
    for path in layouts.glob("*.yaml"):
        shared = copied(path.read_text(encoding="utf-8"), seed)
        assert not shared, f"{path.name}: {shared[0]}"


def test_tiles_are_90mm_squares_on_a4(pad_pdf):
    sides = [round((x1 - x0) / MM, 2) for x0, y0, x1, y1 in path_boxes(pad_pdf, 0)
             if abs((x1 - x0) - (y1 - y0)) < 0.01 and (x1 - x0) / MM > 80]
    assert sides.count(90.0) >= ISLANDS


def test_pad_command_writes_the_pdf_and_tiles_resize(tmp_path):
    out = tmp_path / "pad.pdf"
    run = CliRunner().invoke(main, ["pad", "shipwrecked", "--seed", "3", "--tile", "80",
                                    "--cards", "8", "-o", str(out)])
    assert run.exit_code == 0, run.output
    data = out.read_bytes()
    assert "6 pages" in run.output  # tiles, two sticker sheets, two score sheets, rules card
    sides = [round((x1 - x0) / MM, 2) for x0, y0, x1, y1 in path_boxes(data, 0)
             if abs((x1 - x0) - (y1 - y0)) < 0.01 and (x1 - x0) / MM > 70]
    assert sides.count(80.0) >= ISLANDS and 90.0 not in sides


@pytest.mark.parametrize("element, message", [
    ("{type: shipwrecked.island_tile, seed: abc}", "expected a number"),
    ("{type: shipwrecked.island_tile, index: 1000}", "index"),
    ("{type: shipwrecked.die_labels, crew: red}", "not one of: white, black"),
    ("{type: shipwrecked.die_labels, dice: 0}", "dice"),
])
def test_bad_element_fields_point_at_the_layout(tmp_path, element, message):
    path = tmp_path / "bad.yaml"
    path.write_text(f"version: 1\npage: {{size: a4}}\nelements:\n  - {element}\n")
    run = CliRunner().invoke(main, ["render", str(path), "-o", str(tmp_path / "x.pdf")])
    assert run.exit_code == 2 and message in run.output and "bad.yaml:4:" in run.output


def test_rules_card_states_the_measured_length_and_plan(pad_pdf):
    """The card prints what the engine measured when it was built (providers), not a
    typed-in guess: the mean is near the exact 18 rolls, the plan is the round robin's best."""
    from sheetgen.games.shipwrecked.providers import PLANS, length, measured, strategy

    card = " ".join(page_texts(pad_pdf)[4].split())
    figures = length()
    assert abs(figures["mean"] - 18) < 0.5 and figures["median"] in (15, 16, 17)
    assert f"lasts {figures['mean']:g} captain rolls" in card
    assert f"(median {figures['median']}): about {figures['minutes']} minutes at 40 s" in card
    plan = strategy()
    assert plan["best"] == measured()["standings"][0]["policy"]
    assert " ".join(PLANS[plan["best"]].split()[-3:]) in card
    assert f"({plan['rate']}% wins against the other plans)" in card


def test_rules_card_follows_the_simulation(monkeypatch, tmp_path):
    """Other measurements, other card: nothing on it is typed in."""
    from sheetgen.games.shipwrecked import providers

    fake = dict(providers.measured())
    fake["length"] = {**fake["length"], "mean": 23.04, "median": 21}
    fake["standings"] = sorted(fake["standings"], key=lambda row: row["policy"] != "contest")
    monkeypatch.setattr(providers, "measured", lambda: fake)
    out = tmp_path / "card.pdf"
    run = CliRunner().invoke(main, ["render", "layouts/shipwrecked/rules_card.yaml",
                                    "-o", str(out)])
    assert run.exit_code == 0, run.output
    card = " ".join(page_texts(out.read_bytes())[0].split())
    assert "lasts 23 captain rolls on average (median 21): about 15 minutes" in card
    assert "follow your opponent to the island they named" in card
