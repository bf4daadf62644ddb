"""arbiter.Game: moves, the board, events, verdicts, and errors that leave the
game as it was."""

from __future__ import annotations

import sys

import pytest

import arbiter

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FOOLS_MATE = ["f3", "e5", "g4", "Qh4#"]
# White: K+Q against a lone king; Black can never mate.
KQ_VS_K = "7k/8/8/8/8/8/8/KQ6 w - - 0 1"
# A knight shuffle that repeats the start position.
KNIGHT_CYCLE = ["Nf3", "Nf6", "Ng1", "Ng8"]
NUM_START_MOVES = 20


def test_a_new_game_is_the_initial_array() -> None:
    game = arbiter.Game()
    assert game.fen() == START_FEN
    assert game.turn is True
    assert game.ply == 0
    assert game.rules == arbiter.DEFAULT_RULES == "fide-2023"
    assert len(game.legal_moves) == NUM_START_MOVES and "e2e4" in game.legal_moves
    verdict = game.outcome()
    assert (verdict.result, verdict.reason, verdict.finished) == ("*", "none", False)


def test_fools_mate_in_san() -> None:
    game = arbiter.Game()
    for san in FOOLS_MATE:
        game.push_san(san)
    verdict = game.outcome()
    assert (verdict.result, verdict.reason, verdict.article) == ("0-1", "checkmate", "5.1.1")
    assert (verdict.ply, verdict.move, verdict.winner) == (4, "Qh4#", "black")
    assert game.legal_moves == []
    assert game.move_stack == ["f2f3", "e7e5", "g2g4", "d8h4"]


def test_uci_and_san_give_the_same_game() -> None:
    by_san, by_uci = arbiter.Game(), arbiter.Game()
    for san, uci in zip(FOOLS_MATE, ["f2f3", "e7e5", "g2g4", "d8h4"]):
        by_san.push_san(san)
        by_uci.push_uci(uci)
    assert by_san.fen() == by_uci.fen()
    assert by_san.outcome() == by_uci.outcome()


@pytest.mark.parametrize("push, move", [("push_san", "Ke2"), ("push_san", "Zz9"), ("push_uci", "e2e5"), ("push_uci", "0000")])
def test_an_illegal_move_raises_and_changes_nothing(push: str, move: str) -> None:
    game = arbiter.Game()
    game.push_san("e4")
    before = (game.fen(), game.ply, game.move_stack, game.outcome())
    with pytest.raises(ValueError):
        getattr(game, push)(move)
    assert (game.fen(), game.ply, game.move_stack, game.outcome()) == before


def test_bad_fen_and_unknown_names_raise_value_error() -> None:
    with pytest.raises(ValueError, match="invalid FEN"):
        arbiter.Game("not a fen")
    with pytest.raises(ValueError, match="unknown rules 'fide-1999'"):
        arbiter.Game(rules="fide-1999")
    with pytest.raises(ValueError, match="unknown mode"):
        arbiter.Game(mode="sometimes")
    with pytest.raises(ValueError, match="unknown colour"):
        arbiter.Game().flag("red")
    with pytest.raises(ValueError, match="unknown rules"):
        arbiter.Game().outcome(rules="fide-1999")


def test_flag_with_a_mating_opponent_loses() -> None:
    game = arbiter.Game(KQ_VS_K)
    game.flag("black")
    verdict = game.outcome()
    assert (verdict.result, verdict.reason, verdict.article) == ("1-0", "time-forfeit", "6.9")


def test_flag_against_a_lone_king_draws() -> None:
    """6.9: the opponent of the flagged player cannot mate by any legal moves."""
    game = arbiter.Game(KQ_VS_K)
    game.flag(True)  # python-chess's chess.WHITE
    assert game.outcome().result == "1/2-1/2"
    assert game.can_checkmate("white") and not game.can_checkmate("black")
    assert game.winnability("black") == "unwinnable"
    assert game.winnability("white") == "winnable"


def test_resignation_under_2023_and_2018() -> None:
    """2023 5.1.2: a resignation is a draw when the opponent cannot mate; before, a loss."""
    game = arbiter.Game(KQ_VS_K)
    game.resign("white")
    assert game.outcome().result == "1/2-1/2"
    assert game.outcome(rules="fide-2018").result == "0-1"
    assert game.outcome(rules="fide-2018").rules == "fide-2018"
    assert game.rules == "fide-2023"  # the replay leaves the game alone


def test_dead_position() -> None:
    assert arbiter.Game("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1").is_dead_position()
    assert not arbiter.Game().is_dead_position()
    verdict = arbiter.Game("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1").outcome()
    assert (verdict.result, verdict.reason) == ("1/2-1/2", "dead-position")


def test_threefold_claim_strict_and_incorrect() -> None:
    game = arbiter.Game()
    for san in KNIGHT_CYCLE:
        game.push_san(san)
    assert not game.can_claim_threefold()
    assert game.claim_draw() == "incorrect"  # occurrence 2 only: a penalty, play goes on
    assert game.outcome().penalties[0].type == "incorrect-claim"
    for san in KNIGHT_CYCLE:
        game.push_san(san)
    assert game.can_claim_threefold() and not game.can_claim_fifty_moves()
    # Now, and also by announcing Nf3 (its position would be a third time too).
    assert [c.move for c in game.open_claims()] == [None, "Nf3"]
    assert {c.side for c in game.open_claims()} == {"white"}
    assert game.outcome().result == "*"  # strict: nobody claimed yet
    assert game.claim_draw(color="black") == "incorrect"  # not Black's move
    assert game.claim_draw() == "correct"
    verdict = game.outcome()
    assert (verdict.result, verdict.reason) == ("1/2-1/2", "threefold-claim")
    assert game.claim_draw() == "game-over"


def test_claim_with_an_announced_move() -> None:
    game = arbiter.Game()
    for san in KNIGHT_CYCLE + ["Nf3", "Nf6", "Ng1"]:
        game.push_san(san)
    assert [c.move for c in game.open_claims()] == ["Ng8"]
    with pytest.raises(ValueError, match="claim move"):
        game.claim_draw("Qh4")
    assert game.claim_draw("Ng8") == "correct"
    assert game.outcome().reason == "threefold-claim"


def test_proxy_claims_end_the_game_at_the_first_chance() -> None:
    game = arbiter.Game(mode="proxy-claim")
    for san in KNIGHT_CYCLE * 2:
        game.push_san(san)
    assert game.outcome().reason == "threefold-claim"


def test_moves_after_the_end_are_checked_and_played_on_the_board() -> None:
    game = arbiter.Game("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1")  # dead from the start
    game.push_uci("e1e2")
    assert game.ply == 1 and game.turn is False
    assert game.outcome().ply == 0  # the game ended in its start position
    with pytest.raises(ValueError):
        game.push_uci("e2e3")  # Black's turn on the board
    assert game.ply == 1


def test_chess960_castling_is_king_takes_rook() -> None:
    game = arbiter.Game("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1", chess960=True)
    assert game.chess960
    assert "f1g1" in game.legal_moves  # O-O: the king on f1 takes its rook on g1
    game.push_san("O-O")
    assert game.fen().split()[0].endswith("/BQNBRRKN")


def test_editions_lists_the_rules_names() -> None:
    assert arbiter.editions() == ["fide-2023", "fide-2018", "fide-2014", "fide-2009", "fide-2001"]


def test_repr_names_the_position() -> None:
    assert START_FEN in repr(arbiter.Game())


def test_from_board_without_python_chess_says_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "chess", None)  # import chess now raises ImportError
    with pytest.raises(ImportError, match="python-chess"):
        arbiter.Game.from_board(object())
