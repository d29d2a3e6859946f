"""Errors a user can act on.

Every error that reaches the CLI is a `SheetgenError`: it knows where in which file the fault
is, says what is wrong and, when we can guess, what was meant. The CLI prints it and exits with
status 2; nothing below the CLI prints or exits.

Messages quote the input they complain about, and input can be anything: a value of
millions of characters would make a message of millions. So every message and hint is
clipped (`clip`): a run of more than QUOTE_RUN characters without a space keeps its start
and says how long it was, and a whole message stops after MESSAGE_MAX characters. A report
of many faults lists the first MAX_FAULTS and counts the rest.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Position:
    """A place in a source file; line and column are 1-based, as editors show them."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.column}"
        return self.file


QUOTE_RUN = 200
MESSAGE_MAX = 1000
MAX_FAULTS = 100
_LONG_RUN = re.compile(r"\S{" + str(QUOTE_RUN + 1) + ",}")


def clip(text: str) -> str:
    """`text` with any run of more than QUOTE_RUN non-space characters shortened, and at
    most MESSAGE_MAX characters in all (what an error quotes of the input stays readable)."""
    if len(text) <= QUOTE_RUN:
        return text
    text = _LONG_RUN.sub(lambda m: f"{m.group(0)[:QUOTE_RUN // 2]}... ({len(m.group(0)):,} "
                                   f"characters)", text)
    if len(text) > MESSAGE_MAX:
        text = f"{text[:MESSAGE_MAX]}... (cut at {MESSAGE_MAX:,} of {len(text):,} characters)"
    return text


class SheetgenError(Exception):
    """A fault in the user's input, reported as `file:line:column: message` plus a hint."""

    def __init__(self, message: str, position: Position | None = None, hint: str | None = None):
        message = clip(str(message))
        hint = clip(str(hint)) if hint is not None else None
        super().__init__(message)
        self.message = message
        self.position = position
        self.hint = hint

    def format(self) -> str:
        head = f"{self.position}: {self.message}" if self.position else self.message
        lines = [f"error: {head}"]
        excerpt = _excerpt(self.position)
        if excerpt:
            lines.extend(excerpt)
        if self.hint:
            lines.append(f"hint: {self.hint}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()


class SheetgenErrors(SheetgenError):
    """Several faults found in one pass (`validate` reports them all), in line order."""

    def __init__(self, errors: Iterable[SheetgenError]):
        flat: list[SheetgenError] = []
        for err in errors:
            flat.extend(err.errors if isinstance(err, SheetgenErrors) else [err])
        seen: set[tuple] = set()
        self.errors = []
        for err in sorted(flat, key=_order):
            key = (err.position, err.message)
            if key not in seen:
                seen.add(key)
                self.errors.append(err)
        first = self.errors[0]
        super().__init__(first.message, first.position, first.hint)

    def format(self) -> str:
        parts = [err.format() for err in self.errors[:MAX_FAULTS]]
        if len(self.errors) > MAX_FAULTS:
            parts.append(f"... and {len(self.errors) - MAX_FAULTS:,} more faults")
        if len(self.errors) > 1:
            parts.append(f"{len(self.errors)} faults")
        return "\n".join(parts)


def _order(err: SheetgenError) -> tuple:
    pos = err.position
    return (pos.file, pos.line, pos.column) if pos else ("", 0, 0)


def raise_all(errors: list[SheetgenError]) -> None:
    """Raise the one fault, or all of them together; nothing when the list is empty."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise SheetgenErrors(errors)


@dataclass(frozen=True)
class LayoutWarning:
    """Something printed that a person would stumble on (text running out of its box), at
    its place in the layout, with the page and row it happened on."""

    position: Position | None
    message: str

    def format(self) -> str:
        head = f"{self.position}: {self.message}" if self.position else self.message
        return f"warning: {head}"


EXCERPT_WIDTH = 100
QUOTABLE: set[str] = set()
"""Files whose lines an error may quote: those the YAML reader parsed into a mapping or a list
(or that are named .yaml/.yml when the fault is a YAML syntax error). Any other file (a CSV
row, an image, a system file a layout tried to read) is named but never quoted."""


def _excerpt(position: Position | None) -> list[str]:
    """The offending source line with a caret under the column, when the file is a YAML file
    sheetgen read (see QUOTABLE) and is still readable."""
    if position is None or not position.line or position.file not in QUOTABLE:
        return []
    try:
        text = Path(position.file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    if not 0 < position.line <= len(text):
        return []
    source = text[position.line - 1].rstrip()
    column = max(position.column - 1, 0)
    if len(source) > EXCERPT_WIDTH:  # a one-line JSON file: show the part around the fault
        start = max(0, min(column - EXCERPT_WIDTH // 2, len(source) - EXCERPT_WIDTH))
        head = "..." if start else ""
        tail = "..." if start + EXCERPT_WIDTH < len(source) else ""
        source = head + source[start:start + EXCERPT_WIDTH] + tail
        column = column - start + len(head)
    return [f"  {source}", f"  {' ' * column}^"]


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """A 'did you mean' hint for a misspelt name, or None when nothing is close."""
    close = difflib.get_close_matches(str(word), sorted(set(choices)), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


def check_keys(keys: Iterable[Any], allowed: Iterable[str],
               where: Callable[[Any], Position | None], message: str = "unknown key '{key}'",
               listing: str = "allowed keys", shown: Iterable[str] | None = None) -> None:
    """The one key checker: raise for the first of `keys` not in `allowed`, at `where(key)`,
    with `message` (formatted with `key`) and a did-you-mean hint, or the list of what is
    allowed (`shown`, default `allowed`) when nothing is close.

    >>> try:
    ...     check_keys(["size", "colour"], ["color", "size"], lambda key: None)
    ... except SheetgenError as err:
    ...     print(err.message, "/", err.hint)
    unknown key 'colour' / did you mean 'color'?
    """
    allowed = set(allowed)
    for key in keys:
        if key not in allowed:
            raise SheetgenError(message.format(key=key), where(key),
                                hint=did_you_mean(str(key), allowed)
                                or f"{listing}: {', '.join(sorted(shown or allowed))}")
