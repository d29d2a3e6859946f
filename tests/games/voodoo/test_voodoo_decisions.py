"""The Voodoo players' decisions are pinned: a fixed set of seeded games (greedy, planner,
random, Cursed Pirates, 1 to 5 seats) must play the very same moves, chance outcomes and
scores as they did before the players and the engine were made faster (issue 31). The
digests below were recorded from the code before that work (main at d5b21a7); a change
that alters any decision, any chance draw or any score changes a digest.

If a change to the rules or the players is MEANT to change play, re-record the digests on
purpose (`python tests/games/voodoo/test_voodoo_decisions.py` prints them) and say why in
the commit message."""

from __future__ import annotations

import hashlib

import pytest

from sheetgen.games.voodoo.board import default_board
from sheetgen.games.voodoo.playthrough import play_game

LINEUPS: dict[str, tuple[tuple[str, ...], tuple[int, ...]]] = {
    # name: (seats, player names or "cursed"), seeds
    "greedy x4": (("greedy", "greedy", "greedy", "greedy"), (1, 2, 3, 4, 5, 6)),
    "greedy x2 + cursed x2": (("greedy", "cursed", "greedy", "cursed"), (1, 2, 3, 4)),
    "random x4": (("random", "random", "random", "random"), (1, 2, 3, 4)),
    "random, greedy + cursed": (("random", "greedy", "cursed"), (5, 6, 7)),
    "planner, greedy x2, random": (("planner", "greedy", "greedy", "random"), (1, 2)),
    "planner + cursed x4": (("planner", "cursed", "cursed", "cursed", "cursed"), (3,)),
    "solo greedy": (("greedy",), (1, 2)),
    "solo planner + cursed": (("planner", "cursed"), (4,)),
}

PINNED = {
    "greedy x4":
        "99e920fbea0b19b165af078e14438b922bf4f21bada316f471b772530a03256c",
    "greedy x2 + cursed x2":
        "e46667abb16175dd494c4c9b5aa86207f0764846637ce0b285683bbe69669e3b",
    "random x4":
        "9f746c81db871b6b72038669281db40d9e244d1bad6ce187ed7e9b7cc8eb36ee",
    "random, greedy + cursed":
        "c70bc260cec886ff494ba5babcaa1bc010c29d88e0c4c07c9f7186539a54a2b9",
    "planner, greedy x2, random":
        "c06b2e293f99848d59f88690074302a3250d2689651dc258cc93ef3023ca8335",
    "planner + cursed x4":
        "7dd87bbb6c6de1f65fb1e5427173a3dc2fe412f1512079c15680de073664ac76",
    "solo greedy":
        "ccc8799017acabd59bd59798d14a775748337c4cb2a70c6dd03048f5665b6fff",
    "solo planner + cursed":
        "01ecf5e09094cb6efe674f329dded504a0ca55f902a72325117b39dd54f4d1d7",
}


def digest(name: str) -> str:
    """One hash over every move, the rounds, the end and the scores of a lineup's games."""
    seats, seeds = LINEUPS[name]
    kinds = ["cursed" if s == "cursed" else "player" for s in seats]
    policies = [None if s == "cursed" else s for s in seats]
    board = default_board()
    h = hashlib.sha256()
    for seed in seeds:
        record = play_game(board, kinds, policies, seed)
        h.update("\n".join(record.moves).encode())
        h.update(repr((record.rounds, record.end, record.outcome.winners,
                       record.outcome.scores, record.power)).encode())
    return h.hexdigest()


@pytest.mark.parametrize("name", list(LINEUPS))
def test_the_same_seeds_play_the_same_moves(name):
    assert digest(name) == PINNED[name]


if __name__ == "__main__":
    for name in LINEUPS:
        print(f"    {name!r}: {digest(name)!r},")
