/* app.js - the page of `amaryllis serve`: the editor (checked as you type),
 * the battle replay with its ＨＰ chart, and the hill.  Everything goes
 * through the JSON API of docs/WEB.md; no framework. */
"use strict";

const T = {
  ja: {
    title: "アマリリス", tab_editor: "エディタ", tab_battle: "戦闘", tab_hill: "丘",
    lang: "言語", sheet: "シート", example: "例", normalised: "正規化したシート",
    costs: "技術とコスト", fight: "戦闘開始", standings: "順位表", entry: "登録",
    name: "名前", address: "メールアドレス", password: "パスワード", enter: "登録する",
    checking: "検査中…", legal: "正しいシートです", errors: n => `誤り ${n} 件`,
    more: n => `ほかに ${n} 件の誤り`, line_col: (l, c) => `${l}行${c}桁`,
    unit: "ユニット", bonus: "ボーナス", tech: "技術", used: "使用", action: "アクション",
    cls: "クラス", cost: "コスト", running: "戦闘中…", turn_of: (i, n) => `${i} / ${n}`,
    rank: "順位", player: "プレイヤー", wins: "勝", draws: "分", losses: "負", points: "点",
    margin: "ＨＰ差", entered: "登録日時", sending: "送信中…", none: "（なし）",
    pick: "―", failed: "失敗しました", from_hill: "丘から", heatmap: "対戦表のヒートマップ",
    result: {entered: "登録しました", replaced: "置き換えました", tested: "試しました",
             withdrawn: "取り下げました", status: "順位表を返しました", rejected: "却下されました"},
  },
  en: {
    title: "Amaryllis", tab_editor: "Editor", tab_battle: "Battle", tab_hill: "Hill",
    lang: "Language", sheet: "Sheet", example: "Example", normalised: "Normalised sheet",
    costs: "技術 and costs", fight: "Fight", standings: "Standings", entry: "Entry",
    name: "Name", address: "Mail address", password: "Password", enter: "Enter",
    checking: "checking…", legal: "legal sheet", errors: n => `${n} error${n === 1 ? "" : "s"}`,
    more: n => `${n} more errors`, line_col: (l, c) => `line ${l}, col ${c}`,
    unit: "unit", bonus: "bonus", tech: "技術", used: "used", action: "action",
    cls: "class", cost: "cost", running: "fighting…", turn_of: (i, n) => `${i} / ${n}`,
    rank: "rank", player: "player", wins: "W", draws: "D", losses: "L", points: "pts",
    margin: "margin", entered: "entered", sending: "sending…", none: "(none)",
    pick: "—", failed: "failed", from_hill: "From the hill", heatmap: "heat map of the cross table",
    result: {entered: "entered", replaced: "replaced", tested: "tested",
             withdrawn: "withdrawn", status: "status sent", rejected: "rejected"},
  },
};
const EXAMPLES = ["grisk", "nut", "awako", "uji", "shinigami"];
const $ = id => document.getElementById(id);
let lang = "ja";
const t = (k, ...a) => { const v = T[lang][k]; return typeof v === "function" ? v(...a) : v; };

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const k of kids) e.append(k);
  return e;
}

async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify(body)});
  const type = r.headers.get("Content-Type") || "";
  const data = type.startsWith("application/json") ? await r.json() : await r.text();
  return {status: r.status, data};
}

/* ---- language and tabs -------------------------------------------------- */

function applyLang() {
  document.documentElement.lang = lang;
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  for (const s of document.querySelectorAll("select.examples, select.members")) {
    if (s.firstChild) s.firstChild.textContent = t("pick");
  }
  showResult();
  check();
  if (lastBattle) fight();
  if ($("hill").classList.contains("active")) loadHill();
}

function showTab(name) {
  for (const b of document.querySelectorAll(".tab")) b.classList.toggle("active", b.dataset.tab === name);
  for (const p of document.querySelectorAll(".page")) p.classList.toggle("active", p.id === name);
  if (name === "hill") loadHill();
  if (name === "battle" && !$("tab-hill").hidden) refreshPickers();
}

/* ---- editor ------------------------------------------------------------- */

let checkSeq = 0, checkTimer = null;

function gutter(errLines) {
  const n = $("sheet").value.split("\n").length;
  const g = $("gutter");
  g.textContent = "";
  for (let i = 1; i <= n; i++) {
    const s = el("span", errLines.has(i) ? {class: "bad", "data-line": i} : {"data-line": i}, String(i));
    g.append(s, "\n");
  }
  g.scrollTop = $("sheet").scrollTop;
}

/* Select line:col (columns count characters) in the textarea. */
function goTo(line, col) {
  const ta = $("sheet"), lines = ta.value.split("\n");
  let pos = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) pos += lines[i].length + 1;
  const chars = Array.from(lines[line - 1] || "");
  pos += chars.slice(0, col - 1).join("").length;
  ta.focus();
  ta.setSelectionRange(pos, pos + 1);
}

async function check() {
  const seq = ++checkSeq, text = $("sheet").value;
  $("status").textContent = t("checking");
  $("status").className = "status";
  const {status, data} = await api("/api/check", {sheet: text, lang});
  if (seq !== checkSeq) return;           /* a newer check is on its way */
  const errs = $("errors"), bad = new Set();
  errs.textContent = "";
  if (status !== 200) {
    $("status").textContent = data.error || t("failed");
    $("status").className = "status bad";
    return;
  }
  for (const e of data.errors) {
    bad.add(e.line);
    const li = el("li", {"data-line": e.line, "data-col": e.col},
                  el("span", {class: "at"}, t("line_col", e.line, e.col)), e.message);
    li.addEventListener("click", () => goTo(e.line, e.col));
    errs.append(li);
  }
  if (data.more_errors) errs.append(el("li", {}, t("more", data.more_errors)));
  gutter(bad);
  $("status").textContent = data.ok ? t("legal") : t("errors", data.errors.length + data.more_errors);
  $("status").className = data.ok ? "status ok" : "status bad";
  $("normalised").textContent = data.normalised || "";
  const units = $("units"), acts = $("actions");
  units.textContent = acts.textContent = "";
  if (data.cost) {
    units.append(el("tr", {}, el("th", {}, t("unit")), el("th", {}, t("bonus")),
                    el("th", {}, t("tech")), el("th", {}, t("used"))));
    for (const u of data.cost.units)
      units.append(el("tr", {}, el("td", {}, u.name), el("td", {class: "num"}, String(u.bonus)),
                      el("td", {class: "num"}, String(u.tech)), el("td", {class: "num"}, String(u.used))));
    acts.append(el("tr", {}, el("th", {}, t("action")), el("th", {}, t("cls")), el("th", {}, t("cost"))));
    for (const a of data.cost.actions)
      acts.append(el("tr", {class: "action"}, el("td", {}, a.name), el("td", {}, a.class),
                     el("td", {class: "num cost"}, String(a.cost))));
  }
}

function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 150);
  gutter(new Set());
}

/* ---- battle ------------------------------------------------------------- */

let turns = [], shown = 0, lastBattle = null;

/* The text log in steps: a step starts at a turn heading or the result. */
function splitLog(text) {
  const paras = text.replace(/\n+$/, "").split(/\n\n/), steps = [];
  for (const p of paras) {
    if (/^(第.+ターン|Turn \d+|結果|Result)/.test(p) || steps.length === 0) steps.push(p);
    else steps[steps.length - 1] += "\n\n" + p;
  }
  return steps;
}

function showStep(i) {
  shown = Math.max(1, Math.min(turns.length, i));
  const log = $("log");
  log.textContent = "";
  turns.slice(0, shown).forEach((s, k) =>
    log.append(el("span", {class: "turn" + (k === shown - 1 ? " current" : "")}, s)));
  log.scrollTop = log.scrollHeight;
  $("position").textContent = t("turn_of", shown, turns.length);
  markTurn();
}

/* The chart's marker at the end of the turn on screen (sample turn + 1;
 * the result: the last sample). */
function markTurn() {
  const head = (turns[shown - 1] || "").split("\n")[0];
  const digits = head.replace(/[０-９]/g, c => String.fromCharCode(c.charCodeAt(0) - 0xFEE0));
  const m = /^第(\d+)ターン|^Turn (\d+)/.exec(digits);
  const marks = document.querySelectorAll("#chart .turn-mark");
  let x = -1;
  if (m) x = +(m[1] || m[2]) + 1;
  else for (const e of marks) x = Math.max(x, +e.dataset.x);
  for (const e of marks) e.setAttribute("visibility", +e.dataset.x === x ? "visible" : "hidden");
}

async function fight() {
  const body = {a: $("sheet-a").value, b: $("sheet-b").value, lang, format: "text"};
  lastBattle = body;
  $("battle-status").textContent = t("running");
  $("battle-status").className = "status";
  const [log, svg] = await Promise.all([api("/api/battle", body), api("/api/battle.svg", body)]);
  if (log.status !== 200) {
    let msg = log.data.error || t("failed");
    for (const side of ["a", "b"]) {
      const v = log.data[side];
      if (v && !v.ok) msg += `\n${side.toUpperCase()}: ` +
        v.errors.map(e => `${t("line_col", e.line, e.col)} ${e.message}`).join("\n   ");
    }
    $("battle-status").textContent = msg;
    $("battle-status").className = "status bad";
    $("replay").hidden = true;
    return;
  }
  $("battle-status").textContent = "";
  turns = splitLog(log.data);
  $("replay").hidden = false;
  $("chart").innerHTML = svg.status === 200 ? svg.data : "";
  showStep(turns.length);
}

/* ---- hill --------------------------------------------------------------- */

async function loadHill() {
  const {status, data} = await api("/api/hill");
  if (status !== 200) return false;
  $("tab-hill").hidden = false;
  $("hill-name").textContent = `${t("standings")}: ${data.name}`;
  const tb = $("standings");
  tb.textContent = "";
  tb.append(el("tr", {}, ...["rank", "name", "player", "wins", "draws", "losses", "points", "margin", "entered"]
    .map(k => el("th", {}, t(k)))));
  /* the player's chosen name (never the owner's mail address: the
   * standings do not carry it); empty when the hill gives none */
  for (const s of data.standings)
    tb.append(el("tr", {class: "member"}, el("td", {class: "num"}, String(s.rank)),
      el("td", {class: "name"}, s.name), el("td", {class: "player"}, s.player ?? ""),
      ...[s.wins, s.draws, s.losses, s.points, s.margin].map(v => el("td", {class: "num"}, String(v))),
      el("td", {}, s.entered)));
  fillPickers(data.standings.map(s => s.name));
  /* the heat map alone (GET /api/hill.svg): the table is the one above */
  const img = $("heatmap");
  img.hidden = data.standings.length === 0;
  img.alt = t("heatmap");
  img.src = (lang === "en" ? "/api/hill.en.svg" : "/api/hill.svg") + "?t=" + Date.now();
  return true;
}

/* The battle page's pickers: a select of the hill's members per side
 * (shown only when the server has a hill); the choice stays selected. */
function fillPickers(names) {
  for (const s of document.querySelectorAll("select.members")) {
    const keep = s.value;
    s.textContent = "";
    s.append(el("option", {value: ""}, t("pick")));
    for (const n of names) s.append(el("option", {value: n}, n));
    s.value = names.includes(keep) ? keep : "";
    s.parentElement.hidden = false;
  }
}

/* The members anew (entries by mail come in while the page is open). */
async function refreshPickers() {
  const {status, data} = await api("/api/hill");
  if (status === 200) fillPickers(data.standings.map(s => s.name));
}

/* A member's sheet as entered (GET /api/hill/sheet) into the side's
 * textarea; a mailed sheet's blanked directive lines are dropped. */
async function pickMember(select) {
  if (!select.value) return;
  const ta = $(select.dataset.target);
  const {status, data} = await api("/api/hill/sheet?name=" + encodeURIComponent(select.value));
  if (status !== 200) {
    $("battle-status").textContent = data.error || t("failed");
    $("battle-status").className = "status bad";
    return;
  }
  ta.value = data.sheet.replace(/^(\s*\n)+/, "");
  ta.dispatchEvent(new Event("input"));
}

async function enter(ev) {
  ev.preventDefault();
  delete $("entry-status").dataset.result;
  $("entry-status").textContent = t("sending");
  const {status, data} = await api("/api/hill/entry", {
    name: $("entry-name").value, address: $("entry-address").value,
    password: $("entry-password").value, sheet: $("entry-sheet").value, lang});
  /* the machine value (X-Amaryllis-Result) stays in data-result; the label
   * is in the page's language (showResult) */
  const st = $("entry-status");
  st.dataset.result = data.result || "";
  st.dataset.error = data.result ? "" : (data.error || String(status));
  st.className = status === 200 ? "status ok" : "status bad";
  showResult();
  $("entry-reply").textContent = data.reply || "";
  loadHill();
}

/* The entry's result label in the page's language, from data-result (an
 * unknown value is shown as it is), or the server's error text. */
function showResult() {
  const st = $("entry-status");
  if (st.dataset.result === undefined) return;
  const r = st.dataset.result;
  st.textContent = r ? (t("result")[r] || r) : st.dataset.error;
}

/* ---- start -------------------------------------------------------------- */

async function loadExample(select) {
  if (!select.value) return;
  const r = await fetch(`/examples/${select.value}.txt`);
  const ta = $(select.dataset.target);
  ta.value = await r.text();
  ta.dispatchEvent(new Event("input"));
  select.value = "";
}

document.addEventListener("DOMContentLoaded", () => {
  for (const b of document.querySelectorAll(".tab")) b.addEventListener("click", () => showTab(b.dataset.tab));
  $("lang").addEventListener("change", () => { lang = $("lang").value; applyLang(); });
  $("sheet").addEventListener("input", scheduleCheck);
  $("sheet").addEventListener("scroll", () => { $("gutter").scrollTop = $("sheet").scrollTop; });
  for (const s of document.querySelectorAll("select.examples")) {
    s.append(el("option", {value: ""}, t("pick")));
    for (const x of EXAMPLES) s.append(el("option", {value: x}, x));
    s.addEventListener("change", () => loadExample(s));
  }
  for (const s of document.querySelectorAll("select.members"))
    s.addEventListener("change", () => pickMember(s));
  $("fight").addEventListener("click", fight);
  $("first").addEventListener("click", () => showStep(1));
  $("prev").addEventListener("click", () => showStep(shown - 1));
  $("next").addEventListener("click", () => showStep(shown + 1));
  $("last").addEventListener("click", () => showStep(turns.length));
  $("entry").addEventListener("submit", enter);
  gutter(new Set());
  loadHill();
});
