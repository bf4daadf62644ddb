# `cmake --install`: the arbiter program, libarbiter.a with the public headers, a
# CMake package (find_package(arbiter CONFIG) gives the target arbiter::arbiter)
# and a pkg-config file (arbiter.pc).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(ARBITER_PACKAGE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/arbiter")
# A Windows program sits at the top of its folder (the release zip: arbiter.exe
# beside its README and LICENSE, cmake/Packaging.cmake); Unix ones go to bin/.
if(WIN32)
  set(ARBITER_INSTALL_BINDIR .)
else()
  set(ARBITER_INSTALL_BINDIR "${CMAKE_INSTALL_BINDIR}")
endif()
install(TARGETS arbiter RUNTIME DESTINATION "${ARBITER_INSTALL_BINDIR}")
install(TARGETS libarbiter EXPORT arbiterTargets ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}")
install(DIRECTORY "${CMAKE_SOURCE_DIR}/include/arbiter" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(EXPORT arbiterTargets NAMESPACE arbiter:: DESTINATION "${ARBITER_PACKAGE_DIR}")

configure_package_config_file("${CMAKE_SOURCE_DIR}/cmake/arbiterConfig.cmake.in"
  "${CMAKE_BINARY_DIR}/arbiterConfig.cmake" INSTALL_DESTINATION "${ARBITER_PACKAGE_DIR}")
# 0.x releases make no promise across minor versions.
write_basic_package_version_file("${CMAKE_BINARY_DIR}/arbiterConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}" COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/arbiterConfig.cmake" "${CMAKE_BINARY_DIR}/arbiterConfigVersion.cmake"
        DESTINATION "${ARBITER_PACKAGE_DIR}")

# pkg-config carries what the CMake target carries: C++20 (in arbiter.pc.in) and,
# for a tuning build, its one public definition. No instruction set: the headers
# do not depend on it.
set(ARBITER_PC_CFLAGS "")
if(ARBITER_TUNE)
  set(ARBITER_PC_CFLAGS "-DARBITER_TUNE")
endif()
# Relocatable: the prefix is found from the .pc file's own folder, so that
# `cmake --install --prefix P` works whatever prefix was configured.
file(RELATIVE_PATH ARBITER_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
string(REGEX REPLACE "/$" "" ARBITER_PC_TO_PREFIX "${ARBITER_PC_TO_PREFIX}")
configure_file("${CMAKE_SOURCE_DIR}/cmake/arbiter.pc.in" "${CMAKE_BINARY_DIR}/arbiter.pc" @ONLY)
install(FILES "${CMAKE_BINARY_DIR}/arbiter.pc" DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
