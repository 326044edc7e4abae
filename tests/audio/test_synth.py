"""Tests of the sound synthesis: lengths, levels, smooth ends and the WAV writer.

Each sound is synthesised once per module at the game's sample rate.
"""

from __future__ import annotations

import wave
from array import array
from pathlib import Path

import pytest

from game.audio.synth import FULL_SCALE, SAMPLE_RATE, SOUND_NAMES, synthesize, write_wav

# (shortest, longest) length in seconds each effect may have.
EXPECTED_SECONDS = {
    "step": (0.02, 0.1),
    "push": (0.08, 0.3),
    "box_on_goal": (0.2, 0.6),
    "solved": (0.5, 1.5),
    "undo": (0.05, 0.2),
    "blocked": (0.05, 0.2),
}


@pytest.fixture(scope="module")
def sounds() -> dict[str, array[int]]:
    return {name: synthesize(name) for name in SOUND_NAMES}


def test_every_game_sound_is_known() -> None:
    assert set(SOUND_NAMES) == set(EXPECTED_SECONDS)


def test_lengths_are_in_range(sounds: dict[str, array[int]]) -> None:
    for name, samples in sounds.items():
        shortest, longest = EXPECTED_SECONDS[name]
        assert shortest <= len(samples) / SAMPLE_RATE <= longest, name


def test_peaks_are_audible_but_below_full_scale(sounds: dict[str, array[int]]) -> None:
    for name, samples in sounds.items():
        assert samples.typecode == "h"
        peak = max(abs(value) for value in samples)
        assert FULL_SCALE * 0.1 < peak < FULL_SCALE * 0.9, name


def test_sounds_start_and_end_near_silence(sounds: dict[str, array[int]]) -> None:
    # A jump from or to silence would click.
    edge = FULL_SCALE * 0.01
    for name, samples in sounds.items():
        assert abs(samples[0]) < edge and abs(samples[-1]) < edge, name


def test_other_sample_rates_scale_the_length() -> None:
    low, high = synthesize("undo", 22050), synthesize("undo", 44100)
    assert abs(len(high) - 2 * len(low)) <= 2


def test_unknown_sound_names_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown sound 'boom'"):
        synthesize("boom")


def test_wav_round_trip(tmp_path: Path, sounds: dict[str, array[int]]) -> None:
    path = tmp_path / "step.wav"
    write_wav(path, sounds["step"])
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, SAMPLE_RATE)
        frames = wav.readframes(wav.getnframes())
    assert array("h", frames) == sounds["step"]
