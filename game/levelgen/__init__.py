"""Level generation: random rooms, goals, and start positions found by pulling boxes backwards.

Every generated level carries a solution that the rules core has replayed to the end.
"""
