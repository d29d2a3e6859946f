"""Budgets: how much one input may make sheetgen read, build, compute or draw.

A typo or a hostile file must not eat the machine (a YAML alias bomb, repeats nested a
thousand deep, a list comprehension of a billion items). Every budget here is named, set far
above anything a real layout or game file needs, and reported by name when exceeded, with
the way to raise it: `sheetgen --limit NAME=VALUE ...` (repeatable, also accepted after the
command) or the environment variable `SHEETGEN_LIMITS="NAME=VALUE,NAME=VALUE"`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from sheetgen.errors import Position, SheetgenError, did_you_mean

ENV = "SHEETGEN_LIMITS"


@dataclass(frozen=True)
class Limit:
    name: str
    default: int
    what: str


LIMITS: dict[str, Limit] = {limit.name: limit for limit in (
    Limit("file_bytes", 16 * 1024 * 1024,
          "bytes in one file a layout or game file reads (YAML, CSV, JSON)"),
    Limit("yaml_nodes", 200_000,
          "values one YAML file may expand to, each use of an alias counted again"),
    Limit("yaml_depth", 100, "lists and mappings nested inside each other in one YAML file"),
    Limit("expression_depth", 100, "operators nested inside each other in one ${} expression"),
    Limit("expression_items", 1_000_000,
          "list items, characters and loop steps one ${} expression may build"),
    Limit("string_length", 100_000, "characters in one string a layout builds"),
    Limit("elements_per_page", 100_000, "elements drawn on one page"),
    Limit("repeat_product", 100_000, "copies made by repeats nested inside each other"),
    Limit("nesting", 64, "groups, repeats and components placed inside each other"),
    Limit("raster_pixels", 150_000_000,
          "pixels of one page or card rasterised (export png/tts, previews): memory grows "
          "with it (an A4 page at 1200 dpi is 140 million)"),
    Limit("image_pixels", 50_000_000,
          "pixels one picture a layout draws may declare (it is decoded whole in memory)"),
    Limit("data_rows", 20_000, "rows of data one layout reads (CSV rows or a data list)"),
    Limit("pages", 20_000, "pages one command renders"),
    Limit("svg_elements", 20_000, "shapes in one SVG picture a layout draws"),
)}

_values: dict[str, int] = {}


def _parse(pairs: Iterable[str], source: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for pair in pairs:
        pair = pair.strip()
        if not pair:
            continue
        name, sep, text = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise SheetgenError(f"{source}: '{pair}' is not NAME=VALUE",
                                hint=f"e.g. {source.split()[0]} yaml_nodes=500000")
        if name not in LIMITS:
            raise SheetgenError(f"{source}: no limit named '{name}'",
                                hint=did_you_mean(name, LIMITS)
                                or f"limits: {', '.join(sorted(LIMITS))}")
        try:
            value = int(float(text.replace("_", "")))
        except (ValueError, OverflowError):
            raise SheetgenError(f"{source}: the value of {name} must be a whole number, "
                                f"not '{text}'") from None
        if value < 1:
            raise SheetgenError(f"{source}: {name} must be at least 1")
        out[name] = value
    return out


_env_cache: tuple[str, dict[str, int]] = ("", {})


def _from_env() -> dict[str, int]:
    global _env_cache
    text = os.environ.get(ENV, "")
    if text != _env_cache[0]:
        _env_cache = (text, _parse(text.split(","), ENV) if text.strip() else {})
    return _env_cache[1]


def get(name: str) -> int:
    """The current value of a budget: --limit, else SHEETGEN_LIMITS, else the default."""
    if name in _values:
        return _values[name]
    return _from_env().get(name, LIMITS[name].default)


def configure(pairs: Iterable[str]) -> None:
    """Set budgets from `NAME=VALUE` strings (the CLI's --limit). Worker processes receive
    them from `sheetgen.workers`."""
    _values.update(_parse(pairs, "--limit"))


def settings() -> dict[str, int]:
    """The budgets set in this process (to hand to a worker process)."""
    return {name: get(name) for name in LIMITS}


@contextlib.contextmanager
def override(**values: int) -> Iterator[None]:
    """Temporarily set budgets (tests use this to hit them in milliseconds)."""
    for name in values:
        if name not in LIMITS:
            raise KeyError(name)
    saved = dict(_values)
    _values.update(values)
    try:
        yield
    finally:
        _values.clear()
        _values.update(saved)


def exceeded(name: str, what: str, position: Position | None = None) -> SheetgenError:
    """The error for a budget that ran out: what happened, which limit, how to raise it."""
    value = get(name)
    return SheetgenError(
        f"{what}: over the limit {name} = {value:,} ({LIMITS[name].what})", position,
        hint=f"real layouts stay far below it; if this input is meant, raise it with "
             f"--limit {name}={value * 10} (or {ENV}={name}={value * 10})")


def check(name: str, amount: int, what: str, position: Position | None = None) -> None:
    """Raise `exceeded(...)` when `amount` is over the budget `name`."""
    if amount > get(name):
        raise exceeded(name, what, position)
