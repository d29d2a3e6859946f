"""Source ties: each rule a rulebook states, tied to the source line it rests on.

A rulebook is written in the project's own words, so nothing mechanical connects a sentence
of the book to the line of the original rules it restates; a fact can drift in a rewrite
and nobody notices. Each book therefore keeps a table beside its chapters,
`templates/rulebooks/<book>/sources.yaml`:

    rules:
      - rule: 1
        book: "more of your sailors stand on it"       # must appear in the book's text
        at: seeds/shipwrecked.txt:20                  # file (under ../shared) and line(s)
        quote: "which player has more sailors there"  # must appear on those lines
      - rule: 2
        book: "Every player on a team grabs"
        decision: team-grabbing                       # an item of the Interpretations box
    untied:
      Tips: strategy advice, not a rule               # book sections that state no rule

`check_table` checks every tie both ways (the book says it, the source says it) and that the
table covers the book: every section of the book holds at least one tied statement unless it
is listed under `untied` with a reason, and every item of the book's Interpretations box is
named by at least one `decision`, while every `decision` names an existing item. Text is
compared after folding case, typographic quotes and dashes, markup and whitespace, so a
fragment can be copied from the Markdown or from the printed page alike.
"""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass
from pathlib import Path

from sheetgen.errors import Position, SheetgenError, check_keys, did_you_mean
from sheetgen.layout.source import load_yaml
from sheetgen.rulebooks.content import TEMPLATES_DIR

TABLE_NAME = "sources.yaml"
_TIE_KEYS = ("rule", "book", "at", "quote", "decision")
_TOP_KEYS = ("rules", "untied")
_AT = re.compile(r"^(?P<file>[\w./-]+):(?P<first>\d+)(?:-(?P<last>\d+))?$")
_FOLD = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-",
    "\u2212": "-", "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2026": "...",
    "\u00d7": "x", "*": " ", "_": " ", "`": " ", "|": " ",
})
_LOOSE = re.compile(r" (?=[,.;:!?)\]])|(?<=[(\[]) ")


def fold(text: str) -> str:
    """Text reduced for comparison: lower case, plain quotes and dashes, no Markdown emphasis
    or table bars, single spaces and none inside brackets or before punctuation."""
    return _LOOSE.sub("", " ".join(html_lib.unescape(text).translate(_FOLD).lower().split()))


@dataclass(frozen=True)
class Tie:
    """One numbered rule statement of a book and what it rests on."""

    rule: int
    book: str
    at: str | None
    quote: str | None
    decision: str | None
    pos: Position


@dataclass(frozen=True)
class SourceTable:
    """A book's source-tie table, as read from its `sources.yaml`."""

    book: str
    ties: tuple[Tie, ...]
    untied: dict[str, str]
    path: Path


def table_path(book: str) -> Path:
    return TEMPLATES_DIR / book / TABLE_NAME


def load_table(book: str, path: Path | None = None) -> SourceTable:
    """Read and shape-check a source-tie table; faults raise with `file:line:column`."""
    path = path or table_path(book)
    tree = load_yaml(path)
    check_keys(tree, _TOP_KEYS, tree.key_pos_of, listing="keys")
    rules = tree.get("rules")
    if not isinstance(rules, list) or not rules:
        raise SheetgenError("'rules' must be a non-empty list of ties", tree.pos_of("rules"))
    ties = []
    for index, item in enumerate(rules):
        pos = rules.pos_of(index)
        if not isinstance(item, dict):
            raise SheetgenError("a tie is a mapping (rule, book, at + quote or decision)", pos)
        check_keys(item, _TIE_KEYS, item.key_pos_of, "unknown key '{key}' in a tie")
        number = item.get("rule")
        if not isinstance(number, int) or isinstance(number, bool):
            raise SheetgenError("each tie needs 'rule: N', its number", pos)
        if number != index + 1:
            raise SheetgenError(f"rule {number} is tie number {index + 1}", item.pos_of("rule"),
                                hint="number the ties 1, 2, 3... in the order they are listed")
        for key in ("book", "at", "quote", "decision"):
            if key in item and (not isinstance(item[key], str) or not item[key].strip()):
                raise SheetgenError(f"'{key}' must be a non-empty string", item.pos_of(key))
        if "book" not in item:
            raise SheetgenError(f"rule {number} lacks 'book' (the statement as the book has it)",
                                pos)
        if ("at" in item) != ("quote" in item):
            raise SheetgenError(f"rule {number}: 'at' and 'quote' go together", pos,
                                hint="give the source line(s) and a fragment found on them")
        if "at" not in item and "decision" not in item:
            raise SheetgenError(f"rule {number} rests on nothing", pos,
                                hint="add 'at' + 'quote' (a source line) or 'decision: <id>'")
        if "at" in item and not _AT.match(item["at"]):
            raise SheetgenError(f"bad source reference '{item['at']}'", item.pos_of("at"),
                                hint="write file:line or file:first-last, e.g. "
                                     "seeds/shipwrecked.txt:14-15")
        ties.append(Tie(number, item["book"], item.get("at"), item.get("quote"),
                        item.get("decision"), pos))
    untied = tree.get("untied", {})
    if not isinstance(untied, dict) or not all(
            isinstance(v, str) and v.strip() for v in untied.values()):
        raise SheetgenError("'untied' maps a section heading to why it states no rule",
                            tree.pos_of("untied"))
    return SourceTable(book, tuple(ties), {str(k): v for k, v in untied.items()}, path)


@dataclass(frozen=True)
class Section:
    """A stretch of the book under one heading (h1 to h3), as folded text."""

    heading: str
    text: str


_HEADING = re.compile(r"<h([1-3])[^>]*>(.*?)</h\1>", re.S)
_TAG = re.compile(r"<[^>]+>")


def _plain(fragment: str) -> str:
    return fold(_TAG.sub(" ", fragment))


def sections(html: str) -> list[Section]:
    """The book split at its headings; text before the first heading is section ''."""
    out, last, heading = [], 0, ""
    for match in _HEADING.finditer(html):
        out.append(Section(heading, _plain(html[last:match.start()])))
        heading, last = _plain(match.group(2)), match.end()
    out.append(Section(heading, _plain(html[last:])))
    return [s for s in out if s.text or s.heading]


_BOX = re.compile(r'<div class="box interpretations">(.*?)</div>', re.S)
_ITEM = re.compile(r"<li>\s*(?:<p>\s*)?<strong>(.*?)</strong>", re.S)


def interpretation_ids(html: str) -> list[str]:
    """Ids of the Interpretations box's items: each item's bold lead-in as a slug
    ("**Column order.**" -> `column-order`)."""
    return [slug(_plain(title)) for box in _BOX.findall(html) for title in _ITEM.findall(box)]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")


def source_lines(shared: Path, at: str) -> str | None:
    """The folded text of the referenced lines, or None when the file or lines are missing."""
    match = _AT.match(at)
    if match is None:
        return None
    path = shared / match["file"]
    if not path.is_file():
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    first = int(match["first"])
    last = int(match["last"] or first)
    if not 1 <= first <= last <= len(lines):
        return None
    return fold(" ".join(lines[first - 1:last]))


def check_table(table: SourceTable, html: str, shared: Path | None) -> list[str]:
    """Every problem with `table` against the book's HTML (body and quick reference) and the
    shared sources (skipped when `shared` is None); an empty list means the book is tied."""
    problems: list[str] = []
    parts = sections(html)
    covered: set[int] = set()
    items = interpretation_ids(html)
    decided: set[str] = set()
    for tie in table.ties:
        where = f"{tie.pos}: rule {tie.rule}"
        wanted = fold(tie.book)
        hits = [i for i, part in enumerate(parts) if wanted in part.text]
        if not hits:
            problems.append(f"{where}: the book does not say {tie.book!r}")
        covered.update(hits)
        if tie.decision is not None:
            if tie.decision not in items:
                hint = did_you_mean(tie.decision, items) or f"items: {', '.join(items) or 'none'}"
                problems.append(f"{where}: no Interpretations item '{tie.decision}' ({hint})")
            decided.add(tie.decision)
        if tie.at is not None and shared is not None:
            text = source_lines(shared, tie.at)
            if text is None:
                problems.append(f"{where}: no such source lines {tie.at}")
            elif fold(tie.quote or "") not in text:
                problems.append(f"{where}: {tie.at} does not say {tie.quote!r}")
    for item in items:
        if item not in decided:
            problems.append(f"{table.path}: Interpretations item '{item}' is tied to no rule "
                            f"(add a tie with 'decision: {item}')")
    headings = {part.heading for part in parts}
    for name in table.untied:
        if fold(name) not in headings:
            problems.append(f"{table.path}: untied section '{name}' is not a heading of the "
                            "book")
    untied = {fold(name) for name in table.untied}
    for index, part in enumerate(parts):
        if index not in covered and part.heading not in untied and part.text:
            name = part.heading or "(before the first heading)"
            problems.append(f"{table.path}: section '{name}' has no tied statement (tie one, "
                            "or list it under 'untied' with the reason)")
    return problems
