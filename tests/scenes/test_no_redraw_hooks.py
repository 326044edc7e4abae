"""Every screen is drawn from its model's view: no scene keeps the old hand-written redraw
hooks (a picture key, a busy flag, a ticking key and area) beside its Shown."""

from __future__ import annotations

import importlib

from game.scenes.base import GameScene
from game.scenes.catalog import SCENES

OLD_HOOKS = ("picture_key", "is_busy", "ticking_key", "ticking_area", "work_shown")


def test_no_scene_defines_the_old_redraw_hooks() -> None:
    classes = []
    for path in SCENES.values():
        module, _, name = path.partition(":")
        classes.append(getattr(importlib.import_module(module), name))
    found = [
        f"{kind.__name__}.{hook}"
        for kind in (GameScene, *classes)
        for hook in OLD_HOOKS
        if hasattr(kind, hook)
    ]
    assert found == []
