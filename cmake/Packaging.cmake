# Release packages made by CPack from the install() rules (cmake/Install.cmake
# and the documents below): `cmake --build B --target package`, or `cpack` in B.
#   Linux    arbiter_<version>_<debarch>[-<target>].deb   (DEB)
#            arbiter-<version>-linux-<target>.tar.gz      (TGZ)
#   Windows  arbiter-<version>-windows-<target>.zip       (ZIP)
# <target> is ARBITER_TARGET_NAME (cmake/TargetArch.cmake): the instruction set
# the build is for, so that the files of several levels can sit in one release.
# Release builds are ARBITER_BUILD_TESTS=OFF builds; tests/ and bench/ install
# nothing, so nothing of theirs is packaged whatever that option says
# (tests/scripts/deb_package_test.sh and archive_test.sh check it).
include(GNUInstallDirs)

# --- The documents every package carries ---------------------------------------
# On Windows they sit at the top of the zip beside arbiter.exe, where people who
# unzip a release look; on Unix in the usual share/doc/arbiter. The net's
# provenance is nets/README.md, renamed since a second README.md beside the
# project's would clash (Windows) or confuse (Unix).
if(WIN32)
  set(ARBITER_DOC_DESTINATION .)
else()
  set(ARBITER_DOC_DESTINATION "${CMAKE_INSTALL_DOCDIR}")
endif()
install(FILES "${CMAKE_SOURCE_DIR}/README.md" "${CMAKE_SOURCE_DIR}/LICENSE"
        DESTINATION "${ARBITER_DOC_DESTINATION}")
install(FILES "${CMAKE_SOURCE_DIR}/nets/README.md"
        DESTINATION "${ARBITER_DOC_DESTINATION}" RENAME NET-PROVENANCE.md)

# --- What the packages are called ----------------------------------------------
if(WIN32)
  set(_arbiter_os windows)
  set(CPACK_GENERATOR ZIP)
elseif(CMAKE_SYSTEM_NAME STREQUAL "Linux")
  set(_arbiter_os linux)
  set(CPACK_GENERATOR DEB TGZ)
else()
  string(TOLOWER "${CMAKE_SYSTEM_NAME}" _arbiter_os)
  set(CPACK_GENERATOR TGZ)
endif()
set(CPACK_PACKAGE_NAME arbiter)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "The Arbiter developers")
set(CPACK_PACKAGE_CONTACT "The Arbiter developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "UCI chess engine, FIDE Laws of Chess adjudicator and match runner")
if(ARBITER_TARGET_NAME STREQUAL "native")
  set(_arbiter_cpus "the CPU of the machine that built it (ARBITER_ARCH=native)")
else()
  set(_arbiter_cpus "${ARBITER_TARGET_NAME} CPUs")
endif()
# The .deb's long description (the summary above is its first line), in lines
# under 80 columns and paragraphs, as dpkg and apt show it.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "Arbiter is a chess engine that speaks UCI (an NNUE evaluation, the net"
  "embedded in the program), an arbiter that judges games and PGN files under"
  "the FIDE Laws of Chess (the 2001, 2009, 2014, 2018 and 2023 editions) and a"
  "runner of engine matches with SPRT."
  ""
  "The package also holds the static library libarbiter with its C++20"
  "headers, a CMake package (find_package(arbiter)) and a pkg-config file, for"
  "programs that use Arbiter's rules, PGN, search and match code."
  ""
  "This build is for ${_arbiter_cpus};"
  "the program stops at start-up with a message on a CPU that lacks what the"
  "build uses.")
set(CPACK_RESOURCE_FILE_LICENSE "${CMAKE_SOURCE_DIR}/LICENSE")
set(CPACK_RESOURCE_FILE_README "${CMAKE_SOURCE_DIR}/README.md")
# The archives' stem, and their top folder (CPACK_INCLUDE_TOPLEVEL_DIRECTORY is
# on by default for archives): unpacking two targets side by side keeps them apart.
set(CPACK_PACKAGE_FILE_NAME "arbiter-${PROJECT_VERSION}-${_arbiter_os}-${ARBITER_TARGET_NAME}")
# A release program carries no symbol table (install/strip: executables only;
# libarbiter.a keeps the symbols a linker needs).
set(CPACK_STRIP_FILES ON)
# A .sha256 beside each package, for the release page.
set(CPACK_PACKAGE_CHECKSUM SHA256)

# --- The .deb ------------------------------------------------------------------
# Debian names the architecture after the target, not after the build machine
# (dpkg --print-architecture, CPack's default, is wrong for a cross build).
if(ARBITER_TARGET_IS_X86_64)
  set(_arbiter_deb_arch amd64)
  set(_arbiter_deb_baseline x86-64)  # what Debian's amd64 itself assumes
elseif(ARBITER_TARGET_IS_AARCH64)
  set(_arbiter_deb_arch arm64)
  set(_arbiter_deb_baseline armv8)
else()
  execute_process(COMMAND dpkg --print-architecture OUTPUT_VARIABLE _arbiter_deb_arch
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  set(_arbiter_deb_baseline "${ARBITER_TARGET_NAME}")
endif()
set(CPACK_DEBIAN_PACKAGE_NAME arbiter)
set(CPACK_DEBIAN_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE "${_arbiter_deb_arch}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "The Arbiter developers")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# Debian's name_version_arch.deb. A build above the architecture's baseline
# (x86-64-v3, native, ...) adds its target after the architecture, so that the
# levels' files can share a folder: dpkg reads the package's name, version and
# architecture from its control file, never from the file name, so the control
# file stays plain `Architecture: amd64` and `dpkg -i` works as usual.
if(ARBITER_TARGET_NAME STREQUAL _arbiter_deb_baseline)
  set(CPACK_DEBIAN_FILE_NAME "arbiter_${PROJECT_VERSION}_${_arbiter_deb_arch}.deb")
else()
  set(CPACK_DEBIAN_FILE_NAME
      "arbiter_${PROJECT_VERSION}_${_arbiter_deb_arch}-${ARBITER_TARGET_NAME}.deb")
endif()
# Depends is computed by dpkg-shlibdeps (package dpkg-dev) from the libraries the
# program links. It reads the build machine's own packages, so it cannot speak for
# a cross build's foreign binary: there the list is ARBITER_DEB_DEPENDS, whose
# default fits cmake/toolchains/aarch64-linux-gnu.cmake (libstdc++ and libgcc
# linked in, a glibc as new as Debian 12's).
if(CMAKE_CROSSCOMPILING)
  set(ARBITER_DEB_DEPENDS "libc6 (>= 2.36)" CACHE STRING
      "Depends of a cross-built .deb (a native build computes it with dpkg-shlibdeps)")
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${ARBITER_DEB_DEPENDS}")
else()
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
endif()

# --- Reproducible packages ------------------------------------------------------
# CPack's DEB generator dates every member and file by SOURCE_DATE_EPOCH when the
# environment sets it (documented; CMake 3.25's TGZ was seen to do the same).
# This file, included by cpack once per generator, sets it to HEAD's commit date
# when the caller did not: the same commit and build give the same .deb and
# .tar.gz, byte for byte. It also puts the .deb under /usr (the archives stay
# relative to their top folder).
configure_file("${CMAKE_SOURCE_DIR}/cmake/CPackProjectConfig.cmake.in"
               "${CMAKE_BINARY_DIR}/CPackProjectConfig.cmake" @ONLY)
set(CPACK_PROJECT_CONFIG_FILE "${CMAKE_BINARY_DIR}/CPackProjectConfig.cmake")

# `package_source` packs the source tree without what .gitignore keeps out of git
# (build folders, training data, the tool caches at the top): the patterns are
# anchored at the top folder so that tests/data stays in. Regular expressions on
# full paths (a worktree's .git is a file), "\\." a literal dot
# (CPACK_VERBATIM_VARIABLES below).
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_PACKAGE_FILE_NAME "arbiter-${PROJECT_VERSION}-source")
# The top folder's path as a regular expression (it may hold "+" or ".").
string(REGEX REPLACE "([][+.*?()^$|\\])" "\\\\\\1" _arbiter_top "${CMAKE_SOURCE_DIR}")
set(CPACK_SOURCE_IGNORE_FILES "/\\.git(/|$)" "^${_arbiter_top}/\\.gl/" "^${_arbiter_top}/\\.whl/"
    "^${_arbiter_top}/build/" "^${_arbiter_top}/build-[^/]*/" "^${_arbiter_top}/data/"
    "^${_arbiter_top}/compile_commands\\.json$")

# CPack writes these variables into CPackConfig.cmake, which cpack reads back as
# CMake code: escape them, so that what is written is what cpack gets (the
# regular expressions above, the description's quotes and parentheses).
set(CPACK_VERBATIM_VARIABLES ON)
include(CPack)
