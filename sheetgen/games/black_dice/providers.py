"""What the Black Dice layouts print, computed from the engine's own data.

The quest tiles and pirate tiles are drawn by ordinary layouts (`layouts/black_dice/`) from
these values, so the printed tile and the settlement engine read one quest file and one list
of pirates: a designer's quest prints with
`sheetgen render black-dice/quest-tile --set quest=my-quest.yaml`.

- `${provide('black_dice.quest', quest)}`: one quest tile (a bundled id or a YAML file) as
  plain values: name, enemy, the six fields with their rewards and penalties as short lines
  of text with inline `:icons:`, the special rules.
- `data: {provide: black_dice.pirates}`: one row per pirate tile.
- `${provide('black_dice.symbols')}`: the six die faces in settlement order (dice labels,
  quick reference).

Each reward and penalty code of the quest format has its printed words here (`REWARD_TEXT`,
`PENALTY_TEXT`); a code without them is an error the tests catch, not a blank on the tile.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from sheetgen.errors import SheetgenError
from sheetgen.games.black_dice.quest import SYMBOL_NAMES

SYMBOL_ICONS = ("anchor", "barrel", "sword-hook", "treasure-map", "ship", "flag")
"""The die faces 1-6 as bundled icons, in the order the engine numbers them (quest.SYMBOLS)."""

ENEMIES: dict[str, tuple[str, str]] = {
    # quest `enemy:` -> (icon, printed name)
    "kraken": ("kraken", "the Kraken"),
    "galleon": ("spanish-galleon", "the Spanish Armada"),
    "armada": ("spanish-galleon", "the Spanish Armada"),
    "ghost-ship": ("ghost-ship", "the Flying Dutchman"),
    "dutchman": ("ghost-ship", "the Flying Dutchman"),
}

QUEST_TOKENS: dict[str, tuple[str, str]] = {
    # quest `rules.tokens.name` -> (icon, printed name)
    "summoning": ("whirlpool", "summoning token"),
    "map": ("treasure-map", "map piece"),
}

# Code -> printed line. `{n}` is the code's number, `{enemy}` the quest's enemy, `{token}`
# the quest token's icon and name. Lines are short: a field is 4 cm wide.
REWARD_TEXT: dict[str, str] = {
    "move_die": "The last to place here may move one of their :die: to another field, rum to flag",
    "rum": "2 :rum: each who placed here, 1 to everyone else",
    "gold": "{n} :coin: each who placed here",
    "token": "Crew takes 1 {token}",
    "enemy_damage": "{enemy_icon} 1 damage to {enemy}",
    "enemy_damage_if_more": "{enemy_icon} 1 damage if your dice outnumber the black",
    "unlock": "Unlocks the reward of the {unlocks} this round",
    "fewer_black": "Next round {n} :die: fewer black dice",
}
PENALTY_TEXT: dict[str, str] = {
    "overboard": "Captain throws a pirate overboard",
    "more_black": "Next round +1 black :die: per player",
    "lose_die": "Next round each player rolls 1 :die: fewer",
    "rum_on_pirates": "Captain puts {n} :rum: from the hold on pirates",
    "lost_gold": "Who placed here loses 1 :coin:, everyone else 2",
    "ship_damage": ":ship-damage: The ship takes {n} damage",
}

PIRATE_ICONS: dict[str, str] = {
    # pirate id -> bundled icon (the engine names drawings the icon set may not have)
    "overboard": "shark",
    "bullseye": "eye",
    "jibe": "wheel",
    "sails": "wave",
    "course": "compass",
    "storm": "lightning",
    "keelhaul": "rope",
    "onboard": "hook",
}


def _icon(name: str, fallback: str) -> str:
    from sheetgen.assets.icons import icon_names

    return name if name in icon_names() else fallback


def _line(table: dict[str, str], code: str, amount: int, quest: Any, value: int = 0) -> str:
    if code not in table:
        raise SheetgenError(f"quest '{quest.id}': no printed words for the code '{code}'",
                            hint="add it to sheetgen/games/black_dice/providers.py")
    enemy_icon, enemy = enemy_of(quest)
    token_icon, token = QUEST_TOKENS.get(quest.tokens.name if quest.tokens else "",
                                         ("gem", quest.tokens.name if quest.tokens else ""))
    unlocks = " and ".join(SYMBOL_NAMES[k - 1].lower() for k, v in sorted(quest.requires.items())
                           if v == value) or "later fields"
    text = table[code].format(n=amount, enemy=enemy, enemy_icon=f":{enemy_icon}:",
                              token=f":{token_icon}: {token}", unlocks=unlocks)
    return text


def enemy_of(quest: Any) -> tuple[str, str]:
    """The quest's enemy as (icon, printed name). A bundled enemy id (kraken, armada,
    dutchman, ...) has its own icon and name; any other enemy is printed as written, with the
    quest's `enemy_icon`, the bundled icon of its name, or a skull. `enemy_icon` overrides the icon
    either way."""
    if not quest.enemy:
        return quest.enemy_icon or "skull", "the enemy"
    icon, name = ENEMIES.get(quest.enemy, (_icon(str(quest.enemy), "skull"), str(quest.enemy)))
    return quest.enemy_icon or icon, name


def _end_line(quest: Any) -> str:
    if quest.end == "gold_gone":
        pools = " / ".join(str(quest.gold_pool[n]) for n in sorted(quest.gold_pool))
        return f"The chest holds {pools} :coin: for 2 / 3 / 4 players: empty it to win."
    icon, enemy = enemy_of(quest)
    return f"Deal 3 damage to {enemy} :{icon}: to end the quest. All the gold is in play." \
        if quest.gold_pool is None else f"Deal 3 damage to {enemy} :{icon}: to end the quest."


def _field_notes(quest: Any, value: int) -> list[str]:
    """What the special rules do to this field, as short tags on the tile."""
    notes = []
    if value in quest.blocked_at_start:
        notes.append(":blockade: blocked at the start")
    if quest.tokens is not None:
        icon, token = QUEST_TOKENS.get(quest.tokens.name, ("gem", quest.tokens.name))
        if quest.tokens.open == value:
            notes.append(f"opens when the crew has {quest.tokens.needed} :{icon}:")
        if quest.tokens.block == value:
            notes.append(f":blockade: closes when the crew has {quest.tokens.needed} :{icon}:")
    if quest.seed_before_tokens == value:
        notes.append("+1 black :die: every round until then")
    if quest.seed_after_tokens == value:
        notes.append("then +1 black :die: every round")
    for field, needed in quest.requires.items():
        if field == value:
            notes.append(f"pays only after :{SYMBOL_ICONS[needed - 1]}: is done")
    return notes


def quest_tile(quest: Any) -> dict[str, Any]:
    """One quest as the values its tile prints."""
    enemy_icon, enemy = enemy_of(quest)
    fields = []
    for f in quest.fields:
        rewards = [_line(REWARD_TEXT, e.code, e.amount, quest, f.value) for e in f.rewards]
        penalties = [_line(PENALTY_TEXT, e.code, e.amount, quest) for e in f.penalties]
        fields.append({
            "value": f.value,
            "symbol": f.symbol,
            "icon": SYMBOL_ICONS[f.value - 1],
            "name": SYMBOL_NAMES[f.value - 1],
            "rewards": rewards or ["No reward"],
            "penalties": penalties or ["No penalty"],
            "reward_lines": "\n".join(rewards) or "*No reward*",
            "penalty_lines": "\n".join(penalties) or "*No penalty*",
            "notes": " · ".join(_field_notes(quest, f.value)),
        })
    return {
        "id": quest.id,
        "name": quest.name,
        "numeral": quest.numeral,
        "story": quest.story,
        "enemy": enemy if quest.enemy else "",
        "enemy_icon": enemy_icon if quest.enemy else "chest",
        "end": _end_line(quest),
        "rules": list(quest.rules_text),
        "rules_lines": "\n".join(quest.rules_text),
        "fields": fields,
    }


@cache
def _quest_cached(name: str, stamp: float) -> dict[str, Any]:
    from sheetgen.games.black_dice.quest import load_quest

    return quest_tile(load_quest(name))


def quest(name: Any = "treasure") -> dict[str, Any]:
    """`provide('black_dice.quest', quest)`: a bundled quest by id or a quest file."""
    from sheetgen import access
    from sheetgen.games.black_dice.quest import BUNDLED

    if not isinstance(name, str) or not name:
        raise SheetgenError("quest: give a bundled quest's id or a quest file's name",
                            hint="--set quest=kraken  or  --set quest=my-quest.yaml")
    if name in BUNDLED:
        return _quest_cached(name, 0.0)
    # A file named by input: the one access check (never a path the layout may not read).
    path = access.named_file(name, what="quest file",
                             missing=f"no quest file or bundled quest '{name[:200]}'")
    return _quest_cached(str(path), path.stat().st_mtime)


def quest_ids() -> list[str]:
    """`provide('black_dice.quest_ids')`: the bundled quests, I to IV."""
    from sheetgen.games.black_dice.quest import BUNDLED

    return list(BUNDLED)


def pirates() -> list[dict[str, Any]]:
    """`data: {provide: black_dice.pirates}`: one row per pirate tile."""
    from sheetgen.games.black_dice.pirates import PIRATES

    return [{"id": p.id, "name": p.name, "limit": p.limit, "text": p.text,
             "icon": _icon(p.icon, PIRATE_ICONS.get(p.id, "skull"))} for p in PIRATES]


def symbols() -> list[dict[str, Any]]:
    """`provide('black_dice.symbols')`: the six die faces, 1 to 6."""
    return [{"value": i + 1, "icon": icon, "name": SYMBOL_NAMES[i]}
            for i, icon in enumerate(SYMBOL_ICONS)]


PROVIDERS = {
    "quest": quest,
    "quest_ids": quest_ids,
    "pirates": pirates,
    "symbols": symbols,
}
