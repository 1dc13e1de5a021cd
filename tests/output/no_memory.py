#!/usr/bin/env python3
"""no_memory.py - out of memory anywhere in a command is said, never a
wrong answer (docs/TESTING.md, "The whole process").

    python3 tests/output/no_memory.py FAIL_MALLOC.so AMARYLLIS MEGAMI \\
        MANASTORM SRCDIR [CASE-SUBSTRING]

Each case is a command of the three tools on a bundled example.  It runs
once as it is, then once for each allocation N it makes (or every 4th in
the middle of a long run: EDGE, STRIDE below), with the Nth failing
(AM_FAIL_AT=N, tests/output/fail_malloc.c preloaded: every allocation of
the process, the shared libraries' and glibc's own included).  Each such
run must either
  - give what the run without failures gives (status, stdout, stderr:
    the failure was done without, as a stdio buffer is; a diagnostic may
    lose its source excerpt, never its message), or
  - exit 1 (a usage error: 2) and say so on stderr, in the run's
    language: "メモリが足りません" or glibc's "メモリを確保できません"
    (ja), "out of memory" or "Cannot allocate memory" (en), and no text
    of the other language for it.
    Its stdout is then the start of the full one, cut at a line (a text
    log may end with its error line, amaryllis's with the mark after the
    action it stopped in; megami track's transcript with its stop and
    the save prompt), or a JSON document whose "error" (roll: "reason")
    is "out of memory".
No run may die of a signal, exit with another status, or leave the
report out.

Exit status: 0 all passed, 1 a failure (the first few of each case
printed), 2 usage.
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

OOM = {"ja": ("メモリが足りません", "メモリを確保できません"),
       "en": ("out of memory", "Cannot allocate memory")}
# what amaryllis's text log puts after the action it stopped in
STOPPED = {"ja": "　⇒ここで中断\n".encode(), "en": b" => stopped here\n"}
# what megami track says when a session stops (then it offers to save)
TRACK_STOP = {"ja": "（戦闘の途中でやめました）\n".encode(),
              "en": b"(stopped before the end of the combat)\n"}


def cases(tools):
    """(lang, argv[, stdin]): each command in Japanese, the default; in
    English the commands whose messages take paths of their own (a
    sheet's, a scenario's, a roll's, a league's, the tracker's), not the
    ones that only repeat them; each JSON one in Japanese only (its
    document is the same in both languages)."""
    ex = "examples"
    g, n = ex + "/grisk.txt", ex + "/nut.txt"
    duel = ex + "/megami/duel.yaml"
    m1 = ex + "/megami/m1_example.yaml"
    table = ex + "/manastorm/table.yaml"
    replay = "tests/megami/golden/replay_duel_seed3.replay"
    A, M, S = tools["amaryllis"], tools["megami"], tools["manastorm"]
    # every default taken, every die rolled by Enter; no replay saved (the
    # last Enter at the prompt that asks where)
    enters = b"\n" * 400
    out = []
    for lang in ("ja", "en"):
        L = ["--lang", lang]
        out += [
            (lang, [A, "check"] + L + [g]),
            (lang, [A, "battle"] + L + [g, n]),
            (lang, [M, "fight", "--seed", "1"] + L + [duel]),
            # one EXPR a case: after one that fails the next go on, from
            # the dice the failed one did not take (as after a bad one)
            (lang, [M, "roll", "--seed", "0"] + L + ["2D6+1>=8"]),
            (lang, [M, "roll", "--seed", "0"] + L + ["SR10"]),
            (lang, [S, "play"] + L + [table]),
            (lang, [M, "track", "--seed", "1"] + L + [m1], enters),
            # a usage error: its message, or that there is no memory for
            # it (not an empty one: ut_cli_vusage_error)
            # (--lang after the bad option: the first pass must see it)
            (lang, [S, "play", "--no-such-option"] + L + [table]),
        ]
    L = ["--lang", "ja"]
    out += [
        ("ja", [M, "check"] + L + [duel]),
        ("ja", [M, "fight", "--runs", "20", "--jobs", "2"] + L + [duel]),
        ("ja", [M, "fight", "--replay", replay] + L),
        ("ja", [S, "check"] + L + [table]),
        ("ja", [S, "playtest", "--runs", "20"] + L + [table]),
        ("ja", [S, "sweep", "--runs", "5", "--vary", "battles=1..2"] + L
         + [table]),
        ("ja", [A, "league"] + L + [ex]),
        ("ja", [A, "optimize", "--evals", "20", "--jobs", "1", "--field",
                g, "--field", n] + L),
        ("ja", [A, "battle", "--token"] + L + [g, n]),
    ]
    # (the shortest fight and duel of the examples: jansson allocates for
    # every event, 764 and 1,051 allocations against duel.yaml's 2,525)
    J = ["--format", "json"]
    out += [
        ("ja", [A, "check"] + J + [g]),
        ("ja", [A, "battle"] + J + [g, n]),
        ("ja", [M, "fight", "--seed", "1"] + J + [m1]),
        ("ja", [M, "fight", "--runs", "20"] + J + [duel]),
        ("ja", [M, "roll", "--seed", "0"] + J + ["2D6+1>=8"]),
        ("ja", [S, "play"] + J + [ex + "/manastorm/fixed_decks.yaml"]),
        ("ja", [S, "playtest", "--runs", "20"] + J + [table]),
    ]
    return out


def run(shim, argv, cwd, tmp, k, stdin=None):
    rep = os.path.join(tmp, "report.%d" % k)
    env = dict(os.environ, LD_PRELOAD=shim, AM_FAIL_REPORT=rep)
    if k:
        env["AM_FAIL_AT"] = str(k)
    else:
        env.pop("AM_FAIL_AT", None)
    p = subprocess.run(argv, capture_output=True, cwd=cwd, env=env,
                       input=stdin if stdin is not None else b"",
                       timeout=120)
    try:
        with open(rep) as f:
            count, failed = (int(x) for x in f.read().split())
        os.unlink(rep)
    except (OSError, ValueError):
        count, failed = None, None
    return p, count, failed


def excerptless(err):
    """stderr without the source excerpts under its diagnostics (the line
    and its caret, each beginning with a blank: ut_cli_show_context)."""
    return b"".join(l for l in err.splitlines(True) if not l.startswith(b" "))


def judge(base, p, failed, lang):
    """None if run p (with an allocation failed or not) is right."""
    if failed is None:
        return "no report (status %d)" % p.returncode
    same = (p.returncode == base.returncode and p.stdout == base.stdout and
            p.stderr == base.stderr)
    if same:
        return None
    if not failed:
        return "no allocation failed, yet not the run without failures"
    if (p.returncode == base.returncode and p.stdout == base.stdout and
            excerptless(p.stderr) == excerptless(base.stderr)):
        return None  # the same diagnostics, only an excerpt left out
    err = p.stderr.decode("utf-8", "replace")
    other = "en" if lang == "ja" else "ja"
    # 1, or a usage error's 2 (still one, said for want of memory)
    if p.returncode not in (1, base.returncode):
        return "status %d: %r" % (p.returncode, err[-300:])
    if not any(m in err for m in OOM[lang]):
        return "status %d without saying out of memory: %r" % (
            p.returncode, err[-300:])
    if any(m in err for m in OOM[other]):
        return "out of memory in the other language: %r" % err[-300:]
    out = p.stdout
    # the tracker's transcript up to where the session stopped
    if TRACK_STOP[lang] in out and TRACK_STOP[lang] not in base.stdout:
        out = out[:out.index(TRACK_STOP[lang])]
        return None if base.stdout.startswith(out) else (
            "the transcript before the stop is not the full one's: %r"
            % out[-200:])
    # the log's own error line ("エラー：メモリが足りません") may end it
    last = out[:-1].rfind(b"\n") + 1
    if any(m.encode() in out[last:] for m in OOM[lang]):
        out = out[:last]
    if base.stdout.startswith(out) and (not out or out.endswith(b"\n")):
        return None
    if (out.endswith(STOPPED[lang]) and
            base.stdout.startswith(out[:-len(STOPPED[lang])])):
        return None
    try:
        doc = json.loads(p.stdout)
        # megami's log of a fight stopped; roll's answer to the EXPR
        if isinstance(doc, dict) and "out of memory" in (
                doc.get("error"), doc.get("reason")):
            return None
    except ValueError:
        pass
    return "stdout is not the start of the full one: %r" % p.stdout[-200:]


# Each of the first and the last EDGE allocations of a run fails in turn
# (reading, setting up, the end and the output), and every STRIDE-th of
# those between: the events of a fight or a duel allocate alike, event
# after event (every one of them failing made the test 2 minutes of 2
# cores, twice what it takes so).
EDGE, STRIDE = 150, 4


def chosen(total):
    """The allocations of a run of `total` to fail, in order."""
    return [k for k in range(1, total + 1)
            if k <= EDGE or k > total - EDGE or (k - EDGE) % STRIDE == 0]


def sweep(shim, lang, argv, stdin, cwd, tmp, ex, pick=chosen):
    """The run without failures, then one with each allocation of
    pick(total) failing, each judged against it."""
    base, total, _ = run(shim, argv, cwd, tmp, 0, stdin)
    if total is None:
        return ["no report from the run without failures"], 0, 0
    futs = [(k, ex.submit(run, shim, argv, cwd, tmp, k, stdin))
            for k in pick(total)]
    runs = len(futs)
    bad = []
    for k, f in futs:
        p, _, failed = f.result()
        why = judge(base, p, failed, lang)
        if why:
            bad.append("allocation %d: %s" % (k, why))
    return bad, total, runs


def long_cases(tools):
    """Logs of megabytes, written while the duel goes on (MS-LOG-1): an
    allocation failing midway, after some of it went out (review
    2026-12-06: the JSON was left cut, not one document)."""
    S = tools["manastorm"]
    long = "tests/manastorm/golden/scenarios/limit_5_battles.yaml"
    return [
        ("ja", [S, "play", long]),
        ("ja", [S, "play", "--format", "json", long]),
        ("ja", [S, "play", "--hands", "--format", "json", long]),
    ]


def midway(total):
    """Three allocations in the middle of a run of `total`."""
    return [total // 3, total // 2, 2 * total // 3]


def report(shown, bad, total, n, how):
    """Print a case's outcome; 1 when it failed."""
    if bad:
        print("FAIL %s (%d allocations, %d %s, %d wrong):"
              % (shown, total, n, how, len(bad)))
        for b in bad[:5]:
            print("  " + b)
        return 1
    print("ok   %s (%d allocations, %d %s)" % (shown, total, n, how))
    return 0


def main(argv):
    if len(argv) < 6:
        sys.stderr.write(__doc__)
        return 2
    shim = os.path.abspath(argv[1])
    tools = {"amaryllis": argv[2], "megami": argv[3], "manastorm": argv[4]}
    src, only = argv[5], argv[6] if len(argv) > 6 else None
    failures = 0
    runs = 0
    with tempfile.TemporaryDirectory(prefix="no-memory-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        for case in cases(tools):
            lang, args, stdin = (case + (None,))[:3]
            shown = " ".join([os.path.basename(args[0])] + args[1:])
            if only and only not in shown:
                continue
            bad, total, n = sweep(shim, lang, args, stdin, src, tmp, ex)
            runs += n
            failures += report(shown, bad, total, n, "failed")
        for lang, args in long_cases(tools):
            shown = " ".join([os.path.basename(args[0])] + args[1:])
            if only and only not in shown:
                continue
            bad, total, n = sweep(shim, lang, args, None, src, tmp, ex,
                                  midway)
            runs += n
            failures += report(shown, bad, total, n, "failed midway")
    print("no_memory: %d runs, %d cases failed" % (runs, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
