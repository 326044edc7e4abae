"""The editor's conversations: a new level's size, saving under a name, the details, test play.

Each conversation through several dialogs is one flow (game.app.dialogs.flows), read top down.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.app import navigation
from game.app.context import PlayContext
from game.app.dialogs.flows import Flow, ask_checked_text, ask_text, ask_yes_no, run_flow
from game.app.editor.editor_check import Verdict
from game.app.editor.editor_controller import EditorController
from game.app.notice import Tone
from game.app.screens import EditorScreen, PlayScreen
from game.app.session import Session
from game.app.shell import Shell
from game.core.collection import Collection, collection_to_text
from game.core.edit_checks import level_or_problem
from game.core.edit_grid import Grid, parse_size, too_large
from game.core.errors import LevelError
from game.core.level import Level
from game.core.level_ref import LevelTexts, MyCollection, TextOrigin
from game.core.problems import Problem, ProblemKind, refusal
from game.storage import user_levels
from game.storage.records import Solution
from game.storage.user_levels import DEFAULT_COLLECTION, MAX_NAME_LENGTH

DEFAULT_SIZE = "10x8"
MAX_DETAIL_LENGTH = 500


def _size_problem(text: str) -> Problem | None:
    try:
        parse_size(text)
    except ValueError as error:
        return refusal(str(error))
    return None


def ask_new_level(shell: Shell) -> None:
    """Ask the size of a new level, then open the editor on an empty board of that size."""

    def flow() -> Flow:
        size = yield from ask_checked_text(
            "New level", "Width x height, 3x3 to 64x64", _size_problem, DEFAULT_SIZE, 12
        )
        if size is not None:
            shell.open(EditorScreen(Grid.empty(*parse_size(size))))

    run_flow(shell.open, flow())


def edit_level(shell: Shell, level: Level) -> None:
    """Edit a copy of ``level``; saving puts the copy into the player's own levels. A level
    larger than the editor takes is refused in a message (files allow larger ones)."""
    problem = too_large(level.width, level.height)
    if problem is not None:
        navigation.show_problem(shell, problem)
        return
    shell.open(EditorScreen(level))


def open_user_levels(shell: Shell) -> None:
    """Open one of the player's own collections in level select (asks which if several)."""
    names = user_levels.collection_names()

    def unknown(name: str) -> Problem | None:
        return None if name in names else refusal(f"no collection is called {name!r}")

    def flow() -> Flow:
        name: str | None = names[0]
        if len(names) != 1:
            name = yield from ask_checked_text(
                "Your levels",
                "Which collection: " + ", ".join(names),
                unknown,
                DEFAULT_COLLECTION,
                MAX_NAME_LENGTH,
            )
        if name is not None:
            _open_user_collection(shell, name)

    run_flow(shell.open, flow())


def _open_user_collection(shell: Shell, name: str) -> None:
    try:
        collection = user_levels.load(name)
    except LevelError as error:
        navigation.show_message(shell, "Cannot open your levels", error.reason)
        return
    if not collection.levels:
        navigation.show_message(
            shell, name, "No levels saved here yet: make one in the level editor (E edits a copy)"
        )
        return
    navigation.open_collection(shell, collection, MyCollection(name))


class EditorDialogs:
    """The editor's conversations: save (with its checks and questions) and the details."""

    def __init__(self, shell: Shell, editor: EditorController, collection: str) -> None:
        self.shell = shell
        self.editor = editor
        self.collection = collection

    def save(self, then: Callable[[], object] | None = None) -> None:
        """Ctrl+S: refused at once, with the reason, if the grid is not a level; else the name,
        the questions the level calls for, and the write (then ``then``)."""
        level = level_or_problem(self.editor.grid)
        if isinstance(level, Problem):
            refused = Problem(ProblemKind.SAVE_REFUSED, level.detail)
            self.editor.notify(refused.text, Tone.DANGER)
            self.editor.refused_save = refused
            return
        run_flow(self.shell.open, self._save_flow(then))

    def _save_flow(self, then: Callable[[], object] | None) -> Flow:
        editor = self.editor
        name = yield from ask_checked_text(
            "Save level",
            f"Its name in {self.collection} (at most {MAX_NAME_LENGTH} characters)",
            self._level_problem,
            editor.metadata.title,
            MAX_NAME_LENGTH,
        )
        if name is None:
            return
        level = self._named_level(name)
        if isinstance(level, Problem):
            return
        if editor.check.verdict is Verdict.UNSOLVABLE or editor.marked_boxes():
            anyway = yield from ask_yes_no(
                "Cannot be solved", "The solver says this level cannot be solved. Save it anyway?"
            )
            if not anyway:
                return
        if user_levels.has_level(self.collection, level.title):
            replacing = yield from ask_yes_no(
                "Replace it?",
                f"{self.collection} already has a level called {level.title}. Replace it?",
            )
            if not replacing:
                return
        problem = user_levels.save_level(self.collection, level)
        if problem is not None:
            navigation.show_problem(self.shell, problem)
            return
        editor.set_metadata(replace(editor.metadata, title=level.title))
        editor.mark_saved()
        editor.notify(f"Saved as {level.title} in {self.collection}", Tone.GOOD)
        if then is not None:
            then()

    def _named_level(self, name: str) -> Level | Problem:
        """The level under ``name`` with its metadata, or why it cannot be saved."""
        meta = self.editor.metadata
        return level_or_problem(
            self.editor.grid,
            title=name,
            author=meta.author,
            comment=meta.comment,
            solution=meta.solution,
        )

    def _level_problem(self, name: str) -> Problem | None:
        problem = user_levels.title_problem(name, "level name")
        if problem is not None:
            return problem
        level = self._named_level(name)
        if isinstance(level, Problem):
            return Problem(ProblemKind.SAVE_REFUSED, level.detail)
        return None

    def save_into(self) -> None:
        """Save into another of the player's collections (a new one is made on saving)."""

        def flow() -> Flow:
            names = ", ".join(user_levels.collection_names())
            name = yield from ask_checked_text(
                "Save into collection",
                f"Yours: {names}; a new name makes one",
                user_levels.collection_name_problem,
                self.collection,
                MAX_NAME_LENGTH,
            )
            if name is not None:
                self.collection = name
                self.save()

        run_flow(self.shell.open, flow())

    def details(self) -> None:
        """Title, then author, then comment, each in its own dialog (Esc stops)."""
        editor = self.editor

        def title_problem(text: str) -> Problem | None:
            return user_levels.title_problem(text) if text else None

        def flow() -> Flow:
            meta = editor.metadata
            title = yield from ask_checked_text(
                "Title", "Enter keeps it, Esc stops", title_problem, meta.title, MAX_DETAIL_LENGTH
            )
            if title is None:
                return
            editor.set_metadata(replace(editor.metadata, title=title))
            author = yield from ask_text(
                "Author", "Enter keeps it, Esc stops", meta.author, MAX_DETAIL_LENGTH
            )
            if author is None:
                return
            editor.set_metadata(replace(editor.metadata, author=author.strip()))
            comment = yield from ask_text(
                "Comment", "Enter keeps it, Esc stops", meta.comment, MAX_DETAIL_LENGTH
            )
            if comment is not None:
                editor.set_metadata(replace(editor.metadata, comment=comment.strip()))

        run_flow(self.shell.open, flow())


def level_text(level: Level) -> str:
    """A level with its title and solution as one text a friend can paste."""
    return collection_to_text(Collection(levels=[level]))


class TestPlay:
    """A test play of the level being edited, in a play context of its own.

    Its progress goes to a store in memory, so neither Continue nor the statistics hear of it;
    leaving pops the context as a whole and the player's own comes back untouched.
    """

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self._context: PlayContext | None = None

    @property
    def active(self) -> bool:
        return self._context is not None

    def start(self, level: Level) -> None:
        session = Session()
        origin = TextOrigin.TEST_PLAY
        session.open(Collection(title=origin.title, levels=[level]), LevelTexts(origin))
        self._context = PlayContext.in_memory(session)
        self.shell.push_context(self._context)
        self.shell.open(PlayScreen(0))

    def best(self) -> Solution | None:
        """The fewest-pushes solution of the test play, if it was solved."""
        context = self._context
        level = context.session.level if context is not None else None
        if context is None or level is None:
            return None
        record = context.progress.level_record(context.session.collection_id, level)
        return record.best_pushes if record is not None else None

    def finish(self) -> None:
        """Back in the editor: the player's own context again."""
        if self._context is not None:
            self._context = None
            self.shell.pop_context()
