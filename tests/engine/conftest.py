"""The engine fixture for the engine tests.

The fixture lives in harness.py so the scene tests share it.
"""

from tests.engine.harness import engine

__all__ = ["engine"]
