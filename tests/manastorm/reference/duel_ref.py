#!/usr/bin/env python3
"""An independent reference of the card duel (manastorm).

Written from docs/RULINGS-duel.md (D2-D7), docs/RANDOM.md and the
seed text 002_570963f4498fafb3.txt (docs/RULINGS-duel.md's) alone, without
reading src/manastorm/.  Policies: `default` (D5 + D7.7) and `greedy`
(D7.7); a scenario that uses `random` is refused (exit 3).

Usage:  duel_ref.py SCENARIO.yaml [--seed S]

Prints one JSON line: winner, battles, sides (defeated, damage),
participants (name, side, role, hp, mp, outfits), storms, happenings.

Readings where the rulings are open (each marked R<n> at its place):
  R1  Step 3's happening: "a card whose number is on the field (others
      revealed now included)" is judged at the reveal (step 2), i.e. the
      happening happens exactly to the cards that failed step 2's
      same-number condition.  Cards put on the field by an earlier
      caster's happening in the same step 3 do not make a later caster's
      card a happening.
  R2  A happening's 3 cards are drawn with the draw rule of D2 (an empty
      deck first takes the shuffled discard pile); it stops early when
      nothing can be drawn.  It counts as a happening even then.
  R3  Matching attack cards are judged on the cards whatever they pass;
      pointed cards are the warrior's cards and can match too.
  R4  Step 7's outcome of a pair is the one judged at step 5: a storm of
      an earlier pair that defeats a warrior does not take back its
      success.
  R5  After a storm victim loses its 衣装/HP and the field is not empty:
      when nobody can be counted (no caster with 衣装, no warrior with
      HP > 0) the storm ends before the victim draws (the seed: "全魔法戦士
      のHPがなくなったら、マナ・ストームの処理を終了する"; the engine's
      documented choice MS-STORM-5, adopted after the first comparison:
      it changes no result, as the duel then ends at once anyway); else
      the victim draws, then counts.  A warrior victim brought to HP 0
      still draws and counts (D7.8 lets defeated warriors draw).
  R6  The tie draw-off compares only the card each drew in that draw-off
      round (D7.8: "repeats among those still tied").
  R7  The count of D4.2 may come round to the victim itself (when it is
      still eligible): the N-th eligible seat after the victim, wrapping.
  R8  A storm takes 衣装, not MP: the MP of a caster who loses a 衣装 to a
      storm is unchanged.
  R9  Every caster enchants in step 1, whatever its MP and 衣装 (the
      rulings exclude only defeated warriors from acting).
"""

import json
import os
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "..", "util")))
from rng_reference import Xoshiro256ss  # noqa: E402

import yaml  # noqa: E402

SUITS = "SHDC"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
FACES = {"A": 1, "J": 11, "Q": 12, "K": 13}

TOP_KEYS = {
    "battles": "battles", "バトル数": "battles",
    "rounds_per_battle": "rounds_per_battle", "ラウンド上限": "rounds_per_battle",
    "hand_size": "hand_size", "手札": "hand_size",
    "storm_match": "storm_match", "ストーム条件": "storm_match",
    "shuffle": "shuffle", "シャッフル": "shuffle",
    "participants": "participants", "参加者": "participants",
}
PART_KEYS = {
    "name": "name", "名前": "name",
    "side": "side", "陣営": "side",
    "role": "role", "役割": "role",
    "threshold": "threshold", "発現値": "threshold",
    "suit": "suit", "得意スート": "suit",
    "mp": "mp", "MP": "mp",
    "outfits": "outfits", "衣装": "outfits",
    "hp": "hp", "HP": "hp",
    "deck": "deck", "山札": "deck",
    "policy": "policy", "方針": "policy",
}
ROLES = {"caster": "caster", "魔法術師": "caster",
         "warrior": "warrior", "魔法戦士": "warrior", "魔法剣士": "warrior"}
STORM_MATCH = {"number": "number", "数": "number", "card": "card", "カード": "card"}


class ScenarioError(Exception):
    pass


def parse_card(text):
    """A card as (suit index 0..3 in S H D C order, number 1..13)."""
    t = str(text)
    if not t:
        raise ScenarioError("empty card")
    s = SUIT_SYMBOLS.get(t[0], t[0])
    if s not in SUITS:
        raise ScenarioError("bad card %r" % t)
    rest = t[1:]
    if rest in FACES:
        n = FACES[rest]
    elif rest.isdigit() and not rest.startswith("0") and 1 <= int(rest) <= 13:
        n = int(rest)
    else:
        raise ScenarioError("bad card %r" % t)
    return (SUITS.index(s), n)


def parse_suit(v):
    if v is None:
        return None
    v = str(v)
    if v in ("none", "なし"):
        return None
    v = SUIT_SYMBOLS.get(v, v)
    if v not in SUITS:
        raise ScenarioError("bad suit %r" % v)
    return SUITS.index(v)


def full_deck():
    return [(s, n) for s in range(4) for n in range(1, 14)]


def load_scenario(path):
    with open(path, "rb") as f:
        doc = yaml.safe_load(f.read().decode("utf-8"))
    if not isinstance(doc, dict):
        raise ScenarioError("not a mapping")
    top = {TOP_KEYS[k]: v for k, v in doc.items()}
    sc = {
        "battles": top.get("battles", 3),
        "rounds_per_battle": top.get("rounds_per_battle", 10),
        "hand_size": top.get("hand_size", 5),
        "storm_match": STORM_MATCH[str(top.get("storm_match", "number"))],
        "shuffle": bool(top.get("shuffle", True)),
        "participants": [],
    }
    for raw in top.get("participants") or []:
        p = {PART_KEYS[k]: v for k, v in raw.items()}
        sc["participants"].append({
            "name": str(p["name"]),
            "side": str(p["side"]),
            "role": ROLES[str(p["role"])],
            # D1: "every open number is a scenario parameter with the
            # default below": threshold 7, mp 3, outfits [3, 2], hp 10
            "threshold": int(p.get("threshold", 7)),
            "suit": parse_suit(p.get("suit")),
            "mp": p.get("mp", 3),
            "outfits": list(p["outfits"] if "outfits" in p else [3, 2]),
            "hp": p.get("hp", 10),
            "deck": [parse_card(c) for c in p["deck"]] if p.get("deck") is not None else None,
            "policy": str(p.get("policy", "default")),
        })
    return sc


class P:
    """A participant at the table."""

    def __init__(self, seat, d):
        self.seat = seat
        self.name = d["name"]
        self.side = d["side"]
        self.role = d["role"]
        self.threshold = d["threshold"]
        self.suit = d["suit"]
        self.caster = self.role == "caster"
        self.mp = d["mp"] if self.caster else None
        self.outfits = list(d["outfits"]) if self.caster else []
        self.hp = None if self.caster else d["hp"]
        self.deck = list(d["deck"]) if d["deck"] is not None else full_deck()
        self.hand = []
        self.discard = []
        self.policy = d["policy"]
        self.right = not self.caster   # the attack right (warriors)

    def passes(self, card):
        return card[1] <= self.threshold or (self.suit is not None and card[0] == self.suit)

    def alive(self):
        return not self.caster and self.hp > 0

    def lose_outfit(self):
        """D7.2: the highest マナ変換力, the first such in the original order."""
        best = 0
        for i, v in enumerate(self.outfits):
            if v > self.outfits[best]:
                best = i
        return self.outfits.pop(best)


class F:
    """A field card: the card, who put it there, and whether it is an
    enchant (held in step 2 or a happening's card) or a storm card."""

    def __init__(self, card, owner, kind):
        self.card = card
        self.owner = owner
        self.kind = kind


class DuelEnded(Exception):
    pass


class Duel:
    def __init__(self, sc, seed):
        self.sc = sc
        self.rng = Xoshiro256ss(seed)
        self.shuffle_on = sc["shuffle"]
        self.seats = [P(i, d) for i, d in enumerate(sc["participants"])]
        self.casters = [p for p in self.seats if p.caster]
        self.warriors = [p for p in self.seats if not p.caster]
        self.side_warriors = {s: [w for w in self.warriors if w.side == s] for s in "AB"}
        self.field = []
        self.adv = {"A": 0, "B": 0}
        self.damage = {"A": 0, "B": 0}
        self.battles = 0
        self.storms = 0
        self.happenings = 0

    # -- cards --------------------------------------------------------
    def shuffle(self, cards):
        if self.shuffle_on:
            self.rng.shuffle(cards)

    def draw(self, p):
        """D2/D7.1: the top of the deck; an empty deck first takes the
        discard pile (discard order, shuffled); None when both are empty."""
        if not p.deck:
            if not p.discard:
                return None
            p.deck = p.discard
            p.discard = []
            self.shuffle(p.deck)
        return p.deck.pop(0)

    def matches(self, a, b):
        if self.sc["storm_match"] == "card":
            return a == b
        return a[1] == b[1]

    def check_end(self):
        """D7.5: a side without a warrior with HP > 0 ends the duel."""
        for s in "AB":
            if not any(w.hp > 0 for w in self.side_warriors[s]):
                raise DuelEnded()

    # -- policies -----------------------------------------------------
    @staticmethod
    def best_hand_card(p, ok):
        """The highest-numbered hand card with ok(card); ties S H D C."""
        best = None
        for c in p.hand:
            if ok(c) and (best is None or (c[1], -c[0]) > (best[1], -best[0])):
                best = c
        return best

    def pointable(self, w):
        """Allied held enchants that pass for w, in field order."""
        return [e for e in self.field
                if e.kind == "enchant" and e.owner.caster
                and e.owner.side == w.side and w.passes(e.card)]

    def choose_enchant(self, c, field_numbers):
        if c.policy == "greedy":
            return self.draw(c)
        card = self.best_hand_card(c, lambda x: c.passes(x) and x[1] not in field_numbers)
        if card is not None:
            c.hand.remove(card)
        return card

    def choose_attack(self, w):
        """(card, pointed) or None for a pass."""
        if w.policy == "greedy":
            card = self.draw(w)
            return None if card is None else (card, False)
        best = None
        for e in self.pointable(w):
            if best is None or e.card[1] > best.card[1]:
                best = e
        if best is not None:
            return (best.card, True)
        card = self.best_hand_card(w, w.passes)
        if card is None:
            return None
        w.hand.remove(card)
        return (card, False)

    def goes_on(self, w):
        if w.policy == "greedy":
            return True
        other = "B" if w.side == "A" else "A"
        if self.adv[w.side] > self.adv[other]:
            return False
        return any(w.passes(c) for c in w.hand) or bool(self.pointable(w))

    # -- the duel -----------------------------------------------------
    def run(self):
        hand_size = self.sc["hand_size"]
        for p in self.seats:                      # D2
            self.shuffle(p.deck)
            for _ in range(hand_size):
                c = self.draw(p)
                if c is None:
                    break
                p.hand.append(c)
        try:
            for _ in range(self.sc["battles"]):
                self.battles += 1
                self.battle()
        except DuelEnded:
            pass
        return self.result()

    def battle(self):
        rounds = 0
        while True:
            rounds += 1
            self.enchants()
            self.attacks()
            # Step 8.
            for w in self.warriors:
                if w.right and w.hp > 0 and not self.goes_on(w):
                    w.right = False
            if rounds >= self.sc["rounds_per_battle"] or \
                    not any(w.right and w.hp > 0 for w in self.warriors):
                break
        self.step9()

    def enchants(self):
        # Step 1 (D7.7: "not on the field" is the field before this round).
        numbers = {e.card[1] for e in self.field}
        plays = []
        for c in self.casters:                    # R9
            card = self.choose_enchant(c, numbers)
            if card is not None:
                plays.append((c, card))
        # Step 2: reveal together.
        results = []
        for i, (c, card) in enumerate(plays):
            others = numbers | {x[1] for j, (_, x) in enumerate(plays) if j != i}
            same = card[1] in others
            ok = c.passes(card)
            results.append((c, card, ok, same))
        for c, card, ok, same in results:         # D7.10: discards first
            if not (ok and not same):
                c.discard.append(card)
        for c, card, ok, same in results:
            if ok and not same:
                self.field.append(F(card, c, "enchant"))
        # Step 3, caster by caster.
        for c, card, ok, same in results:
            if not ok:
                c.mp = max(0, c.mp - 1)
                if c.mp == 0 and c.outfits:
                    c.mp = c.lose_outfit()
            if same:                              # R1
                self.happenings += 1
                for _ in range(3):                # R2
                    d = self.draw(c)
                    if d is None:
                        break
                    self.field.append(F(d, c, "enchant"))

    def attacks(self):
        # Step 4.
        acts = {}
        for w in self.warriors:
            acts[w.seat] = self.choose_attack(w) if (w.right and w.hp > 0) else None
        # Step 5: pairs by seat order within each side (D7.3).
        wa, wb = self.side_warriors["A"], self.side_warriors["B"]
        pairs = []
        for k in range(max(len(wa), len(wb))):
            a = wa[k] if k < len(wa) else None
            b = wb[k] if k < len(wb) else None
            ca = acts[a.seat] if a is not None else None
            cb = acts[b.seat] if b is not None else None
            match = ca is not None and cb is not None and self.matches(ca[0], cb[0])  # R3
            sa = ca is not None and a.passes(ca[0]) and not match
            sb = cb is not None and b.passes(cb[0]) and not match
            pairs.append((a, ca, sa, b, cb, sb, match))
        # Step 6: HP losses together, then the end check, then storms.
        for w in self.warriors:
            act = acts[w.seat]
            if act is not None and not w.passes(act[0]):
                w.hp -= 1
                w.right = False
        self.check_end()
        for a, ca, sa, b, cb, sb, match in pairs:
            if match:
                self.storm()
                self.storms += 1
                for w in self.warriors:
                    if w.hp <= 0:
                        w.right = False
                self.check_end()
        for w in self.warriors:
            act = acts[w.seat]
            if act is not None and not act[1]:
                w.discard.append(act[0])
        # Step 7 (R4).
        for a, ca, sa, b, cb, sb, match in pairs:
            if sa and sb:
                va = ca[0][1] + (2 if a.suit == ca[0][0] else 0)
                vb = cb[0][1] + (2 if b.suit == cb[0][0] else 0)
                if va > vb:
                    self.adv["A"] += 1
                elif vb > va:
                    self.adv["B"] += 1
            elif sa:
                self.adv["A"] += 2 if cb is not None else 1
            elif sb:
                self.adv["B"] += 2 if ca is not None else 1

    def step9(self):
        a, b = self.adv["A"], self.adv["B"]
        if a > b:
            deal = {"A": a, "B": b // 2}
        elif b > a:
            deal = {"A": a // 2, "B": b}
        else:
            deal = {"A": a, "B": b}
        targets = {}
        for s, o in (("A", "B"), ("B", "A")):
            targets[s] = next((w for w in self.side_warriors[o] if w.hp > 0), None)
        for s in "AB":
            if targets[s] is not None:
                targets[s].hp -= deal[s]
                self.damage[s] += deal[s]
        self.adv = {"A": 0, "B": 0}
        for w in self.warriors:
            w.right = w.hp > 0
        for e in self.field:
            e.owner.deck.append(e.card)
        self.field = []
        for p in self.seats:
            self.shuffle(p.deck)
        self.check_end()

    # -- マナ・ストーム (D4, D7.8) -------------------------------------
    def storm(self):
        drew = {}
        for p in self.seats:
            hi = 0
            while True:
                c = self.draw(p)
                if c is None:
                    break
                self.field.append(F(c, p, "storm"))
                hi = max(hi, c[1])
                if not p.passes(c):
                    break
            drew[p.seat] = hi
        cands = [c for c in self.casters if c.outfits]
        if not cands:
            cands = [w for w in self.warriors if w.hp > 0]
        if not cands:
            return
        best = max(drew[p.seat] for p in cands)
        tied = [p for p in cands if drew[p.seat] == best]
        while len(tied) > 1:                      # R6
            vals = []
            any_drew = False
            for p in tied:
                c = self.draw(p)
                if c is None:
                    vals.append(0)
                else:
                    any_drew = True
                    self.field.append(F(c, p, "storm"))
                    vals.append(c[1])
            if not any_drew:
                break
            best = max(vals)
            tied = [p for p, v in zip(tied, vals) if v == best]
        victim = tied[0]
        n_seats = len(self.seats)
        while self.field:
            if victim.caster:
                n = victim.lose_outfit()          # R8
            else:
                n = min(victim.hp, len(self.field))
                victim.hp -= n
            for _ in range(min(n, len(self.field))):
                e = self.field.pop()
                e.owner.discard.append(e.card)
            if not self.field:
                break
            order = [self.seats[(victim.seat + k) % n_seats] for k in range(1, n_seats + 1)]
            elig = [p for p in order if p.caster and p.outfits]
            if not elig:
                elig = [p for p in order if not p.caster and p.hp > 0]
            if not elig:                          # R5
                break
            c = self.draw(victim)
            if c is None:
                break
            self.field.append(F(c, victim, "storm"))
            victim = elig[(c[1] - 1) % len(elig)]  # R7

    # -- D6 -----------------------------------------------------------
    def result(self):
        defeated = {s: sum(1 for w in self.side_warriors[o] if w.hp <= 0)
                    for s, o in (("A", "B"), ("B", "A"))}
        if defeated["A"] != defeated["B"]:
            winner = "A" if defeated["A"] > defeated["B"] else "B"
        elif self.damage["A"] != self.damage["B"]:
            winner = "A" if self.damage["A"] > self.damage["B"] else "B"
        else:
            winner = None
        return {
            "winner": winner,
            "battles": self.battles,
            "sides": [{"side": s, "defeated": defeated[s], "damage": self.damage[s]}
                      for s in "AB"],
            "participants": [{"name": p.name, "side": p.side, "role": p.role,
                              "hp": p.hp,
                              "mp": p.mp,
                              "outfits": list(p.outfits)} for p in self.seats],
            "storms": self.storms,
            "happenings": self.happenings,
        }


def uses_random(sc):
    return any(p["policy"] == "random" for p in sc["participants"])


def play(sc, seed):
    return Duel(sc, seed).run()


def main(argv):
    args = argv[1:]
    seed = 0
    path = None
    while args:
        a = args.pop(0)
        if a == "--seed":
            seed = int(args.pop(0))
        elif a.startswith("--seed="):
            seed = int(a.split("=", 1)[1])
        elif path is None:
            path = a
        else:
            sys.stderr.write(__doc__)
            return 2
    if path is None:
        sys.stderr.write(__doc__)
        return 2
    sc = load_scenario(path)
    if uses_random(sc):
        sys.stderr.write("%s: the policy 'random' is not implemented here\n" % path)
        return 3
    print(json.dumps(play(sc, seed), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
