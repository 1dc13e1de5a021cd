# tests/manastorm/tests.cmake - マナ・ストーム's tests besides test_*.c and
# golden/ (included by am_tests, cmake/rule_system.cmake).

# An independent Python reference of rulings D2-D7 against `manastorm
# play`: examples, cases and generated scenarios (tests/manastorm/reference/;
# needs python3-yaml).
add_test(NAME manastorm/crosscheck
	COMMAND bash "${dir}/reference/crosscheck.sh" $<TARGET_FILE:manastorm>)
set_tests_properties(manastorm/crosscheck PROPERTIES LABELS "manastorm" TIMEOUT 600)
am_test_env(manastorm/crosscheck)
