#!/usr/bin/env python3
"""Cross-check `megami fight` against the independent reference megami_ref.py.

Usage:  crosscheck.py MEGAMI_BINARY [--seeds N] [--generated K]
                      [--gen-seed G] [--keep DIR] [--files FILE...]

For every scenario of examples/megami/*.yaml, edge/*.yaml and cases/*.yaml
here, the K generated scenarios of
gen_scenarios.py (generator seed G, default fixed: the same set on every
run) and K/4 more with characters entering later (`--enters 0.3`,
MG-ENTER-1), and any
--files, and for every seed 0..N-1, it runs
`MEGAMI_BINARY fight FILE --seed S --format json` and the reference and
compares winner, rounds and each character's name, side, hp and state.
Each mismatch is printed with its file and seed; the last line is
`crosscheck: N passed, M failed`; exit status 1 on any failure.
Generated files live in a temporary directory unless --keep DIR is given.
"""

import concurrent.futures
import glob
import json
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", ".."))
import gen_scenarios  # noqa: E402
import leaks  # noqa: E402  (tests/leaks.py)
import megami_ref  # noqa: E402

SUBSET_KEYS = ("name", "side", "hp", "state")


def engine(binary, path, seed):
    try:
        # a sanitizer build looks for leaks in seed 0 of each scenario
        p = subprocess.run([binary, "fight", path, "--seed", str(seed),
                            "--format", "json"], capture_output=True,
                           env=leaks.env(seed == 0))
    except OSError as e:
        return {"error": "engine: %s" % e}
    if p.returncode != 0:
        return {"error": "exit %d: %s" % (p.returncode,
                                           p.stderr.decode("utf-8", "replace").strip())}
    try:
        d = json.loads(p.stdout)
    except ValueError as e:
        return {"error": "engine output is not JSON: %s" % e}
    return {"winner": d.get("winner"), "rounds": d.get("rounds"),
            "characters": [{k: c.get(k) for k in SUBSET_KEYS}
                           for c in d.get("characters", [])]}


def differences(want, got):
    if "error" in got:
        return [got["error"]]
    out = []
    for k in ("winner", "rounds"):
        if want[k] != got[k]:
            out.append("%s: reference %s, engine %s" % (k, json.dumps(want[k]),
                                                        json.dumps(got[k])))
    if len(want["characters"]) != len(got["characters"]):
        out.append("characters: reference %d, engine %d"
                   % (len(want["characters"]), len(got["characters"])))
    for w, g in zip(want["characters"], got["characters"]):
        for k in SUBSET_KEYS:
            if w[k] != g[k]:
                out.append("%s %s: reference %s, engine %s"
                           % (w["name"], k, json.dumps(w[k], ensure_ascii=False),
                              json.dumps(g[k], ensure_ascii=False)))
    return out


def main(argv):
    args = argv[1:]
    if not args:
        sys.stderr.write(__doc__)
        return 2
    binary = args.pop(0)
    seeds, generated, gen_seed, keep, extra = 20, 400, 20261130, None, []
    edge = sorted(glob.glob(os.path.join(HERE, "edge", "*.yaml")))
    edge += sorted(glob.glob(os.path.join(HERE, "cases", "*.yaml")))
    while args:
        a = args.pop(0)
        if a == "--seeds":
            seeds = int(args.pop(0))
        elif a == "--generated":
            generated = int(args.pop(0))
        elif a == "--gen-seed":
            gen_seed = int(args.pop(0))
        elif a == "--keep":
            keep = args.pop(0)
        elif a == "--files":
            extra, args = args, []
        else:
            sys.stderr.write("crosscheck: unknown argument %s\n" % a)
            return 2
    tmp = None
    gendir = keep
    if gendir is None:
        tmp = tempfile.mkdtemp(prefix="megami-crosscheck-")
        gendir = tmp
    try:
        gen_scenarios.main(["gen_scenarios.py", gendir, str(generated),
                            str(gen_seed)])
        # and a quarter as many with reinforcements (MG-ENTER-1), apart
        enterdir = os.path.join(gendir, "enters")
        os.makedirs(enterdir, exist_ok=True)
        gen_scenarios.main(["gen_scenarios.py", enterdir, str(generated // 4),
                            str(gen_seed), "--enters", "0.3"])
        files = sorted(glob.glob(os.path.join(ROOT, "examples", "megami", "*.yaml")))
        files += sorted(glob.glob(os.path.join(gendir, "gen_*.yaml")))[:generated]
        files += sorted(glob.glob(os.path.join(enterdir, "gen_*.yaml")))[:generated // 4]
        files += edge + extra
        jobs = [(f, s) for f in files for s in range(seeds)]
        passed = failed = 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
            futures = [ex.submit(engine, binary, f, s) for f, s in jobs]
            docs = {}
            for (f, s), fut in zip(jobs, futures):
                if f not in docs:
                    docs[f] = megami_ref.read(f)
                try:
                    want = megami_ref.fight(docs[f], s)
                except Exception as e:  # a scenario the reference cannot play
                    want = None
                    diff = ["reference: %r" % e]
                got = fut.result()
                if want is not None:
                    diff = differences(want, got)
                if diff:
                    failed += 1
                    name = os.path.relpath(f, ROOT) if f.startswith(ROOT) else f
                    print("MISMATCH %s --seed %d: %s" % (name, s, "; ".join(diff)))
                else:
                    passed += 1
        print("crosscheck: %d passed, %d failed" % (passed, failed))
        return 1 if failed or not passed else 0
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
