"""The rules of Sokoban and the level formats, in pure Python with no pygame.

Everything else in the game builds on these types; nothing here imports the rest of the game.
"""

from __future__ import annotations

from game.core.board import Board, Tile
from game.core.boxes import BoxList
from game.core.collection import Collection, read_collection, read_collection_text
from game.core.direction import Direction
from game.core.errors import LevelError
from game.core.level import Level
from game.core.notation import NotationError, ReplayResult, parse_lurd, replay
from game.core.play import Move, PlayState, StepResult
from game.core.statistics import Statistics, level_score
from game.core.undo_line import Restart
from game.core.xsb import Dialect, parse_level

__all__ = [
    "Board",
    "BoxList",
    "Collection",
    "Dialect",
    "Direction",
    "Level",
    "LevelError",
    "Move",
    "NotationError",
    "PlayState",
    "ReplayResult",
    "Restart",
    "Statistics",
    "StepResult",
    "Tile",
    "level_score",
    "parse_level",
    "parse_lurd",
    "read_collection",
    "read_collection_text",
    "replay",
]
