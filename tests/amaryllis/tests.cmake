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
