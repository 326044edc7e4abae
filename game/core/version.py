"""The game's version, written in this one place.

pyproject.toml reads it for the package, and ``sokoban --version`` prints it (a standalone build
carries no package metadata to ask).
"""

VERSION = "0.1.0"
