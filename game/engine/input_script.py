"""Input scripts: a text file of key presses, typed text, clicks, waits and screenshots.

They drive the real engine through its event queue, as a player would (``--input SCRIPT``).
One action a line: ``key ctrl+s``, ``text #@ $.#``, ``click X Y``, ``rclick X Y``, ``wait N``,
``shot FILE.png``; ``#`` at the start of a line begins a comment.
"""

from __future__ import annotations

import io
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.digits import is_count
from game.core.direction import Direction
from game.core.errors import printable
from game.core.files import replace_file
from game.core.notation import parse_lurd

if TYPE_CHECKING:
    from game.engine.engine import GameEngine

_MODIFIERS = {"ctrl": pygame.KMOD_LCTRL, "shift": pygame.KMOD_LSHIFT, "alt": pygame.KMOD_LALT}
_ARROWS = {
    Direction.LEFT: "left",
    Direction.UP: "up",
    Direction.RIGHT: "right",
    Direction.DOWN: "down",
}
# A script that waits longer than this is a mistake, not a plan (an hour at 60 ticks a second).
MAX_WAIT_TICKS = 216_000
# The longest a script waits for background work the screen shows (a level made, a check, a
# hint), in wall seconds: past the solver's longest limit
# (game.app.assist_machine.SOLVE_TIME_LIMIT).
MAX_WORK_SECONDS = 180.0


class ScriptError(ValueError):
    """A line of an input script that cannot be done; says which line and why."""


@dataclass(frozen=True)
class KeyPress:
    key: int
    mod: int


@dataclass(frozen=True)
class TypeText:
    text: str


@dataclass(frozen=True)
class Click:
    pos: tuple[int, int]
    button: int


@dataclass(frozen=True)
class Wait:
    ticks: int


@dataclass(frozen=True)
class Shot:
    path: Path


Action = KeyPress | TypeText | Click | Wait | Shot


def key_events(key: int, mod: int = 0) -> list[pygame.event.Event]:
    """A key press and release as SDL would deliver them."""
    fields = {"key": key, "mod": mod, "unicode": "", "scancode": 0}
    return [pygame.event.Event(pygame.KEYDOWN, fields), pygame.event.Event(pygame.KEYUP, fields)]


def parse_key(chord: str) -> KeyPress:
    """``ctrl+shift+z`` to a key press; ValueError names what is wrong."""
    *modifiers, name = chord.lower().split("+") if chord != "+" else ["+"]
    mod = 0
    for modifier in modifiers:
        if modifier not in _MODIFIERS:
            raise ValueError(f"unknown modifier {modifier!r} (ctrl, shift or alt)")
        mod |= _MODIFIERS[modifier]
    try:
        with warnings.catch_warnings():
            # Scripts are read before the window opens; SDL's table of key names needs no
            # window (the codes come out the same with one), so pygame's warning is moot here.
            warnings.simplefilter("ignore")
            key = pygame.key.key_code(name)
    except ValueError:
        raise ValueError(
            f"unknown key {name!r} (pygame key names: return, left, a, f1...)"
        ) from None
    return KeyPress(key, mod)


def _number(word: str, what: str) -> int:
    if not is_count(word) or len(word) > 7:
        raise ValueError(f"{what} must be a whole number, not {word!r}")
    return int(word)


def parse_line(line: str) -> Action | None:
    """One line of a script; None for a blank line or a comment; ValueError if malformed."""
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return None
    verb, _, rest = line.lstrip().partition(" ")
    if verb == "text":
        # Typed text keeps its spaces: "text #@ $ .#" types six characters after "text ".
        return TypeText(rest.rstrip("\r\n"))
    words = rest.split()
    if verb == "key" and len(words) == 1:
        return parse_key(words[0])
    if verb in ("click", "rclick") and len(words) == 2:
        pos = (_number(words[0], "x"), _number(words[1], "y"))
        return Click(pos, 1 if verb == "click" else 3)
    if verb == "wait" and len(words) == 1:
        ticks = _number(words[0], "the wait")
        if ticks > MAX_WAIT_TICKS:
            raise ValueError(f"a wait of at most {MAX_WAIT_TICKS} ticks")
        return Wait(ticks)
    if verb == "shot" and len(words) == 1 and words[0].lower().endswith(".png"):
        return Shot(Path(words[0]))
    raise ValueError(
        "expected 'key NAME', 'text STRING', 'click X Y', 'rclick X Y', 'wait N' or 'shot FILE.png'"
    )


def parse_script(text: str) -> list[Action]:
    """Every action of a script, in order; ScriptError with the line number of a bad line."""
    actions = []
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            action = parse_line(line)
        except ValueError as error:
            raise ScriptError(f"line {number}: {error}") from None
        if action is not None:
            actions.append(action)
    return actions


def lurd_actions(lurd: str) -> list[Action]:
    """A move string as arrow key presses (the game decides from the board what pushes)."""
    return [parse_key(_ARROWS[Direction.from_letter(letter)]) for letter in parse_lurd(lurd)]


class InputScript:
    """An input source that does one action a frame, each once the top screen is idle and the
    background work it shows is over (so a script means the same on a fast and a slow machine),
    for at most ``work_seconds`` of wall time each."""

    def __init__(self, actions: list[Action], work_seconds: float = MAX_WORK_SECONDS) -> None:
        self.actions = actions
        self.done = 0
        self._waiting = 0
        self.work_seconds = work_seconds
        # Since when (wall clock) the script waits for the screen's background work.
        self._work_since: float | None = None
        self.problem: str | None = None

    @property
    def waiting_for_work(self) -> bool:
        """The script waits for background work, which takes wall time, not frames."""
        return self._work_since is not None

    @property
    def finished(self) -> bool:
        """Every action done, and the background work the last one started over too (an
        import the script ends on is filed, not dropped)."""
        return self.done >= len(self.actions) and self._waiting == 0 and not self.waiting_for_work

    def before_frame(self, engine: GameEngine) -> None:
        if self._waiting > 0:
            self._waiting -= 1
            return
        scene = engine.top
        if scene is None:
            return
        shown = scene.shown()
        work = shown.work
        if work is not None and (self.done < len(self.actions) or self.problem is None):
            now = time.monotonic()
            if self._work_since is None:
                self._work_since = now
            elif now - self._work_since > self.work_seconds:
                self.problem = (
                    f"the input script gave up waiting for {work.wording} after "
                    f"{self.work_seconds:g} s, at action {self.done + 1}"
                )
                self.done = len(self.actions)
                self._work_since = None
            return
        self._work_since = None
        if self.done >= len(self.actions) or not shown.idle:
            return
        action = self.actions[self.done]
        self.done += 1
        if isinstance(action, KeyPress):
            for event in key_events(action.key, action.mod):
                pygame.event.post(event)
        elif isinstance(action, TypeText):
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=action.text))
        elif isinstance(action, Click):
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=action.pos, button=action.button))
        elif isinstance(action, Wait):
            self._waiting = action.ticks
        else:
            self._shot(engine, action.path)

    def _shot(self, engine: GameEngine, path: Path) -> None:
        try:
            save_image(engine.screen, path)
        except (pygame.error, OSError) as error:
            self.problem = f"cannot save {printable(path)}: {error}"


def save_image(surface: pygame.Surface, path: Path) -> None:
    """Write ``surface`` as an image at exactly ``path`` (its format from the suffix; PNG when
    the suffix names none), whole or not at all.

    The image is made in memory and written by the game's own atomic write: pygame given a
    name that is not UTF-8 wrote a file under another name."""
    suffix = path.suffix.lower()
    hint = f"shot{suffix}" if suffix in (".png", ".jpg", ".jpeg", ".bmp", ".tga") else "shot.png"
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, hint)
    replace_file(path, buffer.getvalue())
