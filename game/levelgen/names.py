"""Short evocative titles for generated levels, drawn from two word lists by a seeded shuffle.

No word is used twice in a campaign until every word has had its turn.
"""

from __future__ import annotations

import random

# fmt: off
ADJECTIVES = (
    "Amber", "Ashen", "Brass", "Cinder", "Copper", "Crooked", "Dusty", "Ember", "Faded",
    "Foggy", "Gilded", "Granite", "Hollow", "Hushed", "Iron", "Ivory", "Jade", "Lantern", "Low",
    "Lunar", "Mossy", "Narrow", "Oaken", "Old", "Pale", "Quiet", "Rusty", "Salt", "Secret",
    "Silent", "Slate", "Smoky", "Stone", "Sunken", "Tangled", "Tin", "Twilight", "Velvet",
    "Whispering", "Winding", "Windy", "Winter", "Wooden", "Hidden", "Crimson", "Frosted",
    "Golden", "Drowsy",
)
NOUNS = (
    "Alley", "Arcade", "Attic", "Bazaar", "Bunker", "Cellar", "Chamber", "Cistern", "Cloister",
    "Corridor", "Courtyard", "Crypt", "Depot", "Dock", "Forge", "Foundry", "Galley", "Garden",
    "Granary", "Hall", "Harbour", "Hold", "Kiln", "Larder", "Loft", "Maze", "Mill", "Mine",
    "Nook", "Pantry", "Passage", "Quarry", "Refuge", "Shed", "Silo", "Stable", "Stairwell",
    "Storeroom", "Tannery", "Terrace", "Tower", "Tunnel", "Vault", "Warehouse", "Wharf",
    "Workshop", "Yard", "Lighthouse",
)
# fmt: on


def level_titles(count: int, seed: int) -> list[str]:
    """``count`` different titles, the same for the same seed."""
    rng = random.Random(seed)
    titles: list[str] = []
    adjectives: list[str] = []
    nouns: list[str] = []
    while len(titles) < count:
        if not adjectives:
            adjectives = rng.sample(ADJECTIVES, len(ADJECTIVES))
        if not nouns:
            nouns = rng.sample(NOUNS, len(NOUNS))
        title = f"{adjectives.pop()} {nouns.pop()}"
        if title not in titles:
            titles.append(title)
    return titles
