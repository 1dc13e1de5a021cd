/*
 * lib.js - what the browser tests share (page.js, robust.js): a checker
 * that counts failures, the server on a free loopback port, polling, the
 * browser, and the end of a run (server log, summary, exit status).
 */
"use strict";
const { chromium } = require("playwright-core");
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");

/* ok(cond, what) prints ok/FAIL and counts the failures (ok.failures). */
function checker() {
  const ok = (cond, what) => {
    console.log(`${cond ? "ok" : "FAIL"}: ${what}`);
    if (!cond) ok.failures++;
  };
  ok.failures = 0;
  return ok;
}

/* `amaryllis serve` of hilldb on 127.0.0.1 (a free port, no rate limit):
 * {srv, url, log()} once it says where it listens. */
function serve(amaryllis, hilldb) {
  const srv = spawn(amaryllis, ["serve", "--listen", "127.0.0.1:0", "--rate", "0", "--hill", hilldb],
                    { stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  return new Promise((resolve, reject) => {
    srv.stderr.on("data", d => {
      err += d;
      const m = /(http:\/\/[0-9.]+:\d+\/)/.exec(err);
      if (m) resolve({ srv, url: m[1], log: () => err });
    });
    srv.on("exit", c => reject(new Error(`server exited ${c}: ${err}`)));
    setTimeout(() => reject(new Error("server did not start: " + err)), 20000);
  });
}

/* Wait until fn() holds (checked every 100 ms); a FAIL when it never does. */
async function poll(ok, fn, what, ms = 15000) {
  for (let k = 0; k < ms / 100; k++) {
    if (await fn()) return true;
    await new Promise(r => setTimeout(r, 100));
  }
  ok(false, "timed out waiting for " + what);
  return false;
}

/* Call fn(text) for each refusal of the page's Content-Security-Policy
 * that Chromium reports on page's console (docs/WEB.md: no inline script,
 * no inline style but /api/hill.html's hashed one). */
function onCspRefusal(page, fn) {
  page.on("console", m => {
    if (/Content Security Policy/.test(m.text()))
      fn(m.text());
  });
}

/* Debian's chromium (or $CHROMIUM), headless. */
function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
}

/* Run body(), then close the browser, stop the server, keep its log in
 * OUTDIR/NAME-server.log and exit 0 or 1 with "NAME: ok" or the count. */
async function run(name, ok, outdir, browser, server, body) {
  try {
    await body();
  } catch (e) {
    ok(false, "no exception: " + e.stack);
  } finally {
    await browser.close();
    server.srv.kill("SIGTERM");
  }
  fs.writeFileSync(path.join(outdir, `${name}-server.log`), server.log());
  console.log(ok.failures ? `${name}: ${ok.failures} failure(s)` : `${name}: ok`);
  process.exit(ok.failures ? 1 : 0);
}

module.exports = { checker, serve, poll, onCspRefusal, launch, run };
