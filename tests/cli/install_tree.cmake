# ctest (CMakeLists.txt): installs the build tree BUILD_DIR into the scratch prefix
# PREFIX and checks the layout and the installed engine's --version (VERSION).
# cmake -DBUILD_DIR=... -DPREFIX=... -DVERSION=... -P install_tree.cmake
foreach(_var BUILD_DIR PREFIX VERSION)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "install_tree.cmake needs -D${_var}=...")
  endif()
endforeach()

file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${_rc}):\n${_out}")
endif()

# GNUInstallDirs' defaults on Debian with a prefix other than /usr.
foreach(_file bin/jadoube share/man/man6/jadoube.6.gz share/doc/jadoube/README.md share/doc/jadoube/LICENSE
              share/doc/jadoube/AUTHORS share/doc/jadoube/laws.md)
  if(NOT EXISTS "${PREFIX}/${_file}")
    message(FATAL_ERROR "cmake --install did not install ${_file}:\n${_out}")
  endif()
endforeach()
# Nothing beside the engine in bin/: the trainer and the test programs stay in the build.
file(GLOB _bin RELATIVE "${PREFIX}/bin" "${PREFIX}/bin/*")
if(NOT _bin STREQUAL "jadoube")
  message(FATAL_ERROR "bin/ should hold only jadoube, holds: ${_bin}")
endif()

execute_process(COMMAND "${PREFIX}/bin/jadoube" --version RESULT_VARIABLE _rc OUTPUT_VARIABLE _version)
if(NOT _rc EQUAL 0 OR NOT _version MATCHES "^Jadoube ${VERSION} \\(git ")
  message(FATAL_ERROR "the installed jadoube --version exited ${_rc} and printed: ${_version}")
endif()
message(STATUS "installed into ${PREFIX}: ${_version}")
