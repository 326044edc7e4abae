"""The temporary SOKOBAN_HOME fixture for the command-line tests, used by every test.

It lives in tests/engine/harness.py, shared with the engine and scene tests.
"""

from tests.engine.harness import temporary_home

__all__ = ["temporary_home"]
