"""An independent checker of SOK files: replays every ``Solution`` section on the board above it
with its own minimal Sokoban rules, sharing no code with the game (it imports nothing of game/).

    python tools/check_sok.py FILE.sok

Prints a line per solution (its line, the board's number, moves and pushes, ok or why not) and
exits 1 if any does not solve its board or its header's counts are wrong, 2 if the file holds
no solution.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

BOARD_CHARACTERS = set(" #@+$*.-_")
STEPS = {"l": (0, -1), "r": (0, 1), "u": (-1, 0), "d": (1, 0)}
SOLUTION = re.compile(r"solution(?![a-z0-9_])", re.IGNORECASE)
COUNTS = re.compile(r"moves\s+(\d+)\s*,\s*pushes\s+(\d+)", re.IGNORECASE)
RUN = re.compile(r"(\d+)([lurdLURD])")


def is_board(line: str) -> bool:
    text = line.rstrip()
    return "#" in text and not text.lstrip().startswith(";") and set(text) <= BOARD_CHARACTERS


def expand(moves: str) -> str:
    compact = "".join(moves.split())
    return RUN.sub(lambda match: match.group(2) * int(match.group(1)), compact)


def replay(rows: list[str], moves: str) -> tuple[int, int, str]:
    """Moves and pushes made, and "" if the moves solve the board, else why not."""
    walls, goals, boxes = set(), set(), set()
    player = (-1, -1)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "#":
                walls.add((r, c))
            if ch in ".+*":
                goals.add((r, c))
            if ch in "$*":
                boxes.add((r, c))
            if ch in "@+":
                player = (r, c)
    made = pushes = 0
    for letter in moves:
        if letter.lower() not in STEPS:
            return made, pushes, f"{letter!r} is not a move"
        dr, dc = STEPS[letter.lower()]
        ahead = (player[0] + dr, player[1] + dc)
        if ahead in walls:
            return made, pushes, f"move {made + 1} walks into a wall"
        if ahead in boxes:
            beyond = (ahead[0] + dr, ahead[1] + dc)
            if beyond in walls or beyond in boxes:
                return made, pushes, f"move {made + 1} pushes a box that cannot move"
            if not letter.isupper():
                return made, pushes, f"move {made + 1} pushes but is lowercase"
            boxes.remove(ahead)
            boxes.add(beyond)
            pushes += 1
        elif letter.isupper():
            return made, pushes, f"move {made + 1} is uppercase but pushes nothing"
        player = ahead
        made += 1
    if boxes != goals:
        return made, pushes, "not every box is on a goal at the end"
    return made, pushes, ""


def check(text: str) -> list[tuple[int, int, int, int, str]]:
    """(line, board number, moves, pushes, problem) for every Solution section of ``text``."""
    lines = text.splitlines()
    results = []
    board: list[str] = []
    number = 0
    index = 0
    while index < len(lines):
        line = lines[index]
        if is_board(line):
            if index == 0 or not is_board(lines[index - 1]):
                board, number = [], number + 1
            board.append(line)
            index += 1
            continue
        if not SOLUTION.match(line.strip()):
            index += 1
            continue
        header = line.strip()
        moves = header.partition(":")[2] if header[8:].lstrip().startswith(":") else ""
        end = index + 1
        while end < len(lines) and lines[end].strip() and set(lines[end].strip()) <= set(
            "lurdLURD0123456789 "
        ):
            moves += lines[end]
            end += 1
        made, pushes, problem = replay(board, expand(moves)) if board else (0, 0, "no board")
        stated = COUNTS.search(header)
        if not problem and stated and (int(stated[1]), int(stated[2])) != (made, pushes):
            problem = f"the header says {stated[1]}/{stated[2]}, the replay makes {made}/{pushes}"
        results.append((index + 1, number, made, pushes, problem))
        index = end
    return results


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: check_sok.py FILE.sok", file=sys.stderr)
        return 2
    text = Path(sys.argv[1]).read_text(encoding="utf-8-sig")
    results = check(text)
    for line, number, made, pushes, problem in results:
        print(f"line {line}: board {number}: {made} moves, {pushes} pushes: {problem or 'ok'}")
    if not results:
        print("no Solution sections", file=sys.stderr)
        return 2
    failed = sum(1 for result in results if result[4])
    print(f"{len(results) - failed} of {len(results)} solutions solve their board")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
