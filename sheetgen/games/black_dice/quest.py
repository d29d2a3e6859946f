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

# code -> argument kind: "count" takes a whole number N (1 to 9), None takes nothing.
REWARDS: dict[str, str | None] = {
    "move_die": None, "rum": None, "gold": "count", "token": None, "enemy_damage": None,
    "enemy_damage_if_more": None, "unlock": None, "fewer_black": "count",
}
PENALTIES: dict[str, str | None] = {
    "overboard": None, "more_black": None, "lose_die": None, "rum_on_pirates": "count",
    "lost_gold": None, "ship_damage": "count",
}
EFFECTS: dict[str, str] = {
    # rewards
    "move_die": "the last player to add a die here moves one of their dice here to a later "
                "field (rum to flag)",
    "rum": "players with dice here take two rum each, everyone else one, while the supply "
           "lasts",
    "gold": "each player with dice here draws N gold tokens (captain first, then in the "
            "order dice were added, while the pool lasts)",
    "token": "the crew gains one quest token (rules.tokens: summoning, map piece)",
    "enemy_damage": "the enemy takes one damage; the third wins the quest once this "
                    "settlement is over",
    "enemy_damage_if_more": "as enemy_damage, but only when the crew's dice outnumber the "
                            "black dice here",
    "unlock": "this round the field that requires this one (rules.requires) pays its reward",
    "fewer_black": "next round, N black dice fewer",
    # penalties
    "overboard": "the captain turns one pirate face down for good; none left loses the game",
    "more_black": "next round, one more black die per player",
    "lose_die": "next round, every player has one die fewer",
    "rum_on_pirates": "the captain puts N rum from the supply on pirates, none over its limit",
    "lost_gold": "players with dice here toss one gold token into the box, the others two",
    "ship_damage": "the ship takes N damage; the third sinks it and everyone loses",
}
"""What each reward and penalty code does in play (the quest template and the docs say it)."""
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
class Tune:
    """The knobs a quest declares for `verify --tune`: alternatives for the gold pool and the
    fields blocked at the start, and amounts to try for counted penalties (field, code)."""

    gold_pool: tuple[dict[int, int] | None, ...] = ()
    blocked_at_start: tuple[frozenset[int], ...] = ()
    penalties: tuple[tuple[int, str, tuple[int, ...]], ...] = ()


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
    enemy_icon: str | None = None  # a bundled icon for the enemy; None: by the enemy's name
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
    tune: Tune | None = None

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


def _gold_pool(doc: Located, path: tuple, pool: Any) -> dict[int, int] | None:
    """`unlimited` (None: all 40 tokens in play) or tokens per player count {2:, 3:, 4:}."""
    if pool == "unlimited":
        return None
    _check_keys(doc, path, {str(k): v for k, v in pool.items()} if isinstance(pool, dict)
                else pool, ("2", "3", "4"), ("2", "3", "4"))
    gold_pool = {}
    for k, v in pool.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 40:
            raise doc.error(path + (k,), "a pool holds 1 to 40 gold tokens")
        gold_pool[int(k)] = v
    return gold_pool


def _tune(doc: Located, fields: list[Field]) -> Tune | None:
    data = doc.data.get("tune")
    if data is None:
        return None
    _check_keys(doc, ("tune",), data, ("gold_pool", "blocked_at_start", "penalties"))

    def options(key: str) -> list:
        value = data.get(key) or []
        if not isinstance(value, list):
            raise doc.error(("tune", key), f"tune.{key} is a list of alternatives to try",
                            hint=f"e.g. {key}: " + ("[unlimited, {2: 10, 3: 20, 4: 30}]"
                                                    if key == "gold_pool" else "[[], [flag]]"))
        return value

    pools = tuple(_gold_pool(doc, ("tune", "gold_pool", i), v)
                  for i, v in enumerate(options("gold_pool")))
    blocked = []
    for i, alt in enumerate(options("blocked_at_start")):
        if not isinstance(alt, list):
            raise doc.error(("tune", "blocked_at_start", i), "each alternative is a list of "
                            "field symbols", hint="e.g. [flag], or [] for none")
        blocked.append(frozenset(_symbol(doc, ("tune", "blocked_at_start", i, j), s)
                                 for j, s in enumerate(alt)))
    penalties = []
    table = data.get("penalties") or {}
    if not isinstance(table, dict):
        raise doc.error(("tune", "penalties"), "tune.penalties maps FIELD.CODE to amounts",
                        hint="e.g. penalties: {flag.ship_damage: [1, 2]}")
    for key, amounts in table.items():
        here = ("tune", "penalties", key)
        symbol, _, code = str(key).partition(".")
        value = _symbol(doc, here, symbol)
        counted = [e.code for e in fields[value - 1].penalties if PENALTIES[e.code] == "count"]
        if code not in counted:
            raise doc.error(here, f"the {symbol} field has no penalty '{code}' with a number",
                            hint="its counted penalties: " + (", ".join(counted) or "none"))
        ok = isinstance(amounts, list) and amounts and all(
            isinstance(a, int) and not isinstance(a, bool) and 1 <= a <= 9 for a in amounts)
        if not ok:
            raise doc.error(here, "amounts to try are a list of whole numbers from 1 to 9",
                            hint=f"e.g. {key}: [1, 2]")
        penalties.append((value, code, tuple(amounts)))
    return Tune(pools, tuple(blocked), tuple(penalties))


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


TOP_KEYS = ("format", "id", "name", "numeral", "story", "enemy", "enemy_icon", "gold_pool",
            "end", "fields", "rules", "rules_text", "tune")
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
    gold_pool = _gold_pool(doc, ("gold_pool",), d.get("gold_pool", "unlimited"))
    if d["end"] == "gold_gone" and gold_pool is None:
        raise doc.error(("end",), "the quest ends when the gold is gone, but all 40 tokens are "
                        "in play", hint="give gold_pool: {2: 10, 3: 20, 4: 30}")
    enemy = _text(doc, "enemy") if d.get("enemy") is not None else None
    enemy_icon = None
    if d.get("enemy_icon") is not None:
        from sheetgen.assets.icons import icon_names

        enemy_icon = _text(doc, "enemy_icon")
        if enemy_icon not in icon_names():
            raise doc.error(("enemy_icon",), f"no bundled icon '{enemy_icon}'",
                            hint=did_you_mean(enemy_icon, sorted(icon_names()))
                            or "`sheetgen icons` lists the bundled icons")
    if d["end"] == "enemy_defeated" and not enemy:
        raise doc.error(("end",), "the quest ends when the enemy is defeated, but names none",
                        hint="enemy: kraken")
    rules = d.get("rules") or {}
    _check_keys(doc, ("rules",), rules, RULE_KEYS)
    start_blocked = rules.get("blocked_at_start") or []
    if not isinstance(start_blocked, list):
        raise doc.error(("rules", "blocked_at_start"), "blocked_at_start is a list of fields",
                        hint="blocked_at_start: [map]")
    blocked = frozenset(_symbol(doc, ("rules", "blocked_at_start", i), s)
                        for i, s in enumerate(start_blocked))
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
    if not isinstance(rules.get("requires") or {}, dict):
        raise doc.error(("rules", "requires"), "requires maps a field to the earlier field it "
                        "needs", hint="requires: {flag: rum}")
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
        enemy_icon=enemy_icon,
        blocked_at_start=blocked, tokens=tokens,
        seed_before_tokens=seeds.get("seed_before_tokens"),
        seed_after_tokens=seeds.get("seed_after_tokens"), blocked_die=blocked_die,
        player_redirect=player_redirect,
        requires=requires, rules_text=tuple(text), story=_text(doc, "story", ""),
        source=doc.source, tune=_tune(doc, fields))


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


def _effects_data(effects: tuple[Effect, ...], table: dict[str, str | None]) -> list:
    return [e.code if table[e.code] is None else {e.code: e.amount} for e in effects]


def quest_to_dict(q: Quest) -> dict[str, Any]:
    """The quest as `black-dice-quest/1` data (what `quest_from` reads back to an equal
    quest): a game log embeds it, `quest new` writes it, `tune` varies it."""
    data: dict[str, Any] = {"format": FORMAT, "id": q.id, "name": q.name}
    if q.numeral:
        data["numeral"] = q.numeral
    if q.story:
        data["story"] = q.story
    if q.enemy is not None:
        data["enemy"] = q.enemy
    if q.enemy_icon is not None:
        data["enemy_icon"] = q.enemy_icon
    data["end"] = q.end
    data["gold_pool"] = "unlimited" if q.gold_pool is None else dict(q.gold_pool)
    data["fields"] = {f.symbol: {"reward": _effects_data(f.rewards, REWARDS),
                                 "penalty": _effects_data(f.penalties, PENALTIES)}
                      for f in q.fields}
    rules: dict[str, Any] = {}
    if q.blocked_at_start:
        rules["blocked_at_start"] = [SYMBOLS[v - 1] for v in sorted(q.blocked_at_start)]
    if q.tokens is not None:
        t = q.tokens
        rules["tokens"] = {"name": t.name, "needed": t.needed, "block": SYMBOLS[t.block - 1],
                           "open": SYMBOLS[t.open - 1]}
    for key in ("seed_before_tokens", "seed_after_tokens"):
        value = getattr(q, key)
        if value is not None:
            rules[key] = SYMBOLS[value - 1]
    if q.blocked_die != "reroll":
        rules["blocked_die"] = q.blocked_die
    if q.player_redirect:
        rules["player_redirect"] = True
    if q.requires:
        rules["requires"] = {SYMBOLS[k - 1]: SYMBOLS[v - 1] for k, v in q.requires.items()}
    if rules:
        data["rules"] = rules
    if q.rules_text:
        data["rules_text"] = list(q.rules_text)
    if q.tune is not None:
        tune: dict[str, Any] = {}
        if q.tune.gold_pool:
            tune["gold_pool"] = ["unlimited" if p is None else dict(p) for p in q.tune.gold_pool]
        if q.tune.blocked_at_start:
            tune["blocked_at_start"] = [[SYMBOLS[v - 1] for v in sorted(b)]
                                        for b in q.tune.blocked_at_start]
        if q.tune.penalties:
            tune["penalties"] = {f"{SYMBOLS[v - 1]}.{code}": list(amounts)
                                 for v, code, amounts in q.tune.penalties}
        data["tune"] = tune
    return data
