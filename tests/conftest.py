"""Shared test set-up: headless SDL drivers before anything imports pygame.

Also small levels used across the test modules.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Microban 1 is the usual first level; its solution below is 33 moves, 8 pushes.
SMALL_LEVEL = """\
####
# .#
#  ###
#*@  #
#  $ #
#  ###
####
"""
SMALL_SOLUTION = "dlUrrrdLullddrUluRuulDrddrruLdlUU"
