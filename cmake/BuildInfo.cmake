# The commit a binary is built from, for `arbiter --version` and `id name`:
# refreshed at every build (not only when CMake configures), included by
# src/uci/build_info.cpp alone.
set(ARBITER_GENERATED_DIR "${CMAKE_BINARY_DIR}/generated")
set(ARBITER_COMMIT_HEADER "${ARBITER_GENERATED_DIR}/arbiter_commit.h")
add_custom_target(arbiter_commit
  COMMAND "${CMAKE_COMMAND}" -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -DOUTPUT=${ARBITER_COMMIT_HEADER}
          -P "${CMAKE_SOURCE_DIR}/cmake/WriteCommit.cmake"
  BYPRODUCTS "${ARBITER_COMMIT_HEADER}"
  VERBATIM)

function(arbiter_build_info target)
  add_dependencies(${target} arbiter_commit)
  set_source_files_properties("${CMAKE_SOURCE_DIR}/src/uci/build_info.cpp"
    TARGET_DIRECTORY ${target} PROPERTIES INCLUDE_DIRECTORIES "${ARBITER_GENERATED_DIR}")
endfunction()
