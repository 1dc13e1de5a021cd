#!/usr/bin/env python3
"""crosscheck.py - `megami roll` against the real BCDice, byte for byte.

    crosscheck.py MEGAMI NODE_MODULES [SEED [COUNT [SYSTEM]]]

gen.py writes COUNT commands (seed SEED); bcdice_eval.js runs each through
BCDice 3.16.1 (npm bcdice 4.9.0, game system SYSTEM: SRS, the default, or
DiceBot) with dice from a seeded generator and records the dice it rolled;
then `megami roll --system SYSTEM --dice <those dice> -- COMMAND` must
print BCDice's text exactly (ruling M8.12, docs/MEGAMI.md "Dice bot",
MG-DICE-SYS-1).  Every command falls in one class:

  same          both accept, the same text
  both-refuse   BCDice answers nothing (or fails), megami reports an error
  deliberate    a documented difference (docs/MEGAMI.md, "Differences from
                BCDice"): the class is named in DELIBERATE below
  DIFFERENT     both accept, different text               -> failure
  MEGAMI-ONLY   megami accepts what BCDice refuses         -> failure
  BCDICE-ONLY   BCDice accepts what megami refuses         -> failure

Prints the figures and the first differences; exit 1 if any failure.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(HERE, "..", ".."))
import leaks  # noqa: E402  (tests/leaks.py)


def deliberate(cmd, bc, mg_ok, mg_out, mg_err):
    """The documented class of a difference, or None."""
    text = bc[1]
    # -0 and numbers past 2^53: BCDice-JS prints floats, megami exact integers
    if text is not None and mg_ok and re.search(r"-0\.0|\d\.\d|e\+", text):
        return "float (BCDice-JS prints a float, megami the exact integer)"
    # BCDice crashes or runs out of random numbers (TooManyRandsError)
    if len(bc) > 4 and not mg_ok:
        return "BCDice fails with an exception, megami reports an error"
    # BCDice-JS's StringScanner loses an item after a run of blanks in
    # `choice a  b c`; megami follows BCDice (Ruby): every item
    if re.match(r"(?i)s?choice\d*\s.*\s\s", cmd) and mg_ok:
        return "choice with a run of blanks (a BCDice-JS bug)"
    if text is not None and not mg_ok and ("1000個まで" in mg_err
                                            or "1000 dice" in mg_err):
        return "megami's limit of 1000 dice per expression"
    if text is not None and not mg_ok and ("100000個まで" in mg_err
                                            or "100000 dice" in mg_err):
        return "megami's limit of 100000 dice shown (nRx, nUx of dice that never roll)"
    return None


def cut(x, n=160):
    r = repr(x)
    return r if len(r) <= n else r[:n] + f"... ({len(r)} chars)"


def main():
    megami, modules = sys.argv[1], sys.argv[2]
    seed = sys.argv[3] if len(sys.argv) > 3 else "1"
    count = sys.argv[4] if len(sys.argv) > 4 else "3000"
    system = sys.argv[5] if len(sys.argv) > 5 else "SRS"
    cmds = subprocess.run([sys.executable, os.path.join(HERE, "gen.py"),
                           seed, count], check=True, capture_output=True,
                          text=True).stdout
    res = subprocess.run(["node", os.path.join(HERE, "bcdice_eval.js"),
                          modules, system], input=cmds, check=True,
                         capture_output=True, text=True).stdout
    counts, shown, fails = {}, {}, 0
    for i, line in enumerate(res.splitlines()):
        bc = json.loads(line)
        cmd, text, rands = bc[0], bc[1], bc[3]
        dice = ["--dice", ",".join(str(v) for v, _ in rands)] if rands \
            else ["--seed", "0"]
        # through `roll -` (one line of standard input): a command may be
        # "-" or start with "-"; a sanitizer build looks for leaks in one
        # command in ten
        p = subprocess.run([megami, "roll", "--system", system] + dice + ["-"],
                           input=cmd + "\n",
                           capture_output=True, text=True,
                           env=leaks.env(i % 10 == 0,
                                         dict(os.environ, LC_ALL="C.UTF-8")))
        mg_ok = p.returncode == 0
        mg_out = p.stdout[:-1] if p.stdout.endswith("\n") else p.stdout
        if text is not None and mg_ok and mg_out == text:
            cls = "same"
        elif text is None and not mg_ok:
            cls = "both-refuse"
        else:
            d = deliberate(cmd, bc, mg_ok, mg_out, p.stderr)
            if d:
                cls = "deliberate: " + d
            elif text is not None and mg_ok:
                cls = "DIFFERENT"
            elif text is None:
                cls = "MEGAMI-ONLY"
            else:
                cls = "BCDICE-ONLY"
        counts[cls] = counts.get(cls, 0) + 1
        if cls.isupper() or cls in ("DIFFERENT", "MEGAMI-ONLY", "BCDICE-ONLY"):
            fails += 1
            shown.setdefault(cls, [])
            if len(shown[cls]) < 15:
                shown[cls].append((cmd, text, mg_out if mg_ok else
                                   p.stderr.strip().splitlines()[:1]))
    total = sum(counts.values())
    both = counts.get("same", 0) + counts.get("DIFFERENT", 0) + sum(
        v for k, v in counts.items() if k.startswith("deliberate: float"))
    print(f"bcdice crosscheck: {total} commands (gen.py seed {seed}, "
          f"{system}), both accept {both}")
    for k in sorted(counts):
        print(f"  {counts[k]:6d}  {k}")
    for cls, rows in shown.items():
        print(f"-- {cls} (first {len(rows)}):")
        for cmd, text, mg in rows:
            print(f"   {cmd!r}\n     BCDice: {cut(text)}\n     megami: {cut(mg)}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
