# tests/front/megami/serve/tests.cmake - megami serve, the BCDice-API
# server, over HTTP (included by am_tests, cmake/rule_system.cmake): every
# endpoint, CORS, the limits, 600 fair rolls, and rands fed into the real
# BCDice (npm bcdice 4.9.0, installed into the build folder; fails without
# npm).
add_test(NAME megami/serve
	COMMAND ${AM_PYTHON3} "${dir}/serve.py" $<TARGET_FILE:megami> "${PROJECT_BINARY_DIR}")
set_tests_properties(megami/serve PROPERTIES
	LABELS "megami;web;network" TIMEOUT 900 RESOURCE_LOCK npm)
am_test_env(megami/serve)
# test_api fails each allocation of its requests in turn
am_test_fail_alloc(serve_test_api)
