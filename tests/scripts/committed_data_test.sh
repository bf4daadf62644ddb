#!/usr/bin/env bash
# The training games kept in the repository (data/games, data/manifest, written by
# scripts/datagen save) are whole: every archive decompresses, expands into a data
# file (each game replayed, its records checked as it is read), and gives the
# positions, games and results its manifest line says, with the same settings;
# every archive has exactly one line and every line an archive.
#   committed_data_test.sh ARBITER DATA_DIR
set -euo pipefail
arbiter="$1" data="$2"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
passed=0
shopt -s nullglob
archives=("$data"/games/*.games.xz)
if ((${#archives[@]} == 0)); then
  echo "no archives in $data/games: nothing to check"
  echo "committed data checks: 0 archives, 0 failed"
  exit 0
fi
[[ -f "$data/manifest" ]] || fail "$data/manifest is missing"
lines=$(grep -vc '^#' "$data/manifest" || true)
((lines == ${#archives[@]})) || fail "$lines manifest lines for ${#archives[@]} archives"
total=0
for xzf in "${archives[@]}"; do
  name=$(basename "$xzf")
  line=$(awk -F'\t' -v f="$name" '$1 == f' "$data/manifest")
  [[ -n "$line" ]] || fail "$name has no manifest line"
  IFS=$'\t' read -r _ generation seed positions games wins draws losses _ archive_bytes xz_bytes \
    settings <<<"$line"
  [[ "$name" == "gen$generation-seed$seed-"* ]] || fail "$name: the line says gen$generation seed $seed"
  [[ "$(stat -c %s "$xzf")" == "$xz_bytes" ]] || fail "$name: $(stat -c %s "$xzf") bytes, the line says $xz_bytes"
  xz -dc "$xzf" >"$scratch/a.games" || fail "$name does not decompress"
  [[ "$(stat -c %s "$scratch/a.games")" == "$archive_bytes" ]] || fail "$name: archive size"
  rm -f "$scratch/a.bin"
  out=$("$arbiter" datagen --expand "$scratch/a.games" --out "$scratch/a.bin" 2>&1) ||
    fail "$name does not expand: $out"
  [[ "$out" == *": $games games, $positions positions" ]] || fail "$name: '$out', the line says $games games, $positions positions"
  # The expanded file's header (data_file.h): settings text at byte 56, and from
  # byte 16 the u64 counts of games, positions, White's wins, draws and losses.
  header=$(head -c 248 "$scratch/a.bin" | tail -c +57 | tr -d '\0')
  [[ "$header" == "$settings" ]] || fail "$name: settings '$header', the line says '$settings'"
  read -r h_games h_positions h_wins h_draws h_losses <<<"$(od -An -t u8 -j 16 -N 40 "$scratch/a.bin" | tr -s ' \n' ' ')"
  [[ "$h_games $h_positions $h_wins $h_draws $h_losses" == "$games $positions $wins $draws $losses" ]] ||
    fail "$name: header $h_games $h_positions $h_wins $h_draws $h_losses, the line $games $positions $wins $draws $losses"
  total=$((total + positions))
  passed=$((passed + 1))
done
echo "$total positions in ${#archives[@]} archives"
echo "committed data checks: $passed archives, 0 failed"
