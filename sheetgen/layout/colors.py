"""Colours: `#rrggbb`, `#rgb`, a few names, or `none`."""

from __future__ import annotations

NAMED: dict[str, str] = {
    "black": "#000000",
    "white": "#ffffff",
    "ink": "#1f1a17",  # warm near-black: prints crisper than grey on cheap printers
    "grey": "#808080",
    "gray": "#808080",
    "light-grey": "#d9d9d9",
    "red": "#b3261e",
    "blood": "#8a1c1c",
    "sea": "#2e6f8e",
    "sea-light": "#dcebf2",
    "sand": "#f3e7c9",
    "parchment": "#f7f1e1",
    "gold": "#b8860b",
    "green": "#2f6b3a",
    "navy": "#1d3557",
}


class ColorError(ValueError):
    pass


def parse_color(value: object) -> tuple[float, float, float] | None:
    """RGB in 0..1, or None for `none`/`transparent`."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ColorError(f"expected a colour such as '#1d3557' or 'ink', got {value!r}")
    text = value.strip().lower()
    if text in ("none", "transparent"):
        return None
    text = NAMED.get(text, text)
    if text.startswith("#"):
        hexpart = text[1:]
        if len(hexpart) == 3:
            hexpart = "".join(c * 2 for c in hexpart)
        if len(hexpart) == 6:
            try:
                r, g, b = (int(hexpart[i : i + 2], 16) for i in (0, 2, 4))
            except ValueError:
                pass
            else:
                return (r / 255.0, g / 255.0, b / 255.0)
    raise ColorError(
        f"'{value}' is not a colour (use #rrggbb, #rgb, none, or a name: {', '.join(NAMED)})"
    )
