"""The environment of one engine process of a test that starts hundreds
or thousands of them (the cross-checks of tests/megami/reference,
tests/megami/bcdice and tests/manastorm/reference; the hill's corpus and
crash tests, tests/front/amaryllis/hill; tests/output/dev_full.py).

In a sanitizer build (ASAN_OPTIONS set by am_test_env) LeakSanitizer's
scan at a process's exit costs about 44 ms here, as much as the rest of
the process (90 ms with it, 46 ms without, for `megami fight`): a
cross-check of 1,200 processes spent 50 s on it.
Every process still runs under ASan and UBSan; only the processes for
which `check` is true also look for leaks (the callers pick one process of
each scenario, one in ten commands, or each message or case once, so
that each kind of input is checked for leaks).  Without ASAN_OPTIONS (a
release build) the environment is the caller's own.
"""

import os


def env(check, base=None):
    """os.environ (or base), with leak detection off unless `check`."""
    e = dict(os.environ if base is None else base)
    opts = e.get("ASAN_OPTIONS")
    if opts is None or check:
        return e
    kept = [o for o in opts.split(":") if o and not o.startswith("detect_leaks=")]
    e["ASAN_OPTIONS"] = ":".join(kept + ["detect_leaks=0"])
    return e
