#!/usr/bin/env node
/*
 * pictures.js - every picture the tools draw, opened in a real browser
 * (Debian's chromium, headless, driven by playwright-core) and checked:
 *
 *   node pictures.js OUTDIR MANIFEST.json
 *
 * MANIFEST lists the pictures pictures.sh made: [{name, file, labels,
 * absent, titles, absentTitles, maxHeight, minHeight, maxWidth}].  For each SVG file:
 *   - it loads as an SVG document whose width and height are its viewBox's
 *     (so nothing is scaled away) and at most maxHeight px tall;
 *   - every <text> lies inside the picture: its getBBox() (grown by its
 *     transform, e.g. the rotated axis names) within the viewBox;
 *   - every label of `labels` is the text of some <text> (or a part of
 *     it), none of `absent` is, every <text> is drawn at 9 px or more,
 *     and the hover texts (<title>) include `titles`, not `absentTitles`;
 *   - a screenshot of it goes to OUTDIR/NAME.png (kept as a build
 *     artefact: look at them).
 * An HTML page (name ending in .html) is checked the same way for the
 * <svg> in it.  Exit 0 when every check holds, 1 otherwise.
 */
"use strict";
const { chromium } = require("playwright-core");
const fs = require("fs");
const path = require("path");

const [outdir, manifest] = process.argv.slice(2);
if (!outdir || !manifest) {
  console.error("usage: pictures.js OUTDIR MANIFEST.json");
  process.exit(2);
}
let failures = 0;
function ok(cond, what) {
  console.log(`${cond ? "ok" : "FAIL"}: ${what}`);
  if (!cond) failures++;
}

/* In the page: the picture's size and every text's box and font size. */
function measure() {
  const svg = document.querySelector("svg");
  if (!svg) return null;
  const vb = svg.viewBox.baseVal;
  const texts = [...svg.querySelectorAll("text")].map(t => {
    const b = t.getBBox(), m = t.getCTM(), sm = svg.getCTM();
    /* the box's corners in the svg's own coordinates */
    const rel = sm.inverse().multiply(m);
    const pts = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
                 [b.x + b.width, b.y + b.height]].map(([x, y]) => {
      const p = new DOMPoint(x, y).matrixTransform(rel);
      return [p.x, p.y];
    });
    const xs = pts.map(p => p[0]), ys = pts.map(p => p[1]);
    return {
      text: t.textContent,
      x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys),
      size: parseFloat(getComputedStyle(t).fontSize),
    };
  });
  return {
    width: svg.width.baseVal.value, height: svg.height.baseVal.value,
    vb: vb ? { x: vb.x, y: vb.y, w: vb.width, h: vb.height } : null,
    texts,
  };
}

(async () => {
  const list = JSON.parse(fs.readFileSync(manifest, "utf8"));
  fs.mkdirSync(outdir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    for (const p of list) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto("file://" + path.resolve(p.file));
      const m = await page.evaluate(measure);
      ok(m !== null, `${p.name}: an <svg> is there`);
      if (!m) { await page.close(); continue; }
      ok(m.vb && m.vb.x === 0 && m.vb.y === 0 && m.vb.w === m.width && m.vb.h === m.height,
         `${p.name}: ${m.width} × ${m.height}, its viewBox the same`);
      ok(m.height <= p.maxHeight && m.height >= (p.minHeight || 100),
         `${p.name}: height ${m.height} px within ${p.minHeight || 100}…${p.maxHeight}`);
      ok(m.width <= (p.maxWidth || 1200), `${p.name}: width ${m.width} px at most ${p.maxWidth || 1200}`);
      const out = m.texts.filter(t => t.text.trim() !== "" &&
        (t.x0 < -0.5 || t.y0 < -0.5 || t.x1 > m.width + 0.5 || t.y1 > m.height + 0.5));
      ok(out.length === 0, `${p.name}: every text inside the picture` +
         (out.length ? ": " + JSON.stringify(out.slice(0, 5)) : ""));
      const small = m.texts.filter(t => t.size < 9);
      ok(small.length === 0, `${p.name}: every text at 9 px or more` +
         (small.length ? ": " + JSON.stringify(small.slice(0, 3)) : ""));
      for (const l of p.labels || [])
        ok(m.texts.some(t => t.text.includes(l)), `${p.name}: shows "${l}"`);
      for (const l of p.absent || [])
        ok(!m.texts.some(t => t.text.includes(l)), `${p.name}: does not show "${l}"`);
      if (p.titles || p.absentTitles) {
        const titles = await page.evaluate(() =>
          [...document.querySelectorAll("svg title")].map(t => t.textContent));
        for (const l of p.titles || [])
          ok(titles.some(t => t.includes(l)), `${p.name}: a <title> (hover) says "${l}"`);
        for (const l of p.absentTitles || [])
          ok(!titles.some(t => t.includes(l)), `${p.name}: no <title> says "${l}"`);
      }
      if (p.file.endsWith(".html")) {
        await page.setViewportSize({ width: 1000, height: 900 });
        await page.screenshot({ path: path.join(outdir, p.name + ".png"), fullPage: true });
      } else {
        await page.setViewportSize({ width: Math.ceil(m.width), height: Math.ceil(m.height) });
        await page.screenshot({ path: path.join(outdir, p.name + ".png") });
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  console.log(failures ? `${failures} check(s) failed` : "all checks passed");
  process.exit(failures ? 1 : 0);
})().catch(e => { console.error(e); process.exit(1); });
