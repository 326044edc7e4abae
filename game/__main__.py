"""Entry point for ``python -m game`` and for the standalone build: hands over to the command line.

Without a subcommand the game window starts.
"""

from __future__ import annotations

import multiprocessing
import pickle
import sys


def run() -> int:
    """The command line's exit code; in a standalone build's worker process, the worker's run.

    A standalone build starts its worker processes (the solver's, the generator's) by running
    its own program again; freeze_support turns such a start into the worker and exits, before
    the command line is even imported. Elsewhere it does nothing.
    """
    try:
        multiprocessing.freeze_support()
    except (EOFError, OSError, pickle.UnpicklingError):
        # A worker whose parent was killed before it had handed over the work (the pipe
        # closed, or cut the work short): there is nothing to run and nobody to tell.
        return 1
    try:
        # Ctrl+C while the modules load (the first fraction of a second) is an interruption
        # like any other, not a traceback.
        from game.cli import main
    except KeyboardInterrupt:
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
