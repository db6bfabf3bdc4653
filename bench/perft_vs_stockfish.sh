#!/bin/sh
# Perft speed, Jadoube against Stockfish, through the same UCI commands:
#   position startpos            + go perft 6   (119,060,324 nodes)
#   position fen <kiwipete>      + go perft 5   (193,690,690 nodes)
#   position startpos            + go perft 1   (20 nodes: process start-up cost)
# Both engines run single-threaded (Stockfish's default Threads is 1; Jadoube's
# perft has one thread). Builds nothing: it times the binaries it is given.
#
# usage: bench/perft_vs_stockfish.sh [--callgrind]
# env:   JADOUBE=build/release/jadoube   STOCKFISH=/usr/games/stockfish
#        RUNS=15 WARMUP=2                OUT=build/perft_vs_stockfish (hyperfine exports)
#        JADOUBE_VG=build/valgrind/jadoube  (binary for --callgrind; Valgrind
#        3.19 cannot decode AVX-512, so a -march=native build on an AVX-512 CPU
#        dies with SIGILL under it; build one without AVX-512, see bench/RESULTS.md)
set -eu

JADOUBE=${JADOUBE:-build/release/jadoube}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
JADOUBE_VG=${JADOUBE_VG:-build/valgrind/jadoube}
RUNS=${RUNS:-15}
WARMUP=${WARMUP:-2}
OUT=${OUT:-build/perft_vs_stockfish}
CALLGRIND=0
[ "${1:-}" = "--callgrind" ] && CALLGRIND=1

KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

for bin in "$JADOUBE" "$STOCKFISH"; do
    [ -x "$bin" ] || { echo "not executable: $bin" >&2; exit 1; }
done
command -v hyperfine >/dev/null || { echo "hyperfine not found" >&2; exit 1; }

# One UCI script per case, fed on stdin.
IN=$(mktemp -d)
trap 'rm -rf "$IN"' EXIT
printf 'position startpos\ngo perft 1\nquit\n' > "$IN/startup.uci"
printf 'position startpos\ngo perft 6\nquit\n' > "$IN/startpos6.uci"
printf 'position fen %s\ngo perft 5\nquit\n' "$KIWIPETE" > "$IN/kiwipete5.uci"

engine_name() { printf 'uci\nquit\n' | "$1" 2>/dev/null | sed -n 's/^id name //p' | head -n 1; }
nodes() { "$1" < "$IN/$2.uci" 2>/dev/null | sed -n 's/^Nodes searched: //p' | tail -n 1; }

echo "Jadoube:   $JADOUBE ($(engine_name "$JADOUBE"))"
echo "Stockfish: $STOCKFISH ($(engine_name "$STOCKFISH"))"
echo "CPU:       $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) logical CPUs"
echo "Date:      $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "Load avg:  $(cut -d" " -f1-3 /proc/loadavg) (before timing)"
echo

# Node counts first: a timing of a wrong count is meaningless.
echo "Node counts"
status=0
for c in startup:20 startpos6:119060324 kiwipete5:193690690; do
    case_=${c%%:*}; want=${c#*:}
    j=$(nodes "$JADOUBE" "$case_"); s=$(nodes "$STOCKFISH" "$case_")
    printf '  %-10s expected %10s  jadoube %10s  stockfish %10s\n' "$case_" "$want" "${j:-none}" "${s:-none}"
    [ "$j" = "$want" ] && [ "$s" = "$want" ] || status=1
done
[ $status -eq 0 ] || { echo "node count mismatch: not timing" >&2; exit 1; }
echo

# Wall-clock times: one hyperfine run, the two engines' commands adjacent per case.
# (hyperfine runs each command's runs back to back, then the next command.)
mkdir -p "$OUT"
hyperfine -N --warmup "$WARMUP" --runs "$RUNS" \
    --export-markdown "$OUT/perft_vs_stockfish.md" --export-json "$OUT/perft_vs_stockfish.json" \
    -n 'jadoube startup (perft 1)'    "sh -c 'exec $JADOUBE < $IN/startup.uci'" \
    -n 'stockfish startup (perft 1)'  "sh -c 'exec $STOCKFISH < $IN/startup.uci'" \
    -n 'jadoube startpos perft 6'     "sh -c 'exec $JADOUBE < $IN/startpos6.uci'" \
    -n 'stockfish startpos perft 6'   "sh -c 'exec $STOCKFISH < $IN/startpos6.uci'" \
    -n 'jadoube kiwipete perft 5'     "sh -c 'exec $JADOUBE < $IN/kiwipete5.uci'" \
    -n 'stockfish kiwipete perft 5'   "sh -c 'exec $STOCKFISH < $IN/kiwipete5.uci'"

# Ratios from the medians: raw, and with each engine's own start-up subtracted.
python3 - "$OUT/perft_vs_stockfish.json" <<'EOF'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
med = lambda k: r[k]["median"]
user = lambda k: r[k]["user"]
js, ss = med("jadoube startup (perft 1)"), med("stockfish startup (perft 1)")
print()
print("Median wall seconds (ratio = Stockfish / Jadoube; net = minus that engine's perft 1 median)")
print(f"  start-up: jadoube {js*1000:.1f} ms, stockfish {ss*1000:.1f} ms")
for case, nodes in (("startpos perft 6", 119060324), ("kiwipete perft 5", 193690690)):
    j, s = med("jadoube " + case), med("stockfish " + case)
    jn, sn = j - js, s - ss
    print(f"  {case}: jadoube {j:.3f} s ({nodes/jn/1e6:.0f} Mnps net), stockfish {s:.3f} s ({nodes/sn/1e6:.0f} Mnps net), "
          f"raw ratio {s/j:.2f}, net ratio {sn/jn:.2f}, user-time ratio {user('stockfish ' + case)/user('jadoube ' + case):.2f}")
EOF

[ $CALLGRIND -eq 1 ] || exit 0

# Instruction counts (Callgrind's Ir, all threads): deterministic, so a noisy
# machine does not blur them. Jadoube runs as $JADOUBE_VG here.
command -v valgrind >/dev/null || { echo "valgrind not found" >&2; exit 1; }
[ -x "$JADOUBE_VG" ] || { echo "not executable: $JADOUBE_VG (see bench/RESULTS.md)" >&2; exit 1; }
echo
echo "Instructions (valgrind --tool=callgrind, Ir)"
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" < "$IN/$2.uci" 2>&1 >/dev/null \
       | sed -n 's/^==[0-9]*== Collected : //p'; }
for case_ in startup startpos6 kiwipete5; do
    j=$(ir "$JADOUBE_VG" "$case_"); s=$(ir "$STOCKFISH" "$case_")
    echo "$case_ $j $s"
done > "$OUT/callgrind.txt"
python3 - "$OUT/callgrind.txt" <<'EOF'
import sys
rows = {c: (int(j), int(s)) for c, j, s in (l.split() for l in open(sys.argv[1]))}
j0, s0 = rows["startup"]
print(f"  {'case':<10} {'jadoube Ir':>15} {'stockfish Ir':>15} {'ratio':>6} {'net ratio':>9}")
for c, (j, s) in rows.items():
    net = f"{(s - s0) / (j - j0):9.2f}" if c != "startup" else f"{'-':>9}"
    print(f"  {c:<10} {j:>15,} {s:>15,} {s / j:6.2f} {net}")
print("  (ratio = Stockfish / Jadoube; net = minus each engine's startup Ir)")
EOF
