"""Layouts as images: one PNG per card, and Tabletop Simulator deck sheets.

Images are cut from the same vector PDF the print path makes, drawn one card per page (no
imposition, no crop marks), rasterised with pypdfium2 and cropped to the trim box, so a PNG
shows exactly what the guillotine leaves. Cards are numbered like pages (1, 2, ...); a layout
whose `name:` holds a `${}` expression names each file by it (`name: "${row.title}"`).

Tabletop Simulator reads a custom deck from one image holding a grid of cards, at most 10
across and 7 down, whose last cell it keeps for the card shown face down in other players'
hands ("hidden"), plus one back image (or, when the backs differ from card to card, a back
sheet on the same grid: TTS's "unique backs"). `tts_grid` packs a deck into such sheets;
`export_tts` writes them with a saved-object JSON that TTS loads as a ready deck (see
docs/export.md). A layout's `back:` gives the backs; without one, a plain back is drawn.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sheetgen.atomic import atomic_path, output_folder, write_text
from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.layout.document import Layout
from sheetgen.layout.expressions import ExpressionError, evaluate, has_expression
from sheetgen.render.compose import instance_names
from sheetgen.render.output import render_pdf
from sheetgen.render.raster import check_raster

TTS_MAX_ACROSS, TTS_MAX_DOWN = 10, 7
TTS_MAX_PIXELS = 10_000  # TTS refuses larger images; sheets are kept within it
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def check_dpi(dpi: int) -> int:
    if not 10 <= dpi <= 1200:
        raise SheetgenError(f"--dpi {dpi} is out of range", hint="use 10 to 1200")
    return dpi


def slug(text: str) -> str:
    """A file-name-safe form of `text` (letters, digits, `.`, `_`, `-`)."""
    return _UNSAFE.sub("-", text).strip("-.") or "card"


def file_stem(layout: Layout) -> str:
    """The layout's name as a file name (its file's name when `name:` is an expression)."""
    if has_expression(layout.name):
        return slug(layout.path.stem)
    return slug(layout.name.replace("/", "-"))


def card_names(layout: Layout, count: int = 1) -> list[str]:
    """File stems, one per card: `<layout>-<NN>`, or `<NN>-<name>` when the layout's `name:`
    is an expression (evaluated with the card's `row` and `page`)."""
    rows = [row.fields for row in layout.page_rows(count)]
    width = max(2, len(str(len(rows))))
    if not has_expression(layout.name):
        base = file_stem(layout)
        return [f"{base}-{i + 1:0{width}d}" for i in range(len(rows))]
    return [f"{i + 1:0{width}d}-{slug(value)}"
            for i, value in enumerate(_name_values(layout, rows))]


def _name_values(layout: Layout, rows: list[dict[str, Any]]) -> list[str]:
    """The layout's `name:` expression evaluated per card (with its `row` and `page`)."""
    names = []
    scope = layout.scope()
    for i, row in enumerate(rows):
        try:
            value = evaluate(layout.name, {**scope.names,
                                           **instance_names(layout, i, len(rows), row)})
        except ExpressionError as err:
            raise SheetgenError(f"name: {err}", Position(str(layout.path)),
                                hint=err.hint) from None
        names.append(str(value))
    return names


NAME_FIELDS = ("name", "title", "card")
TEXT_FIELDS = ("text", "description", "rules", "effect", "ability", "body")


@dataclass(frozen=True)
class CardLabel:
    """What TTS shows of a card when hovered: its Nickname and Description."""

    nickname: str
    description: str


def _field(fields: dict[str, Any], wanted: tuple[str, ...]) -> str | None:
    """The first field (case-insensitive) named one of `wanted`, or None."""
    lower = {k.lower(): k for k in fields}
    return next((lower[w] for w in wanted if w in lower), None)


def _checked_field(rows: list[Any], field: str, option: str) -> None:
    known = sorted({k for row in rows for k in row.fields})
    if rows and not any(field in row.fields for row in rows):
        raise SheetgenError(f"{option} {field!r}: no data row has that field",
                            hint=did_you_mean(field, known) or
                            f"the rows' fields: {', '.join(known) or '(none)'}")


def card_labels(layout: Layout, count: int = 1, name_field: str | None = None,
                text_field: str | None = None) -> list[CardLabel]:
    """One label per card, in card order. The Nickname is `name_field` of the card's row,
    else its `name` (or `title`, `card`) field, else the layout's `name:` expression, else
    "<game> N"; the Description is `text_field`, else its `text` (or `description`, `rules`,
    `effect`, `ability`, `body`) field, else the row's other plain fields as `key: value`
    lines, so a CSV deck reads in TTS as it reads in its spreadsheet."""
    rows = layout.page_rows(count)
    if name_field is not None:
        _checked_field(rows, name_field, "--name-field")
    if text_field is not None:
        _checked_field(rows, text_field, "--text-field")
    named = has_expression(layout.name)
    values = _name_values(layout, [row.fields for row in rows]) if named else []
    title = _back_title(layout)
    labels = []
    for i, row in enumerate(rows):
        fields = row.fields
        nick_key = name_field or _field(fields, NAME_FIELDS)
        if nick_key is not None and fields.get(nick_key) not in (None, ""):
            nickname = str(fields[nick_key])
        elif named:
            nickname = values[i]
        else:
            nickname = f"{title} {i + 1}"
        text_key = text_field or _field(fields, TEXT_FIELDS)
        if text_key is not None:
            value = fields.get(text_key)
            description = "" if value is None else str(value)
        else:
            description = "\n".join(
                f"{k}: {v}" for k, v in fields.items()
                if k != nick_key and k != "copies" and isinstance(v, str | int | float | bool))
        labels.append(CardLabel(nickname, description))
    return labels


def _single_cards(layout: Layout) -> Layout:
    """The layout drawn one card per page, without imposition, tiling or crop marks (its
    bleed is kept so that artwork running off the edge is drawn as in print, then cropped
    away). Its `back:` stays: the backs are drawn one per page too."""
    return replace(layout, imposition=None, tile=None,
                   page=replace(layout.page, crop_marks=False))


def card_images(layout: Layout, dpi: int, count: int = 1,
                side: str = "fronts", keep_bleed: bool = False) -> Iterator[Any]:
    """Yield one PIL image per card, cropped to the trim (or with `keep_bleed` to the bleed
    edge, for a print shop that cuts cards itself), in card order: the fronts, or with
    `side="backs"` the backs (as the card is seen turned over)."""
    import pypdfium2 as pdfium

    check_dpi(dpi)
    single = _single_cards(layout)
    b = 0 if keep_bleed else single.page.bleed
    check_raster(single.page.width + 2 * single.page.bleed - 2 * b,
                 single.page.height + 2 * single.page.bleed - 2 * b, dpi, "a card")
    pdf = render_pdf(single, count, sides=side)
    doc = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(doc)):
            image = doc[index].render(scale=dpi / 72.0, crop=(b, b, b, b)).to_pil()
            yield image.convert("RGB")
    finally:
        doc.close()


def cell_size(layout: Layout, dpi: int, keep_bleed: bool = False) -> tuple[int, int]:
    """One card's size in pixels at `dpi` (at the trim, or with `keep_bleed` with its bleed
    on every side)."""
    extra = 2 * layout.page.bleed if keep_bleed else 0.0
    return (round((layout.page.width + extra) * dpi / 72.0),
            round((layout.page.height + extra) * dpi / 72.0))


def _fit(image: Any, size: tuple[int, int]) -> Any:
    """pdfium rounds a page's pixel size its own way; make every card exactly `size`."""
    if image.size == size:
        return image
    from PIL import Image

    return image.resize(size, Image.Resampling.LANCZOS)


def _save_png(image: Any, target: Path, dpi: int) -> None:
    with atomic_path(target) as tmp:
        image.save(tmp, format="PNG", dpi=(dpi, dpi), optimize=False)


def export_png(layout: Layout, out_dir: str | Path, dpi: int = 300, count: int = 1,
               keep_bleed: bool = False) -> list[Path]:
    """Write one PNG per card into `out_dir` (created if its parent exists), and with a
    `back:` one `-back` PNG per card; return the paths. `keep_bleed` keeps the layout's
    bleed around each card instead of cutting at the trim."""
    folder = output_folder(out_dir)
    names = card_names(layout, count)
    size = cell_size(layout, dpi, keep_bleed)
    sides = [("fronts", "")] + ([("backs", "-back")] if layout.back is not None else [])
    written = []
    for side, suffix in sides:
        images = card_images(layout, dpi, count, side, keep_bleed)
        for name, image in zip(names, images, strict=True):
            target = folder / f"{name}{suffix}.png"
            _save_png(_fit(image, size), target, dpi)
            written.append(target)
    return written


# --- Tabletop Simulator --------------------------------------------------------------------
@dataclass(frozen=True)
class SheetGrid:
    """One TTS deck sheet: `cards` cards laid row by row on `across` x `down` cells, the last
    cell left free."""

    across: int
    down: int
    cards: int

    def cell(self, index: int) -> tuple[int, int]:
        """(column, row) of the card at `index` on this sheet."""
        return index % self.across, index // self.across


def tts_grid(cards: int) -> list[SheetGrid]:
    """Split a deck of `cards` into TTS sheets: each at most 10 x 7 with its last cell free,
    so at most 69 cards; the deck is spread evenly over as few sheets as possible, and each
    sheet is the smallest grid (at least 2 x 2, as TTS wants) that holds its cards."""
    if cards < 1:
        raise SheetgenError("a deck needs at least one card")
    per_sheet = TTS_MAX_ACROSS * TTS_MAX_DOWN - 1
    sheets = math.ceil(cards / per_sheet)
    base, extra = divmod(cards, sheets)
    grids = []
    for i in range(sheets):
        n = base + (1 if i < extra else 0)
        # Fewest rows first (at least 2), then the fewest columns that hold the cards and the
        # free cell: 8 cards become 5 x 2, not 9 x 2 with an empty second row.
        down = max(2, math.ceil((n + 1) / TTS_MAX_ACROSS))
        across = max(2, math.ceil((n + 1) / down))
        grids.append(SheetGrid(across, down, n))
    return grids


def _default_back(size: tuple[int, int], title: str) -> Any:
    """A plain back for layouts that have none: deep sea blue, a rope border, the title."""
    from PIL import Image, ImageDraw, ImageFont

    from sheetgen.assets.fonts import FONT_DIR

    w, h = size
    image = Image.new("RGB", size, (22, 44, 74))
    draw = ImageDraw.Draw(image)
    inset = max(2, round(min(w, h) * 0.06))
    draw.rectangle([inset, inset, w - 1 - inset, h - 1 - inset], outline=(214, 188, 120),
                   width=max(1, round(min(w, h) * 0.015)))
    text = title or "sheetgen"
    font_size = max(8, round(w * 0.12))
    font = ImageFont.truetype(str(FONT_DIR / "display" / "display.ttf"), font_size)
    while font_size > 8 and draw.textlength(text, font=font) > w - 4 * inset:
        font_size -= 2
        font = ImageFont.truetype(str(FONT_DIR / "display" / "display.ttf"), font_size)
    draw.text((w / 2, h / 2), text, font=font, fill=(214, 188, 120), anchor="mm")
    return image


def _sheets(images: Iterator[Any], grids: list[SheetGrid],
            size: tuple[int, int]) -> Iterator[Any]:
    """Paste `images` in order onto one white sheet per grid, row by row."""
    from PIL import Image

    for grid in grids:
        sheet = Image.new("RGB", (grid.across * size[0], grid.down * size[1]), (255, 255, 255))
        for index in range(grid.cards):
            col, row = grid.cell(index)
            sheet.paste(_fit(next(images), size), (col * size[0], row * size[1]))
        yield sheet


def _backs(layout: Layout, dpi: int, count: int, grids: list[SheetGrid],
           size: tuple[int, int]) -> tuple[bool, list[Any]]:
    """(unique, images): one back for the whole deck (the layout's, or a plain one), or,
    when the layout's backs differ from card to card, one back sheet per face sheet."""
    if layout.back is None:
        return False, [_default_back(size, _back_title(layout))]
    backs = [_fit(image, size) for image in card_images(layout, dpi, count, "backs")]
    first = backs[0].tobytes()
    if all(image.tobytes() == first for image in backs[1:]):
        return False, [backs[0]]
    return True, list(_sheets(iter(backs), grids, size))


def _back_title(layout: Layout) -> str:
    """The game's name for a plain back: the first part of the layout's name."""
    name = layout.path.stem if has_expression(layout.name) else layout.name.split("/")[0]
    return name.replace("-", " ").replace("_", " ").title()


def _saved_object(nickname: str, sheets: list[tuple[SheetGrid, str, str]], unique: bool,
                  folder: Path, size: tuple[int, int], dpi: int,
                  labels: list[CardLabel]) -> dict[str, Any]:
    """A TTS saved object: one custom deck whose cards reference the sheets in order. Each
    sheet is (grid, face file, back file); with `unique` backs the back file is a sheet of
    backs on the same grid, else one back image for every card."""
    custom, ids, cards = {}, [], []
    for number, (grid, face, back) in enumerate(sheets, start=1):
        custom[str(number)] = {
            "FaceURL": (folder / face).resolve().as_uri(),
            "BackURL": (folder / back).resolve().as_uri(),
            "NumWidth": grid.across, "NumHeight": grid.down,
            "BackIsHidden": True, "UniqueBack": unique, "Type": 0,
        }
        for index in range(grid.cards):
            card_id = number * 100 + index
            ids.append(card_id)
            label = labels[len(cards)]
            cards.append({"Name": "Card", "Nickname": label.nickname,
                          "Description": label.description, "CardID": card_id,
                          "CustomDeck": {str(number): custom[str(number)]},
                          "Transform": _transform()})
    deck = {"Name": "DeckCustom" if len(ids) > 1 else "Card", "Nickname": nickname,
            "Description": "",
            "Transform": _transform(), "DeckIDs": ids, "CustomDeck": custom,
            "ContainedObjects": cards}
    if len(ids) == 1:  # a one-card "deck" is a plain card in TTS, named as its card
        deck = cards[0]
    return {
        "SaveName": nickname,
        "ObjectStates": [deck],
        "sheetgen": {  # not read by TTS: what the files hold, for people and scripts
            "cards": len(ids), "card_pixels": list(size), "dpi": dpi,
            "unique_backs": unique,
            "sheets": [{"file": face, "back": back, "across": grid.across, "down": grid.down,
                        "cards": grid.cards} for grid, face, back in sheets],
        },
    }


def _transform() -> dict[str, float]:
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def export_tts(layout: Layout, out_dir: str | Path, dpi: int = 150,
               count: int = 1, name_field: str | None = None,
               text_field: str | None = None) -> list[Path]:
    """Write TTS deck sheets, a back image and `<name>.json` (a TTS saved object) into
    `out_dir`; return the paths written. Each card is named and described from its data
    row (`card_labels`)."""
    labels = card_labels(layout, count, name_field, text_field)  # faults before any work
    folder = output_folder(out_dir)
    size = cell_size(layout, dpi)
    total = len(layout.page_rows(count))
    grids = tts_grid(total)
    widest = max(g.across for g in grids) * size[0]
    tallest = max(g.down for g in grids) * size[1]
    if max(widest, tallest) > TTS_MAX_PIXELS:
        raise SheetgenError(
            f"a deck sheet of {widest} x {tallest} pixels is larger than TTS accepts "
            f"({TTS_MAX_PIXELS} px)", hint=f"use a lower --dpi (now {dpi})")
    base = file_stem(layout)
    many = len(grids) > 1
    fronts = _sheets(card_images(layout, dpi, count), grids, size)
    names = [f"{base}-sheet-{n}.png" if many else f"{base}-sheet.png"
             for n in range(1, len(grids) + 1)]
    written = []
    for name, sheet in zip(names, fronts, strict=True):
        _save_png(sheet, folder / name, dpi)
        written.append(folder / name)
    unique, backs = _backs(layout, dpi, count, grids, size)
    if unique:
        back_names = [f"{base}-back-sheet-{n}.png" if many else f"{base}-back-sheet.png"
                      for n in range(1, len(grids) + 1)]
    else:
        back_names = [f"{base}-back.png"] * len(grids)
    for name, image in zip(back_names[:len(backs)], backs, strict=True):
        _save_png(image, folder / name, dpi)
        written.append(folder / name)
    sheets = list(zip(grids, names, back_names, strict=True))
    saved = _saved_object(base, sheets, unique, folder, size, dpi, labels)
    target = folder / f"{base}.json"
    write_text(target, json.dumps(saved, indent=1) + "\n")
    written.append(target)
    return written
