"""A PDF written page batch by page batch, so a long document never sits in memory whole.

reportlab holds a document until it is saved (fonts are subset at the end), and the composer
records every page before drawing the first (to find artwork that recurs). A pad of a
thousand sheets held that way peaks far above what one sheet needs. `StreamingPdf` instead
takes finished *parts* (small PDFs of a few pages each, rendered by the usual pipeline) and
appends their objects straight to the open output file, renumbered, keeping only each
object's offset and a digest of what it wrote: objects that come out byte-identical in
several parts (the static artwork's forms, unchanged font subsets) are written once.

At `close` it writes the page tree, the catalog and the document information (taken from
the first part; every part must agree on them), the cross-reference table and a trailer
whose /ID is a digest of everything written before it, so the same parts give the same
bytes. Pages keep their own MediaBox, BleedBox, TrimBox and resources.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from typing import Any, BinaryIO

from pypdf import PdfReader
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    NullObject,
    StreamObject,
)

HEADER = b"%PDF-1.4\n%\x93\x8c\x8b\x9e sheetgen streamed PDF\n"

INHERITED = ("/Resources", "/MediaBox", "/CropBox", "/Rotate")
"""Page attributes a page may inherit from its page tree (PDF 32000-1, 7.7.3.4): pushed down
onto each page, since the parts' page trees are not copied."""

CATALOG_KEPT_OUT = ("/Type", "/Pages")
"""Catalog entries rebuilt here; all others (an output intent, say) are copied from the
first part, and must be the same in every part."""


class StreamingPdfError(ValueError):
    """The parts cannot be joined (they disagree on the catalog or info): a programming
    error of the caller, not bad user input."""


class StreamingPdf:
    """Append the pages of whole PDFs to `out`, an open binary file, one part at a time.

    Memory holds one part (its bytes and pypdf's parse of it) plus per-object bookkeeping:
    an offset and a 32-byte digest per object written. `parts_hook`, if given, is called
    after each part with the number of pages written so far (tests watch the file grow)."""

    def __init__(self, out: BinaryIO, parts_hook: Callable[[int], None] | None = None) -> None:
        self._out = out
        self._written = 0
        self._digest = hashlib.sha256()
        self._offsets: dict[int, int] = {}
        self._next = 1
        self._catalog_num = self._allocate()
        self._info_num = self._allocate()
        self._pages_num = self._allocate()
        self._page_nums: list[int] = []
        self._seen: dict[bytes, int] = {}
        self._catalog: bytes | None = None
        self._info: bytes | None = None
        self._hook = parts_hook
        self._closed = False
        self._write(HEADER)

    # --- bookkeeping ---------------------------------------------------------------------
    @property
    def pages(self) -> int:
        """Pages appended so far."""
        return len(self._page_nums)

    def _allocate(self) -> int:
        num = self._next
        self._next += 1
        return num

    def _write(self, data: bytes) -> None:
        self._out.write(data)
        self._digest.update(data)
        self._written += len(data)

    def _write_object(self, num: int, body: bytes) -> None:
        self._offsets[num] = self._written
        self._write(b"%d 0 obj\n" % num + body + b"\nendobj\n")

    # --- parts ---------------------------------------------------------------------------
    def add_part(self, pdf: bytes) -> int:
        """Append every page of `pdf` (in order); returns the pages added."""
        if self._closed:
            raise StreamingPdfError("the document is already closed")
        reader = PdfReader(io.BytesIO(pdf), strict=True)
        part = _Part(self, reader)
        catalog = reader.trailer["/Root"].get_object()
        self._agree("catalog", part.serialize(DictionaryObject(
            {k: v for k, v in catalog.items() if k not in CATALOG_KEPT_OUT})))
        info = reader.trailer.get("/Info")
        self._agree("info", part.serialize(info.get_object() if info is not None
                                           else DictionaryObject()))
        added = 0
        for page in reader.pages:
            self._page_nums.append(part.page(page))
            added += 1
        if self._hook:
            self._hook(self.pages)
        return added

    def _agree(self, what: str, body: bytes) -> None:
        name = "_" + what
        first = getattr(self, name)
        if first is None:
            setattr(self, name, body)
        elif first != body:
            raise StreamingPdfError(f"the parts of a streamed PDF disagree on their {what}")

    # --- the end -------------------------------------------------------------------------
    def close(self) -> int:
        """Write the page tree, catalog, info, xref and trailer; returns the bytes written.
        The caller closes (and renames) the file."""
        if self._closed:
            return self._written
        self._closed = True
        kids = b" ".join(b"%d 0 R" % n for n in self._page_nums)
        self._write_object(self._pages_num, b"<< /Type /Pages /Count %d /Kids [ %s ] >>"
                           % (len(self._page_nums), kids))
        extra = (self._catalog or b"<< >>")[2:-2].strip()
        self._write_object(self._catalog_num, b"<< /Type /Catalog /Pages %d 0 R %s >>"
                           % (self._pages_num, extra))
        self._write_object(self._info_num, self._info or b"<< >>")
        size = self._next
        xref_at = self._written
        lines = [b"xref\n0 %d\n" % size, b"0000000000 65535 f \n"]
        lines += [b"%010d 00000 n \n" % self._offsets[n] for n in range(1, size)]
        self._write(b"".join(lines))
        doc_id = self._digest.hexdigest()[:32].encode("ascii")
        self._write(b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [<%s> <%s>] >>\n"
                    b"startxref\n%d\n%%%%EOF\n"
                    % (size, self._catalog_num, self._info_num, doc_id, doc_id, xref_at))
        return self._written


class _Part:
    """One part being copied: its objects' new numbers, each object written after the
    objects it refers to, so that its bytes (and digest) are final when it is written."""

    def __init__(self, doc: StreamingPdf, reader: PdfReader) -> None:
        self.doc = doc
        self.reader = reader
        self.numbers: dict[tuple[int, int], int] = {}
        self.visiting: set[tuple[int, int]] = set()
        self.forward: dict[tuple[int, int], int] = {}

    def page(self, page: DictionaryObject) -> int:
        """Write one page (never shared with another page, even if identical)."""
        fields = DictionaryObject({k: v for k, v in page.items() if k != "/Parent"})
        for key in INHERITED:
            if key not in fields:
                value = _inherited(page, key)
                if value is not None:
                    fields[NameObject(key)] = value
        body = self.serialize(fields)[:-2] + b" /Parent %d 0 R >>" % self.doc._pages_num
        num = self.doc._allocate()
        self.doc._write_object(num, body)
        return num

    def ref(self, ref: IndirectObject) -> int:
        """The output number of the object `ref` points to, writing it first if needed."""
        key = (ref.idnum, ref.generation)
        if key in self.numbers:
            return self.numbers[key]
        if key in self.visiting:  # a cycle: give it a number now, write it when done
            if key not in self.forward:
                self.forward[key] = self.doc._allocate()
            return self.forward[key]
        self.visiting.add(key)
        target = self.reader.get_object(ref)
        body = self.serialize(target if target is not None else NullObject())
        self.visiting.discard(key)
        if key in self.forward:
            num = self.forward.pop(key)
            self.doc._write_object(num, body)
        else:
            digest = hashlib.sha256(body).digest()
            num = self.doc._seen.get(digest, 0)
            if not num:
                num = self.doc._allocate()
                self.doc._write_object(num, body)
                self.doc._seen[digest] = num
        self.numbers[key] = num
        return num

    def serialize(self, obj: Any) -> bytes:
        """`obj` as PDF syntax, with references renumbered (written first)."""
        if isinstance(obj, IndirectObject):
            return b"%d 0 R" % self.ref(obj)
        if isinstance(obj, StreamObject):
            data = obj._data  # the stream as stored (still compressed): copied unchanged
            fields = DictionaryObject({k: v for k, v in obj.items() if k != "/Length"})
            head = self.serialize(fields)[:-2] + b" /Length %d >>" % len(data)
            return head + b"\nstream\n" + data + b"\nendstream"
        if isinstance(obj, DictionaryObject):
            items = b" ".join(self.serialize(NameObject(k)) + b" " + self.serialize(v)
                              for k, v in obj.items())
            return b"<< " + items + b" >>"
        if isinstance(obj, ArrayObject):
            return b"[ " + b" ".join(self.serialize(v) for v in obj) + b" ]"
        buf = io.BytesIO()
        obj.write_to_stream(buf)
        return buf.getvalue()


def _inherited(page: DictionaryObject, key: str) -> Any:
    node = page.get("/Parent")
    while node is not None:
        node = node.get_object()
        if key in node:
            return node.raw_get(key)
        node = node.get("/Parent")
    return None
