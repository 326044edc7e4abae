"""Sound effects synthesised in pure Python as 16-bit signed mono PCM, and written as WAV.

Every sound is a few oscillators under smooth envelopes, so none of them clicks at its start
or end; the same recipe renders at any sample rate, which lets the mixer's own rate be used.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random
import sys
import wave
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

SAMPLE_RATE = 22050
FULL_SCALE = 32767
# Peaks stay below full scale, leaving headroom for several sounds mixed at once.
PEAK_LEVEL = 0.7

Samples = list[float]


class _Voice:
    """Samples of one sound being built: oscillators and noise added onto a float buffer."""

    def __init__(self, seconds: float, sample_rate: int) -> None:
        self.rate = sample_rate
        self.samples: Samples = [0.0] * max(1, round(seconds * sample_rate))

    def tone(
        self,
        start: float,
        seconds: float,
        freq: float,
        end_freq: float | None = None,
        level: float = 1.0,
        attack: float = 0.004,
        decay: float = 8.0,
        harmonics: Iterable[tuple[int, float]] = ((1, 1.0),),
    ) -> None:
        """A tone gliding from ``freq`` to ``end_freq``, with an attack and exponential decay.

        ``harmonics`` are (multiple, weight) pairs; one period of their sum is tabulated once,
        so each sample costs a table look-up instead of a sine per harmonic.
        """
        first = round(start * self.rate)
        count = min(round(seconds * self.rate), len(self.samples) - first)
        table = _wave_table(tuple(harmonics))
        # Exponential glides sound even across octaves; stepping by a constant ratio is one.
        glide = ((freq if end_freq is None else end_freq) / freq) ** (1 / max(1, count))
        step = freq * _TABLE_SIZE / self.rate
        envelope = _envelope(seconds, attack, decay, self.rate)
        phase = 0.0
        samples = self.samples
        for i, gain in zip(range(first, first + count), envelope, strict=False):
            phase += step
            step *= glide
            samples[i] += level * gain * table[int(phase) & _TABLE_MASK]

    def noise(
        self,
        start: float,
        seconds: float,
        level: float,
        smoothing: float,
        attack: float = 0.003,
        decay: float = 20.0,
        seed: int = 1,
    ) -> None:
        """Low-passed noise: ``smoothing`` near 1 gives a dull rumble, near 0 a bright hiss."""
        first = round(start * self.rate)
        count = min(round(seconds * self.rate), len(self.samples) - first)
        source = random.Random(seed)
        # The filter coefficient depends on the rate, so the colour is the same at any rate.
        keep = smoothing ** (SAMPLE_RATE / self.rate)
        gain = level / max(0.05, 1 - keep) ** 0.5
        envelope = _envelope(seconds, attack, decay, self.rate)
        filtered = 0.0
        samples = self.samples
        for i, shape in zip(range(first, first + count), envelope, strict=False):
            filtered = keep * filtered + (1 - keep) * source.uniform(-1.0, 1.0)
            samples[i] += gain * filtered * shape

    def reverse(self) -> None:
        self.samples.reverse()


_TABLE_SIZE = 4096
_TABLE_MASK = _TABLE_SIZE - 1


@functools.cache
def _wave_table(harmonics: tuple[tuple[int, float], ...]) -> tuple[float, ...]:
    """One period of a sum of sine harmonics, sampled at ``_TABLE_SIZE`` points."""
    return tuple(
        sum(weight * math.sin(2 * math.pi * n * i / _TABLE_SIZE) for n, weight in harmonics)
        for i in range(_TABLE_SIZE)
    )


def _envelope(seconds: float, attack: float, decay: float, sample_rate: int) -> list[float]:
    """Gains that rise over ``attack``, decay exponentially and fade the last 10 ms to zero."""
    count = max(1, round(seconds * sample_rate))
    fall = math.exp(-decay / sample_rate)
    gains = list(itertools.accumulate(itertools.repeat(fall, count - 1), operator.mul, initial=1.0))
    # Only the short ends need shaping; multiplying just them keeps this fast.
    attack_samples = max(1, round(attack * sample_rate))
    for i in range(min(attack_samples, count)):
        gains[i] *= i / attack_samples
    fade_samples = max(1, round(min(0.01, seconds / 2) * sample_rate))
    for i in range(max(0, count - fade_samples), count):
        gains[i] *= (count - 1 - i) / fade_samples
    return gains


def _step(voice: _Voice) -> float:
    # Heard many times a second while walking, so soft, short and not too high.
    tick = ((1, 1.0), (2, 0.15))
    voice.tone(0.0, 0.05, 950, 650, level=0.5, attack=0.002, decay=75, harmonics=tick)
    voice.noise(0.0, 0.03, 0.2, smoothing=0.75, decay=120)
    return 0.28


def _push(voice: _Voice) -> float:
    # A thud with enough overtones to be heard on small speakers, under a wooden scrape.
    thud = ((1, 1.0), (2, 0.5), (3, 0.25))
    voice.tone(0.0, 0.16, 190, 95, level=1.0, attack=0.005, decay=20, harmonics=thud)
    voice.noise(0.0, 0.16, 0.45, smoothing=0.85, attack=0.015, decay=12, seed=2)
    return 0.6


def _box_on_goal(voice: _Voice) -> float:
    bell = ((1, 1.0), (2, 0.35), (3, 0.12), (4, 0.05))
    voice.tone(0.0, 0.4, 1318.5, level=0.7, attack=0.003, decay=9, harmonics=bell)
    voice.tone(0.06, 0.34, 1975.5, level=0.55, attack=0.003, decay=10, harmonics=bell)
    return 0.55


def _solved(voice: _Voice) -> float:
    # C5 E5 G5 C6, then the final C6 held over a G5 for a bright ending.
    soft_square = ((1, 1.0), (3, 0.25), (5, 0.08))
    for index, freq in enumerate((523.25, 659.25, 783.99)):
        voice.tone(index * 0.11, 0.2, freq, level=0.6, decay=10, harmonics=soft_square)
    voice.tone(0.33, 0.6, 1046.5, level=0.7, decay=4.5, harmonics=soft_square)
    voice.tone(0.33, 0.6, 783.99, level=0.35, decay=4.5, harmonics=soft_square)
    return 0.7


def _undo(voice: _Voice) -> float:
    # A rising blip played backwards: it swells in and drops in pitch, like rewinding.
    blip = ((1, 1.0), (2, 0.2))
    voice.tone(0.0, 0.12, 500, 950, level=0.6, attack=0.008, decay=30, harmonics=blip)
    voice.reverse()
    return 0.35


def _blocked(voice: _Voice) -> float:
    bump = ((1, 1.0), (2, 0.45), (3, 0.2))
    voice.tone(0.0, 0.1, 160, 115, level=1.0, attack=0.004, decay=32, harmonics=bump)
    voice.noise(0.0, 0.05, 0.25, smoothing=0.93, decay=50, seed=3)
    return 0.45


# Length in seconds and recipe of each sound; a recipe paints the voice and returns the peak
# level (a fraction of full scale) the sound should be normalised to.
_RECIPES: dict[str, tuple[float, Callable[[_Voice], float]]] = {
    "step": (0.05, _step),
    "push": (0.16, _push),
    "box_on_goal": (0.4, _box_on_goal),
    "solved": (0.93, _solved),
    "undo": (0.12, _undo),
    "blocked": (0.1, _blocked),
}

SOUND_NAMES: tuple[str, ...] = tuple(_RECIPES)


def synthesize(name: str, sample_rate: int = SAMPLE_RATE) -> array[int]:
    """The named sound as 16-bit signed mono samples at ``sample_rate``.

    Raises ValueError for a name not in ``SOUND_NAMES``.
    """
    try:
        seconds, recipe = _RECIPES[name]
    except KeyError:
        known = ", ".join(SOUND_NAMES)
        raise ValueError(f"unknown sound {name!r}; known sounds: {known}") from None
    voice = _Voice(seconds, sample_rate)
    peak_level = min(recipe(voice), PEAK_LEVEL)
    loudest = max(abs(value) for value in voice.samples) or 1.0
    gain = peak_level * FULL_SCALE / loudest
    return array("h", (round(value * gain) for value in voice.samples))


def write_wav(path: Path, samples: array[int], sample_rate: int = SAMPLE_RATE) -> None:
    """Write mono 16-bit samples as a WAV file."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(sample_rate)
        out.writeframes(_little_endian(samples).tobytes())


def _little_endian(samples: array[int]) -> array[int]:
    if sys.byteorder == "little":
        return samples
    swapped = array("h", samples)
    swapped.byteswap()
    return swapped
