"""The Voodoo Pirate rules engine (issue 24): rule by rule, the source's worked examples,
the Cursed Pirates' playing aid row by row, and properties of whole games.

Positions are built by setting up a game and then editing its core (the engine's state is
plain values), handing the decision to a seat with an empty task queue so that the engine
stops after the move under test has been resolved.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.engine.contract import CHANCE, IllegalMove
from sheetgen.games.voodoo.board import default_board
from sheetgen.games.voodoo.core import (
    HOLD_LIMIT,
    OBJECT_LIMIT,
    POPPET_LIMIT,
    POPPET_TOKENS,
    SOUL_LIMIT,
    SOULS_PER_COLOUR,
)
from sheetgen.games.voodoo.game import OBJECT_COUNTS, new_game
from sheetgen.games.voodoo.moves import COLOURS, Move
from sheetgen.games.voodoo.players import PLAYERS
from sheetgen.games.voodoo.playthrough import play_game

B = default_board()
R, BL, G, Y, P = range(5)
TOTAL_COINS = 5 + 5 + 8
TOTAL_CARDS = sum(OBJECT_COUNTS.values())


def game(seats=("player", "player", "player", "player"), seed=1, colours=None):
    return new_game(B, list(seats), np.random.default_rng(seed),
                    colours=colours if colours is not None else list(range(len(seats))))


def at_turn(state, seat, card=None, **fields):
    """Hand `seat` its Moonlight turn menu in an edited position (nothing queued after)."""
    c = state.core
    c.sea_coins = ()
    for name, value in fields.items():
        setattr(c, name, value)
    if card is not None:
        cards = list(c.card)
        cards[seat] = card
        c.card = tuple(cards)
    c.dec = (seat, "turn", ())
    c.tasks = ()
    c.legal = None
    c.acted = c.barreled = 0
    return state


def per_seat(state, **values):
    """Per-seat tuples with some seats changed: per_seat(s, pos={0: (3, 1)})."""
    out = {}
    for name, changes in values.items():
        t = list(getattr(state.core, name))
        for seat, v in changes.items():
            t[seat] = v
        out[name] = tuple(t)
    return out


def resolve(state, chances=()):
    """Push the given chance outcomes while chance is to move."""
    for m in chances:
        assert state.to_move() == CHANCE, state.core.dec
        state.push(m)


def conserved(state):
    c = state.core
    buried = [b for b in c.buried if b is not None]
    coins = (sum(c.coins) + c.mermaids + c.spanish + len(c.sea_coins)
             + sum(b[0] for b in buried))
    souls = (sum(len(s) for s in c.souls) + sum(c.bag) + sum(1 for v in c.grid if v >= 0)
             + sum(len(b[1]) for b in buried))
    poppets = sum(c.poppets) + c.supply + sum(b[2] for b in buried)
    cards = (sum(len(o) for o in c.objects) + len(c.deck) + len(c.deck_bottom)
             + len(c.discard) + len(c.peek) + sum(len(b[3]) for b in buried)
             + bin(c.watch).count("1"))
    return coins, souls, poppets, cards


# --- setup (V1-V3, V43) -----------------------------------------------------------------------
def test_setup_gives_what_lines_81_to_118_list():
    s = game(seats=("player", "player", "cursed", "player"))
    c = s.core
    assert B.wind[c.wind] == "Storm" and c.tide == "IN" and c.colonial == 1       # V1
    assert c.mermaids == c.spanish == 5 and len(c.sea_coins) == 8
    assert len(c.tiles) == 2 and all(B.kind(t) in ("calm", "haunted") for t in c.tiles)
    assert [len(x) for x in c.souls] == [1, 1, 1, 1]
    assert c.poppets == (1, 1, 2, 1)                                               # V43
    assert [len(o) for o in c.objects] == [1, 1, 2, 1]
    assert all(o[0].endswith("Skull") for o in c.objects)                          # skull first
    assert conserved(s) == (TOTAL_COINS, 5 * SOULS_PER_COLOUR, POPPET_TOKENS, TOTAL_CARDS)
    # the Cursed Pirate placed itself when its turn came; a player places now (V2)
    assert s.core.dec[1] == "place" and not c.cursed[s.to_move()]


def test_cursed_pirates_fill_the_harbour_in_the_printed_order_and_block_stars_and_moon():
    s = game(seats=("cursed", "cursed", "cursed"))
    c = s.core
    assert set(c.pos) == set(B.harbour_order[:3])
    first = c.pos[c.sun]
    assert first == B.harbour_order[0]
    blocked = {b for b, who in zip(s.geo.barrels, c.barrels, strict=True) if who == -2}
    assert blocked == {"Stars", "Moon"}                                             # V45


def test_back_row_raises_the_power_die():
    s = game(seats=("player", "player"))
    seat = s.to_move()
    back = next(sp for sp in B.harbour_order if B.value(sp) <= 2)
    s.push(Move(f"place {back[0]},{back[1]}"))
    assert s.core.power[seat] == 3                                                  # V2


def test_the_first_soul_drawn_chooses_the_starter():
    for seed in range(20):
        s = game(seats=("player", "player", "player"), seed=seed)
        c = s.core
        firsts = [x[0] for x in c.souls]
        expect = next((col for col in firsts if col in c.colour), None)
        if expect is not None:
            assert c.colour[c.sun] == expect


# --- Dusk (V5-V9) ------------------------------------------------------------------------------
def start(seats=("player", "player", "player", "player"), seed=3):
    """A game with every ship placed, at the first Dusk decision."""
    s = game(seats, seed)
    while s.core.dec[1] == "place":
        s.push(s.legal_moves()[0])
    return s


def test_the_sun_holder_moves_a_parrot_then_players_draw():
    s = start()
    assert s.core.dec[1] == "parrot" and s.to_move() == s.core.sun
    s.push(Move("parrot 2"))
    assert s.core.parrots == (0, 1)                                                 # V5
    assert s.core.dec[1] == "draw" and s.to_move() == s.core.sun                    # V6


def test_the_same_action_card_cannot_be_played_two_rounds_running():
    s = start()
    c = s.core
    c.last_card = tuple("Tix" for _ in c.card)
    c.dec, c.tasks, c.legal = (0, "choose", ()), (), None
    assert Move("card Tix") not in s.legal_moves()
    with pytest.raises(IllegalMove) as err:
        s.push("card Tix")
    assert err.value.rule == "V7"
    s.push("card Tok")
    assert s.core.card[0] == "Tok"


def test_two_takes_send_both_to_jail_and_their_turn_is_lost():
    s = start()
    c = s.core
    c.card = ("Take", "Take", "Jax", "Tok")
    c.dec, c.tasks = None, (("jail",),)
    s._run(c)
    assert c.jailed == 0b11                                                         # V9
    assert not s.active(c, 0) and s.active(c, 2)


def test_jail_break_frees_but_forbids_take():
    s = start()
    c = s.core
    c.card = ("Take", "Take", "Jax", "Tok")
    c.objects = (c.objects[0] + ("Jail Break",),) + c.objects[1:]
    c.dec, c.tasks = None, (("jail",),)
    s._run(c)
    assert s.to_move() == 0 and c.dec[1] == "jailbreak"
    s.push("jailbreak yes")
    c = s.core
    assert s.active(c, 0) and (c.no_take & 1)                                     # V68
    at_turn(s, 0)
    assert not any(m.startswith("take") for m in s.legal_moves())


# --- Action cards -------------------------------------------------------------------------------
def test_jax_follows_the_tide_then_draws_that_many_souls():
    s = start()
    at_turn(s, 0, "Jax", **per_seat(s, pos={0: (4, 1)}, souls={0: ()}), colonial=2, tide="IN")
    s.push("jax")
    assert s.core.colonial == 3                                                     # V20
    resolve(s, ["~soul R", "~soul B", "~soul R"])
    assert sorted(s.core.souls[0]) == [R, R, BL]
    at_turn(s, 0, "Jax", tide="OUT")
    s.push("jax")
    assert s.core.colonial == 2


def test_jax_takes_from_the_grid_when_the_bag_is_empty():
    s = start()
    grid = (G, Y) + (-1,) * 14
    at_turn(s, 0, "Jax", **per_seat(s, souls={0: ()}), colonial=1, tide="IN",
            bag=(0, 0, 0, 0, 0), grid=grid)
    s.push("jax")
    assert sorted(s.core.souls[0]) == [G, Y] and s.core.grid[:2] == (-1, -1)


def test_tok_the_yellow_pirate_example():
    # seed l.300: Yellow owns a blue and a red soul; "blue" gains 3, "red" 2.
    s = start()
    fields = per_seat(s, pos={0: (4, 1), 1: (3, 2), 2: (2, 3), 3: (5, 3)},
                      souls={0: (BL, R), 1: (BL, BL), 2: (R, G), 3: (R, G)})
    at_turn(s, 0, "Tok", colour=(Y, R, G, BL), **fields, grid=(BL,) + (-1,) * 15, grigri=-1)
    assert set(s.legal_moves()) >= {Move("tok B"), Move("tok R")}
    assert Move("tok Y") not in s.legal_moves()
    s.push("tok B")
    assert s.core.souls[0].count(BL) == 4 and s.core.souls[1] == ()                  # +3 blue
    s.pop()
    s.push("tok R")
    assert s.core.souls[0].count(R) == 3 and s.core.souls[2] == (G,)                # +2 red


def test_tok_spares_the_grigri_holder_buried_souls_and_the_harbour():
    s = start()
    fields = per_seat(s, pos={0: (4, 1), 1: (3, 2), 2: (8, 1), 3: (5, 3)},
                      souls={0: (BL,), 1: (BL,), 2: (BL,), 3: (BL,)})
    at_turn(s, 0, "Tok", colour=(Y, R, G, BL), **fields, grigri=1, grid=(-1,) * 16)
    s.push("tok B")
    c = s.core
    assert c.souls[1] == (BL,) and c.souls[2] == (BL,) and c.souls[3] == ()          # V21, V27
    at_turn(s, 0, "Tok", **per_seat(s, pos={0: (8, 0)}))
    assert not any(m.startswith("tok") for m in s.legal_moves())                     # V27


def test_take_two_items_of_any_kind():
    s = start()
    at_turn(s, 0, "Take", **per_seat(s, pos={0: (4, 1)}, coins={0: 0}))
    moves = s.legal_moves()
    assert Move("take mermaids spanish") in moves and Move("take mermaids mermaids") in moves
    s.push("take mermaids spanish")
    c = s.core
    assert c.coins[0] == 2 and c.mermaids == 4 and c.spanish == 4                    # V22


def test_tix_the_worked_example_of_lines_372_to_382():
    # Yellow possesses Red under Mermaid's Breath: Red is pushed east into haunted (3, 1),
    # carried on and loses a coin; Yellow gives a soul, pays a poppet and moves west.
    s = start()
    fields = per_seat(s, pos={0: (5, 2), 1: (2, 1), 2: (6, 3), 3: (0, 3)},
                      souls={0: (G, R), 1: ()}, coins={1: 2}, poppets={0: 2})
    at_turn(s, 0, "Tix", colour=(Y, R, G, BL), **fields, grigri=-1,
            wind=B.wind.index("Mermaid's Breath"), tiles=())
    supply = s.core.supply
    s.push("tix 1 E G")
    c = s.core
    assert c.pos[1] == (4, 1) and c.coins[1] == 1 and c.mermaids == 6               # V25, V42
    assert c.souls[1] == (G,) and c.souls[0] == (R,) and c.poppets[0] == 1
    assert c.supply == supply + 1 and c.pos[0] == (4, 2)


def test_tix_needs_a_victim_without_grigri_both_ships_moving_and_no_harbour():
    s = start()
    fields = per_seat(s, pos={0: (5, 2), 1: (2, 1), 2: (8, 1), 3: (0, 3)},
                      souls={0: (G,)}, poppets={0: 1})
    at_turn(s, 0, "Tix", **fields, grigri=1, tiles=(), wind=0)
    victims = {m.args[0] for m in s.legal_moves() if m.verb == "tix"}
    assert victims == {"3"}              # 1 holds the GriGri, 2 is in the harbour (V25, V27)


def test_poppet_takes_the_grigri_and_a_poppet():
    s = start()
    at_turn(s, 2, "Poppet", **per_seat(s, poppets={2: 1}), grigri=0)
    s.push("poppet")
    assert s.core.grigri == 2 and s.core.poppets[2] == 2                             # V26


def test_the_ritual_example_of_lines_330_to_344():
    # Yellow (the Caller) and Green played #oodoo, Red and Blue did not; the vane turns
    # three quarters from Becalmed to Fair Wind (three #oodoo were played).
    s = start(seats=("player",) * 4)
    c = s.core
    c.colour = (Y, R, BL, G)
    c.pos = ((6, 3), (2, 0), (4, 0), (4, 1))
    c.souls = ((Y, Y), (R,), (BL,), (R, G))
    c.card = ("#oodoo", "Tix", "#oodoo", "#oodoo")   # Blue's third card was a Tix in the book
    c.card = ("#oodoo", "Jax", "Jax", "#oodoo")
    c.hoodoo, c.caller = 3, 0
    c.wind = B.wind.index("Becalmed")
    c.tiles, c.sea_coins, c.grid = (), (), (-1,) * 16
    c.dec, c.tasks, c.legal = None, (("ritual",),), None
    s._run(c)
    assert B.wind[s.core.wind] == "Fair Wind"                                        # V19
    start_pos = dict(enumerate(s.core.pos))
    # round 1: Yellow, Red, Blue, Green (Green matches Yellow's... red soul beside red)
    s.push("rite 1 Y W")
    s.push("rite 6 R W")
    s.push("rite 12 B S")
    assert s.core.pos[2] == (4, 2)                   # Blue hopped Green's ship: two south
    while s.core.dec[1] == "board":
        s.push("board none")
    s.push("rite 5 R W")                             # beside Red's red soul on 6: a match
    assert s.core.pos[3] == (2, 1)
    s.push("rite 9 Y W")                             # round 2: Yellow and Green only
    s.push("rite 7 G W")
    gained = {seat: B.value(s.core.pos[seat]) - B.value(p) for seat, p in start_pos.items()}
    assert gained == {0: 2, 1: 1, 2: 2, 3: 3}                                         # V23


def test_broadside_the_three_against_one_example():
    # l.461: 3 poppets against 1 = 2 hits; die +2 (to 6 at most); target loses one coin.
    s = start()
    fields = per_seat(s, pos={0: (3, 1), 1: (3, 3), 2: (6, 0), 3: (0, 0)},
                      poppets={0: 3, 1: 1, 2: 1, 3: 1}, power={0: 5, 1: 4}, coins={1: 2},
                      facing={0: "W"})
    at_turn(s, 0, None, **fields, kraken=None)
    spanish = s.core.spanish
    s.push("end W")
    c = s.core
    assert c.power[0] == 6 and c.power[1] == 4 and c.coins[1] == 1                   # V13
    assert c.spanish == spanish + 1


def test_broadside_at_six_lowers_the_victims_die_and_needs_fewer_poppets():
    s = start()
    fields = per_seat(s, pos={0: (3, 1), 1: (3, 3), 2: (6, 0), 3: (3, 0)},
                      poppets={0: 3, 1: 1, 2: 0, 3: 3}, power={0: 6, 1: 2, 3: 2})
    at_turn(s, 0, None, **fields, colour=(BL, Y, G, P), kraken=None)
    s.push("end W")
    c = s.core
    assert c.power[0] == 6 and c.power[1] == 1 and c.power[3] == 2   # 3 vs 3: no hit


def test_no_broadside_in_the_harbour_or_beside_the_kraken():
    s = start()
    fields = per_seat(s, pos={0: (3, 1), 1: (3, 3), 2: (7, 1), 3: (7, 0)},
                      poppets={0: 3, 1: 0, 2: 3, 3: 0}, power={0: 2, 2: 2})
    at_turn(s, 0, None, **fields, colour=(BL, Y, G, P), kraken=(2, 3))
    s.push("end W")
    assert s.core.power[0] == 2                                                       # V13
    at_turn(s, 2, None, kraken=None)
    s.push("end W")
    assert s.core.power[2] == 2                                                       # V27


def test_boarding_a_ship_passed_takes_one_item():
    s = start()
    fields = per_seat(s, pos={0: (4, 0), 1: (4, 1), 2: (6, 3), 3: (0, 3)}, coins={1: 3},
                      souls={0: (R,)})
    at_turn(s, 0, None, **fields, colour=(BL, G, R, P), tiles=(), wind=0,
            barrels=(-1,) * 8, seated=("",) * 4)
    c = s.core
    c.poppets = (1,) + c.poppets[1:]
    s.push("stars S 1")     # onto ship 1, so on to the next free space: ship 1 is passed
    assert s.core.dec[1] == "board" and s.to_move() == 0
    assert Move("board 1 coin") in s.legal_moves()
    s.push("board 1 coin")
    assert s.core.coins[0] == 1 and s.core.coins[1] == 2                              # V37


def test_night_watch_repels_boarders():
    s = start()
    fields = per_seat(s, pos={0: (4, 0), 1: (4, 1), 2: (6, 3), 3: (0, 3)}, coins={1: 3},
                      objects={1: ("Night Watch",)})
    at_turn(s, 0, None, **fields, colour=(BL, G, R, P), tiles=(), wind=0,
            barrels=(-1,) * 8, seated=("",) * 4)
    s.push("stars S 1")
    s.push("board 1 coin")
    c = s.core
    assert c.coins[1] == 3 and c.watch == 0b10 and "Night Watch" not in c.objects[1]  # V69


def test_a_map_gives_half_the_mermaids_treasure_and_the_compass():
    s = start()
    m = B.maps()[0]
    north = (m[0], m[1] - 1)
    fields = per_seat(s, pos={0: north, 1: (0, 0), 2: (0, 2), 3: (0, 3)}, coins={0: 0})
    at_turn(s, 0, None, **fields, colour=(BL, G, R, P), tiles=(), wind=0, mermaids=5,
            barrels=(-1,) * 8, seated=("",) * 4, sea_coins=())
    s.push("stars S 1")
    c = s.core
    assert c.coins[0] == 3 and c.mermaids == 2 and c.compass == 0                     # V38


def test_rackhams_map_on_the_eight_diagonal():
    s = start()
    eight = next(sp for sp in s.geo.eight if B.kind((sp[0], sp[1] - 1)) in ("calm",))
    fields = per_seat(s, pos={0: (eight[0], eight[1] - 1), 1: (0, 0), 2: (0, 2), 3: (0, 3)},
                      coins={0: 0}, objects={0: ("Rackham's Map",)})
    at_turn(s, 0, None, **fields, colour=(BL, G, R, P), tiles=(), wind=0, spanish=5,
            barrels=(-1,) * 8, seated=("",) * 4, sea_coins=())
    s.push("stars S 1")
    c = s.core
    assert c.coins[0] == 3 and c.spanish == 2 and c.deck_bottom[-1] == "Rackham's Map"  # V60


# --- Cursed Pirates' playing aid, row by row (l.711-720) -------------------------------------
def cp_turn(seats, seat, card, **fields):
    s = start(seats)
    c = s.core
    c.sea_coins = ()
    for name, value in fields.items():
        setattr(c, name, value)
    cards = list(c.card)
    cards[seat] = card
    c.card = tuple(cards)
    c.dec, c.tasks, c.legal = None, (("cp_turn", seat),), None
    c.jailed = 0
    s._run(c)
    return s


CP = ("cursed", "player", "player", "player")


def test_aid_no_poppets_tix_takes_a_poppet_and_does_not_conjure():
    s = start(CP)
    f = per_seat(s, pos={0: (4, 1), 1: (3, 1)}, poppets={0: 0}, souls={0: (R,)})
    s = cp_turn(CP, 0, "Tix", **f, grigri=-1)
    assert s.core.poppets[0] == 1 and s.core.pos[0] == (4, 1) and s.core.souls[0] == (R,)


def test_aid_no_poppets_take_adds_a_poppet_to_the_two_coins():
    s = start(CP)
    f = per_seat(s, pos={0: (4, 1)}, poppets={0: 0}, souls={0: (R,)}, coins={0: 0})
    s = cp_turn(CP, 0, "Take", **f, mermaids=3, spanish=3)
    c = s.core
    assert c.coins[0] == 2 and c.poppets[0] == 1 and c.mermaids == 2 and c.spanish == 2


def test_aid_no_souls_tok_draws_calls_and_keeps():
    s = start(CP)
    f = per_seat(s, pos={0: (4, 1), 1: (3, 1), 2: (3, 3), 3: (0, 0)},
                 souls={0: (), 1: (G, G), 2: (G,), 3: (R,)})
    s = cp_turn(CP, 0, "Tok", **f, grigri=-1, grid=(-1,) * 16, colour=(R, BL, Y, P))
    assert s.to_move() == CHANCE
    s.push("~soul G")
    assert s.core.souls[0] == (G, G, G, G)                   # the drawn one plus the three


def test_aid_no_souls_hoodoo_draws_one_for_the_first_round():
    s = start(CP)
    c = s.core
    c.pos = ((4, 1), (0, 0), (0, 2), (0, 3))
    c.souls = ((), (), (), ())
    c.card = ("#oodoo", "Jax", "Jax", "Jax")
    c.hoodoo, c.caller, c.grid, c.tiles = 1, 0, (-1,) * 16, ()
    c.wind = B.wind.index("Storm")   # one quarter on: Fair Wind
    c.dec, c.tasks, c.legal = None, (("ritual",),), None
    s._run(c)
    s.push("~soul B")
    assert s.core.grid.count(BL) == 1 and s.core.pos[0] != (4, 1)


def test_aid_no_souls_tix_draws_a_soul_for_the_victim():
    s = start(CP)
    f = per_seat(s, pos={0: (4, 2), 1: (2, 1), 2: (8, 1), 3: (0, 0)}, poppets={0: 1},
                 souls={0: (), 1: ()})
    s = cp_turn(CP, 0, "Tix", **f, grigri=3, tiles=(), wind=0, colour=(R, BL, Y, P))
    s.push("~soul Y")
    c = s.core
    assert c.souls[1] == (Y,) and c.poppets[0] == 0 and c.pos[0] != (4, 2)


def test_aid_no_souls_take_adds_a_soul():
    s = start(CP)
    f = per_seat(s, pos={0: (4, 1)}, poppets={0: 1}, souls={0: ()}, coins={0: 0})
    s = cp_turn(CP, 0, "Take", **f, mermaids=3, spanish=3)
    s.push("~soul P")
    assert s.core.coins[0] == 2 and s.core.souls[0] == (P,)


def test_aid_max_souls_skips_jax_and_max_poppets_skips_poppet():
    s = start(CP)
    c = s.core
    c.souls = ((R,) * 6,) + c.souls[1:]
    c.cp_deck = (("Jax", "Take"),) + c.cp_deck[1:]
    c.dec, c.tasks, c.legal = None, (("cp_card", 0),), None
    s._run(c)
    s.push("~card Jax")
    assert s.core.card[0] is None and s.to_move() == CHANCE    # turns the next card
    s.push("~card Take")
    assert s.core.card[0] == "Take"
    s = start(CP)
    c = s.core
    c.poppets = (3,) + c.poppets[1:]
    c.cp_deck = (("Poppet", "Take"),) + c.cp_deck[1:]
    c.dec, c.tasks, c.legal = None, (("cp_card", 0),), None
    s._run(c)
    s.push("~card Poppet")
    assert s.core.card[0] is None


def test_aid_tix_and_tok_are_skipped_in_the_harbour():
    s = start(CP)
    c = s.core
    assert c.pos[0] in s.geo.harbour
    c.cp_deck = (("Tix", "Tok", "Take"),) + c.cp_deck[1:]
    c.dec, c.tasks, c.legal = None, (("cp_card", 0),), None
    s._run(c)
    s.push("~card Tix")
    s.push("~card Tok")
    s.push("~card Take")
    assert s.core.card[0] == "Take" and s.core.cp_deck[0] == ()


def test_aid_no_colour_match_tok_takes_a_soul_and_calls_nothing():
    s = start(CP)
    f = per_seat(s, pos={0: (4, 1), 1: (3, 1), 2: (3, 3), 3: (0, 0)},
                 souls={0: (Y,), 1: (G,), 2: (G,), 3: (R,)})
    s = cp_turn(CP, 0, "Tok", **f, grigri=-1, grid=(-1,) * 16, colour=(R, BL, G, P))
    s.push("~soul B")
    assert sorted(s.core.souls[0]) == [BL, Y] and s.core.souls[1] == (G,)


def test_aid_normal_rows():
    # Jax: souls equal to the colonial ships
    s = start(CP)
    f = per_seat(s, pos={0: (4, 1)}, souls={0: ()})
    s = cp_turn(CP, 0, "Jax", **f, colonial=1, tide="IN")
    s.push("~soul R")
    s.push("~soul G")
    assert s.core.souls[0] == (R, G)                 # stored in order (l.646)
    # Poppet: the GriGri and a poppet
    s = cp_turn(CP, 0, "Poppet", **per_seat(s, poppets={0: 1}), grigri=2)
    assert s.core.grigri == 0 and s.core.poppets[0] == 2
    # Tok: the colour that delivers most
    s = start(CP)
    f = per_seat(s, pos={0: (4, 1), 1: (3, 1), 2: (3, 3), 3: (0, 0)},
                 souls={0: (R, G), 1: (G, G), 2: (R,), 3: (G,)})
    s = cp_turn(CP, 0, "Tok", **f, grigri=-1, grid=(-1,) * 16, colour=(Y, BL, R, G))
    assert s.core.souls[0].count(G) == 4
    # Tix: the victim without the GriGri on the highest-value space (west breaks ties)
    s = start(CP)
    f = per_seat(s, pos={0: (4, 3), 1: (2, 1), 2: (1, 0), 3: (5, 3)}, poppets={0: 2},
                 souls={0: (R,), 1: (), 2: ()})
    s = cp_turn(CP, 0, "Tix", **f, grigri=-1, tiles=(), wind=0, colour=(Y, BL, G, P))
    # (1, 0) and (2, 1) are both worth 9: the one further west, seat 2, is the victim
    assert s.core.souls[2] == (R,) and s.core.souls[1] == () and s.core.souls[0] == ()
    # Take: two coins
    s = cp_turn(CP, 0, "Take", **per_seat(s, coins={0: 0}, poppets={0: 1},
                                           souls={0: (R,)}), mermaids=2, spanish=0)
    assert s.core.coins[0] == 1 and s.to_move() == CHANCE   # no Spanish gold: a soul instead


def test_cursed_ritual_soul_prefers_the_lowest_numbered_match():
    from sheetgen.games.voodoo.automa import ritual_soul
    s = start(CP)
    grid = [-1] * 16
    grid[0], grid[5] = G, R
    # the highest-stored soul (Y) matches nothing; the lowest-numbered soul that matches
    # (R, stored first) goes beside the red soul, in the lowest-numbered such square
    idx, cell, match = ritual_soul(s.geo, tuple(grid), (R, G, Y))
    assert match and idx == 0 and cell == min(
        i for i in range(16) if grid[i] < 0 and R in [grid[j] for j in s.geo.grid_adjacent[i]])
    idx, cell, match = ritual_soul(s.geo, tuple(grid), (Y, G))
    assert match and idx == 1 and s.geo.grid_adjacent[cell] and G in [grid[j] for j in
                                                                      s.geo.grid_adjacent[cell]]
    idx, cell, match = ritual_soul(s.geo, tuple([-1] * 16), (Y, G))
    assert not match and idx == 1 and cell == 0              # the SE corner, highest soul


def test_cursed_boarding_preference():
    from sheetgen.games.voodoo.automa import board_item
    s = start(CP)
    c = s.core
    c.compass, c.coins = 1, (0, 2, 0, 0)
    assert board_item(c, 1) == "compass"
    c.compass = -1
    assert board_item(c, 1) == "coin"
    c.coins = (0, 0, 0, 0)
    c.souls = ((), (R,), (), ())
    assert board_item(c, 1) == "soul"


# --- scoring and the end (V15-V17, V41, V54) -------------------------------------------------
def test_end_bonuses():
    from sheetgen.games.voodoo.scoring import card_bonus
    assert card_bonus("Gold Skull", (), 0, 0, True, False) == 3
    assert card_bonus("Gold Skull", (), 0, 0, False, False) == 0
    assert card_bonus("Purple Skull", (P,), 0, 0, False, False) == 4
    assert card_bonus("Blue Skull", (BL, BL, R), 0, 0, False, False) == 3
    assert card_bonus("Red Skull", (BL, BL, R), 0, 0, False, False) == 2
    assert card_bonus("Green Skull", (), 0, 2, False, False) == 3
    assert card_bonus("Black Skull", (), 3, 0, False, False) == 5
    assert card_bonus("Crystal Skull", (R, R, BL), 0, 0, False, False) == 2
    assert card_bonus("Crystal Skull", (R, BL), 0, 0, False, False) == 0
    assert card_bonus("Crystal Skull", (R, BL, Y), 0, 0, False, True) == 3   # CP: best colours
    assert card_bonus("Blue Skull", (R, Y), 0, 0, False, True) == 3


def test_final_tally_and_morgans_eyes():
    s = start(CP)
    c = s.core
    c.pos = ((2, 1), (-1, 3), (6, 0), (3, 2))
    c.coins = (3, 0, 1, 0)
    c.power = (6, 2, 9, 3)
    c.objects = (("Morgan's Eyes",), ("Morgan's Eyes", "Morgan's Eyes", "Gold Skull"),
                 ("Morgan's Eyes",), ())
    c.souls = ((R,), (), (R, G), ())
    c.buried = (None,) * 4
    power = s.voodoo_power()
    # seat 0 is a Cursed Pirate: one emerald (-2) and no Skull, so +1 for its soul (l.638)
    assert power[0] == {"position": 9, "coins": 3, "broadsides": 6, "skulls": -2 + 1}
    assert power[1]["skulls"] == 7 + 3 and power[1]["position"] == 13   # pair + Gold Skull
    assert power[2]["broadsides"] == 6 and power[2]["skulls"] == -2


def test_the_game_ends_at_dawn_on_the_shore_or_the_last_lunar_space():
    s = start()
    c = s.core
    c.pos = ((-1, 2),) + c.pos[1:]
    c.dec, c.tasks, c.legal = None, (("dawn",),), None
    s._run(c)
    assert s.outcome().termination == "shore" and s.to_move() is None            # V15
    s = start()
    c = s.core
    c.parrots = (B.lunar_track - 1, 0)
    c.dec, c.tasks, c.legal = None, (("dawn",),), None
    s._run(c)
    assert s.outcome().termination == "lunar"
    s = start()
    c = s.core
    c.dec, c.tasks, c.legal = None, (("dawn",),), None
    s._run(c)
    assert s.outcome() is None and s.core.tide == "OUT"                           # V14


def test_storage_over_the_limit_is_discarded_at_dawn():
    s = start()
    c = s.core
    c.objects = (("Spyglass", "Octopus", "Shipwreck", "Transform"),) + c.objects[1:]
    c.dec, c.tasks, c.legal = None, (("dawn",),), None
    s._run(c)
    assert s.core.dec[1] == "discard"
    while s.core.dec[1] == "discard":
        s.push(s.legal_moves()[0])
    assert len(s.core.objects[0]) <= OBJECT_LIMIT                                  # V39


# --- whole games ----------------------------------------------------------------------------
SEATS = st.lists(st.sampled_from(["player", "cursed"]), min_size=1, max_size=5)


@settings(max_examples=25, deadline=None)
@given(seats=SEATS, seed=st.integers(0, 10_000))
def test_random_games_end_and_conserve_everything(seats, seed):
    rng = np.random.default_rng(seed)
    s = new_game(B, seats, rng)
    start_totals = conserved(s)
    assert start_totals == (TOTAL_COINS, 5 * SOULS_PER_COLOUR, POPPET_TOKENS, TOTAL_CARDS)
    player = PLAYERS["random"]()
    moves, round_now = 0, s.core.round
    while s.to_move() is not None:
        m = s.sample_chance(rng) if s.to_move() == CHANCE else player.choose(s, rng)
        s.push(m)
        moves += 1
        assert conserved(s) == start_totals, m
        c = s.core
        assert all(len(x) <= SOUL_LIMIT for x in c.souls)
        assert all(p <= POPPET_LIMIT for p in c.poppets)
        if c.round != round_now:   # Dawn has been and the new Dusk has not drawn yet
            round_now = c.round
            assert all(len(o) <= OBJECT_LIMIT and len(o) + p <= HOLD_LIMIT
                       for o, p in zip(c.objects, c.poppets, strict=True))
        assert moves < 5000
    assert s.outcome().termination in ("shore", "lunar")
    assert s.core.round <= 2 * (B.lunar_track - 1) - 1


@settings(max_examples=10, deadline=None)
@given(seats=SEATS, seed=st.integers(0, 10_000))
def test_pop_restores_every_position_exactly(seats, seed):
    rng = np.random.default_rng(seed)
    s = new_game(B, seats, rng)
    player = PLAYERS["random"]()
    snaps = [s.core.snapshot()]
    while s.to_move() is not None and len(snaps) < 400:
        m = s.sample_chance(rng) if s.to_move() == CHANCE else player.choose(s, rng)
        s.push(m)
        snaps.append(s.core.snapshot())
    while len(snaps) > 1:
        snaps.pop()
        s.pop()
        assert s.core.snapshot() == snaps[-1]


def test_moves_print_and_parse_and_a_game_replays_from_its_moves():
    r = play_game(B, ["player", "cursed", "player"], ["greedy", "random", "random"], seed=5)
    assert r.end in ("shore", "lunar") and r.rounds >= 1
    from sheetgen.games.voodoo.game import setup_for_replay
    s = setup_for_replay(B, ["player", "cursed", "player"], 5)
    for text in r.moves:
        s.push(Move.parse(text))
    assert s.outcome() == r.outcome
    assert set(r.power[0]) == {"position", "coins", "broadsides", "skulls"}
    assert sum(r.power[0].values()) == r.outcome.scores[0]


def test_an_illegal_move_names_its_rule_and_changes_nothing():
    s = start()
    before = s.core.snapshot()
    with pytest.raises(IllegalMove) as err:
        s.push("parrot 3")
    assert err.value.rule == "V5" and s.core.snapshot() == before


def test_every_seat_mix_plays_to_the_end():
    for seats in (["player"], ["cursed"], ["cursed"] * 5, ["player", "cursed"],
                  ["player"] * 5):
        r = play_game(B, seats, ["greedy"] * len(seats), seed=11)
        assert r.end in ("shore", "lunar")
        assert len(r.start_space) == len(seats) and all(p in B.harbour() for p in r.start_space)


def test_colours_are_the_pirates():
    assert COLOURS == ("R", "B", "G", "Y", "P")


def test_the_rule_table_is_in_the_docstring_and_the_docs():
    from pathlib import Path

    from sheetgen.games.voodoo import game as game_module
    from sheetgen.games.voodoo.ruleids import RULES, rules_table
    ids = [r[0] for r in RULES]
    assert len(ids) == len(set(ids))
    assert rules_table() in game_module.__doc__
    docs = Path(__file__).parents[3] / "docs" / "voodoo-engine.md"
    assert rules_table() in docs.read_text()
    # every rule id the engine raises is in the table
    from sheetgen.games.voodoo.game import RULE_OF_KIND, RULE_OF_VERB
    assert set(RULE_OF_KIND.values()) | set(RULE_OF_VERB.values()) <= set(ids)


# --- barrels (V29-V36) -------------------------------------------------------------------------
def dusk_barrels(s, seat, barrel, card_of=None):
    """Seat `seat` sits on `barrel` at Dusk; everybody's cards are set; run to the reveal."""
    c = s.core
    c.sea_coins = ()
    bs = list(c.barrels)
    bs[s.geo.barrels.index(barrel)] = seat
    c.barrels = tuple(bs)
    seated = list(c.seated)
    seated[seat] = barrel
    c.seated = tuple(seated)
    c.card = card_of or ("Jax", "Jax", "Jax", "Jax")
    c.dec, c.tasks, c.legal = None, (("reveal",),), None
    s._run(c)
    return s


def test_moon_barrel_goes_first_then_from_the_sun():
    s = start()
    c = s.core
    c.sun = 1
    c.pos = ((4, 1), (3, 2), (2, 3), (5, 3))
    dusk_barrels(s, 2, "Moon")
    order = [t[1] for t in s.core.tasks if t[0] == "turn"]
    assert s.to_move() == 2 and order == [1, 3, 0]                              # V29, V10


def test_sand_buries_until_dawn_and_keeps_it_from_thieves():
    s = start()
    c = s.core
    c.pos = ((4, 1), (3, 2), (2, 3), (5, 3))
    c.coins = (4, 0, 0, 0)
    dusk_barrels(s, 0, "Sand")
    assert s.to_move() == 0 and s.core.dec[1] == "sand"
    s.push("sand all")
    c = s.core
    assert c.coins[0] == 0 and c.buried[0][0] == 4 and c.souls[0] == ()           # V30
    c.dec, c.tasks, c.legal = None, (("dawn",),), None
    s._run(c)
    assert s.core.coins[0] == 4 and s.core.buried[0] is None


def test_bones_chooses_after_the_reveal():
    s = start()
    c = s.core
    c.pos = ((4, 1), (3, 2), (2, 3), (5, 3))
    c.last_card = ("Tix", None, None, None)
    dusk_barrels(s, 0, "Bones")
    assert s.to_move() == 0 and Move("bones Tix") not in s.legal_moves()            # V31
    s.push("bones Take")
    assert s.core.card[0] == "Take"


def test_kraken_goes_on_an_empty_space():
    s = start()
    c = s.core
    c.pos = ((4, 1), (3, 2), (2, 3), (5, 3))
    dusk_barrels(s, 0, "KRKN")
    assert Move("kraken 3,2") not in s.legal_moves()                                # V32
    s.push("kraken 2,2")
    assert s.core.kraken == (2, 2)


def test_moonlight_barrels_wind_sea_tide_for_a_poppet():
    s = start()
    f = per_seat(s, pos={0: (4, 1), 1: (3, 2), 2: (2, 3), 3: (0, 1)}, poppets={0: 2})
    at_turn(s, 0, None, **f, barrels=(-1,) * 8, seated=("",) * 4,
            wind=B.wind.index("Fair Wind"), tide="IN", tiles=((5, 2), (2, 0)))
    s.push("wind 2")
    c = s.core
    assert B.wind[c.wind] == "Mermaid's Breath" and c.poppets[0] == 1               # V34
    assert c.seated[0] == "Wind" and not any(m.verb in ("tide", "sea", "stars")
                                             for m in s.legal_moves())   # one barrel a round
    at_turn(s, 0, None, barrels=(-1,) * 8, seated=("",) * 4)
    s.push("tide")
    assert s.core.tide == "OUT" and B.is_shore(s.core.pos[3])                       # V36
    at_turn(s, 0, None, **per_seat(s, poppets={0: 1}), barrels=(-1,) * 8, seated=("",) * 4)
    assert Move("sea 0 3,2") not in s.legal_moves()                  # a ship is on 3,2
    s.push("sea 0 3,1")
    assert s.core.tiles == ((3, 1), (2, 0))                                          # V35


def test_no_barrel_magic_in_the_harbour():
    s = start()
    f = per_seat(s, pos={0: (8, 1)}, poppets={0: 2})
    at_turn(s, 0, None, **f, barrels=(-1,) * 8, seated=("",) * 4)
    assert not any(m.verb in ("tide", "sea", "stars", "wind") for m in s.legal_moves())
    c = s.core
    c.dec, c.tasks, c.legal = None, (("barrel", 0),), None
    s._run(c)
    assert s.core.dec is None                                   # not even asked at Dusk (V27)


def test_barrel_magic_card_pays_instead_of_a_poppet():
    s = start()
    c = s.core
    c.pos = ((4, 1), (3, 2), (2, 3), (5, 3))
    c.objects = (("Barrel Magic",),) + c.objects[1:]
    c.poppets = (0,) + c.poppets[1:]
    c.barrels, c.dec, c.tasks, c.legal = (-1,) * 8, None, (("barrel", 0),), None
    s._run(c)
    moves = s.legal_moves()
    assert Move("barrel Moon free") in moves and Move("barrel Moon") not in moves
    s.push("barrel Moon free")
    assert "Barrel Magic" in s.core.discard and s.core.seated[0] == "Moon"           # V72


# --- Object cards (V60-V71) ---------------------------------------------------------------------
def with_object(name, **more):
    s = start()
    f = per_seat(s, pos={0: (4, 1), 1: (3, 1), 2: (4, 3), 3: (1, 3)},
                 objects={0: (name,)}, **more)
    return at_turn(s, 0, None, **f, tiles=(), wind=0, grigri=-1)


def test_silent_oars_boards_an_adjacent_ship():
    s = with_object("Silent Oars", coins={1: 2, 0: 0})
    assert Move("use Silent-Oars 2 coin") not in s.legal_moves()     # (4,3) is not adjacent
    s.push("use Silent-Oars 1 coin")
    assert s.core.coins[:2] == (1, 1) and "Silent Oars" in s.core.discard             # V61


def test_ghost_whisper_casts_a_poppet_for_one_space():
    s = with_object("Ghost Whisper", poppets={0: 1})
    s.push("use Ghost-Whisper SW")
    c = s.core
    assert c.pos[0] == (3, 2) and c.poppets[0] == 0                                  # V62


def test_shipwreck_keeps_one_of_five_and_shuffles_the_rest_back():
    s = with_object("Shipwreck")
    deck = len(s.core.deck)
    s.push("use Shipwreck")
    for _ in range(5):
        s.push(s.legal_moves()[0])
    assert s.core.dec[1] == "keep" and len(s.core.peek) == 6
    kept = s.legal_moves()[1]
    s.push(kept)
    c = s.core
    assert kept.args[0].replace("-", " ") in c.objects[0] and len(c.deck) == deck   # V63


def test_transform_poppets_to_souls_and_back():
    s = with_object("Transform", poppets={0: 2}, souls={0: ()})
    s.push("use Transform souls 2")
    resolve(s, ["~soul R", "~soul R"])
    assert s.core.souls[0] == (R, R) and s.core.poppets[0] == 0                       # V64
    s = with_object("Transform", poppets={0: 0}, souls={0: (R, G)})
    s.push("use Transform poppets RG")
    assert s.core.souls[0] == () and s.core.poppets[0] == 2


def test_spyglass_takes_from_the_discard_pile_and_goes_under_the_deck():
    s = with_object("Spyglass")
    s.core.discard = ("Octopus", "Red Skull")
    s.push("use Spyglass Octopus")
    c = s.core
    assert c.objects[0] == ("Octopus",) and c.discard == ("Red Skull",)              # V65
    assert c.deck_bottom == ("Spyglass",)


def test_crows_nest_swaps_with_the_nearest_ship_west_or_south():
    s = with_object("Crow's Nest", coins={0: 0, 1: 3}, souls={0: (G,), 2: (Y,)})
    targets = {m.args[1] for m in s.legal_moves() if m.startswith("use Crow's-Nest")}
    assert targets == {"1", "2"}          # (3, 1) due west, (4, 3) due south; not (1, 3)
    s.push("use Crow's-Nest 1 soul-G coin")
    c = s.core
    assert c.coins[0] == 1 and G in c.souls[1]                                         # V66


def test_octopus_changes_a_souls_colour():
    s = with_object("Octopus", souls={0: (R,)})
    s.push("use Octopus R P")
    assert s.core.souls[0] == (P,)                                                    # V70


def test_ghost_ship_drops_a_ship_in_range_to_your_poppets():
    s = with_object("Ghost Ship", poppets={0: 1, 2: 3}, facing={0: "W"})
    supply = s.core.supply
    s.push("use Ghost-Ship 2")
    assert s.core.poppets[2] == 1 and s.core.supply == supply + 2                     # V71


def test_voodoo_mask_takes_a_poppet_and_fires_back():
    s = start()
    fields = per_seat(s, pos={0: (3, 1), 1: (3, 3), 2: (6, 0), 3: (0, 0)},
                      poppets={0: 2, 1: 1, 2: 0, 3: 0}, power={0: 2, 1: 2}, coins={0: 1, 1: 1},
                      objects={1: ("Voodoo Mask",)})
    at_turn(s, 0, None, **fields, colour=(BL, Y, G, P), kraken=None)
    s.push("end W")
    c = s.core
    # hit once (2 vs 1): die 3; the mask takes a poppet (1 vs 2) and fires back: one hit
    assert c.power[0] == 3 and c.poppets == (1, 2, 0, 0) and c.power[1] == 3          # V67
    assert c.coins[:2] == (0, 0) and "Voodoo Mask" in c.discard


def test_cursed_pirate_skips_a_poppet_it_can_no_longer_conjure():
    # l.720: poppets gained between Dusk and its turn: Poppet at three poppets is skipped
    s = start(CP)
    s = cp_turn(CP, 0, "Poppet", **per_seat(s, poppets={0: 3}), grigri=2)
    assert s.core.grigri == 2 and s.core.poppets[0] == 3


def test_skills():
    # Hot Shot (Red): equal poppets still hit once
    s = start()
    fields = per_seat(s, pos={0: (3, 1), 1: (3, 3), 2: (6, 0), 3: (0, 0)},
                      poppets={0: 1, 1: 1, 2: 0, 3: 0}, power={0: 2})
    at_turn(s, 0, None, **fields, colour=(R, Y, G, P), kraken=None)
    s.push("end W")
    assert s.core.power[0] == 3                                                        # V56
    # Mermaids' Friend (Green) pays no toll; Storm Rider (Blue) is not blown north
    s = start()
    f = per_seat(s, pos={0: (5, 1), 1: (0, 0), 2: (0, 2), 3: (0, 3)}, coins={0: 2},
                 souls={0: (R,)}, poppets={0: 1})
    at_turn(s, 0, None, **f, colour=(G, Y, R, P), tiles=(), sea_coins=(),
            wind=B.wind.index("Mermaid's Breath"), barrels=(-1,) * 8, seated=("",) * 4)
    s.push("stars S 1")                      # onto haunted (5, 2): carried to (5, 3)
    assert s.core.pos[0] == (5, 3) and s.core.coins[0] == 2
    at_turn(s, 0, None, **per_seat(s, pos={0: (5, 1)}, poppets={0: 1}), colour=(BL, Y, R, P),
            wind=B.wind.index("Storm"), barrels=(-1,) * 8, seated=("",) * 4, sea_coins=())
    s.push("stars S 1")
    assert s.core.pos[0] == (5, 2)


@settings(max_examples=8, deadline=None)
@given(seats=SEATS, seed=st.integers(0, 10_000))
def test_every_legal_move_prints_and_parses_back(seats, seed):
    rng = np.random.default_rng(seed)
    s = new_game(B, seats, rng)
    player = PLAYERS["random"]()
    while s.to_move() is not None:
        for m in s.legal_moves():
            assert Move.parse(str(m)) == m and str(m) == m
        m = s.sample_chance(rng) if s.to_move() == CHANCE else player.choose(s, rng)
        s.push(Move.parse(str(m)))


def test_greedy_does_not_read_the_face_down_cards():
    from sheetgen.games.voodoo.players import card_value
    s = start()
    c = s.core
    c.card = (None, "Take", "Take", "Take")
    hidden = card_value(s, 0, "Take")
    c.card = (None, "Jax", "Jax", "Jax")
    assert card_value(s, 0, "Take") == hidden
    c.last_card = (None, "Take", "Take", "Take")   # public: none of them may play Take now
    assert card_value(s, 0, "Take") > hidden


def test_a_cursed_pirate_fires_after_its_card_is_done():
    # l.148: the broadside is the last act of the turn, after the souls Jax draws
    s = start(CP)
    f = per_seat(s, pos={0: (3, 1), 1: (3, 3), 2: (6, 0), 3: (0, 0)},
                 poppets={0: 3, 1: 0, 2: 3, 3: 3}, power={0: 2}, souls={0: ()})
    s = cp_turn(CP, 0, "Jax", **f, colonial=1, tide="IN", kraken=None)
    assert s.to_move() == CHANCE and s.core.power[0] == 2
    s.push("~soul R")
    s.push("~soul B")
    assert s.core.power[0] == 5                                       # 3 hits on (3, 3)


# --- more rules, one test each -------------------------------------------------------------------
def test_dawn_frees_jail_passes_the_sun_clears_barrels_and_moves_cp_figures_west():
    s = start(CP)
    c = s.core
    c.jailed, c.sun = 0b10, 1
    c.barrels = tuple(2 if b == "Sand" else v for b, v in zip(s.geo.barrels, c.barrels,
                                                                 strict=True))
    c.card = ("Jax", "Take", "Tok", "Tix")
    c.dec, c.tasks, c.legal = None, (("dawn",),), None
    s._run(c)
    c = s.core
    assert c.jailed == 0 and c.sun == 2 and c.last_card == ("Jax", "Take", "Tok", "Tix")  # V14
    blocked = {b for b, who in zip(s.geo.barrels, c.barrels, strict=True) if who == -2}
    assert blocked == {"Wind", "Sand"} and all(v in (-1, -2) for v in c.barrels)        # V45


def test_cp_figures_come_back_to_stars_and_moon_after_tide_and_krkn():
    s = start(CP)
    for _ in range(4):
        c = s.core
        c.dec, c.tasks, c.legal = None, (("dawn",),), None
        c.parrots = (0, 0)
        c.pos = tuple((3, 1) if i == 0 else p for i, p in enumerate(c.pos))
        s._run(c)
        while s.to_move() is not None and s.core.dec[1] == "discard":
            s.push(s.legal_moves()[0])
    blocked = {b for b, who in zip(s.geo.barrels, s.core.barrels, strict=True) if who == -2}
    assert blocked == {"Stars", "Moon"}


def test_the_compass_sails_any_one_direction_in_the_ritual():
    s = start()
    c = s.core
    c.pos = ((4, 1), (0, 0), (0, 2), (6, 3))
    c.souls = ((R, R), (), (), ())
    c.card = ("#oodoo", "Jax", "Jax", "Jax")
    c.compass, c.hoodoo, c.caller, c.tiles, c.sea_coins = 0, 1, 0, (), ()
    c.wind = B.wind.index("Storm")    # one quarter: Fair Wind
    c.grid = (-1,) * 16
    c.dec, c.tasks, c.legal = None, (("ritual",),), None
    s._run(c)
    assert {m.args[2] for m in s.legal_moves() if m != "rite pass"} == set(
        ("N", "NE", "E", "SE", "S", "SW", "W", "NW"))                                   # V24
    s.push("rite 1 R SW")
    assert s.core.pos[0] == (3, 2)


def test_a_ship_on_the_shore_takes_no_part_and_is_no_victim():
    s = start()
    fields = per_seat(s, pos={0: (-1, 1), 1: (0, 1), 2: (6, 0), 3: (5, 3)},
                      poppets={0: 3, 1: 3}, souls={0: (R,)})
    at_turn(s, 1, "Tok", **fields, colour=(R, Y, G, BL), grigri=-1, kraken=None)
    c = s.core
    c.souls = ((R,), (R,), (), ())
    c.legal = None
    s.push("tok R")
    assert s.core.souls[0] == (R,)                                                     # V28
    assert not s.active(s.core, 0) and not s.victim_ok(s.core, 0)


def test_a_cursed_pirate_on_a_map_takes_half_the_richer_store_and_the_compass():
    s = start(CP)
    m = B.maps()[0]
    f = per_seat(s, pos={0: (m[0] + 1, m[1]), 1: (0, 0), 2: (0, 2), 3: (0, 3)}, coins={0: 0})
    c = s.core
    for k, v in f.items():
        setattr(c, k, v)
    c.mermaids, c.spanish, c.sea_coins, c.tiles, c.wind = 2, 7, (), (), 0
    move = __import__("sheetgen.games.voodoo.sea", fromlist=["sail"]).sail(
        B, s.sea(c), 0, "W", 1)
    s._moved(c, 0, move, forced=True)
    assert c.coins[0] == 4 and c.spanish == 3 and c.mermaids == 2 and c.compass == 0   # V53


def test_a_cursed_pirate_that_loses_its_last_card_draws_the_top_one():
    s = start(CP)
    c = s.core
    c.objects = (("Red Skull",),) + c.objects[1:]
    c.pos = ((3, 1), (4, 1)) + c.pos[2:]
    c.dec, c.tasks, c.legal = (1, "board", ((0,), 1)), (), None
    c.colour = (R, BL, G, P)
    s.push("board 0 object")
    assert "Red Skull" in s.core.objects[1] and s.to_move() == CHANCE                  # V55
    s.push(s.legal_moves()[0])
    assert len(s.core.objects[0]) == 1


def test_an_empty_deck_takes_the_discard_pile():
    from sheetgen.games.voodoo.core import refill_deck
    s = start()
    c = s.core
    c.deck, c.deck_bottom, c.discard = (), (), ("Octopus", "Spyglass")
    refill_deck(c)
    assert sorted(c.deck) == ["Octopus", "Spyglass"] and c.discard == ()              # V58


def test_each_thing_once_a_turn_then_end_facing():
    s = start()
    f = per_seat(s, pos={0: (4, 1)}, poppets={0: 2})
    at_turn(s, 0, "Jax", **f, barrels=(-1,) * 8, seated=("",) * 4, colonial=1, tide="OUT")
    s.push("jax")
    s.push("~soul G")                                  # one colonial ship: one soul
    assert s.core.colonial == 1 and not any(m == "jax" for m in s.legal_moves())       # V11
    s.push("tide")
    assert not any(m.verb in ("tide", "wind", "sea", "stars") for m in s.legal_moves())
    s.push("end S")
    assert s.core.facing[0] == "S"                                                      # V12


def test_same_seed_same_game_whatever_the_string_hash_seed():
    import hashlib
    import os
    import subprocess
    import sys
    code = ("from sheetgen.games.voodoo.board import default_board\n"
            "from sheetgen.games.voodoo.playthrough import play_game\n"
            "r = play_game(default_board(), ['player', 'cursed', 'player'],"
            " ['greedy', 'greedy', 'random'], 3)\n"
            "print(' '.join(r.moves))\n")
    digests = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True).stdout
        digests.add(hashlib.sha256(out.encode()).hexdigest())
    assert len(digests) == 1
