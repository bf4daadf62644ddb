# Script mode (cmake -P): writes OUTPUT, a header defining ARBITER_COMMIT as the
# short hash of SOURCE_DIR's HEAD ("unknown" outside a git checkout). The file is
# rewritten only when the hash changed, so a new commit recompiles one file.
# No dirty flag on purpose: finding one would refresh git's index, a write into
# .git that could race with the user's own git commands during a build.
set(commit "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE hash RESULT_VARIABLE status
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(status EQUAL 0 AND hash MATCHES "^[0-9a-f]+$")
    set(commit "${hash}")
  endif()
endif()
set(content "#define ARBITER_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL content)
  file(WRITE "${OUTPUT}" "${content}")
endif()
