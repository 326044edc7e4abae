"""One run of the game for the resume test: ``save`` plays a level of each kind and saves it,
``load`` (in a new process) continues each save; both print what they see as JSON.

Run as ``python -m tests.scenes.resume_child save|load HOME CAMPAIGN``; never collected by pytest.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

KINDS = ("campaign", "file", "mine", "random", "pasted")
# Each kind's level: a corridor with room to walk and push (its moves are "rrlrR").
LEVEL = "Title: Corridor {kind}\n\n########\n#@  $ .#\n########\n"
MOVES = "rrlrR"


def main() -> int:
    mode, home, campaign = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    os.environ["SOKOBAN_HOME"] = str(home)
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    import game.app.session as session_module
    from game.app import navigation, saving
    from game.app.screens import MainMenuScreen
    from game.core.collection import Collection, read_collection_text
    from game.core.level_ref import LevelTexts, MyCollection, TextOrigin
    from game.engine.engine import GameEngine
    from game.scenes.catalog import register_scenes
    from game.scenes.play import PlayScene
    from game.storage import user_levels
    from game.storage.slots import SaveSlots
    from game.storage.store import ProgressStore
    from tests.engine.harness import play_moves, press, settle

    session_module.CAMPAIGN_PATH = campaign
    engine = register_scenes(GameEngine((800, 600), sound_enabled=False))
    engine.solver.think_ahead = False
    store, _ = ProgressStore.open()
    engine.use_progress(store)
    engine.open(MainMenuScreen())
    seen: dict[str, object] = {}

    def describe(kind: str) -> None:
        play = engine.top
        assert isinstance(play, PlayScene), (kind, engine.top)
        state = play.model.state
        seen[kind] = {
            "title": play.model.level.title,
            "fingerprint": play.model.level.fingerprint(),
            "lurd": state.lurd(),
            "player": state.player,
            "boxes": sorted(state.box_squares()),
            "source": repr(engine.context.session.source),
        }

    if mode == "save":
        for kind in KINDS:
            text = LEVEL.format(kind=kind)
            if kind == "campaign":
                assert navigation.open_campaign(engine)
                navigation.play_level(engine, 1)
            elif kind == "file":
                path = home / "levels.xsb"
                path.write_text("Title: A file\n\n" + text.replace("Title: ", "; ") + "\n" + text)
                navigation.open_collection_file(engine, str(path))
                navigation.play_level(engine, 1)
            elif kind == "mine":
                level = read_collection_text(text).levels[0]
                assert user_levels.save_level(user_levels.DEFAULT_COLLECTION, level) is None
                navigation.open_collection(
                    engine,
                    user_levels.load(user_levels.DEFAULT_COLLECTION),
                    MyCollection(user_levels.DEFAULT_COLLECTION),
                )
            elif kind == "random":
                level = read_collection_text(text).levels[0]
                random = Collection(title=TextOrigin.RANDOM.title, levels=[level])
                navigation.open_collection(engine, random, LevelTexts(TextOrigin.RANDOM))
            else:
                assert navigation.open_collection_text(engine, text)
            settle(engine)
            play_moves(engine, MOVES)
            describe(kind)
            play = engine.top
            assert isinstance(play, PlayScene)
            game = saving.saved_game(play.model.context, play.model.level_index, play.model.state)
            assert SaveSlots(engine.progress).save(kind, game) is None
            # Leaving saves the session: Continue comes back to the last kind played.
            navigation.leave_level(engine)
    else:
        press(engine, pygame.K_RETURN)  # Continue, on the main menu
        describe("continue")
        navigation.leave_level(engine)
        for kind in KINDS:
            loaded = SaveSlots(engine.progress).load(kind)
            assert loaded is not None, kind
            assert navigation.resume_game(engine, loaded), kind
            describe(kind)
            play = engine.top
            assert isinstance(play, PlayScene)
            for _ in MOVES:
                press(engine, pygame.K_u)
                settle(engine)
            seen[kind + " undone"] = [play.model.state.move_count, play.model.state.can_undo]
            navigation.leave_level(engine)
    print(json.dumps(seen))
    return 0 if engine.shutdown() is None else 1


if __name__ == "__main__":
    sys.exit(main())
