// bcdice_eval.js - the real BCDice (npm bcdice 4.9.0, game system SRS)
// given the dice megami used: reads JSON lines {"command", "rands"} (a
// roll) or {"table", "rands"} (an original table) from standard input and
// prints one JSON line each: {text, secret, success, failure, critical,
// fumble, used} (text null when BCDice answers nothing; used: how many of
// the rands it took).  An extra die asked for is an error.
//
//   node tests/megami/bcdice_eval.js BUILD/node-bcdice/node_modules/bcdice
'use strict';
const path = require('path');
const readline = require('readline');
const lib = path.resolve(process.argv[2]);
const { DynamicLoader, UserDefinedDiceTable } = require(lib);
const { BCDice } = require(path.join(lib, 'lib/internal'));

// A randomizer whose dice are the given values, in order.
function fixed(randomizer, values, used) {
  randomizer.$random = (sides) => {
    if (used.n >= values.length)
      throw new Error(`BCDice wants die ${used.n + 1} (d${sides}); megami rolled ${values.length}`);
    return values[used.n++];
  };
  return randomizer;
}

(async () => {
  const SRS = await new DynamicLoader().dynamicLoad('SRS');
  const rl = readline.createInterface({ input: process.stdin });
  for await (const line of rl) {
    if (!line.trim()) continue;
    const q = JSON.parse(line);
    const used = { n: 0 };
    let r;
    if (q.table !== undefined) {
      const rz = fixed(BCDice.Randomizer.$new(), q.rands, used);
      r = new UserDefinedDiceTable(q.table).roll(rz);
    } else {
      const gs = new SRS(q.command);
      fixed(gs.randomizer, q.rands, used);
      r = gs.eval();
    }
    const out = r ? { text: r.text, secret: r.secret, success: r.success, failure: r.failure,
                      critical: r.critical, fumble: r.fumble, used: used.n }
                  : { text: null, used: used.n };
    process.stdout.write(JSON.stringify(out) + '\n');
  }
})().catch((e) => { console.error('bcdice_eval: ' + e.message); process.exit(1); });
