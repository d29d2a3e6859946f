"""Pirate place names from the project's own word lists and a tiny grammar.

Headlands and bays (the small seaward regions a player sinks first) get names such as
"Pip's Point" or "Gallows Cove"; the island gets one too ("Grimwater Isle"). Names are kept
short enough to sit under a symbol in a space about 17 mm wide, and unique on an island.
"""

from __future__ import annotations

from ..rng import SplitMix64

MAX_PLACE_CHARS = 15

# Who a place is named after (possessive forms).
PEOPLE = (
    "Pip", "Meg", "Old Tom", "Jack", "Calico", "Salty", "Peg", "Rusty", "Morgan", "Hob",
    "Nell", "Barnaby", "Finn", "Grog", "Bones", "Mags", "Silas", "Ned", "Tibbs", "Ruby",
    "Jonah", "Quill", "Dandy", "Bess", "Crook", "Sly Kit", "Wicks", "Mother", "Lefty",
)
# What a place is called after (attributive forms).
THINGS = (
    "Gallows", "Skull", "Rum", "Cutlass", "Shark", "Parrot", "Powder", "Brimstone",
    "Widow", "Mermaid", "Doubloon", "Gull", "Bilge", "Kraken", "Driftwood", "Coral",
    "Rattle", "Lantern", "Anchor", "Cannon", "Crab", "Eel", "Hangman", "Mutiny", "Plank",
    "Gibbet", "Tar", "Blood", "Bosun", "Ghost", "Marrow", "Thimble", "Grog", "Squall",
)
ADJECTIVES = (
    "Black", "Red", "Crooked", "Lonely", "Rotten", "Howling", "Sunken", "Broken", "Bitter",
    "Weeping", "Hollow", "Salty", "Rusty", "Misty", "Silent", "Stormy",
)
COAST_FEATURES = (
    "Point", "Cove", "Bay", "Rock", "Head", "Spit", "Bluff", "Reach", "Landing", "Shoals",
    "Cliffs", "Bight", "Nook", "Sands", "Creek", "Grotto", "Neck", "Tooth", "Rest", "Strand",
)
ISLE_HEADS = (
    "Grim", "Bone", "Salt", "Rot", "Storm", "Dread", "Gloom", "Shiver", "Black", "Gull",
    "Wreck", "Squall", "Crook", "Scurvy", "Dead", "Sorrow", "Murk", "Brine", "Cinder",
)
ISLE_TAILS = (
    "water", "crag", "rock", "haven", "tooth", "moor", "hold", "fang", "skerry", "hollow",
)
ISLE_KINDS = ("Isle", "Island", "Key", "Cay", "Atoll")


def place_name(rng: SplitMix64) -> str:
    """One place name, by one of three patterns."""
    form = rng.below(3)
    feature = rng.choice(COAST_FEATURES)
    if form == 0:
        person = rng.choice(PEOPLE)
        return f"{person}' {feature}" if person.endswith("s") else f"{person}'s {feature}"
    if form == 1:
        return f"{rng.choice(THINGS)} {feature}"
    return f"{rng.choice(ADJECTIVES)} {feature}"


def place_names(count: int, rng: SplitMix64) -> list[str]:
    """`count` distinct short names; no two share their last word, for variety."""
    names: list[str] = []
    features: set[str] = set()
    for _ in range(count * 50):
        if len(names) == count:
            break
        name = place_name(rng)
        last = name.split()[-1]
        if len(name) > MAX_PLACE_CHARS or name in names:
            continue
        if last in features and len(features) < len(COAST_FEATURES):
            continue
        names.append(name)
        features.add(last)
    return names


def island_name(rng: SplitMix64) -> str:
    """An island name such as "Grimwater Isle" or "Isle of Sorrow"."""
    head = rng.choice(ISLE_HEADS)
    if rng.below(4) == 0:
        return f"Isle of {head}{rng.choice(ISLE_TAILS)}"
    return f"{head}{rng.choice(ISLE_TAILS)} {rng.choice(ISLE_KINDS)}"
