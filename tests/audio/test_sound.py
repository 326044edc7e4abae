"""Tests of the sound service with SDL's dummy audio driver, and without any mixer at all.

Nothing here may raise: a missing device must leave the game silent, not broken.
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Iterator

import pygame
import pytest

from game.audio import SOUND_NAMES, SoundService
from game.audio.sound import encode_samples


@pytest.fixture()
def no_mixer() -> Iterator[None]:
    """No mixer before or after the test, so each test starts one the way the game does."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def _fail(*_args: object, **_kwargs: object) -> None:
    raise pygame.error("No available audio device")


def test_plays_every_sound_with_the_dummy_driver(no_mixer: None) -> None:
    service = SoundService()
    for name in SOUND_NAMES:
        service.play(name)
    assert service.available
    assert pygame.mixer.get_init() is not None


def test_follows_a_mixer_restarted_in_another_format(no_mixer: None) -> None:
    service = SoundService()
    service.play("step")
    pygame.mixer.quit()
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    service.play("push")
    assert service.available


def test_released_the_device_closes_and_opens_again_without_synthesis(
    no_mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = SoundService()
    service.preload()
    pygame.mixer.stop()
    service.release()
    assert pygame.mixer.get_init() is None
    monkeypatch.setattr("game.audio.sound.synthesize", _fail)
    service.play("push")
    assert pygame.mixer.get_init() is not None and service.available


def test_disabled_service_never_starts_the_mixer(
    no_mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pygame.mixer, "init", _fail)
    service = SoundService(enabled=False)
    service.play("step")
    service.preload()
    assert pygame.mixer.get_init() is None
    assert not service.available


def test_missing_device_makes_play_a_no_op(
    no_mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pygame.mixer, "init", _fail)
    service = SoundService()
    for name in SOUND_NAMES:
        service.play(name)
    service.preload()
    assert not service.available


def test_failing_sound_creation_is_swallowed(
    no_mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pygame.mixer, "Sound", _fail)
    service = SoundService()
    service.play("step")
    assert not service.available


def test_enabling_again_retries_the_device(
    no_mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = SoundService()
    with monkeypatch.context() as patch:
        patch.setattr(pygame.mixer, "init", _fail)
        service.play("step")
    assert not service.available
    service.enabled = False
    service.enabled = True
    service.play("step")
    assert service.available


def test_volume_is_clamped_and_unknown_names_are_refused() -> None:
    service = SoundService(volume=2.0)
    assert service.volume == 1.0
    service.volume = -0.5
    assert service.volume == 0.0
    service.volume = 0.25
    assert service.volume == 0.25
    with pytest.raises(ValueError, match="unknown sound"):
        service.play("boom")


@pytest.mark.parametrize(
    ("size", "channels", "expected"),
    [
        (-16, 1, struct.pack("=2h", 1000, -1000)),
        (-16, 2, struct.pack("=4h", 1000, 1000, -1000, -1000)),
        (16, 1, struct.pack("=2H", 33768, 31768)),
        (-8, 1, struct.pack("=2b", 3, -4)),
        (8, 1, struct.pack("=2B", 131, 124)),
        (-32, 1, struct.pack("=2i", 1000 << 16, -1000 << 16)),
        (32, 1, struct.pack("=2f", 1000 / 32767, -1000 / 32767)),
    ],
)
def test_samples_are_encoded_in_the_mixer_format(
    size: int, channels: int, expected: bytes
) -> None:
    assert encode_samples(array("h", [1000, -1000]), size, channels) == expected
