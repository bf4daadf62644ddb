#!/usr/bin/env bash
# The README's recipe for big databases: GNU parallel cuts the PGN into blocks at
# game starts and runs one `arbiter adjudicate` per block. Kept in order (-k), the
# blocks' game lines say for every game what one run says (apart from the game
# number, source and line, which count within a block), and their summaries,
# merged by --merge-summaries, equal one run's (apart from the count of inputs).
# Exit 77 (ctest: skipped) without GNU parallel.
#   parallel_adjudicate_test.sh ARBITER FILE.pgn
set -euo pipefail
arbiter="$1" pgn="$2"
if ! parallel --version 2>/dev/null | grep -q "GNU parallel"; then
  echo "GNU parallel is not installed (apt-get install parallel): skipped"
  exit 77
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
games_only() { grep -v '^{"summary":' "$1" | sed -E 's/^\{"game":[0-9]+,"source":"[^"]*","line":[0-9]+,/{/'; }
without_files() { sed -E 's/,"files":[0-9]+,/,/' "$1"; }

"$arbiter" adjudicate --format json --no-progress <"$pgn" >"$scratch/one.json" || fail "single run"
parallel --pipe -k --recstart '[Event ' --block 40k "$arbiter" adjudicate --format json --no-progress \
  <"$pgn" >"$scratch/blocks.json" || fail "parallel run"
blocks="$(grep -c '^{"summary":' "$scratch/blocks.json")"
[ "$blocks" -ge 3 ] || fail "only $blocks blocks: the test would prove nothing"

games_only "$scratch/one.json" >"$scratch/one.games"
games_only "$scratch/blocks.json" >"$scratch/blocks.games"
[ -s "$scratch/one.games" ] || fail "no games judged"
cmp -s "$scratch/one.games" "$scratch/blocks.games" ||
  { diff "$scratch/one.games" "$scratch/blocks.games" | head -5 >&2; fail "game lines differ"; }

"$arbiter" adjudicate --merge-summaries --format json "$scratch/blocks.json" >"$scratch/merged.json" ||
  fail "--merge-summaries"
grep '^{"summary":' "$scratch/one.json" >"$scratch/one.summary"
[ "$(without_files "$scratch/merged.json")" = "$(without_files "$scratch/one.summary")" ] ||
  fail "merged summary $(cat "$scratch/merged.json") differs from $(cat "$scratch/one.summary")"
echo "parallel recipe: $(wc -l <"$scratch/one.games") games in $blocks blocks, same verdicts and summary"
