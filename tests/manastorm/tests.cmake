# tests/manastorm/tests.cmake - マナ・ストーム's tests besides test_*.c and
# golden/ (included by am_tests, cmake/rule_system.cmake).

# An independent Python reference of rulings D2-D7 against `manastorm
# play`: examples, cases and generated scenarios (tests/manastorm/reference/;
# needs python3-yaml).
# A sanitizer build plays 2 of the 20 seeds, 2 of the 8 of generated
# scenarios (as megami/crosscheck:
# docs/TESTING.md, "Cross-checks"; 217 s under ASan+UBSan with all),
# and looks for leaks in seed 0 of each scenario only (tests/leaks.py).
set(manastorm_xc_args "")
if(AMARYLLIS_SANITIZE)
	set(manastorm_xc_args --seeds 2 --gen-seeds 2)
endif()
add_test(NAME manastorm/crosscheck
	COMMAND bash "${dir}/reference/crosscheck.sh" $<TARGET_FILE:manastorm>
		${manastorm_xc_args})
set_tests_properties(manastorm/crosscheck PROPERTIES LABELS "manastorm" TIMEOUT 600)
am_test_env(manastorm/crosscheck)

# The series over MPI ranks (UT-CLI-MPI-1; built with -DAMARYLLIS_MPI=ON,
# run by `make mpi`): 1, 2 and 3 ranks print what one process prints; a
# rank that fails stops every rank with one exit status (each mpirun
# inside has its own 120 s timeout).
if(AMARYLLIS_MPI)
	add_test(NAME manastorm/mpi_playtest
		COMMAND bash "${dir}/mpi_playtest.sh" $<TARGET_FILE:manastorm>
			${MPIEXEC_EXECUTABLE})
	set_tests_properties(manastorm/mpi_playtest PROPERTIES LABELS "mpi" TIMEOUT 900)
endif()

# test_playtest's jobs_alloc_failures fails the allocations it chooses
am_test_fail_alloc(manastorm_test_playtest)
am_test_fail_alloc(manastorm_test_scenario)
