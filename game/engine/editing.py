"""Opening the editor and its dialogs: a new level's size, saving under a name, the details.

Dialogs are screens opened by name; each answer comes back through a callback, as in navigation.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from game.app.editor_check import Verdict
from game.app.editor_controller import EditorController
from game.app.play_controller import Tone
from game.core.collection import Collection, collection_to_text
from game.core.edit_checks import level_or_problem
from game.core.edit_grid import Grid, parse_size
from game.core.errors import LevelError
from game.core.level import Level
from game.engine import navigation
from game.storage import user_levels
from game.storage.autosave import AutoSaver
from game.storage.records import Solution
from game.storage.store import ProgressStore
from game.storage.user_levels import DEFAULT_COLLECTION, MAX_NAME_LENGTH

if TYPE_CHECKING:
    from game.engine.engine import GameEngine

DEFAULT_SIZE = "10x8"
TEST_PLAY_SOURCE = "editor test play"


def ask_new_level(engine: GameEngine) -> None:
    """Ask the size of a new level, then open the editor on an empty board of that size."""

    def open_editor(text: str) -> str | None:
        try:
            width, height = parse_size(text)
        except ValueError as error:
            return str(error)
        engine.push_scene("editor", Grid.empty(width, height))
        return None

    engine.push_scene(
        "prompt", "New level", "Width x height, 3x3 to 64x64", open_editor, DEFAULT_SIZE, 12
    )


def edit_level(engine: GameEngine, level: Level) -> None:
    """Edit a copy of ``level``; saving puts the copy into the player's own levels."""
    engine.push_scene("editor", level)


def open_user_levels(engine: GameEngine) -> None:
    """Open one of the player's own collections in level select (asks which if several)."""
    names = user_levels.collection_names()
    if len(names) == 1:
        _open_user_collection(engine, names[0])
        return

    def chosen(name: str) -> str | None:
        if name.strip() not in names:
            return f"no collection is called {name.strip()!r}"
        _open_user_collection(engine, name.strip())
        return None

    engine.push_scene(
        "prompt",
        "Your levels",
        "Which collection: " + ", ".join(names),
        chosen,
        DEFAULT_COLLECTION,
        MAX_NAME_LENGTH,
    )


def _open_user_collection(engine: GameEngine, name: str) -> None:
    try:
        collection = user_levels.load(name)
    except LevelError as error:
        navigation.show_message(engine, "Cannot open your levels", error.reason)
        return
    if not collection.levels:
        navigation.show_message(
            engine, name, "No levels saved here yet: make one in the level editor (E edits a copy)"
        )
        return
    navigation.open_collection(engine, collection, str(user_levels.collection_path(name)))


class EditorDialogs:
    """The editor's conversations: save (with its checks and questions) and the details."""

    def __init__(self, engine: GameEngine, editor: EditorController, collection: str) -> None:
        self.engine = engine
        self.editor = editor
        self.collection = collection

    def save(self, then: Callable[[], object] | None = None) -> None:
        """Ctrl+S: refused at once, with the reason, if the grid is not a level; else the name."""
        level = level_or_problem(self.editor.grid)
        if isinstance(level, str):
            self.editor.notify(f"Cannot save: {level}", Tone.DANGER)
            return
        self.engine.push_scene(
            "prompt",
            "Save level",
            f"Its name in {self.collection} (at most {MAX_NAME_LENGTH} characters)",
            lambda name: self._named(name.strip(), then),
            self.editor.metadata.title,
            MAX_NAME_LENGTH,
        )

    def _named(self, name: str, then: Callable[[], object] | None) -> str | None:
        problem = user_levels.name_problem(name, "level name")
        if problem is not None:
            return problem
        meta = self.editor.metadata
        level = level_or_problem(
            self.editor.grid,
            title=name,
            author=meta.author,
            comment=meta.comment,
            solution=meta.solution,
        )
        if isinstance(level, str):
            return f"cannot save: {level}"
        unsolvable = self.editor.check.verdict is Verdict.UNSOLVABLE or self.editor.marked_boxes()

        def after_solver() -> None:
            self._replace_or_write(level, then)

        if unsolvable:
            self.engine.push_scene(
                "confirm",
                "Cannot be solved",
                "The solver says this level cannot be solved. Save it anyway?",
                after_solver,
            )
        else:
            after_solver()
        return None

    def _replace_or_write(self, level: Level, then: Callable[[], object] | None) -> None:
        def write() -> None:
            self._write(level, then)

        if user_levels.has_level(self.collection, level.title):
            self.engine.push_scene(
                "confirm",
                "Replace it?",
                f"{self.collection} already has a level called {level.title}. Replace it?",
                write,
            )
        else:
            write()

    def _write(self, level: Level, then: Callable[[], object] | None) -> None:
        problem = user_levels.save_level(self.collection, level)
        if problem is not None:
            navigation.show_message(self.engine, "Not saved", problem)
            return
        self.editor.set_metadata(replace(self.editor.metadata, title=level.title))
        self.editor.mark_saved()
        self.editor.notify(f"Saved as {level.title} in {self.collection}", Tone.GOOD)
        if then is not None:
            then()

    def save_into(self) -> None:
        """Save into another of the player's collections (a new one is made on saving)."""

        def chosen(name: str) -> str | None:
            problem = user_levels.name_problem(name.strip(), "collection name")
            if problem is not None:
                return problem
            self.collection = name.strip()
            self.save()
            return None

        names = ", ".join(user_levels.collection_names())
        self.engine.push_scene(
            "prompt",
            "Save into collection",
            f"Yours: {names}; a new name makes one",
            chosen,
            self.collection,
            MAX_NAME_LENGTH,
        )

    def details(self) -> None:
        """Title, then author, then comment, each in its own dialog."""
        editor = self.editor

        def field(key: str, title: str, following: Callable[[], None] | None) -> None:
            def submit(text: str) -> str | None:
                value = text.strip()
                if key == "title" and value:
                    problem = user_levels.name_problem(value, "title")
                    if problem is not None:
                        return problem
                editor.set_metadata(replace(editor.metadata, **{key: value}))
                if following is not None:
                    following()
                return None

            self.engine.push_scene(
                "prompt",
                title,
                "Enter keeps it, Esc stops",
                submit,
                getattr(editor.metadata, key),
                500,
            )

        def comment() -> None:
            field("comment", "Comment", None)

        def author() -> None:
            field("author", "Author", comment)

        field("title", "Title", author)


def level_text(level: Level) -> str:
    """A level with its title and solution as one text a friend can paste."""
    return collection_to_text(Collection(levels=[level]))


class TestPlay:
    """A test play of the level being edited, kept out of the player's records.

    While it runs, the session holds a one-level collection and progress goes to a store in
    memory (so neither Continue nor the statistics hear of it); leaving puts both back.
    """

    def __init__(self, engine: GameEngine) -> None:
        self.engine = engine
        self._saved: tuple[object, ProgressStore, AutoSaver, object] | None = None

    @property
    def active(self) -> bool:
        return self.engine.session.source == TEST_PLAY_SOURCE

    def start(self, level: Level) -> None:
        if self._saved is None:
            engine = self.engine
            self._saved = (
                copy.copy(engine.session),
                engine.progress,
                engine.autosaver,
                copy.deepcopy(engine.statistics),
            )
        self.engine.session.open(Collection(title="Test play", levels=[level]), TEST_PLAY_SOURCE)
        self.shield()
        self.engine.push_scene("play", 0)

    def shield(self) -> None:
        """Progress into a fresh store in memory (before a play of the test level starts)."""
        if self._saved is not None and self.engine.progress is self._saved[1]:
            self.engine.progress = ProgressStore.in_memory()
            self.engine.autosaver = AutoSaver(self.engine.progress)

    def best(self) -> Solution | None:
        """The fewest-pushes solution of the test play just left, if it was solved."""
        level = self.engine.session.level
        if not self.active or level is None:
            return None
        record = self.engine.progress.level_record(self.engine.session.collection_id, level)
        return record.best_pushes if record is not None else None

    def unshield(self) -> None:
        """The player's own store again (the editor is on top between test plays)."""
        if self._saved is not None and self.engine.progress is not self._saved[1]:
            self.engine.progress.close()
            self.engine.progress, self.engine.autosaver = self._saved[1], self._saved[2]

    def finish(self) -> None:
        """The editor leaves: the session and statistics from before the first test play."""
        self.unshield()
        if self._saved is not None:
            session, _, _, statistics = self._saved
            self.engine.session.__dict__.update(session.__dict__)
            self.engine.statistics.__dict__.update(statistics.__dict__)
            self._saved = None
