# Amaryllis - the front door.  The build itself is described in CMakeLists.txt;
# this Makefile checks the system packages and drives CMake and CTest.
#
#   make deps     check (as root: install) the Debian packages of every
#                 target but mpi, fuzz and clang (deps-build: only those of
#                 build and demo; deps-mpi: deps and OpenMPI, for `make mpi`;
#                 deps-clang: deps-build and clang, for `make clang`)
#   make build    configure and build in build/ (RelWithDebInfo)
#   make demo     build, then replay the worked example of the rules (and draw
#                 it as SVG), run a mail hill on two bundled mails, design a
#                 unit with the optimizer, roll dice, play a bundled 戦女神TRPG
#                 duel and playtest the card duel
#   make test     build, then run the tests in build/
#   make asan     Debug + ASan/UBSan build in build-asan/, and its tests
#   make tsan     ThreadSanitizer build in build-tsan/, the league tests
#   make mpi      MPI build in build-mpi/: mpirun league, fight --runs,
#                 playtest, sweep == one process
#   make deb      Release build in build-deb/ (prefix /usr, Debian's hardening
#                 flags from dpkg-buildflags), a Debian package from it (CPack
#                 DEB), checked by tests/install/deb_check.sh
#   make clang    Release build of every target with clang in build-clang/
#                 (its warnings are errors too), its unit and golden tests
#   make check    test + asan + tsan + mpi + fuzz-smoke + deb + clang: what CI
#                 runs (.ci/run)
#   make bench    build, then run every benchmark
#   make bench-callgrind  build, then count the engines' instructions per
#                 fight and per duel under callgrind (bench/callgrind*.sh)
#   make bench-scaling  build, then time every bundled scenario on 1 and 2
#                 threads through the real commands (bench/scaling.sh)
#   make fuzz     clang + libFuzzer build in build-fuzz/, then run every fuzz
#                 target for FUZZ_SECONDS (60) each and print its runs/s
#   make fuzz-smoke  the same build, a short fixed run of each target (CTest)
#   make golden-update  rewrite tests/amaryllis/golden expectations from build/amaryllis
#   make clean    remove the build directories

BUILD_DIR ?= build
ASAN_DIR  ?= build-asan
TSAN_DIR  ?= build-tsan
MPI_DIR   ?= build-mpi
FUZZ_DIR  ?= build-fuzz
CLANG_DIR ?= build-clang
DEB_DIR   ?= build-deb
CMAKE     ?= cmake
CTEST     ?= ctest
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
# Warnings are errors in every build this Makefile configures (make check, CI);
# the CMake default is OFF, for packagers (docs/BUILDING.md, "For packagers").
WERROR    ?= -DAMARYLLIS_WERROR=ON

# The Debian packages, in three lists (README.md says why each one):
#   DEB_PACKAGES_BUILD  what CMake needs to configure and build (the unit
#                       tests' cmocka included: BUILD_TESTING is ON by
#                       default), and what `make demo` runs (python3, which
#                       prints the hill's reply): make deps-build, build, demo
#   DEB_PACKAGES_DEB    what `make deb` adds: dpkg-buildflags and
#                       dpkg-shlibdeps (dpkg-dev), man -l in deb_check.sh
#   DEB_PACKAGES_TEST   what only the tests need (make test, asan, tsan):
#                       the tracker in tmux, the Python reference
#                       implementations, the browser test, the BCDice
#                       cross-check
# DEB_PACKAGES is all three: make deps (what make check needs, but OpenMPI,
# which only `make mpi` adds, and clang, which only the fuzz targets and
# `make clang` add).
DEB_PACKAGES_BUILD := cmake make gcc pkg-config libutf8proc-dev libjansson-dev \
                      libyaml-dev libedit-dev libgmime-3.0-dev libsqlite3-dev \
                      libsodium-dev libmicrohttpd-dev libcmocka-dev help2man python3
DEB_PACKAGES_DEB   := dpkg-dev man-db
DEB_PACKAGES_TEST  := tmux python3-yaml chromium fonts-ipafont-gothic
# Node.js and npm drive the browser test (playwright-core) and the BCDice
# cross-check.  Listed only when the commands are missing: a machine with
# Node.js from elsewhere (e.g. NodeSource's nodejs, which bundles npm and
# conflicts with Debian's npm package) already has what the tests need.
DEB_PACKAGES_TEST  += $(if $(shell command -v node 2>/dev/null),,nodejs) \
                      $(if $(shell command -v npm 2>/dev/null),,npm)
DEB_PACKAGES       := $(DEB_PACKAGES_BUILD) $(DEB_PACKAGES_DEB) $(DEB_PACKAGES_TEST)
DEB_PACKAGES_MPI   := libopenmpi-dev openmpi-bin
# the compiler of `make clang`; the fuzz targets add libFuzzer's runtime
DEB_PACKAGES_CLANG := clang
# postfix is not listed: tests/front/amaryllis/hill/mta_e2e.sh installs it itself, preseeded
# "No configuration" so that no system MTA is set up or started (README).

MAKEFLAGS += --no-print-directory

# each heading says the time of day, so a log of make check shows what
# each part took
heading = @printf '\n==== %s (%s) ====\n' $(1) "$$(date -u +%H:%M:%S)"


.PHONY: all deps deps-build deps-deb deps-clang build demo test asan tsan mpi deb clang check bench fuzz golden-update clean
.NOTPARALLEL:

all: build

# check_deps(PACKAGES): exit 0 if all are installed; as root install the
# missing ones; otherwise print the apt-get line and fail.
define check_deps
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
		echo "make $@: not a Debian system; make sure these (or their equivalents) are installed:"; \
		echo "  $(1)"; \
		exit 0; \
	fi; \
	missing=""; \
	for p in $(1); do \
		case "$$(dpkg-query -W -f='$${Status}' $$p 2>/dev/null)" in \
		*" ok installed") ;; \
		*) missing="$$missing $$p" ;; \
		esac; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	echo "make $@: missing Debian packages:$$missing"; \
	if [ "$$(id -u)" = 0 ]; then \
		apt-get update && apt-get install -y --no-install-recommends $$missing; \
	else \
		echo "Install them with:"; \
		echo "  sudo apt-get install -y$$missing"; \
		exit 1; \
	fi
endef

deps:
	$(call check_deps,$(DEB_PACKAGES))

# Only what build and demo need: no browser, no test tools.
deps-build:
	$(call check_deps,$(DEB_PACKAGES_BUILD))

# What deb needs: the build's packages and Debian's packaging tools.
deps-deb:
	$(call check_deps,$(DEB_PACKAGES_BUILD) $(DEB_PACKAGES_DEB))

# The build's packages and clang, for `make clang`.
deps-clang:
	$(call check_deps,$(DEB_PACKAGES_BUILD) $(DEB_PACKAGES_CLANG))

# deps plus OpenMPI, for `make mpi`.
.PHONY: deps-mpi
deps-mpi:
	$(call check_deps,$(DEB_PACKAGES) $(DEB_PACKAGES_MPI))

build: deps-build
	$(call heading,"build: $(BUILD_DIR) (RelWithDebInfo)")
	$(CMAKE) -S . -B $(BUILD_DIR) $(WERROR) -DCMAKE_BUILD_TYPE=RelWithDebInfo
	$(CMAKE) --build $(BUILD_DIR) -j$(JOBS)

demo: build
	$(call heading,"demo: amaryllis battle examples/grisk.txt examples/nut.txt")
	./$(BUILD_DIR)/amaryllis battle examples/grisk.txt examples/nut.txt
	$(call heading,"demo: the same battle drawn: --svg $(BUILD_DIR)/demo/grisk-nut.svg")
	rm -rf $(BUILD_DIR)/demo && mkdir -p $(BUILD_DIR)/demo/outbox
	./$(BUILD_DIR)/amaryllis battle examples/grisk.txt examples/nut.txt --svg $(BUILD_DIR)/demo/grisk-nut.svg > /dev/null
	@ls -l $(BUILD_DIR)/demo/grisk-nut.svg
	$(call heading,"demo: a play-by-mail hill: init; two mailed entries (UTF-8 and ISO-2022-JP); status")
	./$(BUILD_DIR)/amaryllis hill init $(BUILD_DIR)/demo/hill.db --size 10 --address hill@example.org --name デモの丘
	./$(BUILD_DIR)/amaryllis mail --hill $(BUILD_DIR)/demo/hill.db --outbox $(BUILD_DIR)/demo/outbox < examples/hill/grisk.eml
	./$(BUILD_DIR)/amaryllis mail --hill $(BUILD_DIR)/demo/hill.db --outbox $(BUILD_DIR)/demo/outbox < examples/hill/nut.eml
	./$(BUILD_DIR)/amaryllis hill status $(BUILD_DIR)/demo/hill.db
	@echo "--- the hill's reply to ヌト's mail ($(BUILD_DIR)/demo/outbox):"
	@python3 -c 'import email, glob, sys; \
	ms = [email.message_from_binary_file(open(f, "rb")) for f in glob.glob(sys.argv[1] + "/*.eml")]; \
	m = [m for m in ms if "demo-bob-nut" in m["In-Reply-To"]][0]; \
	print("To:", m["To"]); print("X-Amaryllis-Result:", m["X-Amaryllis-Result"]); print(); \
	print(m.get_payload(decode=True).decode("utf-8"))' $(BUILD_DIR)/demo/outbox
	$(call heading,"demo: amaryllis optimize --field examples/grisk.txt examples/nut.txt --evals 2000 --seed 1")
	./$(BUILD_DIR)/amaryllis optimize --field examples/grisk.txt examples/nut.txt --evals 2000 --seed 1
	$(call heading,"demo: megami roll --seed 7 '2D6+1>=8' '3D6+2'")
	./$(BUILD_DIR)/megami roll --seed 7 '2D6+1>=8' '3D6+2'
	$(call heading,"demo: megami fight examples/megami/duel.yaml (seed 0)")
	./$(BUILD_DIR)/megami fight examples/megami/duel.yaml
	$(call heading,"demo: manastorm playtest examples/manastorm/table.yaml --runs 2000")
	./$(BUILD_DIR)/manastorm playtest examples/manastorm/table.yaml --runs 2000

# the test packages are checked first, before the build
test: deps build
	$(call heading,"tests: $(BUILD_DIR)")
	$(CTEST) --test-dir $(BUILD_DIR) --output-on-failure -j2

asan: deps
	$(call heading,"build: $(ASAN_DIR) (Debug + AddressSanitizer + UndefinedBehaviorSanitizer)")
	$(CMAKE) -S . -B $(ASAN_DIR) $(WERROR) -DCMAKE_BUILD_TYPE=Debug -DAMARYLLIS_SANITIZE=ON
	$(CMAKE) --build $(ASAN_DIR) -j$(JOBS)
	$(call heading,"tests: $(ASAN_DIR) (sanitized)")
	$(CTEST) --test-dir $(ASAN_DIR) --output-on-failure -j2

# ThreadSanitizer on the threaded paths: the league, util's series runner,
# Monte Carlo, playtest and optimizer tests, the web server's thread pool,
# its API workers and its reaper (slow clients, a locked hill).
tsan: deps
	$(call heading,"build: $(TSAN_DIR) (ThreadSanitizer)")
	$(CMAKE) -S . -B $(TSAN_DIR) $(WERROR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAMARYLLIS_TSAN=ON
	$(CMAKE) --build $(TSAN_DIR) -j$(JOBS) --target amaryllis_test_league util_test_series amaryllis megami_test_montecarlo manastorm_test_playtest optimize_test_optimize
	$(call heading,"tests: $(TSAN_DIR) (league, threads)")
	$(CTEST) --test-dir $(TSAN_DIR) --output-on-failure -j2 -R 'amaryllis/test_league|util/test_series|golden/league|megami/test_montecarlo|manastorm/test_playtest|optimize/test_optimize|golden/optimize_jobs|web/hostile|web/load|web/slowloris|web/busy_hill|web/rate|web/workers'

# The league, megami fight --runs, manastorm playtest and sweep over MPI
# (OpenMPI, loopback) must equal the single process.
mpi: deps-mpi
	$(call heading,"build: $(MPI_DIR) (-DAMARYLLIS_MPI=ON)")
	$(CMAKE) -S . -B $(MPI_DIR) $(WERROR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAMARYLLIS_MPI=ON
	$(CMAKE) --build $(MPI_DIR) -j$(JOBS) --target amaryllis megami manastorm
	$(call heading,"tests: $(MPI_DIR) (mpirun -n 1, 2, 3, 4)")
	$(CTEST) --test-dir $(MPI_DIR) --output-on-failure -L mpi

# The Debian package (docs/BUILDING.md, "For packagers"): one package, Depends from
# dpkg-shlibdeps; checked without installing it (extracted, run, man -l, hardened).
# Built with Debian's hardening flags as debhelper passes them: CMake reads no
# CPPFLAGS, so dpkg-buildflags' CPPFLAGS (-D_FORTIFY_SOURCE=2) go into the
# C flags with its CFLAGS (-fstack-protector-strong, -Werror=format-security);
# given as -D, not as environment variables, so that they also reach a
# build-deb/ configured before (CMake reads CFLAGS and LDFLAGS only into a
# new cache).
deb: deps-deb
	$(call heading,"build: $(DEB_DIR) (RelWithDebInfo, prefix /usr, dpkg-buildflags) and its .deb")
	$(CMAKE) -S . -B $(DEB_DIR) $(WERROR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAMARYLLIS_DEB=ON \
		-DCMAKE_INSTALL_PREFIX=/usr -DBUILD_TESTING=OFF \
		-DCMAKE_C_FLAGS="$$(dpkg-buildflags --get CFLAGS) $$(dpkg-buildflags --get CPPFLAGS)" \
		-DCMAKE_EXE_LINKER_FLAGS="$$(dpkg-buildflags --get LDFLAGS)" \
		-DCMAKE_SHARED_LINKER_FLAGS="$$(dpkg-buildflags --get LDFLAGS)"
	$(CMAKE) --build $(DEB_DIR) -j$(JOBS)
	rm -f $(DEB_DIR)/*.deb
	cd $(DEB_DIR) && cpack -G DEB
	$(call heading,"tests: the package")
	sh tests/install/deb_check.sh $(DEB_DIR)/*.deb "$(CURDIR)"

# Every target (tests, benchmarks, man pages) built by clang, so that a
# warning only clang gives fails make check too: the builds above are gcc's
# but the fuzz one, which builds only the fuzz targets.  Then only the quick
# tests, unit and golden: that clang's code computes what gcc's does.  From
# scratch on 2 shared cores: 54-77 s to build, 27-29 s for the 799 tests.
# The whole suite (browser, tmux, cross-checks: minutes, and the test
# packages) already ran on gcc's build (make test).
clang: deps-clang
	@command -v clang >/dev/null 2>&1 || { echo "make clang: needs clang ($(DEB_PACKAGES_CLANG))"; exit 1; }
	$(call heading,"build: $(CLANG_DIR) (clang, Release, every target)")
	$(CMAKE) -S . -B $(CLANG_DIR) -DCMAKE_C_COMPILER=clang $(WERROR) -DCMAKE_BUILD_TYPE=Release
	$(CMAKE) --build $(CLANG_DIR) -j$(JOBS)
	$(call heading,"tests: $(CLANG_DIR) (unit and golden tests)")
	$(CTEST) --test-dir $(CLANG_DIR) --output-on-failure -j2 -L 'unit|golden'

check: test asan tsan mpi fuzz-smoke deb clang
	$(call heading,"make check: all passed (release, ASan+UBSan, TSan, MPI, fuzz smoke, deb, clang)")

bench: build
	@set -e; found=0; \
	for b in $(BUILD_DIR)/bench/bench_*; do \
		[ -f "$$b" ] && [ -x "$$b" ] || continue; \
		found=1; \
		printf '\n==== bench: %s ====\n' "$${b##*/}"; \
		"$$b"; \
	done; \
	[ $$found = 1 ] || echo "make bench: no benchmarks (bench/bench_*.c)"

# Instructions per fight of each bundled megami scenario and per duel of
# each manastorm one, counted by callgrind (no hardware counter needed):
# the engines alone (bench/callgrind_megami.sh, bench/callgrind.sh), then
# the whole commands fight --runs and playtest (bench/callgrind_series.sh).
.PHONY: bench-callgrind
bench-callgrind: build
	bench/callgrind_megami.sh $(BUILD_DIR)
	TOP=0 BUILD_DIR=$(BUILD_DIR) bench/callgrind.sh bench_manastorm
	bench/callgrind_series.sh $(BUILD_DIR)

# What a user sees on 1 and 2 threads: every bundled scenario through the
# real commands (fights or duels per second, wall speedup, CPU ratio, peak
# RSS; RUNS=10000000 for the memory at 10^7 runs): bench/scaling.sh.
.PHONY: bench-scaling
bench-scaling: build
	bench/scaling.sh $(BUILD_DIR)

# ---- fuzzing: tests/fuzz/fuzz_*.c, seeds in tests/fuzz/corpus/<target>/,
# dictionary tests/fuzz/<target>.dict, else tests/fuzz/amaryllis.dict
# (see tests/fuzz/README.md).
FUZZ_DEB_PACKAGES := $(DEB_PACKAGES_CLANG) libclang-rt-dev
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c))

.PHONY: fuzz-deps fuzz-build fuzz-smoke

# The packages of `deps-build` (the fuzz build configures like `build`;
# the smoke runs need no test tool) plus clang and libFuzzer's runtime.
fuzz-deps:
	$(call check_deps,$(DEB_PACKAGES_BUILD) $(FUZZ_DEB_PACKAGES))

fuzz-build: fuzz-deps
	@command -v clang >/dev/null 2>&1 || { echo "make fuzz: needs clang (and libFuzzer: $(FUZZ_DEB_PACKAGES))"; exit 1; }
	$(call heading,"build: $(FUZZ_DIR) (clang + libFuzzer + ASan/UBSan)")
	$(CMAKE) -S . -B $(FUZZ_DIR) -DCMAKE_C_COMPILER=clang $(WERROR) -DCMAKE_BUILD_TYPE=Debug -DAMARYLLIS_FUZZ=ON
	$(CMAKE) --build $(FUZZ_DIR) -j$(JOBS) --target $(FUZZ_TARGETS)

# Each target for FUZZ_SECONDS from its seeds and the new inputs of earlier
# runs ($(FUZZ_DIR)/corpus/<target>/, where new inputs go); full output in
# $(FUZZ_DIR)/fuzz/<target>.log, crashes in $(FUZZ_DIR)/artifacts/.
fuzz: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do \
		printf '\n==== fuzz: %s for %s s ====\n' $$t $(FUZZ_SECONDS); \
		seeds=tests/fuzz/corpus/$$t; [ -d $$seeds ] || seeds=; \
		dict=tests/fuzz/$$t.dict; [ -f $$dict ] || dict=tests/fuzz/amaryllis.dict; \
		log=$(FUZZ_DIR)/fuzz/$$t.log; \
		if ! $(FUZZ_DIR)/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) \
			-dict=$$dict -print_final_stats=1 \
			-create_missing_dirs=1 -artifact_prefix=$(FUZZ_DIR)/artifacts/$$t- \
			$(FUZZ_DIR)/corpus/$$t $$seeds >$$log 2>&1; then \
			tail -n 40 $$log; echo "make fuzz: $$t found a bug (log: $$log)"; exit 1; \
		fi; \
		grep -E '^#[0-9]+[[:space:]]+DONE' $$log || true; \
		awk -v t=$$t '/^stat::number_of_executed_units:/ {n = $$2} \
			/^stat::average_exec_per_sec:/ {r = $$2} \
			END {printf "%s: %d runs, %d runs/s\n", t, n, r}' $$log; \
	done

# A short deterministic run of each target (seed 1, the seeds, a fixed number
# of inputs): part of `make check`.
fuzz-smoke: fuzz-build
	$(call heading,"tests: $(FUZZ_DIR) (fuzz smoke runs)")
	$(CTEST) --test-dir $(FUZZ_DIR) --output-on-failure -j2 -L fuzz

golden-update: build
	$(call heading,"golden-update: rewriting tests/amaryllis/golden from $(BUILD_DIR)/amaryllis")
	AMARYLLIS_GOLDEN_UPDATE=1 $(CTEST) --test-dir $(BUILD_DIR) -L golden
	@echo "Review before committing:  git diff tests/amaryllis/golden"

clean:
	rm -rf $(BUILD_DIR) $(ASAN_DIR) $(TSAN_DIR) $(MPI_DIR) $(FUZZ_DIR) $(DEB_DIR) $(CLANG_DIR)
