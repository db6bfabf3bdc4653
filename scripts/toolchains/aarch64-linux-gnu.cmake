# Linux ARM64, cross-compiled with Debian's g++-aarch64-linux-gnu against the
# multiarch libraries (libtbb-dev:arm64). Tests and tools built by this toolchain
# run under qemu-user-static, which CMake (ctest, doctest's test discovery) calls
# through CMAKE_CROSSCOMPILING_EMULATOR.
#   cmake -B build/arm64 -G Ninja --toolchain scripts/toolchains/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# Headers and libraries from the arm64 multiarch packages only; programs (cmake,
# ninja) from the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu/cmake)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# qemu starts the arm64 dynamic loader itself, which then loads the program with
# the arm64 libraries. Not `qemu-aarch64-static -L /usr/aarch64-linux-gnu`: with
# -L, a dynamically linked program hangs as soon as it starts a second thread
# (qemu 7.2, Debian 12; a ten-line std::thread program reproduces it), and every
# search starts TBB's workers. scripts/lib-cross.sh runs programs the same way.
set(JADOUBE_ARM64_LOADER /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64-static ${JADOUBE_ARM64_LOADER}
    --library-path /usr/aarch64-linux-gnu/lib:/usr/lib/aarch64-linux-gnu)
