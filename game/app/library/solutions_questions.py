"""The Solutions screen's questions before it acts: whether to leave the game being played for
a replay, and whether to delete an entry for good.

Each is a flow (game.app.dialogs.flows) over the screen, read top down.
"""

from __future__ import annotations

from collections.abc import Callable

from game.app import navigation
from game.app.dialogs.flows import Flow, ask_yes_no, run_flow
from game.app.shell import Shell
from game.core.wording import counted
from game.storage.library_entry import LibraryEntry


def replay_entry(shell: Shell, level_index: int, entry: LibraryEntry) -> None:
    """Replay ``entry`` on level ``level_index``; over a game under way, if the player says so."""

    def replay() -> None:
        navigation.replay_solution(shell, level_index, entry.lurd, f"Solution #{entry.number}")

    playing = shell.context.playing
    if playing is None or not playing.moves or playing.is_solved:
        replay()
        return

    def flow() -> Flow:
        # Opened from the pause menu: the game under it is left only if the player says so.
        if (yield from ask_yes_no(
            "Replay the solution?",
            f"Leave the level being played, with its {counted(len(playing.moves), 'move')}, "
            f"to replay #{entry.number}?",
        )):
            replay()

    run_flow(shell.open, flow())


def ask_delete(shell: Shell, entry: LibraryEntry, delete: Callable[[], None]) -> None:
    """Ask whether ``entry`` is to be deleted for good; ``delete`` does it."""
    question = (
        f"#{entry.number} ({entry.origin_text()}, {counted(entry.moves, 'move')}, "
        f"{counted(entry.pushes, 'push', 'pushes')}) will be gone for good."
    )

    def flow() -> Flow:
        if (yield from ask_yes_no("Delete the solution?", question)):
            delete()

    run_flow(shell.open, flow())
