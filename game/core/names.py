"""Names the player gives that become file names or keys: normalised, and checked against what
Windows and macOS refuse, so that a collection or a save moves to his other computer intact.

"café" typed on one keyboard and on another (composed or not) is one name, not two.
"""

from __future__ import annotations

import unicodedata

from game.core.problems import Problem, refusal

# Device names Windows keeps for itself, whatever the extension after them.
_RESERVED = frozenset(
    ("CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(10)), *(f"LPT{n}" for n in range(10)))
)
# Characters no Windows file name may hold (/ and \\ are refused as folder separators first).
_REFUSED_CHARACTERS = '<>:"|?*'


def normal_name(name: str) -> str:
    """``name`` as it is kept: blanks around it dropped and its Unicode composed (NFC).

    >>> normal_name(" cafe\\u0301 ") == "caf\\u00e9"
    True
    """
    return unicodedata.normalize("NFC", name.strip())


def same_name(first: str, second: str) -> bool:
    """True if two names are one on every system: the same once composed and case-folded
    (Windows and macOS do not tell "Café" from "café")."""
    return normal_name(first).casefold() == normal_name(second).casefold()


def portable_problem(name: str, what: str = "name") -> Problem | None:
    """Why ``name`` cannot be a file name on Windows or macOS (REFUSED, in one line); None if
    it can."""
    stem = name.split(".", 1)[0].strip().upper()
    if stem in _RESERVED:
        return refusal(f"{stem} is a name Windows keeps for a device; choose another {what}")
    if name != name.rstrip(". "):
        return refusal(f"a {what} cannot end with a dot or a space")
    refused = sorted({char for char in name if char in _REFUSED_CHARACTERS})
    if refused:
        return refusal(f"a {what} cannot hold {' '.join(refused)}")
    return None
