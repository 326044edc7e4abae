"""The engine fixture for the scene tests.

The fixture lives in tests/engine/harness.py, shared with the engine tests.
"""

from tests.engine.harness import engine

__all__ = ["engine"]
