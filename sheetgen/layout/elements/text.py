"""Text: a line or a wrapped paragraph in a box, aligned, optionally shrunk to fit.

Inline `**bold**` and `*italic*` switch to the font's `-bold` / `-italic` sibling when the
bundle has one, which is enough for labels such as "**Full Boat** 25 points". `:name:` with a
bundled icon's name (`sheetgen icons`) sets that icon inside the line, one em wide, in the
text's colour, centred on the capitals, so it wraps, shrinks and aligns like a word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sheetgen.assets import fonts
from sheetgen.assets.scripts import UnprintableText, check_printable, right_to_left
from sheetgen.canvas import MM
from sheetgen.canvas.protocol import Canvas
from sheetgen.errors import did_you_mean
from sheetgen.layout.elements.base import Element, Scope, register, warn
from sheetgen.layout.params import BOOL, COLOR, FONT, LENGTH, SIZE, TEXT, Choice, Number, Param

_MARKUP = re.compile(r"(\*\*.+?\*\*|\*.+?\*)")
_ICON = re.compile(r":([a-z][a-z0-9-]*):")
ICON_EM = 1.0
"""An inline icon's width (and height), in ems of the text around it."""


@dataclass(frozen=True)
class Run:
    text: str
    font: str
    icon: str | None = None


def _icon_names() -> set[str]:
    from sheetgen.assets.icons import icon_names

    return set(icon_names())


def _with_icons(run: Run) -> list[Run]:
    """Split `:name:` of a known icon out of a run; other text stays as it is."""
    if ":" not in run.text:
        return [run]
    known = _icon_names()
    out: list[Run] = []
    last = 0
    for match in _ICON.finditer(run.text):
        if match.group(1) not in known:
            continue
        if match.start() > last:
            out.append(Run(run.text[last:match.start()], run.font))
        out.append(Run("", run.font, match.group(1)))
        last = match.end()
    if last < len(run.text):
        out.append(Run(run.text[last:], run.font))
    return out


def run_width(run: Run, size: float) -> float:
    return size * ICON_EM if run.icon else fonts.string_width(run.text, run.font, size)


def draw_line(canvas: Canvas, line: list[Run], x: float, baseline: float, size: float,
              color: Any, opacity: float = 1.0) -> None:
    """Set one laid-out line from x: text runs as text, icon runs as vector icons."""
    from sheetgen.layout.elements.icon import draw_icon

    for run in merge_runs(line):
        if run.icon:
            s = size * ICON_EM
            middle = baseline - fonts.cap_height(run.font, size) / 2
            draw_icon(canvas, run.icon, x, middle - s / 2, s, s, color)
        elif run.text:
            canvas.text(x, baseline, run.text, run.font, size, color, opacity)
        x += run_width(run, size)


def _variant(font: str, variant: str) -> str:
    base = font.split("-")[0]
    name = f"{base}-{variant}"
    return name if name in fonts.font_names() else font


def split_runs(line: str, font: str) -> list[Run]:
    runs: list[Run] = []
    for part in _MARKUP.split(line):
        if not part:
            continue
        if part.startswith("**") and part.endswith("**") and len(part) > 4:
            run = Run(part[2:-2], _variant(font, "bold"))
        elif part.startswith("*") and part.endswith("*") and len(part) > 2:
            run = Run(part[1:-1], _variant(font, "italic"))
        else:
            run = Run(part, font)
        runs.extend(_with_icons(run))
    return runs


def _words(runs: list[Run]) -> list[list[Run]]:
    """Split runs into words (lists of runs, since a word may change font midway)."""
    words: list[list[Run]] = [[]]
    for run in runs:
        if run.icon:  # an icon is part of the word it touches
            words[-1].append(run)
            continue
        pieces = re.split(r"( )", run.text)
        for piece in pieces:
            if piece == " ":
                words.append([])
            elif piece:
                words[-1].append(Run(piece, run.font))
    return [w for w in words if w]


def _width(runs: list[Run], size: float) -> float:
    return sum(run_width(r, size) for r in runs)


line_width = _width


def layout_lines(text: str, font: str, size: float, width: float | None,
                 wrap: bool) -> list[list[Run]]:
    """Break text into lines of runs no wider than `width` (when wrapping)."""
    lines: list[list[Run]] = []
    for paragraph in text.split("\n"):
        runs = split_runs(paragraph, font)
        if not wrap or width is None:
            lines.append(runs)
            continue
        words = _words(runs)
        if not words:
            lines.append([])
            continue
        current: list[Run] = []
        current_w = 0.0
        for word in words:
            ww = _width(word, size)
            space = fonts.string_width(" ", word[0].font, size) if current else 0.0
            if current and current_w + space + ww > width:
                lines.append(current)
                current, current_w = list(word), ww
            else:
                if current:
                    current.append(Run(" ", word[0].font))
                current.extend(word)
                current_w += space + ww
        lines.append(current)
    return lines


FIT_STEP = 0.25
"""Shrink-to-fit tries sizes this far apart (points)."""


@dataclass(frozen=True)
class Fit:
    """A paragraph measured for its box before it is drawn (reportlab platypus's
    wrap-then-draw): the size shrink-to-fit settled on, the lines at that size, and whether
    they fit. `fit_text` makes one; `draw` sets it. The layout's `text` element, grid cells
    and the Voodoo cards all fit and draw text through this one pair."""

    size: float
    lines: list[list[Run]]
    font: str
    leading: float
    """Line height / font size."""
    fits: bool

    def overflow(self, width: float | None, height: float | None) -> float:
        """How far (points) the lines stick out of the box, across or down; 0 when they
        fit. A box side that is None does not count."""
        over = 0.0
        if width is not None and self.lines:
            over = max(over, max(_width(line, self.size) for line in self.lines) - width)
        if height is not None:
            block = (fonts.cap_height(self.font, self.size)
                     + self.size * self.leading * (len(self.lines) - 1)
                     - fonts.descent(self.font, self.size))
            over = max(over, block - height)
        return max(over, 0.0)

    def draw(self, canvas: Canvas, x: float, y: float, width: float | None,
             height: float | None, color: Any, align: str = "left", valign: str = "top",
             opacity: float = 1.0, pad: float = 0.0) -> None:
        """Set the lines in the box at (x, y): `align` left/center/right within `width`
        less `pad` on either side (without a width, about x as an anchor), `valign` top
        (capitals touch y), middle, bottom (the last line's descenders on the box's lower
        edge) or baseline (the first baseline at y)."""
        size, n = self.size, len(self.lines)
        leading = size * self.leading
        cap = fonts.cap_height(self.font, size)
        block = cap + leading * (n - 1)
        if valign == "baseline":
            baseline = y
        elif valign == "top":
            baseline = y + cap
        elif valign == "middle":
            baseline = y + ((height or 0.0) - block) / 2 + cap
        else:  # bottom
            bottom = y + (height or 0.0) + (fonts.descent(self.font, size) if height else 0.0)
            baseline = bottom - leading * (n - 1)
        for line in self.lines:
            line_w = _width(line, size)
            if width is None:
                lx = {"left": x, "center": x - line_w / 2, "right": x - line_w}[align]
            else:
                lx = {"left": x + pad, "center": x + (width - line_w) / 2,
                      "right": x + width - pad - line_w}[align]
            draw_line(canvas, line, lx, baseline, size, color, opacity)
            baseline += leading


def fit_text(text: str, font: str, size: float, width: float | None, height: float | None,
             *, min_size: float = 6.0, leading: float = 1.2, wrap: bool = True,
             shrink: bool = True) -> Fit:
    """The one shrink-to-fit: lay `text` out at `size` and, while it overflows the box
    (width and/or height, points; within 0.01 pt) and `shrink` is on, again FIT_STEP
    smaller, never below `min_size`. `fits` says whether the result fits; a caller that
    must not print an overflow checks it, one that warns measures `overflow`."""
    fit = Fit(size, layout_lines(text, font, size, width, wrap), font, leading, False)
    words: list[list[Run]] | None = None
    while True:
        ok = fit.overflow(width, height) <= 0.01
        if ok or not shrink or fit.size <= min_size:
            return Fit(fit.size, fit.lines, font, leading, ok)
        size = max(min_size, fit.size - FIT_STEP)
        if wrap and width is not None:
            if words is None:
                words = [w for part in text.split("\n") for w in _words(split_runs(part, font))]
            size = _past_wide_words(words, size, width, min_size)
        fit = Fit(size, layout_lines(text, font, size, width, wrap), font, leading, False)


def _past_wide_words(words: list[list[Run]], size: float, width: float,
                     min_size: float) -> float:
    """The first of the shrink's sizes from `size` down (FIT_STEP apart, the last one
    `min_size`) at which no word of the text is more than 0.01 pt wider than `width`: those
    before it overflow whatever the lines (a wrapped line holds whole words, and its width,
    a sum of runs' widths from 0 up, is at least that of any word in it), so `fit_text`
    would only lay the text out at each to step on. A word's width grows with the size, so
    the sizes are halved, not walked: a cell asking for size 12345 laid its text out 49,000
    times (a second of CPU) to reach 12 pt."""
    def too_wide(at: float) -> bool:
        return max(_width(word, at) for word in words) - width > 0.01

    if not words or size <= min_size or not too_wide(size):
        return size
    steps = [size]
    while steps[-1] > min_size:
        steps.append(max(min_size, steps[-1] - FIT_STEP))
    lo, hi = 1, len(steps) - 1  # too wide at steps[0]; steps[-1] is the last size tried
    while lo < hi:
        mid = (lo + hi) // 2
        if too_wide(steps[mid]):
            lo = mid + 1
        else:
            hi = mid
    return steps[lo]


@register
class Text(Element):
    type_name = "text"
    static = True
    description = "text on one line or wrapped in a box; aligned; shrinks to fit if asked"
    params = {
        "text": Param(TEXT, doc="the words; **bold** and *italic* work inline"),
        "x": Param(LENGTH, 0.0, "left of the box (or the anchor, without w)"),
        "y": Param(LENGTH, 0.0, "top of the box (or the baseline, with valign: baseline)"),
        "w": Param(SIZE, None, "box width: text wraps within it"),
        "h": Param(SIZE, None, "box height: for vertical alignment and shrink-to-fit"),
        "font": Param(FONT, "serif", "a bundled font name"),
        "size": Param(Number(minimum=1, maximum=400), 10.0, "font size in points"),
        "color": Param(COLOR, "ink", "text colour"),
        "align": Param(Choice(options=("left", "center", "right")), "left", ""),
        "valign": Param(Choice(options=("top", "middle", "bottom", "baseline")), "top", ""),
        "wrap": Param(BOOL, True, "wrap lines to the box width"),
        "shrink": Param(BOOL, False, "reduce the size until the text fits the box"),
        "min_size": Param(Number(minimum=1), 6.0, "smallest size shrink may use"),
        "leading": Param(Number(minimum=0.5, maximum=4), 1.2, "line height / font size"),
        "case": Param(Choice(options=("none", "upper", "lower", "title")), "none", ""),
        "opacity": Param(Number(minimum=0, maximum=1), 1.0, ""),
    }

    def _check_glyphs(self, lines: list) -> None:
        """Every character has a glyph in its font, or the text is refused (it would print
        as nothing)."""
        for line in lines:
            for run in line:
                if run.icon:
                    continue
                check_printable(run.text, run.font, self.pos)
            merged = merge_runs(line)
            if len(merged) > 1 and any(right_to_left(r.text) for r in merged if not r.icon):
                text = "".join(r.text or f":{r.icon}:" for r in merged)
                raise UnprintableText(
                    f"{text[:40]!r} sets part of a Hebrew line in bold, italic or an icon: "
                    "each part would be drawn right to left on its own, in the wrong order",
                    self.pos, "keep a Hebrew line in one face, without icons", text)

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        text = v["text"]
        text = {"upper": text.upper(), "lower": text.lower(), "title": text.title()}.get(
            v["case"], text)
        size = v["size"]
        width, height = v["w"], v["h"]
        fit = fit_text(text, v["font"], size, width, height, min_size=v["min_size"],
                       leading=v["leading"], wrap=v["wrap"],
                       shrink=v["shrink"] and bool(width or height))
        self._check_glyphs(fit.lines)
        self._check_fit(fit, v, width, height, scope)
        self._check_icons(text, scope)
        fit.draw(canvas, v["x"], v["y"], width, height, v["color"], v["align"], v["valign"],
                 v["opacity"])

    def _check_icons(self, text: str, scope: Scope) -> None:
        """`:name:` that names no icon is printed as it stands; say so, it is likely a typo."""
        if ":" not in text:
            return
        known = _icon_names()
        for match in _ICON.finditer(text):
            if match.group(1) not in known:
                hint = did_you_mean(match.group(1), known)
                warn(scope, self.pos, f"':{match.group(1)}:' is not an icon, printed as text"
                     + (f" ({hint})" if hint else " (`sheetgen icons` lists them)"))

    def _check_fit(self, fit: Fit, v: dict[str, Any], width: float | None,
                   height: float | None, scope: Scope) -> None:
        """Warn when the text, at its final size, runs out of its box."""
        over = fit.overflow(width, height)
        lines, size = fit.lines, fit.size
        if over <= TOLERANCE:
            return
        if width is not None and v["wrap"]:
            for line in lines:
                words = "".join(r.text or f":{r.icon}:" for r in line).split(" ")
                if len(words) == 1 and _width(line, size) > width + TOLERANCE:
                    warn(scope, self.pos, f"the word '{words[0][:40]}' is "
                         f"{(_width(line, size) - width) / MM:.1f} mm wider than its box")
                    return
        shrunk = " (at min_size)" if v["shrink"] else ""
        warn(scope, self.pos, f"text overflows its box by {over / MM:.1f} mm{shrunk}")


TOLERANCE = 0.05 * MM
"""Overflows below 0.05 mm are rounding, not faults."""


def merge_runs(line: list[Run]) -> list[Run]:
    """Join neighbouring runs in the same font so each becomes one text call."""
    merged: list[Run] = []
    for run in line:
        if merged and merged[-1].font == run.font and not run.icon and not merged[-1].icon:
            merged[-1] = Run(merged[-1].text + run.text, run.font)
        else:
            merged.append(run)
    return merged
