"""arbiter.adjudicate_pgn gives the command line's verdicts: every field of
every game of 'arbiter adjudicate --json', for the PGN files of tests/data,
under several rules and claim modes."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import List

import pytest

import arbiter

PGN_FILES = [
    "lichess-sample-80.pgn",
    "lichess-timeouts-200.pgn",
    "adjudicate-kinds.pgn",
    "adjudicate-errors.pgn",
]
# (rules, mode): the command line's --rules and --mode.
SETTINGS = [("fide-2023", "strict"), ("fide-2023", "proxy-claim"), ("fide-2014", "strict"), ("fide-2001", "strict")]


def cli_verdicts(cli: str, path: Path, rules: str, mode: str) -> List[arbiter.Verdict]:
    """Every game line of the command line's JSON output (not the summary line)."""
    run = subprocess.run(
        [cli, "adjudicate", str(path), "--format", "json", "--rules", rules, "--mode", mode, "--no-progress"],
        capture_output=True,
        text=True,
        check=False,
    )
    # 0: every game read; 1: some game could not be read (adjudicate-errors.pgn).
    assert run.returncode in (0, 1), run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert "summary" in lines[-1]
    return [arbiter.Verdict.from_dict(fields) for fields in lines[:-1]]


@pytest.mark.parametrize("rules, mode", SETTINGS)
@pytest.mark.parametrize("name", PGN_FILES)
def test_same_verdicts_as_the_command_line(arbiter_cli: str, data_dir: Path, name: str, rules: str, mode: str) -> None:
    path = data_dir / name
    expected = cli_verdicts(arbiter_cli, path, rules, mode)
    got = list(arbiter.adjudicate_pgn(path, rules=rules, mode=mode, source_name=str(path)))
    assert len(got) == len(expected) > 0
    for ours, theirs in zip(got, expected):
        assert ours == theirs, f"game {theirs.game} of {name}"


def test_the_sample_files_exercise_what_is_compared(arbiter_cli: str, data_dir: Path) -> None:
    """The comparison means something: errors, inferences and disagreements occur."""
    errors = cli_verdicts(arbiter_cli, data_dir / "adjudicate-errors.pgn", "fide-2023", "strict")
    assert any(v.error for v in errors)
    timeouts = cli_verdicts(arbiter_cli, data_dir / "lichess-timeouts-200.pgn", "fide-2023", "strict")
    assert {v.inferred for v in timeouts} >= {"time-forfeit"}
    kinds = cli_verdicts(arbiter_cli, data_dir / "adjudicate-kinds.pgn", "fide-2023", "strict")
    assert len({v.reason for v in kinds}) > 3


def test_a_single_game_gives_the_command_lines_fen_mode_verdict(arbiter_cli: str) -> None:
    """Game.outcome() equals 'arbiter adjudicate --fen ... --moves ... --event ... --format json'."""
    fen = "8/8/8/4k3/8/8/3PK3/8 w - - 0 1"
    moves = "d2d4 e5d5 e2d3"
    run = subprocess.run(
        [arbiter_cli, "adjudicate", "--fen", fen, "--moves", moves, "--event", "flag:b", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    game = arbiter.Game(fen)
    for uci in moves.split():
        game.push_uci(uci)
    game.flag("black")
    assert game.outcome() == arbiter.Verdict.from_json(run.stdout)
