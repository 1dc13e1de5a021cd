# tests/megami/tests.cmake - 戦女神's tests besides test_*.c and golden/
# (included by am_tests, cmake/rule_system.cmake).

# An independent Python reference of rulings M2-M8 against `megami fight`:
# examples, edge cases and generated scenarios, seeds 0..19
# (tests/megami/reference/; needs python3-yaml).
# The cross-checks are of the rules, which the release build checks whole;
# a sanitizer build (whose process starts cost ten times as much: 856 s
# for the 8,800 runs of this one, 567 s for the BCDice one, beside each
# other on 2 cores) plays the same code paths with 1 of the 20 seeds and
# 400 of the 3,000 commands, so that make check stays within its 30
# minutes (docs/TESTING.md, "Cross-checks": with 5 seeds and a quarter it
# took 30 min 14 s; with 3 seeds and a sixth, 28 min 47 s to 30 min 39
# s, on 2026-12-05; with 2 seeds, 32 min 32 s once output/no_memory
# came, on 2026-12-06: each scenario still plays once under the
# sanitizers).  Of these processes only seed 0 of each scenario and one
# command in ten look for leaks (tests/leaks.py: LeakSanitizer's scan at
# exit was half of what each cost).
set(megami_xc_args "")
set(megami_bcdice_count 3000)
set(megami_dicebot_count 500)
if(AMARYLLIS_SANITIZE)
	set(megami_xc_args --seeds 1)
	set(megami_bcdice_count 400)
	set(megami_dicebot_count 100)
endif()
add_test(NAME megami/crosscheck
	COMMAND bash "${dir}/reference/crosscheck.sh" $<TARGET_FILE:megami>
		${megami_xc_args})
# about 100 s in a release build
set_tests_properties(megami/crosscheck PROPERTIES LABELS "megami" TIMEOUT 1200)

# megami track in a real terminal: tmux drives a session, then the saved
# replay must print the session's log (fails without tmux).
add_test(NAME megami/track_tmux
	COMMAND bash "${dir}/track_tmux.sh" $<TARGET_FILE:megami>
		"${PROJECT_SOURCE_DIR}")
set_tests_properties(megami/track_tmux PROPERTIES LABELS "megami" TIMEOUT 300)
# Ctrl-C, SIGTERM and a closed terminal (SIGHUP) at the tracker: the
# session is kept (MG-TRACK-12; fails without tmux).
add_test(NAME megami/track_signals
	COMMAND bash "${dir}/track_signals.sh" $<TARGET_FILE:megami>
		"${PROJECT_SOURCE_DIR}")
set_tests_properties(megami/track_signals PROPERTIES LABELS "megami" TIMEOUT 300)
# The tracker at a table (tmux): --auto npc against Enter at every NPC
# prompt and a fight resumed twice against the uninterrupted one, byte for
# byte; a roll's dice on one line (MG-TRACK-13, MG-TRACK-14, MG-TRACK-2;
# fails without tmux).
add_test(NAME megami/track_table
	COMMAND bash "${dir}/track_table.sh" $<TARGET_FILE:megami>
		"${PROJECT_SOURCE_DIR}")
set_tests_properties(megami/track_table PROPERTIES LABELS "megami" TIMEOUT 300)
am_test_env(megami/crosscheck megami/track_tmux megami/track_signals
	megami/track_table)

# `megami serve` runs megami-serve (tests/cli_helper.sh): megami without
# libmicrohttpd, the same help and errors through it, and the message of a
# megami whose helper is missing.
add_test(NAME megami/serve_helper
	COMMAND bash "${PROJECT_SOURCE_DIR}/tests/cli_helper.sh"
		$<TARGET_FILE:megami> serve libmicrohttpd 2)
set_tests_properties(megami/serve_helper PROPERTIES LABELS "megami" TIMEOUT 60)

# `megami roll` against the real BCDice (npm bcdice 4.9.0, installed into
# build/npm by the fixture; fails saying what to run without node, npm or
# the registry; label network, as every test that needs the npm
# registry: `ctest -LE network` offline): tests/megami/bcdice/.
add_test(NAME megami/bcdice_npm
	COMMAND bash "${dir}/bcdice/crosscheck.sh" install "${PROJECT_BINARY_DIR}/npm")
set_tests_properties(megami/bcdice_npm PROPERTIES
	LABELS "megami;network" TIMEOUT 600 FIXTURES_SETUP megami_bcdice
	RESOURCE_LOCK npm)
add_test(NAME megami/bcdice_crosscheck
	COMMAND bash "${dir}/bcdice/crosscheck.sh" check "${PROJECT_BINARY_DIR}/npm"
		$<TARGET_FILE:megami> 1 ${megami_bcdice_count})
set_tests_properties(megami/bcdice_crosscheck PROPERTIES
	LABELS "megami;network" TIMEOUT 1200 FIXTURES_REQUIRED megami_bcdice)
am_test_env(megami/bcdice_crosscheck)
# The same for game system DiceBot (MG-DICE-SYS-1: megami serve's
# /v2/game_system/DiceBot), other commands (gen.py seed 2).
add_test(NAME megami/bcdice_crosscheck_dicebot
	COMMAND bash "${dir}/bcdice/crosscheck.sh" check "${PROJECT_BINARY_DIR}/npm"
		$<TARGET_FILE:megami> 2 ${megami_dicebot_count} DiceBot)
set_tests_properties(megami/bcdice_crosscheck_dicebot PROPERTIES
	LABELS "megami;network" TIMEOUT 1200 FIXTURES_REQUIRED megami_bcdice)
am_test_env(megami/bcdice_crosscheck_dicebot)
# BCDice's own test suite (the package's lib/bcdice/test_data.json, its
# test/data/*.toml): every case of game system SRS or DiceBot, with the
# case's dice, gives the case's text, flags and dice (peer.py).
add_test(NAME megami/bcdice_peer
	COMMAND bash "${dir}/bcdice/crosscheck.sh" peer "${PROJECT_BINARY_DIR}/npm"
		$<TARGET_FILE:megami>)
set_tests_properties(megami/bcdice_peer PROPERTIES
	LABELS "megami;network" TIMEOUT 600 FIXTURES_REQUIRED megami_bcdice)
am_test_env(megami/bcdice_peer)

# The series over MPI ranks (UT-CLI-MPI-1; built with -DAMARYLLIS_MPI=ON,
# run by `make mpi`): 1, 2 and 3 ranks print what one process prints; a
# rank that fails stops every rank with one exit status (each mpirun
# inside has its own 120 s timeout).
if(AMARYLLIS_MPI)
	add_test(NAME megami/mpi_fight
		COMMAND bash "${dir}/mpi_fight.sh" $<TARGET_FILE:megami>
			${MPIEXEC_EXECUTABLE})
	set_tests_properties(megami/mpi_fight PROPERTIES LABELS "mpi" TIMEOUT 900)
endif()

# The CLI's words for why a combat stopped (src/megami/cli/stop_text.c:
# the engine's overflows and the fixed dice in the page's language), a
# unit test of one file of the command (tests/megami/cli/).
add_executable(megami_test_stop_text "${dir}/cli/test_stop_text.c"
	"${PROJECT_SOURCE_DIR}/src/megami/cli/stop_text.c")
target_link_libraries(megami_test_stop_text PRIVATE ${libs} PkgConfig::CMOCKA)
target_include_directories(megami_test_stop_text PRIVATE
	"${PROJECT_SOURCE_DIR}/src/megami/cli")
set_target_properties(megami_test_stop_text PROPERTIES
	RUNTIME_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/tests/megami")
am_front_end(megami_test_stop_text)
add_test(NAME megami/test_stop_text COMMAND megami_test_stop_text
	WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
set_tests_properties(megami/test_stop_text PROPERTIES LABELS "unit;megami" TIMEOUT 300)
if(am_sanitizer_env)
	set_property(TEST megami/test_stop_text APPEND PROPERTY
		ENVIRONMENT ${am_sanitizer_env})
endif()

# test_montecarlo's mg_mc_jobs_1_alloc_failures fails the allocations it
# chooses
am_test_fail_alloc(megami_test_montecarlo)
am_test_fail_alloc(megami_test_scenario)
# test_dice's test_alloc_failures fails each allocation of every roll the
# other cases make
am_test_fail_alloc(megami_test_dice)
# test_replay's test_alloc_failures reads every bundled replay failing
# each allocation in turn
am_test_fail_alloc(megami_test_replay)
