"""Stage 3: settling the quest tile, from the anchor to the flag (BD-ORDER).

For each adventure in symbol order: an inactive one does nothing; a completed one (the crew's
dice at least as many as the black dice, BD-ORDER) pays its rewards; a failed one strikes
with its penalties and re-rolls its excess black dice, each joining a later active adventure
if it shows one (BD-REROLL). Then the sea wolf (most own dice on the right
half) takes a gold token and the player with most dice on the left half becomes captain, ties
settled by a duel (BD-HALVES).

The choices the source leaves to the captain or a player at settlement time (which pirate goes
overboard, where penalty rum goes, which gold is tossed, where the move-die reward goes, when
the Overboard shield is spent) are made by the fixed rules in this module, so a settlement is
a function of the state and the dice. Each is marked "Choice:".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .game import MAX_DAMAGE, Chance, GameState, d6, duel, move_one_die
from .quest import SYMBOLS, Effect

LEFT = (1, 2, 3)
RIGHT = (4, 5, 6)
SEVERITY = {"ship_damage": 10, "overboard": 6, "lost_gold": 5, "more_black": 3, "lose_die": 3,
            "rum_on_pirates": 1}
"""How much the captain fears each penalty (Choice: the shield goes on the first penalty
whose severity is at least SHIELD_AT)."""
SHIELD_AT = 5


@dataclass
class Line:
    """What happened to one adventure at settlement."""

    value: int
    black: int
    crew: int
    status: str  # "inactive", "completed", "defended", "failed", "not settled"
    effects: list[str] = field(default_factory=list)
    rerolled: tuple[int, ...] = ()
    moved_to: tuple[int, ...] = ()

    @property
    def symbol(self) -> str:
        return SYMBOLS[self.value - 1]


@dataclass
class Report:
    lines: list[Line]
    sea_wolf: int | None = None
    captain: int | None = None
    ended: str | None = None


def participants(state: GameState, value: int) -> list[int]:
    """Players with dice on the adventure, captain first if they took part, then in the order
    they added dice (BD-SHORTAGE)."""
    order: list[int] = []
    for p, _ in state.placed[value]:
        if p not in order:
            order.append(p)
    if state.captain in order:
        order.remove(state.captain)
        order.insert(0, state.captain)
    return order


def settle(state: GameState, rng: Chance) -> Report:
    """Settle the round in place; returns what happened. Ends the game on sinking, a lost
    crew, the enemy's third damage or (Treasure) an empty pool."""
    q = state.quest
    report = Report([])
    done = {v: False for v in range(1, 7)}
    shields = state.shields
    goal_before = state.tokens >= q.tokens.needed if q.tokens else False
    for v in range(1, 7):
        if state.over:
            report.lines.append(Line(v, state.black[v], state.crew(v), "not settled"))
            continue
        f = q.field(v)
        black, crew = state.black[v], state.crew(v)
        if not state.active(v):
            report.lines.append(Line(v, black, crew, "inactive"))
            continue
        if crew >= black:
            done[v] = True
            need = q.requires.get(v)
            if need is not None and not done[need]:
                report.lines.append(Line(v, black, crew, "defended"))  # BD-ARMADA
                continue
            line = Line(v, black, crew, "completed")
            for effect in f.rewards:
                _reward(state, v, effect, line, rng)
                if state.over:
                    break
            report.lines.append(line)
            continue
        line = Line(v, black, crew, "failed")
        for effect in f.penalties:
            if shields and SEVERITY[effect.code] >= SHIELD_AT:
                shields -= 1
                line.effects.append(f"{effect.code} ignored (Overboard with him!)")
                continue
            _penalty(state, v, effect, line)
            if state.over:
                break
        # The excess black dice are re-rolled (BD-REROLL): a higher active symbol
        # takes the die; anything else does nothing (inactive ones go aside).
        results = tuple(d6(rng) for _ in range(black - crew))
        moved = []
        for r in results:
            if r > v and state.active(r):
                state.black[r] += 1
                moved.append(r)
        line.rerolled, line.moved_to = results, tuple(moved)
        report.lines.append(line)
    state.shields = 0  # a shield lasts one settlement (BD-PIRATE)
    if q.tokens is not None and not goal_before and state.tokens >= q.tokens.needed:
        state.goal_reached = True  # from the next round (BD-BLOCKED)
    if not state.over:
        report.sea_wolf = _most(state, RIGHT, rng)
        if report.sea_wolf is not None and state.gold_bag:
            state.players[report.sea_wolf].gold.append(state.gold_bag.pop())
        report.captain = _most(state, LEFT, rng)
        if report.captain is not None:
            state.captain = report.captain
        # BD-GOAL (Reading): the quest's goal is checked once the whole tile is settled and
        # the sea wolf and captain are chosen, for every quest alike (lines 343, 355).
        if q.end == "gold_gone" and not state.gold_bag or state.enemy_damage >= MAX_DAMAGE:
            state.outcome = "won"  # BD-CHEST, BD-ENEMY
    report.ended = state.outcome
    return report


def _most(state: GameState, half: tuple[int, ...], rng: Chance) -> int | None:
    """The player with most own dice on that half, a duel between the tied; None when nobody
    has a die there (Reading: then nobody is sea wolf and the captain stays)."""
    counts = [sum(state.dice_of(p, v) for v in half) for p in range(state.n)]
    best = max(counts)
    if best == 0:
        return None
    tied = [p for p in range(state.n) if counts[p] == best]
    return duel(tied, rng) if len(tied) > 1 else tied[0]


def pay_gold(state: GameState, players: list[int], each: int) -> list[int]:
    """Each player takes `each` tokens from the pool in the order given, while it lasts."""
    paid = [0] * state.n
    for p in players:
        for _ in range(each):
            if not state.gold_bag:
                return paid
            state.players[p].gold.append(state.gold_bag.pop())
            paid[p] += 1
    return paid


def _reward(state: GameState, v: int, e: Effect, line: Line, rng: Chance) -> None:
    code = e.code
    if code == "gold":
        paid = pay_gold(state, participants(state, v), e.amount)
        line.effects.append(f"gold {paid}")
    elif code == "rum":
        # BD-CODES: participants two, everyone else one; Choice: captain first, then
        # clockwise, while the supply lasts.
        who = participants(state, v)
        for i in range(state.n):
            p = (state.captain + i) % state.n
            take = min(2 if p in who else 1, state.rum_supply)
            state.players[p].rum += take
            state.rum_supply -= take
        line.effects.append("rum")
    elif code == "token":
        state.tokens += 1
        line.effects.append(f"token {state.tokens}")
    elif code in ("enemy_damage", "enemy_damage_if_more"):
        if code == "enemy_damage_if_more" and state.crew(v) <= state.black[v]:
            line.effects.append("no damage: not more dice than black dice")  # BD-CODES
            return
        state.enemy_damage = min(MAX_DAMAGE, state.enemy_damage + 1)
        line.effects.append(f"enemy damage {state.enemy_damage}")
    elif code == "fewer_black":
        state.next_fewer_black += e.amount
        line.effects.append(f"{e.amount} fewer black dice next round")
    elif code == "unlock":
        line.effects.append("flag unlocked")
    elif code == "move_die":
        target = _move_die_target(state, v)
        if target is not None:
            p = state.placed[v][-1][0]
            move_one_die(state, p, v, target)
            line.effects.append(f"moved a die to {SYMBOLS[target - 1]}")
    else:
        raise ValueError(code)


def _move_die_target(state: GameState, v: int) -> int | None:
    """Choice: the last player to add a die here moves one to the later adventure it
    completes, preferring one that pays them gold, then the most feared penalty; or to a
    gold adventure already safe that they are not on; else keeps it."""
    if not state.placed[v]:
        return None
    p = state.placed[v][-1][0]
    q = state.quest
    best, best_key = None, None
    for t in range(max(2, v + 1), 7):
        if not state.active(t):
            continue
        short = state.black[t] - state.crew(t)
        gold = q.field(t).gold() if state.dice_of(p, t) == 0 else 0
        fear = max((SEVERITY[e.code] for e in q.field(t).penalties), default=0)
        if short == 1:
            key = (2, gold, fear)
        elif short <= 0 and gold:
            key = (1, gold, 0)
        else:
            continue
        if best_key is None or key > best_key:
            best, best_key = t, key
    return best


def _penalty(state: GameState, v: int, e: Effect, line: Line) -> None:
    code = e.code
    line.effects.append(code if e.amount == 1 else f"{code} {e.amount}")
    if code == "ship_damage":
        state.ship_damage = min(MAX_DAMAGE, state.ship_damage + e.amount)  # 3 tokens
        if state.ship_damage >= MAX_DAMAGE:
            state.outcome = "sunk"  # BD-SHIP
    elif code == "overboard":
        up = [p for p in state.pirates if p.face_up]
        if up:
            # Choice: the captain drops the pirate with the least rum room left.
            victim = min(up, key=lambda p: (p.limit - p.rum, p.id))
            victim.face_up = False
        if not any(p.face_up for p in state.pirates):
            state.outcome = "crew lost"  # BD-CREW
    elif code == "more_black":
        state.next_more_black += state.n  # BD-CODES
    elif code == "lose_die":
        state.next_lose_die = True  # BD-CODES
    elif code == "rum_on_pirates":
        # BD-CODES: from the supply, never over a limit. Choice: one at a time on the
        # face-up pirate with the most room.
        for _ in range(e.amount):
            room = [p for p in state.pirates if p.face_up and p.rum < p.limit]
            if not room or state.rum_supply == 0:
                break
            target = max(room, key=lambda p: (p.limit - p.rum, p.id))
            target.rum += 1
            state.rum_supply -= 1
    elif code == "lost_gold":
        # BD-CODES: participants one token, the others two; Choice: the cheapest.
        who = participants(state, v)
        for p in range(state.n):
            hoard = state.players[p].gold
            for _ in range(1 if p in who else 2):
                if hoard:
                    token = min(hoard)
                    hoard.remove(token)
                    state.box.append(token)
    else:
        raise ValueError(code)
