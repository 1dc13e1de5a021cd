"""units.py - seeded legal and illegal unit sheets for the hill's load tests.

Every legal sheet keeps AM-UNIT-1, AM-UNIT-2, AM-UNIT-3, AM-UNIT-4 by
construction: ＨＰ (a multiple of 5), 攻撃力, 防御力, 素早さ bought with at
most 9 of the 10 bonus points, so
技術 = 10 − (ＨＰ÷5 + 攻撃力 + 防御力 + 素早さ) ≥ 1, and the actions set
cost exactly 技術 in all (each action of the menu has its cost from the
table of docs/AMARYLLIS.md §2).  No ビルド, single units: AM-SYM-1 makes every
battle independent of which side is which, so a round robin's results do
not depend on the order in which units entered.  The scripts still run
`amaryllis check` on what they make.
"""
import random

# (name, cost, class) — costs from docs/AMARYLLIS.md §2 (the AM-CLASS rules).
MENU = [
    ("突き", 1, "直接攻撃"),            # AM-CLASS-1, base 1
    ("貫き", 3, "防御無視攻撃"),        # AM-CLASS-2, base 3
    ("気合", 1, "攻撃力＋１"),          # AM-CLASS-4, N = 1
    ("構え", 1, "防御力＋１"),          # AM-CLASS-5, N = 1
    ("守り", 1, "ガード与え"),          # AM-CLASS-7, 1
    # AM-COST-1: ⌈1 × 2² ÷ 2⌉ = 2
    ("溜め撃ち", 2, "直接攻撃＜遅延起動２＞＜効果２倍＞"),
]


def legal(rng, name):
    """One legal unit named `name`: returns the sheet text."""
    while True:
        hp5 = rng.randint(1, 4)
        atk = rng.randint(0, 3)
        dfn = rng.randint(0, 2)
        spd = rng.randint(0, 3)
        tech = 10 - (hp5 + atk + dfn + spd)
        if tech >= 1:
            break
    chosen = []
    left = tech
    while left > 0:
        opts = [a for a in MENU if a[1] <= left]
        a = rng.choice(opts)
        chosen.append(a)
        left -= a[1]
    defined = {a[0]: a for a in chosen}
    text = "%s：%d／%d／%d／%d／%s\n" % (name, hp5 * 5, atk, dfn, spd,
                                       "、".join(a[0] for a in chosen))
    for a_name in sorted(defined):
        _, cost, cls = defined[a_name]
        text += "・%s（%d）：%s\n" % (a_name, cost, cls)
    return text


def illegal(rng, name):
    """One illegal sheet (each kind breaks one of the AM-UNIT rules)."""
    kind = rng.randrange(3)
    if kind == 0:   # AM-UNIT-1: 20/5 + 5 + 1 + 2 = 12 bonus points
        return "%s：２０／５／１／２／突き\n・突き（１）：直接攻撃\n" % name
    if kind == 1:   # AM-UNIT-3: 蹴り is never defined
        return "%s：１０／１／１／２／突き、蹴り\n・突き：直接攻撃\n" % name
    # AM-COST-1: declared 2, computed 1
    return "%s：１０／１／１／２／突き\n・突き（２）：直接攻撃\n" % name


def rng_for(seed):
    return random.Random(seed)
