"""Black Dice test helpers: scripted dice and a game set up at settlement time."""

from __future__ import annotations

from sheetgen.games.black_dice.game import GameState, new_game
from sheetgen.games.black_dice.quest import load_quest
from sheetgen.games.captains_curse.rng import SplitMix64


class Scripted:
    """A generator that deals the given die faces in order, then 1, 2, ..., 6 over and over
    (so duels always end)."""

    def __init__(self, faces=()):
        self.faces = list(faces)
        self.next = 0

    def randrange(self, n):
        if self.faces:
            return self.faces.pop(0) - 1
        self.next += 1
        return (self.next - 1) % n

    def random(self):
        return 0.0

    def shuffle(self, items):
        pass

    def choice(self, items):
        return items[0]


def table(quest_id: str, players: int = 3, black=(0,) * 6, placed=None, captain: int = 0,
          bag=None) -> GameState:
    """A game of `quest_id` at settlement: black dice per field (anchor..flag) and placed
    dice as {field value: [(player, count), ...]} in the order they were added."""
    state = new_game(load_quest(quest_id), players, SplitMix64(7))
    state.black = [0, *black]
    state.placed = [[] for _ in range(7)]
    for v, entries in (placed or {}).items():
        state.placed[v] = list(entries)
    state.captain = captain
    if bag is not None:
        extra = list(state.gold_bag)
        state.gold_bag = list(bag)
        for t in bag:
            extra.remove(t)
        state.box.extend(extra)
    return state
