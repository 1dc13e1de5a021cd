#!/usr/bin/env python3
"""Random 戦女神TRPG scenarios (M1) for the cross-check, reproducibly.

Usage:  gen_scenarios.py OUTDIR COUNT [GENERATOR_SEED] [--enters P]

Writes OUTDIR/gen_0000.yaml ... with Python's random.Random(GENERATOR_SEED)
(default 20261130), so the same set comes back on every run: 1-4 characters
a side, stats -2..6 (now and then an initiative of -7..-4, whose allowance
max(0, 5 + 行動) is 0 or 1), hp 1..30 (now and then an hp_now, sometimes
<= 0), positions 0..20, armor with random attributes (energy subtypes,
negative values), 0-3 attacks with random kind, check (stat or integer),
damage, attributes, range 0..15, area and timing, finish true/false.
Every fourth scenario is "dense" (positions 0..3, more area attacks and
finish: true) to crowd engagements, area hits on the 戦闘不能 and とどめ.

登場判定 (MG-ENTER-1): each character, with probability P (default 0: off,
as before; crosscheck.py makes a second set with 0.3), gets `enters: N`, 2 <= N <= the scenario's
round limit (none when that is 1).  These draws come from a second
generator, random.Random("enters-" + GENERATOR_SEED), after the scenario
is otherwise complete, so the main generator makes exactly the draws it
made before: every other key of every file is as it was, and with
`--enters 0` the files are byte for byte those of the generator without
this feature.
"""

import os
import random
import sys

import yaml

ATTRS = ["pierce", "impact", "energy", "fire", "ice", "thunder", "light",
         "holy", "dark"]
STATS = ["initiative", "accuracy", "evasion", "resistance"]
ENTERS_P = 0.0


def attack(r, i, dense):
    a = {"name": "a%d" % i, "damage": r.randint(-2, 10)}
    if r.random() < 0.6:
        a["kind"] = r.choice(["physical", "magic"])
    roll = r.random()
    if roll < 0.3:
        a["check"] = r.choice(STATS)
    elif roll < 0.5:
        a["check"] = r.randint(-3, 9)
    if r.random() < 0.8:
        a["attributes"] = r.sample(ATTRS, r.randint(0, 3))
    roll = r.random()
    if roll < 0.35:
        a["range"] = 0
    elif roll < 0.9:
        a["range"] = r.randint(0, 15)
    # else: default 0
    if r.random() < (0.8 if dense else 0.4):
        a["area"] = r.choice(["single", "engagement"])
    if r.random() < 0.4:
        a["timing"] = r.choice(["normal", "complex"])
    return a


def character(r, side, i, dense):
    c = {"name": "%s%d" % (side[0], i), "side": side,
         "hp": r.randint(1, 30)}
    if r.random() < 0.15:
        c["hp_now"] = r.randint(-3, c["hp"])
    for s in STATS:
        if r.random() < 0.9:
            c[s] = r.randint(-2, 6)
    if r.random() < 0.08:
        c["initiative"] = r.randint(-7, -4)
    if r.random() < 0.9:
        c["position"] = r.randint(0, 3 if dense else 20)
    if r.random() < 0.8:
        c["armor"] = {k: r.randint(-3, 6)
                      for k in r.sample(ATTRS, r.randint(0, 5))}
    if r.random() < 0.7:
        c["finish"] = r.random() < (0.8 if dense else 0.5)
    n = r.choice([0, 1, 1, 2, 2, 3, 3])
    if n or r.random() < 0.5:
        c["attacks"] = [attack(r, j, dense) for j in range(n)]
    return c


def with_enters(c, n):
    """c with `enters: n` put after position (before armor/finish/attacks),
    where the canonical YAML writes it (MG-SCN-CHR-8)."""
    out = {}
    for k, v in c.items():
        if "enters" not in out and k in ("armor", "finish", "attacks"):
            out["enters"] = n
        out[k] = v
    out.setdefault("enters", n)
    return out


def add_enters(e, doc, p):
    """MG-ENTER-1 reinforcements, from the separate generator e only."""
    limit = doc.get("round_limit", 20)
    chars = []
    for c in doc["characters"]:
        if e.random() < p and limit >= 2:
            c = with_enters(c, e.randint(2, limit))
        chars.append(c)
    doc["characters"] = chars


def scenario(r, dense):
    doc = {}
    if r.random() < 0.5:
        doc["round_limit"] = r.randint(1, 20)
    chars = [character(r, "PC", i + 1, dense) for i in range(r.randint(1, 4))]
    chars += [character(r, "NPC", i + 1, dense) for i in range(r.randint(1, 4))]
    if r.random() < 0.5:
        r.shuffle(chars)
    doc["characters"] = chars
    return doc


def main(argv):
    args = list(argv[1:])
    p = ENTERS_P
    if "--enters" in args:
        i = args.index("--enters")
        p = float(args[i + 1])
        del args[i:i + 2]
    outdir, count = args[0], int(args[1])
    gen_seed = int(args[2]) if len(args) > 2 else 20261130
    r = random.Random(gen_seed)
    e = random.Random("enters-%d" % gen_seed)  # a stream of its own
    os.makedirs(outdir, exist_ok=True)
    for k in range(count):
        path = os.path.join(outdir, "gen_%04d.yaml" % k)
        doc = scenario(r, k % 4 == 3)
        if p > 0:
            add_enters(e, doc, p)
        with open(path, "w", encoding="utf-8") as f:
            yaml.safe_dump(doc, f, sort_keys=False, allow_unicode=True,
                           default_flow_style=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
