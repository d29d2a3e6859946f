"""A game of Voodoo Pirate in the browser: you against Cursed Pirates, whom the referee
plays (`game.VoodooState`); chance steps drawn from the game's own seeded stream. The page
offers exactly the engine's legal moves, as they print."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..board import default_board, parse_board
from ..game import VoodooState, new_game, streams
from ..moves import COLOURS
from ..players import make_player

CHANCE = -1
MAX_AUTO = 5000  # chance steps and other seats' moves between two of yours, at most


@dataclass
class BrowserVoyage:
    seed: int
    cursed: int
    board_text: str | None = None  # None: the bundled Sea of Souls
    state: VoodooState = field(init=False)
    log: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        setup, self._chance, self._players = streams(self.seed)
        board = default_board() if self.board_text is None else parse_board(self.board_text)
        self.state = new_game(board, ["player"] + ["cursed"] * self.cursed, setup)
        self._other = make_player("greedy")
        self._advance()

    def _advance(self) -> None:
        """Play chance steps (and any seat but yours) until it is your move or the end."""
        for _ in range(MAX_AUTO):
            seat = self.state.to_move()
            if seat is None or seat == 0:
                return
            if seat == CHANCE:
                move = self.state.sample_chance(self._chance)
                who = "chance"
            else:
                move = self._other.choose(self.state, self._players)
                who = f"seat {seat}"
            self.state.push(move)
            self.log.append(f"{who}: {move}")
        raise RuntimeError("the game did not come back to you")

    def choose(self, index: int) -> None:
        if self.state.to_move() != 0:
            raise ValueError("the game is over" if self.state.to_move() is None
                             else "it is not your move")
        legal = self.state.legal_moves()
        if not 0 <= index < len(legal):
            raise ValueError(f"choice {index} is not one of the {len(legal)} legal moves")
        move = legal[index]
        self.state.push(move)
        self.log.append(f"you: {move}")
        self._advance()

    def view(self) -> dict[str, Any]:
        st = self.state
        sea = st.sea(st.core)
        outcome = st.outcome()
        return {
            "seed": self.seed, "round": st.core.round, "your_move": st.to_move() == 0,
            "moves": [str(m) for m in st.legal_moves()] if st.to_move() == 0 else [],
            "ships": {str(k): list(v) for k, v in sea.ships.items()},
            "colours": [COLOURS[c] for c in st.core.colour], "wind": sea.wind,
            "tide": sea.tide,
            "power": None if None in st.core.pos else st.voodoo_power(),  # once all placed
            "log": self.log[-40:],
            "outcome": None if outcome is None else {
                "termination": outcome.termination, "winners": list(outcome.winners),
                "scores": list(outcome.scores)},
        }
