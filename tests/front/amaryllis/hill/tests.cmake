# tests/front/amaryllis/hill/tests.cmake - the mail hill's tests besides
# test_*.c (included by am_tests, cmake/rule_system.cmake).

# test_security reads the hill's SQLite file itself (and writes a hash of
# the old kind with libsodium)
target_link_libraries(hill_test_security PRIVATE PkgConfig::SQLITE3
	PkgConfig::SODIUM Threads::Threads)
# test_mail decodes the reply's encoded subject with GMime
target_link_libraries(hill_test_mail PRIVATE PkgConfig::GMIME)
# test_rules fails the status page's allocations in turn, and writes a
# stored sheet into the hill's SQLite file (stale_member)
am_test_fail_alloc(hill_test_rules)
target_link_libraries(hill_test_rules PRIVATE PkgConfig::SQLITE3)

# With its real components (docs/TESTING.md "The hill's tests"): the
# corpus of real-shaped mails with their facts, SIGKILL at random moments,
# 50 processes at once on one hill, and Postfix end to end (installs
# postfix when root; skips, loudly, with status 77 only when it cannot).
foreach(t corpus delivery crash concurrent security log)
	# The sanitizer build kills half as many deliveries (crash.py --half):
	# each of its process starts costs ten times as much.
	set(am_hill_args "")
	if(t STREQUAL "crash" AND AMARYLLIS_SANITIZE)
		set(am_hill_args --half)
	endif()
	add_test(NAME hill/${t}
		COMMAND ${AM_PYTHON3} "${dir}/${t}.py" $<TARGET_FILE:amaryllis>
			${am_hill_args})
	set_tests_properties(hill/${t} PROPERTIES LABELS hill TIMEOUT 600)
	am_test_env(hill/${t})
endforeach()
# 50 processes at once: alone on the CPUs.  (crash.py runs one process
# at a time and sleeps until its kill: it may run beside another test,
# which only moves its kills in time, each drawn from that run's own
# clean durations; what it asserts holds wherever a kill lands.)
set_tests_properties(hill/concurrent PROPERTIES RUN_SERIAL TRUE)
add_test(NAME hill/mta_e2e
	COMMAND bash "${dir}/mta_e2e.sh" $<TARGET_FILE:amaryllis>)
set_tests_properties(hill/mta_e2e PROPERTIES
	LABELS hill TIMEOUT 300 SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)
