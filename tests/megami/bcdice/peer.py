#!/usr/bin/env python3
"""peer.py - BCDice's own test suite, run against `megami roll`.

    peer.py MEGAMI NODE_MODULES

The npm package bcdice 4.9.0 ships BCDice's test data
(lib/bcdice/test_data.json: test/data/*.toml of BCDice 3.16.1, the cases
its own `game_system_commands.test.ts` runs).  Every case whose game system
is SRS or DiceBot (the two megami serves: MG-DICE-SYS-1) is played here as
BCDice's harness plays it, with the case's dice in order:

    megami roll --system SYSTEM --format json --dice V1,V2,... -- INPUT

and must give what the case expects:
  - the text, byte for byte; an empty expected output means BCDice answers
    nothing, so megami must refuse the command (exit 1, a message);
  - the flags secret, success, failure, critical and fumble;
  - the dice it rolled (sides and value, in order): the start of the case's
    list.  BCDice's harness lets a case list a die that is never rolled
    (calc's `c((1+2)/2F) 切り捨て` lists one), so a shorter list is no
    failure, but a die of other sides is.

Prints the figures and every failure; exit 1 if any.
"""
import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", ".."))
import leaks  # noqa: E402  (tests/leaks.py)

SYSTEMS = ("SRS", "DiceBot")
FLAGS = ("secret", "success", "failure", "critical", "fumble")


def play(megami, case, check_leaks):
    """What megami makes of one case: a list of failures (empty: passed);
    a sanitizer build looks for leaks only when check_leaks."""
    values = [r["value"] for r in case["rands"]]
    cmd = [megami, "roll", "--system", case["game_system"], "--format", "json"]
    if values:
        cmd += ["--dice", ",".join(str(v) for v in values)]
    cmd += ["--", case["input"]]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=60,
                       env=leaks.env(check_leaks))
    expected = case["output"]
    lines = p.stdout.splitlines()
    if p.returncode not in (0, 1) or len(lines) != 1:
        return ["exit status %d, %d lines of output, stderr %r" %
                (p.returncode, len(lines), p.stderr[:200])]
    got = json.loads(lines[0])
    # a refusal: {"ok":false,...}, status 1 and a message on stderr
    refused = p.returncode == 1 and got.get("ok") is False and p.stderr.strip()
    if not expected:
        if not refused:
            return ["BCDice answers nothing; megami printed %r" % p.stdout[:200]]
        return []
    if refused or p.returncode != 0:
        return ["refused: %r" % p.stderr.strip()[:200]]
    fails = []
    if not got.get("ok") or got.get("text") != expected:
        fails.append("text %r" % got.get("text"))
    for f in FLAGS:
        if bool(got.get(f)) != bool(case.get(f, False)):
            fails.append("%s %s" % (f, got.get(f)))
    used = [(r["sides"], r["value"]) for r in got.get("rands", [])]
    listed = [(r["sides"], r["value"]) for r in case["rands"]]
    if used != listed[:len(used)]:
        fails.append("dice (sides, value) %s, the case's %s" % (used, listed))
    return fails


def main():
    if len(sys.argv) != 3:
        print("usage: peer.py MEGAMI NODE_MODULES", file=sys.stderr)
        return 2
    megami, modules = sys.argv[1:]
    path = os.path.join(modules, "bcdice", "lib", "bcdice", "test_data.json")
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    counts = {s: 0 for s in SYSTEMS}
    failed = 0
    for name in sorted(data):
        for case in data[name]["test"]:
            if case["game_system"] not in SYSTEMS:
                continue
            counts[case["game_system"]] += 1
            # one case in ten looks for leaks (tests/leaks.py)
            fails = play(megami, case, sum(counts.values()) % 10 == 1)
            if fails:
                failed += 1
                print("FAIL %s (%s) %r: expected %r: %s" %
                      (name, case["game_system"], case["input"],
                       case["output"], "; ".join(fails)))
    total = sum(counts.values())
    print("BCDice's test data (%s): %d cases (%s), %d passed, %d failed" %
          (path, total, ", ".join("%s %d" % kv for kv in counts.items()),
           total - failed, failed))
    # the suite is there: a package without it (or with its cases moved)
    # must not pass as an empty run
    if counts["SRS"] < 50 or counts["DiceBot"] < 200:
        print("too few cases: is this bcdice 4.9.0's test_data.json?")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
