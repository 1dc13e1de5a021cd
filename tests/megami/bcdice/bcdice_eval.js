// bcdice_eval.js - the real BCDice (npm `bcdice` 4.9.0, BCDice 3.16.1),
// game system SRS (or SYSTEM: DiceBot), for tests/megami/bcdice/crosscheck.py.
//
//   node bcdice_eval.js NODE_MODULES [SYSTEM] < commands.jsonl > results.jsonl
//
// Each input line is a JSON array [command, seed]; BCDice evaluates the
// command with its randomizer's `random(sides)` replaced by a generator of
// our own seeded with `seed` (so every run is the same), and one output line
// is written: [command, text or null, secret, rands] where rands is
// BCDice's list of [value, sides], the dice megami must be given (when
// BCDice raises, the dice it rolled before, and the exception's message
// fifth).
'use strict';
const path = require('path');
const { DynamicLoader } = require(path.join(process.argv[2], 'bcdice'));

// splitmix64 on BigInt: small, seeded, the same everywhere
function rng(seed) {
  let s = BigInt.asUintN(64, BigInt(seed));
  return (sides) => {
    s = BigInt.asUintN(64, s + 0x9e3779b97f4a7c15n);
    let z = s;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    z = z ^ (z >> 31n);
    return Number(z % BigInt(sides)) + 1;
  };
}

(async () => {
  const SRS = await new DynamicLoader().dynamicLoad(process.argv[3] || 'SRS');
  const input = require('fs').readFileSync(0, 'utf8').split('\n');
  const out = [];
  for (const line of input) {
    if (!line) continue;
    const [cmd, seed] = JSON.parse(line);
    const g = new SRS(cmd);
    const die = rng(seed);
    // the dice rolled, also when BCDice raises (TooManyRandsError after
    // 10000 of them, which a reroll pool reaches or not by its dice):
    // megami is given the same ones
    const rolled = [];
    g.randomizer.$random = (sides) => {
      const v = die(sides);
      rolled.push([v, sides]);
      return v;
    };
    let r = null, err = null;
    try {
      r = g.eval();
    } catch (e) {
      err = String(e && e.message || e);
    }
    out.push(JSON.stringify(err !== null ? [cmd, null, false, rolled, err]
      : r ? [cmd, r.text, !!r.secret, r.rands] : [cmd, null, false, []]));
  }
  process.stdout.write(out.join('\n') + '\n');
})().catch((e) => { console.error(e); process.exit(1); });
