"""The arbiter's verdict on a game, as Python values.

A :class:`Verdict` holds the fields of one object of ``arbiter adjudicate
--json`` (the library writes that JSON; this module only reads it), so a
script and the command line give the same verdicts by construction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple

__all__ = ["Claim", "Penalty", "Verdict"]

# The "result" of a game still going on (PGN's "*").
ONGOING = "*"


@dataclass(frozen=True)
class Claim:
    """The first moment a draw claim was open (9.2 threefold, 9.3 fifty moves)."""

    type: str  # "threefold" or "fifty-moves"
    ply: int  # plies played when it could be claimed
    side: str  # the claimant, "white" or "black": the player having the move
    move: Optional[str]  # SAN of the move to announce; None for a claim "now"


@dataclass(frozen=True)
class Penalty:
    """Time the arbiter gives the opponent of an offender (7.5, 9.5)."""

    type: str  # "illegal-move" or "incorrect-claim"
    ply: int
    side: str  # the offender
    opponent_bonus_seconds: int
    offender_cut_max_seconds: int  # 2001: the claimant's own time cut, up to this
    article: Optional[str]


@dataclass(frozen=True)
class Verdict:
    """The arbiter's verdict on one game.

    ``result`` is "1-0", "0-1", "1/2-1/2" or "*" (going on); ``reason`` names why
    ("checkmate", "dead-position", "time-forfeit", ... "none"); ``article`` is
    the article of the edition ``rules`` ("fide-2023"). ``undecided`` says an
    unwinnability analysis ran out of budget and was taken as "can still mate".

    From :func:`arbiter.adjudicate_pgn` also: the game's number (1-based, in
    input order), ``source`` and ``line`` where it starts, the players, the
    ``recorded`` result and whether it ``agrees``, the event ``inferred`` from the
    record, and ``error`` for a game that could not be read (result "*").
    """

    result: str
    reason: str
    article: Optional[str]
    ply: int
    move: Optional[str]  # SAN of the move that ended the game
    rules: Optional[str]
    claims: Tuple[Claim, ...]
    penalties: Tuple[Penalty, ...]
    undecided: bool
    ambiguous: bool  # rests on an ambiguously worded article (2014 9.6a)
    recorded: Optional[str] = None
    agrees: Optional[bool] = None
    error: Optional[str] = None
    game: Optional[int] = None
    source: Optional[str] = None
    line: Optional[int] = None
    white: Optional[str] = None
    black: Optional[str] = None
    plies: Optional[int] = None  # in the record, plies after the end included
    inferred: Optional[str] = None  # "none", "time-forfeit", "resignation", ...

    @property
    def finished(self) -> bool:
        """Whether the game has ended."""
        return self.result != ONGOING

    @property
    def winner(self) -> Optional[str]:
        """ "white", "black", or None for a draw or a game going on."""
        return {"1-0": "white", "0-1": "black"}.get(self.result)

    @classmethod
    def from_dict(cls, fields: Dict[str, Any]) -> "Verdict":
        """A verdict from one parsed ``arbiter adjudicate --json`` object."""
        return cls(
            result=fields["result"],
            reason=fields["reason"],
            article=fields["article"],
            ply=fields["ply"],
            move=fields["move"],
            rules=fields["rules"],
            claims=tuple(Claim(**c) for c in fields["claims"]),
            penalties=tuple(Penalty(**p) for p in fields["penalties"]),
            undecided=fields["undecided"],
            ambiguous=fields["ambiguous"],
            recorded=fields.get("recorded"),
            agrees=fields.get("agrees"),
            error=fields.get("error"),
            game=fields.get("game"),
            source=fields.get("source"),
            line=fields.get("line"),
            white=fields.get("white"),
            black=fields.get("black"),
            plies=fields.get("plies"),
            inferred=fields.get("inferred"),
        )

    @classmethod
    def from_json(cls, line: "str | bytes") -> "Verdict":
        """A verdict from one line of ``arbiter adjudicate --json``."""
        return cls.from_dict(json.loads(line))
