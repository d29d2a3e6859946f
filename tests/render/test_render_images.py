"""`sheetgen export png|tts`: card images cut at the trim, and Tabletop Simulator sheets whose
grid, counts and cells are checked pixel by pixel."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from sheetgen.cli import main
from sheetgen.layout.document import load_layout
from sheetgen.render.images import card_names, cell_size, tts_grid

BLEED_COLOR = (255, 0, 255)


def color(i: int) -> tuple[int, int, int]:
    """A distinct, saturated colour per card (never white, never the bleed's magenta)."""
    return ((i * 47) % 200 + 20, (i * 89) % 200 + 20, (i * 131) % 200 + 20)


def deck(tmp_path: Path, cards: int, name: str = "deck", imposed: bool = True) -> Path:
    rows = "\n".join(f'  - {{n: {i + 1}, color: "#{"".join(f"{c:02x}" for c in color(i))}"}}'
                     for i in range(cards))
    imposition = "imposition: {sheet: a4, across: 3, down: 3}\n" if imposed else ""
    path = tmp_path / "deck.yaml"
    path.write_text(
        f"name: {name}\n"
        "page: {size: [40mm, 60mm], bleed: 3mm}\n" + imposition +
        f"data:\n{rows}\n"
        "elements:\n"
        "  - {type: rect, x: -3, y: -3, w: 46, h: 66, fill: '#ff00ff'}\n"
        "  - {type: rect, x: 0, y: 0, w: 40, h: 60, fill: '${row.color}'}\n")
    return path


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def close(a, b, tol=4) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("cards", [*range(1, 75), 137, 138, 139, 200, 500])
def test_tts_grid_geometry(cards):
    grids = tts_grid(cards)
    assert sum(g.cards for g in grids) == cards
    assert len(grids) == -(-cards // 69)  # as few sheets as possible
    for g in grids:
        assert 2 <= g.across <= 10 and 2 <= g.down <= 7
        assert 1 <= g.cards <= g.across * g.down - 1  # the last cell stays free
        smallest = (g.across, g.down) == (2, 2)  # TTS's minimum, even for a single card
        assert g.cards + 1 > (g.down - 1) * g.across or smallest  # no empty row
        assert g.cards + 1 > g.across * g.down - g.down or smallest  # no empty column
    assert max(g.cards for g in grids) - min(g.cards for g in grids) <= 1


def test_tts_grid_known_cases():
    assert [(g.across, g.down, g.cards) for g in tts_grid(69)] == [(10, 7, 69)]
    assert [(g.across, g.down, g.cards) for g in tts_grid(54)] == [(10, 6, 54)]
    assert [(g.across, g.down, g.cards) for g in tts_grid(70)] == [(9, 4, 35), (9, 4, 35)]
    assert [(g.across, g.down, g.cards) for g in tts_grid(3)] == [(2, 2, 3)]
    assert [(g.across, g.down, g.cards) for g in tts_grid(8)] == [(5, 2, 8)]
    assert tts_grid(12)[0].cell(11) == (4, 1)  # 7 x 2: the 12th card is the 5th of row 2


def test_png_per_card_cropped_to_the_trim(tmp_path):
    layout = deck(tmp_path, 5)
    run("export", "png", layout, "-o", tmp_path / "png", "--dpi", "50")
    files = sorted((tmp_path / "png").iterdir())
    assert [f.name for f in files] == [f"deck-{i:02d}.png" for i in range(1, 6)]
    size = (round(40 / 25.4 * 50), round(60 / 25.4 * 50))
    for i, f in enumerate(files):
        image = Image.open(f).convert("RGB")
        assert image.size == size
        w, h = size
        for xy in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, h // 2)]:
            assert close(image.getpixel(xy), color(i)), (f.name, xy, image.getpixel(xy))
        assert stat.S_IMODE(os.stat(f).st_mode) == 0o666 & ~_umask()


def test_png_keep_bleed_keeps_the_bleed_around_the_card(tmp_path):
    run("export", "png", deck(tmp_path, 2), "-o", tmp_path / "png", "--dpi", "50",
        "--keep-bleed")
    files = sorted((tmp_path / "png").iterdir())
    assert len(files) == 2
    size = (round(46 / 25.4 * 50), round(66 / 25.4 * 50))  # 3 mm of bleed on each side
    inset = round(3 / 25.4 * 50)
    for i, f in enumerate(files):
        image = Image.open(f).convert("RGB")
        assert image.size == size
        w, h = size
        for xy in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]:
            assert close(image.getpixel(xy), BLEED_COLOR), (f.name, xy)
        for xy in [(inset + 1, inset + 1), (w - inset - 2, h - inset - 2), (w // 2, h // 2)]:
            assert close(image.getpixel(xy), color(i)), (f.name, xy)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_png_names_from_the_name_expression(tmp_path):
    layout = deck(tmp_path, 3, name='"card ${row.n * 10}/x"')
    doc = load_layout(layout)
    assert card_names(doc) == ["01-card-10-x", "02-card-20-x", "03-card-30-x"]
    run("export", "png", layout, "-o", tmp_path / "png", "--dpi", "20")
    assert sorted(p.name for p in (tmp_path / "png").iterdir()) == [
        "01-card-10-x.png", "02-card-20-x.png", "03-card-30-x.png"]


def test_tts_sheet_cells_hold_the_right_cards(tmp_path):
    cards, dpi = 12, 40
    layout = deck(tmp_path, cards)
    out = tmp_path / "tts"
    run("export", "tts", layout, "-o", out, "--dpi", str(dpi))
    assert sorted(p.name for p in out.iterdir()) == ["deck-back.png", "deck-sheet.png",
                                                      "deck.json"]
    cw, ch = cell_size(load_layout(layout), dpi)
    sheet = Image.open(out / "deck-sheet.png").convert("RGB")
    assert sheet.size == (7 * cw, 2 * ch)  # 12 cards and the free cell on 7 x 2
    for cell in range(14):
        col, row = cell % 7, cell // 7
        centre = sheet.getpixel((col * cw + cw // 2, row * ch + ch // 2))
        corner = sheet.getpixel((col * cw + 1, row * ch + 1))
        expected = color(cell) if cell < cards else (255, 255, 255)
        assert close(centre, expected) and close(corner, expected), (cell, centre, corner)
    back = Image.open(out / "deck-back.png")
    assert back.size == (cw, ch)
    saved = json.loads((out / "deck.json").read_text())
    deck_obj = saved["ObjectStates"][0]
    assert deck_obj["Name"] == "DeckCustom"
    assert deck_obj["DeckIDs"] == [100 + i for i in range(cards)]
    custom = deck_obj["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"]) == (7, 2)
    assert custom["FaceURL"] == (out / "deck-sheet.png").resolve().as_uri()
    assert custom["BackURL"].endswith("/deck-back.png")
    assert saved["sheetgen"]["sheets"] == [{"file": "deck-sheet.png", "back": "deck-back.png",
                                            "across": 7, "down": 2, "cards": cards}]


def test_tts_two_sheets_split_evenly_in_card_order(tmp_path):
    cards, dpi = 75, 12
    layout = deck(tmp_path, cards, imposed=False)
    out = tmp_path / "tts"
    run("export", "tts", layout, "-o", out, "--dpi", str(dpi))
    cw, ch = cell_size(load_layout(layout), dpi)
    saved = json.loads((out / "deck.json").read_text())
    assert [s["cards"] for s in saved["sheetgen"]["sheets"]] == [38, 37]
    ids = saved["ObjectStates"][0]["DeckIDs"]
    assert ids == [100 + i for i in range(38)] + [200 + i for i in range(37)]
    first = 0
    for number, info in enumerate(saved["sheetgen"]["sheets"], start=1):
        sheet = Image.open(out / f"deck-sheet-{number}.png").convert("RGB")
        assert sheet.size == (info["across"] * cw, info["down"] * ch)
        for k in range(info["cards"]):
            col, row = k % info["across"], k // info["across"]
            pixel = sheet.getpixel((col * cw + cw // 2, row * ch + ch // 2))
            assert close(pixel, color(first + k), tol=6), (number, k, pixel)
        first += info["cards"]


def test_tts_refuses_sheets_too_large_for_tts(tmp_path):
    result = CliRunner().invoke(main, ["export", "tts", str(deck(tmp_path, 20)), "-o",
                                       str(tmp_path / "t"), "--dpi", "1200"])
    assert result.exit_code == 2 and "--dpi" in result.stderr


def test_render_default_output_of_an_expression_name_is_the_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deck(tmp_path, 2, name='"${row.n}"')
    run("render", "deck.yaml", "-q")
    assert [p.name for p in (tmp_path / "output").iterdir()] == ["deck.pdf"]


def with_back(path: Path, back: str) -> Path:
    path.write_text(path.read_text() + back)
    return path


def test_png_backs_are_written_beside_the_fronts(tmp_path):
    layout = with_back(deck(tmp_path, 3), "back:\n  - {type: rect, x: 0, y: 0, w: 40, h: 60, "
                                          "fill: '#102030'}\n")
    run("export", "png", layout, "-o", tmp_path / "png", "--dpi", "30")
    names = sorted(p.name for p in (tmp_path / "png").iterdir())
    assert names == ["deck-01-back.png", "deck-01.png", "deck-02-back.png", "deck-02.png",
                     "deck-03-back.png", "deck-03.png"]
    for i in range(3):
        front = Image.open(tmp_path / "png" / f"deck-{i + 1:02d}.png").convert("RGB")
        back = Image.open(tmp_path / "png" / f"deck-{i + 1:02d}-back.png").convert("RGB")
        assert front.size == back.size
        assert close(front.getpixel((5, 5)), color(i))
        assert close(back.getpixel((5, 5)), (0x10, 0x20, 0x30))


def test_tts_one_back_for_the_deck_from_the_layout(tmp_path):
    layout = with_back(deck(tmp_path, 5), "back:\n  - {type: rect, x: 0, y: 0, w: 40, h: 60, "
                                          "fill: '#102030'}\n")
    out = tmp_path / "tts"
    run("export", "tts", layout, "-o", out, "--dpi", "20")
    assert sorted(p.name for p in out.iterdir()) == ["deck-back.png", "deck-sheet.png",
                                                      "deck.json"]
    back = Image.open(out / "deck-back.png").convert("RGB")
    assert close(back.getpixel((back.width // 2, back.height // 2)), (0x10, 0x20, 0x30))
    custom = json.loads((out / "deck.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert custom["UniqueBack"] is False and custom["BackURL"].endswith("/deck-back.png")


def test_tts_backs_that_differ_become_a_back_sheet_on_the_same_grid(tmp_path):
    cards, dpi = 7, 20
    layout = with_back(deck(tmp_path, cards), "back:\n  - {type: rect, x: 0, y: 0, w: 40, "
                       "h: 60, fill: '${row.color}'}\n")
    out = tmp_path / "tts"
    run("export", "tts", layout, "-o", out, "--dpi", str(dpi))
    saved = json.loads((out / "deck.json").read_text())
    custom = saved["ObjectStates"][0]["CustomDeck"]["1"]
    assert custom["UniqueBack"] is True and custom["BackURL"].endswith("/deck-back-sheet.png")
    cw, ch = cell_size(load_layout(layout), dpi)
    fronts = Image.open(out / "deck-sheet.png").convert("RGB")
    backs = Image.open(out / "deck-back-sheet.png").convert("RGB")
    assert backs.size == fronts.size == (custom["NumWidth"] * cw, custom["NumHeight"] * ch)
    for k in range(cards):  # each card's own back, in its own cell
        col, row = k % custom["NumWidth"], k // custom["NumWidth"]
        assert close(backs.getpixel((col * cw + cw // 2, row * ch + ch // 2)), color(k))
    assert saved["sheetgen"]["unique_backs"] is True


def _crew_deck(tmp_path: Path) -> Path:
    (tmp_path / "crew.csv").write_text(
        "name,rank,rules\nBlack Bart,Captain,Roll twice.\nAnne Bonny,Mate,Steal a coin.\n"
        "Calico Jack,Cook,Heal one.\n")
    path = tmp_path / "crew.yaml"
    path.write_text("name: crew\npage: {size: [40mm, 60mm]}\ndata: crew.csv\n"
                    "elements:\n  - {type: text, x: 2, y: 5, w: 36, h: 8, "
                    "text: '${row.name}'}\n")
    return path


def test_tts_cards_are_named_and_described_by_their_rows(tmp_path):
    """Issue 32, point 5: every card was named ''."""
    out = tmp_path / "tts"
    run("export", "tts", _crew_deck(tmp_path), "-o", out, "--dpi", "20")
    cards = json.loads((out / "crew.json").read_text())["ObjectStates"][0]["ContainedObjects"]
    assert [c["Nickname"] for c in cards] == ["Black Bart", "Anne Bonny", "Calico Jack"]
    assert [c["Description"] for c in cards] == ["Roll twice.", "Steal a coin.", "Heal one."]
    out2 = tmp_path / "tts2"
    run("export", "tts", _crew_deck(tmp_path), "-o", out2, "--dpi", "20",
        "--name-field", "rank", "--text-field", "name")
    cards = json.loads((out2 / "crew.json").read_text())["ObjectStates"][0]["ContainedObjects"]
    assert [(c["Nickname"], c["Description"]) for c in cards][0] == ("Captain", "Black Bart")


def test_tts_labels_without_name_or_text_fields(tmp_path):
    """No name field: the layout's name expression (or the game and number); no text field:
    the other fields as key: value lines."""
    from sheetgen.render.images import card_labels

    labels = card_labels(load_layout(deck(tmp_path, 2)))
    assert [x.nickname for x in labels] == ["Deck 1", "Deck 2"]
    hex_colour = "".join(f"{c:02x}" for c in color(0))
    assert labels[0].description.splitlines() == ["n: 1", f"color: #{hex_colour}"]
    named = card_labels(load_layout(deck(tmp_path, 2, name="'Card no. ${row.n}'")))
    assert [x.nickname for x in named] == ["Card no. 1", "Card no. 2"]
    crew = card_labels(load_layout(_crew_deck(tmp_path)), text_field="rank")
    assert crew[0] == type(crew[0])("Black Bart", "Captain")


def test_tts_unknown_field_is_a_clear_error(tmp_path):
    result = CliRunner().invoke(main, ["export", "tts", str(_crew_deck(tmp_path)), "-o",
                                       str(tmp_path / "o"), "--name-field", "rnak"])
    assert result.exit_code == 2
    assert "--name-field 'rnak'" in result.output and "rank" in result.output
    assert not (tmp_path / "o").exists()
