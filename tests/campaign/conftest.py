"""The engine and temporary SOKOBAN_HOME fixtures, shared with the engine and scene tests."""

from tests.engine.harness import engine, temporary_home

__all__ = ["engine", "temporary_home"]
