"""A page's content streams, played the way a printer plays them, into measured marks.

Only what the checks need is followed: the transform (`cm`, `q`/`Q`, forms' /Matrix), the
clip (as a box: a mark is measured where it can show), line widths, fill and stroke colours
and their colour spaces, and text (font, size, position, advance from the font's /Widths).
Text boxes use the font descriptor's ascent and descent, so they are as tall as the glyphs
can be, not as tall as these glyphs are.

Streams are read once per document (`Streams`): a form drawn on every card of a sheet, or
on every sheet, is read once, and the text-free copy the contrast check renders
(`raster.without_text`) is written from the same reading. `scan` reads a stream's bytes (as
qpdf decodes them) with one regular expression, each run of path instructions (most of a
drawn sheet) at once; what it does not read plainly goes to qpdf's C++ parser (pikepdf),
and what qpdf refuses to pypdf's parser (what preflight used first, twenty times slower).
"""

from __future__ import annotations

import io
import re
from binascii import unhexlify
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
        """The same values in a new state (without running __init__: a third of the time,
        for every q and form)."""
        state = object.__new__(_State)
        state.__dict__.update(self.__dict__)
        return state


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
            if op is PATH_RUN:  # m, l, c, v, y lines in a row: their points, in order
                a, b, c, d, e, f = gs.ctm
                points = iter(operands)  # x, y pairs (an even count: `scan`)
                path += [(a * x + c * y + e, b * x + d * y + f)
                         for x, y in zip(points, points, strict=False)]
            elif op == b"c" or op == b"v" or op == b"y":
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
                gs.ctm = mul(tuple(map(float, operands)), gs.ctm)
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
                values = tuple(map(float, operands))
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
                tlm = tm = tuple(map(float, operands))
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
        width_of = widths.get  # the state's values read once a string, not once a glyph
        size, char_space, word_space, hscale = gs.size, gs.char_space, gs.word_space, gs.hscale
        for item in items:
            if _is_number(item):
                advance -= float(item) / 1000.0 * size * hscale
                continue
            raw = item if isinstance(item, bytes) else str(item).encode("latin-1", "replace")
            for code in raw:
                w = width_of(code, missing) / 1000.0
                advance += (w * size + char_space
                            + (word_space if code == 32 else 0.0)) * hscale
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
        self._scanned: dict[tuple[int, int], Scanned | None] = {}

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

    def scanned(self, key: tuple[int, int] | None) -> Scanned | None:
        """The page's or form's stream read from its bytes (`scan`; a page's /Contents
        streams joined by line breaks), or None where `scan` leaves it to qpdf's parser."""
        if key is None or self.pdf is None:
            return None
        if key not in self._scanned:
            import pikepdf

            try:
                obj = self.pdf.get_object(key)
                if isinstance(obj, pikepdf.Stream):
                    data = obj.read_bytes()
                else:
                    contents = obj.get("/Contents")
                    parts = contents if isinstance(contents, pikepdf.Array) else [contents]
                    data = b"\n".join(part.read_bytes() for part in parts)
            except (pikepdf.PdfError, ValueError, TypeError, AttributeError):
                data = None
            self._scanned[key] = scan(data) if data is not None else None
        return self._scanned[key]

    def operations(self, owner: Any) -> list[tuple[list, bytes]]:
        """The (operands, operator) of a page or form XObject (a pypdf object), read once:
        by `scan`, else by qpdf's parser, else by pypdf's."""
        key = self.key(owner)
        if key is not None and key in self._operations:
            return self._operations[key]
        scanned = self.scanned(key)
        if scanned is not None:
            ops = scanned.ops
        else:
            parsed = self.instructions(key)
            if parsed is None:
                ops = self._pypdf_operations(owner)
            else:
                ops = _plain_operations(parsed)
        if key is not None:
            self._operations[key] = ops
        return ops

    def text_free(self, key: tuple[int, int]) -> bytes | None:
        """The stream of this page or form with every text object invisible (`3 Tr` after
        each BT and in place of each Tr), or None when neither `scan` nor qpdf reads it."""
        scanned = self.scanned(key)
        if scanned is not None:
            return scanned.text_free()
        parsed = self.instructions(key)
        if parsed is None:
            return None
        import pikepdf

        text = pikepdf.unparse_content_stream(parsed)
        lines = text.split(b"\n")
        if len(lines) == len(parsed) and not INLINE_IMAGE.search(text):
            # one instruction a line, the operator last: edited as text, not object by
            # object through pikepdf's bindings (the same bytes as unparsing the edit)
            out = []
            for line in lines:
                op = line.rsplit(b" ", 1)[-1]
                if op == b"Tr":
                    out.append(b"3 Tr")
                    continue
                out.append(line)
                if op == b"BT":
                    out.append(b"3 Tr")
            return b"\n".join(out)
        invisible = pikepdf.ContentStreamInstruction([3], pikepdf.Operator("Tr"))
        ops = []
        for instruction in parsed:
            op = bytes(instruction.operator)
            if op == b"Tr":
                ops.append(invisible)
                continue
            ops.append(instruction)
            if op == b"BT":
                ops.append(invisible)
        return pikepdf.unparse_content_stream(ops)

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

PATH_RUN = b" path"
"""The operator `scan` gives a run of path instructions read at once: its operands are the
numbers of its m, l, c, v and y instructions, in order, as floats (no PDF operator holds a
space)."""

_NUMBER = rb"[-+]?(?:\d+\.?\d*|\.\d+)"

_LITERAL_ESCAPE = re.compile(rb"\\([nrtbf()\\]|[0-7]{1,3})")
_ESCAPED = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f", b"(": b"(",
            b")": b")", b"\\": b"\\"}
_LITERAL = rb"\((?:[^\\()]|\\.)*\)"
_LINE_TOKEN = re.compile(_LITERAL + rb"|\S+")
_IS_LITERAL = re.compile(_LITERAL)
_IS_NUMBER = re.compile(_NUMBER)


def _unescape(match: re.Match) -> bytes:
    code = match.group(1)
    named = _ESCAPED.get(code)
    return named if named is not None else bytes((int(code, 8) & 255,))


def _read_line(line: bytes) -> tuple[list, bytes] | None:
    """One line of qpdf's unparsing read as pikepdf's objects read (`_plain`), for the
    operand forms qpdf writes there: numbers, names, literal strings (qpdf escapes every
    parenthesis, backslash and line break, and writes other unprintable bytes as octal),
    hex strings and flat arrays of these. None for anything else (dictionaries, nested
    arrays, names with # escapes, keywords such as true), which pikepdf's objects read."""
    tokens = _LINE_TOKEN.findall(line)
    if not tokens:
        return None
    op = tokens.pop()
    out: list = []
    array: list | None = None
    for token in tokens:
        first = token[:1]
        if first == b"(":
            if not _IS_LITERAL.fullmatch(token):
                return None
            body = token[1:-1]
            if b"\\" in body:
                rest = _LITERAL_ESCAPE.sub(b"", body)
                if b"\\" in rest:
                    return None
                body = _LITERAL_ESCAPE.sub(_unescape, body)
            value: Any = body
        elif first == b"<":
            if token[-1:] != b">" or token[:2] == b"<<":
                return None
            try:
                value = bytes.fromhex(token[1:-1].decode("ascii"))
            except ValueError:
                return None
        elif first == b"/":
            if b"#" in token or not token.isascii():
                return None
            value = token.decode("ascii")
        elif token == b"[":
            if array is not None:
                return None
            array = []
            continue
        elif token == b"]":
            if array is None:
                return None
            out.append(array)
            array = None
            continue
        elif _IS_NUMBER.fullmatch(token):
            value = float(token) if b"." in token else int(token)
        else:
            return None
        (out if array is None else array).append(value)
    if array is not None:
        return None
    return out, op


def _plain_operations(parsed: list) -> list[tuple[list, bytes]]:
    """pikepdf's instructions as (plain operands, operator), for a stream `scan` does not
    read. Reading each operand through pikepdf's bindings costs microseconds: qpdf writes
    the instructions back out instead (one per line, numbers as they were written), and a
    line of numbers and its operator is read with `bytes.split` and float/int, a line with
    names and strings by `_read_line`. A line with anything else is read from pikepdf's
    objects; so is a stream with an inline image, whose data may hold line breaks."""
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
            fast = _read_line(line)
            if fast is None:
                operands, op = parsed[i]
                fast = [_plain(v) for v in operands], bytes(op)
            operands, op = fast
        ops.append((operands, op))
    return ops


_DELIMITED = rb"(?![^\s\[\]()<>/%{}])"
"""The token ends here: whitespace, a delimiter or the end of the stream follows."""
_OPERATOR = rb"[A-Za-z'\"][^\s\[\]()<>/%{}]*"
_NAME = rb"/[^\s\[\]()<>/%{}#]*"
_STRING = rb"\((?:[^\\()\r]|\\[nrtbf()\\]|\\[0-7]{1,3})*\)"
"""A literal string without nested parentheses, raw carriage returns or line continuations."""
_HEX = rb"<[0-9A-Fa-f]*>"
_PATH_OP = (rb"(?:%(n)s\s+%(n)s\s+[ml]|%(n)s\s+%(n)s\s+%(n)s\s+%(n)s\s+%(n)s\s+%(n)s\s+c"
            rb"|%(n)s\s+%(n)s\s+%(n)s\s+%(n)s\s+[vy]|h)%(end)s"
            % {b"n": _NUMBER, b"end": _DELIMITED})
"""A path instruction preflight follows point by point: m and l (two numbers), c (six), v
and y (four), h (none; not followed)."""
_ITEM = rb"(?:%(n)s%(end)s|%(hex)s|%(str)s|%(name)s)" % {
    b"n": _NUMBER, b"end": _DELIMITED, b"hex": _HEX, b"str": _STRING, b"name": _NAME}
_RAW_TOKEN = re.compile(
    rb"\s*(?:(%(op)s(?:\s+%(op)s)*)"  # 1: a run of path instructions
    rb"|((?:%(n)s\s+)*)(%(operator)s)"  # 2, 3: numbers and their operator
    rb"|(%(name)s)%(end)s"  # 4: a name without # escapes
    rb"|(%(str)s)"  # 5: a literal string
    rb"|(%(hex)s)"  # 6: a hex string without spaces
    rb"|\[((?:\s*%(item)s)*)\s*\]"  # 7: a flat array
    rb"|(\S))"  # 8: anything else
    % {b"op": _PATH_OP, b"n": _NUMBER, b"end": _DELIMITED, b"operator": _OPERATOR,
       b"name": _NAME, b"str": _STRING, b"hex": _HEX, b"item": _ITEM})
_ARRAY_ITEM = re.compile(rb"(%(n)s)%(end)s|(%(hex)s)|(%(str)s)|(%(name)s)" % {
    b"n": _NUMBER, b"end": _DELIMITED, b"hex": _HEX, b"str": _STRING, b"name": _NAME})
_NOT_OPERATORS = frozenset((b"true", b"false", b"null", b"BI", b"ID", b"EI"))


def _string(token: bytes) -> bytes:
    """The bytes of a literal string token (`_STRING`)."""
    body = token[1:-1]
    return _LITERAL_ESCAPE.sub(_unescape, body) if b"\\" in body else body


def _hex(token: bytes) -> bytes:
    """The bytes of a hex string token (`_HEX`); ValueError for an odd number of digits
    (qpdf pads it: left to qpdf's parser)."""
    digits = token[1:-1]
    if len(digits) % 2:
        raise ValueError("odd hex string")
    return bytes.fromhex(digits.decode("ascii"))


def _array(text: bytes) -> list:
    """The items of a flat array (`_ITEM`s) as `_plain` gives them. An array of numbers,
    hex strings and empty literal strings only (WeasyPrint's TJ: a glyph a hex string, most
    of a rulebook's bytes) is split at its spaces and brackets, in half the time of
    reading it item by item: every "(" and ")" is one of the "()" pairs, so no string
    holds a space or bracket, and without "/" there is no name. (An odd hex string raises
    ValueError, binascii's, as `_hex` does.)"""
    if (b"/" not in text and text.count(b"()") == text.count(b"(") == text.count(b")")
            and b"\\" not in text):
        out: list = []
        for token in text.replace(b"<", b" <").replace(b">", b"> ").replace(
                b"()", b" () ").split():
            if token[0] == 60:  # <
                out.append(unhexlify(token[1:-1]))
            elif token == b"()":
                out.append(b"")
            else:
                out.append(float(token) if b"." in token else int(token))
        return out
    return _array_items(text)


def _array_items(text: bytes) -> list:
    """`_array`, item by item."""
    out: list = []
    for number, hexed, string, name in _ARRAY_ITEM.findall(text):
        if number:
            out.append(float(number) if b"." in number else int(number))
        elif hexed:
            out.append(_hex(hexed))
        elif string:
            out.append(_string(string))
        else:
            out.append(name.decode("ascii"))
    return out


@dataclass
class Scanned:
    """A content stream read straight from its bytes (`scan`): the operations `Interpreter`
    plays (path runs as `PATH_RUN`) and where a text-free copy differs (`text_free`)."""

    ops: list[tuple[list, bytes]]
    data: bytes
    text_edits: list[tuple[int, int, bytes]]
    """(start, end, replacement): each Tr instruction becomes `3 Tr`, and `3 Tr` follows
    each BT."""

    def text_free(self) -> bytes:
        out, at = [], 0
        for start, end, new in self.text_edits:
            out += [self.data[at:start], new]
            at = end
        out.append(self.data[at:])
        return b"".join(out)


def scan(data: bytes) -> Scanned | None:
    """A content stream's operations read from its bytes by one regular expression, without
    qpdf's parser (whose Python objects cost more than all the rest of reading): the
    operands as `_plain_operations` gives them, each run of path instructions as one
    `PATH_RUN`. Only the plain forms are read here: numbers, names without # escapes,
    literal strings without nested parentheses, raw carriage returns or line continuations,
    hex strings without spaces, flat arrays of these, operators. None for anything else
    (comments, dictionaries, inline images, keywords such as true, a malformed
    instruction), which qpdf's parser reads."""
    if b"\x00" in data or b"\x0b" in data:  # PDF whitespace and a regular character that
        return None                          # the expression's \\s does not take as such
    ops: list[tuple[list, bytes]] = []
    edits: list[tuple[int, int, bytes]] = []
    operands: list = []
    first = -1
    try:
        for m in _RAW_TOKEN.finditer(data):
            kind = m.lastindex
            if kind == 3:
                op = m.group(3)
                if op in _NOT_OPERATORS:
                    return None
                numbers = m.group(2)
                if numbers:
                    if not operands:
                        first = m.start(2)
                    operands += [float(v) if b"." in v else int(v) for v in numbers.split()]
                elif not operands:
                    first = m.start(3)
                ops.append((operands, op))
                if op == b"BT":
                    edits.append((m.end(), m.end(), b" 3 Tr "))
                elif op == b"Tr":
                    edits.append((first, m.end(), b"3 Tr"))
                operands = []
                continue
            if kind == 1:
                if operands:
                    return None
                ops.append(([float(v) for v in m.group(1).translate(None, b"mlcvyh").split()],
                            PATH_RUN))
                continue
            if not operands:
                first = m.start(kind)
            if kind == 4:
                operands.append(m.group(4).decode("ascii"))
            elif kind == 5:
                operands.append(_string(m.group(5)))
            elif kind == 6:
                operands.append(_hex(m.group(6)))
            elif kind == 7:
                operands.append(_array(m.group(7)))
            elif kind == 8:
                number = m.group(8)
                operands.append(float(number) if b"." in number else int(number))
            else:
                return None
    except ValueError:
        return None
    if operands:
        return None
    return Scanned(ops, data, edits)

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
