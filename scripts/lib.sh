# shellcheck shell=bash
# Shared set-up for scripts/run and scripts/test: sourced, not executed.
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

# jadoube_configure BUILD_DIR BUILD_TYPE [CMAKE_ARGS...]
# Configures only when the build directory has no CMake cache yet; after that
# the build tool re-runs CMake by itself when CMakeLists.txt or a glob changes.
# Extra arguments are applied (re-configure) when they differ from last time.
jadoube_configure() {
    local dir="$1" type="$2"
    shift 2
    local stamp="$dir/.jadoube-configure-args"
    local args="-DCMAKE_BUILD_TYPE=$type $*"
    if [[ -f "$dir/CMakeCache.txt" && -f "$stamp" && "$(<"$stamp")" == "$args" ]]; then
        return 0
    fi
    local gen=()
    if [[ ! -f "$dir/CMakeCache.txt" ]] && command -v ninja >/dev/null 2>&1; then
        gen=(-G Ninja)
    fi
    jadoube_log "configuring $dir ($type)"
    cmake -S "$JADOUBE_ROOT" -B "$dir" "${gen[@]}" -DCMAKE_BUILD_TYPE="$type" "$@" >&2 \
        || return 1
    printf '%s' "$args" >"$stamp"
}

# jadoube_build BUILD_DIR [TARGET...]   (no target: all)
jadoube_build() {
    local dir="$1"
    shift
    local targets=()
    (($# > 0)) && targets=(--target "$@")
    cmake --build "$dir" "${targets[@]}" --parallel "$(nproc 2>/dev/null || echo 2)" >&2
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
