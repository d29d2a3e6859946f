"""Is a quest balanced? The crew's win rate per player count against a band, and the variants
of a quest's declared knobs that land in it (`sheetgen black-dice verify [--tune]`).

A quest passes a band when, for every player count asked, the Wilson 95% interval of the
crew's win rate lies inside it (as `island verify` does for Captain's Curse islands): a
rate near an edge needs more games to pass, never fewer. Every variant and player count is
played on the same game seeds (common random numbers), so differences between variants are
the knobs', not the dice's. Figures do not depend on `jobs`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from sheetgen.engine.stats import Proportion, wilson
from sheetgen.errors import SheetgenError
from sheetgen.layout.source import Located

from .quest import SYMBOLS, Effect, Quest, quest_from, quest_to_dict
from .simulate import simulate


@dataclass(frozen=True)
class Verdict:
    rates: dict[int, Proportion]  # player count -> crew win rate
    band: tuple[float, float]

    @property
    def outside(self) -> list[int]:
        lo, hi = self.band
        return [c for c, p in self.rates.items() if not (lo <= p.low and p.high <= hi)]

    @property
    def passed(self) -> bool:
        return not self.outside


def win_rates(quest: Quest, players: tuple[int, ...], n: int, seed: int, policy: str,
              jobs: int) -> dict[int, Proportion]:
    out = {}
    for count in players:
        b = simulate(quest, count, n, seed, policy, jobs)
        out[count] = wilson(b.outcomes.get("won", 0), b.games)
    return out


def verify_quest(quest: Quest, players: tuple[int, ...], band: tuple[float, float], n: int,
                 seed: int = 1, policy: str = "greedy", jobs: int = 1) -> Verdict:
    return Verdict(win_rates(quest, players, n, seed, policy, jobs), band)


def rate_rows(rates: dict[int, Proportion], band: tuple[float, float]) -> list[str]:
    lo, hi = band
    rows = ["players   games    wins   win rate   95% interval   band"]
    for count, p in rates.items():
        inside = lo <= p.low and p.high <= hi
        rows.append(f"{count:>7} {p.n:>7} {p.wins:>7}   {p.rate:>7.1%}   "
                    f"{p.low:>5.1%}-{p.high:<6.1%}  {'inside' if inside else 'OUTSIDE'}")
    return rows


@dataclass(frozen=True)
class Variant:
    """One setting of the knobs: what changed, and the quest it makes."""

    changes: tuple[str, ...]
    quest: Quest

    def describe(self) -> str:
        return "; ".join(self.changes) or "as written"


@dataclass(frozen=True)
class TuneResult:
    variant: Variant
    rates: dict[int, Proportion]
    passed: bool

    def describe(self) -> str:
        return self.variant.describe()


def _pool_words(pool: dict[int, int] | None) -> str:
    return "gold pool unlimited" if pool is None else "gold pool " + "/".join(
        str(pool[k]) for k in sorted(pool)) + " for 2/3/4"


def variants(quest: Quest) -> list[Variant]:
    """Every combination of the quest's `tune:` alternatives (the quest as written when it
    declares none). A combination the quest rules refuse (say, an unlimited pool in a quest
    that ends when the gold is gone) is left out."""
    tune = quest.tune
    if tune is None:
        return [Variant((), quest)]
    pools = [(_pool_words(p), p) for p in tune.gold_pool] or [("", quest.gold_pool)]
    blocks = [("blocked at start: " + (", ".join(SYMBOLS[v - 1] for v in sorted(b)) or "none"),
               b) for b in tune.blocked_at_start] or [("", quest.blocked_at_start)]
    strengths = [[(f"{SYMBOLS[v - 1]} {code} {a}", (v, code, a)) for a in amounts]
                 for v, code, amounts in tune.penalties]
    out = []
    for (pool_word, pool), (block_word, blocked), *chosen in itertools.product(
            pools, blocks, *strengths):
        fields = list(quest.fields)
        for _, (v, code, amount) in chosen:
            f = fields[v - 1]
            fields[v - 1] = replace(f, penalties=tuple(
                Effect(e.code, amount) if e.code == code else e for e in f.penalties))
        q = replace(quest, gold_pool=pool, blocked_at_start=frozenset(blocked),
                    fields=tuple(fields), tune=None)
        try:  # the same checks a quest file gets
            quest_from(Located(quest_to_dict(q), quest.source or "<quest>"))
        except SheetgenError:
            continue
        changes = tuple(w for w in (pool_word, block_word, *(c[0] for c in chosen)) if w)
        out.append(Variant(changes, q))
    return out


def tune_quest(quest: Quest, players: tuple[int, ...], band: tuple[float, float], n: int,
               seed: int = 1, policy: str = "greedy", jobs: int = 1,
               max_variants: int = 64) -> list[TuneResult]:
    """Play every variant (`variants`) and say which land inside the band."""
    found = variants(quest)
    if quest.tune is None:
        raise SheetgenError(f"{quest.id} declares no knobs to tune",
                            hint="add a `tune:` section (`sheetgen black-dice quest new` "
                                 "writes one), or run verify without --tune")
    if len(found) > max_variants:
        raise SheetgenError(f"{quest.id}'s tune section makes {len(found)} variants, more "
                            f"than --max-variants {max_variants}",
                            hint="list fewer alternatives, or raise --max-variants")
    out = []
    for variant in found:
        verdict = verify_quest(variant.quest, players, band, n, seed, policy, jobs)
        out.append(TuneResult(variant, verdict.rates, verdict.passed))
    return out
