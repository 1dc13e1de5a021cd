# tests/front/amaryllis/optimize/tests.cmake - the optimizer's tests
# besides test_*.c (included by am_tests, cmake/rule_system.cmake).

# The optimizer's evaluations over 2 and 3 ranks: the same report as one
# process.
if(AMARYLLIS_MPI)
	add_test(NAME mpi_optimize
		COMMAND bash "${dir}/mpi_optimize.sh"
			$<TARGET_FILE:amaryllis> ${MPIEXEC_EXECUTABLE})
	set_tests_properties(mpi_optimize PROPERTIES
		LABELS mpi TIMEOUT 300 WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
endif()

# test_optimize plays on アマリリス's fixtures (tests/amaryllis/support/)
target_link_libraries(optimize_test_optimize PRIVATE amaryllis_test_support)

# test_alloc_failures fails the allocations it chooses
am_test_fail_alloc(optimize_test_optimize)
