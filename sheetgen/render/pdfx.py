"""PDF/X from a finished PDF: every colour as CMYK inks for the press profile, and the
markers a print shop's preflight looks for.

Every command that writes a PDF (`render`, `pad`, `rulebook`) hands its bytes here when CMYK
is asked for, whatever drew them (reportlab, or WeasyPrint for rulebooks):

- **colour**: RGB left in content streams (`rg`/`RG`, `sc`/`scn` in an RGB space), images,
  indexed palettes, shadings, transparency groups and soft-mask backdrops is converted through
  the press profile by littleCMS (`sheetgen.assets.icc`, relative colorimetric with black
  point compensation). Text and lines thinner than `THIN_LINE` points in near-black become
  black ink alone (`to_cmyk(..., black_only=True)`). Colours are written only where they are
  used: a colour is set before the text or path that paints in it (never inside a path
  object), in the form that painting needs. Line widths are measured through the matrices of
  the stream they are drawn in (a form's own /Matrix, not where it is placed). CMYK and grey
  already in the file are kept as they are (a layout's `cmyk()` colours are exact inks).
- **PDF/X**: an output intent (GTS_PDFX) with the press profile embedded as its
  DestOutputProfile; GTS_PDFXVersion (and for X-1a GTS_PDFXConformance), /Trapped /False,
  Title and the dates in the document information and the same in XMP metadata (for X-4
  with pdfxid:GTS_PDFXVersion); PDF 1.6 for X-4 and 1.4 for X-1a, no object streams; every
  annotation (links) dropped (a print file has no clickable areas on its pages).
- **X-1a has no transparency**: a file with any (opacity below 1, soft masks, blend modes,
  transparency groups) is refused with a hint to use X-4, rather than flattened.
- **deterministic**: the dates are the input's CreationDate (sheetgen's writers fix it),
  or SOURCE_DATE_EPOCH when set; the document ID is computed from the content (qpdf's
  deterministic ID), so the same input gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import math
import os
import re
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, NamedTuple

from sheetgen.errors import SheetgenError

THIN_LINE = 1.0
"""Strokes thinner than this (points, after the stream's matrices) are thin lines."""


@dataclass(frozen=True)
class Standard:
    key: str
    version: str
    """GTS_PDFXVersion in the document information (and pdfxid:GTS_PDFXVersion in XMP)."""
    conformance: str | None
    """GTS_PDFXConformance (PDF/X-1a:2003 names the X-1 version and the 'a' conformance)."""
    pdf_version: str
    transparency: bool


STANDARDS = {
    "x4": Standard("x4", "PDF/X-4", None, "1.6", True),
    "x1a": Standard("x1a", "PDF/X-1:2003", "PDF/X-1a:2003", "1.4", False),
}
DEFAULT_STANDARD = "x4"
FIXED_DATE = datetime(2000, 1, 1, tzinfo=UTC)
"""The date of a file that carries none (reportlab's invariant mode writes this one too)."""


def make_pdfx(data: bytes, standard: str = DEFAULT_STANDARD, title: str | None = None) -> bytes:
    """`data` (a PDF) as PDF/X (`standard`: "x4" or "x1a") in the press's CMYK."""
    import pikepdf

    std = STANDARDS[standard]
    pdf = pikepdf.open(io.BytesIO(data))
    separation = _Separation(pdf)
    separation.run()
    if not std.transparency and separation.transparency:
        raise SheetgenError(f"this document uses transparency ({separation.transparency}), "
                            f"which {std.conformance or std.version} does not allow",
                            hint="use --pdfx x4 (PDF/X-4 allows transparency)")
    for page in pdf.pages:
        if "/Annots" in page.obj:
            del page.obj["/Annots"]
    _declare(pdf, std, title)
    out = io.BytesIO()
    pdf.save(out, deterministic_id=True, force_version=std.pdf_version,
             object_stream_mode=pikepdf.ObjectStreamMode.disable, compress_streams=True)
    return out.getvalue()


# --- colour ----------------------------------------------------------------------------------

class _Gstate(NamedTuple):
    """The colours a stream has asked for (None: not RGB, written as it was) and the inks
    last written for them, the line width and the scale of the matrices. A named tuple:
    a stream sets a state thousands of times, and `_replace` costs under half of a frozen
    dataclass's `dataclasses.replace`."""

    fill: tuple[float, ...] | None = None
    stroke: tuple[float, ...] | None = None
    fill_out: tuple[float, ...] | None = None
    stroke_out: tuple[float, ...] | None = None
    fill_space_rgb: bool = False
    stroke_space_rgb: bool = False
    width: float = 1.0
    scale: float = 1.0


_PATH_START = {"m", "re"}
_PATH_OPS = {"m", "l", "c", "v", "y", "h", "re"}
_FILLS = {"f", "F", "f*"}
_BOTH = {"B", "B*", "b", "b*"}
_STROKES = {"S", "s"}
_TEXT = {"Tj", "TJ", "'", '"'}
_READ_OPERANDS = {"cm", "w", "rg", "RG", "cs", "CS", "sc", "scn", "SC", "SCN"}


def _num(values) -> tuple[float, ...]:
    return tuple(float(v) for v in values)


class _Separation:
    """Walks a pikepdf document and converts what is RGB (see the module's docstring)."""

    def __init__(self, pdf) -> None:
        self.pdf = pdf
        self.transparency = ""
        self._done: set[tuple[int, int]] = set()
        self._converted: dict[tuple[tuple[float, ...], bool], tuple[float, ...]] = {}

    def _inks(self, rgb: tuple[float, ...], black_only: bool) -> tuple[float, ...]:
        """`to_cmyk(rgb, black_only)`, once per distinct colour and use in this document: a
        book sets a few dozen colours some 3,000 times."""
        key = (rgb, black_only)
        found = self._converted.get(key)
        if found is None:
            from sheetgen.layout.colors import to_cmyk

            found = self._converted[key] = to_cmyk(rgb, black_only=black_only)
        return found

    # spaces
    def _space(self, space: Any, resources: Any = None) -> str:
        """'rgb', 'cmyk', 'gray' or 'other' for a colour space (a name or an array)."""
        import pikepdf

        if isinstance(space, pikepdf.Name):
            name = str(space)
            if name in ("/DeviceRGB", "/RGB", "/CalRGB"):
                return "rgb"
            if name in ("/DeviceCMYK", "/CMYK"):
                return "cmyk"
            if name in ("/DeviceGray", "/G"):
                return "gray"
            spaces = resources.get("/ColorSpace") if resources is not None else None
            if spaces is not None and name in spaces:
                return self._space(spaces[name])
            return "other"
        if isinstance(space, pikepdf.Array) and len(space) >= 1:
            family = str(space[0])
            if family == "/ICCBased":
                n = int(space[1].get("/N", 0))
                return {1: "gray", 3: "rgb", 4: "cmyk"}.get(n, "other")
            if family == "/CalRGB":
                return "rgb"
            if family == "/CalGray":
                return "gray"
        return "other"

    def run(self) -> None:
        import pikepdf

        for page in self.pdf.pages:
            self._group(page.obj)
            page.contents_coalesce()
            self._content(page.obj.Contents, page.obj.get("/Resources"), 1.0)
        for obj in self.pdf.objects:
            if isinstance(obj, pikepdf.Stream):
                kind = obj.get("/Subtype")
                if kind == "/Image":
                    self._image(obj)
                elif kind == "/Form":
                    self._group(obj)
                    self._content(obj, obj.get("/Resources"), _matrix_scale(obj.get("/Matrix")))
                elif obj.get("/PatternType") == 1:
                    self._content(obj, obj.get("/Resources"), _matrix_scale(obj.get("/Matrix")))
            if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
                if "/ShadingType" in obj:
                    self._shading(obj)
                if obj.get("/Type") == "/ExtGState":
                    self._extgstate(obj)
        for page in self.pdf.pages:  # direct dictionaries in resources
            self._direct(page.obj.get("/Resources"))

    def _direct(self, resources: Any) -> None:
        if resources is None:
            return
        for shading in (resources.get("/Shading") or {}).values():
            if not shading.is_indirect:
                self._shading(shading)
        for pattern in (resources.get("/Pattern") or {}).values():
            shading = pattern.get("/Shading")
            if shading is not None and not shading.is_indirect:
                self._shading(shading)
        for gs in (resources.get("/ExtGState") or {}).values():
            if not gs.is_indirect:
                self._extgstate(gs)

    def _group(self, obj: Any) -> None:
        group = obj.get("/Group")
        if group is None:
            return
        if group.get("/S") == "/Transparency":
            self.transparency = self.transparency or "a transparency group"
        if "/CS" in group and self._space(group.CS) == "rgb":
            import pikepdf

            group.CS = pikepdf.Name.DeviceCMYK

    def _extgstate(self, gs: Any) -> None:
        for key in ("/CA", "/ca"):
            if key in gs and float(gs[key]) < 1:
                self.transparency = self.transparency or f"opacity {float(gs[key]):g}"
        if str(gs.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
            self.transparency = self.transparency or f"blend mode {gs.BM}"
        mask = gs.get("/SMask")
        if mask is not None and mask != "/None":
            self.transparency = self.transparency or "a soft mask"
            backdrop = mask.get("/BC")
            if backdrop is not None and len(backdrop) == 3:
                import pikepdf

                mask.BC = pikepdf.Array(_ink_list(_num(backdrop)))

    # images
    def _image(self, obj: Any) -> None:
        import pikepdf

        if "/SMask" in obj:
            self.transparency = self.transparency or "an image with a soft mask"
        if obj.get("/ImageMask"):
            return
        space = obj.get("/ColorSpace")
        if space is None:
            return
        if isinstance(space, pikepdf.Array) and len(space) == 4 and space[0] == "/Indexed":
            if self._space(space[1]) == "rgb":
                obj.ColorSpace = pikepdf.Array([pikepdf.Name.Indexed, pikepdf.Name.DeviceCMYK,
                                                space[2], _cmyk_palette(space[3])])
            return
        if self._space(space) != "rgb":
            return
        from sheetgen.assets.icc import image_to_cmyk

        picture = pikepdf.PdfImage(obj).as_pil_image()
        inks = image_to_cmyk(picture)
        obj.write(zlib.compress(inks.tobytes(), 9), filter=pikepdf.Name.FlateDecode)
        obj.ColorSpace = pikepdf.Name.DeviceCMYK
        obj.BitsPerComponent = 8
        for key in ("/Decode", "/DecodeParms", "/Intent"):
            if key in obj:
                del obj[key]

    # shadings
    def _shading(self, shading: Any) -> None:
        import pikepdf

        if self._space(shading.get("/ColorSpace")) != "rgb":
            return
        function = shading.get("/Function")
        if function is None or not _convert_function(function):
            raise SheetgenError("a gradient in an RGB form sheetgen cannot convert to CMYK "
                                "(only exponential and stitching functions are)")
        shading.ColorSpace = pikepdf.Name.DeviceCMYK
        if "/Background" in shading:
            shading.Background = pikepdf.Array(_ink_list(_num(shading.Background)))

    # content streams
    def _content(self, stream: Any, resources: Any, scale: float) -> None:
        import pikepdf

        key = stream.objgen
        if key in self._done and key != (0, 0):
            return
        self._done.add(key)
        ops = pikepdf.parse_content_stream(stream)
        out: list[Any] = []
        stack: list[_Gstate] = []
        st = _Gstate(scale=scale)
        path_at: int | None = None
        changed = False

        inks = self._inks
        def settle(at: int, fill: str | None, stroke: bool) -> None:
            """Write the inks the painting at `at` needs: fill as 'text' or 'area'."""
            nonlocal st
            emit = []
            if fill and st.fill is not None:
                want = inks(st.fill, fill == "text")
                if want != st.fill_out:
                    emit.append(([*want], pikepdf.Operator("k")))
                    st = st._replace(fill_out=want)
            if stroke and st.stroke is not None:
                want = inks(st.stroke, st.width * st.scale < THIN_LINE or fill == "text")
                if want != st.stroke_out:
                    emit.append(([*want], pikepdf.Operator("K")))
                    st = st._replace(stroke_out=want)
            out[at:at] = [pikepdf.ContentStreamInstruction(o, op) for o, op in emit]

        inline_image = pikepdf.ContentStreamInlineImage
        for item in ops:
            if isinstance(item, inline_image):
                out.append(item)
                continue
            op = str(item.operator)
            # pikepdf makes the operands' Python objects when asked: only for the operators
            # read here (a text or path operator's are written back as they are).
            operands = item.operands if op in _READ_OPERANDS else ()
            keep = True
            if op == "q":
                stack.append(st)
            elif op == "Q":
                st = stack.pop() if stack else _Gstate(scale=scale)
            elif op == "cm" and len(operands) == 6:
                a, b, c, d = _num(operands[:4])
                st = st._replace(scale=st.scale * math.sqrt(abs(a * d - b * c)))
            elif op == "w" and operands:
                st = st._replace(width=float(operands[0]))
            elif op in ("rg", "RG") and len(operands) == 3:
                rgb = _num(operands)
                st = (st._replace(fill=rgb, fill_space_rgb=False) if op == "rg"
                      else st._replace(stroke=rgb, stroke_space_rgb=False))
                keep, changed = False, True
            elif op in ("cs", "CS") and operands:
                rgb_space = self._space(operands[0], resources) == "rgb"
                if rgb_space:
                    keep, changed = False, True
                    black = (0.0, 0.0, 0.0)
                    st = (st._replace(fill=black, fill_space_rgb=True) if op == "cs"
                          else st._replace(stroke=black, stroke_space_rgb=True))
                else:
                    st = (st._replace(fill=None, fill_out=None, fill_space_rgb=False)
                          if op == "cs" else
                          st._replace(stroke=None, stroke_out=None, stroke_space_rgb=False))
            elif op in ("sc", "scn", "SC", "SCN"):
                fill_op = op in ("sc", "scn")
                if (st.fill_space_rgb if fill_op else st.stroke_space_rgb) and \
                        len(operands) == 3:
                    rgb = _num(operands)
                    st = st._replace(fill=rgb) if fill_op else st._replace(stroke=rgb)
                    keep = False
            elif op in ("k", "g") or op == "K" or op == "G":
                if op in ("k", "g"):
                    st = st._replace(fill=None, fill_out=None, fill_space_rgb=False)
                else:
                    st = st._replace(stroke=None, stroke_out=None, stroke_space_rgb=False)
            elif op in _PATH_OPS:
                if op in _PATH_START and path_at is None:
                    path_at = len(out)
            elif op in _FILLS or op in _BOTH or op in _STROKES:
                settle(path_at if path_at is not None else len(out),
                       "area" if op not in _STROKES else None, op not in _FILLS)
                path_at = None
            elif op == "n":
                path_at = None
            elif op in _TEXT:
                settle(len(out), "text", True)
            elif op == "Do" or op == "sh":
                settle(len(out), "area", True)
            if keep:
                out.append(item)
        if changed:
            stream.write(pikepdf.unparse_content_stream(out))
        if resources is not None:
            self._direct(resources)


def _ink_list(rgb: tuple[float, ...]) -> list[float]:
    from sheetgen.layout.colors import to_cmyk

    return [*to_cmyk(rgb)]


def _convert_function(function: Any) -> bool:
    """An RGB shading function as CMYK, in place; False where it is of a kind that is not
    converted (sampled or PostScript functions)."""
    import pikepdf

    kind = int(function.get("/FunctionType", -1))
    if kind == 2:
        for key, default in (("/C0", (0.0, 0.0, 0.0)), ("/C1", (1.0, 1.0, 1.0))):
            function[key] = pikepdf.Array(_ink_list(_num(function.get(key, default))))
        if "/Range" in function:
            function.Range = pikepdf.Array([0, 1] * 4)
        return True
    if kind == 3:
        if "/Range" in function:
            function.Range = pikepdf.Array([0, 1] * 4)
        return all(_convert_function(f) for f in function.Functions)
    return False


def _cmyk_palette(lookup: Any) -> Any:
    from PIL import Image

    from sheetgen.assets.icc import image_to_cmyk

    data = bytes(lookup.read_bytes() if hasattr(lookup, "read_bytes") else lookup)
    n = len(data) // 3
    picture = Image.frombytes("RGB", (n, 1), data[:n * 3])
    import pikepdf

    return pikepdf.String(image_to_cmyk(picture).tobytes())


def _matrix_scale(matrix: Any) -> float:
    if matrix is None or len(matrix) != 6:
        return 1.0
    a, b, c, d = _num(list(matrix)[:4])
    return math.sqrt(abs(a * d - b * c))


# --- markers ---------------------------------------------------------------------------------

_DATE = re.compile(r"D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?")


def document_date(info: Any) -> datetime:
    """SOURCE_DATE_EPOCH when set (reproducible builds), else the input's CreationDate
    (sheetgen's writers fix it), else FIXED_DATE; always UTC, to the second."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.strip().isdigit():
        return datetime.fromtimestamp(int(epoch), tz=UTC)
    match = _DATE.match(str(info.get("/CreationDate", ""))) if info is not None else None
    if match:
        parts = [int(p) if p else d for p, d in zip(match.groups(), (0, 1, 1, 0, 0, 0),
                                                     strict=True)]
        try:
            return datetime(*parts, tzinfo=UTC)
        except ValueError:
            pass
    return FIXED_DATE


def _xml(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def xmp_packet(std: Standard, title: str, when: datetime, creator: str, producer: str,
               document_id: str) -> bytes:
    iso = when.strftime("%Y-%m-%dT%H:%M:%S+00:00")
    conformance = (f"\n   <pdfxid:GTS_PDFXConformance>{std.conformance}"
                   f"</pdfxid:GTS_PDFXConformance>" if std.conformance else "")
    body = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{_xml(title)}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{iso}</xmp:CreateDate>
   <xmp:ModifyDate>{iso}</xmp:ModifyDate>
   <xmp:MetadataDate>{iso}</xmp:MetadataDate>
   <xmp:CreatorTool>{_xml(creator)}</xmp:CreatorTool>
   <pdf:Producer>{_xml(producer)}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{document_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{document_id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{std.version}</pdfxid:GTS_PDFXVersion>{conformance}
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
    return body.encode("utf-8")


@lru_cache(maxsize=1)
def _compressed_profile() -> bytes:
    """The press profile as its embedded stream holds it (compressing it at level 9 took
    a tenth of each conversion)."""
    from sheetgen.assets.icc import profile_bytes

    return zlib.compress(profile_bytes(), 9)


def _declare(pdf: Any, std: Standard, title: str | None) -> None:
    import pikepdf

    from sheetgen import __version__
    from sheetgen.assets.icc import (
        OUTPUT_CONDITION,
        OUTPUT_CONDITION_IDENTIFIER,
        REGISTRY_NAME,
    )

    info = pdf.trailer.get("/Info")
    when = document_date(info)
    title = title or (str(info.get("/Title", "")) if info is not None else "") or "sheetgen"
    creator = (str(info.get("/Creator", "")) if info is not None else "") or "sheetgen"
    producer = f"sheetgen {__version__} (PDF/X: pikepdf)"
    stamp = when.strftime("D:%Y%m%d%H%M%S+00'00'")
    fields = {
        "/Title": pikepdf.String(title),
        "/Creator": pikepdf.String(creator),
        "/Producer": pikepdf.String(producer),
        "/CreationDate": pikepdf.String(stamp),
        "/ModDate": pikepdf.String(stamp),
        "/Trapped": pikepdf.Name("/False"),
        "/GTS_PDFXVersion": pikepdf.String(std.version),
    }
    if std.conformance:
        fields["/GTS_PDFXConformance"] = pikepdf.String(std.conformance)
    keep = {k: v for k, v in (info.items() if info is not None else [])
            if k in ("/Author", "/Subject", "/Keywords")}
    pdf.trailer.Info = pdf.make_indirect(pikepdf.Dictionary({**keep, **fields}))
    profile = pdf.make_stream(_compressed_profile())
    profile.Filter = pikepdf.Name.FlateDecode
    profile.N = 4
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary({
        "/Type": pikepdf.Name.OutputIntent,
        "/S": pikepdf.Name.GTS_PDFX,
        "/OutputConditionIdentifier": pikepdf.String(OUTPUT_CONDITION_IDENTIFIER),
        "/OutputCondition": pikepdf.String(OUTPUT_CONDITION),
        "/RegistryName": pikepdf.String(REGISTRY_NAME),
        "/Info": pikepdf.String(OUTPUT_CONDITION),
        "/DestOutputProfile": profile,
    }))])
    digest = hashlib.sha256()
    for page in pdf.pages:
        for stream in ([page.obj.Contents] if isinstance(page.obj.Contents, pikepdf.Stream)
                       else list(page.obj.Contents)):
            digest.update(stream.read_bytes())
    h = digest.hexdigest()
    document_id = f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"
    metadata = pdf.make_stream(xmp_packet(std, title, when, creator, producer, document_id))
    metadata.Type = pikepdf.Name.Metadata
    metadata.Subtype = pikepdf.Name.XML
    pdf.Root.Metadata = metadata
    if "/AcroForm" in pdf.Root:
        del pdf.Root["/AcroForm"]
