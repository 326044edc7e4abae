"""What the solver knows of a board before it searches: bitboards, distances, the player's
area, which sides of a square join around a box, and single-box paths.
"""
