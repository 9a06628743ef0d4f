# numplace_add_plugin(NAME SOURCES...): one plugin = one MODULE library named
# NAME.so, built against numplace::sdk (the C ABI header and the C++ layer,
# nothing of the host), with only its entry symbol exported:
#  - hidden visibility, so that nothing else of the plugin is seen;
#  - -fno-gnu-unique: otherwise inline statics become STB_GNU_UNIQUE and
#    dlclose never unloads the library;
#  - --no-undefined: a missing symbol fails the link, not the host's dlopen;
#  - --exclude-libs: the SDK code linked in stays private to the plugin.
# It is written to NUMPLACE_PLUGIN_OUTPUT_DIR (default: BUILD/plugins; point
# `numplace --plugin-dir` or NUMPLACE_PLUGIN_PATH there) and `cmake --install`
# puts it in NUMPLACE_PLUGIN_INSTALL_DIR, the plugin folder of the numplace
# installation it was built against, where the installed host finds it.
function(numplace_add_plugin name)
  if(NOT NUMPLACE_PLUGIN_OUTPUT_DIR)
    set(NUMPLACE_PLUGIN_OUTPUT_DIR "${CMAKE_BINARY_DIR}/plugins")
  endif()
  add_library(${name} MODULE ${ARGN})
  target_link_libraries(${name} PRIVATE numplace::sdk)
  set_target_properties(${name} PROPERTIES
    PREFIX "" OUTPUT_NAME "${name}"
    CXX_VISIBILITY_PRESET hidden C_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY "${NUMPLACE_PLUGIN_OUTPUT_DIR}")
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")  # clang never makes unique symbols
    target_compile_options(${name} PRIVATE -fno-gnu-unique)
  endif()
  target_link_options(${name} PRIVATE -Wl,--no-undefined -Wl,--exclude-libs,ALL)
  # Under a sanitizer the runtime's symbols come from the executable that
  # loads the plugin: --no-undefined cannot hold there.
  if(CMAKE_CXX_FLAGS MATCHES "-fsanitize")
    target_link_options(${name} PRIVATE -Wl,--allow-shlib-undefined -Wl,-z,undefs)
  endif()
  if(NUMPLACE_PLUGIN_INSTALL_DIR)
    install(TARGETS ${name} LIBRARY DESTINATION "${NUMPLACE_PLUGIN_INSTALL_DIR}")
  endif()
endfunction()

# The version a peer built from the user's own clone shows (iss, serate):
# the clone's commit when it is a git clone, else "unknown".
function(numplace_clone_version out dir)
  execute_process(COMMAND git -C "${dir}" rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
  if(failed OR NOT version)
    set(version "unknown")
  endif()
  set(${out} "${version}" PARENT_SCOPE)
endfunction()
