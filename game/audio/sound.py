"""The sound service: plays the synthesised effects through pygame's mixer, when there is one.

The mixer starts on first use; without an audio device every call quietly does nothing, so the
game and its tests run the same with or without sound.
"""

from __future__ import annotations

import struct
from array import array

import pygame

from game.audio.synth import FULL_SCALE, SOUND_NAMES, synthesize

MixerFormat = tuple[int, int, int]

# Small buffer: effects must follow the key press without a noticeable delay.
_PREFERRED_FREQUENCY = 22050
_PREFERRED_BUFFER = 512


class SoundService:
    """Plays named effects (see ``game.audio.synth.SOUND_NAMES``) at an adjustable volume."""

    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self._enabled = enabled
        self._volume = _clamp(volume)
        self._unavailable = False
        self._format: MixerFormat | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        # Encoded effects outlive the mixer, so opening it again costs no synthesis.
        self._encoded: dict[tuple[str, MixerFormat], bytes] = {}

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = value
        if value:
            # Switching sound back on is a fair moment to try a device that failed before.
            self._unavailable = False

    @property
    def volume(self) -> float:
        """Loudness from 0 (silent) to 1 (full)."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp(value)

    @property
    def available(self) -> bool:
        """Whether a mixer could be started (False until tried, and when there is no device)."""
        return self._format is not None and not self._unavailable

    def play(self, name: str) -> None:
        """Start the named effect; unknown names raise ValueError, a missing device is ignored."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; known sounds: {', '.join(SOUND_NAMES)}")
        mixer_format = self._ready() if self._enabled and self._volume > 0.0 else None
        if mixer_format is None:
            return
        try:
            sound = self._sound(name, mixer_format)
            sound.set_volume(self._volume)
            sound.play()
        except pygame.error:
            self._unavailable = True

    def release(self) -> None:
        """Close the audio device if nothing plays (its thread mixes silence about 40 times a
        second while open); the next effect opens it again."""
        if pygame.mixer.get_init() is not None and not pygame.mixer.get_busy():
            self._sounds.clear()
            pygame.mixer.quit()

    def preload(self) -> None:
        """Build every effect now (a fraction of a second) so that first plays do not stall."""
        mixer_format = self._ready() if self._enabled else None
        if mixer_format is None:
            return
        try:
            for name in SOUND_NAMES:
                self._sound(name, mixer_format)
        except pygame.error:
            self._unavailable = True

    def _ready(self) -> MixerFormat | None:
        """Start the mixer if needed and return its format; None when it cannot start."""
        if self._unavailable:
            return None
        mixer_format = pygame.mixer.get_init()
        if mixer_format is None:
            # Sounds made for a mixer that has since shut down are not reused.
            self._sounds.clear()
            try:
                pygame.mixer.init(
                    frequency=_PREFERRED_FREQUENCY, size=-16, channels=1, buffer=_PREFERRED_BUFFER
                )
            except pygame.error:
                self._unavailable = True
                return None
            mixer_format = pygame.mixer.get_init()
            if mixer_format is None:
                self._unavailable = True
                return None
        if mixer_format != self._format:
            # A restarted or reconfigured mixer needs sounds built for its own format.
            self._sounds.clear()
            self._format = mixer_format
        return mixer_format

    def _sound(self, name: str, mixer_format: MixerFormat) -> pygame.mixer.Sound:
        sound = self._sounds.get(name)
        if sound is None:
            encoded = self._encoded.get((name, mixer_format))
            if encoded is None:
                frequency, size, channels = mixer_format
                encoded = encode_samples(synthesize(name, frequency), size, channels)
                self._encoded[name, mixer_format] = encoded
            sound = pygame.mixer.Sound(buffer=encoded)
            self._sounds[name] = sound
        return sound


def encode_samples(samples: array[int], size: int, channels: int) -> bytes:
    """Mono 16-bit samples as raw bytes in a mixer format (``size`` as pygame.mixer reports it).

    ``size`` is the bit depth, negative for signed integers; 32 means 32-bit float. Every
    channel gets the same signal.
    """
    bits = abs(size)
    frames: list[float]
    if size == 32:
        frames = [value / FULL_SCALE for value in samples]
        code = "f"
    elif bits == 8:
        frames = [value >> 8 if size < 0 else (value >> 8) + 128 for value in samples]
        code = "b" if size < 0 else "B"
    elif bits == 16:
        frames = list(samples) if size < 0 else [value + 32768 for value in samples]
        code = "h" if size < 0 else "H"
    elif bits == 32:
        frames = [value << 16 for value in samples]
        code = "i"
    else:
        raise ValueError(f"unsupported mixer sample size {size}")
    if channels > 1:
        frames = [value for value in frames for _ in range(channels)]
    return struct.pack(f"={len(frames)}{code}", *frames)


def _clamp(volume: float) -> float:
    return min(1.0, max(0.0, float(volume)))
