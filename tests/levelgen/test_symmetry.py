"""Tests for telling levels apart up to turns and mirror images, and for the known-levels check.

The levels are tiny and written inline, turned and mirrored by hand.
"""

from __future__ import annotations

from game.core.xsb import parse_level
from game.levelgen.symmetry import KnownLevels, layout_key, level_key

LEVEL = """\
######
#@ $.#
#  # #
#    #
######
"""
# The same level turned a quarter to the right, with the player elsewhere in his region.
TURNED = """\
#####
#   #
#@  #
# #$#
#  .#
#####
"""
MIRRORED = """\
######
#.$  #
# #  #
#   @#
######
"""
# Walls that touch no floor are decoration and do not make a new level.
DECORATED = """\
 ########
##@ $.####
 #  # #
 #    #
 ######
"""
OTHER_START = """\
######
#@  .#
# $# #
#    #
######
"""


def test_turns_mirrors_and_decoration_give_the_same_key() -> None:
    key = level_key(parse_level(LEVEL))
    for text in (TURNED, MIRRORED, DECORATED):
        assert level_key(parse_level(text)) == key, text


def test_another_start_is_a_new_level_on_the_same_layout() -> None:
    level, other = parse_level(LEVEL), parse_level(OTHER_START)
    assert level_key(level) != level_key(other)
    assert layout_key(level) == layout_key(other) == layout_key(parse_level(TURNED))


def test_known_levels_name_the_level_copied() -> None:
    known = KnownLevels()
    known.add(parse_level(LEVEL), "book #1")
    assert known.copy_of(parse_level(MIRRORED)) == "book #1"
    moved_goal = LEVEL.replace("$.#", "$ #").replace("#    #", "#.   #")
    assert known.copy_of(parse_level(moved_goal)) is None
