# shellcheck shell=bash
# Shared set-up for the scripts (run, test, tsan, fuzz, memcheck, check-format):
# sourced, not executed.
# Everything here writes to stderr only; scripts/run's stdout is the UCI channel.

JADOUBE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

jadoube_log() { printf 'jadoube: %s\n' "$*" >&2; }
jadoube_die() { jadoube_log "error: $*"; exit 1; }

# Packages the build needs (Debian 12 names). ninja-build is optional: it is
# installed along with the others, but never triggers an install on its own.
JADOUBE_PACKAGES=(g++ cmake libtbb-dev doctest-dev libbenchmark-dev)

jadoube_pkg_installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

# Install whatever is missing with apt-get; does nothing when all is present.
jadoube_ensure_packages() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        jadoube_log "no dpkg-query: not a Debian system, assuming the build tools are installed"
        return 0
    fi
    local missing=() pkg
    for pkg in "${JADOUBE_PACKAGES[@]}"; do
        jadoube_pkg_installed "$pkg" || missing+=("$pkg")
    done
    # A build tool is required: Ninja if present, else make.
    if ! command -v ninja >/dev/null 2>&1 && ! command -v make >/dev/null 2>&1; then
        missing+=(ninja-build)
    fi
    ((${#missing[@]} == 0)) && return 0
    if ! jadoube_pkg_installed ninja-build && [[ " ${missing[*]} " != *" ninja-build "* ]]; then
        missing+=(ninja-build)
    fi

    local sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null 2>&1 \
            || jadoube_die "missing packages (${missing[*]}) and not root, no sudo to install them"
        sudo=(sudo)
    fi
    jadoube_log "installing: ${missing[*]}"
    {
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q \
        && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -q --no-install-recommends "${missing[@]}"
    } >&2 || jadoube_die "apt-get install failed (${missing[*]})"
}

# The build directory of a preset in CMakePresets.json (build/PRESET, but
# debug-asan, which keeps scripts/test's build/debug).
jadoube_preset_dir() {
    case "$1" in
        debug-asan) printf '%s/build/debug' "$JADOUBE_ROOT" ;;
        *) printf '%s/build/%s' "$JADOUBE_ROOT" "$1" ;;
    esac
}

# jadoube_configure_preset PRESET [CMAKE_ARGS...]
# Every build the scripts make goes through a preset of CMakePresets.json:
# release, debug-asan, tsan, fuzz, valgrind. It configures only when the
# directory has no CMake cache yet or the arguments differ from last time; after
# that the build tool re-runs CMake by itself when CMakeLists.txt or a glob changes.
jadoube_configure_preset() {
    local preset="$1"
    shift
    local dir
    dir="$(jadoube_preset_dir "$preset")"
    local stamp="$dir/.jadoube-configure-args"
    local args="--preset $preset $*"
    if [[ -f "$dir/CMakeCache.txt" && -f "$stamp" && "$(<"$stamp")" == "$args" ]]; then
        return 0
    fi
    # The presets name the Ninja generator.
    if ! command -v ninja >/dev/null 2>&1; then
        local JADOUBE_PACKAGES=(ninja-build)
        jadoube_ensure_packages
    fi
    jadoube_log "configuring $dir (preset $preset)"
    (cd "$JADOUBE_ROOT" && cmake --preset "$preset" "$@") >&2 || return 1
    printf '%s' "$args" >"$stamp"
}

# jadoube_build_preset PRESET [TARGET...]   (no target: the preset's targets)
jadoube_build_preset() {
    local preset="$1"
    shift
    local targets=()
    (($# > 0)) && targets=(--target "$@")
    (cd "$JADOUBE_ROOT" && cmake --build --preset "$preset" "${targets[@]}" --parallel "$(nproc 2>/dev/null || echo 2)") >&2
}

# jadoube_with_lock BUILD_DIR COMMAND... : serialise builds of one directory
# (several engines started at once by a GUI or a tournament manager).
jadoube_with_lock() {
    local dir="$1"
    shift
    mkdir -p "$dir"
    if command -v flock >/dev/null 2>&1; then
        (
            flock 9
            "$@"
        ) 9>"$dir/.jadoube-lock"
    else
        "$@"
    fi
}
