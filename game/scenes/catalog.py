"""Every screen of the game and the scene that shows it: the engine learns them here at start-up.

Screens open each other by their typed arguments (game.app.screens), so no scene imports
another; each scene's module is imported when its screen first opens, so start-up is quick.
"""

from __future__ import annotations

from game.app import screens
from game.engine.engine import GameEngine

SCENES: dict[type[screens.Screen], str] = {
    screens.MainMenuScreen: "game.scenes.main_menu:MainMenuScene",
    screens.LevelSelectScreen: "game.scenes.level_select:LevelSelectScene",
    screens.PlayScreen: "game.scenes.play:PlayScene",
    screens.PauseScreen: "game.scenes.pause:PauseScene",
    screens.LevelCompleteScreen: "game.scenes.level_complete:LevelCompleteScene",
    screens.MessageScreen: "game.scenes.message:MessageScene",
    screens.OpenFileScreen: "game.scenes.open_file:OpenFileScene",
    screens.PromptScreen: "game.scenes.prompt:PromptScene",
    screens.ConfirmScreen: "game.scenes.prompt:ConfirmScene",
    screens.SettingsScreen: "game.scenes.settings:SettingsScene",
    screens.SlotsScreen: "game.scenes.slots:SlotsScene",
    screens.SolutionsScreen: "game.scenes.solutions:SolutionsScene",
    screens.CompareScreen: "game.scenes.solution_compare:CompareScene",
    screens.CollectionSolutionsScreen: "game.scenes.collection_solutions:CollectionSolutionsScene",
    screens.StatsScreen: "game.scenes.stats:StatsScene",
    screens.EditorScreen: "game.scenes.editor:EditorScene",
    screens.EditorLeaveScreen: "game.scenes.editor_leave:EditorLeaveScene",
    screens.RandomLevelScreen: "game.scenes.random_level:RandomLevelScene",
}


def register_scenes(engine: GameEngine) -> GameEngine:
    """Teach ``engine`` the scene of every screen; returns the engine."""
    for kind, path in SCENES.items():
        engine.stack.registry.register(kind, path)
    return engine
