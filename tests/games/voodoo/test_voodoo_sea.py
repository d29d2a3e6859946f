"""Sailing the Sea of Souls: the rulebook's own examples, each movement rule, and properties
that hold for every move."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.games.voodoo.board import DIRECTIONS, default_board
from sheetgen.games.voodoo.sea import (
    BECALMED,
    FAIR,
    MERMAIDS,
    STORM,
    Sea,
    apply,
    broadside_targets,
    dawn_tide,
    reachable,
    ritual_moves,
    sail,
    tide_drift,
    tix,
    turn_wind,
)

B = default_board()


def sea(wind=FAIR, tide="IN", **ships) -> Sea:
    return Sea(ships, wind=wind, tide=tide)


def test_the_ritual_example_of_the_rulebook():
    # seed l.330-344: three #oodoo turn the vane from Becalmed to Fair Wind; Yellow (the
    # Caller) sails two west over both rounds, Red one west, Blue hops south over Green's
    # ship for two spaces, Green matches for two west and then one more.
    s, caught = turn_wind(B, sea(BECALMED, yellow=(6, 3), red=(2, 0), blue=(4, 0),
                                 green=(4, 1)), 3)
    assert s.wind == FAIR and caught == []
    start = dict(s.ships)
    for ship, d, n in (("yellow", "W", 1), ("red", "W", 1), ("blue", "S", 1),
                       ("green", "W", 2), ("yellow", "W", 1), ("green", "W", 1)):
        s = apply(s, sail(B, s, ship, d, n))
    gained = {ship: B.value(s.ships[ship]) - B.value(start[ship]) for ship in start}
    assert gained == {"yellow": 2, "red": 1, "blue": 2, "green": 3}


def test_blue_hops_over_the_ship_it_would_stop_on():
    move = sail(B, sea(blue=(4, 0), green=(4, 1)), "blue", "S", 1)
    assert move.end == (4, 2) and "hop" in move.events and move.passed == ("green",)


def test_the_tix_example_mermaids_take_an_extra_space_and_a_coin():
    # seed l.372-382: the victim is pushed into a haunted space under Mermaid's Breath and
    # loses an extra space and a coin.
    s = sea(MERMAIDS, red=(2, 1), yellow=(5, 2))
    first, second = tix(B, s, "yellow", "red", "E")
    assert B.haunted((3, 1)) and first.mermaid_toll
    assert first.end == (4, 1) and B.value(first.end) == B.value((2, 1)) - 2
    assert second.ship == "yellow" and second.end == (4, 2)


def test_tix_needs_both_ships_to_move():
    # A victim in the harbour's north-east corner cannot go north or east.
    s = sea(FAIR, red=(9, 0), yellow=(5, 2))
    assert tix(B, s, "yellow", "red", "E") is None


def test_spanish_gold_diagonal():
    assert [B.value(s) for s in B.diagonal(8)] == [8, 8, 8, 8]


def test_storm_blows_north_before_going_on():
    # (3, 1) is haunted: entering it under Storm pushes the ship to (3, 0) first, then the
    # move goes on west.
    move = sail(B, sea(STORM, red=(4, 1)), "red", "W", 2)
    assert "storm" in move.events
    assert move.path[:2] == ((3, 1), (3, 0)) and move.end == (2, 0)


def test_storm_blowing_a_ship_back_onto_the_ship_it_hopped_carries_on_north():
    # (5, 0) S onto Blue at (5, 1), hop to (5, 2) which is haunted: the storm blows it back
    # north onto Blue; it carries on north to (5, 0) instead of hopping for ever.
    move = sail(B, sea(STORM, red=(5, 0), blue=(5, 1)), "red", "S", 1)
    assert move.end == (5, 0) and move.events.count("storm") == 1


def test_storm_at_the_north_edge_slides_east():
    move = sail(B, sea(STORM, red=(2, 0)), "red", "W", 1)   # (1, 0) haunted, row 0
    assert move.end == (2, 0) and "edge" in move.events


def test_over_the_south_edge_the_ship_moves_east():
    move = sail(B, sea(FAIR, red=(3, 3), blue=(4, 3)), "red", "S", 1)
    assert "edge" in move.events and move.end == (5, 3)  # (4, 3) taken: on to (5, 3)


def test_becalmed_stops_in_haunted_water_and_holds_the_ship():
    move = sail(B, sea(BECALMED, red=(4, 1)), "red", "W", 2)
    assert move.end == (3, 1) and "becalmed" in move.events
    s = apply(sea(BECALMED, red=(4, 1)), move)
    assert sail(B, s, "red", "W", 1).end == (3, 1)


def test_becalmed_on_an_occupied_haunted_space_goes_on():
    move = sail(B, sea(BECALMED, red=(4, 1), blue=(3, 1)), "red", "W", 2)
    assert move.end == (2, 1)


def test_mermaids_only_when_the_move_ends_in_haunted_water():
    assert not sail(B, sea(MERMAIDS, red=(4, 1)), "red", "W", 2).mermaid_toll  # ends (2, 1)
    m = sail(B, sea(MERMAIDS, red=(4, 1)), "red", "W", 1)
    assert m.mermaid_toll and m.end == (2, 1)


def test_kraken_space_cannot_end_a_move():
    s = Sea({"red": (5, 2)}, wind=FAIR, kraken=(4, 2))
    assert sail(B, s, "red", "W", 1).end == (3, 2)


def test_tide_out_carries_a_tidal_ship_to_the_shore():
    s = sea(FAIR, "OUT", red=(1, 1))
    move = sail(B, s, "red", "W", 1)
    assert move.events[-2:] == ("tide", "shore") and B.is_shore(move.end)
    assert B.value(move.end) == B.value((0, 1))


def test_dawn_turning_the_tide_out_moves_tidal_ships():
    s, moves = dawn_tide(B, sea(FAIR, "IN", red=(0, 2), blue=(3, 2)))
    assert s.tide == "OUT" and [m.ship for m in moves] == ["red"]
    assert B.is_shore(s.ships["red"]) and s.ships["blue"] == (3, 2)
    back, moves = dawn_tide(B, s)
    assert back.tide == "IN" and moves == []
    assert tide_drift(B, sea(FAIR, "IN", red=(0, 2)), "red").end == (0, 2)


def test_a_ship_on_the_shore_takes_no_further_part():
    s = sea(FAIR, red=(-1, 2))
    assert sail(B, s, "red", "E", 1).end == (-1, 2)


def test_wind_change_to_mermaids_moves_caught_ships_the_way_they_face():
    s = Sea({"red": (3, 1), "blue": (1, 0)}, wind="Becalmed", facing={"red": "S"})
    turned, moves = turn_wind(B, s, 1)
    assert turned.wind == MERMAIDS
    assert turned.ships["red"] == (3, 2) and turned.ships["blue"] == (0, 0)
    assert all(m.mermaid_toll for m in moves)


def test_reachable_with_each_card():
    s = sea(FAIR, red=(6, 0))
    assert reachable(B, s, "red", "Jax") == {(6, 0): ()}
    assert set(reachable(B, s, "red", "Tix")) == {(6, 1), (5, 0)}
    stars = set(reachable(B, s, "red", "Stars"))
    # the Stars square shows N, E and S (no westward dash: docs/voodoo.md)
    assert stars == {(6, 1), (6, 2), (7, 0), (8, 0)}
    hoodoo = reachable(B, s, "red", "#oodoo", match=False)
    assert set(hoodoo) == {(6, 1), (5, 0), (6, 2), (5, 1), (4, 0)}
    assert max(B.value(p) for p in reachable(B, s, "red", "#oodoo")) == B.value((6, 0)) + 4
    compass = reachable(B, s, "red", "#oodoo", compass=True, match=False)
    assert (4, 2) in compass  # two rounds south-west


def test_one_ritual_round_for_those_who_did_not_play_hoodoo():
    s = sea(FAIR, red=(6, 2))
    assert set(ritual_moves(B, s, "red", 1, match=False)) == {(6, 3), (5, 2)}


def test_broadsides_fire_off_the_sides_only_and_not_from_harbour():
    s = Sea({"red": (3, 1), "blue": (3, 3), "green": (1, 1)}, wind=FAIR)
    assert broadside_targets(B, s, "red") == ["blue"]           # facing W: N and S sides
    assert broadside_targets(B, s, "red", cursed=True) == ["blue", "green"]
    harbour = Sea({"red": (7, 1), "blue": (7, 0)}, wind=FAIR)
    assert broadside_targets(B, harbour, "red") == []
    kraken = Sea({"red": (3, 1), "blue": (3, 3)}, wind=FAIR, kraken=(2, 3))
    assert broadside_targets(B, kraken, "red") == []


spaces = st.sampled_from(list(B.spaces()))


@settings(max_examples=10, deadline=None)
@given(others=st.lists(spaces, max_size=4, unique=True), kraken=st.one_of(st.none(), spaces))
def test_every_move_ends_on_a_free_space_or_the_shore(others, kraken):
    """Each drawn set of other ships and kraken, with my ship on every space under every
    wind and tide, sailed one and two spaces each way: 4,352 moves a draw, 43,520 in all
    (the test drew 1,500 single moves, 99% of its 6 s of CPU hypothesis's own drawing)."""
    for me, wind, tide, direction, n in product(B.spaces(), B.wind, ["IN", "OUT"],
                                                DIRECTIONS, (1, 2)):
        others_now = [o for o in others if o != me]
        ships = {"me": me, **{f"s{i}": o for i, o in enumerate(others_now)}}
        kraken_now = None if kraken in ships.values() else kraken
        s = Sea(ships, wind=wind, tide=tide, kraken=kraken_now)
        move = sail(B, s, "me", direction, n)
        where = (me, others_now, wind, tide, direction, n, kraken_now, move)
        assert B.is_space(move.end) or B.is_shore(move.end), where
        if move.end != me and not B.is_shore(move.end):
            assert move.end not in others_now and move.end != kraken_now, where
        assert all(B.is_space(p) or B.is_shore(p) for p in move.path), where


def test_who_may_be_boarded():
    # Passing through a ship at sea: it may be boarded.
    assert sail(B, sea(FAIR, red=(4, 0), blue=(3, 0)), "red", "W", 2).passed == ("blue",)
    # Not a becalmed ship (seed l.220): blue sits on haunted (1, 0) under Becalmed.
    move = sail(B, sea(BECALMED, red=(2, 0), blue=(1, 0)), "red", "W", 1)
    assert move.end == (0, 0) and move.path[0] == (1, 0) and move.passed == ()
    # Not in the harbour (l.514).
    assert sail(B, sea(FAIR, red=(9, 1), blue=(8, 1)), "red", "W", 2).passed == ()
    # Not by a ship Tix possesses (l.498).
    first, _ = tix(B, sea(FAIR, red=(2, 1), blue=(3, 1), yellow=(5, 3)), "yellow", "red", "E")
    assert first.end == (4, 1) and first.passed == ()


# --- regressions: the three movement faults of issue 24 -------------------------------------
def test_no_tix_or_barrel_magic_by_or_on_a_ship_in_the_harbour():
    # seed l.514-518: Tix and barrel magic are not allowed in the harbour, neither by the
    # conjurer nor on a victim there.
    assert reachable(B, sea(FAIR, red=(7, 1)), "red", "Tix") == {}
    assert reachable(B, sea(FAIR, red=(7, 0)), "red", "Stars") == {}
    assert reachable(B, sea(FAIR, red=(9, 0)), "red", "Stars") == {}
    assert tix(B, sea(FAIR, red=(7, 1), blue=(5, 2)), "red", "blue", "N") is None
    assert tix(B, sea(FAIR, red=(5, 2), blue=(8, 1)), "red", "blue", "N") is None
    # Just outside the harbour both work.
    assert reachable(B, sea(FAIR, red=(6, 1)), "red", "Stars")
    assert tix(B, sea(FAIR, red=(5, 2), blue=(6, 1)), "red", "blue", "N") is not None


def test_a_diagonal_landing_scores_the_tidal_square_it_came_from():
    # seed l.393, l.530: a ship landing on the shore scores the square it came from, also
    # when it lands diagonally (Ghost Whisper, compass).
    for direction in ("NW", "W", "SW"):
        move = sail(B, sea(FAIR, red=(0, 1)), "red", direction, 1)
        assert B.is_shore(move.end), direction
        assert B.value(move.end) == B.value((0, 1)) == 11, direction
    assert {B.value(e) for e in reachable(B, sea(FAIR, red=(0, 1)), "red", "Ghost Whisper")
            if B.is_shore(e)} == {11}


def test_route_labels_say_what_happened():
    from sheetgen.games.voodoo.sea import plan_label
    # A becalmed ship on haunted (3, 1) cannot move: its plan is "stay", not "1 S".
    plans = reachable(B, sea(BECALMED, red=(3, 1)), "red", "#oodoo")
    assert plans == {(3, 1): ()} and plan_label(plans[(3, 1)]) == "stay"
    # Over the south edge the ship slides east, and the label says so.
    ritual = ritual_moves(B, sea(FAIR, red=(3, 3)), "red", 1, match=False)
    assert plan_label(ritual[(4, 3)]) == "1 S, slid east"
    assert plan_label(ritual[(2, 3)]) == "1 W"
