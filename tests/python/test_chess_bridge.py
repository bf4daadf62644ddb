"""arbiter.Game.from_board: a python-chess board's game judged by the arbiter
(skipped where python-chess is not installed)."""

from __future__ import annotations

import pytest

import arbiter

chess = pytest.importorskip("chess", reason="python-chess is not installed (pip install chess)")


def test_fools_mate_from_a_board() -> None:
    board = chess.Board()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        board.push_san(san)
    game = arbiter.Game.from_board(board)
    assert game.fen() == board.fen()
    verdict = game.outcome()
    assert (verdict.result, verdict.reason) == ("0-1", "checkmate")
    assert board.outcome().result() == verdict.result


def test_castling_and_promotion_from_a_set_up_position() -> None:
    board = chess.Board("r3k2r/P7/8/8/8/8/8/R3K2R w KQkq - 0 1")
    for uci in ["e1g1", "e8c8", "a7a8q"]:
        board.push_uci(uci)
    game = arbiter.Game.from_board(board)
    assert game.start_fen == "r3k2r/P7/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert game.fen() == board.fen()
    assert game.move_stack == ["e1g1", "e8c8", "a7a8q"]


def test_chess960_board() -> None:
    board = chess.Board("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1", chess960=True)
    board.push_san("O-O")
    game = arbiter.Game.from_board(board)
    assert game.chess960 and game.fen().split()[0] == board.fen().split()[0]


def test_a_dead_position_python_chess_calls_insufficient_material() -> None:
    board = chess.Board("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1")
    verdict = arbiter.Game.from_board(board).outcome()
    assert board.is_insufficient_material()
    assert (verdict.result, verdict.reason) == ("1/2-1/2", "dead-position")
