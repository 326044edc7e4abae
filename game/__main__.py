"""Entry point for ``python -m game``: hands over to the command line.

Without a subcommand the game window starts.
"""

from __future__ import annotations

import sys

if __name__ == "__main__":
    try:
        # Ctrl+C while the modules load (the first fraction of a second) is an interruption
        # like any other, not a traceback.
        from game.cli import main
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(main())
