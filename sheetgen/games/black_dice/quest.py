"""Quest tiles of The Curse of the Black Dice as data.

A quest tile (source, seed lines 46-62 and 357-498) is six adventure fields in symbol order,
each with a reward for completing it and a penalty for failing it, plus a few special rules.
sheetgen keeps each tile as a YAML file (`black-dice-quest/1`): the fields' reward and penalty
codes, and the special rules as engine switches, so the printed tile, the settlement engine and
a designer's own quest all read the same file. Every value keeps its position in the file, so a
bad code is reported as `file:line:column` with a did-you-mean.

The four bundled quests live beside this module in `quests/`. Which field carries which
reward and penalty is not in the source's text (the tiles are pictures): it is sheetgen's
design, listed in the rulebook's Interpretations box and balanced with `simulate.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.layout.source import Located, load_yaml, located

FORMAT = "black-dice-quest/1"
SYMBOLS = ("anchor", "rum", "swords", "map", "ship", "flag")
"""The six faces of every die, value 1 to 6 (seed lines 59, 179): the order of settlement."""
SYMBOL_NAMES = ("Anchor", "Barrel of rum", "Crossed sword and hook", "Treasure map", "Ship",
                "Pirate flag")

QUESTS_DIR = Path(__file__).resolve().parent / "quests"
BUNDLED = ("treasure", "kraken", "armada", "dutchman")
"""Bundled quest ids in the source's order (I to IV)."""

# code -> (argument kind, default): "count" takes a positive integer, None takes nothing.
REWARDS: dict[str, str | None] = {
    "move_die": None,       # the last player to add here may move one die (rum..flag)
    "rum": None,            # participants take two rum, everyone else one
    "gold": "count",        # each participant takes N gold tokens
    "token": None,          # the crew gains one quest token (summoning, map piece)
    "enemy_damage": None,   # the enemy takes one damage
    "enemy_damage_if_more": None,  # ... only if the crew's dice outnumber the black dice
    "unlock": None,         # this round, the field named by `requires` pays its reward
    "fewer_black": "count",  # next round, N black dice fewer
}
PENALTIES: dict[str, str | None] = {
    "overboard": None,      # the captain turns one pirate face down
    "more_black": None,     # next round, one more black die per player
    "lose_die": None,       # next round, every player has one die fewer
    "rum_on_pirates": "count",  # the captain puts N rum from the supply on pirates
    "lost_gold": None,      # participants lose one gold token, the others two
    "ship_damage": "count",  # the ship takes N damage
}
ENDS = ("gold_gone", "enemy_defeated")


@dataclass(frozen=True)
class Effect:
    """One reward or penalty code on a field, with its number (1 where none is written)."""

    code: str
    amount: int = 1


@dataclass(frozen=True)
class Field:
    """One adventure field: its symbol value (1-6), rewards and penalties."""

    value: int
    rewards: tuple[Effect, ...]
    penalties: tuple[Effect, ...]

    @property
    def symbol(self) -> str:
        return SYMBOLS[self.value - 1]

    def gold(self) -> int:
        return sum(e.amount for e in self.rewards if e.code == "gold")


@dataclass(frozen=True)
class Tokens:
    """A quest's token goal: with `needed` tokens, `block` closes and `open` opens (from the
    next round)."""

    name: str
    needed: int
    block: int
    open: int


@dataclass(frozen=True)
class Quest:
    """A quest tile: fields and the special rules the engine switches on."""

    id: str
    name: str
    numeral: str
    fields: tuple[Field, ...]
    end: str
    gold_pool: dict[int, int] | None  # tokens in the pool by player count; None: all the gold
    enemy: str | None = None
    blocked_at_start: frozenset[int] = frozenset()
    tokens: Tokens | None = None
    seed_before_tokens: int | None = None  # field given one black die each round until tokens
    seed_after_tokens: int | None = None  # ... and once the token goal is reached
    blocked_die: str = "reroll"  # a black die showing a blocked field: "reroll" or "redirect"
    player_redirect: bool = False  # a crew die showing a blocked field counts for the open
    # token field (tokens.block until the goal, then tokens.open)
    requires: dict[int, int] = field(default_factory=dict)  # field -> field completed first
    rules_text: tuple[str, ...] = ()
    story: str = ""
    source: str = ""

    def field(self, value: int) -> Field:
        return self.fields[value - 1]

    def pool_tokens(self, players: int) -> int | None:
        """Gold tokens in the pool at the start, or None when all the gold is in play."""
        if self.gold_pool is None:
            return None
        return self.gold_pool[players]


def _symbol(doc: Located, path: tuple, value: Any) -> int:
    if value not in SYMBOLS:
        raise doc.error(path, f"'{value}' is not a field symbol",
                        hint=did_you_mean(str(value), SYMBOLS) or "one of " + ", ".join(SYMBOLS))
    return SYMBOLS.index(value) + 1


def _effects(doc: Located, path: tuple, items: Any, table: dict[str, str | None],
             what: str) -> tuple[Effect, ...]:
    if items is None:
        return ()
    if not isinstance(items, list):
        raise doc.error(path, f"{what}s must be a list of codes",
                        hint=f"e.g. {what}: [rum, {{gold: 2}}], or [] for none")
    out = []
    for i, item in enumerate(items):
        here = path + (i,)
        if isinstance(item, str):
            code, amount = item, None
        elif isinstance(item, dict) and len(item) == 1:
            (code, amount), = item.items()
            here = here + (code,)
        else:
            raise doc.error(here, f"a {what} is a code or a one-key mapping like {{gold: 2}}")
        if code not in table:
            hint = did_you_mean(str(code), table) or "known codes: " + ", ".join(table)
            raise doc.error(here, f"unknown {what} code '{code}'", hint=hint)
        if table[code] == "count":
            if amount is None:
                amount = 1
            if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= 9:
                raise doc.error(here, f"'{code}' needs a whole number from 1 to 9",
                                hint=f"e.g. {{{code}: 2}}")
        elif amount is not None:
            raise doc.error(here, f"'{code}' takes no number", hint=f"write just {code}")
        out.append(Effect(code, amount or 1))
    return tuple(out)


def _check_keys(doc: Located, path: tuple, data: Any, allowed: tuple[str, ...],
                required: tuple[str, ...] = ()) -> None:
    doc.check_mapping(path, data, allowed, required, "the quest" if not path
                      else "'" + ".".join(map(str, path)) + "'")


def _text(doc: Located, key: str, default: str | None = None) -> str:
    """A one-line text field; a number is read as its digits (`numeral: 4`), anything else
    (a list, a mapping) is an error at its place rather than printed as Python's repr."""
    value = doc.data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise doc.error((key,), f"'{key}' is a short text, not {type(value).__name__}",
                        hint=f"write it on one line, e.g. {key}: IV" if key == "numeral"
                        else f"write it on one line after '{key}:'")
    return str(value)


TOP_KEYS = ("format", "id", "name", "numeral", "story", "enemy", "gold_pool", "end", "fields",
            "rules", "rules_text")
RULE_KEYS = ("blocked_at_start", "tokens", "seed_before_tokens", "seed_after_tokens",
             "blocked_die", "player_redirect", "requires")


def quest_from(doc: Located) -> Quest:
    """Validate a quest document; every fault names its place in the file."""
    d = doc.data
    _check_keys(doc, (), d, TOP_KEYS, ("format", "id", "name", "end", "fields"))
    if d["format"] != FORMAT:
        raise doc.error(("format",), f"unknown format '{d['format']}'", hint=f"format: {FORMAT}")
    fields_data = d["fields"]
    _check_keys(doc, ("fields",), fields_data, SYMBOLS, SYMBOLS)
    fields = []
    for value, symbol in enumerate(SYMBOLS, 1):
        fd = fields_data[symbol] or {}
        _check_keys(doc, ("fields", symbol), fd, ("reward", "penalty"))
        fields.append(Field(
            value,
            _effects(doc, ("fields", symbol, "reward"), fd.get("reward"), REWARDS, "reward"),
            _effects(doc, ("fields", symbol, "penalty"), fd.get("penalty"), PENALTIES,
                     "penalty")))
    if d["end"] not in ENDS:
        raise doc.error(("end",), f"unknown end condition '{d['end']}'",
                        hint=did_you_mean(str(d["end"]), ENDS) or "one of " + ", ".join(ENDS))
    pool = d.get("gold_pool", "unlimited")
    gold_pool: dict[int, int] | None = None
    if pool != "unlimited":
        _check_keys(doc, ("gold_pool",), {str(k): v for k, v in (pool or {}).items()}
                    if isinstance(pool, dict) else pool, ("2", "3", "4"), ("2", "3", "4"))
        gold_pool = {}
        for k, v in pool.items():
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 40:
                raise doc.error(("gold_pool", k), "a pool holds 1 to 40 gold tokens")
            gold_pool[int(k)] = v
    if d["end"] == "gold_gone" and gold_pool is None:
        raise doc.error(("end",), "the quest ends when the gold is gone, but all 40 tokens are "
                        "in play", hint="give gold_pool: {2: 10, 3: 20, 4: 30}")
    enemy = _text(doc, "enemy") if d.get("enemy") is not None else None
    if d["end"] == "enemy_defeated" and not enemy:
        raise doc.error(("end",), "the quest ends when the enemy is defeated, but names none",
                        hint="enemy: kraken")
    rules = d.get("rules") or {}
    _check_keys(doc, ("rules",), rules, RULE_KEYS)
    blocked = frozenset(_symbol(doc, ("rules", "blocked_at_start", i), s)
                        for i, s in enumerate(rules.get("blocked_at_start") or []))
    tokens = None
    if "tokens" in rules:
        t = rules["tokens"]
        _check_keys(doc, ("rules", "tokens"), t, ("name", "needed", "block", "open"),
                    ("name", "needed", "block", "open"))
        needed = t["needed"]
        if isinstance(needed, bool) or not isinstance(needed, int) or not 1 <= needed <= 9:
            raise doc.error(("rules", "tokens", "needed"), "needed must be 1 to 9")
        tokens = Tokens(str(t["name"]), needed, _symbol(doc, ("rules", "tokens", "block"),
                                                        t["block"]),
                        _symbol(doc, ("rules", "tokens", "open"), t["open"]))
    token_rewards = [f.symbol for f in fields for e in f.rewards if e.code == "token"]
    if token_rewards and tokens is None:
        raise doc.error(("fields", token_rewards[0]), "a 'token' reward needs rules: tokens",
                        hint="rules: {tokens: {name: summoning, needed: 2, block: map, "
                             "open: flag}}")
    seeds = {}
    for key in ("seed_before_tokens", "seed_after_tokens"):
        if rules.get(key) is not None:
            if tokens is None:
                raise doc.error(("rules", key), f"{key} needs rules: tokens")
            seeds[key] = _symbol(doc, ("rules", key), rules[key])
    blocked_die = rules.get("blocked_die", "reroll")
    if blocked_die not in ("reroll", "redirect"):
        raise doc.error(("rules", "blocked_die"), f"unknown blocked_die '{blocked_die}'",
                        hint="reroll or redirect")
    if blocked_die == "redirect" and tokens is None:
        raise doc.error(("rules", "blocked_die"), "redirect needs rules: tokens (the dice go "
                        "to whichever of its block/open fields is open)")
    player_redirect = rules.get("player_redirect", False)
    if not isinstance(player_redirect, bool):
        raise doc.error(("rules", "player_redirect"), "player_redirect is true or false")
    if player_redirect and tokens is None:
        raise doc.error(("rules", "player_redirect"), "player_redirect needs rules: tokens (a "
                        "crew die showing a blocked field counts for its block/open field)")
    requires = {}
    for k, v in (rules.get("requires") or {}).items():
        requires[_symbol(doc, ("rules", "requires"), k)] = _symbol(doc, ("rules", "requires", k),
                                                                   v)
    unlocks = [f.value for f in fields for e in f.rewards if e.code == "unlock"]
    if unlocks and not requires:
        raise doc.error(("fields", SYMBOLS[unlocks[0] - 1]), "an 'unlock' reward needs rules: "
                        "requires", hint="rules: {requires: {flag: rum}}")
    for k, v in requires.items():
        if v >= k:
            raise doc.error(("rules", "requires"), "a field can only require an earlier field "
                            "(settlement runs from the anchor to the flag)")
    enemy_codes = [f.symbol for f in fields for e in f.rewards if e.code.startswith("enemy")]
    if enemy_codes and not enemy:
        raise doc.error(("fields", enemy_codes[0]), "an enemy_damage reward needs an enemy",
                        hint="enemy: kraken")
    text = d.get("rules_text") or []
    if not isinstance(text, list) or not all(isinstance(t, str) for t in text):
        raise doc.error(("rules_text",), "rules_text is a list of short sentences")
    return Quest(
        id=_text(doc, "id"), name=_text(doc, "name"), numeral=_text(doc, "numeral", ""),
        fields=tuple(fields), end=d["end"], gold_pool=gold_pool, enemy=enemy,
        blocked_at_start=blocked, tokens=tokens,
        seed_before_tokens=seeds.get("seed_before_tokens"),
        seed_after_tokens=seeds.get("seed_after_tokens"), blocked_die=blocked_die,
        player_redirect=player_redirect,
        requires=requires, rules_text=tuple(text), story=_text(doc, "story", ""),
        source=doc.source)


def load_quest(path: str | Path) -> Quest:
    """A quest from a YAML file, or a bundled quest by id (treasure, kraken, armada,
    dutchman)."""
    p = Path(path)
    if not p.suffix and str(path) in BUNDLED or not p.exists() and str(path) in BUNDLED:
        p = QUESTS_DIR / f"{path}.yaml"
    elif not p.exists() and not p.suffix:
        raise SheetgenError(f"no quest file or bundled quest '{path}'",
                            hint=did_you_mean(str(path), BUNDLED)
                            or "bundled: " + ", ".join(BUNDLED))
    return quest_from(located(load_yaml(p), str(p)))


def bundled_quests() -> list[Quest]:
    return [load_quest(q) for q in BUNDLED]
