"""The island file's text written directly: the very characters `yaml.safe_dump` gives.

`island_yaml` used to be `yaml.safe_dump(data, sort_keys=False, default_flow_style=None,
allow_unicode=True, width=100)`; PyYAML's pure-Python emitter took about as long as making
the island (some 60 ms for 1,500 coordinate pairs). The shapes an island file has are few:
block mappings and block sequences whose leaves are scalars or flow sequences of scalars.
`dump` writes those shapes the way PyYAML's emitter does (indentless sequences under a
key, flow sequences wrapped after the comma that passes column 100, indented two past
their block) and returns None for anything else, so the caller falls back to PyYAML:

- any string PyYAML would not write plain (it resolves to another type, or its analysis
  forbids plain style; both asked of PyYAML itself), or a plain string holding a space
  that reaches past column 100 (PyYAML may fold it);
- floats that are not finite or print in exponent form; types other than exactly dict,
  list, str, bool, int, float and None (PyYAML represents subclasses differently or refuses them);
- a container met twice (PyYAML writes an anchor and an alias);
- a mapping whose values are all scalars (PyYAML writes it in flow style), a sequence
  holding a block sequence, or a mapping inside a mapping.

tests/games/captains_curse/islands/test_filetext.py compares `dump` with PyYAML on every
shape it accepts and many it declines.
"""

from __future__ import annotations

import functools
import io
import re
from typing import Any

import yaml
from yaml.emitter import Emitter
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

WIDTH = 100  # PyYAML's best_width as island_yaml sets it
INDENT = 2  # PyYAML's best_indent
_STR_TAG = "tag:yaml.org,2002:str"
_FLOAT = re.compile(r"-?[0-9]+\.[0-9]+\Z")  # repr of a finite float PyYAML resolves as float
_ANALYSER = Emitter(io.StringIO(), allow_unicode=True)
_RESOLVER = Resolver()


class _Declined(Exception):
    """The data holds something `dump` does not write; PyYAML writes the file."""


@functools.lru_cache(maxsize=8192)
def _plain(text: str, flow: bool) -> bool:
    """Whether PyYAML writes `text` plain, in a flow sequence (`flow`) or in block context
    (as a mapping key or value, or a block sequence item): the resolver must read it back
    as a string and PyYAML's own scalar analysis allow plain style there."""
    if _RESOLVER.resolve(ScalarNode, text, (True, False)) != _STR_TAG:
        return False
    analysis = _ANALYSER.analyze_scalar(text)
    if analysis.empty or analysis.multiline:
        return False
    return analysis.allow_flow_plain if flow else analysis.allow_block_plain


def _scalar(value: Any, flow: bool) -> str | None:
    """The text of a scalar as PyYAML writes it plain; None for a collection; _Declined for
    anything else."""
    kind = type(value)
    if kind is str:
        if not _plain(value, flow):
            raise _Declined
        return value
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    if kind is float:
        text = repr(value)  # SafeRepresenter.represent_float for finite, unexponented floats
        if not _FLOAT.match(text):
            raise _Declined
        return text
    if kind is list or kind is dict:
        return None
    raise _Declined


class _Writer:
    """The emitter's state that matters here: the text so far and the current column."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.column = 0
        self.seen: set[int] = set()

    def write(self, text: str) -> None:
        self.parts.append(text)
        self.column += len(text)

    def newline(self, indent: int) -> None:
        self.parts.append("\n" + " " * indent)
        self.column = indent

    def plain(self, text: str, after_space: bool) -> None:
        """A plain scalar, after a space PyYAML writes unless one is there (`after_space`:
        after `- `, `[` or a line break); one holding a space must not reach past the
        width, where PyYAML may fold it."""
        if not after_space:
            text = " " + text
        if " " in text.lstrip(" ") and self.column + len(text) > WIDTH:
            raise _Declined
        self.write(text)

    def container(self, value: list | dict) -> None:
        if id(value) in self.seen:
            raise _Declined  # PyYAML would write an anchor and an alias
        self.seen.add(id(value))

    def flow_sequence(self, items: list, indent: int, after_space: bool) -> None:
        """`[a, b, ...]` of scalars, wrapped as PyYAML wraps it: a line break (to `indent`
        plus two) before an item when the column has passed the width, checked after each
        comma (and after the bracket)."""
        self.write("[" if after_space else " [")
        texts = [_scalar(item, True) for item in items]
        if None in texts:
            raise _Declined
        line = ", ".join(texts)  # type: ignore[arg-type]
        if self.column + len(line) + 1 <= WIDTH:  # no column on the way passes the width
            self.write(line + "]")
            return
        inner = indent + INDENT
        for k, text in enumerate(texts):
            if k:
                self.write(",")
            if self.column > WIDTH:
                self.newline(inner)
                self.plain(text, after_space=True)
            else:
                self.plain(text, after_space=not k)
        self.write("]")

    def node(self, value: Any, indent: int, after_space: bool) -> None:
        """A value after `key:` (after_space False) or after `- ` (after_space True)."""
        text = _scalar(value, False)
        if text is not None:
            self.plain(text, after_space)
            return
        self.container(value)
        if type(value) is dict:
            raise _Declined  # a mapping inside a mapping, or flow mapping in a sequence
        if _all_scalars(value):
            self.flow_sequence(value, indent, after_space)
        elif after_space:
            raise _Declined  # a block sequence inside a block sequence
        else:
            self.block_sequence(value, indent)

    def block_sequence(self, items: list, indent: int) -> None:
        """Items on their own lines at `indent` (PyYAML's indentless sequence under a key)."""
        for item in items:
            self.newline(indent)
            self.write("- ")
            if type(item) is dict:
                self.container(item)
                self.block_mapping(item, indent + INDENT, first_inline=True)
            else:
                self.node(item, indent, after_space=True)

    def block_mapping(self, mapping: dict, indent: int, first_inline: bool) -> None:
        if not mapping or _all_scalars(mapping.values()):
            raise _Declined  # PyYAML writes it in flow style
        for k, (key, value) in enumerate(mapping.items()):
            if type(key) is not str or not _plain(key, False) or len(key) >= 128:
                raise _Declined
            if k or not first_inline:
                self.newline(indent)
            self.write(key + ":")
            if type(value) is dict:
                raise _Declined
            self.node(value, indent, after_space=False)


def _all_scalars(values: Any) -> bool:
    return all(type(v) is not list and type(v) is not dict for v in values)


def dump(data: Any) -> str | None:
    """The text `yaml.safe_dump(data, sort_keys=False, default_flow_style=None,
    allow_unicode=True, width=100)` gives, when `data` is a mapping of the shapes above;
    None otherwise."""
    if type(data) is not dict:
        return None
    out = _Writer()
    try:
        out.container(data)
        out.block_mapping(data, 0, first_inline=True)
    except _Declined:
        return None
    out.parts.append("\n")
    return "".join(out.parts)


def island_yaml(data: dict[str, Any]) -> str:
    """The island file text: block style for structure, [x, y] pairs on one line each."""
    text = dump(data)
    if text is not None:
        return text
    out = io.StringIO()
    yaml.safe_dump(data, out, sort_keys=False, default_flow_style=None, allow_unicode=True,
                   width=100)
    return out.getvalue()
