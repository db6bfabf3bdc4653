#!/usr/bin/env bash
# bench/compare-perft.sh: perft programs side by side, in one run, on the six
# positions of the chessprogramming.org perft page (startpos, kiwipete, positions
# 3-6) at the depths ellxor/perft's own bench counts them to. Builds nothing: it
# times the programs it is given.
#
#   bench/compare-perft.sh NAME=STYLE:PATH [NAME=STYLE:PATH ...]
#
# STYLE says how a program is called and read:
#   jadoube   PATH perft --threads T DEPTH FEN      reads "Nodes searched: N"
#   ellxor    PATH FEN DEPTH                        reads "Result: N"
#             (ellxor/perft runs one thread per online CPU: its thread count is
#             the CPUs it is pinned to, below)
# The first program is the one measured: the table gives each program's nodes
# a second (millions) and the first's ratio to each other's (above 1: the first
# is faster), per position and in geometric mean. For each thread count T every program runs pinned to CPUs
# 0..T-1 (taskset), so on T CPUs; rounds alternate the programs, positions in
# turn, and each figure is the median of the rounds' wall times (start-up
# included, as a user sees it). Every count is checked against the published
# one first; a wrong count stops the run.
#
# env: ROUNDS=5 (at least 3)  THREADS="1 2"
#      CPU=1 also prints each program's median user+system CPU seconds a position
set -euo pipefail

die() { echo "compare-perft: $*" >&2; exit 1; }
usage() { sed -n '2,24s/^# \{0,1\}//p' "$0" >&2; exit 2; }

ROUNDS=${ROUNDS:-5}
THREADS=${THREADS:-1 2}
((ROUNDS >= 3)) || die "ROUNDS must be 3 or more (medians of alternating runs)"
(($# >= 1)) || usage
command -v taskset >/dev/null || die "taskset (util-linux) is needed to pin the programs"

# name|depth|nodes|fen: the chessprogramming.org positions, ellxor/perft's bench depths.
POSITIONS=(
    "startpos|6|119060324|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    "kiwipete|5|193690690|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    "position3|7|178633661|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
    "position4|6|706045033|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
    "position5|5|89941194|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
    "position6|5|164075551|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)

names=() styles=() paths=()
for arg in "$@"; do
    [[ $arg =~ ^([A-Za-z0-9_.-]+)=(jadoube|ellxor):(.+)$ ]] || die "not NAME=STYLE:PATH (STYLE jadoube or ellxor): $arg"
    names+=("${BASH_REMATCH[1]}") styles+=("${BASH_REMATCH[2]}") paths+=("${BASH_REMATCH[3]}")
    [[ -x ${BASH_REMATCH[3]} ]] || die "not executable: ${BASH_REMATCH[3]}"
done

# run PROGRAM THREADS DEPTH FEN -> "nodes wall cpu" (seconds)
run() {
    local i=$1 t=$2 depth=$3 fen=$4 cpus out times
    cpus="0-$((t - 1))"
    out=$(mktemp) times=$(mktemp)
    local TIMEFORMAT='%R %U %S'
    if [[ ${styles[i]} == jadoube ]]; then
        { time taskset -c "$cpus" "${paths[i]}" perft --threads "$t" "$depth" "$fen" >"$out"; } 2>"$times"
        nodes=$(sed -n 's/^Nodes searched: //p' "$out")
    else
        { time taskset -c "$cpus" "${paths[i]}" "${fen% * *}" "$depth" >"$out"; } 2>"$times"
        nodes=$(sed -n 's/^Result: *//p' "$out")
    fi
    awk -v n="${nodes:-0}" '{ printf "%s %s %.3f\n", n, $1, $2 + $3 }' "$times"
    rm -f "$out" "$times"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "compare-perft: $(date -u '+%Y-%m-%d %H:%M UTC'), $ROUNDS rounds alternating, medians of wall time (start-up included)"
echo "host: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in "${!names[@]}"; do echo "${names[i]}: ${styles[i]} ${paths[i]}"; done

declare -A wall cpu
for t in $THREADS; do
    for ((r = 0; r < ROUNDS; ++r)); do
        for p in "${POSITIONS[@]}"; do
            IFS='|' read -r pname depth expect fen <<<"$p"
            # Alternate which program goes first, so that neither always runs on a
            # cache (and a load spike) the other left.
            for ((k = 0; k < ${#names[@]}; ++k)); do
                if ((r % 2)); then i=$((${#names[@]} - 1 - k)); else i=$k; fi
                read -r nodes w c < <(run "$i" "$t" "$depth" "$fen")
                [[ $nodes == "$expect" ]] || die "${names[i]} counts $pname perft $depth as $nodes, not $expect"
                wall[$t,$pname,$i]+="$w " cpu[$t,$pname,$i]+="$c "
            done
        done
    done

    echo
    echo "## $t thread(s) (pinned to CPUs 0-$((t - 1))): Mnps; ${names[0]}'s ratio to each"
    header="| position | depth | nodes |"
    rule="|---|---:|---:|"
    for i in "${!names[@]}"; do
        header+=" ${names[i]} |"
        rule+="---:|"
        ((i > 0)) && header+=" ${names[0]}/${names[i]} |" && rule+="---:|"
    done
    echo "$header"
    echo "$rule"
    declare -A logsum=()
    for p in "${POSITIONS[@]}"; do
        IFS='|' read -r pname depth expect fen <<<"$p"
        row="| $pname | $depth | $expect |"
        ref=""
        for i in "${!names[@]}"; do
            m=$(tr ' ' '\n' <<<"${wall[$t,$pname,$i]}" | grep . | median)
            mnps=$(awk -v n="$expect" -v s="$m" 'BEGIN { printf "%.1f", n / s / 1e6 }')
            row+=" $mnps |"
            if ((i == 0)); then ref=$mnps; else
                ratio=$(awk -v a="$ref" -v b="$mnps" 'BEGIN { printf "%.3f", a / b }')
                row+=" $ratio |"
                logsum[$i]=$(awk -v s="${logsum[$i]:-0}" -v x="$ratio" 'BEGIN { printf "%.6f", s + log(x) }')
            fi
            logsum[m$i]=$(awk -v s="${logsum[m$i]:-0}" -v x="$mnps" 'BEGIN { printf "%.6f", s + log(x) }')
        done
        echo "$row"
    done
    row="| geometric mean | | |"
    for i in "${!names[@]}"; do
        row+=" $(awk -v s="${logsum[m$i]}" -v n=${#POSITIONS[@]} 'BEGIN { printf "%.1f", exp(s / n) }') |"
        ((i > 0)) && row+=" **$(awk -v s="${logsum[$i]}" -v n=${#POSITIONS[@]} 'BEGIN { printf "%.3f", exp(s / n) }')** |"
    done
    echo "$row"
    if [[ ${CPU:-0} == 1 ]]; then
        echo
        echo "CPU seconds (user+system), medians:"
        for p in "${POSITIONS[@]}"; do
            IFS='|' read -r pname _ _ _ <<<"$p"
            line="  $pname:"
            for i in "${!names[@]}"; do
                line+=" ${names[i]} $(tr ' ' '\n' <<<"${cpu[$t,$pname,$i]}" | grep . | median)"
            done
            echo "$line"
        done
    fi
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
