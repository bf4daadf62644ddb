"""One game under the FIDE Laws: moves and events in, the arbiter's verdict out."""

from __future__ import annotations

from typing import Any, List, NamedTuple, Optional, Union

from . import _arbiter
from .verdict import Verdict

__all__ = ["Game", "Color", "OpenClaim"]

# A colour as python-chess writes it (chess.WHITE is True), or by name.
Color = Union[bool, str]

_COLOR_NAMES = {"white": True, "w": True, "black": False, "b": False}

# The answers of Game.winnability().
WINNABLE = "winnable"
UNWINNABLE = "unwinnable"
UNDECIDED = "undecided"


class OpenClaim(NamedTuple):
    """A draw claim the player having the move may make (9.2, 9.3)."""

    type: str  # "threefold" or "fifty-moves"
    side: str  # "white" or "black"
    move: Optional[str]  # SAN of the move to announce; None for a claim now


def _is_white(color: Color) -> bool:
    """True for White: chess.WHITE / True, "white" or "w"; False for Black."""
    if isinstance(color, bool):
        return color
    if isinstance(color, str) and color.lower() in _COLOR_NAMES:
        return _COLOR_NAMES[color.lower()]
    raise ValueError(f"unknown colour {color!r} (True/'white'/'w' or False/'black'/'b')")


class Game:
    """A game from the initial array or a FEN, judged after every move.

    >>> game = Game()
    >>> for san in ["f3", "e5", "g4", "Qh4#"]:
    ...     game.push_san(san)
    >>> game.outcome().result, game.outcome().reason
    ('0-1', 'checkmate')

    ``rules`` names the edition of the Laws ("fide-2023" ... "fide-2001");
    ``mode`` is "strict" (only claims made with :meth:`claim_draw` count) or
    "proxy-claim" (the arbiter claims 9.2/9.3 draws at the first chance), as
    ``arbiter adjudicate --mode``. A method that raises leaves the game as it was.
    """

    def __init__(
        self,
        fen: Optional[str] = None,
        chess960: bool = False,
        rules: str = _arbiter.DEFAULT_RULES,
        mode: str = "strict",
    ) -> None:
        self._game = _arbiter.Game(fen, chess960, rules, mode)

    @classmethod
    def from_board(cls, board: Any, rules: str = _arbiter.DEFAULT_RULES, mode: str = "strict") -> "Game":
        """The game a python-chess ``chess.Board`` records: its starting position
        (``board.root()``) and its ``move_stack``."""
        try:
            import chess  # noqa: F401  (only to say clearly when it is missing)
        except ImportError as error:
            raise ImportError("Game.from_board needs python-chess (pip install chess)") from error
        root = board.root()
        game = cls(root.fen(), chess960=bool(board.chess960), rules=rules, mode=mode)
        for move in board.move_stack:
            game.push_uci(board_uci(root, move, bool(board.chess960)))
            root.push(move)
        return game

    # --- Moves ------------------------------------------------------------------
    def push_san(self, san: str) -> None:
        """Plays a move given in SAN ("Nf3", "O-O", "e8=Q+"); ValueError if it is
        not legal or cannot be read."""
        self._game.push_san(san)

    def push_uci(self, uci: str) -> None:
        """Plays a move given in UCI ("g1f3", "e7e8q"); ValueError if it is not legal."""
        self._game.push_uci(uci)

    # --- The board --------------------------------------------------------------
    def fen(self) -> str:
        """The current position (moves after the end of the game included)."""
        return self._game.fen()

    @property
    def start_fen(self) -> str:
        return self._game.start_fen()

    @property
    def turn(self) -> bool:
        """The side to move, as python-chess: True for White."""
        return self._game.turn

    @property
    def ply(self) -> int:
        """Plies played (moves after the end of the game included)."""
        return self._game.ply

    @property
    def rules(self) -> str:
        return self._game.rules

    @property
    def chess960(self) -> bool:
        return self._game.chess960

    @property
    def legal_moves(self) -> List[str]:
        """The legal moves of the current position, in UCI."""
        return self._game.legal_moves

    @property
    def move_stack(self) -> List[str]:
        """The moves played, in UCI."""
        return self._game.move_stack

    # --- Events -------------------------------------------------------------------
    def flag(self, color: Color) -> None:
        """The flag of ``color`` has fallen (6.9): a loss unless the opponent cannot mate."""
        self._game.flag(_is_white(color))

    def resign(self, color: Color) -> None:
        """``color`` resigns (5.1.2; 2023: a draw if the opponent cannot mate)."""
        self._game.resign(_is_white(color))

    def illegal_move(self, color: Color) -> None:
        """A completed illegal move by ``color`` (7.5): a time penalty, or the loss."""
        self._game.illegal_move(_is_white(color))

    def claim_draw(self, move: Optional[str] = None, color: Optional[Color] = None) -> str:
        """A draw claim (9.2, 9.3), optionally announcing ``move`` (UCI or SAN), by
        ``color``, by default the player having the move (the only one who may
        claim: the other's claim is incorrect). Returns "correct", "incorrect" (a
        time penalty; an announced move is played) or "game-over"."""
        return self._game.claim_draw(move, None if color is None else _is_white(color))

    # --- Verdicts -------------------------------------------------------------------
    def outcome(self, rules: Optional[str] = None) -> Verdict:
        """The verdict now; under another edition ``rules``, the same moves and
        events replayed under its Laws."""
        return Verdict.from_json(self._game.verdict_json(rules))

    def is_over(self) -> bool:
        return self.outcome().finished

    def open_claims(self) -> List[OpenClaim]:
        """The draw claims open now to the player having the move (in the game's
        position, where it ended if it has): one per claim now, one per move
        whose announcement makes a correct claim."""
        return [OpenClaim(*c) for c in self._game.open_claims()]

    def can_claim_threefold(self) -> bool:
        """Whether the player having the move may claim 9.2 now or with a move."""
        return self._game.can_claim_threefold()

    def can_claim_fifty_moves(self) -> bool:
        """Whether the player having the move may claim 9.3 now or with a move."""
        return self._game.can_claim_fifty_moves()

    def is_dead_position(self) -> bool:
        """5.2.2, proven: neither side can mate by any series of legal moves."""
        return self._game.is_dead_position()

    def winnability(self, color: Color) -> str:
        """Whether ``color`` can still mate: "winnable", "unwinnable" (proven) or
        "undecided" (the analysis ran out of budget)."""
        return self._game.winnability(_is_white(color))

    def can_checkmate(self, color: Color) -> bool:
        """Whether ``color`` can still checkmate (6.9): False only when proven
        unable; an undecided analysis counts as able, as the Laws' provisos need."""
        return self.winnability(color) != UNWINNABLE

    def __repr__(self) -> str:
        return f"arbiter.Game({self.fen()!r}, rules={self.rules!r}, ply={self.ply})"


def board_uci(board: Any, move: Any, chess960: bool) -> str:
    """A python-chess move in the UCI our parser reads: standard castling as
    king to its destination square (e1g1), Chess960 as king takes rook."""
    if chess960 or not board.is_castling(move):
        return move.uci()
    return board.uci(move, chess960=False)
