"""The level files shipped with the game: ``levels/`` is packaged as ``game._levels``.

The game reads them through importlib.resources (see game/core/resources.py).
"""
