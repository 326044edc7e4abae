"""GameEngine: the fixed-tick loop, the scene stack and the services, one instance per program.

Logic ticks 60 times a second, with capped catch-up; each frame is drawn once, interpolated.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

import pygame

from game.app.context import ContextStack, PlayContext
from game.app.jobs.job_driver import JobDriver
from game.app.jobs.ready_levels import ReadyLevels
from game.app.jobs.solver_service import SolverPort, SolverService
from game.app.screens import Screen
from game.app.settings import Settings
from game.app.shown import Shown
from game.audio.sound import SoundService
from game.core.problems import Problem
from game.engine.clipboard import Clipboard
from game.engine.key_repeat import KeyRepeat
from game.engine.rest import Clock, Rest
from game.engine.scene import Scene
from game.engine.services import ServiceRegistry
from game.engine.stack import SceneStack
from game.engine.ticks import TICK_SECONDS, TickAccount
from game.engine.window import Window
from game.storage.store import ProgressStore

FRAME_RATE_CAP = 60
FRAME_SECONDS = 1.0 / FRAME_RATE_CAP
CAPTION = "Sokoban Arcade"
# Events after which the window must be drawn again whatever its screen shows.
_REDRAWING_EVENTS = frozenset(
    {
        pygame.VIDEORESIZE,
        pygame.VIDEOEXPOSE,
        pygame.WINDOWEXPOSED,
        pygame.WINDOWSHOWN,
        pygame.WINDOWRESTORED,
        pygame.WINDOWSIZECHANGED,
    }
)


class InputSource(Protocol):
    """Something that feeds input into the event queue before each frame (replays, tests)."""

    def before_frame(self, engine: GameEngine) -> None: ...


class GameEngine:
    """An engine: display, scene stack, fixed-tick loop and the services it is given. Nothing
    reaches it from afar (no singleton); only one is open at a time, since pygame has one
    display per process."""

    _open: ClassVar[bool] = False

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        sound_enabled: bool = True,
        caption: str = CAPTION,
        solver: SolverPort | None = None,
        sound: SoundService | None = None,
        clock: Clock = time,
        icon: pygame.Surface | None = None,
    ) -> None:
        """The engine, its window (at ``size``, or fitted to the screen) and the services it is
        given: ``solver`` (by default the real service, started on its first job), ``sound``
        (by default one enabled as ``sound_enabled`` says) and the ``clock`` its loop runs on
        (tests give stand-ins)."""
        if GameEngine._open:
            raise RuntimeError("there is already a GameEngine; shut it down first")
        self.window = Window(size, caption, icon)  # the icon is drawn by the layers above
        pygame.font.init()
        # Held keys repeat in the fixed-tick logic, not through SDL's key repeat.
        pygame.key.set_repeat(0)

        self.settings = Settings()
        # Services of the layers above (sprite sheets), by type.
        self.services = ServiceRegistry()
        self.clipboard = Clipboard()
        self.sound = sound or SoundService(enabled=sound_enabled)
        self.sound.volume = self.settings.volume
        # Progress lives in memory until the game proper opens the player's store (start_game),
        # so tests, headless play and benchmarks never write to the user's folder. Test play
        # pushes a context of its own over this one.
        self.contexts = ContextStack(PlayContext.in_memory())
        # The solver service runs searches off the loop.
        # Started lazily: the worker process appears with the first request.
        self.rest = Rest(clock)
        self.solver: SolverPort = solver or SolverService(wake=self.rest.wake)
        # Every screen model's background work.
        self.jobs = JobDriver()
        # Random levels made ahead; idle until the game proper starts it (start_game).
        self.ready_levels = ReadyLevels(self.jobs, self.rest.wake)
        self.stack = SceneStack(self)

        self.running = False
        self.frame_count = 0
        self.drawn_frames = 0
        self.tick_count = 0
        self.ticks = TickAccount()
        # Draw only when something changed: a new screen, the window, or what the top shows.
        self._dirty = True
        self._drawn: Shown[Any] | None = None
        # The number of the batch of input events being handed out now (None between batches):
        # the typed text of a key press comes in the same batch as the key itself.
        self.input_batch: int | None = None
        self._batches = 0
        self._input_sources: list[InputSource] = []
        # The held key that repeats, and the scene it was pressed on.
        self.key_repeat = KeyRepeat()
        GameEngine._open = True

    def shutdown(self) -> Problem | None:
        """Leave every scene (a level being played saves itself), close the progress stores
        and the display; a new engine may be made afterwards. Returns the problem when results
        that could not be written are lost."""
        self.stack.close_all()
        lost = self.contexts.close()
        self.running = False
        self.solver.shutdown()
        self.ready_levels.stop()
        pygame.display.quit()
        GameEngine._open = False
        return lost

    # -- the play context ------------------------------------------------------------------
    @property
    def context(self) -> PlayContext:
        """The session, progress, statistics and autosave of what is being played."""
        return self.contexts.current

    @property
    def progress(self) -> ProgressStore:
        """The progress store of the current context."""
        return self.context.progress

    @property
    def player_progress(self) -> ProgressStore:
        """The player's own progress store (test play keeps another in its context)."""
        return self.contexts.player.progress

    def push_context(self, context: PlayContext) -> None:
        """Play in ``context`` until it is popped (test play keeps its own)."""
        self.contexts.push(context)

    def pop_context(self) -> None:
        """Back to the context before, closing the one on top (never the player's own)."""
        self.contexts.pop()

    def use_progress(self, store: ProgressStore) -> None:
        """Keep the player's progress in ``store`` from now on (closing the one before) and
        take its settings."""
        self.contexts.player.use_progress(store)
        self.load_settings()

    def load_settings(self) -> None:
        """Apply the settings kept in the player's store; a missing or unknown value keeps the
        current one."""
        fullscreen = self.settings.load_from(self.player_progress)
        self.sound.volume = self.settings.volume
        if fullscreen != self.settings.fullscreen:
            self.set_fullscreen(fullscreen)

    def volume_changed(self) -> None:
        """The sound takes the settings' volume, and plays a push to be heard at it."""
        self.sound.volume = self.settings.volume
        self.sound.play("push")

    def save_settings(self) -> Problem | None:
        """Keep the current settings in the player's store; None, or why they were not saved."""
        return self.settings.save_to(self.player_progress)

    # -- the scene stack -------------------------------------------------------------------
    @property
    def top(self) -> Scene[Any] | None:
        return self.stack.top

    @property
    def scenes(self) -> tuple[Scene[Any], ...]:
        return self.stack.scenes

    def top_screen(self) -> Screen | None:
        """What the top scene was opened with."""
        return self.stack.top_screen()

    def make(self, screen: Screen) -> Scene[Any]:
        """A new scene showing ``screen``, not yet opened."""
        return self.stack.make(screen)

    def open(self, screen: Screen) -> None:
        """Open ``screen`` over the current one."""
        self.stack.open(screen)

    def open_stack(self, screens: Sequence[Screen]) -> None:
        """Leave every screen (a level being played saves itself), then open ``screens``."""
        self.stack.open_stack(screens)

    def replace(self, screen: Screen) -> None:
        """Open ``screen`` in place of the top one (the one under it is not shown between)."""
        self.stack.replace(self.make(screen))

    def push(self, scene: Scene[Any]) -> None:
        """Put a scene made already on top (a dialog opening again with its problem)."""
        self.stack.push(scene)

    def pop(self) -> None:
        """Close the top scene; with none left the loop ends."""
        self.stack.pop()
        if self.stack.top is None:
            self.running = False

    def quit(self) -> None:
        self.running = False

    # -- input -----------------------------------------------------------------------------
    def add_input_source(self, source: InputSource) -> None:
        self._input_sources.append(source)

    def remove_input_source(self, source: InputSource) -> None:
        self._input_sources.remove(source)

    def _dispatch_events(self) -> None:
        events = pygame.event.get()
        self._batches += 1
        self.input_batch = self._batches
        try:
            self._deliver(events)
        finally:
            self.input_batch = None

    def _deliver(self, events: list[pygame.event.Event]) -> None:
        for event in events:
            if self.rest.note(event):
                continue  # background news: the ticks fetch it, what the screen shows draws it
            if event.type in _REDRAWING_EVENTS:
                self._dirty = True  # the window itself changed: what it shows must be drawn
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type == pygame.VIDEORESIZE:
                self.window.resized(event.w, event.h, self.settings.fullscreen)
            scene = self.top
            if scene is None:
                continue
            if event.type == pygame.DROPFILE:
                scene.on_file_dropped(event.file)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and (
                scene.show_key_help()
            ):
                continue
            else:
                scene.handle_event(event)
                self.key_repeat.follow(scene, event, self.top)

    # -- the loop --------------------------------------------------------------------------
    def step_frame(self, elapsed: float, rested: bool = False) -> int:
        """One frame: the logic ticks ``elapsed`` calls for, with the input read now before
        the last of them, then drawing if anything changed. After a rest every owed tick runs
        (idle ticks are cheap).

        Time is honest: input belongs to the moment it was read, so the ticks owed for the
        time before it run first, and only the last tick, whose span ends now, runs after it
        and answers it at once. A rest or a stall never counts toward a held key's repeat
        delay (a tap after a pause moves once, at once).

        Returns the number of ticks run.
        """
        owed = self.ticks.owe(elapsed, rested)
        for _ in range(owed - 1):
            self._tick()
        for source in list(self._input_sources):
            source.before_frame(self)
        self._dispatch_events()
        if owed > 0:
            self._tick()
        self._draw_if_changed()
        self.frame_count += 1
        return owed

    def _tick(self) -> None:
        """One logic tick of the top scene."""
        self._dirty |= self.stack.changed
        self.stack.changed = False
        # Background work that ended reaches its model before the screen's tick.
        self.jobs.tick()
        scene = self.top
        if scene is not None:
            self._dirty |= self.key_repeat.tick(scene)
            scene.update(TICK_SECONDS)
        self.tick_count += 1

    def _draw_if_changed(self) -> None:
        """Draw the top scene (and what it covers) when what it shows changed, or a moving one
        every frame; when only its ticking part changed, show just that part's area."""
        self._dirty |= self.stack.changed
        self.stack.changed = False
        top = self.top
        if top is None:
            return
        shown = top.shown()
        drawn, self._drawn = self._drawn, shown
        whole = self._dirty or shown.moving or drawn is None or shown.view != drawn.view
        if not whole and drawn is not None and shown.ticking == drawn.ticking:
            return
        self._dirty = False
        # A hidden window is not drawn; showing it again is an event, which draws it.
        if not self.rest.visible:
            return
        self.render(self.ticks.fraction, shown)
        area = None if whole else shown.ticking_area
        if area is None:
            pygame.display.flip()
        else:
            pygame.display.update(pygame.Rect(area))
        self.drawn_frames += 1

    def can_rest(self) -> bool:
        """Nothing to draw, nothing moving, no scripted input: the loop may sleep."""
        return (
            not self._dirty
            and not self.stack.changed
            and not self._input_sources
            and (self._drawn is None or not self._drawn.moving)
            and not pygame.event.peek()
        )

    def render(self, alpha: float, shown: Shown[Any] | None = None) -> None:
        """Draw the scenes in view on the window, the top one at ``alpha`` between two ticks."""
        self.stack.draw(self.screen, alpha, shown)

    def run(self, max_frames: int | None = None) -> None:
        """The real loop on the wall clock, until the last scene is gone or quit is asked."""
        self.running = True
        clock = self.rest.clock
        last = clock.perf_counter()
        frames = 0
        while self.running and self.top is not None and (max_frames is None or frames < max_frames):
            rested = self.can_rest()
            if rested:
                if self.rest.away:
                    self.sound.release()  # nobody is listening: no audio thread either
                self.rest.sleep()
            else:
                # Frames paced on the engine's own clock, so a test's clock paces them too.
                wait = last + FRAME_SECONDS - clock.perf_counter()
                if wait > 0:
                    clock.sleep(wait)
            now = clock.perf_counter()
            self.step_frame(now - last, rested)
            last = now
            frames += 1
        self.running = False

    def run_frames(self, count: int, frame_seconds: float = TICK_SECONDS) -> int:
        """Run ``count`` frames on a fake clock of ``frame_seconds`` each (tests, headless play).

        Stops early if the stack empties or quit is asked; returns the frames run.
        """
        self.running = True
        frames = 0
        while frames < count and self.running and self.top is not None:
            self.step_frame(frame_seconds)
            frames += 1
        return frames

    # -- the window ------------------------------------------------------------------------
    def set_fullscreen(self, fullscreen: bool) -> bool:
        """Switch between fullscreen and a resizable window; False if the display refused."""
        if not self.window.set_fullscreen(fullscreen):
            return False
        self.settings.fullscreen = fullscreen
        self._dirty = True
        return True

    @property
    def screen(self) -> pygame.Surface:
        """The surface every scene draws on (the window's)."""
        return self.window.surface

    @screen.setter
    def screen(self, surface: pygame.Surface) -> None:
        self.window.surface = surface


def use_headless_drivers() -> None:
    """Dummy video and audio drivers, for tests and ``--headless``; call before the engine."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
