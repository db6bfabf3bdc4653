# shellcheck shell=bash
# The cross builds (Windows x86-64 with mingw-w64, Linux ARM64 with
# g++-aarch64-linux-gnu) and their emulators, for scripts/cross and
# scripts/release: sourced after scripts/lib.sh, not executed.
#   jadoube_cross_packages TARGET     install the toolchain and emulator it needs
#   jadoube_cross_build TARGET DIR [TARGETS...]   configure and build into DIR
#   jadoube_cross_run TARGET PROGRAM [ARGS...]    run a built program
# TARGET is windows or arm64. Everything goes to stderr.

# The toolchain file of a target.
jadoube_cross_toolchain() {
    case "$1" in
        windows) printf '%s/scripts/toolchains/mingw-w64-x86_64.cmake' "$JADOUBE_ROOT" ;;
        arm64) printf '%s/scripts/toolchains/aarch64-linux-gnu.cmake' "$JADOUBE_ROOT" ;;
        *) jadoube_die "unknown cross target '$1' (windows or arm64)" ;;
    esac
}

# The engine's file name in a build directory of the target.
jadoube_cross_exe() {
    case "$1" in
        windows) printf 'jadoube.exe' ;;
        *) printf 'jadoube' ;;
    esac
}

jadoube_cross_sudo() {
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null 2>&1 || jadoube_die "not root, and no sudo to set up the cross toolchains"
        sudo "$@"
    else
        "$@"
    fi
}

jadoube_cross_packages() {
    case "$1" in
        windows)
            # wine beside wine64: Debian's wine64 installs its loader outside PATH.
            # dpkg-dev: apt-get source unpacks onetbb with dpkg-source. zip: the release.
            # shellcheck disable=SC2034  # read by jadoube_ensure_packages
            local JADOUBE_PACKAGES=(g++-mingw-w64-x86-64-posix wine64 wine dpkg-dev xz-utils zip)
            jadoube_ensure_packages
            ;;
        arm64)
            if command -v dpkg >/dev/null 2>&1 && ! dpkg --print-foreign-architectures | grep -qx arm64; then
                jadoube_log "adding the arm64 architecture to dpkg (multiarch libtbb-dev:arm64)"
                jadoube_cross_sudo dpkg --add-architecture arm64
                # jadoube_ensure_packages runs apt-get update before it installs.
            fi
            # shellcheck disable=SC2034  # read by jadoube_ensure_packages
            local JADOUBE_PACKAGES=(g++-aarch64-linux-gnu qemu-user-static libtbb-dev:arm64)
            jadoube_ensure_packages
            ;;
        *) jadoube_die "unknown cross target '$1' (windows or arm64)" ;;
    esac
}

# oneTBB for mingw-w64: Debian's own onetbb source package (the version Debian
# ships for Linux, with Debian's patches), built once as a static library with the
# cross compiler into build/mingw-tbb/install, where the toolchain file looks.
# Its pause intrinsic (_tpause) needs -mwaitpkg; the tests, examples and tbbmalloc
# are left out (the engine links TBB::tbb only).
jadoube_mingw_tbb() {
    local dir="$JADOUBE_ROOT/build/mingw-tbb"
    local prefix="$dir/install"
    if [[ -f $prefix/lib/cmake/TBB/TBBConfig.cmake && -f $prefix/.jadoube-built ]]; then
        return 0
    fi
    mkdir -p "$dir"
    if ! apt-cache showsrc onetbb 2>/dev/null | grep -q '^Package: onetbb'; then
        # shellcheck disable=SC1091
        local codename
        codename="$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-bookworm}")"
        jadoube_log "adding Debian's source packages ($codename, deb-src) to apt, for onetbb"
        jadoube_cross_sudo tee /etc/apt/sources.list.d/jadoube-deb-src.sources >/dev/null <<EOF
# Added by Jadoube's scripts/lib-cross.sh: Debian's source packages (onetbb, for the Windows build).
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $codename
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
        jadoube_cross_sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2 \
            || jadoube_die "apt-get update failed"
    fi
    local src
    src="$(find "$dir" -maxdepth 1 -type d -name 'onetbb-*' | head -n 1)"
    if [[ -z $src ]]; then
        jadoube_log "fetching Debian's onetbb source package"
        (cd "$dir" && apt-get source -q onetbb) >&2 || jadoube_die "apt-get source onetbb failed"
        src="$(find "$dir" -maxdepth 1 -type d -name 'onetbb-*' | head -n 1)"
        [[ -n $src ]] || jadoube_die "apt-get source onetbb unpacked nothing in $dir"
    fi
    jadoube_log "building oneTBB ($(basename "$src")) for mingw-w64, static, into $prefix"
    local launcher=()
    command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    rm -rf "$dir/obj"
    {
        cmake -S "$src" -B "$dir/obj" -G Ninja --toolchain "$(jadoube_cross_toolchain windows)" \
            -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_CXX_FLAGS=-mwaitpkg \
            -DBUILD_SHARED_LIBS=OFF -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF -DTBB_STRICT=OFF -DTBBMALLOC_BUILD=OFF \
            -DTBB_DISABLE_HWLOC_AUTOMATIC_SEARCH=ON -DTBB_ENABLE_IPO=OFF "${launcher[@]}" \
            && cmake --build "$dir/obj" --parallel "$(nproc 2>/dev/null || echo 2)" \
            && cmake --install "$dir/obj"
    } >&2 || jadoube_die "building oneTBB for mingw-w64 failed"
    basename "$src" >"$prefix/.jadoube-built"
}

# jadoube_cross_build TARGET DIR [TARGETS...]: the portable Release build of the
# target (no -march=native: the binary runs on any machine of its kind), LTO on,
# without the doctest suite and the micro-benchmarks (neither runs on the target:
# the checks drive the engine itself, scripts/cross). Configured once per DIR.
jadoube_cross_build() {
    local target="$1" dir="$2"
    shift 2
    local targets=("$@")
    ((${#targets[@]})) || targets=(jadoube)
    [[ $target != windows ]] || jadoube_mingw_tbb
    local args=(-G Ninja --toolchain "$(jadoube_cross_toolchain "$target")" -DCMAKE_BUILD_TYPE=Release
        -DJADOUBE_NATIVE=OFF -DJADOUBE_TESTS=OFF -DJADOUBE_BENCH=OFF)
    command -v ccache >/dev/null 2>&1 && args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    local stamp="$dir/.jadoube-configure-args"
    if [[ ! -f $dir/CMakeCache.txt || ! -f $stamp || "$(<"$stamp")" != "${args[*]}" ]]; then
        # shellcheck disable=SC2034  # read by jadoube_ensure_packages
        command -v ninja >/dev/null 2>&1 || { local JADOUBE_PACKAGES=(ninja-build); jadoube_ensure_packages; }
        jadoube_log "configuring $dir ($target)"
        cmake -S "$JADOUBE_ROOT" -B "$dir" "${args[@]}" >&2 || jadoube_die "configuring the $target build failed"
        printf '%s' "${args[*]}" >"$stamp"
    fi
    jadoube_log "building ${targets[*]} in $dir ($target)"
    cmake --build "$dir" --target "${targets[@]}" --parallel "$(nproc 2>/dev/null || echo 2)" >&2 \
        || jadoube_die "the $target build failed"
}

# The emulator command line for a target's programs, one word a line.
jadoube_cross_emulator() {
    case "$1" in
        windows) printf '%s\n' wine ;;
        # The loader explicitly, as the toolchain file explains (-L hangs threads).
        arm64) printf '%s\n' qemu-aarch64-static /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 \
            --library-path /usr/aarch64-linux-gnu/lib:/usr/lib/aarch64-linux-gnu ;;
        *) jadoube_die "unknown cross target '$1' (windows or arm64)" ;;
    esac
}

# wine keeps its Windows prefix under build/ (never ~/.wine) and says nothing of
# its own; the prefix is made on first use, which takes a while, without offering
# to download Mono and Gecko (a dialog where a display is set): a console engine
# needs neither.
export WINEPREFIX="${WINEPREFIX:-$JADOUBE_ROOT/build/wine}"
export WINEDEBUG="${WINEDEBUG:--all}"
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-mscoree,mshtml=}"

jadoube_cross_run() {
    local target="$1"
    shift
    local emulator
    mapfile -t emulator < <(jadoube_cross_emulator "$target")
    "${emulator[@]}" "$@"
}
