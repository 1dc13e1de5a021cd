# tests/megami/tests.cmake - 戦女神's tests besides test_*.c and golden/
# (included by am_tests, cmake/rule_system.cmake).

# An independent Python reference of rulings M2-M8 against `megami fight`:
# examples, edge cases and generated scenarios, seeds 0..19
# (tests/megami/reference/; needs python3-yaml).
add_test(NAME megami/crosscheck
	COMMAND bash "${dir}/reference/crosscheck.sh" $<TARGET_FILE:megami>)
set_tests_properties(megami/crosscheck PROPERTIES LABELS "megami" TIMEOUT 600)

# megami track in a real terminal: tmux drives a session, then the saved
# replay must print the session's log (fails without tmux).
add_test(NAME megami/track_tmux
	COMMAND bash "${dir}/track_tmux.sh" $<TARGET_FILE:megami>
		"${PROJECT_SOURCE_DIR}")
set_tests_properties(megami/track_tmux PROPERTIES LABELS "megami" TIMEOUT 300)
am_test_env(megami/crosscheck megami/track_tmux)
