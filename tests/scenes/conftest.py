"""The engine and temporary SOKOBAN_HOME fixtures for the scene tests.

The fixtures live in tests/engine/harness.py, shared with the engine tests.
"""

from tests.engine.harness import engine, temporary_home

__all__ = ["engine", "temporary_home"]
