"""Board sprites drawn in code at any tile size: floor, wall, goal, crates and the player.

Each sprite is painted at several times its size and scaled down smoothly, which anti-aliases
every edge, so the same drawing looks clean from 16 to 96 pixels and beyond.
"""

from __future__ import annotations

import random
from enum import Enum

import pygame

from game.core.direction import Direction
from game.ui import theme

Point = tuple[float, float]
# RGB, or RGBA to write translucent pixels straight onto a still empty part of the canvas.
Paint = tuple[int, int, int] | tuple[int, int, int, int]

# Painting at this many times the tile size, then smoothscaling down, anti-aliases the edges;
# large tiles need less of it and would cost more. Powers of two keep smoothscale exact (at 3x
# it rounds opaque pixels down to alpha 253).
_SMALL_TILE_SUPERSAMPLE = 4
_LARGE_TILE_SUPERSAMPLE = 2
_LARGE_TILE = 64
# The window's icon: window systems scale it down for task bars and title bars. The crate and the
# player each take this share of its side, overlapping a little in the middle.
ICON_SIZE = 64
ICON_PART = 0.7


class SpriteKind(Enum):
    """What a sprite shows. OUTSIDE is transparent: the screen's background shows through."""

    FLOOR = "floor"
    WALL = "wall"
    GOAL = "goal"
    BOX = "box"
    BOX_ON_GOAL = "box_on_goal"
    PLAYER = "player"
    OUTSIDE = "outside"


# Tiles that cover their whole square; the others are blitted over a floor or goal tile.
OPAQUE_KINDS = frozenset({SpriteKind.FLOOR, SpriteKind.WALL, SpriteKind.GOAL})


class SpriteSheet:
    """All board sprites at one tile size, each drawn on first use and then reused."""

    def __init__(self, tile_size: int) -> None:
        if tile_size < 1:
            raise ValueError(f"tile size must be at least 1 pixel, not {tile_size}")
        self.tile_size = tile_size
        self._sprites: dict[tuple[SpriteKind, Direction | None], pygame.Surface] = {}

    def get(self, kind: SpriteKind, facing: Direction | None = None) -> pygame.Surface:
        """The sprite of ``kind``; ``facing`` matters only for the player (default: down)."""
        facing = (facing or Direction.DOWN) if kind is SpriteKind.PLAYER else None
        key = (kind, facing)
        sprite = self._sprites.get(key)
        if sprite is None:
            sprite = _finish(render_sprite(kind, self.tile_size, facing), kind in OPAQUE_KINDS)
            self._sprites[key] = sprite
        return sprite


def app_icon(size: int = ICON_SIZE) -> pygame.Surface:
    """The window's icon: a crate with the player in front of it, by the board's own painters."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    part = round(size * ICON_PART)
    icon.blit(render_sprite(SpriteKind.BOX, part), (size - part, 0))
    icon.blit(render_sprite(SpriteKind.PLAYER, part), (0, size - part))
    return icon


def render_sprite(
    kind: SpriteKind, tile_size: int, facing: Direction | None = None
) -> pygame.Surface:
    """A freshly painted ``tile_size`` square sprite with per-pixel alpha (not cached)."""
    factor = _SMALL_TILE_SUPERSAMPLE if tile_size <= _LARGE_TILE else _LARGE_TILE_SUPERSAMPLE
    canvas = _Canvas(tile_size * factor, tile_size)
    _PAINTERS[kind](canvas, facing or Direction.DOWN)
    return pygame.transform.smoothscale(canvas.surface, (tile_size, tile_size))


def _finish(sprite: pygame.Surface, opaque: bool) -> pygame.Surface:
    # Converting needs a display mode; without one the surface is returned as drawn.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return sprite.convert() if opaque else sprite.convert_alpha()
    return sprite


class _Canvas:
    """A square surface addressed in tile units (0..1), painted at ``size`` pixels.

    ``tile_size`` is the size the sprite will be shown at, so lines can be kept at least one
    real pixel wide.
    """

    def __init__(self, size: int, tile_size: int) -> None:
        self.size = size
        self.scale = size / tile_size
        self.surface = pygame.Surface((size, size), pygame.SRCALPHA)
        # Transparent pixels carry a dark outline colour, so smoothscale blends no light halo in.
        self.surface.fill((*theme.PLAYER_OUTLINE, 0))

    @property
    def shown_pixel(self) -> float:
        """One pixel of the finished sprite, in tile units."""
        return self.scale / self.size

    def px(self, unit: float) -> int:
        return round(unit * self.size)

    def width(self, unit: float, min_pixels: float = 1.0) -> int:
        """A line width of ``unit`` tile units, but never thinner than ``min_pixels`` shown."""
        return max(1, round(max(unit * self.size, min_pixels * self.scale)))

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        left, top = self.px(x), self.px(y)
        return pygame.Rect(left, top, self.px(x + w) - left, self.px(y + h) - top)

    def point(self, p: Point) -> tuple[int, int]:
        return self.px(p[0]), self.px(p[1])

    def fill_rect(
        self, color: Paint, x: float, y: float, w: float, h: float, radius: float = 0.0
    ) -> None:
        pygame.draw.rect(self.surface, color, self.rect(x, y, w, h), border_radius=self.px(radius))

    def frame_rect(
        self,
        color: Paint,
        x: float,
        y: float,
        w: float,
        h: float,
        width: int,
        radius: float = 0.0,
    ) -> None:
        pygame.draw.rect(
            self.surface, color, self.rect(x, y, w, h), width, border_radius=self.px(radius)
        )

    def circle(self, color: Paint, centre: Point, radius: float, width: int = 0) -> None:
        pygame.draw.circle(self.surface, color, self.point(centre), self.px(radius), width)

    def ellipse(self, color: Paint, x: float, y: float, w: float, h: float) -> None:
        pygame.draw.ellipse(self.surface, color, self.rect(x, y, w, h))

    def stroke(self, color: Paint, points: list[Point], width: int) -> None:
        """An open line through ``points`` with round joints and ends."""
        pixels = [self.point(p) for p in points]
        pygame.draw.lines(self.surface, color, False, pixels, width)
        for pixel in pixels:
            pygame.draw.circle(self.surface, color, pixel, width / 2)

    def line(self, color: Paint, start: Point, end: Point, width: int) -> None:
        pygame.draw.line(self.surface, color, self.point(start), self.point(end), width)

    def translucent(self, color: theme.Color, alpha: int) -> pygame.Surface:
        """A same-sized layer to paint ``color`` shapes on, blended in with ``blend``.

        Over opaque pixels this mixes colours; on empty pixels draw with an RGBA Paint instead,
        as blending into transparency would darken the colour.
        """
        layer = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        layer.fill((*color, 0))
        layer.set_alpha(alpha)
        return layer

    def blend(self, layer: pygame.Surface) -> None:
        self.surface.blit(layer, (0, 0))


# --- floor, goal, wall -------------------------------------------------------------------


def _paint_floor(canvas: _Canvas, _facing: Direction) -> None:
    """A slate tile with a faint bevel and a few specks, so large floors are not flat."""
    canvas.fill_rect(theme.FLOOR_DARK, 0, 0, 1, 1)
    canvas.fill_rect(theme.FLOOR, 0.03, 0.03, 0.94, 0.94, radius=0.06)
    edge = canvas.width(0.02)
    canvas.line(theme.FLOOR_LIGHT, (0.06, 0.045), (0.94, 0.045), edge)
    canvas.line(theme.FLOOR_LIGHT, (0.045, 0.06), (0.045, 0.94), edge)
    # The same specks on every floor tile: a fixed seed keeps the sprite deterministic.
    specks = random.Random(7)
    for _ in range(14):
        x, y = specks.uniform(0.12, 0.88), specks.uniform(0.12, 0.88)
        shade = theme.FLOOR_LIGHT if specks.random() < 0.5 else theme.FLOOR_DARK
        canvas.circle(shade, (x, y), specks.uniform(0.012, 0.025))


def _paint_goal(canvas: _Canvas, facing: Direction) -> None:
    """Floor with a glowing target ring and a centre dot.

    The ring is wider than the player, so a goal he stands on still shows around him.
    """
    _paint_floor(canvas, facing)
    glow = canvas.translucent(theme.GOAL, 60)
    pygame.draw.circle(glow, theme.GOAL, canvas.point((0.5, 0.5)), canvas.px(0.45))
    canvas.blend(glow)
    canvas.circle(theme.GOAL_GLOW, (0.5, 0.5), 0.42, canvas.width(0.1, 1.5))
    canvas.circle(theme.GOAL, (0.5, 0.5), 0.4, canvas.width(0.06, 1.0))
    canvas.circle(theme.GOAL_GLOW, (0.5, 0.5), 0.15)
    canvas.circle(theme.GOAL, (0.5, 0.5), 0.12)
    canvas.circle(theme.TEXT, (0.47, 0.47), 0.04)


def _paint_wall(canvas: _Canvas, _facing: Direction) -> None:
    """Two courses of bevelled bricks on dark mortar; tiles repeat seamlessly side by side."""
    canvas.fill_rect(theme.WALL_MORTAR, 0, 0, 1, 1)
    gap = 0.035
    courses = (
        (0.0, ((-0.5, 0.5), (0.5, 1.5))),
        (0.5, ((-0.25, 0.25), (0.25, 0.75), (0.75, 1.25))),
    )
    for top, bricks in courses:
        for left, right in bricks:
            _paint_brick(canvas, left + gap / 2, top + gap / 2, right - left - gap, 0.5 - gap)


def _paint_brick(canvas: _Canvas, x: float, y: float, w: float, h: float) -> None:
    bevel = max(0.06, 1.2 * canvas.shown_pixel)
    canvas.fill_rect(theme.WALL_DARK, x, y, w, h, radius=0.03)
    canvas.fill_rect(theme.WALL_LIGHT, x, y, w - bevel / 2, h - bevel / 2, radius=0.03)
    canvas.fill_rect(theme.WALL, x + bevel / 2, y + bevel / 2, w - bevel, h - bevel, radius=0.02)


# --- crates ------------------------------------------------------------------------------


def _paint_crate(
    canvas: _Canvas,
    body: theme.Color,
    light: theme.Color,
    dark: theme.Color,
    outline: theme.Color,
) -> None:
    """A wooden crate: a framed box with planks and a diagonal brace, lit from the top left."""
    margin, size = 0.1, 0.8
    canvas.fill_rect((*theme.SHADOW, 110), margin + 0.04, margin + 0.07, size, size, radius=0.1)
    line = canvas.width(0.035, 1.0)
    canvas.fill_rect(outline, margin, margin, size, size, radius=0.1)
    inner = margin + line / canvas.size
    inner_size = size - 2 * line / canvas.size
    canvas.fill_rect(dark, inner, inner, inner_size, inner_size, radius=0.08)
    canvas.fill_rect(body, inner, inner, inner_size - 0.03, inner_size - 0.03, radius=0.08)
    # Planks behind the frame.
    panel = 0.27
    panel_size = 1 - 2 * panel
    canvas.fill_rect(dark, panel, panel, panel_size, panel_size)
    for plank in range(3):
        top = panel + plank * panel_size / 3
        canvas.fill_rect(body, panel, top + 0.012, panel_size, panel_size / 3 - 0.03)
        canvas.line(light, (panel, top + 0.02), (1 - panel, top + 0.02), canvas.width(0.012))
    # The diagonal brace, clipped to the panel so its thick ends stay square.
    brace = canvas.width(0.1, 2.0)
    canvas.surface.set_clip(canvas.rect(panel, panel, panel_size, panel_size))
    canvas.line(outline, (panel, 1 - panel), (1 - panel, panel), brace + line)
    canvas.line(light, (panel, 1 - panel), (1 - panel, panel), brace)
    canvas.surface.set_clip(None)
    canvas.frame_rect(outline, panel, panel, panel_size, panel_size, canvas.width(0.02))
    canvas.line(light, (inner + 0.03, inner + 0.03), (1 - inner - 0.05, inner + 0.03), line)
    canvas.line(light, (inner + 0.03, inner + 0.03), (inner + 0.03, 1 - inner - 0.05), line)
    for corner_x in (0.185, 0.815):
        for corner_y in (0.185, 0.815):
            canvas.circle(outline, (corner_x, corner_y), 0.03)
            canvas.circle(light, (corner_x - 0.008, corner_y - 0.008), 0.012)


def _paint_box(canvas: _Canvas, _facing: Direction) -> None:
    _paint_crate(canvas, theme.CRATE, theme.CRATE_LIGHT, theme.CRATE_DARK, theme.CRATE_OUTLINE)


def _paint_box_on_goal(canvas: _Canvas, _facing: Direction) -> None:
    """The crate in emerald with a halo and a check mark: done at a glance, even at 16 px."""
    canvas.fill_rect((*theme.GOOD, 110), 0.04, 0.04, 0.92, 0.92, radius=0.15)
    _paint_crate(
        canvas,
        theme.CRATE_DONE,
        theme.CRATE_DONE_LIGHT,
        theme.CRATE_DONE_DARK,
        theme.CRATE_DONE_OUTLINE,
    )
    canvas.circle(theme.CRATE_DONE_OUTLINE, (0.5, 0.5), 0.2)
    canvas.circle(theme.GOAL, (0.5, 0.5), 0.17)
    tick = [(0.415, 0.5), (0.475, 0.565), (0.59, 0.435)]
    canvas.stroke(theme.CRATE_DONE_OUTLINE, tick, canvas.width(0.075, 1.5))
    canvas.stroke(theme.TEXT, tick, canvas.width(0.04))


# --- the player --------------------------------------------------------------------------


def _paint_player(canvas: _Canvas, facing: Direction) -> None:
    """A round coral character seen from the front, side or back, by ``facing``.

    The eyes and the reaching hand point the way he faces and the antenna trails behind, so
    the facing still reads at 16 pixels.
    """
    canvas.ellipse((*theme.SHADOW, 110), 0.2, 0.78, 0.6, 0.15)
    outline = canvas.width(0.035, 1.0)
    sideways = facing.dx * 0.04
    for foot_x in (0.27, 0.53):
        _outlined_ellipse(canvas, theme.PLAYER_DARK, foot_x + sideways, 0.73, 0.2, 0.14, outline)
    lean = -facing.dx * 0.07
    canvas.line(theme.PLAYER_OUTLINE, (0.5, 0.22), (0.5 + lean, 0.08), outline)
    _outlined_circle(canvas, theme.ACCENT, (0.5 + lean, 0.08), 0.055, outline)
    _outlined_ellipse(canvas, theme.PLAYER_DARK, 0.17, 0.17, 0.66, 0.63, outline)
    o = outline / canvas.size
    canvas.ellipse(theme.PLAYER, 0.17 + o, 0.17 + o, 0.62 - 2 * o, 0.58 - 2 * o)
    canvas.ellipse(theme.PLAYER_LIGHT, 0.28, 0.23, 0.15, 0.09)
    if facing is Direction.UP:
        _paint_backpack(canvas, outline)
    else:
        _paint_face(canvas, facing, outline)
    if facing.dx == 0:
        hands: tuple[Point, ...] = ((0.16, 0.58), (0.84, 0.58))
    else:
        hands = ((0.5 + facing.dx * 0.39, 0.54),)
    for hand in hands:
        _outlined_circle(canvas, theme.PLAYER_LIGHT, hand, 0.075, outline)


def _outlined_ellipse(
    canvas: _Canvas, color: theme.Color, x: float, y: float, w: float, h: float, outline: int
) -> None:
    o = outline / canvas.size
    canvas.ellipse(theme.PLAYER_OUTLINE, x, y, w, h)
    canvas.ellipse(color, x + o, y + o, w - 2 * o, h - 2 * o)


def _outlined_circle(
    canvas: _Canvas, color: theme.Color, centre: Point, radius: float, outline: int
) -> None:
    canvas.circle(theme.PLAYER_OUTLINE, centre, radius)
    canvas.circle(color, centre, radius - outline / canvas.size)


def _paint_face(canvas: _Canvas, facing: Direction, outline: int) -> None:
    shift = facing.dx * 0.1
    eye_w, eye_h, eye_top = 0.15, 0.2, 0.31
    for index, left in enumerate((0.34 + shift, 0.51 + shift)):
        # Turned sideways the far eye is partly hidden, so it is drawn narrower.
        far_eye = (facing is Direction.LEFT and index == 1) or (
            facing is Direction.RIGHT and index == 0
        )
        width = eye_w * 0.8 if far_eye else eye_w
        if far_eye and facing is Direction.RIGHT:
            left += eye_w - width
        rim = 0.015
        canvas.ellipse(
            theme.PLAYER_OUTLINE, left - rim, eye_top - rim, width + 2 * rim, eye_h + 2 * rim
        )
        canvas.ellipse(theme.EYE, left, eye_top, width, eye_h)
        pupil_x = left + width / 2 + facing.dx * width * 0.22
        pupil_y = eye_top + eye_h * (0.62 if facing is Direction.DOWN else 0.5)
        canvas.circle(theme.PUPIL, (pupil_x, pupil_y), 0.045)
        canvas.circle(theme.EYE, (pupil_x - 0.015, pupil_y - 0.017), 0.013)
    smile = canvas.rect(0.42 + shift * 1.2, 0.5, 0.16, 0.14)
    pygame.draw.arc(canvas.surface, theme.PLAYER_OUTLINE, smile, 3.5, 5.9, outline)


def _paint_backpack(canvas: _Canvas, outline: int) -> None:
    """Seen from behind there is no face: a backpack on two shoulder straps instead."""
    for strap_x in (0.33, 0.6):
        canvas.fill_rect(theme.PLAYER_OUTLINE, strap_x, 0.24, 0.07, 0.2, radius=0.02)
    canvas.fill_rect(theme.PLAYER_OUTLINE, 0.29, 0.36, 0.42, 0.34, radius=0.08)
    o = outline / canvas.size
    canvas.fill_rect(theme.CRATE, 0.29 + o, 0.36 + o, 0.42 - 2 * o, 0.34 - 2 * o, radius=0.07)
    canvas.fill_rect(theme.CRATE_DARK, 0.29 + o, 0.36 + o, 0.42 - 2 * o, 0.13, radius=0.07)
    canvas.circle(theme.ACCENT, (0.5, 0.5), 0.03)


def _paint_outside(canvas: _Canvas, _facing: Direction) -> None:
    """Nothing: outside squares show the screen's own background."""


_PAINTERS = {
    SpriteKind.FLOOR: _paint_floor,
    SpriteKind.WALL: _paint_wall,
    SpriteKind.GOAL: _paint_goal,
    SpriteKind.BOX: _paint_box,
    SpriteKind.BOX_ON_GOAL: _paint_box_on_goal,
    SpriteKind.PLAYER: _paint_player,
    SpriteKind.OUTSIDE: _paint_outside,
}
