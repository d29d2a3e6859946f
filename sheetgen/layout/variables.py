"""A layout's variables as a user sees them: name, kind, default and one line of help.

The help is the layout's own comment: the one after the variable on its line, else the
comment lines right above it. So `sheetgen vars LAYOUT` and the checks of `--set` read the
same file the designer edits; no second list can drift from it.

`--set name=value` is checked against the kind of the default: a flag takes true or false,
a number a number (a whole-number default takes 80.5 too: most are sizes in mm), a mapping
a mapping (or `--set name.key=value` for one entry), and a key a mapping does not have is an
error with a "did you mean". A variable whose default is null takes anything (a file name,
inline data).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.layout.sections import plain as _plain
from sheetgen.layout.source import Mapping

COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")
_SHOWN = 60  # characters of a default shown in a listing


def kind_of(value: Any) -> str:
    """bool, int, float, color, text, list, mapping or any (a null default)."""
    if value is None:
        return "any"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "color" if COLOR.match(value) else "text"
    if isinstance(value, dict):
        return "mapping"
    return "list"


_FITS = {
    "bool": (bool,),
    "int": (int, float),  # sizes written as whole mm still take 80.5
    "float": (int, float),
    "color": (str,),
    "text": (str, int, float),
    "list": (list,),
    "mapping": (dict,),
}


def _fits(kind: str, value: Any) -> bool:
    if kind == "any":
        return True
    if isinstance(value, bool) and kind not in ("bool", "text"):
        return False
    return isinstance(value, _FITS[kind])


def check_override(key: str, value: Any, defaults: dict[str, Any], where: Position) -> None:
    """Refuse `--set key=value` when the value cannot stand where the default stands.

    `defaults` are the layout's resolved variables. A dotted key walks into mappings; its last
    part must be a key the mapping already has (an unknown key would change nothing)."""
    parts = key.split(".")
    current: Any = defaults
    for depth, part in enumerate(parts):
        if not isinstance(current, dict):
            owner = ".".join(parts[:depth])
            raise SheetgenError(f"--set {_short(key)}: '{owner}' is {_a(kind_of(current))}, "
                                "not a mapping", where,
                                hint=f"set it whole: --set {owner}=VALUE")
        if part not in current:
            owner = ".".join(parts[:depth]) or "this layout"
            raise SheetgenError(f"--set {_short(key)}: {owner} has no "
                                f"{'key' if depth else 'variable'} '{part}'", where,
                                hint=did_you_mean(part, current)
                                or f"known: {', '.join(map(str, current)) or '(none)'}")
        current = current[part]
    kind = kind_of(current)
    if not _fits(kind, value):
        raise SheetgenError(
            f"--set {_short(key)}: '{key}' is {_a(kind)} (default {_show(current)}), "
            f"not {_a(kind_of(value))}", where,
            hint=_kind_hint(kind, key, defaults))


def _kind_hint(kind: str, key: str, defaults: dict[str, Any]) -> str:
    switches = [name for name, value in defaults.items() if isinstance(value, bool)]
    if kind == "mapping" and switches:
        return (f"a computed or structured value; the switches of this layout are "
                f"{', '.join(switches)} (see `sheetgen vars LAYOUT`)")
    examples = {"bool": "true or false", "int": "a number", "float": "a number",
                "color": "a colour like '#8a1c1c'", "list": "a YAML list like [1, 2]",
                "mapping": "a YAML mapping like {a: 1}", "text": "some text"}
    return f"give {examples.get(kind, 'a value')}, or see `sheetgen vars LAYOUT`"


def _a(kind: str) -> str:
    names = {"bool": "a flag", "int": "a number", "float": "a number",
             "color": "a colour", "text": "text", "list": "a list", "mapping": "a mapping",
             "any": "anything"}
    return names[kind]


def _short(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."


def _show(value: Any) -> str:
    text = "null" if value is None else str(value).lower() if isinstance(value, bool) \
        else repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= _SHOWN else text[:_SHOWN - 3] + "..."


@dataclass(frozen=True)
class Variable:
    """One entry of `sheetgen vars`: `name` is dotted for entries of a mapping."""

    name: str
    kind: str  # kind_of the default, or "computed" for a ${...} expression
    default: str  # as written, shortened
    help: str
    position: Position | None


def _comment_after(line: str) -> str:
    """The comment at the end of a YAML line, outside quotes."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[i + 1:].strip()
    return ""


def _comment_above(lines: list[str], index: int) -> str:
    """Comment-only lines right above line `index` (0-based), at its indentation."""
    indent = len(lines[index]) - len(lines[index].lstrip())
    found: list[str] = []
    j = index - 1
    while j >= 0:
        text = lines[j]
        stripped = text.lstrip()
        if not stripped.startswith("#") or len(text) - len(stripped) != indent:
            break
        found.insert(0, stripped.lstrip("#").strip())
        j -= 1
    return " ".join(found)


class _Sources:
    """Lines of the files a merged tree came from, read once each."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}

    def help_at(self, pos: Position | None) -> str:
        if pos is None or not pos.line:
            return ""
        lines = self._lines.get(pos.file)
        if lines is None:
            try:
                lines = Path(pos.file).read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError):
                lines = []
            self._lines[pos.file] = lines
        if not 0 < pos.line <= len(lines):
            return ""
        return _comment_after(lines[pos.line - 1]) or _comment_above(lines, pos.line - 1)


def describe(raw: Mapping) -> list[Variable]:
    """The variables of a read layout tree (`tree.read_tree`), in file order; the entries of
    a mapping variable are listed after it with dotted names, as `--set` takes them."""
    section = raw.get("vars")
    if not isinstance(section, Mapping):
        return []
    sources = _Sources()
    out: list[Variable] = []

    def walk(mapping: Mapping, prefix: str) -> None:
        for key, value in mapping.items():
            pos = mapping.key_pos_of(key)
            name = f"{prefix}{key}"
            computed = isinstance(value, str) and "${" in value
            kind = "computed" if computed else kind_of(_plain(value))
            shown = (f"{{{len(value)} entries below}}" if isinstance(value, Mapping)
                     else f"[{len(value)} items]" if isinstance(value, list) and len(
                         _show(_plain(value))) >= _SHOWN
                     else _show(_plain(value)))
            out.append(Variable(name, kind, shown, sources.help_at(pos), pos))
            if isinstance(value, Mapping):
                walk(value, name + ".")

    walk(section, "")
    return out

