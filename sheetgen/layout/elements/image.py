"""Images: PNG/JPEG placed as pictures, SVG converted to vector paths.

SVG goes through our own backend (as paths) rather than a second drawing library, so an SVG
looks the same in the PDF, in the SVG diagrams of the rulebooks and in recorded test output.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from sheetgen.canvas.protocol import Canvas
from sheetgen.errors import Position, SheetgenError
from sheetgen.layout.elements.base import Element, Scope, register
from sheetgen.layout.params import LENGTH, SIZE, Choice, FileName, Param


@lru_cache(maxsize=64)
def svg_shapes(path: str) -> tuple[tuple[float, float, float, float], list[tuple]]:
    """(viewbox, [(ops, fill, stroke_color, stroke_width, even_odd)]) for an SVG file."""
    import re

    import svgelements as se

    from sheetgen import limits

    # Count the start tags before parsing: a parse of 200,000 shapes takes half a minute and
    # half a gigabyte, so a file with more than the budget is refused unparsed.
    try:
        with open(path, "rb") as fh:
            tags = len(re.findall(rb"<[A-Za-z]", fh.read(limits.get("file_bytes") + 1)))
    except OSError as err:
        raise SheetgenError(f"cannot read SVG {path}: {err.strerror or err}") from None
    limits.check("svg_elements", tags, f"SVG {Path(path).name} holds {tags:,} elements")
    try:
        svg = se.SVG.parse(path, reify=True)
    except Exception as err:  # svgelements raises many kinds on malformed files
        raise SheetgenError(f"cannot read SVG {path}: {err}") from None
    x, y, w, h = svg.viewbox.x, svg.viewbox.y, svg.viewbox.width, svg.viewbox.height
    if not w or not h:
        bb = svg.bbox()
        if bb is None:
            raise SheetgenError(f"SVG {path} has nothing to draw")
        x, y, w, h = bb[0], bb[1], bb[2] - bb[0], bb[3] - bb[1]
    shapes = []
    for element in svg.elements():
        if not isinstance(element, se.Shape) or isinstance(element, se.Text):
            continue
        p = se.Path(element)
        p.approximate_arcs_with_cubics()
        ops: list[tuple] = []
        for seg in p.segments():
            if isinstance(seg, se.Move):
                ops.append(("M", seg.end.x, seg.end.y))
            elif isinstance(seg, se.Line):
                ops.append(("L", seg.end.x, seg.end.y))
            elif isinstance(seg, se.CubicBezier):
                ops.append(("C", seg.control1.x, seg.control1.y, seg.control2.x, seg.control2.y,
                            seg.end.x, seg.end.y))
            elif isinstance(seg, se.QuadraticBezier):
                s, c, e = seg.start, seg.control, seg.end
                ops.append(("C", s.x + 2 / 3 * (c.x - s.x), s.y + 2 / 3 * (c.y - s.y),
                            e.x + 2 / 3 * (c.x - e.x), e.y + 2 / 3 * (c.y - e.y), e.x, e.y))
            elif isinstance(seg, se.Close):
                ops.append(("Z",))
        if not ops:
            continue
        fill = _rgb(element.fill)
        stroke = _rgb(element.stroke)
        width = float(element.stroke_width or 0.0) if stroke else 0.0
        even_odd = str(element.values.get("fill-rule", "")).lower() == "evenodd"
        shapes.append((ops, fill, stroke, width, even_odd))
    return (x, y, w, h), shapes


def _rgb(color: Any) -> tuple[float, float, float] | None:
    if color is None or getattr(color, "value", None) is None or color.alpha == 0:
        return None
    return (color.red / 255.0, color.green / 255.0, color.blue / 255.0)


@register
class Image(Element):
    type_name = "image"
    static = True
    description = "an SVG (drawn as vectors) or PNG/JPEG picture in a box"
    params = {
        "src": Param(FileName(what="image", missing="image not found"),
                     doc="file path, relative to the layout file"),
        "x": Param(LENGTH, 0.0, "left edge"),
        "y": Param(LENGTH, 0.0, "top edge"),
        "w": Param(SIZE, doc="box width"),
        "h": Param(SIZE, doc="box height"),
        "fit": Param(Choice(options=("contain", "stretch")), "contain",
                     "contain keeps the aspect ratio; stretch fills the box"),
    }

    def draw(self, canvas: Canvas, v: dict[str, Any], scope: Scope) -> None:
        path = v["src"]  # checked by Element.resolve (sheetgen.access)
        if path is None:
            raise SheetgenError("expected an image file name", self.raw.pos_of("src")
                                if "src" in self.raw else self.pos)
        if path.suffix.lower() == ".svg":
            self._draw_svg(canvas, str(path), v)
        elif path.suffix.lower() in (".png", ".jpg", ".jpeg"):
            x, y, w, h = _fit(v, *_raster_size(path, self.raw.pos_of("src")
                                                if "src" in self.raw else self.pos))
            canvas.image(str(path), x, y, w, h)
        else:
            raise SheetgenError(f"unsupported image type '{path.suffix}'", self.raw.pos_of("src"),
                                hint="use .svg, .png or .jpg")

    def _draw_svg(self, canvas: Canvas, path: str, v: dict[str, Any]) -> None:
        from sheetgen.canvas.geometry import make_stroke

        (vx, vy, vw, vh), shapes = svg_shapes(path)
        x, y, w, h = _fit(v, vw, vh)
        sx, sy = w / vw, h / vh
        canvas.push()
        canvas.transform(sx, 0, 0, sy, x - vx * sx, y - vy * sy)
        for ops, fill, stroke, width, even_odd in shapes:
            canvas.path(list(ops), fill=fill, stroke=make_stroke(stroke, width),
                        even_odd=even_odd)
        canvas.pop()


def _raster_size(path: Path, pos: Position | None = None) -> tuple[float, float]:
    """The picture's size in pixels, after checking it whole: its declared size against the
    `image_pixels` budget before anything is decoded (a small file can declare a huge
    picture), then every pixel decoded once, so a truncated or corrupt file is an error here
    and not a crash in the PDF writer."""
    from PIL import Image as PILImage
    from PIL import ImageFile

    from sheetgen import limits

    # The budget replaces PIL's own decompression-bomb warning (printed on stderr at 89
    # million pixels, an error only at twice that).
    PILImage.MAX_IMAGE_PIXELS = None
    # WeasyPrint (the rulebooks) sets PIL's process-wide LOAD_TRUNCATED_IMAGES at import; a
    # truncated picture must still be an error here, whatever was imported before.
    saved = ImageFile.LOAD_TRUNCATED_IMAGES
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        with PILImage.open(path) as picture:
            width, height = picture.size
            if width * height > limits.get("image_pixels"):
                raise limits.exceeded("image_pixels", f"image {path.name} declares {width:,} x "
                                      f"{height:,} pixels", pos)
            picture.load()
    except SheetgenError:
        raise
    except Exception as err:  # noqa: BLE001 - PIL raises many kinds on damaged files
        raise SheetgenError(f"cannot read image {path.name}: {str(err)[:200]}", pos,
                            hint="the file is damaged or not a PNG/JPEG picture") from None
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = saved
    return float(width), float(height)


def _fit(v: dict[str, Any], iw: float, ih: float) -> tuple[float, float, float, float]:
    x, y, w, h = v["x"], v["y"], v["w"], v["h"]
    if v["fit"] == "stretch" or not iw or not ih:
        return x, y, w, h
    scale = min(w / iw, h / ih)
    fw, fh = iw * scale, ih * scale
    return x + (w - fw) / 2, y + (h - fh) / 2, fw, fh
