#!/usr/bin/env bash
# Compresses a datagen file into nnue/data/ and records it in nnue/data/MANIFEST.md
# (engine commit, bench signature, datagen command line and counts from FILE.meta,
# sizes and checksum). Refuses when nnue/data/ would exceed 240 MB: the project's
# budget for the folder is 250 MB, and the margin keeps room for the manifest.
#
# usage: nnue/scripts/pack-data.sh FILE [NAME]
#        nnue/scripts/pack-data.sh --name NAME FILE FILE...
#   FILE  a datagen output with its FILE.meta beside it; several are concatenated
#         in the order given (the format is a sequence of games)
#   NAME  the name under nnue/data/ (default: FILE's base name), gets .xz
# env:   JADOUBE  the engine that made the data (default build/release/jadoube),
#               run once for its bench signature
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
data_dir="$root/nnue/data"
limit=$((240 * 1000 * 1000))

if [[ ${1:-} == --name ]]; then
    [[ $# -ge 3 ]] || { sed -n '2,13p' "$0" >&2; exit 2; }
    name=$2; shift 2; srcs=("$@")
else
    [[ $# -ge 1 && $# -le 2 ]] || { sed -n '2,13p' "$0" >&2; exit 2; }
    srcs=("$1"); name=${2:-$(basename "$1")}
fi
engine=${JADOUBE:-$root/build/release/jadoube}
for src in "${srcs[@]}"; do
    [[ -f $src ]] || { echo "error: no file $src" >&2; exit 1; }
    [[ -f $src.meta ]] || { echo "error: no $src.meta (written by jadoube datagen)" >&2; exit 1; }
    grep -q '^status: complete' "$src.meta" || echo "warning: $src.meta does not say the run completed" >&2
done
[[ -x $engine ]] || { echo "error: no engine at $engine (set JADOUBE)" >&2; exit 1; }
out="$data_dir/$name.xz"
[[ ! -e $out ]] || { echo "error: $out exists" >&2; exit 1; }

mkdir -p "$data_dir"
echo "compressing ${srcs[*]} -> $out" >&2
cat "${srcs[@]}" | xz -9e -T1 -c > "$out.tmp"
size=$(stat -c %s "$out.tmp")
used=$(du -sb --exclude="$(basename "$out.tmp")" "$data_dir" | cut -f1)
if (( used + size > limit )); then
    rm -f "$out.tmp"
    echo "error: nnue/data/ would hold $((used + size)) bytes, over its 240 MB limit" >&2
    exit 1
fi
mv "$out.tmp" "$out"

echo "bench signature of $engine ..." >&2
bench=$("$engine" bench 2>/dev/null | sed -n 's/^Nodes searched *: *//p')
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$root" status --porcelain --untracked-files=no -- . ':!nnue/data' 2>/dev/null | grep -q . && echo " (uncommitted changes)" || true)

[[ -f $data_dir/MANIFEST.md ]] ||
    printf '# nnue/data manifest\n\nOne section per file, newest last, written by nnue/scripts/pack-data.sh.\n' > "$data_dir/MANIFEST.md"
{
    printf '\n## %s\n\n' "$name.xz"
    printf -- '- engine: Jadoube %s%s, bench signature %s\n' "$commit" "$dirty" "${bench:-unknown}"
    printf -- '- packed: %s, %s bytes raw, %s bytes xz, sha256 %s\n' "$(date -u +%Y-%m-%d)" \
        "$(cat "${srcs[@]}" | wc -c)" "$size" "$(sha256sum "$out" | cut -d' ' -f1)"
    if ((${#srcs[@]} == 1)); then
        sed 's/^/- /' "${srcs[0]}.meta"
    else
        # the totals, then each part's .meta as it was written
        for key in games positions quiet_positions; do
            printf -- '- %s: %s\n' "$key" "$(sed -n "s/^$key: //p" "${srcs[@]/%/.meta}" | awk '{ s += $1 } END { print s }')"
        done
        printf -- '- parts: %d datagen runs, concatenated in this order\n' "${#srcs[@]}"
        i=0
        for src in "${srcs[@]}"; do
            printf -- '- part %d:\n' $((++i))
            sed 's/^/  - /' "$src.meta"
        done
    fi
} >> "$data_dir/MANIFEST.md"
echo "nnue/data/ now holds $(du -sb "$data_dir" | cut -f1) bytes" >&2
