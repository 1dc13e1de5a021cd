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


def barabara():
    e = (times() or "3") + "B" + sides()
    for _ in range(R.randint(0, 1)):
        e += "+" + (times() or "2") + "B" + sides()
    if R.random() < 0.6:
        e += cmp() + num(0, 8)
    return e


def reroll():
    e = (times() or "3") + "R" + R.choice(["6", "10", "6", "1", "0"])
    if R.random() < 0.3:
        e += "+" + num(1, 3) + "R" + R.choice(["6", "10"])
    if R.random() < 0.6:
        e += "[" + num(0, 7) + "]"
    if R.random() < 0.7:
        e += cmp() + num(0, 7)
    return e


def upper():
    e = (times() or "3") + "U" + R.choice(["6", "10", "6", "1"])
    if R.random() < 0.3:
        e += "+" + num(1, 3) + "U" + R.choice(["6", "10"])
    if R.random() < 0.8:
        e += "[" + num(0, 7) + "]"
    if R.random() < 0.3:
        e += R.choice(["+", "-"]) + num(1, 5)
    if R.random() < 0.4:
        e += cmp() + num(0, 20)
    return e


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
    inner = R.choice([add_dice, srs, d66, choice, barabara])()
    kw = R.choice(["x", "rep", "repeat", "X", "REP"])
    return kw + R.choice(["1", "2", "3", "0", "101", "100"]) + " " + inner


def near_miss():
    base = R.choice([add_dice, srs, barabara, reroll, upper, calc, choice,
                     d66])()
    k = R.randint(0, 4)
    i = R.randint(0, len(base))
    if k == 0:
        return base[:i] + base[i + 1:]
    if k == 1:
        return base[:i] + R.choice("+-*/()[]@#?DBRUCKHLSx0123456789<>=, ") + base[i:]
    if k == 2:
        return base + R.choice(["+", "]", ")", "D", "KH", "[", "S"])
    if k == 3:
        return "S" + base
    return base.replace("D", "d", 1)


def bad():
    return "".join(R.choice("0123456789DdBRUCSx+-*/()[]@#?<>=!, .KHLMAXIN")
                   for _ in range(R.randint(1, 10)))


FAMILIES = [(srs, 8), (add_dice, 14), (barabara, 6), (reroll, 5), (upper, 5),
            (calc, 4), (choice, 4), (d66, 3), (repeat, 3), (near_miss, 14),
            (bad, 6)]


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
