"""The Curse of the Black Dice quest tiles and pirate tiles, drawn from the engine's data, and
`sheetgen pad black-dice` holding the whole game."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.games.black_dice import providers
from sheetgen.games.black_dice.pad import PARTS, build_pad
from sheetgen.games.black_dice.pirates import PIRATES
from sheetgen.games.black_dice.quest import (
    BUNDLED,
    PENALTIES,
    QUESTS_DIR,
    REWARDS,
    SYMBOL_NAMES,
    SYMBOLS,
    load_quest,
)
from tests.games.black_dice.test_black_dice_print import _layout, _placed_texts
from tests.helpers.pdfcheck import page_texts, pdffonts, qpdf_check

LAYOUTS = [name for name, _ in PARTS]


def _render(args, tmp_path):
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(main, ["render", *args, "-o", str(out)])
    return result, out


def test_every_reward_and_penalty_code_has_printed_words():
    """A code the engine knows but the tile cannot word is caught here, not on paper."""
    assert set(REWARDS) <= set(providers.REWARD_TEXT)
    assert set(PENALTIES) <= set(providers.PENALTY_TEXT)
    assert len(providers.SYMBOL_ICONS) == len(SYMBOL_NAMES) == len(SYMBOLS) == 6


@pytest.mark.parametrize("quest", BUNDLED)
def test_quest_tile_prints_the_quest_file(quest, tmp_path):
    """Name, the six fields in die order with each reward and penalty as the engine reads
    them, and the special rules, all on one page under --strict."""
    result, out = _render(["black-dice/quest-tile", "--set", f"quest={quest}", "--strict"],
                          tmp_path)
    assert result.exit_code == 0, result.output
    q = load_quest(quest)
    text = " ".join(page_texts(out.read_bytes())[0].split())
    assert q.name in text
    tile = providers.quest_tile(q)
    assert [f["value"] for f in tile["fields"]] == [1, 2, 3, 4, 5, 6]
    for field, f in zip(tile["fields"], q.fields, strict=True):
        assert len(field["rewards"]) == max(1, len(f.rewards))
        assert len(field["penalties"]) == max(1, len(f.penalties))
        assert field["name"].upper() in text
    positions = [text.index(f["name"].upper()) for f in tile["fields"]]
    assert positions == sorted(positions)  # anchor to flag, left to right
    for line in q.rules_text:
        assert " ".join(line.split()[:4]) in text
    assert "next captain" in text and "sea wolf" in text  # the halfway mark


def test_a_designers_quest_prints_too(tmp_path):
    source = (QUESTS_DIR / "kraken.yaml").read_text(encoding="utf-8")
    mine = tmp_path / "reef.yaml"
    mine.write_text(source.replace("The Hunt for the Kraken", "The Reef of Sorrows")
                    .replace("{gold: 1}], penalty: [overboard]",
                             "{gold: 3}], penalty: [overboard]"), encoding="utf-8")
    result, out = _render(["black-dice/quest-tile", "--set", f"quest={mine}", "--strict"],
                          tmp_path)
    assert result.exit_code == 0, result.output
    text = " ".join(page_texts(out.read_bytes())[0].split())
    assert "The Reef of Sorrows" in text and "3 each who placed here" in text


def test_a_bad_quest_file_is_reported_at_its_line(tmp_path):
    source = (QUESTS_DIR / "kraken.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(source.replace("reward: [rum]", "reward: [rumm]"), encoding="utf-8")
    result, out = _render(["black-dice/quest-tile", "--set", f"quest={bad}"], tmp_path)
    assert result.exit_code == 2
    assert f"{bad}:" in result.output and "unknown reward code 'rumm'" in result.output
    assert "did you mean 'rum'" in result.output and "Traceback" not in result.output
    assert not out.exists()


def test_pirate_tiles_are_the_engines_pirates_with_backs_behind_them():
    layout = _layout("black-dice/pirate-tiles")
    rows = layout.page_rows()
    assert [r.fields["id"] for r in rows] == [p.id for p in PIRATES]
    assert [r.fields["limit"] for r in rows] == [p.limit for p in PIRATES]
    sheet_w = layout.imposition.sheet_width
    fronts, backs = _placed_texts(layout)
    names = {p.name for p in PIRATES}
    limits = [t for t in fronts if t[0].isdigit()]  # each tile's rum limit, in its corner
    assert len(limits) == len(PIRATES)
    titles = [t for t in backs if t[0] == "Overboard"]
    assert len(titles) == len(PIRATES)
    # The limit badge sits right of the tile's centre, so its mirror is left of the back's
    # centre line: each back title is within a tile's half-width of a mirrored badge.
    for _, x, y in limits:
        assert any(abs(bx - (sheet_w - x)) < 32 * 72 / 25.4 and abs(by - y) < 60 * 72 / 25.4
                   for _, bx, by in titles), (x, y)
    text = " ".join(t[0] for t in fronts)
    assert all(name.split()[0] in text for name in names)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", LAYOUTS)
def test_every_layout_renders_strict(name, paper, tmp_path):
    result, out = _render([name, "--paper", paper, "--strict"], tmp_path)
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def pad_pdf(tmp_path_factory):
    path = tmp_path_factory.mktemp("pad") / "black-dice.pdf"
    result = CliRunner().invoke(main, ["pad", "black-dice", "-o", str(path)])
    assert result.exit_code == 0, result.output
    return path


def test_pad_prints_the_whole_game(pad_pdf):
    """4 quest tiles, pirate fronts and backs, two round-token sheets and their backs, the
    ship tokens and their backs, two sticker sheets, the quick reference; printed
    double-sided as one file, so each one-sided sheet is followed by a blank back."""
    texts = [" ".join(t.split()) for t in page_texts(pad_pdf.read_bytes())]
    blank = "This side is left blank for double-sided printing."
    assert len(texts) == 4 * 2 + 2 + 4 + 2 + 2 * 2 + 1 * 2
    assert [load_quest(q).name in texts[2 * i] for i, q in enumerate(BUNDLED)] == [True] * 4
    assert all(texts[i] == blank for i in (1, 3, 5, 7, 17, 19, 21))
    assert "Bullseye" in texts[8] and "Overboard" in texts[9]
    assert "GOLD" in texts[10] and "OUR SHIP" in texts[14] and "THE ENEMY" in texts[15]
    assert "cursed black dice" in texts[16] and "crew" in texts[18]
    assert "quick reference" in texts[20]


def test_pad_is_a_clean_pdf_with_embedded_fonts(pad_pdf):
    if shutil.which("qpdf"):
        code, output = qpdf_check(pad_pdf)
        assert code == 0, output
    fonts = pdffonts(pad_pdf)
    assert fonts and all(f.embedded for f in fonts)


def test_pad_is_byte_identical_run_to_run(pad_pdf):
    # The second run is the module's `sheetgen pad black-dice` (the bytes API and the
    # command write the same file); a third build cost 1.5 s of CPU.
    assert build_pad().pdf == pad_pdf.read_bytes()
    assert build_pad(paper="letter")[1] == 22
