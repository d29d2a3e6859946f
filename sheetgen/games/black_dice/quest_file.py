"""A quest written out as a commented `black-dice-quest/1` file: a designer's starting point
(`sheetgen black-dice quest new --from kraken -o my-quest.yaml`).

Every key carries a comment saying what it does, every reward and penalty code is listed with
its effect in play (`quest.EFFECTS`), and a `tune:` section offers knobs for `verify --tune`.
The file reads back (`quest.load_quest`) as the quest it was written from, but for its id.
"""

from __future__ import annotations

import json
from typing import Any

from .quest import EFFECTS, FORMAT, PENALTIES, REWARDS, SYMBOLS, Quest, quest_to_dict


def _flow(value: Any) -> str:
    """A value in YAML flow style: plain words stay plain, other text is quoted."""
    if isinstance(value, str):
        plain = value.replace("_", "").replace("-", "").isalnum() and value not in (
            "yes", "no", "true", "false", "null", "on", "off")
        return value if plain else json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(k) if isinstance(k, str) else k}: {_flow(v)}"
                               for k, v in value.items()) + "}"
    return str(value)


def _line(key: str, value: Any, comment: str, indent: str = "") -> str:
    text = f"{indent}{key}: {_flow(value)}"
    return f"{text:<34} # {comment}" if comment else text


def _codes(table: dict[str, str | None]) -> list[str]:
    return [f"#   {code + (': N' if table[code] else ''):<24} {EFFECTS[code]}" for code in table]


def quest_template(quest: Quest, new_id: str) -> str:
    """The commented file for a copy of `quest` called `new_id`."""
    d = quest_to_dict(quest)
    out = [
        f"# A quest tile for The Curse of the Black Dice, started from {quest.name}.",
        "# Edit it, then measure it:",
        f"#   sheetgen black-dice simulate {new_id}.yaml --players 2-4",
        f"#   sheetgen black-dice verify {new_id}.yaml --band 40-60          (exit 1 outside)",
        f"#   sheetgen black-dice verify {new_id}.yaml --band 40-60 --tune   (tries tune:)",
        "# Every key and code is described in docs/black-dice.md.",
        _line("format", FORMAT, "always this"),
        _line("id", new_id, "short name for reports and log files"),
        _line("name", d["name"], "the title printed on the tile"),
        _line("numeral", d.get("numeral", ""), "printed in the tile's corner; may be empty"),
        _line("story", d.get("story", ""), "one line printed under the title; may be empty"),
    ]
    if "enemy" in d:
        out.append(_line("enemy", d["enemy"], "printed as written; kraken, armada and "
                         "dutchman are the bundled ones"))
    else:
        out.append("# enemy: the Sea Serpent          # needed by enemy_damage rewards; printed "
                   "as written")
    out.append(_line("enemy_icon", d["enemy_icon"], "a bundled icon (`sheetgen icons`)")
               if "enemy_icon" in d else
               "# enemy_icon: kraken               # a bundled icon for the enemy "
               "(`sheetgen icons` lists them)")
    out += [
        _line("end", d["end"], "enemy_defeated (third enemy damage) or gold_gone (pool "
              "empty)"),
        _line("gold_pool", d["gold_pool"], "unlimited, or tokens per player count like "
              "{2: 10, 3: 20, 4: 30}"),
        "",
        "# The six fields, settled from the anchor to the flag. A field is completed when the",
        "# crew's dice on it are at least its black dice: it pays its reward; otherwise its",
        "# penalty strikes and its excess black dice are re-rolled onto later fields.",
        "# Reward codes (N: a whole number 1-9, written {code: N}):",
        *_codes(REWARDS),
        "# Penalty codes:",
        *_codes(PENALTIES),
        "fields:",
    ]
    for symbol in SYMBOLS:
        f = d["fields"][symbol]
        out.append(f"  {symbol + ':':<8}{_flow({'reward': f['reward'], 'penalty': f['penalty']})}")
    rules = d.get("rules", {})
    comments = {
        "blocked_at_start": "fields that take no dice from the start",
        "tokens": "token goal: with `needed` tokens, `block` closes and `open` opens",
        "seed_before_tokens": "one black die put here each round until the goal",
        "seed_after_tokens": "one black die put here each round after the goal",
        "blocked_die": "a black die on a blocked field: reroll (once), or redirect",
        "player_redirect": "true: a crew die on a blocked field counts for the open one",
        "requires": "field: the field that must be completed first to pay",
    }
    out += ["", "# Special rules (all optional)."]
    out.append("rules:" if rules else "rules: {}")
    examples = {"blocked_at_start": ["flag"], "tokens": {"name": "map", "needed": 2,
                                                         "block": "rum", "open": "flag"},
                "seed_before_tokens": "rum", "seed_after_tokens": "flag",
                "blocked_die": "reroll", "player_redirect": False, "requires": {"flag": "rum"}}
    for key, comment in comments.items():
        if key in rules:
            out.append(_line(key, rules[key], comment, "  "))
        else:
            out.append(_line(f"# {key}", examples[key], comment, "  "))
    texts = d.get("rules_text", [])
    out.append(_line("rules_text", [] if not texts else "", "short sentences printed on the "
                     "tile").replace(': ""', ":") if texts else _line("rules_text", [], "short "
                     "sentences printed on the tile"))
    out += [f"  - {_flow(t)}" for t in texts]
    out += ["", "# Knobs for `verify --tune`: every combination is played; remove what you do "
            "not want varied."]
    out += ["tune:"]
    tune = d.get("tune") or _default_tune(quest)
    for key, value in tune.items():
        out.append(_line(key, value, "", "  "))
    return "\n".join(out) + "\n"


def _default_tune(quest: Quest) -> dict[str, Any]:
    """Knobs worth trying on a copy: the gold pool a little smaller and larger (quests that
    end when it is gone), no blocked field or the quest's, and each counted penalty one
    weaker and one stronger."""
    tune: dict[str, Any] = {}
    if quest.gold_pool is not None:
        tune["gold_pool"] = [{k: max(1, min(40, round(v * f))) for k, v in
                              sorted(quest.gold_pool.items())} for f in (0.8, 1.0, 1.2)]
    if quest.blocked_at_start and quest.tokens is None:
        tune["blocked_at_start"] = [[], [SYMBOLS[v - 1] for v in sorted(quest.blocked_at_start)]]
    penalties = {}
    for f in quest.fields:
        for e in f.penalties:
            if PENALTIES[e.code] == "count":
                penalties[f"{f.symbol}.{e.code}"] = sorted({max(1, e.amount - 1), e.amount,
                                                             min(9, e.amount + 1)})
    if penalties:
        tune["penalties"] = penalties
    return tune
