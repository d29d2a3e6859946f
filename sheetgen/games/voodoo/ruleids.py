"""The rule ids of the Voodoo Pirate engine and the source lines each rests on.

One table serves the engine's docstring (`game.__doc__` ends with it), IllegalMove's rule
ids, the tests and docs/voodoo-engine.md (a test keeps the file's table equal to
`rules_table()`). Line numbers are those of ../shared/seeds/voodoo-pirate.txt; "-" marks a
rule that is sheetgen's reading where the source is silent (see the rulebook's
Interpretations).
"""

from __future__ import annotations

RULES: tuple[tuple[str, str, str], ...] = (
    ("V1", "81-118", "setup: Storm, tide IN, one colonial ship, 5 + 5 coins in the stores and "
     "8 at sea, the Sea Tiles, a soul, a poppet and a Skull for each pirate"),
    ("V2", "85, 510-512, 628", "ships are placed in the harbour in turn order from the Sun "
     "holder; the back row raises the power die by one"),
    ("V3", "106, 118", "the first soul drawn names the pirate who starts with Sun and Moon"),
    ("V4", "122-170", "a round is Dusk, Moonlight, Dawn"),
    ("V5", "132", "the Sun holder moves one of the two parrots up the lunar track"),
    ("V6", "133, 256", "at Dusk each player pirate draws an Object: deck or discard top"),
    ("V7", "134, 244, 248", "one Action card a round, never the card of the round before"),
    ("V8", "135, 405", "Dusk barrel magic: a poppet, an empty barrel, one figure a pirate, "
     "clockwise from the Sun holder"),
    ("V9", "135, 304", "cards are revealed at once; two or more Takes all go to jail"),
    ("V10", "150, 413", "Moonlight: the Moon barrel's pirate first, then clockwise from "
     "the Sun holder"),
    ("V11", "144", "a turn: Action card, barrel and Object magic in any order; an unused "
     "moonlight barrel for a poppet"),
    ("V12", "146", "at the end of a turn the ship faces west or south"),
    ("V13", "148, 453-473, 579-602", "the broadside at the end of a turn: hits are the "
     "poppet difference; the die rises a hit to 6, then the target's falls (to 1); the "
     "target loses one coin to the Spanish Gold"),
    ("V14", "156-170", "Dawn: the end check; else jail freed, tide switched (IN to OUT "
     "drifts tidal ships), barrels cleared, Sun and Moon passed to the left"),
    ("V15", "51-58, 163", "the game ends at Dawn with a parrot on the last lunar space or a "
     "ship on the Voodoo Shore"),
    ("V16", "61-68", "Voodoo Power: position + coins + die (at most 6) + end bonuses"),
    ("V17", "49, 61", "the most Voodoo Power wins; equal totals share the win"),
    ("V18", "180-232", "movement (sea.py): other ships, edges, Becalmed, Mermaid's Breath, "
     "Storm, the tide"),
    ("V19", "190, 318", "the vane turns a quarter per #oodoo when the Moon reaches the "
     "Caller; ships caught move at once"),
    ("V20", "274-292", "Jax: colonial ships +1 with the tide IN, -1 OUT; that many souls "
     "from the bag, else from the grid"),
    ("V21", "294-300, 516, 524", "Tok: a colour you own; every soul of it not in the bag, "
     "but not the GriGri holder's nor buried ones"),
    ("V22", "304-308", "Take: two items from the stores, the supply, the deck, the discard "
     "pile, the bag or the grid"),
    ("V23", "316-346", "the ritual: two rounds from the Caller, a soul and one space S or W, "
     "one more beside a soul of its colour; players of #oodoo both rounds"),
    ("V24", "530-532", "the compass: any one direction a ritual round; taken on a map"),
    ("V25", "352, 372-382, 498", "Tix: a poppet and a soul; the victim 1 N or E first, the "
     "conjurer the opposite way; both must move"),
    ("V26", "356, 524", "Poppet: a poppet and the GriGri"),
    ("V27", "514-518", "no Tix, Tok, barrel magic, boarding or broadside in the harbour, by "
     "or on a ship there"),
    ("V28", "188", "a ship on the Voodoo Shore takes no further part and is nobody's victim"),
    ("V29", "413", "Moon barrel: its pirate takes the first Moonlight turn"),
    ("V30", "417", "Sand barrel: bury possessions (not the GriGri) until Dawn"),
    ("V31", "421", "Bones barrel: choose the card to play after the others are revealed"),
    ("V32", "425, 486", "KRKN barrel: the Kraken on an empty sea space; no ship stops there, "
     "no broadside beside it"),
    ("V33", "433", "Stars barrel: up to two spaces in a direction shown on harbour space 1"),
    ("V34", "437", "Wind barrel: the vane up to two quarters clockwise"),
    ("V35", "441", "Sea barrel: an unoccupied Sea Tile to a space without a ship"),
    ("V36", "445", "Tide barrel: switch the tide once in the turn"),
    ("V37", "488-498", "boarding a ship passed: one item (compass, coin, poppet, soul or an "
     "object drawn blind); not the GriGri, nothing buried"),
    ("V38", "538-558", "coins at sea; a map gives half the Mermaids' Treasure and the "
     "compass; the Spanish Gold with Rackham's Map"),
    ("V39", "258-260, 385-387, 570-577", "storage: 6 souls, 3 poppets, 3 objects, 5 poppets "
     "and objects together"),
    ("V40", "266", "Object cards are used while holding the Moon (and against jail and "
     "boarders)"),
    ("V41", "71-73, 393-395", "the nine end-game cards: seven Skulls, two Morgan's Eyes"),
    ("V42", "226", "the mermaids' toll: a coin, else all souls"),
    ("V43", "616-652", "Cursed Pirate setup: two poppets, two objects, a rolled die, the "
     "harbour order"),
    ("V44", "622", "a Cursed Pirate's Action deck, skipping Tix and Tok in the harbour"),
    ("V45", "618", "Cursed Pirate figures block Stars and Moon and move a barrel west each "
     "Dawn"),
    ("V46", "646-648", "a Cursed Pirate stores souls lowest space first and loses the "
     "highest"),
    ("V47", "656-662", "a Cursed Pirate sails at right angles to its facing unless the other "
     "way scores more; with the compass SW"),
    ("V48", "674-678", "a Cursed Pirate's soul in the ritual: the lowest-numbered matching "
     "square, else round the edge from the south-east corner"),
    ("V49", "682-687", "a Cursed Pirate's Take: two coins, a poppet with none, a soul with "
     "none"),
    ("V50", "691-699", "a Cursed Pirate boards for compass, coin, soul, poppet, object"),
    ("V51", "703", "a Cursed Pirate fires north, south, east and west"),
    ("V52", "711-720", "the Cursed Pirates' playing aid, row by row"),
    ("V53", "554-558", "a Cursed Pirate plunders only on a map: half the richer store"),
    ("V54", "638", "a Cursed Pirate scores its cards with the best soul colours; no Skull, "
     "a VP a soul"),
    ("V55", "636-642", "Cursed Pirates draw no Object at Dusk; a lost last card is replaced"),
    ("V56", "585", "the pirates' skills (sheetgen's design, cards.yaml)"),
    ("V57", "304", "jail: no part in the round but as a victim"),
    ("V58", "-", "an empty deck takes the discard pile, shuffled"),
    ("V60", "393, 546-550", "Rackham's Map: half the Spanish Gold on a space worth 8"),
    ("V61", "393", "Silent Oars: board a ship on one of the 8 spaces around"),
    ("V62", "393", "Ghost Whisper: a poppet for one space any way"),
    ("V63", "393", "Shipwreck: keep one of the top five, shuffle the rest back"),
    ("V64", "394", "Transform: up to two poppets into souls or souls into poppets"),
    ("V65", "394-395", "Spyglass: any card of the discard pile; this card under the deck"),
    ("V66", "394-395", "Crow's Nest: swap a possession with the nearest ship due W or S"),
    ("V67", "393", "Voodoo Mask: hit by a broadside, take a poppet and fire back"),
    ("V68", "394", "Jail Break: leave jail, but no Take this round"),
    ("V69", "394", "Night Watch: boarders take nothing until Dawn"),
    ("V70", "395", "Octopus: a soul back into the bag for one of any colour"),
    ("V71", "395", "Ghost Ship: a ship in range drops to as many poppets as yours"),
    ("V72", "395", "Barrel Magic: Dusk barrel magic without a poppet"),
)


def rules_table() -> str:
    """The table as Markdown."""
    lines = ["| id | source lines | rule |", "|---|---|---|"]
    lines += [f"| {i} | {src} | {text} |" for i, src, text in RULES]
    return "\n".join(lines) + "\n"
