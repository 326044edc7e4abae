"""The examples in the docstrings of the level formats and the notation run as tests.

They are documentation first: a wrong example would teach the wrong thing.
"""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from game.core import collection, digits, errors, notation, push, resources, wording, xsb

DOCUMENTED = (notation, xsb, collection, digits, errors, push, resources, wording)


@pytest.mark.parametrize("module", DOCUMENTED, ids=lambda module: module.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0, f"{module.__name__} has no examples"
    assert result.failed == 0
