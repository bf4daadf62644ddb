#!/usr/bin/env bash
# The Python module's stage of scripts/test: builds arbiter._arbiter in
# build/python, runs the pytest suite of tests/python against it (comparing
# with the native command line, ARBITER_CLI, default build/release/arbiter),
# then checks the documented install route: `pip install --no-build-isolation .`
# into a throw-away folder, and a game judged by the installed package.
#   scripts/lib/python-tests.sh            (run, or sourced by scripts/test)
#   ARBITER_PYTHON_EXE=/usr/bin/python3 scripts/lib/python-tests.sh
#
# Which interpreter: the module is built for, and tested with, one interpreter:
# ARBITER_PYTHON_EXE, else the `python3` on PATH (what a user's `pip` and
# `import` will be: on this machine a pyenv 3.11, on a fresh Debian 12 Debian's
# own). pytest is Debian's python3-pytest, installed for /usr/bin/python3 only;
# another interpreter of the same minor version borrows it through PYTHONPATH
# (pure Python), which we check rather than assume. A pytest of its own (pip)
# is used first when that interpreter has one.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

arbiter_python_tests() {
  arbiter_ensure_packages pybind11-dev python3-dev python3-pip python3-pytest || return 1
  local python build="$ARBITER_ROOT/build/python" debian_site=/usr/lib/python3/dist-packages
  python="$(command -v "${ARBITER_PYTHON_EXE:-python3}")"
  arbiter_log "Python module for $python ($("$python" --version 2>&1))"

  ARBITER_TARGET=arbiter_python arbiter_build "$build" -DCMAKE_BUILD_TYPE=Release \
    -DARBITER_BUILD_TESTS=OFF -DARBITER_PYTHON=ON "-DPython_EXECUTABLE=$python" "$ARBITER_UNITY" ||
    return 1

  # pytest: the interpreter's own, or Debian's when the versions match.
  local pytest_path=""
  if ! "$python" -c "import pytest" 2>/dev/null; then
    pytest_path="$debian_site"
    PYTHONPATH="$debian_site" "$python" -c "import pytest" 2>/dev/null || {
      arbiter_log "no pytest for $python: pip install pytest, or ARBITER_PYTHON_EXE=/usr/bin/python3"
      return 1
    }
  fi
  # The build's package first; Debian's folder last, for pytest only.
  local path="$build/python${pytest_path:+:$pytest_path}"
  local cli="${ARBITER_CLI:-$ARBITER_ROOT/build/release/arbiter}"
  [ -x "$cli" ] || cli="${ARBITER_CLI:-}"  # the comparisons skip, saying why
  (cd "$ARBITER_ROOT" && ARBITER_CLI="$cli" PYTHONPATH="$path" \
    "$python" -m pytest -q -p no:cacheprovider tests/python) || return 1

  # The install route of README.md, into a folder of its own, reusing the
  # objects built above (ARBITER_BUILD_DIR).
  local target
  target="$(mktemp -d)"
  arbiter_log "pip install --no-build-isolation . (into $target)"
  (cd "$ARBITER_ROOT" && ARBITER_BUILD_DIR="$build" "$python" -m pip install --quiet --root-user-action=ignore \
    --no-build-isolation --no-deps --no-index --target "$target" .) >&2 || { rm -rf "$target"; return 1; }
  (cd "$target" && PYTHONPATH="$target" "$python" - <<'EOF'
import arbiter, os
assert os.path.dirname(arbiter.__file__).startswith(os.getcwd()), arbiter.__file__
game = arbiter.Game()
for san in ["f3", "e5", "g4", "Qh4#"]:
    game.push_san(san)
verdict = game.outcome()
assert (verdict.result, verdict.reason) == ("0-1", "checkmate"), verdict
pgn = '[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'
assert [v.agrees for v in arbiter.adjudicate_pgn(pgn)] == [True]
print("installed arbiter judges:", verdict.result, verdict.reason)
EOF
  ) >&2 || { rm -rf "$target"; return 1; }
  rm -rf "$target"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  arbiter_python_tests
fi
