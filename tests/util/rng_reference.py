#!/usr/bin/env python3
"""Reference outputs of the seeded generator `xoshiro256ss-1`.

Written straight from docs/RANDOM.md with Python's
arbitrary-precision integers (every step masked to 64 bits by hand), so it
shares no code and no fixed-width arithmetic with src/util/rng.c.  The
numbers pinned in tests/util/test_rng.c were printed by this script:

    python3 tests/util/rng_reference.py

Each line is `name: values`; the test's comments quote them.
"""

M64 = (1 << 64) - 1


def splitmix64(x):
    """Yield the splitmix64 outputs started at x (docs/RANDOM.md, Seed)."""
    while True:
        x = (x + 0x9E3779B97F4A7C15) & M64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        yield z ^ (z >> 31)


def rotl(v, k):
    return ((v << k) | (v >> (64 - k))) & M64


class Xoshiro256ss:
    def __init__(self, seed):
        assert 0 <= seed <= M64
        g = splitmix64(seed)
        self.s = [next(g) for _ in range(4)]

    def next(self):
        s = self.s
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def uniform(self, n):
        """The high 64 bits of next() * n, for 1 <= n <= 2**32."""
        assert 1 <= n <= 1 << 32
        return (self.next() * n) >> 64

    def die(self, sides):
        return 1 + self.uniform(sides)

    def shuffle(self, items):
        """In place; index 0 is the top of the list."""
        for i in range(len(items) - 1, 0, -1):
            j = self.uniform(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def series_seed(seed, i):
    """The seed of run i of a series with seed S (docs/RANDOM.md, Series)."""
    return (seed + i) & M64


def state_s1_for_next(x):
    """An s[1] for which next() returns x (next() reads only s[1]):
    invert x = rotl(s1 * 5, 7) * 9 with the inverses of 9 and 5 mod 2^64."""
    inv9, inv5 = pow(9, -1, 1 << 64), pow(5, -1, 1 << 64)
    y = (x * inv9) & M64
    return (rotr(y, 7) * inv5) & M64


def rotr(v, k):
    return ((v >> k) | (v << (64 - k))) & M64


# Outputs x whose product with n needs the carry from the low 32 bits of x
# (x * n >> 64 differs from ((x >> 32) * n) >> 32): found by search, they
# check a 64x64->128 multiplication that drops that carry.
CARRY_CASES = [
    (0x94F26295A0330AE3, (1 << 32) - 1),
    (0x47157DADEE16B703, 3000000019),
    (0x2AAAAAAAFFFFFFFF, 6),
]

SEEDS = [0, 1, M64]


def main():
    for seed in SEEDS:
        r = Xoshiro256ss(seed)
        print(f"seed {seed} state: " + " ".join(f"0x{w:016x}" for w in r.s))
        print(f"seed {seed} next x5: " +
              " ".join(f"0x{r.next():016x}" for _ in range(5)))
        # Dice from a fresh generator: d6 x3, d10 x3, d100 x3, d2^32 x3.
        r = Xoshiro256ss(seed)
        dice = []
        for sides in (6, 6, 6, 10, 10, 10, 100, 100, 100,
                      1 << 32, 1 << 32, 1 << 32):
            dice.append(r.die(sides))
        print(f"seed {seed} dice d6 d6 d6 d10 d10 d10 d100 d100 d100 "
              f"d2^32 d2^32 d2^32: " + " ".join(str(d) for d in dice))
        # uniform(1) is always 0 and still consumes one next().
        r = Xoshiro256ss(seed)
        u1 = r.uniform(1)
        print(f"seed {seed} uniform(1) then next: {u1} 0x{r.next():016x}")
        # Shuffle of [0, 1, ..., 9] from a fresh generator.
        r = Xoshiro256ss(seed)
        print(f"seed {seed} shuffle 0..9: " +
              " ".join(str(v) for v in r.shuffle(list(range(10)))))
    # The series rule at the wrap: S = 2^64 - 2, runs 0..3.
    s = M64 - 1
    print(f"series seed {s}: " +
          " ".join(str(series_seed(s, i)) for i in range(4)))
    r = Xoshiro256ss(series_seed(s, 2))
    print(f"series seed {s} run 2 first next: 0x{r.next():016x}")
    for x, n in CARRY_CASES:
        s1 = state_s1_for_next(x)
        r = Xoshiro256ss(0)
        r.s = [0, s1, 0, 0]
        got = r.next()
        assert got == x
        print(f"carry case: s[1] = 0x{s1:016x} gives next() 0x{x:016x}; "
              f"uniform({n}) = {(x * n) >> 64} "
              f"(without the carry: {((x >> 32) * n) >> 32})")


if __name__ == "__main__":
    main()
