#!/usr/bin/env python3
"""Cross-check `manastorm play` against the independent reference duel_ref.py.

Usage:  crosscheck.py MANASTORM_BINARY [--seeds N] [--generated K]
                      [--gen-seed G] [--gen-seeds N2] [--jobs J]
                      [--keep DIR] [--files FILE...]

Scenarios: examples/manastorm/*.yaml and cases/*.yaml here (those whose
participants all play `default` or `greedy`), seeds 0..N-1 (default 20);
K generated scenarios (default 240; generator seed G, default fixed: the
same set on every run), seeds 0..N2-1 each (default 8); and any --files
(seeds 0..N-1).  For each, `MANASTORM_BINARY play FILE --seed S --format
json` is compared with the reference on winner, battles, sides (side,
defeated, damage), participants (name, side, role, hp, mp, outfits),
storms and happenings.  Each mismatch is printed with its file, seed and
field; the last line is `crosscheck: N passed, M failed`; exit status 1
on any failure.  Generated files live in a temporary directory unless
--keep DIR is given.
"""

import concurrent.futures
import glob
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", ".."))
import duel_ref  # noqa: E402
import leaks  # noqa: E402  (tests/leaks.py)

TOP_FIELDS = ("winner", "battles", "storms", "happenings")
SIDE_FIELDS = ("side", "defeated", "damage")
PART_FIELDS = ("name", "side", "role", "hp", "mp", "outfits")


# -- the generator ----------------------------------------------------------

SUIT_SPELL = {"S": ["S", "♠"], "H": ["H", "♥"], "D": ["D", "♦"], "C": ["C", "♣"]}
NUM_SPELL = {1: ["1", "A"], 11: ["11", "J"], 12: ["12", "Q"], 13: ["13", "K"]}


def card_text(rng, s, n):
    return rng.choice(SUIT_SPELL[s]) + rng.choice(NUM_SPELL.get(n, [str(n)]))


def gen_deck(rng):
    """A short deck with repeats: cards from a small pool."""
    pool = [(rng.choice("SHDC"), rng.randint(1, 13)) for _ in range(rng.randint(1, 6))]
    return [card_text(rng, *rng.choice(pool)) for _ in range(rng.randint(1, 12))]


def gen_scenario(rng, idx):
    lines = ["# generated %d" % idx]
    lines.append("battles: %d" % rng.randint(1, 4))
    lines.append("rounds_per_battle: %d" % rng.randint(1, 10))
    lines.append("hand_size: %d" % rng.randint(0, 7))
    lines.append("storm_match: %s" % rng.choice(["number", "card"]))
    lines.append("shuffle: %s" % ("true" if rng.random() < 0.85 else "false"))
    seats = []
    for side in "AB":
        n = rng.randint(1, 3)
        roles = ["warrior"] + [rng.choice(["caster", "warrior"]) for _ in range(n - 1)]
        rng.shuffle(roles)
        seats += [(side, r) for r in roles]
    rng.shuffle(seats)
    lines.append("participants:")
    short_decks = rng.random() < 0.5
    for i, (side, role) in enumerate(seats):
        lines.append("  - name: p%d" % i)
        lines.append("    side: %s" % side)
        lines.append("    role: %s" % role)
        lines.append("    threshold: %d" % rng.randint(0, 13))
        lines.append("    suit: %s" % rng.choice(["S", "H", "D", "C", "none", "♠", "♥", "♦", "♣"]))
        if role == "caster":
            lines.append("    mp: %d" % rng.randint(0, 5))
            lines.append("    outfits: [%s]" % ", ".join(
                str(rng.randint(1, 5)) for _ in range(rng.randint(1, 3))))
        else:
            lines.append("    hp: %d" % rng.randint(1, 12))
        if short_decks and rng.random() < 0.85:
            lines.append("    deck: [%s]" % ", ".join(gen_deck(rng)))
        lines.append("    policy: %s" % rng.choice(["default", "default", "greedy"]))
    return "\n".join(lines) + "\n"


# -- running ------------------------------------------------------------------

def subset(d):
    return {
        **{k: d.get(k) for k in TOP_FIELDS},
        "sides": [{k: s.get(k) for k in SIDE_FIELDS} for s in d.get("sides", [])],
        "participants": [{k: p.get(k) for k in PART_FIELDS}
                         for p in d.get("participants", [])],
    }


def engine(binary, path, seed):
    try:
        # a sanitizer build looks for leaks in seed 0 of each scenario
        p = subprocess.run([binary, "play", path, "--seed", str(seed),
                            "--format", "json"], capture_output=True,
                           env=leaks.env(seed == 0))
    except OSError as e:
        return {"error": "engine: %s" % e}
    if p.returncode != 0:
        return {"error": "exit %d: %s" % (p.returncode,
                                           p.stderr.decode("utf-8", "replace").strip())}
    try:
        return subset(json.loads(p.stdout))
    except ValueError as e:
        return {"error": "engine output is not JSON: %s" % e}


def differences(want, got):
    if "error" in got:
        return [got["error"]]
    j = lambda v: json.dumps(v, ensure_ascii=False)  # noqa: E731
    out = []
    for k in TOP_FIELDS:
        if want[k] != got[k]:
            out.append("%s: reference %s, engine %s" % (k, j(want[k]), j(got[k])))
    for name in ("sides", "participants"):
        fields = SIDE_FIELDS if name == "sides" else PART_FIELDS
        if len(want[name]) != len(got[name]):
            out.append("%s: reference %d, engine %d" % (name, len(want[name]), len(got[name])))
        for w, g in zip(want[name], got[name]):
            label = w["side"] if name == "sides" else w["name"]
            for k in fields:
                if w[k] != g[k]:
                    out.append("%s %s %s: reference %s, engine %s"
                               % (name, label, k, j(w[k]), j(g[k])))
    return out


_scenarios = {}


def check(binary, path, seed):
    sc = _scenarios.get(path)
    if sc is None:
        sc = _scenarios[path] = duel_ref.load_scenario(path)
    try:
        want = duel_ref.play(sc, seed)
    except Exception as e:  # a reference bug must show, not stop the run
        return path, seed, ["reference raised %r" % e]
    return path, seed, differences(want, engine(binary, path, seed))


def main(argv):
    args = argv[1:]
    if not args or args[0].startswith("-"):
        sys.stderr.write(__doc__)
        return 2
    binary = args.pop(0)
    seeds, generated, gen_seed, gen_seeds = 20, 240, 20261130, 8
    jobs = max(2, os.cpu_count() or 2)
    keep = None
    files = []
    while args:
        a = args.pop(0)
        if a == "--seeds":
            seeds = int(args.pop(0))
        elif a == "--generated":
            generated = int(args.pop(0))
        elif a == "--gen-seed":
            gen_seed = int(args.pop(0))
        elif a == "--gen-seeds":
            gen_seeds = int(args.pop(0))
        elif a == "--jobs":
            jobs = int(args.pop(0))
        elif a == "--keep":
            keep = args.pop(0)
        elif a == "--files":
            files += args
            args = []
        else:
            sys.stderr.write(__doc__)
            return 2

    tasks = []
    fixed = sorted(glob.glob(os.path.join(ROOT, "examples", "manastorm", "*.yaml")))
    fixed += sorted(glob.glob(os.path.join(HERE, "cases", "*.yaml")))
    skipped = 0
    for path in fixed + files:
        if duel_ref.uses_random(duel_ref.load_scenario(path)):
            skipped += 1
            continue
        tasks += [(path, s) for s in range(seeds)]

    tmp = keep or tempfile.mkdtemp(prefix="manastorm-crosscheck-")
    os.makedirs(tmp, exist_ok=True)
    rng = random.Random(gen_seed)
    for i in range(generated):
        path = os.path.join(tmp, "gen_%04d.yaml" % i)
        with open(path, "w", encoding="utf-8") as f:
            f.write(gen_scenario(rng, i))
        tasks += [(path, s) for s in range(gen_seeds)]

    passed = failed = 0
    try:
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as ex:
            futs = [ex.submit(check, binary, p, s) for p, s in tasks]
            for fut in futs:
                path, seed, diffs = fut.result()
                if diffs:
                    failed += 1
                    for d in diffs:
                        print("%s seed %d: %s" % (os.path.relpath(path, ROOT)
                                                  if path.startswith(ROOT) else path,
                                                  seed, d))
                else:
                    passed += 1
    finally:
        if keep is None:
            shutil.rmtree(tmp, ignore_errors=True)
    if skipped:
        print("crosscheck: %d scenario(s) skipped (policy random)" % skipped)
    print("crosscheck: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
