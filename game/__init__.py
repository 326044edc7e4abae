"""Sokoban arcade: a pygame-ce game with a campaign, an editor and a strong solver.

``game.core`` holds the rules, ``game.solver`` the search; the rest is engine, scenes and storage.
"""

# The one place the version is written: pyproject.toml reads it from here, and so does
# ``sokoban --version`` (a standalone build carries no package metadata to ask).
__version__ = "0.1.0"
