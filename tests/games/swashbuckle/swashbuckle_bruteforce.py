"""An independent, slow reference for the solver: ordered dice, keeps as subsets of dice
positions, scores straight from the card's rules. Only usable on tiny cards."""

from __future__ import annotations

import itertools
from functools import cache

from sheetgen.games.swashbuckle.card import Card


def brute_force_value(card: Card, horn_cost: float | None = None) -> float:
    """Expected optimal score; with `horn_cost`, holding one Hornswaggle (an extra roll at
    any point of any turn, paid `horn_cost`)."""
    boxes = card.boxes
    n = len(boxes)
    bonus = card.bonus_section
    bonus_ids = set(bonus.boxes) if bonus else set()
    faces = range(1, card.n_faces + 1)
    joker = card.joker
    joker_idx = card.box_index(joker.box) if joker else -1

    def counts(dice: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(dice.count(f) for f in faces)

    @cache
    def value(used: frozenset, sub: int, jflag: bool, zero: bool, horn: bool = False) -> float:
        if len(used) == n:
            nz = card.no_zero_bonus
            return float(nz.points) if nz and not zero else 0.0

        def place(dice: tuple[int, ...], horn_left: bool) -> float:
            c = counts(dice)
            open_boxes = [i for i in range(n) if i not in used]
            alike = len(set(dice)) == 1
            extra_bonus = joker.points if (joker and jflag and alike) else 0
            scores_somewhere = any(boxes[i].rule.qualifies(c) for i in open_boxes)
            any_above_open = any(not boxes[i].below_waterline for i in open_boxes)
            best = float("-inf")
            for i in open_boxes:
                box = boxes[i]
                if joker and jflag and alike and not scores_somewhere:
                    pts = float(box.joker_points)
                    is_zero = box.joker_points == 0
                else:
                    bonus_for_piracy = joker.points if (joker and jflag) else 0
                    pts = box.rule.expected(c, extra_bonus=bonus_for_piracy)
                    is_zero = not box.rule.qualifies(c)
                    if is_zero:
                        pts = 0.0
                if is_zero and box.below_waterline and any_above_open:
                    continue
                if is_zero and card.options.strict_scuttle and scores_somewhere:
                    continue  # the strict reading: a zero only when nothing scores
                nsub = sub
                gain = pts
                if box.id in bonus_ids:
                    before = sub
                    nsub = sub + int(pts)
                    if not bonus.bonus.earned(before) and bonus.bonus.earned(nsub):
                        gain += bonus.bonus.points
                    nsub = min(nsub, bonus.bonus.above + 1)
                nj = jflag or (i == joker_idx and not is_zero)
                total = gain + value(used | {i}, nsub, nj, zero or is_zero, horn_left)
                best = max(best, total)
            return best + extra_bonus

        @cache
        def after_roll(dice: tuple[int, ...], rolls_left: int, horn_left: bool) -> float:
            best = place(dice, horn_left)
            options = []
            if rolls_left:
                options.append((rolls_left - 1, horn_left, 0.0))
            if horn_left:  # Hornswaggle: one more roll, any time, paid once
                options.append((rolls_left, False, horn_cost))
            for left, h, paid in options:
                for keep_mask in range(1 << len(dice)):
                    kept = tuple(d for k, d in enumerate(dice) if keep_mask >> k & 1)
                    m = len(dice) - len(kept)
                    outcomes = list(itertools.product(faces, repeat=m))
                    ev = sum(after_roll(tuple(sorted(kept + o)), left, h)
                             for o in outcomes) / len(outcomes)
                    best = max(best, ev - paid)
            return best

        rolls = list(itertools.product(faces, repeat=card.n_dice))
        return sum(after_roll(tuple(sorted(r)), card.rolls - 1, horn)
                   for r in rolls) / len(rolls)

    return value(frozenset(), 0, False, False, horn_cost is not None)
