"""Every screen of the game by name: the engine learns them all here at start-up.

Screens open each other by these names, so no scene module imports another.
"""

from __future__ import annotations

from game.engine.engine import GameEngine
from game.engine.scene import Scene
from game.scenes.editor import EditorScene
from game.scenes.editor_leave import EditorLeaveScene
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.level_select import LevelSelectScene
from game.scenes.main_menu import MainMenuScene
from game.scenes.message import MessageScene
from game.scenes.open_file import OpenFileScene
from game.scenes.pause import PauseScene
from game.scenes.play import PlayScene
from game.scenes.prompt import ConfirmScene, PromptScene
from game.scenes.random_level import RandomLevelScene
from game.scenes.settings import SettingsScene
from game.scenes.slots import SlotsScene
from game.scenes.stats import StatsScene

SCENES: tuple[type[Scene], ...] = (
    MainMenuScene,
    LevelSelectScene,
    PlayScene,
    PauseScene,
    LevelCompleteScene,
    MessageScene,
    OpenFileScene,
    PromptScene,
    ConfirmScene,
    SettingsScene,
    SlotsScene,
    StatsScene,
    EditorScene,
    EditorLeaveScene,
    RandomLevelScene,
)


def register_scenes(engine: GameEngine) -> GameEngine:
    """Teach ``engine`` every screen by its name; returns the engine."""
    for scene in SCENES:
        engine.scene_registry.register(scene.name, scene)
    return engine
