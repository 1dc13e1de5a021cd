#!/usr/bin/env python3
"""Independent reference of the 戦女神TRPG combat engine (rulings M2-M8).

Written from docs/RULINGS-megami.md, docs/RANDOM.md and the seed
text only, without reading the C engine, to cross-check `megami fight`.
登場判定 (`enters`, 登場ラウンド) follows docs/MEGAMI.md MG-ENTER-1,
MG-ENTER-2, MG-ENTER-3 and MG-SCN-CHR-8.
It plays a scenario with the built-in policy `default` (M6, M8.4-M8.8),
dice from the seeded generator xoshiro256ss-1, and prints the result subset

    {"winner": "PC"|"NPC"|null, "rounds": N,
     "characters": [{"name", "side", "hp", "state"}, ...]}

where state is able/incapacitated/dead, or absent for a character whose
round to enter never came (MG-ENTER-1).

Usage:  megami_ref.py SCENARIO.yaml [--seed S]

It checks only what it needs of M1 (keys in English or Japanese); a file
the engine refuses is not a file to compare.

Readings chosen where the rulings are open (each is marked "READING" below):
  R1  M6.2 "if a 戦闘移動 toward it can bring it within R": judged on the
      distance alone (distance - R <= allowance), not on blockers.  Moot
      under `default`: the goal is the nearest able enemy, so no able enemy
      stands strictly between (M8.8 never blocks); move() checks anyway.
  R2  M6.2/M8.4: when the 全力移動 would be 0 m (allowance 0) it is not made
      and spends no action, so step 3 (とどめ) may still follow, as after a
      戦闘移動.
  R3  とどめ: the HP loss is the real damage max(0, ...) as in M5; a real
      damage of 0 leaves HP as it is and does not kill.
  R4  A scenario in which neither side has an able character before round 1
      ends at once with rounds 0 and no winner.
  R5  The stats a `check` may name are initiative/accuracy/evasion/
      resistance (行動/命中/回避/抵抗); HP is not a judgement stat.
  R6  MG-ENTER-3/M6: a character whose enemies are all 戦闘不能, dead or
      yet to enter has no goal (MG-POLICY-2 names "the nearest able
      enemy"), so no move is planned; step 3 (とどめ, MG-POLICY-3) still
      follows when `finish: true`, as after a move that was not made
      (R2), and otherwise nothing (M6.4).
  R7  (settled by docs/MEGAMI.md MG-ENTER-3 since 2026-12-07: the end
      check also runs at a round's setup right after its entries, before
      the initiatives; the reading first chosen, no check there, let
      empty rounds go by to a draw.)
"""

import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "util"))
from rng_reference import Xoshiro256ss  # noqa: E402  (docs/RANDOM.md transcribed)

import yaml  # noqa: E402

# ---------------------------------------------------------------- scenario

JA_KEYS = {
    "ラウンド上限": "round_limit", "キャラクター": "characters",
    "名前": "name", "陣営": "side", "HP": "hp", "現在HP": "hp_now",
    "行動": "initiative", "命中": "accuracy", "回避": "evasion",
    "抵抗": "resistance", "位置": "position", "防具": "armor",
    "とどめ": "finish", "攻撃": "attacks", "種別": "kind", "判定": "check",
    "ダメージ": "damage", "属性": "attributes", "射程": "range",
    "範囲": "area", "タイミング": "timing", "登場ラウンド": "enters",
}
JA_VALUES = {
    "物理": "physical", "魔法": "magic", "単体": "single",
    "エンゲージ": "engagement", "通常": "normal", "複雑": "complex",
}
JA_ATTRS = {
    "貫通": "pierce", "衝撃": "impact", "エネルギー": "energy", "火": "fire",
    "氷": "ice", "雷": "thunder", "光": "light", "聖": "holy", "闇": "dark",
}
JA_STATS = {"行動": "initiative", "命中": "accuracy", "回避": "evasion",
            "抵抗": "resistance"}
STATS = ("initiative", "accuracy", "evasion", "resistance")
ENERGY_SUBTYPES = ("fire", "ice", "thunder", "light")


def en(mapping):
    """Keys of a mapping in English (M1's Japanese aliases translated)."""
    out = {}
    for k, v in (mapping or {}).items():
        k = JA_KEYS.get(k, k)
        if k in out:
            raise ValueError("duplicate key %s" % k)
        out[k] = v
    return out


def attr(name):
    return JA_ATTRS.get(name, name)


class Attack:
    def __init__(self, raw, index):
        a = en(raw)
        self.index = index
        self.name = a["name"]
        self.kind = JA_VALUES.get(a.get("kind", "physical"),
                                  a.get("kind", "physical"))
        check = a.get("check", "accuracy")
        if isinstance(check, str):
            check = JA_STATS.get(check, check)
            assert check in STATS, check           # READING R5
        self.check = check
        self.damage = int(a["damage"])
        self.attributes = [attr(x) for x in (a.get("attributes") or [])]
        self.range = int(a.get("range", 0))
        self.area = JA_VALUES.get(a.get("area", "single"),
                                  a.get("area", "single"))
        self.timing = JA_VALUES.get(a.get("timing", "normal"),
                                    a.get("timing", "normal"))


class Character:
    def __init__(self, raw, index):
        c = en(raw)
        self.index = index
        self.name = str(c["name"])
        self.side = c["side"]
        self.hp_max = int(c["hp"])
        self.hp = int(c.get("hp_now", self.hp_max))
        for s in STATS:
            setattr(self, s, int(c.get(s, 0)))
        self.position = int(c.get("position", 0))
        self.enters = int(c.get("enters", 1))  # MG-SCN-CHR-8, checked in load()
        self.armor = {attr(k): int(v) for k, v in (c.get("armor") or {}).items()}
        self.finish = bool(c.get("finish", False))
        self.attacks = [Attack(a, i) for i, a in enumerate(c.get("attacks") or [])]
        # M8.1: hp_now <= 0 starts 戦闘不能.
        self.state = "able" if self.hp > 0 else "incapacitated"
        if self.enters >= 2:                    # MG-ENTER-1: not in the scene
            self.state = "absent"

    def enter(self):
        """MG-ENTER-1: the setup of round `enters` brings it in, at its
        position with its HP: able, or 戦闘不能 when HP <= 0."""
        self.state = "able" if self.hp > 0 else "incapacitated"

    def stat(self, name):
        return getattr(self, name)

    @property
    def able(self):
        return self.state == "able"

    @property
    def present(self):
        """Still in the combat (M8.2: the dead leave it) and in the scene
        (MG-ENTER-1/2: one yet to enter is no target, no obstacle, no
        part of an engagement)."""
        return self.state not in ("dead", "absent")

    @property
    def to_come(self):
        """Yet to enter the scene (MG-ENTER-3)."""
        return self.state == "absent"


def read(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def load(doc):
    doc = en(doc)
    chars = [Character(c, i) for i, c in enumerate(doc["characters"])]
    round_limit = int(doc.get("round_limit", 20))
    for c in chars:                             # MG-SCN-CHR-8
        if c.enters != 1 and not 1 <= c.enters <= round_limit:
            raise ValueError("enters %d is out of range (from 1 to %d)"
                             % (c.enters, round_limit))
    return round_limit, chars


# ---------------------------------------------------------------- rules

class Combat:
    def __init__(self, round_limit, chars, seed):
        self.round_limit = round_limit
        self.chars = chars
        self.rng = Xoshiro256ss(seed)

    def d6(self):
        return self.rng.die(6)

    # -- helpers
    def enemies(self, c):
        return [e for e in self.chars if e.side != c.side and e.present]

    def able_enemies(self, c):
        return [e for e in self.enemies(c) if e.able]

    def side_in(self, side):
        """Someone able or yet to enter (MG-ENTER-3)."""
        return any(c.able or c.to_come for c in self.chars if c.side == side)

    def ended(self):
        """M3/M8.9 end check: (True, winner) once a side has nobody able and
        nobody to come (MG-ENTER-3); the winner has someone able or to come."""
        pc, npc = self.side_in("PC"), self.side_in("NPC")
        if pc and npc:
            return False, None
        if pc:
            return True, "PC"
        if npc:
            return True, "NPC"
        return True, None                      # READING R4 (only before round 1)

    @staticmethod
    def modifier(attack, target):
        """M5 real-damage modifier: the lowest over the attack's attributes;
        an energy subtype falls back to the armor's energy (M8.10)."""
        if not attack.attributes:
            return 0
        vals = []
        for a in attack.attributes:
            if a in target.armor:
                vals.append(target.armor[a])
            elif a in ENERGY_SUBTYPES and "energy" in target.armor:
                vals.append(target.armor["energy"])
            else:
                vals.append(0)
        return min(vals)

    def damage(self, target, real):
        target.hp -= real
        if target.state == "able" and target.hp <= 0:
            target.state = "incapacitated"

    # -- M5
    def attack(self, c, atk, target):
        if atk.area == "engagement":
            targets = [e for e in self.enemies(c) if e.position == target.position]
        else:
            targets = [target]
        d = self.d6() + self.d6()
        check = atk.check if isinstance(atk.check, int) else c.stat(atk.check)
        value = d + check
        if d == 2:                              # fumble: misses everyone
            return
        crit = d == 12
        hit = []
        for t in targets:
            if not t.able:
                hit.append(t)                   # 戦闘不能: hit without a roll
                continue
            dd = self.d6() + self.d6()
            dv = dd + (t.evasion if atk.kind == "physical" else t.resistance)
            if crit:
                h = dd != 12
            elif dd == 12:
                h = False
            elif dd == 2:
                h = True
            else:
                h = dv < value
            if h:
                hit.append(t)
        if not hit:
            return
        ad = atk.damage + self.d6()
        for t in hit:
            self.damage(t, max(0, ad - self.modifier(atk, t)))

    # -- M6 default policy
    def candidates(self, c, normal_only):
        best, best_key = None, None
        able_en = self.able_enemies(c)
        for atk in c.attacks:
            if normal_only and atk.timing != "normal":
                continue
            for t in able_en:
                if abs(t.position - c.position) > atk.range:
                    continue
                if atk.area == "engagement":
                    n = sum(1 for e in able_en if e.position == t.position)
                else:
                    n = 1
                key = (-n, -atk.damage, t.hp, t.index, atk.index)
                if best_key is None or key < best_key:
                    best, best_key = (atk, t), key
        return best

    def move(self, c, goal, dist):
        """Move dist metres toward goal; stop at the first position strictly
        between start and destination that holds an able enemy (M8.8)."""
        step = 1 if goal.position > c.position else -1
        start, dest = c.position, c.position + step * dist
        blockers = [e.position for e in self.able_enemies(c)
                    if min(start, dest) < e.position < max(start, dest)]
        if blockers:
            dest = min(blockers) if step > 0 else max(blockers)
        c.position = dest

    def finish_off(self, c):
        """M6.3 / M8.6."""
        for t in self.enemies(c):               # scenario order
            if t.able:
                continue
            dist = abs(t.position - c.position)
            covering = [a for a in c.attacks if dist <= a.range]
            if not covering:
                continue
            atk = max(covering, key=lambda a: (a.damage, -a.index))
            real = atk.damage + self.d6() - self.modifier(atk, t)
            if real >= 1:
                self.damage(t, real)            # READING R3
                t.state = "dead"
            return

    def main_process(self, c):
        if not c.attacks:                       # M8.7
            return
        cand = self.candidates(c, normal_only=False)
        if cand:
            self.attack(c, *cand)
            return
        able_en = self.able_enemies(c)
        if not able_en:                         # READING R6: no goal, no move
            if c.finish:
                self.finish_off(c)
            return
        goal = min(able_en, key=lambda e: (abs(e.position - c.position), e.index))
        R = max(a.range for a in c.attacks)
        need = abs(goal.position - c.position) - R      # > 0 here
        allowance = max(0, 5 + c.initiative)            # M8.4
        if need <= allowance:                   # READING R1
            self.move(c, goal, need)            # 戦闘移動 (簡易)
            cand = self.candidates(c, normal_only=True)  # M8.5
            if cand:
                self.attack(c, *cand)
                return
        else:
            dist = min(need, 3 * allowance)
            if dist > 0:
                self.move(c, goal, dist)        # 全力移動 (通常): nothing follows
                return
            # READING R2: a 0 m move is not made, the 通常 action is left.
        if c.finish:
            self.finish_off(c)

    # -- M3
    def run(self):
        done, winner = self.ended()
        if done:
            return winner, 0
        for rnd in range(1, self.round_limit + 1):
            entered = False
            for c in self.chars:                # MG-ENTER-1, first of all
                if c.to_come and c.enters == rnd:
                    c.enter()
                    entered = True
            if entered:                         # R7, MG-ENTER-3
                done, winner = self.ended()
                if done:
                    return winner, rnd
            actors = [c for c in self.chars if c.able]          # 未行動
            keyed = []
            for c in actors:                                    # scenario order
                v = c.initiative + self.d6() + self.d6()
                keyed.append(((-v, -c.initiative, 0 if c.side == "PC" else 1,
                               c.index), c))
            keyed.sort(key=lambda kc: kc[0])
            for _, c in keyed:
                if not c.able:                  # became 戦闘不能 (or died)
                    continue
                self.main_process(c)
                done, winner = self.ended()
                if done:
                    return winner, rnd
        return None, self.round_limit


def fight(doc, seed):
    """The result subset for a parsed scenario (see read()) and a seed."""
    round_limit, chars = load(doc)
    winner, rounds = Combat(round_limit, chars, seed).run()
    return {"winner": winner, "rounds": rounds,
            "characters": [{"name": c.name, "side": c.side, "hp": c.hp,
                            "state": c.state} for c in chars]}


def main(argv):
    args = argv[1:]
    seed = 0
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1:
        sys.stderr.write("usage: megami_ref.py SCENARIO.yaml [--seed S]\n")
        return 2
    print(json.dumps(fight(read(args[0]), seed), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
