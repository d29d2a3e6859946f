"""From a loaded layout to finished pages: instances, imposition, bleed, marks and reuse.

Each page instance (one per data row and copy) is drawn element by element into recordings.
A recording that occurs on more than one instance is static artwork: it is written once as a
PDF form and placed wherever it recurs, so a 100-page pad costs little more than one page.
Instances are then laid out one per page, or n-up on a printer sheet with cut marks, with the
MediaBox, BleedBox and TrimBox set for each page.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sheetgen import limits
from sheetgen.assets.scripts import UnprintableText
from sheetgen.canvas import MM
from sheetgen.canvas.geometry import ellipse_ops, rect_ops
from sheetgen.canvas.pieces import HOME_MARGIN, Piece, SheetPlan, home_paper
from sheetgen.canvas.protocol import Canvas, PageBoxes, Stroke
from sheetgen.errors import MAX_FAULTS, LayoutWarning, Position, SheetgenError, raise_all
from sheetgen.layout.document import Layout, Row, page_names
from sheetgen.layout.elements.base import Element, RenderBudget, contains_expression
from sheetgen.render.recording import RecordingCanvas

MARK_OFFSET = 2.0 * MM  # gap between the bleed edge and a crop mark
MARK_LENGTH = 6.0 * MM
MARK_STROKE = Stroke(color=(0.0, 0.0, 0.0), width=0.25)
OUTLINE_STROKE = Stroke(color=(0.35, 0.35, 0.35), width=0.3)


Blocks = list[tuple[str, RecordingCanvas]]
"""An instance's recordings in drawing order, each with its `Artworks` key."""
SIDES = ("both", "fronts", "backs")


@dataclass
class Instance:
    """One trimmed page: its recorded elements, each with the digest that identifies it, and
    those of its back when the layout has one."""

    blocks: Blocks
    back: Blocks | None = None


class Artworks:
    """The distinct recordings of a document: a recording equal to one already kept is
    replaced by it, so identical artwork is held once and recognised wherever it recurs.

    "Equal" is what `RecordingCanvas.key` (a digest of the calls' repr) says, as it names
    the PDF form of shared artwork; but that repr is costly for a page's one-off artwork (a
    map of thousands of points) and is only needed where two recordings might be the same.
    Recordings are first grouped by Python equality of their calls (hashed in C; coarser than
    equal reprs, which differ for 1 and 1.0), and the digest is taken only to tell apart
    members of a group of two or more. Each distinct recording gets a short key of its own,
    the same for every recording equal to it."""

    def __init__(self) -> None:
        self._groups: dict[Any, list[tuple[str, RecordingCanvas]]] = {}
        self._count = 0

    def add(self, rec: RecordingCanvas) -> tuple[str, RecordingCanvas]:
        """(key, the kept recording equal to `rec`, or `rec` itself if it is new)."""
        try:
            group = self._groups.setdefault(tuple(rec.calls), [])
        except TypeError:  # an unhashable argument (a list): group by the digest itself
            group = self._groups.setdefault(("digest", rec.key()), [])
        if group and (len(group) > 1 or group[0][1] is not rec):
            digest = rec.key()
            for key, kept in group:
                if kept is rec or kept.key() == digest:
                    return key, kept
        elif group:
            return group[0]
        self._count += 1
        entry = (f"a{self._count}", rec)
        group.append(entry)
        return entry


def instance_names(layout: Layout, index: int, total: int, row: dict) -> dict:
    names = dict(layout.names)
    names.update(row)
    names["row"] = row
    names["page"] = page_names(layout.page, index, total)
    return names


def record_instances(layout: Layout, count: int = 1,
                     progress: Callable[[int], None] | None = None,
                     warnings: list[LayoutWarning] | None = None,
                     all_faults: bool = False,
                     numbering: tuple[int, int] | None = None) -> list[Instance]:
    """Resolve and draw every instance into recordings (no PDF yet). Identical recordings
    are kept once, so memory grows with the distinct artwork, not with the page count.

    `numbering` (first, total): these pages are pages first+1... of a longer document of
    `total` pages drawn in parts (a streamed pad), for `page.number`, `page.count` and the
    page named in warnings.

    What elements notice (text out of its box) is added to `warnings`, naming the page and
    row. A fault stops at once, unless `all_faults` (validate): then every element of every
    page is tried and all faults are raised together, in line order."""
    rows = layout.page_rows(count)
    first, total = numbering if numbering is not None else (0, len(rows))
    limits.check("pages", total, f"{total:,} pages to render", Position(str(layout.path)))
    instances = []
    base = layout.scope()
    distinct = Artworks()
    faults: list[SheetgenError] = []
    static = StaticCache(layout.styles)
    back_layout = layout.back.layout if layout.back is not None else None
    static_back = StaticCache(back_layout.styles) if back_layout is not None else static
    for index, row in enumerate(rows, first):
        scope = base.child(**instance_names(layout, index, total, row.fields))
        where = f"page {index + 1}" + (f", {row.label()}" if row.fields else "")
        notes: list[tuple[Position, str]] = []
        report = faults if all_faults else None
        blocks = _record(layout.elements, scope, distinct, notes, report, row, static)
        back = None
        if layout.back is not None:
            back_scope = scope
            if layout.back.layout is not None:  # a whole layout: its own names and styles
                other = layout.back.layout
                back_scope = other.scope().child(**instance_names(other, index, total,
                                                                  row.fields))
            back = _record(layout.back.elements, back_scope, distinct, notes, report, row,
                           static_back)
        if warnings is not None:
            warnings.extend(LayoutWarning(pos, f"{msg} ({where})") for pos, msg in notes)
        instances.append(Instance(blocks, back))
        if progress:
            progress(1)
        if len(faults) >= MAX_FAULTS and index + 1 < first + len(rows):
            faults.append(SheetgenError(
                f"stopped looking after {len(faults)} faults, at page {index + 1} of {total}",
                Position(str(layout.path)), hint="fix these and run again"))
            break
    raise_all(_first_per_place(faults))
    return instances


def _first_per_place(faults: list[SheetgenError]) -> list[SheetgenError]:
    """One fault per place in the layout (the first row's), saying how many rows share it:
    a template that fails for all 54 cards is one fault, not 54."""
    first: dict[Any, SheetgenError] = {}
    more: Counter = Counter()
    for err in faults:
        if err.position in first:
            more[err.position] += 1
        else:
            first[err.position] = err
    for pos, n in more.items():
        first[pos].message += f" (and {n} more row{'s' if n > 1 else ''})"
        first[pos].args = (first[pos].message,)
    return list(first.values())


class StaticCache:
    """Recordings of elements that are the same on every page: no `${}` in their fields,
    their children's or their styles', and only types that declare `static` (built-in shapes,
text, icons, dice, images, grids, groups and repeats; game elements and `use` may read names
of the page, so they are always drawn anew). They are drawn once per
    document instead of once per page (a deck's back is mostly such elements)."""

    def __init__(self, styles: dict[str, Any]) -> None:
        self.styles = styles
        self.known: dict[int, bool] = {}
        self.recorded: dict[int, tuple[str | None, RecordingCanvas,
                                       list[tuple[Position, str]]]] = {}

    def is_static(self, element: Element) -> bool:
        found = self.known.get(id(element))
        if found is None:
            found = self._check(element)
            self.known[id(element)] = found
        return found

    def _check(self, element: Element) -> bool:
        stack = [element]
        while stack:
            e = stack.pop()
            if not e.draws_alike_on_every_page() or contains_expression(e.raw):
                return False
            for name in e.style_names:
                if contains_expression(name) or contains_expression(self.styles.get(name, {})):
                    return False
            stack.extend(e.children)
        return True


def _point_at_field(err: UnprintableText, row: Row) -> None:
    """Text a data row brought (a card's name from the deck's CSV) that cannot be printed:
    the fault is in the row's field, so the error points there, not at the layout."""
    for key, value in row.fields.items():
        if isinstance(value, str) and any(ch in value for ch in err.chars):
            err.message = f"field '{key}': {err.message} (drawn at {err.position})"
            err.position = row.pos
            err.args = (err.message,)
            return


def _record(elements: list[Element], scope: Any, distinct: Artworks,
            notes: list[tuple[Position, str]], faults: list[SheetgenError] | None,
            row: Row, static: StaticCache | None = None) -> Blocks:
    """Draw `elements` one recording each; identical recordings are shared via `distinct`.
    A fault names the data row; it is raised, or kept in `faults` when that is a list."""
    scope.budget = RenderBudget()
    blocks = []
    for element in elements:
        if static is not None and id(element) in static.recorded:
            key, rec, said = static.recorded[id(element)]
            scope.budget.warnings.extend(said)
            if key is not None:
                blocks.append((key, rec))
            continue
        seen = len(scope.budget.warnings)
        rec = RecordingCanvas()
        try:
            element.render(rec, scope)
            _check_finite(rec, element)
        except SheetgenError as err:
            if isinstance(err, UnprintableText) and row.fields:
                _point_at_field(err, row)
            if row.fields:  # say which data row the template failed for
                err.message += f" ({row.label()})"
                err.args = (err.message,)
            if faults is None:
                raise
            faults.append(err)
            continue
        key = None
        if rec.calls:
            key, rec = distinct.add(rec)
            blocks.append((key, rec))
        if static is not None and static.is_static(element):
            static.recorded[id(element)] = (key, rec, list(scope.budget.warnings[seen:]))
    notes.extend(scope.budget.warnings)
    return blocks


def _check_finite(rec: RecordingCanvas, element: Element) -> None:
    """Every number an element drew is finite: NaN or infinity would make an invalid PDF, and
    `validate` (which records but writes nothing) must fail wherever `render` would."""
    stack: list[Any] = [args for _, args in rec.calls]
    while stack:
        item = stack.pop()
        if isinstance(item, float):
            if not math.isfinite(item):
                raise SheetgenError(f"this {element.type_name} computes a position or size "
                                    "that is not a finite number", element.pos,
                                    hint="check the expressions and the scale of this element "
                                         "and the groups around it")
        elif isinstance(item, tuple):
            stack.extend(item)


def _draw_instance(canvas: Canvas, blocks: Blocks, shared: set[str]) -> None:
    """Replay an instance; consecutive shared blocks go through one form, named for the
    digests of their recordings (the same artwork gets the same name in every document)."""
    run: list[tuple[str, RecordingCanvas]] = []

    def flush() -> None:
        if not run:
            return
        key = "+".join(rec.key() for _, rec in run)
        if canvas.begin_form(key):
            for _, rec in run:
                rec.replay(canvas)
            canvas.end_form()
        canvas.use_form(key)
        run.clear()

    for key, rec in blocks:
        if key in shared:
            run.append((key, rec))
        else:
            flush()
            rec.replay(canvas)
    flush()


MARK_MIN = 1.5 * MM  # a shorter mark is too small to cut by: it is left out and reported
MARK_GAP = 0.25 * MM  # the least room between the bleed and a mark squeezed by the margin


def _crop_marks(canvas: Canvas, xs: Iterable[float], ys: Iterable[float],
                area: tuple[float, float, float, float],
                media: tuple[float, float], edge: float = 0.0,
                keep_clear: tuple[float, float, float, float] | None = None) -> int:
    """Short marks on the cut lines, outside `area` (the printed area with its bleed) and
    `edge` (the sheet's unprinted margin: no ink there). A mark starts MARK_OFFSET beyond
    the bleed, or closer (down to MARK_GAP) where the margin leaves less room, and is at
    least MARK_MIN long. Nothing is drawn across `keep_clear` (a note's box, y down).
    Returns how many cut lines got no mark at all."""
    x0, y0, x1, y1 = area
    mw, mh = media
    ops: list = []
    missing = 0

    def span(start: float, limit: float, sign: float) -> tuple[float, float] | None:
        """From the bleed edge `start` outwards (sign -1: towards 0) to at most `limit`."""
        room = (start - limit) if sign < 0 else (limit - start)
        if room < MARK_GAP + MARK_MIN:
            return None
        offset = min(MARK_OFFSET, room - MARK_MIN)
        length = min(MARK_LENGTH, room - offset)
        a = start + sign * offset
        return a, a + sign * length

    def blocked(x: float, y: float) -> bool:
        if keep_clear is None:
            return False
        kx0, ky0, kx1, ky1 = keep_clear
        return kx0 - 1 * MM <= x <= kx1 + 1 * MM and ky0 - 1 * MM <= y <= ky1 + 1 * MM

    for x in sorted(set(xs)):
        drawn = False
        for sp in (span(y0, edge, -1), span(y1, mh - edge, 1)):
            if sp is not None and not (blocked(x, sp[0]) or blocked(x, sp[1])):
                ops += [("M", x, sp[0]), ("L", x, sp[1])]
                drawn = True
        missing += not drawn
    for y in sorted(set(ys)):
        drawn = False
        for sp in (span(x0, edge, -1), span(x1, mw - edge, 1)):
            if sp is not None and not (blocked(sp[0], y) or blocked(sp[1], y)):
                ops += [("M", sp[0], y), ("L", sp[1], y)]
                drawn = True
        missing += not drawn
    if ops:
        canvas.path(ops, stroke=MARK_STROKE)
    return missing


def outline_ops(page: Any, x: float, y: float) -> list:
    """The piece's outline (page.shape) with its trim's top-left corner at (x, y)."""
    w, h = page.width, page.height
    if page.shape == "circle":
        return ellipse_ops(x + w / 2, y + h / 2, w / 2, h / 2)
    if page.shape == "rounded":
        return rect_ops(x, y, w, h, min(page.corner, w / 2, h / 2))
    return rect_ops(x, y, w, h)


def _place(canvas: Canvas, background: Any, blocks: Blocks, shared: set[str], tx: float,
           ty: float, clip: tuple[float, float, float, float]) -> None:
    """Draw one side of an instance with its trim's top-left corner at (tx, ty), clipped to
    its bleed."""
    canvas.push()
    cx0, cy0, cx1, cy1 = clip
    canvas.clip(rect_ops(cx0, cy0, cx1 - cx0, cy1 - cy0))
    if background is not None:
        canvas.path(rect_ops(cx0, cy0, cx1 - cx0, cy1 - cy0), fill=background)
    canvas.transform(1, 0, 0, 1, tx, ty)
    _draw_instance(canvas, blocks, shared)
    canvas.pop()


def mirror_box(box: tuple[float, float, float, float], sheet: tuple[float, float],
               duplex: str, offset: tuple[float, float] = (0.0, 0.0)
               ) -> tuple[float, float, float, float]:
    """Where on the back of a sheet (y-down, as the back is printed) the area `box` of its
    front lies: turned about the long edge, a portrait sheet swaps left and right and a
    landscape one top and bottom; about the short edge the other way round. `offset` then
    moves it to undo the printer's shift (see `sheetgen calibrate duplex`)."""
    x0, y0, x1, y1 = box
    sw, sh = sheet
    flip_x = (duplex == "long-edge") == (sw <= sh)
    if flip_x:
        x0, x1 = sw - x1, sw - x0
    else:
        y0, y1 = sh - y1, sh - y0
    dx, dy = offset
    return (x0 + dx, y0 + dy, x1 + dx, y1 + dy)


def _flip(box: tuple[float, float, float, float], height: float) -> tuple[float, ...]:
    x0, y0, x1, y1 = box
    return (x0, height - y1, x1, height - y0)


def _sides(layout: Layout, sides: str) -> tuple[bool, bool]:
    """(print fronts, print backs) for `sides` (both, fronts, backs)."""
    if sides not in SIDES:  # pragma: no cover - the CLI offers only these
        raise ValueError(sides)
    if sides == "backs" and layout.back is None:
        raise SheetgenError("--backs-only: this layout has no 'back:'",
                            Position(str(layout.path)),
                            hint="add back: with the elements printed behind each page")
    return sides != "backs", sides != "fronts" and layout.back is not None


def compose(layout: Layout, canvas: Canvas, count: int = 1,
            progress: Callable[[int], None] | None = None, sides: str = "both",
            warnings: list[LayoutWarning] | None = None, all_faults: bool = False,
            numbering: tuple[int, int] | None = None) -> int:
    """Draw the whole document on `canvas`; returns the number of physical pages.
    `numbering`: see `record_instances`.

    With a `back:`, each front page (or imposed sheet) is followed by its back, so a duplex
    printer puts every back behind its front; `sides` keeps only the fronts or the backs
    (for printing one side, turning the stack, then the other)."""
    fronts, backs = _sides(layout, sides)
    instances = record_instances(layout, count, progress, warnings, all_faults, numbering)
    seen = Counter(key for inst in instances
                   for key in {k for k, _ in inst.blocks + (inst.back or [])})
    shared = {key for key, n in seen.items() if n > 1}
    page = layout.page
    w, h, b = page.width, page.height, page.bleed
    back_bg = layout.back.background if layout.back is not None else None
    back_bg = back_bg if back_bg is not None else page.background
    pages = 0
    imp = layout.imposition
    if layout.tile is not None:
        return _compose_tiled(layout, canvas, instances, fronts)
    if imp is None:
        slug = MARK_OFFSET + MARK_LENGTH + 1.0 * MM if page.crop_marks else 0.0
        o = b + slug
        mw, mh = w + 2 * o, h + 2 * o
        trim = (o, o, o + w, o + h)
        bleed = (o - b, o - b, o + w + b, o + h + b)
        for inst in instances:
            for side, on in ((inst.blocks, fronts), (inst.back, backs)):
                if not on or side is None:
                    continue
                canvas.begin_page(mw, mh, PageBoxes((0, 0, mw, mh), _flip(bleed, mh),
                                                    _flip(trim, mh)))
                canvas.page_plan(single_page_plan(
                    (mw, mh), _flip(trim, mh), _flip(bleed, mh),
                    _side(side is inst.blocks, layout.back is not None and backs and fronts),
                    "long-edge"))
                _place(canvas, page.background if side is inst.blocks else back_bg, side,
                       shared, o, o, bleed)
                if page.crop_marks:
                    _crop_marks(canvas, (o, o + w), (o, o + h), bleed, (mw, mh))
                canvas.end_page()
                pages += 1
        return pages

    sw, sh = imp.sheet_width, imp.sheet_height
    total_w = imp.across * w + (imp.across - 1) * imp.gap
    total_h = imp.down * h + (imp.down - 1) * imp.gap
    x_start, y_start = (sw - total_w) / 2, (sh - total_h) / 2
    warned = False
    if warnings is not None and imp.cut_marks and not imp.cut_outline and page.shape != "rect":
        warnings.append(LayoutWarning(Position(str(layout.path)), f"cut marks show the box "
                                      f"around each {page.shape} piece, not its outline; "
                                      "imposition.cut: both (or outline) draws it"))
    sheet_margin = max(imp.margin, HOME_MARGIN) if home_paper(sw, sh) else imp.margin
    inner = min(b, imp.gap / 2)
    outer_x = max(0.0, min(b, x_start - sheet_margin))
    outer_y = max(0.0, min(b, y_start - sheet_margin))
    noted = False
    for first in range(0, len(instances), imp.per_sheet):
        group = instances[first:first + imp.per_sheet]
        xs, ys = [], []
        cells = []
        for k, inst in enumerate(group):
            col, row = k % imp.across, k // imp.across
            tx, ty = x_start + col * (w + imp.gap), y_start + row * (h + imp.gap)

            def reach(at_edge: bool, filled: bool, outer: float) -> float:
                """Bleed on one side: to the sheet's margin at the grid's edge, half the
                gap beside a neighbour, the whole bleed beside an empty slot."""
                return outer if at_edge else inner if filled else b

            right_filled = k + 1 < len(group)
            below_filled = k + imp.across < len(group)
            clip = (tx - reach(col == 0, True, outer_x), ty - reach(row == 0, True, outer_y),
                    tx + w + reach(col == imp.across - 1, right_filled, outer_x),
                    ty + h + reach(row == imp.down - 1, below_filled, outer_y))
            cells.append((inst, tx, ty, clip))
            xs += [tx, tx + w]
            ys += [ty, ty + h]
        trim_box = (min(xs), min(ys), max(xs), max(ys))
        bleed_box = (min(c[3][0] for c in cells), min(c[3][1] for c in cells),
                     max(c[3][2] for c in cells), max(c[3][3] for c in cells))
        duplexed = layout.back is not None and backs and fronts
        if fronts:
            canvas.begin_page(sw, sh, PageBoxes((0, 0, sw, sh), _flip(bleed_box, sh),
                                                _flip(trim_box, sh)))
            canvas.page_plan(imposed_plan(imp, cells, (w, h), _side(True, duplexed), page.shape))
            for inst, tx, ty, clip in cells:
                _place(canvas, page.background, inst.blocks, shared, tx, ty, clip)
            if imp.cut_outline:
                canvas.path([op for _, tx, ty, _ in cells for op in outline_ops(page, tx, ty)],
                            stroke=OUTLINE_STROKE)
            note_box = None
            if duplexed and not noted:  # the first sheet says how to turn it
                note_box = _flip_note(canvas, imp.duplex, bleed_box, (sw, sh), sheet_margin,
                                      xs)
                noted = True
            if imp.cut_marks:
                missing = _crop_marks(canvas, xs, ys, bleed_box, (sw, sh), sheet_margin,
                                      note_box)
                if missing and not imp.cut_outline:
                    # Marks that do not fit (3 x 3 poker cards on Letter): the pieces'
                    # outlines are drawn to cut along instead, so no cut line goes unmarked.
                    canvas.path([op for _, tx, ty, _ in cells
                                 for op in outline_ops(page, tx, ty)], stroke=OUTLINE_STROKE)
                if missing and warnings is not None and not warned:
                    warned = True
                    fallback = ("; each piece's outline is drawn to cut along instead"
                                if not imp.cut_outline else "")
                    warnings.append(LayoutWarning(
                        Position(str(layout.path)),
                        f"cut marks for {missing} cut line(s) cannot be drawn: the pages reach "
                        f"within {min(bleed_box[0], bleed_box[1]) / MM:.1f} mm of the sheet's "
                        f"edge (marks need {(MARK_GAP + MARK_MIN + sheet_margin) / MM:.1f}"
                        f" mm){fallback}. imposition.cut: outline asks for outlines only; a "
                        "smaller gap or fewer pages bring the marks back"))
            canvas.end_page()
            pages += 1
        if backs:
            pages += _back_sheet(canvas, imp, cells, (w, h), back_bg, shared, trim_box,
                                 bleed_box, _side(False, duplexed), page.shape)
    return pages


NOTE_SIZE = 6.5
NOTE_COLOR = (0.25, 0.25, 0.25)


def flip_note_text(duplex: str) -> str:
    return f"Print double-sided, flip on the {duplex.replace('-', ' ')}"


def _flip_note(canvas: Canvas, duplex: str, bleed_box: tuple[float, ...],
               sheet: tuple[float, float], margin: float, xs: list[float]
               ) -> tuple[float, float, float, float] | None:
    """"Print double-sided, flip on the long edge" in the band between the printed area and
    the sheet's margin (below it, else above, else up the left side), centred; returns its
    box (y down) so that cut marks keep clear of it, or None when there is no room."""
    from sheetgen.assets.fonts import string_width

    sw, sh = sheet
    text = flip_note_text(duplex)
    width = string_width(text, "sans", NOTE_SIZE)
    height = NOTE_SIZE * 0.95
    x = (sw - width) / 2
    for top in (bleed_box[3] + 0.3 * MM, bleed_box[1] - 0.3 * MM - height):
        if top >= margin and top + height <= sh - margin:
            canvas.text(x, top + NOTE_SIZE * 0.75, text, "sans", NOTE_SIZE, NOTE_COLOR)
            return (x, top, x + width, top + height)
    # no room above or below (three rows of cards on Letter): up the left margin, rotated
    baseline = bleed_box[0] - 0.3 * MM - NOTE_SIZE * 0.25
    if baseline - NOTE_SIZE * 0.75 >= margin and width <= sh - 2 * margin:
        canvas.push()
        canvas.transform(0, -1, 1, 0, baseline, (sh + width) / 2)
        canvas.text(0, 0, text, "sans", NOTE_SIZE, NOTE_COLOR)
        canvas.pop()
        return (baseline - NOTE_SIZE * 0.75, (sh - width) / 2, baseline + NOTE_SIZE * 0.25,
                (sh + width) / 2)
    return None


class BlankBacks:
    """A canvas that follows every one-sided page with a blank one, so that a document
    printed double-sided as a whole keeps every front on an odd page and nothing on the back
    of a one-sided page (a pad that mixes single sheets with cards that have backs)."""

    NOTE = "This side is left blank for double-sided printing."

    def __init__(self, canvas: Canvas) -> None:
        self._canvas = canvas
        self._side = "single"
        self._size = (0.0, 0.0)
        self.blanks = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._canvas, name)

    def begin_page(self, width: float, height: float, boxes: PageBoxes | None = None) -> None:
        self._size = (width, height)
        self._side = "single"
        self._canvas.begin_page(width, height, boxes)

    def page_plan(self, plan: SheetPlan) -> None:
        self._side = plan.side
        self._canvas.page_plan(plan)

    def end_page(self) -> None:
        self._canvas.end_page()
        if self._side == "single":
            from sheetgen.assets.fonts import string_width

            w, h = self._size
            self._canvas.begin_page(w, h, PageBoxes((0, 0, w, h), (0, 0, w, h), (0, 0, w, h)))
            self._canvas.page_plan(SheetPlan(
                kind="home" if home_paper(w, h) else "shop", paper=home_paper(w, h),
                side="blank", pieces=(Piece(trim=(0, 0, w, h), bleed=(0, 0, w, h),
                                            cut=(False,) * 4),)))
            x = (w - string_width(self.NOTE, "sans", 7)) / 2
            self._canvas.text(x, h / 2, self.NOTE, "sans", 7, NOTE_COLOR)
            self._canvas.end_page()
            self.blanks += 1


def _side(front: bool, duplexed: bool) -> str:
    """The page plan's side: front or back when both are printed, else single."""
    if not duplexed:
        return "single"
    return "front" if front else "back"


def single_page_plan(media: tuple[float, float], trim: tuple[float, ...],
                     bleed: tuple[float, ...], side: str, duplex: str | None) -> SheetPlan:
    """A page that is one piece: a home sheet when its trim is a home paper (nothing is
    cut: preflight then wants the page to be exactly that paper), else a piece for a print
    shop, cut at its trim on every side (y-up boxes)."""
    paper = home_paper(trim[2] - trim[0], trim[3] - trim[1])
    duplex = duplex if side != "single" else None
    if paper is not None:  # a home page, whatever bleed or marks were asked for
        return SheetPlan(kind="home", paper=paper, side=side, duplex=duplex,
                         pieces=(Piece(trim=tuple(trim), bleed=tuple(trim),
                                       cut=(False,) * 4),))
    return SheetPlan(kind="shop", side=side, duplex=duplex,
                     pieces=(Piece(trim=tuple(trim), bleed=tuple(bleed)),))


def imposed_plan(imp: Any, cells: list, size: tuple[float, float], side: str,
                 shape: str = "rect") -> SheetPlan:
    """An imposed sheet: each slot a piece cut on all sides; an edge cut together with a
    filled neighbour's (no gap) is shared. Cells are (instance, x, y, clip), y down."""
    sw, sh = imp.sheet_width, imp.sheet_height
    w, h = size
    corners = {(round(tx, 3), round(ty, 3)) for _, tx, ty, _ in cells}
    pieces = []
    for _, tx, ty, clip in cells:
        def filled(dx: float, dy: float, tx: float = tx, ty: float = ty) -> bool:
            return imp.gap < 0.01 and (round(tx + dx, 3), round(ty + dy, 3)) in corners
        left, right = filled(-w, 0), filled(w, 0)
        top, bottom = filled(0, -h), filled(0, h)
        pieces.append(Piece(trim=_flip((tx, ty, tx + w, ty + h), sh),
                            bleed=_flip(tuple(clip), sh),
                            shared=(left, bottom, right, top), shape=shape))
    paper = home_paper(sw, sh)
    return SheetPlan(kind="home" if paper else "shop", paper=paper, side=side,
                     duplex=imp.duplex if side != "single" else None, pieces=tuple(pieces))


def _compose_tiled(layout: Layout, canvas: Canvas, instances: list[Instance],
                   fronts: bool) -> int:
    """Each page split over sheets (sheetgen.render.tiling); the board is one form, stored
    once however many tiles show it."""
    from sheetgen.render.tiling import draw_tiles

    if layout.back is not None:
        raise SheetgenError("a tiled layout cannot have a back:", Position(str(layout.path)),
                            hint="print the board's back (if any) as a layout of its own")
    page = layout.page
    w, h = page.width, page.height
    pages = 0
    for inst in instances if fronts else []:
        shared = {key for key, _ in inst.blocks}

        def board(c: Canvas, inst: Instance = inst, shared: set[str] = shared) -> None:
            _place(c, page.background, inst.blocks, shared, 0.0, 0.0, (0.0, 0.0, w, h))

        pages += draw_tiles(canvas, layout.tile, w, h, board, layout.name)
    return pages


def _back_sheet(canvas: Canvas, imp: Any, cells: list, size: tuple[float, float],
                background: Any, shared: set[str], trim_box: tuple[float, ...],
                bleed_box: tuple[float, ...], side: str = "back", shape: str = "rect") -> int:
    """The back of an imposed sheet: each back in the mirror of its front's slot (see
    `mirror_box`), so that it lands behind it; slots empty on the front stay empty."""
    sw, sh = imp.sheet_width, imp.sheet_height
    w, h = size

    def moved(box: tuple[float, ...]) -> tuple[float, float, float, float]:
        return mirror_box(box, (sw, sh), imp.duplex, imp.back_offset)

    canvas.begin_page(sw, sh, PageBoxes((0, 0, sw, sh), _flip(moved(bleed_box), sh),
                                        _flip(moved(trim_box), sh)))
    canvas.page_plan(imposed_plan(imp, [(inst, *moved((tx, ty, tx + w, ty + h))[:2],
                                         moved(clip)) for inst, tx, ty, clip in cells],
                                  size, side, shape))
    for inst, tx, ty, clip in cells:
        bx, by, _, _ = moved((tx, ty, tx + w, ty + h))
        _place(canvas, background, inst.back, shared, bx, by, moved(clip))
    canvas.end_page()
    return 1


def sheet_count(layout: Layout, count: int, sides: str = "both") -> int:
    """Physical pages `compose` writes."""
    n = len(layout.page_rows(count))
    if layout.tile is not None:
        from sheetgen.render.tiling import sheet_for, tile_plan

        t, page = layout.tile, layout.page
        sw, sh = sheet_for(t, page.width, page.height)
        area = (sw - 2 * t.margin, sh - 2 * t.margin)
        return n * len(tile_plan(page.width, page.height, area, t.overlap))
    if layout.imposition is not None:
        n = -(-n // layout.imposition.per_sheet)
    return n * 2 if sides == "both" and layout.back is not None else n
