"""@font-face rules that point weasyprint at the project's bundled fonts.

Rulebooks use the same open-licensed fonts as the printed sheets, so a rulebook never depends
on what the machine happens to have installed. The files are referenced by `file://` URLs;
weasyprint subsets and embeds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sheetgen.assets.fonts import font_path


@dataclass(frozen=True)
class Face:
    asset: str  # bundled font name, as sheetgen.assets.fonts knows it
    family: str  # CSS family the stylesheet uses
    weight: int
    style: str


FACES: tuple[Face, ...] = (
    Face("display", "SG Display", 400, "normal"),
    Face("serif", "SG Serif", 400, "normal"),
    Face("serif-bold", "SG Serif", 700, "normal"),
    Face("serif-italic", "SG Serif", 400, "italic"),
    Face("sans", "SG Sans", 400, "normal"),
    Face("sans-bold", "SG Sans", 700, "normal"),
)


def font_file(name: str) -> Path:
    """The bundled font file for `name`."""
    return Path(font_path(name))


def font_face_css() -> str:
    """CSS @font-face rules for every face the rulebook stylesheet uses."""
    rules = []
    for face in FACES:
        url = font_file(face.asset).resolve().as_uri()
        rules.append(
            f"@font-face {{ font-family: '{face.family}'; src: url('{url}'); "
            f"font-weight: {face.weight}; font-style: {face.style}; }}"
        )
    return "\n".join(rules)
