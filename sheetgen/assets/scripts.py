"""Which writing systems sheetgen prints, and the one check every printed text goes through.

reportlab draws a character its font has no glyph for as nothing at all (the PDF text is a
NUL), so a place name in Arabic, Hebrew or Chinese, or an emoji, used to vanish from the page
without a word. Every text that reaches paper passes `check_printable` first: layout text
elements (and so card names from a deck's rows), island names and place names when an island
file is read, the studio's renames, and, as the last line of defence, the PDF canvas itself.

What is refused, and why (decided per script, issue 27 finding 10):

- Arabic (and Syriac, Thaana, N'Ko): its letters join, each taking one of up to four forms by
  its neighbours, and lines run right to left. reportlab sets one glyph per character, left to
  right, with no shaping engine, so it would print unjoined letters in reverse order: wrong
  text, which is worse than no text. Refused.
- Hebrew: printed. Its letters need no shaping, so a bundled fallback face (Noto Sans Hebrew,
  OFL, 18 KB; `assets.fonts.FALLBACK`) sets them in any face, and a line in Hebrew is drawn
  right to left (`visual_order`: the characters reversed, brackets mirrored). What that cannot
  set correctly is refused: vowel points and cantillation marks (they need mark positioning,
  which reportlab does not do), and a line that mixes Hebrew with Latin letters or digits
  (that needs the Unicode bidirectional algorithm, which sheetgen does not apply).
- Chinese, Japanese, Korean: a face that covers them is 16 MB or more per weight (Noto Sans
  CJK), over forty times all of sheetgen's fonts together, and a subset of "common"
  characters would refuse names unpredictably. Not bundled; refused.
- Emoji: colour pictures in a font (bitmaps or layered colour glyphs), not letters a print
  face has. Refused.
- Any other character a face lacks: refused, naming it.

The message names the characters and the script; the hint says what to do instead.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from sheetgen.errors import Position, SheetgenError


@dataclass(frozen=True)
class Script:
    """A writing system sheetgen cannot set, the code points that tell it, and why."""

    name: str
    ranges: tuple[tuple[int, int], ...]
    why: str


_TRANSLITERATE = "write it in Latin letters (transliterate the name)"

SCRIPTS: tuple[Script, ...] = (
    Script("Arabic", ((0x0600, 0x06FF), (0x0700, 0x07BF), (0x07C0, 0x07FF), (0x0750, 0x077F),
                      (0x0870, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)),
           "its letters join and run right to left, and sheetgen's PDF backend has no "
           "shaping engine: it would print them unjoined and reversed"),
    Script("Hebrew", ((0x0590, 0x05FF), (0xFB1D, 0xFB4F)),
           "the bundled Hebrew face has no glyph for it"),
    Script("Chinese, Japanese or Korean",
           ((0x1100, 0x11FF), (0x2E80, 0x2FDF), (0x3000, 0x30FF), (0x3130, 0x318F),
            (0x3190, 0x31FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xA960, 0xA97F),
            (0xAC00, 0xD7FF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF),
            (0x20000, 0x3FFFF)),
           "a face that covers them is 16 MB or more (over forty times all of sheetgen's "
           "fonts), so none is bundled"),
    Script("emoji", ((0x1F000, 0x1FAFF), (0x2600, 0x27BF), (0x2B00, 0x2BFF), (0xFE00, 0xFE0F),
                     (0x200D, 0x200D), (0xE0000, 0xE007F)),
           "emoji are colour pictures, not letters a print face has"),
)


def script_of(ch: str) -> Script | None:
    """The refused script `ch` belongs to, if any."""
    code = ord(ch)
    for script in SCRIPTS:
        if any(lo <= code <= hi for lo, hi in script.ranges):
            return script
    return None


class UnprintableText(SheetgenError):
    """Text with characters that would print as nothing, or wrongly. `chars` are those
    characters, so a caller that knows where the text came from (a data row's field) can
    point there instead."""

    def __init__(self, message: str, position: Position | None, hint: str, chars: str):
        super().__init__(message, position, hint)
        self.chars = chars


_HEBREW_LETTERS = ((0x05D0, 0x05F4), (0xFB1D, 0xFB4F))
_HEBREW_MARKS = (0x0591, 0x05C7)
_MIRRORED = str.maketrans("()[]{}<>", ")(][}{><")


def _hebrew(ch: str) -> bool:
    return any(lo <= ord(ch) <= hi for lo, hi in _HEBREW_LETTERS)


def right_to_left(text: str) -> bool:
    """Whether `text` is a Hebrew line, drawn right to left."""
    return not text.isascii() and any(_hebrew(ch) for ch in text)


def visual_order(text: str) -> str:
    """The characters of a line in the order they are drawn, left to right: a Hebrew line
    (which `check_printable` has made sure holds no Latin letters, digits or marks) is
    reversed, its brackets mirrored; any other line is as written."""
    if not right_to_left(text):
        return text
    return text[::-1].translate(_MIRRORED)


def _mixed_direction(text: str) -> tuple[str, str] | None:
    """(message, characters) for a Hebrew line sheetgen would set wrongly, else None."""
    if not right_to_left(text):
        return None
    marks = "".join(dict.fromkeys(ch for ch in text
                                  if _HEBREW_MARKS[0] <= ord(ch) <= _HEBREW_MARKS[1]
                                  and unicodedata.category(ch) == "Mn"))
    if marks:
        return ("has Hebrew vowel points or cantillation marks "
                f"({', '.join(f'U+{ord(ch):04X}' for ch in marks[:5])}), which need mark "
                "positioning that sheetgen's PDF backend does not do", marks)
    ltr = "".join(dict.fromkeys(ch for ch in text if (ch.isalpha() and not _hebrew(ch))
                                or ch.isdigit()))
    if ltr:
        return (f"mixes Hebrew with Latin letters or digits ({', '.join(ltr[:5])}); a line "
                "in both directions needs the Unicode bidirectional algorithm, which "
                "sheetgen does not apply", ltr)
    return None


def unprintable_reason(text: str, font: str) -> tuple[str, str, str] | None:
    """(message, hint, characters) when `font` cannot set `text` correctly, else None."""
    from sheetgen.assets.fonts import missing_glyphs

    missing = missing_glyphs(text, font)
    if not missing:
        mixed = _mixed_direction(text)
        if mixed is None:
            return None
        quoted = text if len(text) <= 40 else text[:40] + "..."
        return (f"{quoted!r} {mixed[0]}", "write the Hebrew line without points, and numbers "
                "or Latin words on a line of their own", mixed[1])
    shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing[:5])
    more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
    quoted = text if len(text) <= 40 else text[:40] + "..."
    scripts = list(dict.fromkeys(s for s in map(script_of, missing) if s is not None))
    if scripts:
        script = scripts[0]
        message = (f"{quoted!r} is written in {script.name} ({shown}{more}), which sheetgen "
                   f"cannot print: {script.why}")
        hint = ("drop the emoji or write the word instead" if script.name == "emoji"
                else _TRANSLITERATE)
    else:
        message = (f"the font '{font}' has no glyph for {shown}{more} in {quoted!r}: it "
                   "would print as nothing")
        hint = ("use another character or another bundled font (display, serif, sans and "
                "their -bold/-italic faces); they cover Latin scripts, and Hebrew through a "
                "fallback face")
    return message, hint, missing


def check_printable(text: str, font: str, pos: Position | None = None,
                    what: str = "") -> None:
    """Raise UnprintableText when `font` cannot set every character of `text` correctly;
    `what` ("place name of space s07") starts the message."""
    if text.isascii() and text.isprintable():
        return  # every bundled face has all of printable ASCII (tests/assets/test_scripts.py)
    found = unprintable_reason(text, font)
    if found is None:
        return
    message, hint, chars = found
    raise UnprintableText(f"{what}: {message}" if what else message, pos, hint, chars)
