#!/usr/bin/env bash
# The performance report's speed rows, Jadoube beside Stockfish 15.1 in one run:
#   perft      startpos perft 6 and kiwipete perft 5 through UCI `go perft`
#   search     the 46 bench positions (src/uci/bench.h) to depth 13, 1 thread:
#              Jadoube hand-crafted, Jadoube NNUE (UseNNUE true), Stockfish
#   scaling    the same positions to depth 14 with Threads 1 and Threads 2:
#              time to depth and nodes/s, each engine against itself
# Every case runs ROUNDS times, the engines alternating, and the median is
# reported. Builds nothing; run it on a quiet machine (2 cores: the 2-thread
# rows need both).
#
# usage: bench/report.sh           env: JADOUBE=build/release/jadoube
#                                       STOCKFISH=/usr/games/stockfish ROUNDS=3
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JADOUBE=${JADOUBE:-$root/build/release/jadoube}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
ROUNDS=${ROUNDS:-3}
for bin in "$JADOUBE" "$STOCKFISH"; do [[ -x $bin ]] || { echo "not executable: $bin" >&2; exit 1; }; done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Stockfish's `bench` reads a file of FENs: the same positions as Jadoube's bench.
sed -n 's/^ *"\([^"]*\)",$/\1/p' "$root/src/uci/bench.h" >"$work/fens"
(($(wc -l <"$work/fens") == 46)) || { echo "expected 46 bench positions in src/uci/bench.h" >&2; exit 1; }

KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
ms() { date +%s%N | cut -c1-13; }

# perft ENGINE "POSITION" DEPTH -> "nodes ms"
perft() {
    local t0 t1 nodes
    t0=$(ms)
    nodes=$(printf 'position %s\ngo perft %s\nquit\n' "$2" "$3" | "$1" 2>/dev/null | sed -n 's/^Nodes searched: //p' | tail -n1)
    t1=$(ms)
    echo "$nodes $((t1 - t0))"
}
# search ENGINE DEPTH THREADS [nnue] -> "nodes ms" from the engine's own bench summary
search() {
    local text
    if [[ $1 == "$STOCKFISH" ]]; then
        text=$("$1" bench 16 "$3" "$2" "$work/fens" depth 2>&1 >/dev/null)
    else
        local nnue=false
        [[ ${4:-} == nnue ]] && nnue=true
        text=$(printf 'setoption name UseNNUE value %s\nbench %s %s\nquit\n' "$nnue" "$2" "$3" | "$1" 2>&1)
    fi
    echo "$(sed -n 's/^Nodes searched *: //p' <<<"$text" | tail -n1) $(sed -n 's/^Total time (ms) *: //p' <<<"$text" | tail -n1)"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

declare -A nodes times rates ttd nps2
run() { # KEY COMMAND... : appends one sample of time and of nodes/s (nodes vary with threads)
    local r
    r=$("${@:2}")
    nodes[$1]=${r% *}
    times[$1]+="${r#* } "
    rates[$1]+="$(awk -v n="${r% *}" -v t="${r#* }" 'BEGIN { printf "%.4f", n / t / 1000 }') "
}
for ((i = 1; i <= ROUNDS; i++)); do
    echo "round $i/$ROUNDS" >&2
    run perft6.j perft "$JADOUBE" startpos 6
    run perft6.s perft "$STOCKFISH" startpos 6
    run perft5.j perft "$JADOUBE" "fen $KIWIPETE" 5
    run perft5.s perft "$STOCKFISH" "fen $KIWIPETE" 5
    run hce.j search "$JADOUBE" 13 1
    run nnue.j search "$JADOUBE" 13 1 nnue
    run nn.s search "$STOCKFISH" 13 1
    run t1.j search "$JADOUBE" 14 1
    run t2.j search "$JADOUBE" 14 2
    run t1.s search "$STOCKFISH" 14 1
    run t2.s search "$STOCKFISH" 14 2
done

med() { tr ' ' '\n' <<<"${times[$1]}" | grep . | median; }
mnps() { tr ' ' '\n' <<<"${rates[$1]}" | grep . | median | xargs printf '%.2f'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "Jadoube:   $JADOUBE ($(printf 'uci\nquit\n' | "$JADOUBE" | sed -n 's/^id name //p'))"
echo "Stockfish: $STOCKFISH ($(printf 'uci\nquit\n' | "$STOCKFISH" 2>/dev/null | sed -n 's/^id name //p'))"
echo "Date:      $(date -u '+%Y-%m-%d %H:%M UTC'), $ROUNDS rounds alternating, medians; load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| measure | Jadoube | Stockfish 15.1 | Jadoube / Stockfish |"
echo "|---|---:|---:|---:|"
for k in perft6 perft5; do
    label="perft startpos d6 (119,060,324 nodes)"
    [[ $k == perft5 ]] && label="perft kiwipete d5 (193,690,690 nodes)"
    [[ ${nodes[$k.j]} == "${nodes[$k.s]}" ]] || label+=" NODE COUNTS DIFFER: ${nodes[$k.j]} vs ${nodes[$k.s]}"
    echo "| $label, M nodes/s (incl. start-up) | $(mnps $k.j) | $(mnps $k.s) | $(ratio "$(mnps $k.j)" "$(mnps $k.s)") |"
done
echo "| search, 46 positions d13, 1 thread, M nodes/s: Jadoube hand-crafted | $(mnps hce.j) (${nodes[hce.j]} nodes) | $(mnps nn.s) (${nodes[nn.s]} nodes) | $(ratio "$(mnps hce.j)" "$(mnps nn.s)") |"
echo "| search, same, M nodes/s: Jadoube NNUE (UseNNUE true) | $(mnps nnue.j) (${nodes[nnue.j]} nodes) | $(mnps nn.s) | $(ratio "$(mnps nnue.j)" "$(mnps nn.s)") |"
for e in j s; do
    ttd[$e]=$(ratio "$(med t1.$e)" "$(med t2.$e)")
    nps2[$e]=$(ratio "$(mnps t2.$e)" "$(mnps t1.$e)")
done
echo "| 1 -> 2 threads, d14: time-to-depth speed-up (ms $(med t1.j) -> $(med t2.j) / $(med t1.s) -> $(med t2.s)) | ${ttd[j]}x | ${ttd[s]}x | - |"
echo "| 1 -> 2 threads, d14: nodes/s scaling | ${nps2[j]}x | ${nps2[s]}x | - |"
echo
echo "raw ms per round:"
for k in "${!times[@]}"; do echo "  $k: ms ${times[$k]}| M nodes/s ${rates[$k]}| nodes (last) ${nodes[$k]}"; done | sort
