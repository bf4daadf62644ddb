"""Arbiter's FIDE verdicts from Python.

>>> import arbiter
>>> game = arbiter.Game()
>>> for san in ["f3", "e5", "g4", "Qh4#"]:
...     game.push_san(san)
>>> game.outcome().reason
'checkmate'

``arbiter.adjudicate_pgn(path_or_text_or_file)`` yields a :class:`Verdict` per
game, the same as ``arbiter adjudicate --json``.
"""

from . import _arbiter
from .game import Game, OpenClaim
from .pgn import adjudicate_pgn
from .verdict import Claim, Penalty, Verdict

__all__ = ["Game", "OpenClaim", "Verdict", "Claim", "Penalty", "adjudicate_pgn", "editions", "DEFAULT_RULES"]

DEFAULT_RULES: str = _arbiter.DEFAULT_RULES


def editions() -> "list[str]":
    """The names ``rules`` takes, newest first: "fide-2023" ... "fide-2001"."""
    return list(_arbiter.editions())
