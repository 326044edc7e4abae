"""The engine and temporary SOKOBAN_HOME fixtures for the engine tests.

The fixtures live in harness.py so the scene tests share it.
"""

from tests.engine.harness import engine, temporary_home

__all__ = ["engine", "temporary_home"]
