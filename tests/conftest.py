"""Shared test set-up: headless SDL drivers before anything imports pygame.

Also small levels used across the test modules.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hypothesis import settings

# No per-example deadline: the suite runs on two shared cores, where a 200 ms deadline fails
# tests on the machine's load, not on the code. Speed is measured by the benchmark scripts.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")

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
