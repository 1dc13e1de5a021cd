#!/usr/bin/env node
/*
 * robust.js - the page when things go wrong (an outside review of the web
 * front, 2026-12-03), in Debian's chromium driven by playwright-core:
 *
 *  1. a failed request (the network or the server down: the request
 *     aborted) ends "検査中…" with a message, not for ever (D4);
 *  2. a refusal the server words in English only (429, 503, 403, 413)
 *     is shown in the page's language (D2);
 *  3. a double click on the entry's button sends one request: the unit is
 *     "entered", not "entered" then "replaced" (D7);
 *  4. switching the language on the hill tab after a battle leaves the
 *     address at #hill (it became the battle's #replay=… link, and a reload
 *     fought again), and the battle is in the new language once its tab
 *     is shown (D3);
 *  5. switching the language on a fresh page marks no error in the empty
 *     editor (D8);
 *  6. a replay link damaged by a lone % is refused with the reason, with
 *     no script error (D9);
 *  7. at 390 px a member with a long name keeps the battle page no wider
 *     than the window (D5);
 *  8. without JavaScript the page says so and links /api/hill.html (D11);
 *  9. at 390 px the host's page /api/hill.html is no wider than the
 *     window (D13);
 *     the text areas have names for a screen reader (D12).
 *
 *   node robust.js AMARYLLIS SRCDIR OUTDIR
 */
"use strict";
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const web = require("./lib.js");

const [amaryllis, srcdir, outdir] = process.argv.slice(2);
if (!amaryllis || !srcdir || !outdir) {
  console.error("usage: robust.js AMARYLLIS SRCDIR OUTDIR");
  process.exit(2);
}
fs.mkdirSync(outdir, { recursive: true });
const ok = web.checker();
const poll = (fn, what, ms) => web.poll(ok, fn, what, ms);
const read = f => fs.readFileSync(path.join(srcdir, f), "utf8");
const grisk = read("examples/grisk.txt"), nut = read("examples/nut.txt");
const LONG = "SuperLongLatinUnitNameWithoutAnySpacesAtAllForWrappingTest";

const text = (page, sel) => page.locator(sel).textContent();

(async () => {
  const hilldb = path.join(outdir, "robust-hill.db");
  for (const f of [hilldb, hilldb + "-wal", hilldb + "-shm"]) fs.rmSync(f, { force: true });
  execFileSync(amaryllis, ["hill", "init", hilldb, "--size", "5", "--address", "hill@example.org",
                           "--pwhash-ops", "1", "--pwhash-mem", "8192"]);
  const server = await web.serve(amaryllis, hilldb), { url, log } = server;
  const browser = await web.launch();
  await web.run("robust", ok, outdir, browser, server, async () => {
    let ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    let page = await ctx.newPage();
    const errors = [];
    page.on("pageerror", e => errors.push(e.message));

    /* 1: the check's request aborted, as when the server is down */
    await page.goto(url + "#editor");
    await page.route("**/api/check", r => r.abort("connectionrefused"));
    await page.locator("#sheet").fill(grisk);
    await poll(async () => (await text(page, "#status")).includes("サーバーに届きませんでした"),
               "the failed check's message");
    ok((await text(page, "#status")).includes("サーバーに届きませんでした") &&
       (await page.locator("#status").getAttribute("class")) === "status bad",
       `a failed request ends with a message: ${await text(page, "#status")}`);

    /* 2: a 429 in English from the server, shown in Japanese */
    await page.unroute("**/api/check");
    await page.route("**/api/check", r => r.fulfill({ status: 429, contentType: "application/json",
      body: '{"error":"busy: too many requests from this address; try again later"}' }));
    await page.locator("#sheet").fill(nut);
    await poll(async () => (await text(page, "#status")).includes("送信が多すぎます"), "the 429's words");
    ok((await text(page, "#status")).startsWith("送信が多すぎます"),
       `a 429 is worded in the page's language: ${await text(page, "#status")}`);
    await page.unroute("**/api/check");

    /* 3: a double click on 登録する: one request, "entered" */
    await page.goto(url + "#hill");
    await page.locator("#entry-action").waitFor({ timeout: 15000 });
    await page.selectOption("#entry-action", "entry");
    await page.locator("#entry-address").fill("twice@example.org");
    await page.locator("#entry-password").fill("pass-twice");
    await page.locator("#entry-sheet").fill(grisk);
    await page.locator("#entry-submit").dblclick();
    await poll(async () => (await page.locator("#entry-status").getAttribute("data-result")) !== null &&
                           !(await page.locator("#entry-submit").isDisabled()), "the entry's answer", 30000);
    const entries = (log().match(/POST \/api\/hill\/entry /g) || []).length;
    ok(entries === 1 && (await page.locator("#entry-status").getAttribute("data-result")) === "entered",
       `a double click sends one entry (${entries}), entered: ` +
       await page.locator("#entry-status").getAttribute("data-result"));
    /* the second click of a double click that comes once the answer is
     * back (the button enabled again): nothing is sent; before, a busy
     * browser let it send a second entry, which replaced the first */
    await page.locator("#entry-submit").dispatchEvent("click", { detail: 2 });
    await new Promise(r => setTimeout(r, 1000));
    const again = (log().match(/POST \/api\/hill\/entry /g) || []).length;
    ok(again === 1 && (await page.locator("#entry-status").getAttribute("data-result")) === "entered",
       `a double click's second click after the answer sends nothing (${again - 1} more)`);

    /* 4: a battle, then the hill tab, then English: the address stays.
     * The share link's two checks are held back 2 s, as a slow server
     * answers them: the hill tab is clicked before they come, and once
     * they have come the address is still #hill (it went back to
     * #replay=…, under ASan in CI, before the link was kept off the
     * address of another tab) */
    await page.goto(url + "#battle");
    await page.route("**/api/check", async r => {
      await new Promise(res => setTimeout(res, 2000));
      await r.continue().catch(() => {});
    });
    await page.locator("#sheet-a").fill(grisk);
    await page.locator("#sheet-b").fill(nut);
    await page.click("#fight");
    await poll(async () => /ヌトの勝利\s*$/.test(await text(page, "#log")), "the battle");
    await page.click('.tab[data-tab="hill"]');
    await poll(async () => new URL(page.url()).hash === "#hill", "the address #hill");
    await poll(async () => (await page.locator("#share-link").inputValue()).includes("#replay="),
               "the share link", 15000);
    await new Promise(r => setTimeout(r, 300));
    ok(new URL(page.url()).hash === "#hill" &&
       (await page.locator("#share-link").inputValue()).includes("#replay=am1."),
       `a share link made after the hill tab was shown leaves the address: ` +
       `${new URL(page.url()).hash.slice(0, 20)}`);
    await page.unroute("**/api/check");
    await page.selectOption("#lang", "en");
    await new Promise(r => setTimeout(r, 1500));   /* what a battle in the background would take */
    ok(new URL(page.url()).hash === "#hill",
       `switching the language on the hill tab keeps the address: ${new URL(page.url()).hash.slice(0, 20)}`);
    await page.click('.tab[data-tab="battle"]');
    await poll(async () => /ヌト wins\s*$/.test(await text(page, "#log")), "the battle in English");
    ok(/ヌト wins\s*$/.test(await text(page, "#log")), "the battle is in English once its tab is shown");

    /* 5: a fresh page in English: the empty editor has no error */
    await page.goto("about:blank");
    await page.goto(url + "#editor");
    await page.selectOption("#lang", "en");
    await new Promise(r => setTimeout(r, 1000));
    ok(await page.locator("#errors li").count() === 0 && !(await text(page, "#status")).includes("error"),
       `switching the language marks no error in the empty editor: '${await text(page, "#status")}'`);

    /* 6: a replay link with a lone % */
    await page.goto("about:blank");
    await page.goto(url + "#replay=am1.%ZZ");
    await poll(async () => (await text(page, "#battle-status")).includes("リプレイのリンクが読めません"),
               "the damaged link's reason");
    ok((await text(page, "#battle-status")) ===
       "リプレイのリンクが読めません：% の後が正しくありません（リンクが途中で壊れています）",
       `a lone % in a replay link is refused with the reason: ${await text(page, "#battle-status")}`);
    ok(errors.length === 0, `no script error: ${JSON.stringify(errors)}`);
    await ctx.close();

    /* 8: without JavaScript the page says so and links the standings;
     * with it the text areas have names for a screen reader */
    const nojs = await browser.newContext({ javaScriptEnabled: false });
    const p8 = await nojs.newPage();
    await p8.goto(url + "hill");
    const nos = await p8.locator(".noscript").textContent();
    ok(nos.includes("JavaScript") && await p8.locator('.noscript a[href="/api/hill.html"]').count() === 2,
       `without JavaScript the page says so and links /api/hill.html: ${nos.slice(0, 40)}`);
    await nojs.close();
    ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await ctx.newPage();
    await page.goto(url + "#editor");
    await page.locator("#sheet[aria-label]").waitFor({ timeout: 15000 });
    const names = await page.evaluate(() => ["sheet", "sheet-a", "sheet-b"].map(
      id => document.getElementById(id).getAttribute("aria-label")));
    ok(JSON.stringify(names) === JSON.stringify(["シート", "シート A", "シート B"]),
       `the text areas are named: ${JSON.stringify(names)}`);
    /* web review D12: the replay's arrow buttons are named in the page's
     * language; an error of the sheet is a button for the keyboard: Tab
     * reaches it, Enter puts the caret at its place.  The sheet
     * "グリスク：１０／１／１\nx" has its error on line 2 (x: no "："),
     * column 2; goTo selects the character there, offset 12 (11
     * characters of line 1 and its newline) + 1 = 13 */
    const arrows = await page.evaluate(() => ["first", "prev", "next", "last"].map(
      id => document.getElementById(id).getAttribute("aria-label")));
    ok(JSON.stringify(arrows) === JSON.stringify(["最初のターン", "前のターン", "次のターン", "最後のターン"]),
       `the arrow buttons are named in Japanese: ${JSON.stringify(arrows)}`);
    await page.locator("#sheet").fill("グリスク：１０／１／１\nx");
    const err = page.locator('#errors li[data-line="2"]');
    await err.waitFor({ timeout: 15000 });
    ok(await err.getAttribute("tabindex") === "0" && await err.getAttribute("role") === "button",
       "an error item is a button in the Tab order");
    await page.locator("#sheet").evaluate(e => e.setSelectionRange(0, 0));
    await err.focus();
    await page.keyboard.press("Enter");
    const at = await page.evaluate(() => [document.activeElement.id, document.getElementById("sheet").selectionStart]);
    ok(JSON.stringify(at) === JSON.stringify(["sheet", 13]),
       `Enter on the error puts the caret at line 2, column 2: ${JSON.stringify(at)}`);
    await ctx.close();

    /* 7: a phone, a member with a long name in the battle page's pickers */
    execFileSync(amaryllis, ["hill", "status", hilldb]);
    ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    page = await ctx.newPage();
    await page.goto(url + "#hill");
    await page.locator("#entry-action").waitFor({ timeout: 15000 });
    await page.selectOption("#entry-action", "entry");
    await page.locator("#entry-address").fill("long@example.org");
    await page.locator("#entry-password").fill("pass-long");
    await page.locator("#entry-sheet").fill(nut.replace("ヌト", LONG));
    await page.click("#entry-submit");
    await poll(async () => (await page.locator("#entry-status").getAttribute("data-result")) === "entered",
               "the long name entered", 30000);
    await page.click('.tab[data-tab="battle"]');
    await poll(async () => (await page.locator("select.members option").allTextContents()).includes(LONG),
               "the long name among the members");
    const [sw, iw] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    ok(sw <= iw, `at 390 px with a long member name the battle page is no wider than the window (${sw} <= ${iw})`);
    await page.screenshot({ path: path.join(outdir, "robust-battle-390.png"), fullPage: true });
    /* 9: the host's standings page on the phone: its table, heat map and
     * example mail scroll or wrap in their boxes (it was 1150 px wide) */
    const refused = [];   /* its inline <style> is allowed by its hash (CSP) */
    web.onCspRefusal(page, text => refused.push(text));
    await page.goto(url + "api/hill.html");
    const [hw, hiw] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    ok(hw <= hiw, `at 390 px /api/hill.html is no wider than the window (${hw} <= ${hiw})`);
    ok(refused.length === 0, `/api/hill.html breaks no rule of the CSP: ${refused.join(" ")}`);
    await page.screenshot({ path: path.join(outdir, "robust-hillhtml-390.png"), fullPage: true });
    await ctx.close();
  });
})().catch(e => { console.error(e); process.exit(1); });
