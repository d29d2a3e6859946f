"""A page's content streams, played the way a printer plays them, into measured marks.

Only what the checks need is followed: the transform (`cm`, `q`/`Q`, forms' /Matrix), the
clip (as a box: a mark is measured where it can show), line widths, fill and stroke colours
and their colour spaces, and text (font, size, position, advance from the font's /Widths).
Text boxes use the font descriptor's ascent and descent, so they are as tall as the glyphs
can be, not as tall as these glyphs are.

Streams are parsed by qpdf's C++ parser (pikepdf), each once per document (`Streams`): a
form drawn on every card of a sheet, or on every sheet, is parsed once, and the text-free
copy the contrast check renders (`raster.without_text`) is written from the same parse.
pypdf's parser (what preflight used before, twenty times slower) reads a stream qpdf
refuses.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sheetgen.canvas.geometry import IDENTITY, Matrix, concat

Box = tuple[float, float, float, float]
mul = concat


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def box_of(points: list[tuple[float, float]]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def intersect(a: Box, b: Box | None) -> Box | None:
    if b is None:
        return a
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] <= box[2] and box[1] <= box[3] else None


@dataclass(frozen=True)
class TextRun:
    """One string shown by Tj/TJ/'/\"."""

    text: str
    font: str
    size: float
    """The glyphs' height on paper, in points (font size times the matrices' scale)."""
    box: Box
    visible: Box | None
    """`box` cut by the clip (None: clipped away)."""
    color: tuple[float, ...]
    space: str
    invisible: bool = False


@dataclass(frozen=True)
class PathMark:
    box: Box
    visible: Box | None
    fill: bool
    stroke: bool
    width: float
    """Stroke width on paper, points (the smaller axis scale times the line width)."""
    color: tuple[float, ...]
    """The fill colour of a filled path, else the stroke colour."""
    space: str
    stroke_color: tuple[float, ...] = ()
    """The stroke colour of a stroked path (filled and stroked: both are painted)."""
    stroke_space: str = ""


@dataclass(frozen=True)
class ImageMark:
    box: Box
    visible: Box | None
    space: str


@dataclass
class PageContent:
    texts: list[TextRun] = field(default_factory=list)
    paths: list[PathMark] = field(default_factory=list)
    images: list[ImageMark] = field(default_factory=list)
    spaces: set[str] = field(default_factory=set)
    """Every colour space a colour was set in (DeviceRGB, DeviceCMYK, DeviceGray, ...)."""
    fonts: dict[str, Any] = field(default_factory=dict)
    """Every font used, by its resource's /BaseFont, with its dictionary."""
    alpha: bool = False
    """Some graphics state sets a constant alpha below 1 or a soft mask (transparency)."""


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    clip: Box | None = None
    width: float = 1.0
    fill: tuple[float, ...] = (0.0,)
    fill_space: str = "DeviceGray"
    stroke: tuple[float, ...] = (0.0,)
    stroke_space: str = "DeviceGray"
    font: Any = None
    font_name: str = ""
    size: float = 0.0
    leading: float = 0.0
    char_space: float = 0.0
    word_space: float = 0.0
    hscale: float = 1.0
    rise: float = 0.0
    render_mode: int = 0

    def copy(self) -> _State:
        return _State(**self.__dict__)


_SPACE_OF_N = {1: "DeviceGray", 3: "DeviceRGB", 4: "DeviceCMYK"}


def _space_family(value: Any) -> str:
    """The family of a colour space array: ICCBasedRGB/CMYK/Gray by its /N, Indexed with its
    base ("IndexedDeviceRGB"), or the array's first name."""
    try:
        family = str(value[0])
    except (KeyError, IndexError, TypeError):
        return str(value).lstrip("/")
    if family == "/ICCBased":
        n = int(value[1].get_object().get("/N", 3))
        return f"ICCBased{_SPACE_OF_N.get(n, 'N' + str(n))[6:]}"
    if family in ("/Indexed", "/I") and len(value) > 1:
        base = value[1].get_object() if hasattr(value[1], "get_object") else value[1]
        inner = _space_family(base) if isinstance(base, list) else str(base).lstrip("/")
        return f"Indexed{inner}"
    return family.lstrip("/")


def _space_name(obj: Any, resources: Any) -> str:
    """The family of a colour space operand: its own name, or that of a named resource."""
    if isinstance(obj, list):  # an image's colour space array, given directly
        return _space_family(obj)
    name = str(obj)
    if name in ("/DeviceRGB", "/DeviceCMYK", "/DeviceGray", "/Pattern"):
        return name[1:]
    spaces = resources.get("/ColorSpace") if resources else None
    if spaces is not None and name in spaces:
        value = spaces[name].get_object()
        if isinstance(value, list) or hasattr(value, "__getitem__") and not isinstance(value,
                                                                                         str):
            return _space_family(value)
        return str(value).lstrip("/")
    return name.lstrip("/")


def _font_metrics(font: Any) -> tuple[dict[int, float], float, float, float]:
    """(widths by code in 1/1000 em, default width, ascent, descent) of a simple font."""
    widths: dict[int, float] = {}
    first = int(font.get("/FirstChar", 0))
    for i, w in enumerate(font.get("/Widths", []) or []):
        widths[first + i] = float(w)
    desc = font.get("/FontDescriptor")
    desc = desc.get_object() if desc is not None else {}
    ascent = float(desc.get("/Ascent", 750) or 750)
    descent = float(desc.get("/Descent", -250) or -250)
    missing = float(desc.get("/MissingWidth", 500) or 500)
    return widths, missing, ascent, descent


_PLAYED = frozenset(
    b"q Q cm w re W W* S s f F f* B B* b b* n rg RG k K g G cs CS sc scn SC SCN gs BT Tf TL "
    b"Tc Tw Tz Ts Tr Td TD Tm T* Tj TJ ' \" Do BI".split())
"""The operators `Interpreter` follows besides the path points (the rest are skipped)."""


class Interpreter:
    """Plays one page; `run()` returns its `PageContent`."""

    def __init__(self, reader: Any, page: Any, streams: Streams | None = None) -> None:
        self.reader = reader
        self.page = page
        self.streams = streams if streams is not None else Streams(None, reader)
        self.out = PageContent()
        self._metrics: dict[int, tuple[dict[int, float], float, float, float]] = {}

    def run(self) -> PageContent:
        if "/Contents" in self.page:
            self._play(self.page, self.page.get("/Resources") or {}, _State(), depth=0)
        return self.out

    # --- streams -----------------------------------------------------------------------
    def _operations(self, owner: Any) -> Iterator[tuple[list, bytes]]:
        return iter(self.streams.operations(owner))

    def _play(self, owner: Any, resources: Any, state: _State, depth: int) -> None:
        if depth > 12:  # forms nested deeper than any sheetgen writes: stop, do not loop
            return
        resources = resources.get_object() if hasattr(resources, "get_object") else resources
        stack: list[_State] = []
        gs = state.copy()
        tm: Matrix = IDENTITY
        tlm: Matrix = IDENTITY
        pending_clip = False
        path: list[tuple[float, float]] = []
        for operands, op in self._operations(owner):
            # the commonest first, `apply` written out (the same arithmetic)
            if op == b"c" or op == b"v" or op == b"y":
                a, b, c, d, e, f = gs.ctm
                nums = [float(v) for v in operands]
                for i in range(0, len(nums), 2):
                    x, y = nums[i], nums[i + 1]
                    path.append((a * x + c * y + e, b * x + d * y + f))
            elif op == b"l" or op == b"m":
                a, b, c, d, e, f = gs.ctm
                x, y = float(operands[0]), float(operands[1])
                path.append((a * x + c * y + e, b * x + d * y + f))
            elif op not in _PLAYED:
                continue
            elif op == b"q":
                stack.append(gs.copy())
            elif op == b"Q":
                if stack:
                    gs = stack.pop()
            elif op == b"cm":
                gs.ctm = mul(tuple(float(v) for v in operands), gs.ctm)
            elif op == b"w":
                gs.width = float(operands[0])
            elif op == b"re":
                x, y, w, h = (float(v) for v in operands)
                path += [apply(gs.ctm, px, py) for px, py in
                         ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
            elif op in (b"W", b"W*"):
                pending_clip = True
            elif op in (b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"):
                if path:
                    box = box_of(path)
                    if op != b"n":
                        fill = op not in (b"S", b"s")
                        stroke = op in (b"S", b"s", b"B", b"B*", b"b", b"b*")
                        width = 0.0
                        if stroke:
                            a, b, c, d, _, _ = gs.ctm
                            scale = min((a * a + b * b) ** 0.5, (c * c + d * d) ** 0.5)
                            width = gs.width * scale
                            half = width / 2
                            box = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
                        color, space = ((gs.fill, gs.fill_space) if fill
                                        else (gs.stroke, gs.stroke_space))
                        self.out.paths.append(PathMark(
                            box, intersect(box, gs.clip), fill, stroke, width, color, space,
                            gs.stroke if stroke else (), gs.stroke_space if stroke else ""))
                    if pending_clip:
                        gs.clip = intersect(box_of(path), gs.clip) or (0.0, 0.0, 0.0, 0.0)
                path = []
                pending_clip = False
            elif op in (b"rg", b"RG", b"k", b"K", b"g", b"G"):
                values = tuple(float(v) for v in operands)
                space = {b"rg": "DeviceRGB", b"k": "DeviceCMYK", b"g": "DeviceGray"}[op.lower()]
                self.out.spaces.add(space)
                if op.islower():
                    gs.fill, gs.fill_space = values, space
                else:
                    gs.stroke, gs.stroke_space = values, space
            elif op in (b"cs", b"CS"):
                space = _space_name(operands[0], resources)
                self.out.spaces.add(space)
                if op == b"cs":
                    gs.fill_space = space
                else:
                    gs.stroke_space = space
            elif op in (b"sc", b"scn", b"SC", b"SCN"):
                values = tuple(float(v) for v in operands if _is_number(v))
                if op.startswith(b"s"):
                    gs.fill = values
                else:
                    gs.stroke = values
            elif op == b"gs":
                self._ext_gstate(resources, operands[0])
            elif op == b"BT":
                tm = tlm = IDENTITY
            elif op == b"Tf":
                gs.font_name = str(operands[0])
                fonts = resources.get("/Font") or {}
                gs.font = fonts[gs.font_name].get_object() if gs.font_name in fonts else None
                gs.size = float(operands[1])
                if gs.font is not None:
                    base = str(gs.font.get("/BaseFont", gs.font_name))
                    self.out.fonts.setdefault(base, gs.font)
            elif op == b"TL":
                gs.leading = float(operands[0])
            elif op == b"Tc":
                gs.char_space = float(operands[0])
            elif op == b"Tw":
                gs.word_space = float(operands[0])
            elif op == b"Tz":
                gs.hscale = float(operands[0]) / 100.0
            elif op == b"Ts":
                gs.rise = float(operands[0])
            elif op == b"Tr":
                gs.render_mode = int(operands[0])
            elif op == b"Td":
                tlm = mul((1, 0, 0, 1, float(operands[0]), float(operands[1])), tlm)
                tm = tlm
            elif op == b"TD":
                gs.leading = -float(operands[1])
                tlm = mul((1, 0, 0, 1, float(operands[0]), float(operands[1])), tlm)
                tm = tlm
            elif op == b"Tm":
                tlm = tm = tuple(float(v) for v in operands)
            elif op == b"T*":
                tlm = mul((1, 0, 0, 1, 0, -gs.leading), tlm)
                tm = tlm
            elif op in (b"Tj", b"TJ", b"'", b'"'):
                if op in (b"'", b'"'):
                    tlm = mul((1, 0, 0, 1, 0, -gs.leading), tlm)
                    tm = tlm
                    if op == b'"':
                        gs.word_space, gs.char_space = float(operands[0]), float(operands[1])
                items = operands[0] if op == b"TJ" else operands[-1:]
                tm = self._show(gs, tm, items)
            elif op == b"Do":
                self._do(resources, operands[0], gs, depth)
            elif op == b"BI":  # inline image: a 1x1 box under the CTM
                self._image(gs, "inline")

    def _show(self, gs: _State, tm: Matrix, items: Any) -> Matrix:
        font = gs.font
        key = id(font)
        if key not in self._metrics:
            self._metrics[key] = (_font_metrics(font) if font is not None
                                  else ({}, 500.0, 750.0, -250.0))
        widths, missing, ascent, descent = self._metrics[key]
        start = tm
        advance = 0.0
        text = []
        for item in items:
            if _is_number(item):
                advance -= float(item) / 1000.0 * gs.size * gs.hscale
                continue
            raw = item if isinstance(item, bytes) else str(item).encode("latin-1", "replace")
            for code in raw:
                w = widths.get(code, missing) / 1000.0
                advance += (w * gs.size + gs.char_space
                            + (gs.word_space if code == 32 else 0.0)) * gs.hscale
            text.append(raw.decode("latin-1"))
        m = mul(start, gs.ctm)
        lo, hi = descent / 1000.0 * gs.size + gs.rise, ascent / 1000.0 * gs.size + gs.rise
        corners = [apply(m, x, y) for x in (0.0, advance) for y in (lo, hi)]
        box = box_of(corners)
        a, b, c, d, _, _ = m
        size = gs.size * (c * c + d * d) ** 0.5
        string = "".join(text)
        if string:
            self.out.texts.append(TextRun(string, gs.font_name, size, box,
                                          intersect(box, gs.clip), gs.fill, gs.fill_space,
                                          invisible=gs.render_mode in (3, 7)))
        return mul((1, 0, 0, 1, advance, 0), tm)

    def _ext_gstate(self, resources: Any, name: Any) -> None:
        states = resources.get("/ExtGState") or {}
        if name not in states:
            return
        state = states[name].get_object()
        for key in ("/ca", "/CA"):
            if key in state and float(state[key]) < 1:
                self.out.alpha = True
        mask = state.get("/SMask")
        if mask is not None and str(mask) != "/None":
            self.out.alpha = True

    def _image(self, gs: _State, space: str) -> None:
        corners = [apply(gs.ctm, x, y) for x in (0.0, 1.0) for y in (0.0, 1.0)]
        box = box_of(corners)
        self.out.spaces.add(space)
        self.out.images.append(ImageMark(box, intersect(box, gs.clip), space))

    def _do(self, resources: Any, name: Any, gs: _State, depth: int) -> None:
        xobjects = resources.get("/XObject") or {}
        if name not in xobjects:
            return
        xobj = xobjects[name].get_object()
        subtype = xobj.get("/Subtype")
        if subtype == "/Form":
            inner = gs.copy()
            matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
            inner.ctm = mul(matrix, gs.ctm)
            self._play(xobj, xobj.get("/Resources", resources), inner, depth + 1)
        elif subtype == "/Image":
            space = xobj.get("/ColorSpace")
            if xobj.get("/ImageMask"):
                name = gs.fill_space
            elif space is None:
                name = "unknown"
            else:
                name = _space_name(space.get_object() if hasattr(space, "get_object")
                                   else space, resources)
            if xobj.get("/SMask") is not None:
                self.out.alpha = True
            self._image(gs, name)


def _is_number(value: Any) -> bool:
    return type(value) is float or type(value) is int


class Streams:
    """The content streams of one document, each parsed once and kept as plain operands
    (numbers as int or float, names as "/Name" strings, strings as their bytes, arrays as
    lists), keyed by the stream's object: pages and forms are found by their object
    numbers, which pypdf (the rest of preflight) and pikepdf read alike from the same file.
    """

    def __init__(self, data: bytes | None, reader: Any) -> None:
        self.reader = reader
        self.pdf = None
        if data is not None:
            import pikepdf

            try:
                self.pdf = pikepdf.open(io.BytesIO(data))
            except pikepdf.PdfError:
                self.pdf = None  # pypdf reads it, as before
        self._instructions: dict[tuple[int, int], list | None] = {}
        self._operations: dict[tuple[int, int], list[tuple[list, bytes]]] = {}

    @staticmethod
    def key(owner: Any) -> tuple[int, int] | None:
        ref = getattr(owner, "indirect_reference", None)
        return None if ref is None else (ref.idnum, ref.generation)

    def instructions(self, key: tuple[int, int] | None) -> list | None:
        """pikepdf's instructions of the page or form with this object number (for a page,
        its /Contents, all streams in order), or None when qpdf cannot parse it."""
        if key is None or self.pdf is None:
            return None
        if key not in self._instructions:
            import pikepdf

            try:
                self._instructions[key] = pikepdf.parse_content_stream(
                    self.pdf.get_object(key))
            except (pikepdf.PdfError, ValueError, TypeError):
                self._instructions[key] = None
        return self._instructions[key]

    def operations(self, owner: Any) -> list[tuple[list, bytes]]:
        """The (operands, operator) of a page or form XObject (a pypdf object), parsed once."""
        key = self.key(owner)
        if key is not None and key in self._operations:
            return self._operations[key]
        parsed = self.instructions(key)
        if parsed is None:
            ops = self._pypdf_operations(owner)
        else:
            ops = _plain_operations(parsed)
        if key is not None:
            self._operations[key] = ops
        return ops

    def _pypdf_operations(self, owner: Any) -> list[tuple[list, bytes]]:
        from pypdf.generic import ContentStream

        if hasattr(owner, "get_contents"):  # a page
            owner = owner.get_contents()
            if owner is None:
                return []
        return [([_plain_pypdf(v) for v in operands], op) for operands, op in
                ContentStream(owner, self.reader).operations]


INLINE_IMAGE = re.compile(rb"(?m)^BI\b")
"""An inline image in unparsed instructions (its data may hold line breaks)."""


def _plain_operations(parsed: list) -> list[tuple[list, bytes]]:
    """pikepdf's instructions as (plain operands, operator). Reading each operand through
    pikepdf's bindings costs microseconds, most of preflight's reading time: qpdf writes the
    instructions back out instead (one per line, numbers as they were written), and a line
    of numbers and its operator (paths, transforms, colours: nearly all of them) is read
    with `bytes.split` and float/int. A line with anything else (a name, a string, an array)
    is read from pikepdf's objects; so is a stream with an inline image, whose data may
    hold line breaks."""
    import pikepdf

    text = pikepdf.unparse_content_stream(parsed)
    lines = text.split(b"\n")
    if len(lines) != len(parsed) or INLINE_IMAGE.search(text):
        return [([_plain(v) for v in operands], bytes(op)) for operands, op in parsed]
    ops = []
    for i, line in enumerate(lines):
        parts = line.split()
        try:
            op = parts.pop()
            operands = [float(p) if b"." in p else int(p) for p in parts]
        except (ValueError, IndexError):
            operands, op = parsed[i]
            operands, op = [_plain(v) for v in operands], bytes(op)
        ops.append((operands, op))
    return ops


def _plain(value: Any) -> Any:
    """A pikepdf operand as a plain value (see `Streams`)."""
    kind = type(value)
    if kind is int or kind is float:
        return value
    if kind is Decimal:
        return float(value)
    code = getattr(value, "_type_code", None)
    if code is None:
        return value
    name = code.name
    if name == "name_":
        return str(value)
    if name == "string":
        return bytes(value)
    if name == "array":
        return [_plain(v) for v in value]
    return value


def _plain_pypdf(value: Any) -> Any:
    """A pypdf operand as a plain value (see `Streams`)."""
    if isinstance(value, bool) or type(value).__name__ == "BooleanObject":
        return value
    if isinstance(value, float):
        return float(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, list):
        return [_plain_pypdf(v) for v in value]
    raw = getattr(value, "original_bytes", None)
    if raw is not None:
        return raw
    if isinstance(value, str):
        return str(value)
    return value
