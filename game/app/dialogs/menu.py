"""A menu as a model: a vertical list of choices moved and chosen by commands, without pygame.

Screens hold one and put its view model in theirs; the widget that draws it only reads that.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum


@dataclass
class Choice:
    """A line of a menu: choosing it runs ``action``; left and right call ``adjust`` with -1
    or +1; ``value`` says the setting it adjusts."""

    label: str
    action: Callable[[], object] | None = None
    adjust: Callable[[int], None] | None = None
    value: Callable[[], str] | None = None
    enabled: bool = True


class MenuKey(Enum):
    """What the keys do to a menu."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    CHOOSE = "choose"


@dataclass(frozen=True)
class PointAt:
    """The pointer rests on line ``index``: it becomes the chosen one."""

    index: int


@dataclass(frozen=True)
class ClickOn:
    """A click on line ``index``: it is chosen; on a line that only adjusts, ``side`` (-1 or
    +1, by the half clicked) says which way."""

    index: int
    side: int = 0


MenuCommand = MenuKey | PointAt | ClickOn


@dataclass(frozen=True)
class MenuLine:
    """One line as it is drawn: its words, the setting's value (if it has one), and whether it
    can be chosen and adjusted."""

    label: str
    value: str | None = None
    enabled: bool = True
    adjusts: bool = False


@dataclass(frozen=True)
class MenuView:
    """A menu's view model: its lines and the chosen one."""

    lines: tuple[MenuLine, ...]
    selected: int


class MenuModel:
    """A vertical list of choices; the chosen one is always an enabled one if any is."""

    def __init__(self, choices: Sequence[Choice]) -> None:
        self.choices = list(choices)
        self.selected = next((i for i, choice in enumerate(self.choices) if choice.enabled), 0)

    @property
    def current(self) -> Choice:
        return self.choices[self.selected]

    def move(self, offset: int) -> None:
        """The next enabled line ``offset`` away, round the ends."""
        count = len(self.choices)
        index = self.selected
        for _ in range(count):
            index = (index + offset) % count
            if self.choices[index].enabled:
                self.selected = index
                return

    def select(self, index: int) -> None:
        if 0 <= index < len(self.choices) and self.choices[index].enabled:
            self.selected = index

    def handle(self, command: MenuCommand) -> bool:
        """Do ``command``; False if it meant nothing here (a key the menu does not use)."""
        match command:
            case MenuKey.UP | MenuKey.DOWN:
                self.move(-1 if command is MenuKey.UP else 1)
            case MenuKey.LEFT | MenuKey.RIGHT:
                return self._adjust(-1 if command is MenuKey.LEFT else 1)
            case MenuKey.CHOOSE:
                return self._choose(self.selected, 0)
            case PointAt(index):
                self.select(index)
            case ClickOn(index, side):
                if not 0 <= index < len(self.choices) or not self.choices[index].enabled:
                    return False
                self.selected = index
                return self._choose(index, side)
        return True

    def _adjust(self, step: int) -> bool:
        choice = self.current
        if choice.adjust is None or not choice.enabled:
            return False
        choice.adjust(step)
        return True

    def _choose(self, index: int, side: int) -> bool:
        choice = self.choices[index]
        if not choice.enabled:
            return False
        if choice.action is not None:
            choice.action()
        elif choice.adjust is not None:
            choice.adjust(side or 1)
        else:
            return False
        return True

    def view(self) -> MenuView:
        lines = tuple(
            MenuLine(
                choice.label,
                choice.value() if choice.value is not None else None,
                choice.enabled,
                choice.adjust is not None,
            )
            for choice in self.choices
        )
        return MenuView(lines, self.selected)
