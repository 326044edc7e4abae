"""The cyclic garbage collector paused while a search or the optimizer runs: they free their
millions of tuples by reference counting, and its passes cost a fifth to a third of the time.

Nested and overlapping pauses (searches in threads of one process) count: the collector runs
again when the last one ends, if it ran before the first.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

# Measured on XSokoban 74, `fess-base` alone to its solution: 16.9 s with the collector, 13.4 s
# without, the collector finding 222 objects in cycles in all; the `fast` portfolio there
# (three searches, a larger heap for each pass to walk) 53.7 s -> 35.7 s. The optimizer, for
# moves, on fast's solutions of XSokoban 1 and 5: 1.72 -> 1.47 and 31.7 -> 29.7 CPU s.
_lock = threading.Lock()
_pauses = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the body with the cyclic collector off (reference counting still frees what the
    searches drop); it is on again afterwards if it was on before the first pause."""
    global _pauses, _was_enabled
    with _lock:
        if _pauses == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _lock:
            _pauses -= 1
            if _pauses == 0 and _was_enabled:
                gc.enable()
