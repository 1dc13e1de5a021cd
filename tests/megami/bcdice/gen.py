#!/usr/bin/env python3
"""gen.py - a seeded generator of dice commands for the BCDice cross-check.

    gen.py SEED COUNT  ->  one JSON array [command, dice_seed] per line

Every family of BCDice's common commands megami implements (docs/MEGAMI.md,
"Dice bot"; ruling M8.12) and the SRS command, written as players write them
(lower case, the secret S, comments after a blank), plus near-misses (a
family's spelling one step off) and bad input (random characters).
"""
import json
import random
import sys

R = None


def num(lo=0, hi=12):
    return str(R.randint(lo, hi))


def sides():
    return R.choice(["6", "6", "10", "4", "8", "12", "20", "100", "3", "2", "1",
                     "66", "0", "10000", "10001"])


def times():
    return R.choice(["1", "2", "2", "3", "4", "5", "10", "0", "200", "201", ""])


def cmp():
    return R.choice([">=", ">", "<=", "<", "=", "<>", "!=", "=>", "==", ">>="])


def arith(depth=0):
    """A constant expression of BCDice's Arithmetic."""
    k = R.randint(0, 5 if depth < 2 else 1)
    if k <= 1:
        return num(0, 20)
    if k == 2:
        return "(" + arith(depth + 1) + ")"
    op = R.choice(["+", "-", "*", "/", "/U", "/R", "/F", "/C"])
    if op.startswith("/"):
        return arith(depth + 1) + "/" + num(0, 5) + op[1:]
    return arith(depth + 1) + op + arith(depth + 1)


def dice_term():
    t, s = times(), sides()
    k = R.randint(0, 9)
    if k == 0:
        return "D" + s
    if k == 1:
        return "(" + arith(1) + ")D" + s
    if k == 2:
        return t + "D"
    if k <= 4:
        f = R.choice(["KH", "KL", "DH", "DL", "MAX", "MIN", "KH", "K"])
        n = "" if f in ("MAX", "MIN") or R.random() < 0.2 else num(0, 5)
        return (t or "4") + "D" + (s if R.random() < 0.8 else "") + f + n
    return t + "D" + s


def add_dice():
    terms = [dice_term()]
    for _ in range(R.randint(0, 2)):
        terms.append(R.choice(["+", "-", "*", "/", "+", "-"]) +
                     (dice_term() if R.random() < 0.4 else num(0, 9)))
    e = "".join(terms)
    if R.random() < 0.2:
        e = "(" + e + ")" + R.choice(["*2", "+1", ""])
    if R.random() < 0.4:
        e += cmp() + (num(0, 30) if R.random() < 0.9 else "?")
    return e


def srs():
    e = "2D6"
    if R.random() < 0.5:
        e += R.choice(["+", "-"]) + num(0, 5)
    if R.random() < 0.3:
        e += "@" + num(9, 13)
    if R.random() < 0.2:
        e += "#" + num(1, 4)
    if R.random() < 0.7:
        e += ">=" + num(5, 14)
    if R.random() < 0.2:
        e += R.choice(["[]", "[11]", "[,3]", "[11,3]"])
    if R.random() < 0.15:
        e = R.choice(["(1+1)D6", "(4/2)D", "(3/2u)D6", "(3/2U)D6", "2D"]) + e[3:]
    return e


def pool_num(lo=0, hi=12):
    """A number of a pool: mostly plain, sometimes an Arithmetic term."""
    r = R.random()
    if r < 0.08:
        return "(" + arith(1) + ")"
    if r < 0.1:
        return "(" + num(lo, hi) + "-" + num(lo, hi) + ")"
    return num(lo, hi)


def pool_times():
    return R.choice(["1", "2", "3", "3", "4", "5", "10", "0", "200", "201",
                     "(1+2)", "(0-1)"])


def pool_sides():
    return R.choice(["6", "6", "10", "4", "8", "20", "100", "3", "2", "1",
                     "0", "10000", "10001", "(2*3)"])


def barabara():
    """nBx (MG-DICE-COM-7): runs joined by +, success counting."""
    e = pool_times() + "B" + pool_sides()
    for _ in range(R.choice([0, 0, 1, 2])):
        e += "+" + pool_times() + "B" + pool_sides()
    if R.random() < 0.6:
        e += cmp() + R.choice([num(0, 8), num(0, 8), "-1", "(1+2)", "2*2",
                               "7/2R", "4/0"])
    return e


def reroll_cond():
    op = R.choice(["", "", "", ">=", ">", "<=", "<", "=", "<>", "!=", "=>"])
    return op + pool_num(0, 7)


def reroll():
    """nRx (MG-DICE-COM-8): [threshold], target, @threshold, every
    comparison, thresholds that can never stop (invalid) or loop."""
    e = pool_times() + "R" + R.choice(["6", "10", "6", "1", "0", "2",
                                       "10001", "100"])
    if R.random() < 0.3:
        e += "+" + num(1, 3) + "R" + R.choice(["6", "10"])
    k = R.randint(0, 3)
    if k == 0:
        e += "[" + reroll_cond() + "]"
        if R.random() < 0.6:
            e += cmp() + num(0, 7)
    elif k == 1:
        e += cmp() + num(0, 7)
    elif k == 2:
        if R.random() < 0.5:
            e += cmp() + num(0, 7)
        e += "@" + reroll_cond()
    return e


def upper():
    """nUx (MG-DICE-COM-9): [threshold], modifier, target, @threshold."""
    t = pool_times() if R.random() < 0.95 else R.choice(["9999", "10001"])
    e = t + "U" + R.choice(["6", "10", "6", "1", "0", "10001"])
    if R.random() < 0.3:
        e += "+" + num(1, 3) + "U" + R.choice(["6", "10"])
    at = R.random() < 0.2
    if not at and R.random() < 0.8:
        e += "[" + R.choice([num(0, 7), num(0, 7), "-1", "(3*2)"]) + "]"
    if R.random() < 0.4:
        e += R.choice(["+", "-"]) + num(0, 5)
        if R.random() < 0.3:
            e += R.choice(["+", "-", "*"]) + num(1, 3)
    if R.random() < 0.4:
        e += cmp() + R.choice([num(0, 20), "-2"])
    if at:
        e += "@" + num(0, 7)
    return e


def tally():
    """nTYx / nTZx (MG-DICE-COM-10)."""
    return (pool_times() + "T" + R.choice(["Y", "Z", "Y", "Z", "X", ""]) +
            R.choice(["6", "6", "4", "20", "21", "0", "1", "(2*3)"]))


def version():
    """BCDiceVersion (MG-DICE-COM-11) and its near-misses."""
    return R.choice(["BCDiceVersion", "bcdiceversion", "BCDICEVERSION",
                     "SBCDiceVersion", "BCDiceVersion2", "BCDiceVersio",
                     "BCDiceVersion x", "x2 BCDiceVersion"])


def calc():
    return "C(" + arith() + ")" if R.random() < 0.8 else "C" + arith()


def choice():
    items = R.choice([["a", "b", "c"], ["剣", "槍"], ["x", " y", "z "],
                      ["1-6"], ["a-e"], ["アリア", "オーガ", "ソーマ", "b"]])
    n = R.choice(["", "", "", "2", "0", "5"])
    style = R.randint(0, 2)
    if style == 0:
        return "choice" + n + "[" + ",".join(items) + "]"
    if style == 1:
        return "choice" + n + "(" + ",".join(items) + ")"
    return "choice" + n + " " + " ".join(i.strip() for i in items)


def d66():
    return R.choice(["D66", "D66", "D66A", "D66S", "D66N", "D66D", "1D66",
                     "2D66", "D66+1", "D66X", "D67"])


def repeat():
    inner = R.choice([add_dice, srs, d66, choice, barabara, reroll, upper,
                      tally])()
    kw = R.choice(["x", "rep", "repeat", "X", "REP"])
    return kw + R.choice(["1", "2", "3", "0", "101", "100"]) + " " + inner


def near_miss():
    base = R.choice([add_dice, srs, barabara, reroll, upper, tally, calc,
                     choice, d66])()
    k = R.randint(0, 4)
    i = R.randint(0, len(base))
    if k == 0:
        return base[:i] + base[i + 1:]
    if k == 1:
        return base[:i] + R.choice("+-*/()[]@#?DBRUTYZCKHLSx0123456789<>=, ") + base[i:]
    if k == 2:
        return base + R.choice(["+", "]", ")", "D", "KH", "[", "S"])
    if k == 3:
        return "S" + base
    return base.replace("D", "d", 1)


def bad():
    return "".join(R.choice("0123456789DdBRUTYZCSx+-*/()[]@#?<>=!, .KHLMAXIN")
                   for _ in range(R.randint(1, 10)))


FAMILIES = [(srs, 8), (add_dice, 14), (barabara, 6), (reroll, 6), (upper, 6),
            (tally, 3), (version, 1), (calc, 4), (choice, 4), (d66, 3),
            (repeat, 3), (near_miss, 14), (bad, 6)]


def command():
    f = R.choices([f for f, _ in FAMILIES], [w for _, w in FAMILIES])[0]
    c = f()
    r = R.random()
    if r < 0.1:
        c = "S" + c
    elif r < 0.2:
        c = c.lower()
    elif r < 0.25:
        c += " " + R.choice(["コメント", "# note", "x"])
    return c


def main():
    global R
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    R = random.Random(seed)
    for i in range(count):
        print(json.dumps([command(), seed * 1000003 + i], ensure_ascii=False))


if __name__ == "__main__":
    main()
