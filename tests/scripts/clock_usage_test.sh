#!/usr/bin/env bash
# scripts/clock-usage reads each side's [%clk] after its moves: Black's replies
# without a number of their own, a game that starts with Black to move, NAGs,
# variations (their clocks are not the game's), a game without clocks (skipped
# and counted), the clock after each side's last move, and the time a move took
# from the TimeControl tag (left out for a control that is not base+increment).
#   clock_usage_test.sh SCRIPTS_DIR
set -euo pipefail
scripts="$1"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
passed=0
check() { passed=$((passed + 1)); }

# Game 1 (30+1): A (White) and B, moves 1-11 with clocks; A's clock after move n
# is 20-n, B's 30-n, so each move from the second on took 2 s. Move 10 has a NAG
# and a variation whose clock must be ignored.
{
  echo '[White "A"]'; echo '[Black "B"]'; echo '[Result "1-0"]'; echo '[TimeControl "30+1"]'; echo
  for n in $(seq 1 11); do
    extra=""
    [ "$n" -eq 10 ] && extra=' $1 (10... Nf6 { [%clk 0:00:59.0] })'
    printf '%d. e4 { [%%clk 0:00:%05.2f] }%s d5 { book [%%clk 0:00:%05.2f] }\n' \
      "$n" "$((20 - n))" "$extra" "$((30 - n))"
  done
  echo '1-0'; echo
  # Game 2 (10 s, no increment): B (White) and A, from a position with Black to
  # move at move 10: A plays moves 10-12 (clocks 7, 6, 5: 3, 1 and 1 s), B moves 11
  # and 12 (clocks 3, 2: 7 and 1 s).
  echo '[White "B"]'; echo '[Black "A"]'; echo '[FEN "4k3/8/8/8/8/8/8/4K3 b - - 0 10"]'
  echo '[TimeControl "10"]'; echo
  echo '10... Kd7 { [%clk 0:00:07.0] } 11. Kd2 { [%clk 0:00:03] } Kc7 { [%clk 0:00:06]'
  echo '} 12. Kc2 {[%clk 0:00:02.0]} 12... Kb7 { [%clk 0:00:05.0] } 1/2-1/2'; echo
  # Game 3: no clocks at all.
  echo '[White "A"]'; echo '[Black "B"]'; echo; echo '1. e4 e5 *'; echo
  # Game 4 (40 moves in 600 s): its clocks count, its move times cannot be known.
  echo '[White "A"]'; echo '[Black "B"]'; echo '[TimeControl "40/600"]'
  echo '[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 10"]'; echo
  echo '10. Kd2 { [%clk 0:00:07] } Kd7 { [%clk 0:00:11] } *'
} >"$scratch/games.pgn"

out=$("$scripts/clock-usage" "$scratch/games.pgn") || fail "it failed: $out"
echo "$out"
[[ "$out" == *"3 games with clocks, 1 without clocks skipped"* ]] || fail "game count: $out"
check
clock_table=$(sed -n '/^Median clock left/,/^$/p' <<<"$out")
move_table=$(sed -n '/^Mean time a move took/,$p' <<<"$out")
# A's clocks at moves 10-19: 10 and 9, 7, 6, 5, and 7: median 7. Last moves: 9, 5, 7.
grep -qE '^A +7\.00 s +- +- +- +- +7\.00 s$' <<<"$clock_table" || fail "A's clocks: $out"
check
# B's: 20 and 19, 3 and 2, and 11: median 11. Last moves: 19, 2, 11.
grep -qE '^B +11\.00 s +- +- +- +- +11\.00 s$' <<<"$clock_table" || fail "B's clocks: $out"
check
# A's moves 10-19 took 2, 2, 3, 1, 1 s (mean 1.8); B's 2, 2, 7, 1 (mean 3).
grep -qE '^A +1\.80 s +- +- +- +-$' <<<"$move_table" || fail "A's move times: $out"
check
grep -qE '^B +3\.00 s +- +- +- +-$' <<<"$move_table" || fail "B's move times: $out"
check

out=$("$scripts/clock-usage" "$scratch/missing.pgn" 2>&1) && fail "a missing file was accepted"
[[ "$out" == *"No such file"* ]] || fail "missing file said: $out"
check
printf '[White "A"]\n\n1. e4 e5 *\n' >"$scratch/none.pgn"
out=$("$scripts/clock-usage" "$scratch/none.pgn" 2>&1) && fail "a PGN without clocks was accepted"
[[ "$out" == *"no game has [%clk] comments"* ]] || fail "no clocks said: $out"
check
echo "clock-usage checks: $passed passed, 0 failed"
