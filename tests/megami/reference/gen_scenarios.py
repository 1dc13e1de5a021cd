#!/usr/bin/env python3
"""Random 戦女神TRPG scenarios (M1) for the cross-check, reproducibly.

Usage:  gen_scenarios.py OUTDIR COUNT [GENERATOR_SEED]

Writes OUTDIR/gen_0000.yaml ... with Python's random.Random(GENERATOR_SEED)
(default 20261130), so the same set comes back on every run: 1-4 characters
a side, stats -2..6 (now and then an initiative of -7..-4, whose allowance
max(0, 5 + 行動) is 0 or 1), hp 1..30 (now and then an hp_now, sometimes
<= 0), positions 0..20, armor with random attributes (energy subtypes,
negative values), 0-3 attacks with random kind, check (stat or integer),
damage, attributes, range 0..15, area and timing, finish true/false.
Every fourth scenario is "dense" (positions 0..3, more area attacks and
finish: true) to crowd engagements, area hits on the 戦闘不能 and とどめ.
"""

import os
import random
import sys

import yaml

ATTRS = ["pierce", "impact", "energy", "fire", "ice", "thunder", "light",
         "holy", "dark"]
STATS = ["initiative", "accuracy", "evasion", "resistance"]


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
    outdir, count = argv[1], int(argv[2])
    r = random.Random(int(argv[3]) if len(argv) > 3 else 20261130)
    os.makedirs(outdir, exist_ok=True)
    for k in range(count):
        path = os.path.join(outdir, "gen_%04d.yaml" % k)
        with open(path, "w", encoding="utf-8") as f:
            yaml.safe_dump(scenario(r, k % 4 == 3), f, sort_keys=False, allow_unicode=True,
                           default_flow_style=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
