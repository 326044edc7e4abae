"""Write the game's drawn sprites and synthesised sounds into assets/ as PNG and WAV files.

The game itself draws and synthesises them at run time; these files are the record to look at
and listen to. Run: ``python tools/make_assets.py [--out assets]``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.audio.synth import SAMPLE_RATE, SOUND_NAMES, synthesize, write_wav
from game.core.direction import Direction
from game.ui.sprites import SpriteKind, SpriteSheet

SHEET_SIZES = (32, 64)
# One row of the sheet: every tile, then the player facing each way.
SHEET_CELLS: tuple[tuple[SpriteKind, Direction | None], ...] = (
    (SpriteKind.FLOOR, None),
    (SpriteKind.WALL, None),
    (SpriteKind.GOAL, None),
    (SpriteKind.BOX, None),
    (SpriteKind.BOX_ON_GOAL, None),
    *((SpriteKind.PLAYER, direction) for direction in Direction),
)


def render_sheet(tile_size: int) -> pygame.Surface:
    """All sprites side by side on a transparent strip, in ``SHEET_CELLS`` order."""
    sheet = SpriteSheet(tile_size)
    strip = pygame.Surface((tile_size * len(SHEET_CELLS), tile_size), pygame.SRCALPHA)
    for column, (kind, facing) in enumerate(SHEET_CELLS):
        strip.blit(sheet.get(kind, facing), (column * tile_size, 0))
    return strip


def write_assets(out: Path) -> list[Path]:
    """Write the sprite sheets and the sounds under ``out``; return the files written."""
    written: list[Path] = []
    sprites = out / "sprites"
    sounds = out / "sounds"
    sprites.mkdir(parents=True, exist_ok=True)
    sounds.mkdir(parents=True, exist_ok=True)
    for tile_size in SHEET_SIZES:
        path = sprites / f"sheet_{tile_size}.png"
        pygame.image.save(render_sheet(tile_size), str(path))
        written.append(path)
    for name in SOUND_NAMES:
        path = sounds / f"{name}.wav"
        write_wav(path, synthesize(name, SAMPLE_RATE), SAMPLE_RATE)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write sprite sheets and sounds into assets/.")
    default_out = Path(__file__).resolve().parent.parent / "assets"
    parser.add_argument("--out", type=Path, default=default_out, help="assets folder to write")
    args = parser.parse_args(argv)
    for path in write_assets(args.out):
        print(f"{path}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
