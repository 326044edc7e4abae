"""The sprite sheets and sounds shipped with the game: ``assets/`` is packaged as ``game._assets``.

The game reads them through importlib.resources (see game/core/resources.py).
"""
