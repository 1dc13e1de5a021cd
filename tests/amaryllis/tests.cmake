# tests/amaryllis/tests.cmake - アマリリス's tests besides test_*.c and
# golden/ (included by am_tests, cmake/rule_system.cmake).

# test_normalise draws random legal designs with the optimizer's generator
target_link_libraries(amaryllis_test_normalise PRIVATE amaryllis_optimize)

# The MPI league must equal the single process (2, 3 and 4 ranks); a rank
# that fails stops every rank, with one exit status (each mpirun inside
# has its own 120 s timeout).
if(AMARYLLIS_MPI)
	add_test(NAME mpi_league
		COMMAND bash "${dir}/mpi_league.sh"
			$<TARGET_FILE:amaryllis> ${MPIEXEC_EXECUTABLE})
	add_test(NAME mpi_fail
		COMMAND bash "${dir}/mpi_fail.sh"
			$<TARGET_FILE:amaryllis> ${MPIEXEC_EXECUTABLE})
	set_tests_properties(mpi_league mpi_fail PROPERTIES
		LABELS mpi TIMEOUT 300 WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
	set_tests_properties(mpi_fail PROPERTIES TIMEOUT 900)
endif()

# `amaryllis hill`, `mail` and `serve` run amaryllis-hill, -mail and -serve
# (tests/cli_helper.sh): amaryllis without GMime or libmicrohttpd, the same
# help and errors through them (mail's usage status is 64, EX_USAGE, for
# the MTA), and the message of an amaryllis whose helper is missing.
foreach(cmd_lib_status hill:libgmime:2 mail:libgmime:64 serve:libmicrohttpd:2)
	string(REPLACE ":" ";" parts "${cmd_lib_status}")
	list(GET parts 0 cmd)
	list(GET parts 1 lib)
	list(GET parts 2 status)
	add_test(NAME amaryllis/${cmd}_helper
		COMMAND bash "${PROJECT_SOURCE_DIR}/tests/cli_helper.sh"
			$<TARGET_FILE:amaryllis> ${cmd} ${lib} ${status})
	set_tests_properties(amaryllis/${cmd}_helper PROPERTIES
		LABELS "amaryllis" TIMEOUT 60)
endforeach()

# The optimizer's progress line on a terminal (script(1)): every redraw
# clears the end of the line (ESC [K).
add_test(NAME amaryllis/optimize_tty
	COMMAND bash "${dir}/optimize_tty.sh" $<TARGET_FILE:amaryllis>
		"${PROJECT_SOURCE_DIR}")
set_tests_properties(amaryllis/optimize_tty PROPERTIES LABELS "amaryllis" TIMEOUT 120)

# test_null_args calls the optimizer's functions too (optimize.h is in
# libamaryllis, its layer is amaryllis_optimize)
target_link_libraries(amaryllis_test_null_args PRIVATE amaryllis_optimize)

# test_league's test_alloc_failures fails the allocations it chooses
am_test_fail_alloc(amaryllis_test_league)
am_test_fail_alloc(amaryllis_test_sheet)
am_test_fail_alloc(amaryllis_test_engine)
