#!/usr/bin/env python3
"""Games per second: arbiter.adjudicate_pgn (threads=1) against python-chess
replaying the same games, on the same files, in one run.

python-chess's side is what a script does without Arbiter: chess.pgn.read_game,
the main line replayed on a board, board.outcome() at the end. It answers less
(no dead positions beyond insufficient material, no claims or editions, no
inference from the record), so the ratio is a floor on what Arbiter saves.

    PYTHONPATH=build/python/python python3 bench/python/adjudicate_vs_python_chess.py [FILE.pgn ...]

With no file: tests/data/lichess-timeouts-200.pgn, and the larger files of
../shared/data/games/ when there. Exits with a message if python-chess is absent.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable, List

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_FILES = [ROOT / "tests" / "data" / "lichess-timeouts-200.pgn"]
SHARED_GAMES = ROOT.parent / "shared" / "data" / "games"
# Each measurement is repeated and the fastest kept (the least disturbed by
# other work on the machine), at least this many times...
MIN_REPEATS = 1
# ...and until this many seconds have been spent on it.
MIN_SECONDS = 1.0


def arbiter_games(path: Path) -> int:
    import arbiter

    return sum(1 for _ in arbiter.adjudicate_pgn(path, threads=1))


def python_chess_games(path: Path) -> int:
    import chess.pgn

    count = 0
    with open(path, encoding="utf-8", errors="replace") as pgn:
        while True:
            game = chess.pgn.read_game(pgn)
            if game is None:
                return count
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
            board.outcome()
            count += 1


def best_rate(run: Callable[[Path], int], path: Path) -> "tuple[int, float]":
    """(games, best games per second) over repeated runs."""
    best = float("inf")
    games = 0
    spent = 0.0
    repeats = 0
    while repeats < MIN_REPEATS or spent < MIN_SECONDS:
        start = time.perf_counter()
        games = run(path)
        elapsed = time.perf_counter() - start
        best = min(best, elapsed)
        spent += elapsed
        repeats += 1
    return games, games / best


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", type=Path, help="PGN files (default: see above)")
    args = parser.parse_args(argv)
    try:
        import chess.pgn  # noqa: F401
    except ImportError:
        print("python-chess is not installed (pip install chess): nothing to compare with", file=sys.stderr)
        return 1
    import arbiter  # noqa: F401  (fails here, not half-way, when the module is missing)

    files = args.files or DEFAULT_FILES + sorted(SHARED_GAMES.glob("*.pgn"))
    print(f"{'file':<32} {'games':>7} {'arbiter g/s':>12} {'python-chess g/s':>17} {'ratio':>7}")
    for path in files:
        games, ours = best_rate(arbiter_games, path)
        theirs_games, theirs = best_rate(python_chess_games, path)
        if theirs_games != games:
            print(f"{path.name}: arbiter read {games} games, python-chess {theirs_games}", file=sys.stderr)
        print(f"{path.name:<32} {games:>7} {ours:>12.0f} {theirs:>17.0f} {ours / theirs:>6.1f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
