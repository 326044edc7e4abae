"""Packages of the wheel: every package under game/, plus the top-level data folders.

levels/ and assets/ stay at the top of the repository and ship as game._levels and game._assets.
"""

from setuptools import find_packages, setup

DATA_PACKAGES = {"game._levels": "levels", "game._assets": "assets"}

setup(
    packages=[*find_packages(include=["game", "game.*"]), *DATA_PACKAGES],
    package_dir=DATA_PACKAGES,
)
