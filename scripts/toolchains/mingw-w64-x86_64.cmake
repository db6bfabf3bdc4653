# Windows x86-64, cross-compiled with Debian's mingw-w64 (the posix threads
# variant: std::thread and oneTBB need winpthreads). The .exe is fully static
# (libstdc++, libgcc, winpthread and oneTBB inside it), so it runs on a bare
# Windows with nothing beside it. oneTBB for this compiler is built from Debian's
# onetbb source package by scripts/lib-cross.sh into build/mingw-tbb/install
# (JADOUBE_MINGW_TBB_PREFIX); tests and tools run under wine, which CMake (ctest,
# doctest's test discovery) calls through CMAKE_CROSSCOMPILING_EMULATOR.
#   cmake -B build/windows -G Ninja --toolchain scripts/toolchains/mingw-w64-x86_64.cmake
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR AMD64)

set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)

get_filename_component(_jadoube_root "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
set(JADOUBE_MINGW_TBB_PREFIX "${_jadoube_root}/build/mingw-tbb/install" CACHE PATH
    "Where scripts/lib-cross.sh installed the static oneTBB built for mingw-w64")

# Headers and libraries from the mingw sysroot and the cross-built oneTBB only;
# programs (cmake, ninja) from the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32 "${JADOUBE_MINGW_TBB_PREFIX}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Static: nothing beside the .exe (no libstdc++-6.dll, libgcc_s_seh-1.dll,
# libwinpthread-1.dll, tbb12.dll).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")

# wine64 from Debian; WINEPREFIX is set by the caller (scripts/cross keeps it
# under build/ so that a run never touches ~/.wine).
set(CMAKE_CROSSCOMPILING_EMULATOR wine)
