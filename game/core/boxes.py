"""The set of squares that hold a box, changed in place as boxes are pushed.

One ``BoxList`` belongs to each play state; the engine exposes the current one as a service.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


class BoxList:
    """Mutable set of box squares with the operations pushing needs."""

    __slots__ = ("_squares",)

    def __init__(self, squares: Iterable[int] = ()) -> None:
        self._squares: set[int] = set(squares)

    def add(self, square: int) -> None:
        if square in self._squares:
            raise ValueError(f"square {square} already holds a box")
        self._squares.add(square)

    def remove(self, square: int) -> None:
        self._squares.remove(square)

    def move(self, source: int, target: int) -> None:
        """Move the box on ``source`` to ``target``; ValueError if that is not possible."""
        if source not in self._squares:
            raise ValueError(f"no box on square {source}")
        if target in self._squares:
            raise ValueError(f"square {target} already holds a box")
        self._squares.remove(source)
        self._squares.add(target)

    def is_box(self, square: int) -> bool:
        return square in self._squares

    def frozen(self) -> frozenset[int]:
        return frozenset(self._squares)

    def copy(self) -> BoxList:
        return BoxList(self._squares)

    def __contains__(self, square: object) -> bool:
        return square in self._squares

    def __iter__(self) -> Iterator[int]:
        return iter(sorted(self._squares))

    def __len__(self) -> int:
        return len(self._squares)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, BoxList):
            return self._squares == other._squares
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        return f"BoxList({sorted(self._squares)})"
