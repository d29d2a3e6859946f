"""Stage 3: settling the quest tile, from the anchor to the flag (BD-ORDER).

For each adventure in symbol order: an inactive one does nothing; a completed one (the crew's
dice at least as many as the black dice, BD-ORDER) pays its rewards; a failed one strikes
with its penalties and re-rolls its excess black dice, each joining a later active adventure
if it shows one (BD-REROLL). Then the sea wolf (most own dice on the right
half) takes a gold token and the player with most dice on the left half becomes captain, ties
settled by a duel (BD-HALVES).

Settlement is a rules flow (`table.Flow`): the re-rolled black dice, gold drawn from the pool
and duels are chance it asks for (`Need`), so the state can show each as a chance move labelled
by its origin, and a log can replay a settlement die by die. It is the only settlement in
sheetgen: the rulebook's worked example is computed by it too.

The choices the source leaves to the captain or a player at settlement time (which pirate goes
overboard, where penalty rum goes, which gold is tossed, where the move-die reward goes, when
the Overboard shield is spent) are made by the fixed rules in this module, so a settlement is
a function of the state and the dice. Each is marked "Choice:".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .quest import SYMBOLS, Effect
from .rules import adventure_outcome
from .table import MAX_DAMAGE, Flow, Need, Table, draw_gold, duel

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


    def to_dict(self) -> dict:
        return {"field": self.symbol, "black": self.black, "crew": self.crew,
                "status": self.status, "effects": list(self.effects),
                "rerolled": list(self.rerolled), "moved_to": [SYMBOLS[v - 1] for v in
                                                              self.moved_to]}


@dataclass
class Report:
    """One round's settlement, as a log keeps it and replay compares it."""

    round: int
    lines: list[Line]
    sea_wolf: int | None = None
    captain: int | None = None
    ended: str | None = None

    def to_dict(self) -> dict:
        return {"round": self.round, "lines": [line.to_dict() for line in self.lines],
                "sea_wolf": self.sea_wolf, "captain": self.captain, "ended": self.ended}


def participants(state: Table, value: int) -> list[int]:
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


def settle(state: Table) -> Flow:
    """Settle the round in place (a flow: yields the chance it needs, returns the Report).
    A sunk ship or a lost crew ends the game at once; the quest's goal (the enemy's third
    damage, an empty pool) is checked once the whole tile is settled and the sea wolf and
    captain are chosen, in every quest alike (BD-GOAL, a reading: lines 343, 355)."""
    q = state.quest
    report = Report(state.round, [])
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
        completed, excess = adventure_outcome(black, crew)
        if completed:
            done[v] = True
            need = q.requires.get(v)
            if need is not None and not done[need]:
                report.lines.append(Line(v, black, crew, "defended"))  # BD-ARMADA
                continue
            line = Line(v, black, crew, "completed")
            report.lines.append(line)
            for effect in f.rewards:
                yield from _reward(state, v, effect, line)
                if state.over:
                    break
            continue
        line = Line(v, black, crew, "failed")
        report.lines.append(line)
        for effect in f.penalties:
            if shields and SEVERITY[effect.code] >= SHIELD_AT:
                shields -= 1
                line.effects.append(f"{effect.code} ignored (Overboard with him!)")
                continue
            _penalty(state, v, effect, line)
            if state.over:
                break
        if state.over:
            continue
        # The excess black dice are re-rolled (BD-REROLL): a higher active symbol
        # takes the die; anything else does nothing (inactive ones go aside).
        results = yield Need("roll", f"settle-{SYMBOLS[v - 1]}", excess)
        moved = []
        for r in results:  # type: ignore[attr-defined]
            if r > v and state.active(r):
                state.black[r] += 1
                moved.append(r)
        line.rerolled, line.moved_to = tuple(results), tuple(moved)  # type: ignore[arg-type]
    state.shields = 0  # a shield lasts one settlement (BD-PIRATE)
    if q.tokens is not None and not goal_before and state.tokens >= q.tokens.needed:
        state.goal_reached = True  # from the next round (BD-BLOCKED)
    if not state.over:
        report.sea_wolf = yield from _most(state, RIGHT, "sea-wolf")
        if report.sea_wolf is not None:
            token = yield from draw_gold(state, "sea-wolf")
            if token is not None:
                state.players[report.sea_wolf].gold.append(token)  # type: ignore[arg-type]
        report.captain = yield from _most(state, LEFT, "new-captain")
        if report.captain is not None:
            state.captain = report.captain
        if q.end == "gold_gone" and state.gold_left == 0 or state.enemy_damage >= MAX_DAMAGE:
            state.ended = "won"  # BD-CHEST, BD-ENEMY, BD-GOAL
    report.ended = state.ended
    return report


def _most(state: Table, half: tuple[int, ...], origin: str) -> Flow:
    """The player with most own dice on that half, a duel between the tied; None when nobody
    has a die there (Reading: then nobody is sea wolf and the captain stays)."""
    counts = [sum(state.dice_of(p, v) for v in half) for p in range(state.n)]
    best = max(counts)
    if best == 0:
        return None
    tied = [p for p in range(state.n) if counts[p] == best]
    return (yield from duel(tied, origin)) if len(tied) > 1 else tied[0]


def pay_gold(state: Table, v: int, players: list[int], each: int) -> Flow:
    """Each player takes `each` tokens from the pool in the order given, while it lasts."""
    paid = [0] * state.n
    for p in players:
        for _ in range(each):
            token = yield from draw_gold(state, SYMBOLS[v - 1])
            if token is None:
                return paid
            state.players[p].gold.append(token)  # type: ignore[arg-type]
            paid[p] += 1
    return paid


def _reward(state: Table, v: int, e: Effect, line: Line) -> Flow:
    code = e.code
    if code == "gold":
        paid = yield from pay_gold(state, v, participants(state, v), e.amount)
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
            return None
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
    return None


def _move_die_target(state: Table, v: int) -> int | None:
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


def _penalty(state: Table, v: int, e: Effect, line: Line) -> None:
    code = e.code
    line.effects.append(code if e.amount == 1 else f"{code} {e.amount}")
    if code == "ship_damage":
        state.ship_damage = min(MAX_DAMAGE, state.ship_damage + e.amount)  # 3 tokens
        if state.ship_damage >= MAX_DAMAGE:
            state.ended = "sunk"  # BD-SHIP
    elif code == "overboard":
        up = [p for p in state.pirates if p.face_up]
        if up:
            # Choice: the captain drops the pirate with the least rum room left.
            victim = min(up, key=lambda p: (p.limit - p.rum, p.id))
            victim.face_up = False
        if not any(p.face_up for p in state.pirates):
            state.ended = "crew lost"  # BD-CREW
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


def move_one_die(state: Table, player: int, src: int, dst: int) -> None:
    """Move one of `player`'s dice from field `src` to field `dst` (On board!, move_die):
    it leaves their latest entry there and counts as added last on `dst`."""
    entries = state.placed[src]
    i = max(i for i, (q, _) in enumerate(entries) if q == player)
    q, c = entries[i]
    if c == 1:
        del entries[i]
    else:
        entries[i] = (q, c - 1)
    state.placed[dst].append((player, 1))
