"""Leaving the editor with unsaved changes: save them, discard them, or stay.

A small menu over the editor; Esc stays.
"""

from __future__ import annotations

from typing import ClassVar

from game.app.dialogs.menu_dialogs import LeaveEditorMenu
from game.app.screens import EditorLeaveScreen
from game.engine.engine import GameEngine
from game.scenes.base import MenuDialogScene
from game.ui import theme
from game.ui.widgets import KeyHelp


class EditorLeaveScene(MenuDialogScene):
    """Save, discard or stay; the choice's callback runs after this dialog closes."""

    keys: ClassVar[KeyHelp] = (("Up/Down", "choose"), ("Enter", "select"), ("Esc", "stay"))
    width: ClassVar[int] = 480
    colour: ClassVar[theme.Color] = theme.WARNING

    def __init__(self, engine: GameEngine, screen: EditorLeaveScreen) -> None:
        super().__init__(engine, screen, LeaveEditorMenu(engine, screen.reply))
