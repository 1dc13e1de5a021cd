#!/usr/bin/env node
/*
 * csrf.js - cross-site requests in a real browser (Debian's chromium,
 * headless, driven by playwright-core) against `amaryllis serve --hill`:
 *
 * 1. A page of another origin (a Python http.server on 127.0.0.2, another
 *    loopback address) sends a hill entry with fetch(…, {mode: "no-cors"})
 *    (text/plain, the browser's Origin 127.0.0.2) and with a
 *    <form enctype="text/plain"> whose one field spells JSON.  The server
 *    refuses both (403: a foreign Origin) and enters nothing.
 * 2. DNS rebinding: the browser resolves attacker.example to 127.0.0.1
 *    (--host-resolver-rules), so a page of http://attacker.example:PORT
 *    would be same-origin with the server.  Everything under that name is
 *    421 (Host: attacker.example:PORT), the page and a same-origin POST.
 * 3. The page's own entry form still enters a unit (same origin, JSON).
 *
 * The log must show each refused request (403, 421); the hill's standings
 * are read with GET /api/hill.
 *
 *   node csrf.js AMARYLLIS SRCDIR OUTDIR HILL.db    (browser.sh runs it)
 * Exit 0 when every check holds.
 */
"use strict";
const { chromium } = require("playwright-core");
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");

const [amaryllis, srcdir, outdir, hilldb] = process.argv.slice(2);
if (!amaryllis || !srcdir || !outdir) {
  console.error("usage: csrf.js AMARYLLIS SRCDIR OUTDIR HILL.db");
  process.exit(2);
}
if (!hilldb) { /* a build without the hill: nothing to attack */
  console.log("csrf: no hill in this build, skipped");
  process.exit(0);
}
fs.mkdirSync(outdir, { recursive: true });
let failures = 0;
function ok(cond, what) {
  console.log(`${cond ? "ok" : "FAIL"}: ${what}`);
  if (!cond) failures++;
}

/* Start a process and resolve when its output matches re (with the match). */
function started(cmd, args, stream, re) {
  const p = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "", other = "";
  return new Promise((resolve, reject) => {
    p[stream === "stdout" ? "stderr" : "stdout"].on("data", d => { other += d; });
    p[stream].on("data", d => {
      out += d;
      const m = re.exec(out);
      if (m) resolve({ p, m, out: () => out });
    });
    p.on("exit", c => reject(new Error(`${cmd} exited ${c}: ${out}`)));
    setTimeout(() => reject(new Error(`${cmd} did not start: ${out}`)), 20000);
  });
}

const nut = fs.readFileSync(path.join(srcdir, "examples/nut.txt"), "utf8");
const grisk = fs.readFileSync(path.join(srcdir, "examples/grisk.txt"), "utf8");

/* The attacker's pages: fetch no-cors and a text/plain form, each posting a
 * hill entry to the server. */
function attackerPages(dir, target) {
  fs.mkdirSync(dir, { recursive: true });
  const fetchEntry = { name: "Mallory", address: "mallory@example.org", password: "pw",
                       sheet: nut, lang: "en" };
  fs.writeFileSync(path.join(dir, "fetch.html"), `<!doctype html>
<meta charset="utf-8"><title>fetch</title>
<script>
fetch(${JSON.stringify(target)}, {method: "POST", mode: "no-cors",
      body: ${JSON.stringify(JSON.stringify(fetchEntry))}})
  .then(() => { document.title = "sent"; }, () => { document.title = "error"; });
</script>`);
  /* the form's one field: NAME=VALUE is {"name": …, "sheet": …, "x": "="} */
  const json = JSON.stringify({ name: "Eve", address: "eve@example.org", password: "pw",
                                sheet: grisk, lang: "en" });
  const field = json.slice(0, -1) + ', "x": "';
  fs.writeFileSync(path.join(dir, "form.html"), `<!doctype html>
<meta charset="utf-8"><title>form</title>
<form id="f" method="POST" enctype="text/plain" action=${JSON.stringify(target)}></form>
<script>
const i = document.createElement("input");
i.type = "hidden";
i.name = ${JSON.stringify(field)};
i.value = '"}';
document.getElementById("f").append(i);
document.getElementById("f").submit();
</script>`);
}

async function standings(url) {
  const r = await fetch(url + "api/hill");
  return (await r.json()).standings.map(m => m.name);
}

(async () => {
  const srv = await started(amaryllis, ["--lang", "en", "serve", "--listen", "127.0.0.1:0",
                                        "--rate", "0", "--hill", hilldb],
                            "stderr", /serving on (http:\/\/127\.0\.0\.1:(\d+)\/)/);
  const url = srv.m[1], port = srv.m[2];
  const target = url + "api/hill/entry";
  const dir = path.join(outdir, "attacker");
  attackerPages(dir, target);
  const evil = await started("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.2",
                                         "--directory", dir],
                             "stdout", /Serving HTTP on 127\.0\.0\.2 port (\d+)/);
  const attacker = `http://127.0.0.2:${evil.m[1]}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           "--host-resolver-rules=MAP attacker.example 127.0.0.1"],
  });
  try {
    ok(JSON.stringify(await standings(url)) === "[]", "the hill starts empty");

    /* 1. another origin: fetch no-cors and a text/plain form */
    const page = await browser.newPage();
    const posted = page.waitForResponse(r => r.url() === target, { timeout: 20000 });
    await page.goto(attacker + "fetch.html");
    const fr = await posted;
    for (let k = 0; k < 100 && (await page.title()) === "fetch"; k++)
      await page.waitForTimeout(100);
    ok(await page.title() === "sent", "the no-cors fetch was sent (opaque answer)");
    ok(fr.status() === 403, `the no-cors fetch's POST: 403 (${fr.status()})`);
    const formPosted = page.waitForResponse(r => r.url() === target, { timeout: 20000 });
    await page.goto(attacker + "form.html");
    const fo = await formPosted;
    ok(fo.status() === 403, `the text/plain form's POST: 403 (${fo.status()})`);
    ok(fo.request().headers()["content-type"] === "text/plain",
       "the form sent text/plain: " + fo.request().headers()["content-type"]);
    await page.screenshot({ path: path.join(outdir, "csrf-form.png") });
    ok(JSON.stringify(await standings(url)) === "[]",
       "no entry was made by the other origin: " + JSON.stringify(await standings(url)));

    /* 2. DNS rebinding: attacker.example resolves to the server */
    const ctx = await browser.newContext({ bypassCSP: true });
    const rb = await ctx.newPage();
    const rebound = `http://attacker.example:${port}/`;
    const resp = await rb.goto(rebound);
    ok(resp.status() === 421, `the page under attacker.example: 421 (${resp.status()})`);
    const st = await rb.evaluate(async e => (await fetch("/api/hill/entry", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: e })).status,
      JSON.stringify({ name: "Rebind", address: "rebind@example.org", password: "pw", sheet: nut }));
    ok(st === 421, `a same-origin POST under attacker.example: 421 (${st})`);
    const hs = await rb.evaluate(async () => (await fetch("/api/hill")).status);
    ok(hs === 421, `GET /api/hill under attacker.example: 421 (${hs})`);
    await ctx.close();
    ok(JSON.stringify(await standings(url)) === "[]", "still no entry");

    /* 3. the page's own form still works */
    const own = await browser.newPage();
    own.on("pageerror", e => ok(false, "no script error: " + e.message));
    await own.goto(url);
    await own.click('.tab[data-tab="hill"]');
    await own.locator("#entry-name").fill("Web Player");
    await own.locator("#entry-address").fill("player@example.org");
    await own.locator("#entry-password").fill("s3cret-words");
    await own.locator("#entry-sheet").fill(nut);
    await own.click('#entry button[type="submit"]');
    await own.locator("#standings tr.member td.name", { hasText: "ヌト" }).waitFor({ timeout: 30000 });
    ok(await own.locator("#entry-status").getAttribute("data-result") === "entered",
       "the page's own entry form: entered");
    ok(JSON.stringify(await standings(url)) === JSON.stringify(["ヌト"]), "the hill holds ヌト");
    await own.screenshot({ path: path.join(outdir, "csrf-own.png"), fullPage: true });
  } catch (e) {
    ok(false, "no exception: " + e.stack);
  } finally {
    await browser.close();
    evil.p.kill("SIGTERM");
    srv.p.kill("SIGTERM");
  }
  await new Promise(r => setTimeout(r, 300));
  const log = srv.out();
  fs.writeFileSync(path.join(outdir, "csrf-server.log"), log);
  const count = re => (log.match(re) || []).length;
  ok(count(/ POST \/api\/hill\/entry 403 \d+ [\d.]+ms origin/g) === 2,
     "the server logged both cross-origin POSTs as 403");
  /* (Chromium sends a request again once after a 421: two lines each) */
  ok(count(/ GET \/ 421 \d+ [\d.]+ms host/g) >= 1 &&
     count(/ POST \/api\/hill\/entry 421 \d+ [\d.]+ms host/g) >= 1 &&
     count(/ POST \/api\/hill\/entry 200 /g) === 1,
     "the server logged the rebound requests as 421 (and no other POST got through)");
  ok(count(/ POST \/api\/hill\/entry 200 \d+ [\d.]+ms entered/g) === 1,
     "and the page's own entry as 200 entered");
  console.log(failures ? `csrf: ${failures} failure(s)` : "csrf: ok");
  process.exit(failures ? 1 : 0);
})().catch(e => { console.error(e); process.exit(1); });
