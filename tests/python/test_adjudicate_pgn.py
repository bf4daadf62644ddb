"""arbiter.adjudicate_pgn: every kind of source, threads, order, early exit,
errors."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import List

import pytest

import arbiter

TIMEOUTS = "lichess-timeouts-200.pgn"
NUM_TIMEOUT_GAMES = 200
MANY_THREADS = 4
# Small batches make threads=4 really interleave on a 200-game file; the
# default batch (256 games) would put every game in one batch.
SMALL_BATCH_GAMES = 7
ONE_GAME = '[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'


def games(path: Path) -> List[arbiter.Verdict]:
    return list(arbiter.adjudicate_pgn(path, source_name="x"))


def test_one_game_from_text() -> None:
    (verdict,) = arbiter.adjudicate_pgn(ONE_GAME)
    assert (verdict.game, verdict.line, verdict.source) == (1, 1, "<string>")
    assert (verdict.white, verdict.black, verdict.plies) == ("A", "B", 4)
    assert (verdict.result, verdict.reason, verdict.recorded, verdict.agrees) == ("0-1", "checkmate", "0-1", True)
    assert verdict.error is None


def test_every_source_kind_gives_the_same_verdicts(data_dir: Path) -> None:
    path = data_dir / TIMEOUTS
    expected = games(path)
    assert len(expected) == NUM_TIMEOUT_GAMES
    text = path.read_text(encoding="utf-8")
    sources = {
        "str path": str(path),
        "text": text,
        "bytes": text.encode("utf-8"),
        "string stream": io.StringIO(text),
        "bytes stream": io.BytesIO(text.encode("utf-8")),
    }
    for kind, source in sources.items():
        assert list(arbiter.adjudicate_pgn(source, source_name="x")) == expected, kind
    with open(path, "rb") as binary:
        assert list(arbiter.adjudicate_pgn(binary, source_name="x")) == expected
    with open(path, encoding="utf-8") as text_file:
        assert list(arbiter.adjudicate_pgn(text_file, source_name="x")) == expected


def test_source_names_default_to_where_the_games_come_from(data_dir: Path) -> None:
    path = data_dir / "adjudicate-kinds.pgn"
    assert next(iter(arbiter.adjudicate_pgn(path))).source == str(path)
    with open(path, "rb") as f:
        assert next(iter(arbiter.adjudicate_pgn(f))).source == str(path)
    assert next(iter(arbiter.adjudicate_pgn(io.BytesIO(ONE_GAME.encode())))).source == "<stream>"


@pytest.mark.parametrize("threads", [MANY_THREADS, 0])
def test_threads_give_the_same_verdicts_in_input_order(data_dir: Path, threads: int) -> None:
    path = data_dir / TIMEOUTS
    one = games(path)
    many = list(arbiter.adjudicate_pgn(path, threads=threads, source_name="x", batch_games=SMALL_BATCH_GAMES))
    assert many == one
    assert [v.game for v in many] == list(range(1, NUM_TIMEOUT_GAMES + 1))


def test_many_inputs_judged_at_once_from_python_threads(data_dir: Path) -> None:
    """Jobs on several Python threads at once (the GIL is released while C++ works)."""
    path = data_dir / TIMEOUTS
    expected = games(path)
    results: List[List[arbiter.Verdict]] = [[] for _ in range(MANY_THREADS)]

    def run(i: int) -> None:
        results[i] = list(arbiter.adjudicate_pgn(path, threads=2, source_name="x", batch_games=SMALL_BATCH_GAMES))

    workers = [threading.Thread(target=run, args=(i,)) for i in range(MANY_THREADS)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert all(r == expected for r in results)


# Run in a child: were the GIL held while the iterator waits, the child would
# hang (the pipeline's read() below needs the GIL) instead of failing.
GIL_CHILD = """
import threading, arbiter
other_thread_ran = threading.Event()
class Gated:
    data = GAME.encode()
    def read(self, size):
        assert other_thread_ran.wait(timeout=30), "no other Python thread ran"
        chunk, Gated.data = Gated.data[:size], Gated.data[size:]
        return chunk
threading.Timer(0.1, other_thread_ran.set).start()
print(len(list(arbiter.adjudicate_pgn(Gated()))))
"""
CHILD_TIMEOUT_SECONDS = 60


def test_the_gil_is_free_while_verdicts_are_awaited() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    child = subprocess.run(
        [sys.executable, "-c", f"GAME = {ONE_GAME!r}\n" + GIL_CHILD],
        capture_output=True,
        text=True,
        env=env,
        timeout=CHILD_TIMEOUT_SECONDS,
        check=False,
    )
    assert (child.returncode, child.stdout.strip()) == (0, "1"), child.stderr


def test_leaving_early_stops_the_work(data_dir: Path) -> None:
    verdicts = arbiter.adjudicate_pgn(data_dir / TIMEOUTS, threads=MANY_THREADS, batch_games=SMALL_BATCH_GAMES)
    first = [next(verdicts) for _ in range(3)]
    assert [v.game for v in first] == [1, 2, 3]
    verdicts.close()  # a generator's close: the C++ thread is stopped and joined


def test_mode_moves_infers_nothing(data_dir: Path) -> None:
    inferred = list(arbiter.adjudicate_pgn(data_dir / TIMEOUTS, infer_events=False))
    assert {v.inferred for v in inferred} == {"none"}
    with_inference = games(data_dir / TIMEOUTS)
    assert any(v.inferred == "time-forfeit" for v in with_inference)


def test_unreadable_games_give_error_verdicts_and_reading_goes_on(data_dir: Path) -> None:
    verdicts = list(arbiter.adjudicate_pgn(data_dir / "adjudicate-errors.pgn"))
    errors = [v for v in verdicts if v.error]
    assert errors and len(errors) < len(verdicts)
    assert all(v.result == "*" and v.reason == "none" for v in errors)


def test_bad_arguments_raise_at_once(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        arbiter.adjudicate_pgn(tmp_path / "missing.pgn")
    with pytest.raises(ValueError, match="unknown rules"):
        arbiter.adjudicate_pgn(ONE_GAME, rules="fide-1999")
    with pytest.raises(ValueError, match="unknown mode"):
        arbiter.adjudicate_pgn(ONE_GAME, mode="sometimes")
    with pytest.raises(ValueError, match="threads"):
        arbiter.adjudicate_pgn(ONE_GAME, threads=-1)
    with pytest.raises(ValueError, match="batch_games"):
        arbiter.adjudicate_pgn(ONE_GAME, batch_games=0)
    with pytest.raises(TypeError):
        arbiter.adjudicate_pgn(42)  # type: ignore[arg-type]


def test_a_failing_stream_raises_its_own_error() -> None:
    class Broken(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def read(self, size: int = -1) -> bytes:
            raise OSError("disk on fire")

    with pytest.raises(OSError, match="disk on fire"):
        list(arbiter.adjudicate_pgn(Broken()))


def test_a_stream_of_bytearrays_is_read() -> None:
    class Chunks:
        def __init__(self, data: bytes) -> None:
            self.data = data

        def read(self, size: int) -> bytearray:
            chunk, self.data = self.data[:size], self.data[size:]
            return bytearray(chunk)

    (verdict,) = arbiter.adjudicate_pgn(Chunks(ONE_GAME.encode()))
    assert verdict.reason == "checkmate"


def test_a_stream_of_the_wrong_type_raises_type_error() -> None:
    class Numbers:
        def read(self, size: int) -> int:
            return 42

    with pytest.raises(TypeError):
        list(arbiter.adjudicate_pgn(Numbers()))


def test_empty_input_gives_no_verdicts() -> None:
    assert list(arbiter.adjudicate_pgn(io.BytesIO(b""))) == []
