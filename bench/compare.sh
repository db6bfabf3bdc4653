#!/usr/bin/env bash
# bench/compare.sh: Jadoube beside Stockfish 15.1, measured in one run, through
# the same UCI commands. Builds nothing: it times the binaries it is given; run
# it on a quiet machine (2 cores: the 2-thread rows need both).
#
#   bench/compare.sh report              the performance table's speed rows
#   bench/compare.sh perft [--callgrind] perft wall times (hyperfine) and, with
#                                        --callgrind, instruction counts
#   bench/compare.sh fens                the bench positions, one FEN a line
#
# report: every case ROUNDS times, the engines alternating, medians reported:
#   perft      startpos perft 6 and kiwipete perft 5 through UCI `go perft`
#   search     the bench positions to depth 13, 1 thread: Jadoube hand-crafted,
#              Jadoube NNUE (UseNNUE true), Stockfish (its `bench` on a file of
#              the same FENs)
#   scaling    the same positions to depth 14 with Threads 1 and Threads 2:
#              time to depth and nodes/s, each engine against itself
# perft: node counts checked first, then one hyperfine run of
#   position startpos + go perft 6 (119,060,324 nodes), position fen <kiwipete>
#   + go perft 5 (193,690,690) and position startpos + go perft 1 (20 nodes: the
#   process start-up cost), each engine single-threaded; exports in OUT.
#   --callgrind: the same under valgrind --tool=callgrind (Ir, all threads),
#   Jadoube as JADOUBE_VG (Valgrind 3.19 cannot decode AVX-512: a -march=native
#   build on an AVX-512 CPU dies with SIGILL under it; build the valgrind preset:
#   cmake --preset valgrind && cmake --build --preset valgrind).
#
# The bench positions come from the engine (`jadoube bench --fens`), so both
# engines search exactly what `jadoube bench` searches.
#
# env: JADOUBE=build/release/jadoube  STOCKFISH=/usr/games/stockfish (Debian's
#                       package: a Debian baseline build, SSE2; STOCKFISH=PATH for
#                       Stockfish 15.1 built for this CPU, bench signature 3467381;
#                       the output names the build by its `compiler` line)
#      ROUNDS=3 (report)  RUNS=15 WARMUP=2 OUT=build/perft_vs_stockfish (perft)
#      JADOUBE_VG=build/valgrind/jadoube (perft --callgrind)
#      BENCH_FENS=FILE  Stockfish's positions from a file (one FEN a line) instead
#                       of `jadoube bench --fens`, e.g. for a build older than that
#                       command; Jadoube's `bench` always searches its own
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JADOUBE=${JADOUBE:-$root/build/release/jadoube}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}

die() { echo "compare: $*" >&2; exit 1; }
usage() { sed -n '2,9s/^# \{0,1\}//p' "$0" >&2; exit 2; }

KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

need_engines() {
    local bin
    for bin in "$JADOUBE" "$STOCKFISH"; do [[ -x $bin ]] || die "not executable: $bin"; done
}
engine_name() { printf 'uci\nquit\n' | "$1" 2>/dev/null | sed -n 's/^id name //p' | head -n 1; }
# Stockfish's build, as its `compiler` command says it: "64bit SSE2" is Debian's
# baseline build, "64bit VNNI AVX512 BMI2 ..." one built for an AVX-512 CPU.
engine_build() { printf 'compiler\nquit\n' | "$1" 2>/dev/null | sed -n 's/^Compilation settings include: *//p' | head -n 1; }

# bench_fens FILE: writes the bench positions to FILE, one FEN a line.
bench_fens() {
    if [[ -n ${BENCH_FENS:-} ]]; then
        grep -v '^[[:space:]]*$' "$BENCH_FENS" >"$1" || die "no positions in BENCH_FENS=$BENCH_FENS"
    else
        "$JADOUBE" bench --fens >"$1" 2>/dev/null \
            || die "$JADOUBE bench --fens failed (an engine without it: set BENCH_FENS=FILE)"
    fi
    # Six fields a line, the first a board of eight ranks: anything else is not a FEN list.
    local hint=""
    [[ -n ${BENCH_FENS:-} ]] || hint=" (an engine without \`bench --fens\`? set BENCH_FENS=FILE)"
    awk 'NF != 6 || split($1, ranks, "/") != 8 { bad++ } END { exit bad > 0 || NR == 0 }' "$1" \
        || die "the bench positions are not one FEN a line$hint: $(head -n 3 "$1" | tr '\n' '|')"
}

# The UCI scripts both subcommands time, fed on stdin: perft from the start
# position and kiwipete, and perft 1 for the process start-up cost.
write_perft_scripts() { # DIR
    printf 'position startpos\ngo perft 1\nquit\n' >"$1/startup.uci"
    printf 'position startpos\ngo perft 6\nquit\n' >"$1/startpos6.uci"
    printf 'position fen %s\ngo perft 5\nquit\n' "$KIWIPETE" >"$1/kiwipete5.uci"
}
perft_nodes() { "$1" <"$2" 2>/dev/null | sed -n 's/^Nodes searched: //p' | tail -n 1; }
ms() { date +%s%N | cut -c1-13; }

# ---------------------------------------------------------------------------
# report: the speed rows of the first performance table
# (bench/log/2026-11-22-speed-beside-stockfish.md)
# ---------------------------------------------------------------------------
cmd_report() {
    (($# == 0)) || usage
    local ROUNDS=${ROUNDS:-3}
    need_engines
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # Stockfish's `bench` reads a file of FENs: the same positions as Jadoube's bench.
    bench_fens "$work/fens"
    local npos
    npos=$(wc -l <"$work/fens")
    write_perft_scripts "$work"

    # perft ENGINE SCRIPT -> "nodes ms"
    perft() {
        local t0 t1 nodes
        t0=$(ms)
        nodes=$(perft_nodes "$1" "$2")
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
    local i
    for ((i = 1; i <= ROUNDS; i++)); do
        echo "round $i/$ROUNDS" >&2
        run perft6.j perft "$JADOUBE" "$work/startpos6.uci"
        run perft6.s perft "$STOCKFISH" "$work/startpos6.uci"
        run perft5.j perft "$JADOUBE" "$work/kiwipete5.uci"
        run perft5.s perft "$STOCKFISH" "$work/kiwipete5.uci"
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

    echo "Jadoube:   $JADOUBE ($(engine_name "$JADOUBE"))"
    echo "Stockfish: $STOCKFISH ($(engine_name "$STOCKFISH"); build: $(engine_build "$STOCKFISH"))"
    echo "Date:      $(date -u '+%Y-%m-%d %H:%M UTC'), $ROUNDS rounds alternating, medians; load after: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    echo "| measure | Jadoube | Stockfish 15.1 | Jadoube / Stockfish |"
    echo "|---|---:|---:|---:|"
    local k e label
    for k in perft6 perft5; do
        label="perft startpos d6 (119,060,324 nodes)"
        [[ $k == perft5 ]] && label="perft kiwipete d5 (193,690,690 nodes)"
        [[ ${nodes[$k.j]} == "${nodes[$k.s]}" ]] || label+=" NODE COUNTS DIFFER: ${nodes[$k.j]} vs ${nodes[$k.s]}"
        echo "| $label, M nodes/s (incl. start-up) | $(mnps $k.j) | $(mnps $k.s) | $(ratio "$(mnps $k.j)" "$(mnps $k.s)") |"
    done
    echo "| search, $npos positions d13, 1 thread, M nodes/s: Jadoube hand-crafted | $(mnps hce.j) (${nodes[hce.j]} nodes) | $(mnps nn.s) (${nodes[nn.s]} nodes) | $(ratio "$(mnps hce.j)" "$(mnps nn.s)") |"
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
}

# ---------------------------------------------------------------------------
# perft: hyperfine wall times, and Callgrind instruction counts
# ---------------------------------------------------------------------------
cmd_perft() {
    local callgrind=0
    case "${1:-}" in
        "") ;;
        --callgrind) callgrind=1 ;;
        *) usage ;;
    esac
    local RUNS=${RUNS:-15} WARMUP=${WARMUP:-2} OUT=${OUT:-$root/build/perft_vs_stockfish}
    local JADOUBE_VG=${JADOUBE_VG:-$root/build/valgrind/jadoube}
    need_engines
    command -v hyperfine >/dev/null || die "hyperfine not found"
    IN=$(mktemp -d)
    trap 'rm -rf "$IN"' EXIT
    write_perft_scripts "$IN"

    echo "Jadoube:   $JADOUBE ($(engine_name "$JADOUBE"))"
    echo "Stockfish: $STOCKFISH ($(engine_name "$STOCKFISH"); build: $(engine_build "$STOCKFISH"))"
    echo "CPU:       $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) logical CPUs"
    echo "Date:      $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "Load avg:  $(cut -d" " -f1-3 /proc/loadavg) (before timing)"
    echo

    # Node counts first: a timing of a wrong count is meaningless.
    echo "Node counts"
    local status=0 c case_ want j s
    for c in startup:20 startpos6:119060324 kiwipete5:193690690; do
        case_=${c%%:*} want=${c#*:}
        j=$(perft_nodes "$JADOUBE" "$IN/$case_.uci") s=$(perft_nodes "$STOCKFISH" "$IN/$case_.uci")
        printf '  %-10s expected %10s  jadoube %10s  stockfish %10s\n' "$case_" "$want" "${j:-none}" "${s:-none}"
        [[ $j == "$want" && $s == "$want" ]] || status=1
    done
    ((status == 0)) || die "node count mismatch: not timing"
    echo

    # Wall-clock times: one hyperfine run, the two engines' commands adjacent per case.
    # (hyperfine runs each command's runs back to back, then the next command.)
    mkdir -p "$OUT"
    hyperfine -N --warmup "$WARMUP" --runs "$RUNS" \
        --export-markdown "$OUT/perft_vs_stockfish.md" --export-json "$OUT/perft_vs_stockfish.json" \
        -n 'jadoube startup (perft 1)' "sh -c 'exec $JADOUBE < $IN/startup.uci'" \
        -n 'stockfish startup (perft 1)' "sh -c 'exec $STOCKFISH < $IN/startup.uci'" \
        -n 'jadoube startpos perft 6' "sh -c 'exec $JADOUBE < $IN/startpos6.uci'" \
        -n 'stockfish startpos perft 6' "sh -c 'exec $STOCKFISH < $IN/startpos6.uci'" \
        -n 'jadoube kiwipete perft 5' "sh -c 'exec $JADOUBE < $IN/kiwipete5.uci'" \
        -n 'stockfish kiwipete perft 5' "sh -c 'exec $STOCKFISH < $IN/kiwipete5.uci'"

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

    ((callgrind)) || return 0

    # Instruction counts (Callgrind's Ir, all threads): deterministic, so a noisy
    # machine does not blur them. Jadoube runs as $JADOUBE_VG here.
    command -v valgrind >/dev/null || die "valgrind not found"
    [[ -x $JADOUBE_VG ]] || die "not executable: $JADOUBE_VG (cmake --preset valgrind && cmake --build --preset valgrind)"
    echo
    echo "Instructions (valgrind --tool=callgrind, Ir)"
    ir() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" <"$IN/$2.uci" 2>&1 >/dev/null \
            | sed -n 's/^==[0-9]*== Collected : //p'
    }
    for case_ in startup startpos6 kiwipete5; do
        echo "$case_ $(ir "$JADOUBE_VG" "$case_") $(ir "$STOCKFISH" "$case_")"
    done >"$OUT/callgrind.txt"
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
}

cmd_fens() {
    (($# == 0)) || usage
    [[ -n ${BENCH_FENS:-} || -x $JADOUBE ]] || die "not executable: $JADOUBE"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    bench_fens "$work/fens"
    cat "$work/fens"
}

(($# >= 1)) || usage
command="$1"
shift
case "$command" in
    report) cmd_report "$@" ;;
    perft) cmd_perft "$@" ;;
    fens) cmd_fens "$@" ;;
    -h | --help) sed -n '2,36s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) usage ;;
esac
