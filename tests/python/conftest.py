"""Shared by the Python tests: the data folder and the native command line.

The tests import the package ``arbiter`` from wherever the interpreter finds
it: an installed one, or the build's (PYTHONPATH=build/python/python, as
scripts/lib/python-tests.sh sets).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"

# Where the command line is looked for when ARBITER_CLI does not say.
CLI_CANDIDATES = (ROOT / "build" / "release" / "arbiter", ROOT / "build" / "python" / "arbiter")


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA


@pytest.fixture(scope="session")
def arbiter_cli() -> str:
    """The native 'arbiter' program whose verdicts Python must repeat."""
    given = os.environ.get("ARBITER_CLI")
    if given:
        if not os.access(given, os.X_OK):
            pytest.fail(f"ARBITER_CLI={given} is not an executable")
        return given
    for candidate in CLI_CANDIDATES:
        if os.access(candidate, os.X_OK):
            return str(candidate)
    found = shutil.which("arbiter")
    if found:
        return found
    pytest.skip("no arbiter program: set ARBITER_CLI or build build/release (scripts/test)")
