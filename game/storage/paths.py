"""Where the game keeps the player's data: the user's data folder, or ``SOKOBAN_HOME``.

Tests and portable installs set ``SOKOBAN_HOME`` so that nothing touches the real user folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

HOME_VARIABLE = "SOKOBAN_HOME"
APP_NAME = "sokoban-arcade"
STORE_FILE_NAME = "progress.sqlite3"


def data_dir() -> Path:
    """The folder for progress and saves: ``$SOKOBAN_HOME`` if set, else the platform's data dir."""
    override = os.environ.get(HOME_VARIABLE, "").strip()
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def store_path() -> Path:
    """The progress store's file (the folder is created when the store is opened)."""
    return data_dir() / STORE_FILE_NAME
