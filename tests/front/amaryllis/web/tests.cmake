# tests/front/amaryllis/web/tests.cmake - the web server's tests besides
# test_*.c (included by am_tests, cmake/rule_system.cmake).

# The page in Debian's chromium driven by playwright-core (browser.sh;
# screenshots in build/web-artifacts/), and hostile requests (hostile.py).
add_test(NAME web/browser
	COMMAND bash "${dir}/browser.sh" $<TARGET_FILE:amaryllis>
		"${PROJECT_SOURCE_DIR}" "${PROJECT_BINARY_DIR}/web-artifacts")
# the page's addresses, shared battles, phone width, languages, the
# editor's help, the hill's how-to and form (page.js; 1280 and 390 px,
# Japanese and English; screenshots in build/web-artifacts/page/)
add_test(NAME web/page
	COMMAND bash "${dir}/browser.sh" $<TARGET_FILE:amaryllis>
		"${PROJECT_SOURCE_DIR}" "${PROJECT_BINARY_DIR}/web-artifacts/page" page.js)
# the page when things go wrong: a failed request, a refusal in English,
# a double click, the language switched after a battle, a damaged link, a
# long name on a phone (robust.js)
add_test(NAME web/robust
	COMMAND bash "${dir}/browser.sh" $<TARGET_FILE:amaryllis>
		"${PROJECT_SOURCE_DIR}" "${PROJECT_BINARY_DIR}/web-artifacts/robust" robust.js)
add_test(NAME web/hostile
	COMMAND ${AM_PYTHON3} "${dir}/hostile.py" $<TARGET_FILE:amaryllis>)
# concurrency (not speed): 20 clients, 600 checks and battles, no error;
# the figures come from load.py by hand (docs/WEB.md)
add_test(NAME web/load
	COMMAND ${AM_PYTHON3} "${dir}/load.py" $<TARGET_FILE:amaryllis>
		--clients 20 --requests 600)
# safe on the open internet (docs/WEB.md, "Security"): cross-site requests
# in the browser (csrf.js) and raw (headers.py), slow and idle clients, the
# rate limit (its table alone: util/test_http_rate), a locked hill
add_test(NAME web/csrf
	COMMAND bash "${dir}/browser.sh" $<TARGET_FILE:amaryllis>
		"${PROJECT_SOURCE_DIR}" "${PROJECT_BINARY_DIR}/web-artifacts/csrf" csrf.js)
# the wire's framing, refusals in the log, limits on answers, an unread
# stderr (framing.py); the API on workers of its own, in turn across
# addresses (workers.py); a hill on a full disk (full_disk.py)
foreach(t headers slowloris rate busy_hill lockout framing workers full_disk)
	add_test(NAME web/${t}
		COMMAND ${AM_PYTHON3} "${dir}/${t}.py" $<TARGET_FILE:amaryllis>)
endforeach()
set(am_web_tests web/browser web/page web/robust web/hostile web/load web/csrf web/headers
	web/slowloris web/rate web/busy_hill web/lockout web/framing web/workers
	web/full_disk)
set_tests_properties(${am_web_tests} PROPERTIES LABELS web TIMEOUT 600)
# Every server listens on a free loopback port of its own, so the tests
# may run beside others.  The ones that measure time on the server's side
# to the tenth of a second (a rate per second, a lockout, workers taking
# turns in an order set by pauses of 0.1 s) run alone.  The slow clients
# cut at their deadline and the locked hill's wait run beside others,
# not beside each other: they mostly sleep, and their bounds are seconds
# where they measured at most 0.22 s of latency and 3.03-3.13 s for a cut
# at 3 s under ASan with two other processes busy on both cores (each
# run alone, 35 s of one idle core in each make check phase).  The
# browser ones run one at a time (one chromium: it takes a core and much
# memory), as pictures; and, as every test that runs npm (browser.sh's
# npm ci), not beside another npm (the cache in ~/.npm is one for all).
set_tests_properties(web/rate web/lockout web/workers PROPERTIES
	RUN_SERIAL ON)
set_tests_properties(web/slowloris web/busy_hill PROPERTIES
	RESOURCE_LOCK timing)
set_tests_properties(web/browser web/page web/robust web/csrf PROPERTIES
	RESOURCE_LOCK "chromium;npm")
# playwright-core comes from the npm registry (browser.sh, playwright.sh):
# `ctest -LE network` leaves these out where there is no registry
set_tests_properties(web/browser web/page web/robust web/csrf PROPERTIES
	LABELS "web;network")
am_test_env(${am_web_tests})
# test_api fails each allocation of its requests in turn
am_test_fail_alloc(web_test_api)
