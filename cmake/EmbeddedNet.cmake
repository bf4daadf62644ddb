# Finds the default net to embed: ARBITER_EVALFILE when set (Makefile EVALFILE=),
# else the single nets/arbiter-*.nnue. No net is fine: the engine then evaluates
# by hand. Sets ARBITER_EMBEDDED_NET (empty when none) and wires it into
# src/eval/nnue_embedded.cpp (see arbiter_embed_net below).
if(ARBITER_EVALFILE)
  get_filename_component(ARBITER_EMBEDDED_NET "${ARBITER_EVALFILE}" ABSOLUTE
                         BASE_DIR "${CMAKE_SOURCE_DIR}")
  if(NOT EXISTS "${ARBITER_EMBEDDED_NET}")
    message(FATAL_ERROR "ARBITER_EVALFILE: no such file '${ARBITER_EMBEDDED_NET}'")
  endif()
else()
  # CONFIGURE_DEPENDS: dropping a net into nets/ re-runs this on the next build.
  file(GLOB _nets CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/nets/arbiter-*.nnue")
  list(LENGTH _nets _net_count)
  if(_net_count GREATER 1)
    message(FATAL_ERROR "nets/ holds ${_net_count} nets (${_nets}); keep exactly one "
                        "arbiter-*.nnue, or choose with -DARBITER_EVALFILE=")
  endif()
  set(ARBITER_EMBEDDED_NET "${_nets}")
endif()
if(ARBITER_EMBEDDED_NET MATCHES "[\"\\\\]")
  message(FATAL_ERROR "the net's path may not contain quotes or backslashes: ${ARBITER_EMBEDDED_NET}")
endif()
if(ARBITER_EMBEDDED_NET)
  message(STATUS "Arbiter embedded net: ${ARBITER_EMBEDDED_NET}")
else()
  message(STATUS "Arbiter embedded net: none (hand-written evaluation)")
endif()

# The .incbin in nnue_embedded.cpp reads the file: pass its path and rebuild when it changes.
function(arbiter_embed_net target)
  set(_src "${CMAKE_SOURCE_DIR}/src/eval/nnue_embedded.cpp")
  if(ARBITER_EMBEDDED_NET)
    set_source_files_properties("${_src}" TARGET_DIRECTORY ${target} PROPERTIES
      COMPILE_DEFINITIONS "ARBITER_EMBEDDED_NET_PATH=\"${ARBITER_EMBEDDED_NET}\""
      OBJECT_DEPENDS "${ARBITER_EMBEDDED_NET}")
  endif()
endfunction()
