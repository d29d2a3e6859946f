"""The figures of `sheetgen voodoo simulate` and the bands of `verify`, from hand-made game
records (the engine's GameRecord shape), so every number can be checked by hand."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from sheetgen.engine.contract import Outcome
from sheetgen.engine.gamelog import read_log
from sheetgen.games.voodoo.board import default_board
from sheetgen.games.voodoo.gamelog import LOG_FORMAT, LogWriter, bundled_text
from sheetgen.games.voodoo.simulate import (
    CURSED,
    GameSummary,
    Lineup,
    report_lines,
    summarize,
    summary_of,
)
from sheetgen.games.voodoo.verify import cursed_checks, skill_checks, table_checks

BOARD = default_board()
A, B, C, D = BOARD.harbour_order[:4]   # (7,1) worth 4, (7,0) 3, (8,1) 3, (9,1) 2


@dataclass(frozen=True)
class Record:
    """A stand-in for the engine's GameRecord: the fields the figures read."""

    outcome: Outcome
    rounds: int
    end: str
    start_space: tuple
    power: tuple


def power(position, coins, broadsides, skulls):
    return {"position": position, "coins": coins, "broadsides": broadsides, "skulls": skulls}


def record(winners, rounds, end, starts=(A, B, C, D), scores=(0, 0, 0, 0), parts=None):
    parts = parts or [power(1, 0, 2, 0)] * len(starts)
    return Record(Outcome(end, tuple(winners), tuple(float(s) for s in scores)), rounds, end,
                  tuple(starts), tuple(parts))


def test_summary_keeps_what_the_figures_need():
    r = record([2], 7, "lunar", parts=[power(4, 1, 2, 0), power(3, 0, 2, 1),
                                       power(11, 4, 5, 3), power(2, 0, 2, -2)])
    s = summary_of(r, ["greedy", "random", "planner", CURSED])
    assert s.winners == (2,) and s.rounds == 7 and s.end == "lunar"
    assert s.start == (A, B, C, D) and s.power[2] == (11, 4, 5, 3)
    assert s.seats == ("greedy", "random", "planner", CURSED)


@pytest.fixture
def figures():
    seats = ("greedy", "greedy", "random", CURSED)
    games = [
        summary_of(record([0], 6, "shore", parts=[power(12, 3, 4, 2)] + [power(5, 0, 2, 0)] * 3),
                   seats),
        summary_of(record([0, 3], 9, "lunar", starts=(B, A, D, C),
                          parts=[power(8, 2, 2, 4), power(5, 0, 2, 0), power(5, 0, 2, 0),
                                 power(9, 1, 3, 1)]), seats),
        summary_of(record([1], 9, "lunar", starts=(C, D, A, B),
                          parts=[power(5, 0, 2, 0), power(10, 6, 6, 0), power(5, 0, 2, 0),
                                 power(5, 0, 2, 0)]), seats),
        summary_of(record([3], 12, "shore", starts=(D, C, B, A),
                          parts=[power(5, 0, 2, 0)] * 3 + [power(13, 0, 5, 2)]), seats),
    ]
    return summarize(games, BOARD, Lineup(seats))


def test_rounds_and_ends(figures):
    assert figures.games == 4
    assert figures.rounds.mean == 9.0 and figures.rounds.n == 4
    assert (figures.rounds_least, figures.rounds_most) == (6, 12)
    assert figures.rounds_count == {6: 1, 9: 2, 12: 1}
    assert figures.ends["shore"].wins == 2 and figures.ends["lunar"].wins == 2
    assert figures.ends["shore"].low < 0.5 < figures.ends["shore"].high


def test_win_shares_count_every_tied_winner(figures):
    assert [p.wins for p in figures.seats] == [2, 1, 0, 2]
    assert all(p.n == 4 for p in figures.seats)
    assert figures.shared_wins == 1
    # the winners started on A (game 1, seat 1), B and C (game 2, seats 1 and 4), D (game 3,
    # seat 2) and A (game 4, seat 4); every space was someone's start in all four games
    starts = {s: (p.wins, p.n) for s, p in figures.start_spaces.items()}
    assert starts == {A: (2, 4), B: (1, 4), C: (1, 4), D: (1, 4)}
    assert list(figures.start_spaces) == [A, B, C, D]   # the harbour's printed order


def test_players_and_cursed_pirates(figures):
    assert {k: (p.wins, p.n) for k, p in figures.players.items()} == {
        "cursed": (2, 4), "greedy": (3, 8), "random": (0, 4)}
    assert {k: (p.wins, p.n) for k, p in figures.kinds.items()} == {
        "cursed": (2, 4), "player": (3, 12)}
    assert (figures.cursed_won.wins, figures.cursed_won.n) == (2, 4)


def test_where_the_winners_power_came_from(figures):
    # winners: (12,3,4,2), (8,2,2,4), (9,1,3,1), (10,6,6,0), (13,0,5,2)
    assert figures.winners_power["position"].mean == pytest.approx(52 / 5)
    assert figures.winners_power["coins"].mean == pytest.approx(12 / 5)
    assert figures.winners_power["broadsides"].mean == pytest.approx(20 / 5)
    assert figures.winners_power["skulls"].mean == pytest.approx(9 / 5)
    assert figures.winners_share["position"] == pytest.approx(52 / 93)
    assert sum(figures.winners_share.values()) == pytest.approx(1.0)


def test_figures_print_and_serialise(figures):
    text = "\n".join(report_lines(figures, BOARD))
    assert "4 games" in text and "seat 4:  50.0%" in text and "7,1 (4)" in text
    assert "games a Cursed Pirate won:  50.0%" in text
    data = figures.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["start_spaces"]["7,1"]["wins"] == 2 and data["rounds"]["count"]["9"] == 2


def test_rotation_seats_every_player_everywhere():
    line = Lineup(("planner", "greedy", "greedy", "random"), rotate=True)
    assert line.seated(0) == ("planner", "greedy", "greedy", "random")
    assert line.seated(1) == ("greedy", "greedy", "random", "planner")
    assert line.seated(5) == line.seated(1)
    assert Lineup(("greedy", "random")).seated(1) == ("greedy", "random")
    assert "rotated" in line.describe() and "2 greedy" in line.describe()


def _games(n, winners_of, seats=("greedy",) * 4, end_of=lambda i: "lunar", rounds=8,
           starts=(A, B, C, D)):
    return [summary_of(record(winners_of(i), rounds, end_of(i), starts=starts), seats)
            for i in range(n)]


def _by_name(checks):
    return {c.name: c.ok for c in checks}


def test_a_fair_table_passes_and_each_fault_fails():
    fair = summarize(_games(200, lambda i: [i % 4], end_of=lambda i: "shore" if i % 3 else
                            "lunar"), BOARD, Lineup(("greedy",) * 4))
    assert all(_by_name(table_checks(fair)).values()), table_checks(fair)
    seat_one = summarize(_games(200, lambda i: [0] if i % 2 else [i % 4],
                                end_of=lambda i: "shore" if i % 2 else "lunar"),
                         BOARD, Lineup(("greedy",) * 4))
    checks = _by_name(table_checks(seat_one))
    assert not checks["seats"] and not checks["start spaces"] and checks["both ends"]
    only_shore = summarize(_games(200, lambda i: [i % 4], end_of=lambda i: "shore"),
                           BOARD, Lineup(("greedy",) * 4))
    assert not _by_name(table_checks(only_shore))["both ends"]
    short = summarize(_games(200, lambda i: [i % 4], rounds=2, end_of=lambda i: "shore"
                             if i % 2 else "lunar"), BOARD, Lineup(("greedy",) * 4))
    assert not _by_name(table_checks(short))["rounds"]
    dashes = [summary_of(record([i % 4], 2 if i % 10 == 0 else 6, "shore" if i % 2 else
                                "lunar"), ("greedy",) * 4) for i in range(200)]
    checks = table_checks(summarize(dashes, BOARD, Lineup(("greedy",) * 4)))
    assert not _by_name(checks)["rounds"] and "10.0% over within 2" in checks[0].measured


def test_a_seat_ahead_by_chance_in_few_games_is_not_condemned():
    """The seat check fails on evidence: 3 wins of 8 for one seat is within noise."""
    few = summarize(_games(8, lambda i: [0] if i < 3 else [1 + i % 3]), BOARD,
                    Lineup(("greedy",) * 4))
    assert _by_name(table_checks(few))["seats"]


def test_skill_and_cursed_checks():
    seats = ("planner", "greedy", "greedy", "random")

    def scored(n, winners_of, power_of):
        return [summary_of(record(winners_of(i), 8, "lunar",
                                  scores=[power_of(name, i) for name in seats]), seats)
                for i in range(n)]

    ordered = summarize(scored(120, lambda i: [0] if i % 2 else [1 + (i % 4 == 1)],
                               lambda name, i: {"planner": 22, "greedy": 18,
                                                "random": 9}[name] + i % 5), BOARD,
                        Lineup(seats))
    assert ordered.player_power["greedy"].mean == pytest.approx(20.0)
    assert all(_by_name(skill_checks(ordered)).values())
    upside_down = summarize(scored(120, lambda i: [3] if i % 2 else [1],
                                   lambda name, i: {"planner": 9, "greedy": 12,
                                                    "random": 20}[name] + i % 5), BOARD,
                            Lineup(seats))
    checks = _by_name(skill_checks(upside_down))
    assert not checks["planner beats greedy"] and not checks["greedy beats random"]
    close = summarize(scored(120, lambda i: [0] if i % 2 else [1 + (i % 4 == 1)],
                             lambda name, i: {"planner": 22, "greedy": 15,
                                              "random": 15}[name] + i % 5), BOARD,
                      Lineup(seats))
    assert not _by_name(skill_checks(close))["greedy beats random"]
    seats = ("greedy", "greedy", CURSED, CURSED)
    fair = summarize(_games(120, lambda i: [i % 4], seats=seats), BOARD, Lineup(seats))
    assert all(_by_name(cursed_checks(fair)).values())
    doormats = summarize(_games(120, lambda i: [i % 2], seats=seats), BOARD, Lineup(seats))
    assert "doormats" in cursed_checks(doormats)[0].measured
    assert not cursed_checks(doormats)[0].ok
    unbeatable = summarize(_games(120, lambda i: [2, 3], seats=seats), BOARD, Lineup(seats))
    assert "unbeatable" in cursed_checks(unbeatable)[0].measured


def test_a_log_is_written_from_the_moves_as_they_are_made(tmp_path):
    writer = LogWriter(bundled_text(), ["greedy", CURSED], 1234)
    for move in ("place 7,1", "~soul R", "card Jax"):
        writer(move)
    writer(0, "end W")   # the contract's (seat, move) form works too
    path = tmp_path / "g.json"
    writer.finish(Outcome("lunar", (0,), (20.0, 11.0)), path)
    log = read_log(path, LOG_FORMAT)
    assert log.moves == ["place 7,1", "~soul R", "card Jax", "end W"]
    assert log.seats == ["greedy", CURSED] and log.seed == 1234 and log.game == "voodoo"
    assert log.setup["board"] == bundled_text()
    assert log.result == {"termination": "lunar", "winners": [0], "scores": [20.0, 11.0],
                          "tiebreak": ""}


def test_summaries_are_small_and_hashable():
    s = GameSummary(("greedy",), (0,), (1.0,), 3, "shore", (A,), ((1, 0, 2, 0),))
    assert hash(s) == hash(GameSummary(("greedy",), (0,), (1.0,), 3, "shore", (A,),
                                       ((1, 0, 2, 0),)))
