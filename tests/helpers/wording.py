"""Is a printed text in the project's own words? Runs of consecutive words shared with the
seed texts (../shared/seeds), the one check every rulebook, card and pad test uses.

Words are compared after dropping markup (HTML tags, Jinja, Markdown emphasis) and case. A
tag is `<name ...>` or `</name>`: a bare `<` in a seed (Voodoo Pirate's tidal arrows are
written `[<]`) is text, not the start of a tag that would swallow everything up to the next
`>` and hide those lines from the check.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
RUN = 8
"""Words: a run this long shared with a seed is a copied phrase, not a shared fact
("the end of the game" or "one space in any direction" are shorter)."""

_MARKUP = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|</?[A-Za-z][^<>]*>|[*_#|`]", re.S)


def words(text: str) -> list[str]:
    """The words of `text`, lower case, markup and punctuation dropped."""
    text = _MARKUP.sub(" ", text)
    return re.findall(r"[a-z0-9']+", text.lower().replace("\u2019", "'"))


def runs(text_words: list[str], length: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(text_words[i:i + length]) for i in range(len(text_words) - length + 1)}


def seed_runs(paths: Iterable[Path] | None = None, length: int = RUN) -> set[tuple[str, ...]]:
    """Every run of `length` words in the seed texts (all of them by default)."""
    found: set[tuple[str, ...]] = set()
    for path in (sorted(SEEDS.glob("*.txt")) if paths is None else paths):
        found |= runs(words(path.read_text(encoding="utf-8")), length)
    return found


def copied(text: str, seed: set[tuple[str, ...]], length: int = RUN) -> list[str]:
    """The longest stretches of `text` made of runs found in `seed`, as phrases (empty when
    the text is in its own words)."""
    ws = words(text)
    found, i = [], 0
    while i <= len(ws) - length:
        if tuple(ws[i:i + length]) in seed:
            j = i + length
            while j < len(ws) and tuple(ws[j - length + 1:j + 1]) in seed:
                j += 1
            found.append(" ".join(ws[i:j]))
            i = j
        else:
            i += 1
    return found
