"""The files shipped inside the package, found through importlib.resources.

levels/ and assets/ are packaged as ``game._levels`` and ``game._assets`` (see pyproject.toml), so
a wheel, ``pip install .`` or a standalone build finds the campaign as surely as a checkout does.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

LEVELS_PACKAGE = "game._levels"
CAMPAIGN_FILE = "campaign.xsb"
# The word that names the shipped campaign wherever a level FILE is asked for.
CAMPAIGN_NAME = "campaign"


def campaign_path() -> Path:
    """The campaign file shipped with the game.

    pip always unpacks a wheel into plain folders, so the resource is a real file; the path is
    built from its text rather than assuming a particular Traversable type.
    """
    try:
        shipped = files(LEVELS_PACKAGE)
    except ModuleNotFoundError:
        # Run from inside a checkout whose install was not editable (or with none): its game/
        # is this one, which has no packaged levels, so the checkout's own levels/.
        return Path(__file__).resolve().parents[2] / "levels" / CAMPAIGN_FILE
    return Path(str(shipped.joinpath(CAMPAIGN_FILE)))


def level_file_path(argument: str) -> Path:
    """The file a FILE argument names: ``campaign`` is the shipped campaign, anything else a path.

    A file that is really called ``campaign`` is reached as ``./campaign``.

    >>> str(level_file_path("levels.xsb"))
    'levels.xsb'
    >>> level_file_path("campaign").name
    'campaign.xsb'
    """
    return campaign_path() if argument == CAMPAIGN_NAME else Path(argument)
