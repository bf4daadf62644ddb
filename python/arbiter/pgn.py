"""PGN in, verdicts out: ``arbiter adjudicate --json`` as a Python iterator."""

from __future__ import annotations

import json
import os
from typing import IO, Any, Iterator, Optional, Union

from . import _arbiter
from .verdict import Verdict

__all__ = ["adjudicate_pgn", "PgnSource"]

# PGN text, a file name, or an open file (binary or text) / any object with read().
PgnSource = Union[str, bytes, "os.PathLike[str]", IO[bytes], IO[str]]

# Games per batch handed to a thread: the command line's --batch-games default.
DEFAULT_BATCH_GAMES = 256



def _is_path(text: str) -> bool:
    """A str names a file unless it reads as PGN: PGN has a newline or opens with a
    tag; a one-line name is a file if it exists, ends in .pgn or has a folder."""
    if "\n" in text or text.lstrip().startswith("["):
        return False
    return os.path.exists(text) or text.lower().endswith(".pgn") or os.sep in text


def _source(source: PgnSource, name: Optional[str]) -> "tuple[Any, str, str]":
    """(what the C++ side reads, how it reads it, the name verdicts carry)."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _is_path(source)):
        path = os.fspath(source)
        # Open here, so that a missing file raises the usual FileNotFoundError now.
        with open(path, "rb"):
            pass
        return path, "path", name or str(path)
    if isinstance(source, (str, bytes)):
        return source, "text", name or "<string>"
    read = getattr(source, "read", None)
    if not callable(read):
        raise TypeError(f"adjudicate_pgn reads PGN text, a path or a file object, not {type(source).__name__}")
    stream_name = getattr(source, "name", None)
    return read, "reader", name or (stream_name if isinstance(stream_name, str) else "<stream>")


def adjudicate_pgn(
    source: PgnSource,
    rules: str = _arbiter.DEFAULT_RULES,
    mode: str = "strict",
    infer_events: bool = True,
    threads: int = 1,
    source_name: Optional[str] = None,
    batch_games: int = DEFAULT_BATCH_GAMES,
) -> Iterator[Verdict]:
    """The verdict on every game of ``source``, in input order.

    ``source``: PGN text (bytes, or a str with a newline or opening with a tag),
    a path (os.PathLike, or a one-line str naming a file), or an open file,
    binary or text (any object with read()).
    ``rules``: "fide-2023" ... "fide-2001". ``mode``: "strict" (9.2/9.3 claims
    are listed, not applied) or "proxy-claim" (the arbiter claims at the first
    chance), as ``arbiter adjudicate --mode``. ``infer_events``: after the last
    move, the event the record implies (a time forfeit, a resignation, a claim
    or an agreement), as ``arbiter adjudicate`` does; False: the moves alone.
    ``threads``: judging threads (0: one per hardware thread); the order of the
    verdicts is the input's whatever the number. ``batch_games``: games per
    batch handed to a thread (``--batch-games``: tuning, tests).

    The work runs in C++ without the GIL, on a thread of its own, while the
    verdicts are consumed. A game that cannot be read gives a verdict with
    ``error`` set; a file that cannot be opened raises OSError at once, bad
    names ValueError at once. Leaving the loop early stops the work.
    """
    for name, value in (("threads", threads), ("batch_games", batch_games)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int")
    data, kind, name = _source(source, source_name)
    job = _arbiter.PgnJob(data, kind, name, rules, bool(infer_events), mode, threads, batch_games)
    return _verdicts(job)


def _verdicts(job: Any) -> Iterator[Verdict]:
    try:
        while True:
            chunk = job.next_chunk()
            if chunk is None:
                return
            for line in chunk.splitlines():
                yield Verdict.from_dict(json.loads(line))
    finally:
        job.close()
