"""The shipped campaign is found installed or from a checkout whose install was not editable."""

from __future__ import annotations

import pytest

from game.core import resources


def test_the_campaign_is_found_where_it_is_packaged() -> None:
    assert resources.campaign_path().is_file()


def test_a_checkout_without_its_packaged_levels_finds_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As when `python -m game` runs inside a checkout with a non-editable install beside it:
    # the checkout's game/ comes first, and it has no game._levels.
    monkeypatch.setattr(resources, "LEVELS_PACKAGE", "game._no_such_levels")
    found = resources.campaign_path()
    assert found.is_file()
    assert found.parent.name == "levels"
