"""Entry point for ``python -m game``: hands over to the command line.

Without a subcommand the game window starts.
"""

from __future__ import annotations

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
