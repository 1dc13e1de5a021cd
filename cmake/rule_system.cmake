# Amaryllis - the one template of a rule system, and of a front end.
# Included by CMakeLists.txt after the flags and util; docs/HACKING.md says
# how to add a fourth system with it.
#
#   add_rule_system(<name> PREFIX <p>
#                   CORE <dir> INPUT <dir> SERIES <dir> RENDER <dir>
#                   [EXTRA <dir>...] [YAML] DESC <text>)
#
# makes, from src/<name>/:
#
#   role    folder (domain name)      target            links (PUBLIC)
#   core    CORE   (core)             <name>_core       util
#   input   INPUT  (sheet, scenario)  <name>_<INPUT>    core [+ util_yaml: YAML]
#   series  SERIES (league, ...)      <name>_<SERIES>   core + threads + libm
#   render  RENDER (render)           <name>_<RENDER>   core + input + series
#   extra   EXTRA  (dice, ...)        <name>_<EXTRA>    core
#   cli     cli                       <name>            (executable) all of
#                                                       them + util_cli
#
# Every layer may use utf8proc and jansson (PRIVATE).  <name>_lib is an
# INTERFACE target with every layer.  The system's headers are
# include/<name>/; its exported symbols start with <p>_ (tests/symbols.sh).
# Then, when BUILD_TESTING:
#
#   tests/<name>/test_*.c      one cmocka test "<name>/test_*" per file
#   tests/<name>/support/*.c   <name>_test_support, linked into them
#   tests/<name>/golden/*.cmd  "<name>/golden/*" on the executable
#   tests/<name>/tests.cmake   included: the system's other tests
#
# and, in cmake/packaging.cmake: lib<name>.a and lib<name>.so.0 (the layers
# and util), <name>.pc, the headers, and <name>(1) in English and Japanese.
#
#   add_front_end(<system> <name> [DIST] [IO])
#
# makes <system>_<name> from src/front/<system>/<name>/*.c, on <system>_lib:
# a front end that serves one system through its public headers only
# (tests/layering.sh).  IO: it does I/O (files, sockets, mail: gnu11, and
# tests/layering.sh lets it); DIST: it is part of the installed library
# lib<system> (the unit optimizer).  Its tests are
# tests/front/<system>/<name>/: test_*.c as "<name>/test_*", and tests.cmake.

# am_add_layer(<target> <folder under src/>): a static library from
# src/<folder>/*.c.  While the folder is still empty the library is built
# from a generated placeholder, so the dependency graph stays intact.
function(am_add_layer target folder)
	file(GLOB srcs CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/src/${folder}/*.c")
	if(NOT srcs)
		set(stub "${PROJECT_BINARY_DIR}/placeholder/${target}.c")
		file(CONFIGURE OUTPUT "${stub}" CONTENT
			"/* Generated: src/${folder}/ has no sources yet. */\ntypedef int ${target}_placeholder;\n")
		set(srcs "${stub}")
		message(STATUS "Amaryllis: src/${folder}/ is empty; ${target} is a placeholder")
	endif()
	add_library(${target} STATIC ${srcs})
	if(NOT target STREQUAL "util")
		target_link_libraries(${target} PUBLIC util)
	endif()
	target_link_libraries(${target} PRIVATE PkgConfig::UTF8PROC PkgConfig::JANSSON)
endfunction()

# Front ends: gnu11, so POSIX declarations (fileno, strdup, clock_gettime...)
# are visible without feature-test macros.
function(am_front_end target)
	set_target_properties(${target} PROPERTIES C_EXTENSIONS ON)
endfunction()

function(add_rule_system name)
	cmake_parse_arguments(PARSE_ARGV 1 A "YAML"
		"PREFIX;CORE;INPUT;SERIES;RENDER;DESC" "EXTRA")
	foreach(req PREFIX CORE INPUT SERIES RENDER DESC)
		if(NOT A_${req})
			message(FATAL_ERROR "add_rule_system(${name}): ${req} is missing")
		endif()
	endforeach()
	if(NOT EXISTS "${PROJECT_SOURCE_DIR}/include/${name}")
		message(FATAL_ERROR "add_rule_system(${name}): no include/${name}/")
	endif()
	# the headers' version (<P>_VERSION_MAJOR … and <P>_VERSION in
	# include/<name>/common.h, which <p>_version() returns) is the project's
	string(TOUPPER "${A_PREFIX}" P)
	set(want "${P}_VERSION_MAJOR ${PROJECT_VERSION_MAJOR}"
		"${P}_VERSION_MINOR ${PROJECT_VERSION_MINOR}"
		"${P}_VERSION_PATCH ${PROJECT_VERSION_PATCH}"
		"${P}_VERSION \"${PROJECT_VERSION}\"")
	file(STRINGS "${PROJECT_SOURCE_DIR}/include/${name}/common.h" have
		REGEX "^#define ${P}_VERSION")
	list(TRANSFORM have REPLACE "^#define " "")
	if(NOT have STREQUAL want)
		message(FATAL_ERROR "add_rule_system(${name}): include/${name}/common.h "
			"says '${have}', not the project's version ${PROJECT_VERSION} "
			"('${want}'); a new version changes both (docs/HACKING.md)")
	endif()

	set(core ${name}_${A_CORE})
	set(input ${name}_${A_INPUT})
	set(series ${name}_${A_SERIES})
	set(render ${name}_${A_RENDER})
	am_add_layer(${core} ${name}/${A_CORE})
	am_add_layer(${input} ${name}/${A_INPUT})
	target_link_libraries(${input} PUBLIC ${core})
	if(A_YAML)
		target_link_libraries(${input} PUBLIC util_yaml)
	endif()
	am_add_layer(${series} ${name}/${A_SERIES})
	target_link_libraries(${series} PUBLIC ${core} Threads::Threads)
	if(AM_LIBM)
		target_link_libraries(${series} PUBLIC ${AM_LIBM})
	endif()
	am_add_layer(${render} ${name}/${A_RENDER})
	target_link_libraries(${render} PUBLIC ${core} ${input} ${series})
	set(layers ${core} ${input} ${series} ${render})
	foreach(dir IN LISTS A_EXTRA)
		am_add_layer(${name}_${dir} ${name}/${dir})
		target_link_libraries(${name}_${dir} PUBLIC ${core})
		list(APPEND layers ${name}_${dir})
	endforeach()
	add_library(${name}_lib INTERFACE)
	target_link_libraries(${name}_lib INTERFACE ${layers} util)

	# what cmake/packaging.cmake and the tests need to know
	set_property(GLOBAL APPEND PROPERTY AM_RULE_SYSTEMS ${name})
	set_property(GLOBAL PROPERTY AM_${name}_PREFIX ${A_PREFIX})
	set_property(GLOBAL PROPERTY AM_${name}_DESC "${A_DESC}")
	set_property(GLOBAL PROPERTY AM_${name}_YAML ${A_YAML})
	set_property(GLOBAL APPEND PROPERTY AM_${name}_LAYERS ${layers})

	am_system_cli(${name})
	if(BUILD_TESTING)
		am_tests(${name} "${PROJECT_SOURCE_DIR}/tests/${name}" ${name}_lib)
	endif()
endfunction()

# am_system_cli(<sys>): a rule system's executable <sys> from
# src/<sys>/cli/*.c, linked with <sys>_lib and util_cli, with <SYS>_VERSION
# (`<sys> --version`), installed.  While the folder is empty there is no
# executable (and no golden tests).
function(am_system_cli sys)
	file(GLOB srcs CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/src/${sys}/cli/*.c")
	if(NOT srcs)
		message(STATUS "Amaryllis: src/${sys}/cli/ is empty; no ${sys} executable, no golden tests")
		return()
	endif()
	string(TOUPPER "${sys}" SYS)
	add_executable(${sys} ${srcs})
	target_link_libraries(${sys} PRIVATE ${sys}_lib util_cli)
	target_compile_definitions(${sys} PRIVATE ${SYS}_VERSION="${PROJECT_VERSION}")
	am_front_end(${sys})
	install(TARGETS ${sys} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()

# am_cli_helper(<sys> <cmd> [SOURCES <files>...] [LINK <targets>...]):
# the executable <sys>-<cmd>, which `<sys> <cmd>` runs (util/cli.h:
# ut_cli_exec_helper): a command whose libraries every other command would
# otherwise load at start.  Made of src/<sys>/cli/<cmd>/*.c (the command,
# cmd_<cmd> as cli.h declares it), the SOURCES of src/<sys>/cli/ it shares
# with the tool, and a main() from cmake/cli_helper.c.in.  Built with <sys>
# (beside it), installed in libexec/amaryllis/ (out of PATH: only the tool
# runs it; AM_LIBEXEC_DIR), with its man page (cmake/packaging.cmake:
# AM_CLI_HELPERS).
function(am_cli_helper sys cmd)
	cmake_parse_arguments(PARSE_ARGV 2 A "" "" "SOURCES;LINK")
	set(exe ${sys}-${cmd})
	set(EXE ${exe})
	set(SYS ${sys})
	set(CMD ${cmd})
	file(GLOB srcs CONFIGURE_DEPENDS
		"${PROJECT_SOURCE_DIR}/src/${sys}/cli/${cmd}/*.c")
	foreach(f IN LISTS A_SOURCES)
		list(APPEND srcs "${PROJECT_SOURCE_DIR}/src/${sys}/cli/${f}")
	endforeach()
	string(TOUPPER "${sys}" SYS_UPPER)
	set(main "${PROJECT_BINARY_DIR}/generated/${exe}_main.c")
	configure_file("${PROJECT_SOURCE_DIR}/cmake/cli_helper.c.in" "${main}"
		@ONLY)
	add_executable(${exe} ${srcs} "${main}")
	target_include_directories(${exe} PRIVATE
		"${PROJECT_SOURCE_DIR}/src/${sys}/cli")
	target_link_libraries(${exe} PRIVATE ${sys}_lib util_cli ${A_LINK})
	target_compile_definitions(${exe} PRIVATE
		${SYS_UPPER}_VERSION="${PROJECT_VERSION}")
	am_front_end(${exe})
	add_dependencies(${sys} ${exe})
	install(TARGETS ${exe} RUNTIME DESTINATION ${AM_LIBEXEC_DIR})
	set_property(GLOBAL APPEND PROPERTY AM_CLI_HELPERS ${exe})
	set_property(GLOBAL PROPERTY AM_CLI_HELPER_${exe} ${sys} ${cmd})
endfunction()

function(add_front_end sys name)
	cmake_parse_arguments(PARSE_ARGV 2 A "DIST;IO" "" "")
	set(target ${sys}_${name})
	am_add_layer(${target} front/${sys}/${name})
	target_link_libraries(${target} PUBLIC ${sys}_lib)
	if(A_IO)
		am_front_end(${target})
	endif()
	if(A_DIST)
		set_property(GLOBAL APPEND PROPERTY AM_${sys}_LAYERS ${target})
	endif()
	if(BUILD_TESTING)
		am_tests(${name} "${PROJECT_SOURCE_DIR}/tests/front/${sys}/${name}"
			${target} ${sys}_lib)
	endif()
endfunction()

# am_test_fail_alloc(<target>): <target> (a test) fails the allocations
# it chooses (tests/util/support/fail_alloc.h): every allocation of the code
# linked into it statically goes through util_test_support's wrappers.
function(am_test_fail_alloc target)
	target_link_libraries(${target} PRIVATE util_test_support)
	target_link_options(${target} PRIVATE
		-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=aligned_alloc)
endfunction()

# am_tests(<label> <dir> <lib>...): the tests in <dir>:
#   <dir>/test_<name>.c -> CTest test "<label>/test_<name>" (target
#       <label>_test_<name>, linked with the libraries given, cmocka and
#       <label>_test_support if <dir>/support/ has sources; include paths
#       <dir>/.. and <dir>), run from the source root (so "examples/..."
#       paths work);
#   <dir>/golden/<case>.cmd -> "<label>/golden/<case>" (run on the
#       executable <label>, if there is one);
#   <dir>/tests.cmake -> included (its own tests; ${dir} and ${label} set).
function(am_tests label dir)
	set(libs ${ARGN})
	file(GLOB support CONFIGURE_DEPENDS "${dir}/support/*.c")
	if(support)
		add_library(${label}_test_support STATIC ${support})
		target_include_directories(${label}_test_support PUBLIC "${dir}")
		target_link_libraries(${label}_test_support PUBLIC ${libs} PkgConfig::CMOCKA)
		am_front_end(${label}_test_support)
		list(APPEND libs ${label}_test_support)
	endif()
	get_filename_component(parent "${dir}" DIRECTORY)
	file(GLOB srcs CONFIGURE_DEPENDS "${dir}/test_*.c")
	foreach(src IN LISTS srcs)
		get_filename_component(name "${src}" NAME_WE)
		set(t ${label}_${name})
		add_executable(${t} "${src}")
		target_link_libraries(${t} PRIVATE ${libs} PkgConfig::CMOCKA)
		target_include_directories(${t} PRIVATE "${parent}" "${dir}")
		target_compile_options(${t} PRIVATE -Wno-unused-parameter)
		set_target_properties(${t} PROPERTIES
			RUNTIME_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/tests/${label}")
		am_front_end(${t})
		add_test(NAME ${label}/${name} COMMAND ${t}
			WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
		set_tests_properties(${label}/${name} PROPERTIES
			LABELS "unit;${label}" TIMEOUT 300)
		if(am_sanitizer_env)
			set_property(TEST ${label}/${name} APPEND PROPERTY
				ENVIRONMENT ${am_sanitizer_env})
		endif()
	endforeach()
	file(GLOB cases CONFIGURE_DEPENDS "${dir}/golden/*.cmd")
	if(cases AND TARGET ${label})
		foreach(cmd IN LISTS cases)
			get_filename_component(case "${cmd}" NAME_WLE)
			add_test(NAME ${label}/golden/${case}
				COMMAND bash "${PROJECT_SOURCE_DIR}/tests/golden.sh"
					$<TARGET_FILE:${label}> "${case}" "${dir}/golden"
					"${PROJECT_BINARY_DIR}/golden/${label}")
			set_tests_properties(${label}/golden/${case} PROPERTIES
				LABELS "golden;${label}" TIMEOUT 120)
			if(am_sanitizer_env)
				set_property(TEST ${label}/golden/${case} APPEND PROPERTY
					ENVIRONMENT ${am_sanitizer_env})
			endif()
		endforeach()
	endif()
	if(EXISTS "${dir}/tests.cmake")
		include("${dir}/tests.cmake")
	endif()
endfunction()

# am_test_env(<test>...): the sanitizers' options for these tests.
function(am_test_env)
	if(am_sanitizer_env)
		set_property(TEST ${ARGN} APPEND PROPERTY ENVIRONMENT ${am_sanitizer_env})
	endif()
endfunction()
