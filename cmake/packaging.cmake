# Amaryllis - what `cmake --install` installs, and `make deb` (CPack DEB).
# Included at the end of CMakeLists.txt.  docs/BUILDING.md: "For packagers".
#
#   bin/         amaryllis, megami, manastorm (linked with the static layers)
#   libexec/amaryllis/  the commands that are executables of their own,
#                which only their tool runs: amaryllis-hill, -mail, -serve
#                and megami-serve (cmake/rule_system.cmake am_cli_helper)
#   lib/         libamaryllis, libmegami, libmanastorm: each static (.a) and
#                shared (.so.0, SONAME lib<name>.so.0), each holding its
#                system's layers; and libamaryllis-util, the util layers
#                (util, util_yaml) that all three link, once (so one error
#                object, one copy of each function, archives that link
#                together).  The shared ones export only the names of their
#                public headers (am_/mg_/ms_, ut_; cmake/exports.cmake);
#                libamaryllis-util also the util functions the systems'
#                libraries call, as symbol version
#                AMARYLLIS_UTIL_<release>_PRIVATE (AMARYLLIS_UTIL_0.1.0_PRIVATE).
#   lib/pkgconfig/  amaryllis.pc, megami.pc, manastorm.pc (each Requires:
#                amaryllis-util), amaryllis-util.pc
#   include/amaryllis-0/   amaryllis.h, amaryllis/, megami/, manastorm/ and
#                the util/ headers that those include (one folder of the
#                project's own, named by the SONAME's version, so that
#                util/ is not a folder of /usr/include; the .pc files'
#                Cflags point at it); not amaryllis/hill.h,
#                amaryllis/web.h and megami/serve.h (front ends that are in
#                no library) nor
#                util/cli.h and util/out.h (the executables' part of util)
#   share/man/man1/, share/man/ja/man1/   amaryllis(1), megami(1),
#                manastorm(1) and the helpers' in English and Japanese (cmake/manpage.sh,
#                help2man, from the tools' --help and each command's --help)
#   share/man/man5/   megami-scenario(5), manastorm-scenario(5),
#                amaryllis-sheet(5), megami-replay(5): the file formats
#                users write, in English, hand-written in man/

# the folder of the installed headers, under the include directory
set(am_inc_sub amaryllis-${PROJECT_VERSION_MAJOR})
set(am_inc_dir ${CMAKE_INSTALL_INCLUDEDIR}/${am_inc_sub})

# ---- the libraries

# am_dist_library(<name> DESC <text> PREFIXES <regex> HEADERS <files> LAYERS <targets>
#                 LINK <targets> REQUIRES <pkg-config modules, public>
#                 REQUIRES_PRIVATE <pkg-config modules>
#                 [LIBS_PRIVATE <-l flags>]
#                 [NODE <symbol version> PRIVATE <glob>
#                  [PRIVATE_NODE <symbol version>]])   (cmake/exports.cmake)
function(am_dist_library name)
	cmake_parse_arguments(PARSE_ARGV 1 A "" "PREFIXES;DESC;NODE;PRIVATE;PRIVATE_NODE"
		"HEADERS;LAYERS;LINK;REQUIRES;REQUIRES_PRIVATE;LIBS_PRIVATE")
	set(objs "")
	foreach(layer IN LISTS A_LAYERS)
		list(APPEND objs "$<TARGET_OBJECTS:${layer}>")
	endforeach()

	add_library(${name}_static STATIC ${objs})
	add_library(${name}_shared SHARED ${objs})
	set(map "${PROJECT_BINARY_DIR}/exports/${name}.map")
	list(JOIN A_HEADERS "|" hdrs)
	add_custom_command(OUTPUT "${map}"
		COMMAND ${CMAKE_COMMAND} -DOUT=${map} "-DPREFIXES=${A_PREFIXES}"
			"-DHEADERS=${hdrs}" "-DNODE=${A_NODE}" "-DPRIVATE=${A_PRIVATE}"
			"-DPRIVATE_NODE=${A_PRIVATE_NODE}"
			-P "${PROJECT_SOURCE_DIR}/cmake/exports.cmake"
		DEPENDS ${A_HEADERS} "${PROJECT_SOURCE_DIR}/cmake/exports.cmake"
		COMMENT "Listing the exports of lib${name}" VERBATIM)
	add_custom_target(${name}_exports DEPENDS "${map}")
	add_dependencies(${name}_shared ${name}_exports)
	target_link_options(${name}_shared PRIVATE "LINKER:--version-script=${map}")
	if(NOT AMARYLLIS_SANITIZE AND NOT AMARYLLIS_TSAN AND NOT AMARYLLIS_FUZZ)
		# every dependency is linked: a missing one is a link error
		target_link_options(${name}_shared PRIVATE "LINKER:--no-undefined")
	endif()
	set_target_properties(${name}_shared PROPERTIES LINK_DEPENDS "${map}"
		OUTPUT_NAME ${name} VERSION ${PROJECT_VERSION}
		SOVERSION ${PROJECT_VERSION_MAJOR})
	set_target_properties(${name}_static PROPERTIES OUTPUT_NAME ${name})
	foreach(t ${name}_static ${name}_shared)
		set_target_properties(${t} PROPERTIES LINKER_LANGUAGE C
			ARCHIVE_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/dist"
			LIBRARY_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/dist")
	endforeach()
	target_link_libraries(${name}_shared PRIVATE ${A_LINK})
	install(TARGETS ${name}_static ${name}_shared
		ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
		LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})

	# <name>.pc, written at install time so that `cmake --install
	# --prefix P` (and CPack) get P
	list(JOIN A_REQUIRES " " requires)
	list(JOIN A_REQUIRES_PRIVATE " " requires_private)
	list(JOIN A_LIBS_PRIVATE " " libs_private)
	set(pc "${PROJECT_BINARY_DIR}/pkgconfig/${name}.pc")
	foreach(v LIBDIR INCLUDEDIR)
		set(d "${CMAKE_INSTALL_${v}}")
		if(NOT IS_ABSOLUTE "${d}")
			set(d "\\\${prefix}/${d}") # \${prefix} in the install script
		endif()
		set(AM_PC_${v} "${d}")
	endforeach()
	install(CODE "
		set(AM_PC_NAME ${name})
		set(AM_PC_DESC \"${A_DESC}\")
		set(AM_PC_REQUIRES \"${requires}\")
		set(AM_PC_REQUIRES_PRIVATE \"${requires_private}\")
		set(AM_PC_LIBS_PRIVATE \"${libs_private} -lm -pthread\")
		set(AM_PC_LIBDIR \"${AM_PC_LIBDIR}\")
		set(AM_PC_INCLUDEDIR \"${AM_PC_INCLUDEDIR}\")
		set(AM_PC_INCSUB ${am_inc_sub})
		set(PROJECT_VERSION ${PROJECT_VERSION})
		set(AM_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
		configure_file(\"${PROJECT_SOURCE_DIR}/cmake/pkgconfig.pc.in\"
			\"${pc}\" @ONLY)")
	install(FILES "${pc}" DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endfunction()

# ---- the public headers and the libraries, one of each per rule system
# (cmake/rule_system.cmake: add_rule_system, add_front_end ... DIST)

set(am_inst_util_headers buf.h error.h lang.h msg.h rng.h stats.h yaml.h) # what the others include
list(TRANSFORM am_inst_util_headers PREPEND "${PROJECT_SOURCE_DIR}/include/util/")
install(FILES ${am_inst_util_headers} DESTINATION ${am_inc_dir}/util)

# libamaryllis-util: the util layers, once for all three systems (their
# libraries link it): one copy of the error object they share, of the
# generator and of the rest, whatever a linker binds inside a library
# (-Bsymbolic-functions, Ubuntu's default), and archives that link
# together.  Its public names are those of the util headers installed
# (symbol version AMARYLLIS_UTIL_0); the other util functions the
# systems' libraries call are exported as AMARYLLIS_UTIL_<release>_PRIVATE,
# no API (docs/EMBEDDING.md): a library of one release then refuses to
# load beside the util of another ("version ... not found") rather than
# call functions that changed (packaging review 2026-12-06: the name was
# AMARYLLIS_UTIL_0_PRIVATE in every release).
am_dist_library(amaryllis-util
	DESC "The part that the amaryllis, megami and manastorm libraries share"
	PREFIXES "ut_"
	HEADERS ${am_inst_util_headers}
	LAYERS util util_yaml
	LINK PkgConfig::UTF8PROC PkgConfig::JANSSON PkgConfig::YAML
		Threads::Threads ${AM_LIBM}
	REQUIRES_PRIVATE jansson yaml-0.1 LIBS_PRIVATE -lutf8proc
	NODE AMARYLLIS_UTIL_0 PRIVATE "ut_*"
	PRIVATE_NODE "AMARYLLIS_UTIL_${PROJECT_VERSION}_PRIVATE")

get_property(am_systems GLOBAL PROPERTY AM_RULE_SYSTEMS)
foreach(sys IN LISTS am_systems)
	get_property(prefix GLOBAL PROPERTY AM_${sys}_PREFIX)
	get_property(desc GLOBAL PROPERTY AM_${sys}_DESC)
	get_property(yaml GLOBAL PROPERTY AM_${sys}_YAML)
	get_property(layers GLOBAL PROPERTY AM_${sys}_LAYERS)
	# include/<sys>/*.h and include/<sys>.h, but not the headers of the
	# front ends that are in no library (amaryllis/hill.h, web.h,
	# megami/serve.h: their functions are in the executables only; the
	# install/destdir test fails on an installed header whose functions no
	# installed library defines)
	file(GLOB headers CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/include/${sys}/*.h")
	list(FILTER headers EXCLUDE REGEX "/(amaryllis/(hill|web)|megami/serve)\\.h$")
	install(FILES ${headers} DESTINATION ${am_inc_dir}/${sys})
	set(top "")
	if(EXISTS "${PROJECT_SOURCE_DIR}/include/${sys}.h")
		set(top "${PROJECT_SOURCE_DIR}/include/${sys}.h")
		install(FILES "${top}" DESTINATION ${am_inc_dir})
	endif()
	set(link amaryllis-util_shared PkgConfig::UTF8PROC PkgConfig::JANSSON
		Threads::Threads ${AM_LIBM})
	# utf8proc by name (Libs.private), not as a module: Debian's
	# libutf8proc.pc has -DUTF8PROC_EXPORTS in its Cflags, which
	# pkg-config --cflags would hand every program that uses ours
	# (embedder review W9); no installed header includes utf8proc.h
	set(requires jansson)
	if(yaml)
		list(APPEND link PkgConfig::YAML)
		list(APPEND requires yaml-0.1)
	endif()
	am_dist_library(${sys}
		DESC "${desc}"
		PREFIXES "${prefix}_"
		HEADERS ${top} ${headers}
		LAYERS ${layers}
		LINK ${link}
		REQUIRES "amaryllis-util = ${PROJECT_VERSION}"
		REQUIRES_PRIVATE ${requires} LIBS_PRIVATE -lutf8proc)
endforeach()

# ---- the CMake package (find_package(amaryllis), embedder review W10):
# imported targets for the installed libraries, found relative to the
# config file (cmake/amaryllisConfig.cmake.in); an absolute libdir or
# include folder (as some distributions pass) is written as it is

set(am_cfg_dir ${CMAKE_INSTALL_LIBDIR}/cmake/amaryllis)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
	set(AM_CFG_UP ".")
	set(AM_CFG_LIB "${CMAKE_INSTALL_LIBDIR}")
	set(am_cfg_prefix "${CMAKE_INSTALL_PREFIX}")
else()
	file(RELATIVE_PATH AM_CFG_UP "/p/${am_cfg_dir}" "/p")
	set(AM_CFG_LIB "\${_am_prefix}/${CMAKE_INSTALL_LIBDIR}")
	set(am_cfg_prefix "\${_am_prefix}")
endif()
if(IS_ABSOLUTE "${am_inc_dir}")
	set(AM_CFG_INC "${am_inc_dir}")
else()
	set(AM_CFG_INC "${am_cfg_prefix}/${am_inc_dir}")
endif()
configure_file("${PROJECT_SOURCE_DIR}/cmake/amaryllisConfig.cmake.in"
	"${PROJECT_BINARY_DIR}/cmake-package/amaryllisConfig.cmake" @ONLY)
include(CMakePackageConfigHelpers)
write_basic_package_version_file(
	"${PROJECT_BINARY_DIR}/cmake-package/amaryllisConfigVersion.cmake"
	VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES "${PROJECT_BINARY_DIR}/cmake-package/amaryllisConfig.cmake"
	"${PROJECT_BINARY_DIR}/cmake-package/amaryllisConfigVersion.cmake"
	DESTINATION ${am_cfg_dir})

# ---- man pages

option(AMARYLLIS_MAN "Generate and install the man pages (needs help2man)" ON)
if(AMARYLLIS_MAN AND NOT CMAKE_CROSSCOMPILING)
	find_program(AM_HELP2MAN help2man)
	if(NOT AM_HELP2MAN)
		message(FATAL_ERROR "help2man not found: the man pages are made "
			"with it (make deps installs it; or -DAMARYLLIS_MAN=OFF)")
	endif()
	set(pages "")
	get_property(am_helpers GLOBAL PROPERTY AM_CLI_HELPERS)
	foreach(tool IN LISTS am_systems am_helpers)
		if(NOT TARGET ${tool})
			continue()
		endif()
		set(parent "")
		set(deps ${tool})
		if(tool IN_LIST am_helpers)
			# PARENT CMD: NAME is CMD's line in PARENT's help
			get_property(sys_cmd GLOBAL PROPERTY AM_CLI_HELPER_${tool})
			list(GET sys_cmd 0 psys)
			list(GET sys_cmd 1 pcmd)
			set(parent $<TARGET_FILE:${psys}> ${pcmd})
			list(APPEND deps ${psys})
		endif()
		foreach(lang en ja)
			set(page "${PROJECT_BINARY_DIR}/man/${lang}/${tool}.1.gz")
			add_custom_command(OUTPUT "${page}"
				COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
					"AM_DOCDIR=${CMAKE_INSTALL_FULL_DOCDIR}"
					sh "${PROJECT_SOURCE_DIR}/cmake/manpage.sh"
					"${AM_HELP2MAN}" $<TARGET_FILE:${tool}> ${lang} "${page}"
					${parent}
				DEPENDS ${deps} "${PROJECT_SOURCE_DIR}/cmake/manpage.sh"
				COMMENT "Man page ${tool}(1), ${lang}" VERBATIM)
			list(APPEND pages "${page}")
			if(lang STREQUAL "en")
				install(FILES "${page}" DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
			else()
				install(FILES "${page}"
					DESTINATION ${CMAKE_INSTALL_MANDIR}/${lang}/man1)
			endif()
		endforeach()
	endforeach()
	add_custom_target(man_pages ALL DEPENDS ${pages})
endif()

# The file formats users write by hand (section 5): hand-written roff in
# man/ (no tool's --help to make them from), English, gzipped as above
# (gzip -9n: the same bytes on every build) and installed with them, so
# -DAMARYLLIS_MAN=OFF drops them too.  They need no help2man and run no
# built tool, so a cross build has them as well.  The CTest test man5
# (below) formats them and checks their examples.
set(am_man5 megami-scenario manastorm-scenario amaryllis-sheet megami-replay)
if(AMARYLLIS_MAN)
	find_program(AM_GZIP gzip REQUIRED)
	set(pages5 "")
	foreach(page IN LISTS am_man5)
		set(in "${PROJECT_SOURCE_DIR}/man/${page}.5")
		set(gz "${PROJECT_BINARY_DIR}/man/en/${page}.5.gz")
		# (the folder first: nothing else of a clean build may have made it)
		add_custom_command(OUTPUT "${gz}"
			COMMAND ${CMAKE_COMMAND} -E make_directory "${PROJECT_BINARY_DIR}/man/en"
			COMMAND sh -c "\"$1\" -9n -c \"$2\" > \"$3.tmp\" && mv \"$3.tmp\" \"$3\""
				sh "${AM_GZIP}" "${in}" "${gz}"
			DEPENDS "${in}"
			COMMENT "Man page ${page}(5)" VERBATIM)
		list(APPEND pages5 "${gz}")
		install(FILES "${gz}" DESTINATION ${CMAKE_INSTALL_MANDIR}/man5)
	endforeach()
	add_custom_target(man5_pages ALL DEPENDS ${pages5})
endif()

# ---- the examples and documents the tools' help and man pages name
# (examples/grisk.txt, docs/MEGAMI.md), in DOCDIR (share/doc/amaryllis),
# as the man pages' FILES section says (cmake/manpage.sh)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/examples/"
	DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/"
	DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs FILES_MATCHING PATTERN "*.md")

# ---- make deb: CPack's DEB generator, one package with all of the above

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME amaryllis)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "Amaryllis maintainers <amaryllis@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
	"unit battles by mail, a TRPG combat simulator and a card duel simulator")
set(CPACK_PACKAGE_DESCRIPTION "The amaryllis, megami and manastorm tools,
their libraries (static and shared), headers, pkg-config files and man
pages.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# not games: lintian keeps that section for packages with /usr/games
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON) # Depends: from dpkg-shlibdeps
# ... and the -dev packages of the .pc files' Requires.private, which
# pkg-config resolves even for --cflags, and of their Libs.private
# (utf8proc), which a static link needs (the package ships the headers,
# .pc files and CMake package: it is also the -dev package)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libutf8proc-dev, libjansson-dev, libyaml-dev")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# what lintian asks of a package with shared libraries and executables:
# stripped files, a shlibs file (a package built against the libraries
# then depends on this one, at this version or later), and ldconfig run
# by a dpkg trigger (cmake/deb/triggers); CPack's own postinst and postrm,
# which also run it, stay (lintian warns of them, maintscript-calls-ldconfig)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
	"${PROJECT_SOURCE_DIR}/cmake/deb/triggers")
# lintian's overrides, in the package only (make deb sets AMARYLLIS_DEB):
# its one false error, embedded-library libyaml (cmake/deb/lintian-overrides)
option(AMARYLLIS_DEB "Install the files only the Debian package has (make deb)" OFF)
if(AMARYLLIS_DEB)
	install(FILES "${PROJECT_SOURCE_DIR}/cmake/deb/lintian-overrides"
		DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides RENAME amaryllis)
endif()
include(CPack)

# ---- CTest man5: the section-5 pages format without a groff warning and
# their examples pass the tools' checks (tests/man/man5.sh).  The sources
# are checked, so the test runs with -DAMARYLLIS_MAN=OFF too.

if(BUILD_TESTING AND TARGET amaryllis AND TARGET megami AND TARGET manastorm
		AND NOT AMARYLLIS_FUZZ)
	add_test(NAME man5
		COMMAND sh "${PROJECT_SOURCE_DIR}/tests/man/man5.sh"
			"${PROJECT_SOURCE_DIR}" $<TARGET_FILE:megami>
			$<TARGET_FILE:manastorm> $<TARGET_FILE:amaryllis>)
	set_tests_properties(man5 PROPERTIES LABELS docs TIMEOUT 120)
	am_test_env(man5)
endif()

# ---- CTest install/destdir: install into a DESTDIR and build against it

if(BUILD_TESTING AND TARGET amaryllis AND TARGET megami AND TARGET manastorm
		AND AMARYLLIS_MAN AND NOT AMARYLLIS_FUZZ AND NOT AMARYLLIS_TSAN)
	set(am_install_cflags "")
	if(AMARYLLIS_SANITIZE)
		set(am_install_cflags ${am_san})
	endif()
	add_test(NAME install/destdir
		COMMAND sh "${PROJECT_SOURCE_DIR}/tests/install/install.sh"
			"${PROJECT_BINARY_DIR}" "${PROJECT_SOURCE_DIR}"
			"${CMAKE_C_COMPILER}" "${PROJECT_VERSION}" ${am_install_cflags})
	set_tests_properties(install/destdir PROPERTIES LABELS install TIMEOUT 600)
	if(am_sanitizer_env)
		set_property(TEST install/destdir APPEND PROPERTY ENVIRONMENT ${am_sanitizer_env})
	endif()
endif()
