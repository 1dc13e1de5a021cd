/* app.js - the page of `amaryllis serve`: the editor (checked as you type),
 * the battle replay with its ＨＰ chart, and the hill.  Everything goes
 * through the JSON API of docs/WEB.md; no framework.  Each tab has an
 * address (#editor, #battle, #hill, or the paths /editor, /battle, /hill),
 * and each battle a link #replay=am1.… that holds both sheets (the replay
 * token of docs/AMARYLLIS.md LG-TOKEN-1): nothing is stored on the server. */
"use strict";

const T = {
  ja: {
    title: "アマリリス", tab_editor: "エディタ", tab_battle: "戦闘", tab_hill: "丘",
    lang: "言語", sheet: "シート", example: "例", normalised: "正規化したシート",
    costs: "技術とコスト", fight: "戦闘開始", standings: "順位表", entry: "登録・テスト・撤退",
    name: "プレイヤー名（順位表に出ます）", address: "メールアドレス", password: "パスワード",
    enter: "登録する", enter_test: "試す", enter_withdraw: "撤退させる",
    action: "すること", act_entry: "登録（#entry）", act_test: "試す（#test：何も保存しない）",
    act_withdraw: "撤退させる（#撤退・#withdraw）", unit_name: "撤退させるユニットの名前",
    unit_sheet: "ユニットのシート",
    checking: "検査中…", legal: "正しいシートです", errors: n => `誤り ${n} 件`,
    more: n => `ほかに ${n} 件の誤り`, line_col: (l, c) => `${l}行${c}桁`,
    unit: "ユニット", bonus: "ボーナス", tech: "技術", used: "使用", action_h: "アクション",
    cls: "クラス", cost: "コスト", running: "戦闘中…", turn_of: (i, n) => `${i} / ${n}`,
    rank: "順位", player: "プレイヤー", wins: "勝", draws: "分", losses: "負", points: "点",
    margin: "ＨＰ差", entered: "登録日時", sending: "送信中…", none: "（なし）",
    nobody: "（まだ誰もいません）",
    pick: "―", failed: "失敗しました", from_hill: "丘から", heatmap: "対戦表のヒートマップ",
    unreachable: "サーバーに届きませんでした（ネットワークかサーバーが止まっています）。もう一度試してください",
    http_403: "このページ以外からの送信は受け付けません（プロキシの Host の設定を確かめてください）",
    http_413: "送る内容が大きすぎます",
    http_429: "送信が多すぎます。少し待ってからもう一度試してください",
    http_503: "丘が混み合っています。少し待ってからもう一度試してください",
    tok_percent: "% の後が正しくありません（リンクが途中で壊れています）",
    result: {entered: "登録しました", replaced: "差し替えました", tested: "試しました",
             withdrawn: "撤退させました", rejected: "却下されました"},
    not_stayed: "登録されませんでした：最下位で丘に残れませんでした",
    would_not_stay: "試しました：最下位で丘に残れません",
    count: (n, m) => `${n} 体（定員 ${m}）`,
    template: "ひな形を入れる", guide: "シートの書き方",
    placeholder: "ここにユニットシートを書きます（「ひな形を入れる」か「例」から始められます）",
    share: "この戦闘へのリンク", copy: "コピー", copied: "コピーしました",
    dl_text: "ログ（テキスト）", dl_json: "ログ（JSON）",
    play: "自動再生", pause: "一時停止", speed: "速さ",
    step_first: "最初のターン", step_prev: "前のターン", step_next: "次のターン", step_last: "最後のターン",
    speed_slow: "ゆっくり（2秒）", speed_normal: "ふつう（1秒）", speed_fast: "速い（0.4秒）",
    bad_token: why => `リプレイのリンクが読めません：${why}`,
    tok_prefix: "am1. で始まっていません", tok_chars: "base64url の文字でない文字があります",
    tok_two: "シートが3枚以上あります", tok_long: "65,536 文字を超えています",
    tok_cut: "途中で切れているか壊れています（行全体をコピーしてください）",
    howto: "参加のしかた",
  },
  en: {
    title: "Amaryllis", tab_editor: "Editor", tab_battle: "Battle", tab_hill: "Hill",
    lang: "Language", sheet: "Sheet", example: "Example", normalised: "Normalised sheet",
    costs: "Tech and costs", fight: "Fight", standings: "Standings", entry: "Enter, test or withdraw",
    name: "Player's name (shown in the standings)", address: "Mail address", password: "Password",
    enter: "Enter", enter_test: "Test", enter_withdraw: "Withdraw",
    action: "What to do", act_entry: "enter (#entry)", act_test: "test (#test: nothing is stored)",
    act_withdraw: "withdraw (#withdraw)", unit_name: "Name of the unit to withdraw",
    unit_sheet: "The unit's sheet",
    checking: "checking…", legal: "legal sheet", errors: n => `${n} error${n === 1 ? "" : "s"}`,
    more: n => `${n} more errors`, line_col: (l, c) => `line ${l}, col ${c}`,
    unit: "unit", bonus: "bonus", tech: "tech", used: "used", action_h: "action",
    cls: "class", cost: "cost", running: "fighting…", turn_of: (i, n) => `${i} / ${n}`,
    rank: "rank", player: "player", wins: "W", draws: "D", losses: "L", points: "pts",
    margin: "margin", entered: "entered", sending: "sending…", none: "(none)",
    nobody: "(nobody yet)",
    pick: "—", failed: "failed", from_hill: "From the hill", heatmap: "heat map of the cross table",
    unreachable: "the server could not be reached (the network or the server is down); try again",
    http_403: "only this page may send here (check the proxy's Host setting)",
    http_413: "what was sent is too large",
    http_429: "too many requests; wait a moment and try again",
    http_503: "the hill is busy; wait a moment and try again",
    tok_percent: "a % not followed by two hex digits (the link was damaged)",
    result: {entered: "entered", replaced: "replaced", tested: "tested",
             withdrawn: "withdrawn", rejected: "rejected"},
    not_stayed: "not entered: it was the last and did not stay on the hill",
    would_not_stay: "tested: it would be the last and would not stay",
    count: (n, m) => `${n} member${n === 1 ? "" : "s"} of at most ${m}`,
    template: "Insert a template", guide: "How to write a sheet",
    placeholder: "Write a unit sheet here (start from \"Insert a template\" or an example)",
    share: "Link to this battle", copy: "Copy", copied: "copied",
    dl_text: "Log (text)", dl_json: "Log (JSON)",
    play: "Play", pause: "Pause", speed: "Speed",
    step_first: "first turn", step_prev: "previous turn", step_next: "next turn", step_last: "last turn",
    speed_slow: "slow (2 s)", speed_normal: "normal (1 s)", speed_fast: "fast (0.4 s)",
    bad_token: why => `the replay link cannot be read: ${why}`,
    tok_prefix: "it does not start with am1.", tok_chars: "a character that is not base64url",
    tok_two: "more than two sheets", tok_long: "longer than 65,536 characters",
    tok_cut: "it is cut or damaged (copy the whole line)",
    howto: "How to enter",
  },
};

/* The editor's template: a legal sheet whose comments say what goes where. */
const TEMPLATE = {
  ja: "# 1行目はユニット：名前：ＨＰ／攻撃力／防御力／素早さ／アクション、…\n" +
      "# ボーナス10点で買う：ＨＰは5ごとに1点、ほかは1ごとに1点、残りが技術\n" +
      "アマリリス：１０／２／１／２／突き、守り\n\n" +
      "# アクションは1行ずつ：・名前：クラス＜カスタマイズ＞\n" +
      "・突き：直接攻撃\n・守り：防御力＋１＜リミテッド＞\n",
  en: "# line 1 is the unit: NAME：HP／attack／defence／speed／ACTION、…\n" +
      "# bought with 10 bonus points: HP 1 per 5, the others 1 each; the rest is tech\n" +
      "Amaryllis：１０／２／１／２／Thrust、Guard\n\n" +
      "# one line per action: ・NAME：CLASS＜CUSTOMISATION＞\n" +
      "・Thrust：直接攻撃\n・Guard：防御力＋１＜リミテッド＞\n",
};

/* The short guide under the editor (static text of this file). */
const GUIDE = {
  ja: `<p>1行目がユニット：<code>名前：ＨＰ／攻撃力／防御力／素早さ／アクション、アクション…</code></p>
<ul>
<li>能力はボーナス10点で買います：ＨＰは5ごとに1点、攻撃力・防御力・素早さは1ごとに1点。残りが<b>技術</b>です。</li>
<li>アクションは1行ずつ <code>・名前：クラス＜カスタマイズ＞</code>。コスト <code>（１）</code> は書かなくても計算されます。セットしたアクションのコストの合計は技術以下です。</li>
<li>クラスの例：直接攻撃、防御無視攻撃、攻撃力＋Ｎ、防御力＋Ｎ、ＨＰ減殺、ライフ与え。カスタマイズの例：＜リミテッド＞、＜遅延起動Ｎ＞、＜効果２倍＞。</li>
<li><code>#</code> で始まる行は注釈です。全角と半角は同じに読みます。誤りは行と桁で示され、クリックするとその場所に移ります。</li>
</ul>`,
  en: `<p>Line 1 is the unit: <code>NAME：HP／attack／defence／speed／ACTION、ACTION…</code></p>
<ul>
<li>The stats are bought with 10 bonus points: HP costs 1 per 5, attack, defence and speed 1 each. What is left is <b>tech</b> (技術).</li>
<li>One line per action: <code>・NAME：CLASS＜CUSTOMISATION＞</code>. The cost <code>（１）</code> may be left out: it is computed. The costs of the actions set add up to at most tech.</li>
<li>Classes are Japanese words, e.g. 直接攻撃 (direct attack), 防御無視攻撃, 攻撃力＋Ｎ, 防御力＋Ｎ, ＨＰ減殺, ライフ与え; customisations e.g. ＜リミテッド＞, ＜遅延起動Ｎ＞, ＜効果２倍＞.</li>
<li>Lines starting with <code>#</code> are comments; full-width and half-width forms are the same. Errors are shown by line and column; click one to go there.</li>
</ul>`,
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

/* The refusals the server words in English only (made before the body is
 * read: docs/WEB.md "Security"), in the page's language. */
const HTTP_WORDED = [403, 413, 429, 503];

/* A request: {status, data}, data the JSON (or the text of another type);
 * a network failure is status 0 and a refusal of HTTP_WORDED or a
 * proxy's page (not JSON) gets data.error in the page's language, so that
 * no caller waits for ever or shows another language. */
async function api(path, body) {
  let r;
  try {
    r = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify(body)});
  } catch (e) {
    return {status: 0, data: {error: t("unreachable")}};
  }
  const type = r.headers.get("Content-Type") || "";
  let data;
  try {
    data = type.startsWith("application/json") ? await r.json() : await r.text();
  } catch (e) {
    return {status: 0, data: {error: t("unreachable")}};
  }
  if (r.status !== 200 && typeof data !== "object") data = {error: t("failed")};
  if (HTTP_WORDED.includes(r.status)) data = Object.assign({}, data, {error: t("http_" + r.status)});
  return {status: r.status, data};
}

/* ---- language and tabs -------------------------------------------------- */

/* Every label of the page in its language (the texts of T). */
function labels() {
  document.documentElement.lang = lang;
  document.title = t("title");
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  /* the replay's arrow buttons (|◀ ◀ ▶ ▶|): a name in the page's language
   * for a screen reader, and the same words on hover */
  for (const e of document.querySelectorAll("[data-name]")) {
    e.title = t(e.dataset.name);
    e.setAttribute("aria-label", t(e.dataset.name));
  }
  for (const s of document.querySelectorAll("select.examples, select.members")) {
    if (s.firstChild) s.firstChild.textContent = t("pick");
  }
  $("sheet").placeholder = t("placeholder");
  /* the text areas' names for a screen reader (their headings are not
   * labels) */
  $("sheet").setAttribute("aria-label", t("sheet"));
  $("sheet-a").setAttribute("aria-label", t("sheet") + " A");
  $("sheet-b").setAttribute("aria-label", t("sheet") + " B");
  $("status").setAttribute("role", "status");
  $("battle-status").setAttribute("role", "status");
  $("entry-status").setAttribute("role", "status");
  $("guide-body").innerHTML = GUIDE[lang];   /* static text of this file */
  entryAction();
  playLabel();
}

function applyLang() {
  labels();
  showResult();
  /* an empty editor stays unmarked, as on a fresh page */
  if ($("sheet").value) check();
  /* the battle again in the new language when it is on screen (fight
   * puts its link in the address); else when its tab is shown */
  if (lastBattle && $("battle").classList.contains("active")) fight();
  else if (lastBattle) battleStale = true;
  if (hillData) howto(hillData);
  if ($("hill").classList.contains("active")) loadHill();
}

const TABS = ["editor", "battle", "hill"];

let battleStale = false;   /* the battle shown is in the other language */

function showTab(name) {
  for (const b of document.querySelectorAll(".tab")) b.classList.toggle("active", b.dataset.tab === name);
  for (const p of document.querySelectorAll(".page")) p.classList.toggle("active", p.id === name);
  if (name === "battle" && battleStale && lastBattle) { battleStale = false; fight(); }
  if (name === "hill") loadHill().then(ok => { if (!ok) showTab("editor"); });
  if (name === "battle" && !$("tab-hill").hidden) refreshPickers();
}

/* The tab (or the replay) the address names: #replay=TOKEN, #TAB, or the
 * path /TAB; the editor otherwise. */
function route() {
  let h = location.hash.slice(1);
  try { h = decodeURIComponent(h); }
  catch (e) {   /* a % not followed by two hex digits: a damaged link */
    if (h.startsWith("replay=")) return refuseReplay(t("tok_percent"));
    h = "";
  }
  if (h.startsWith("replay=")) return openReplay(h.slice(7));
  const p = location.pathname.replace(/^\//, "");
  showTab(TABS.includes(h) ? h : TABS.includes(p) ? p : "editor");
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
    /* a button to the keyboard too: Tab reaches it, Enter or Space goes
     * to the place as a click does */
    li.tabIndex = 0;
    li.setAttribute("role", "button");
    li.addEventListener("click", () => goTo(e.line, e.col));
    li.addEventListener("keydown", ev => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); goTo(e.line, e.col); }
    });
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
    acts.append(el("tr", {}, el("th", {}, t("action_h")), el("th", {}, t("cls")), el("th", {}, t("cost"))));
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

/* ---- replay tokens (LG-TOKEN-1) ----------------------------------------- */

const TOKEN_MAX = 65536;

function b64urlEncode(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 8192)
    bin += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/* "am1." + base64url(A NUL B), no padding: what `battle --token A B` prints
 * for the sheets as `check` normalises them (Japanese). */
function makeToken(a, b) {
  return "am1." + b64urlEncode(new TextEncoder().encode(a + "\0" + b));
}

/* The two sheets of a token, or an Error saying why it is refused (as
 * `battle --replay` refuses it). */
function readToken(tok) {
  if (tok.length > TOKEN_MAX) throw new Error(t("tok_long"));
  if (!tok.startsWith("am1.")) throw new Error(t("tok_prefix"));
  const s = tok.slice(4);
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error(t("tok_chars"));
  /* a token cut short (a mail program's line length) mostly ends as
   * base64url that cannot end there, in the middle of a character or
   * before the NUL: each says cut or damaged, as `battle --replay` does
   * (review 2026-12-06: a cut token was "not exactly two sheets") */
  if (s.length % 4 === 1) throw new Error(t("tok_cut"));
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4));
  const bytes = Uint8Array.from(bin, c => c.charCodeAt(0));
  if (b64urlEncode(bytes) !== s) throw new Error(t("tok_cut"));   /* last bits not zero */
  let text;
  try { text = new TextDecoder("utf-8", {fatal: true}).decode(bytes); }
  catch (e) { throw new Error(t("tok_cut")); }
  const parts = text.split("\0");
  if (parts.length < 2) throw new Error(t("tok_cut"));
  if (parts.length > 2) throw new Error(t("tok_two"));
  /* each sheet as `check` normalises it ends with a newline: one that
   * does not has lost its end (LG-TOKEN-1) */
  if (parts.some(p => !p.endsWith("\n"))) throw new Error(t("tok_cut"));
  return parts;
}

/* The battle page saying why a replay link is refused. */
function refuseReplay(why) {
  showTab("battle");
  $("battle-status").textContent = t("bad_token", why);
  $("battle-status").className = "status bad";
  $("replay").hidden = true;
  lastBattle = null;   /* nothing to fight again in another language */
}

/* #replay=TOKEN: both sheets into the battle page, and fought. */
function openReplay(tok) {
  showTab("battle");
  let sheets;
  try { sheets = readToken(tok); }
  catch (e) { return refuseReplay(e.message); }
  $("sheet-a").value = sheets[0];
  $("sheet-b").value = sheets[1];
  fight();
}

/* The link of the battle on screen: the sheets as `check` normalises them
 * (so the token is the one the hill and the CLI give for them), and
 * ?lang=en on the English page, so that it opens in English (a shared
 * link opened in Japanese until 2026-12-06). */
async function shareLink(a, b, seq) {
  const [na, nb] = await Promise.all([api("/api/check", {sheet: a, lang: "ja"}),
                                      api("/api/check", {sheet: b, lang: "ja"})]);
  if (seq !== fightSeq) return;           /* a newer battle is on its way */
  if (na.status !== 200 || nb.status !== 200 || !na.data.ok || !nb.data.ok) return;
  const url = location.origin + "/" + (lang === "en" ? "?lang=en" : "") + "#replay=" +
    makeToken(na.data.normalised, nb.data.normalised);
  $("share-link").value = url;
  /* the address names the battle only while it is on screen: a reader
   * who went to another tab while the link was made stays there (the
   * address went back to #replay= under a slow server) */
  if ($("battle").classList.contains("active")) history.replaceState(null, "", url);
}

/* ---- battle ------------------------------------------------------------- */

let downloads = [];

function download(id, data, type) {
  const a = $(id);
  const url = URL.createObjectURL(new Blob([data], {type}));
  downloads.push(url);
  a.href = url;
}

let fightSeq = 0;

async function fight() {
  stopPlay();
  const seq = ++fightSeq;
  const body = {a: $("sheet-a").value, b: $("sheet-b").value, lang, format: "text"};
  lastBattle = body;
  $("battle-status").textContent = t("running");
  $("battle-status").className = "status";
  const json = Object.assign({}, body);
  delete json.format;
  const [log, svg, doc] = await Promise.all([api("/api/battle", body), api("/api/battle.svg", body),
                                             api("/api/battle", json)]);
  if (seq !== fightSeq) return;           /* a newer battle (another language) replaces this one */
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
  for (const u of downloads) URL.revokeObjectURL(u);
  downloads = [];
  download("dl-text", log.data, "text/plain;charset=utf-8");
  download("dl-json", doc.status === 200 ? JSON.stringify(doc.data, null, 1) + "\n" : "", "application/json");
  showStep(turns.length);
  await shareLink(body.a, body.b, seq);
}

/* Autoplay: one step per interval of the speed select, from the first
 * step when the replay is at its end; stops at the end. */
let playTimer = null;

function playLabel() { $("play").textContent = t(playTimer ? "pause" : "play"); }

function stopPlay() {
  clearInterval(playTimer);
  playTimer = null;
  playLabel();
}

function startPlay() {
  clearInterval(playTimer);
  if (shown >= turns.length) showStep(1);
  playTimer = setInterval(() => {
    showStep(shown + 1);
    if (shown >= turns.length) stopPlay();
  }, +$("speed").value);
  playLabel();
}

/* ---- hill --------------------------------------------------------------- */

let hillData = null;

/* How to enter, from the hill's own values (GET /api/hill: address, size,
 * points), as `hill status --format html` says it (status.c, howto_html). */
const HOWTO = {
  ja: (d, p) => `<p>ユニットシートを <a href="mailto:${d.address}"><code>${d.address}</code></a> あてにメールで送ってください（下の欄から送ることもできます）。返信で対戦結果と順位が届きます。</p>
<p>丘の定員は ${d.size} 体です。新しいユニットは全員と1回ずつ戦い、勝ち ${p.win} 点・引き分け ${p.draw} 点・負け ${p.loss} 点。同点はＨＰ差（各戦闘の終わりの自分のＨＰ − 相手のＨＰ、の合計）の大きい方、それも同じなら先に登録した方が上位です。定員を超えると最下位が押し出されます。</p>
<h3>メールの例</h3>
<pre class="mail">To: ${d.address}
Subject: 登録

#パスワード 八文字以上の合言葉
#名前 あなたの名前
グリスク：１０／１／１／２／シールド、スピア、スピア、ブースト
・シールド：防御力＋２＜リミテッド＞
・スピア：直接攻撃＜遅延起動４＞＜効果２倍＞
・ブースト：攻撃力＋１</pre>
<p class="sign">署名（「iPhoneから送信」も）は、シートの下に <code>--</code> だけの行を置いてから書きます（<code>－－</code> や <code>ーー</code> でも同じ）。その行から下は読みません。</p>
<h3>指示（本文の最初の行、シートより前）</h3>
<table class="grid directives">
<tr><td><code>#entry / #登録</code></td><td>シートを登録する（省略時）</td></tr>
<tr><td><code>#test / #テスト</code></td><td>丘と戦わせるだけで何も保存しない（パスワード不要）</td></tr>
<tr><td><code>#withdraw 名前 / #撤退 名前</code></td><td>自分のユニットを撤退させる（#password が必要）</td></tr>
<tr><td><code>#password 合言葉 / #パスワード 合言葉</code></td><td>ユニットの持ち主の合言葉（初回に決める、8文字以上）</td></tr>
<tr><td><code>#name 名前 / #名前 名前</code></td><td>順位表に出すプレイヤー名</td></tr>
<tr><td><code>#status / #順位</code></td><td>順位表だけを返信する</td></tr>
<tr><td><code>#lang en / #lang ja</code></td><td>返信の言語</td></tr>
<tr><td><code>#logs / #ログ</code></td><td>戦闘ログを添付する</td></tr>
</table>`,
  en: (d, p) => `<p>Mail your unit sheet to <a href="mailto:${d.address}"><code>${d.address}</code></a> (or send it with the form below). The reply gives your battles and your rank.</p>
<p>The hill holds at most ${d.size} unit${d.size === 1 ? "" : "s"}. A new unit fights every member once: a win scores ${p.win} points, a draw ${p.draw}, a loss ${p.loss}. Ties go to the larger HP margin (your final HP minus the opponent's, summed over the battles), then to the older entry. When the hill is over its size, the last is pushed off.</p>
<h3>An example mail</h3>
<pre class="mail">To: ${d.address}
Subject: entry

#password eight-or-more-characters
#name Your name
グリスク：１０／１／１／２／シールド、スピア、スピア、ブースト
・シールド：防御力＋２＜リミテッド＞
・スピア：直接攻撃＜遅延起動４＞＜効果２倍＞
・ブースト：攻撃力＋１</pre>
<p class="sign">Put a line <code>--</code> (or <code>－－</code>) between the sheet and a signature below it ("Sent from my phone" too): nothing below that line is read.</p>
<h3>Directives (lines at the top of the body, before the sheet)</h3>
<table class="grid directives">
<tr><td><code>#entry / #登録</code></td><td>enter the sheet (the default)</td></tr>
<tr><td><code>#test / #テスト</code></td><td>fight the hill but store nothing (no password needed)</td></tr>
<tr><td><code>#withdraw NAME / #撤退 NAME</code></td><td>withdraw your unit NAME (needs #password)</td></tr>
<tr><td><code>#password SECRET / #パスワード SECRET</code></td><td>the owner's secret (chosen at the first entry, 8 characters or more)</td></tr>
<tr><td><code>#name PLAYER / #名前 PLAYER</code></td><td>the player's name shown in the standings</td></tr>
<tr><td><code>#status / #順位</code></td><td>reply with the standings only</td></tr>
<tr><td><code>#lang en / #lang ja</code></td><td>the language of the reply</td></tr>
<tr><td><code>#logs / #ログ</code></td><td>attach the battle logs</td></tr>
</table>`,
};

/* The escaped text of s for HTML. */
const esc = s => String(s).replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);

function howto(data) {
  const d = {address: esc(data.address || ""), size: +data.size};
  const pts = data.points || {};
  const p = {win: +pts.win, draw: +pts.draw, loss: +pts.loss};
  $("howto-body").innerHTML = HOWTO[lang](d, p);
  $("hill-count").textContent = t("count", data.standings.length, data.size);
}

/* The hill's UTC time ("2026-12-06T21:58:38Z") in the reader's own zone,
 * "2026-12-07 06:58" (the same in both languages; the UTC time on hover);
 * as given when it does not read as a time. */
function localTime(iso) {
  const d = new Date(iso);
  if (typeof iso !== "string" || isNaN(d)) return String(iso ?? "");
  const two = n => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ` +
    `${two(d.getHours())}:${two(d.getMinutes())}`;
}

async function loadHill() {
  const {status, data} = await api("/api/hill");
  if (status !== 200) return false;
  hillData = data;
  $("tab-hill").hidden = false;
  $("hill-name").textContent = `${t("standings")}: ${data.name}`;
  howto(data);
  const tb = $("standings");
  tb.textContent = "";
  tb.append(el("tr", {}, ...["rank", "unit", "player", "wins", "draws", "losses", "points", "margin", "entered"]
    .map(k => el("th", {}, t(k)))));
  /* the player's chosen name (never the owner's mail address: the
   * standings do not carry it); empty when the hill gives none */
  for (const s of data.standings)
    tb.append(el("tr", {class: "member"}, el("td", {class: "num"}, String(s.rank)),
      /* a long name is cut by the stylesheet (an ellipsis), whole on
       * hover: a name of 300 characters made the table 4,719 px wide
       * (web review 2026-12-06) */
      el("td", {class: "name", title: s.name}, s.name),
      el("td", {class: "player", title: s.player ?? ""}, s.player ?? ""),
      ...[s.wins, s.draws, s.losses, s.points].map(v => el("td", {class: "num"}, String(v))),
      /* signed, as the text and the HTML standings write it (%+lld):
       * +339, +0, -12 */
      el("td", {class: "num"}, s.margin >= 0 ? "+" + s.margin : String(s.margin)),
      el("td", {class: "when", title: s.entered}, localTime(s.entered))));
  if (data.standings.length === 0)
    tb.append(el("tr", {}, el("td", {colspan: "9"}, t("nobody"))));
  fillPickers(data.standings.map(s => s.name));
  /* the heat map alone (GET /api/hill.svg): the table is the one above */
  const box = $("heatmap");
  box.hidden = data.standings.length === 0;
  box.setAttribute("aria-label", t("heatmap"));
  loadHeatmap(box, lang === "en" ? "/api/hill.en.svg" : "/api/hill.svg");
  return true;
}

/* The heat map drawn inline, not as an <img>: a browser shows the <title>
 * of a cell (its two names and the result) on hover only in an inline
 * SVG.  At its own size in its .scroll box, so that on a phone it scrolls
 * sideways rather than shrinking to an unreadable width.  The SVG is the
 * server's (names escaped by am_render_heatmap); a script in it would not
 * run (the page's Content-Security-Policy has no 'unsafe-inline'), and
 * none is kept.  A failed fetch keeps the map shown before. */
async function loadHeatmap(box, src) {
  box.dataset.src = src;
  let text;
  try {
    const r = await fetch(src + "?t=" + Date.now());
    if (!r.ok) return;
    text = await r.text();
  } catch (e) {
    return;
  }
  if (box.dataset.src !== src) return;    /* a newer map is on its way */
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.localName !== "svg" || doc.getElementsByTagName("parsererror").length) return;
  for (const s of svg.querySelectorAll("script, foreignObject")) s.remove();
  box.replaceChildren(document.importNode(svg, true));
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

/* The form for its action: a withdrawal names a unit and sends no sheet,
 * a test needs no password; the button says what it does. */
function entryAction() {
  const act = $("entry-action").value;
  $("entry-unit-label").hidden = act !== "withdraw";
  $("entry-sheet-label").hidden = act === "withdraw";
  $("entry-sheet").required = act !== "withdraw";
  $("entry-unit").required = act === "withdraw";
  $("entry-password").required = act !== "test";
  /* a withdrawal gives the password the unit has: a password manager
   * offers the saved one, not a new one */
  $("entry-password").autocomplete = act === "withdraw" ? "current-password" : "new-password";
  $("entry-submit").textContent = t(act === "test" ? "enter_test" : act === "withdraw" ? "enter_withdraw" : "enter");
}

async function enter(ev) {
  ev.preventDefault();
  /* one request at a time: a second click entered, then replaced.
   * aria-disabled, not disabled: a disabled button loses the keyboard's
   * focus to the page (web review 2026-12-06) */
  const b = $("entry-submit");
  if (b.getAttribute("aria-disabled") === "true") return;
  b.setAttribute("aria-disabled", "true");
  try { await sendEntry(); } finally { b.removeAttribute("aria-disabled"); }
}

/* The reply as text, each quoted sheet line and the caret line under it
 * (" ・技１：…" then "      ^") in a block of its own that never wraps
 * (it scrolls sideways): wrapped on a phone, the caret pointed at nothing
 * (web review 2026-12-06).  The rest wraps.  Text nodes only. */
function showReply(box, text) {
  box.textContent = "";
  const lines = text.split("\n");
  let prose = [];
  const flush = () => {
    if (prose.length) box.append(document.createTextNode(prose.join("\n") + "\n"));
    prose = [];
  };
  for (let i = 0; i < lines.length; i++) {
    /* a battle's replay command, a line of its own: its token a link
     * that plays it here (a unit's name on another line makes none) */
    const m = /^(\s*amaryllis battle --replay )(am1\.[A-Za-z0-9_-]+)$/.exec(lines[i]);
    /* the caret line: blanks (a tab where the sheet had one) and ^ */
    if (i + 1 < lines.length && /^[ \t]+\^$/.test(lines[i + 1])) {
      flush();
      /* the newline inside the block: after it, a newline of its own
       * would start an empty row */
      box.append(el("span", {class: "src"}, lines[i] + "\n" + lines[i + 1] + "\n"));
      i++;
    } else if (m) {
      prose.push(m[1]);
      box.append(document.createTextNode(prose.join("\n")));
      prose = [];
      box.append(el("a", {href: "#replay=" + m[2], class: "replay"}, m[2]));
      box.append(document.createTextNode("\n"));
    } else {
      prose.push(lines[i]);
    }
  }
  if (prose.length && prose[prose.length - 1] === "") prose.pop();
  flush();
  /* a ^ past the box's right edge: the pair scrolled to show it */
  for (const s of box.querySelectorAll(".src")) {
    const t = s.firstChild, k = t.data.lastIndexOf("^");
    const r = document.createRange();
    r.setStart(t, k);
    r.setEnd(t, k + 1);
    const x = r.getBoundingClientRect().left - s.getBoundingClientRect().left + s.scrollLeft;
    if (x > s.clientWidth - 16) s.scrollLeft = x - s.clientWidth / 2;
  }
}

async function sendEntry() {
  delete $("entry-status").dataset.result;
  $("entry-status").textContent = t("sending");
  $("entry-status").className = "status";
  const act = $("entry-action").value;
  const req = {action: act, name: $("entry-name").value, address: $("entry-address").value, lang};
  if (act !== "test" || $("entry-password").value) req.password = $("entry-password").value;
  if (act === "withdraw") req.unit = $("entry-unit").value;
  else req.sheet = $("entry-sheet").value;
  const {status, data} = await api("/api/hill/entry", req);
  /* the machine value (X-Amaryllis-Result) stays in data-result, and
   * data-stayed says whether the unit stayed on the hill ("false": it was
   * the last and was pushed off at once); the label is in the page's
   * language (showResult) */
  const st = $("entry-status");
  st.dataset.result = data.result || "";
  st.dataset.stayed = data.stayed === undefined ? "" : String(data.stayed);
  st.dataset.error = data.result ? "" : (data.error || String(status));
  st.className = status !== 200 ? "status bad" : data.stayed !== false ? "status ok" :
    data.result === "tested" ? "status" : "status bad";
  showResult();
  showReply($("entry-reply"), data.reply || "");
  /* the reason and the sheet's errors are in the reply: the keyboard's
   * focus goes there (a screen reader reads it), only the one-word status
   * was announced before */
  if (data.reply) $("entry-reply").focus();
  loadHill();
}

/* The entry's result label in the page's language, from data-result (an
 * unknown value is shown as it is) and data-stayed, or the server's error
 * text. */
function showResult() {
  const st = $("entry-status");
  if (st.dataset.result === undefined) return;
  const r = st.dataset.result;
  if (st.dataset.stayed === "false") st.textContent = t(r === "tested" ? "would_not_stay" : "not_stayed");
  else st.textContent = r ? (t("result")[r] || r) : st.dataset.error;
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
  /* ?lang=en (or ja) in the address opens the page in that language, so
   * that a link can be given in English (web review 2026-12-06: an
   * English visitor always landed in Japanese) */
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "en" || asked === "ja") {
    lang = asked;
    $("lang").value = lang;
  }
  $("lang").addEventListener("change", () => { lang = $("lang").value; applyLang(); });
  $("sheet").addEventListener("input", scheduleCheck);
  $("sheet").addEventListener("scroll", () => { $("gutter").scrollTop = $("sheet").scrollTop; });
  $("template").addEventListener("click", () => {
    $("sheet").value = TEMPLATE[lang];
    $("sheet").dispatchEvent(new Event("input"));
    $("sheet").focus();
  });
  for (const s of document.querySelectorAll("select.examples")) {
    s.append(el("option", {value: ""}, t("pick")));
    for (const x of EXAMPLES) s.append(el("option", {value: x}, x));
    s.addEventListener("change", () => loadExample(s));
  }
  for (const s of document.querySelectorAll("select.members"))
    s.addEventListener("change", () => pickMember(s));
  $("fight").addEventListener("click", fight);
  $("first").addEventListener("click", () => { stopPlay(); showStep(1); });
  $("prev").addEventListener("click", () => { stopPlay(); showStep(shown - 1); });
  $("next").addEventListener("click", () => { stopPlay(); showStep(shown + 1); });
  $("last").addEventListener("click", () => { stopPlay(); showStep(turns.length); });
  $("play").addEventListener("click", () => (playTimer ? stopPlay() : startPlay()));
  $("speed").addEventListener("change", () => { if (playTimer) startPlay(); });
  $("copy-link").addEventListener("click", async () => {
    $("share-link").select();
    try { await navigator.clipboard.writeText($("share-link").value); } catch (e) { /* selected */ }
    $("battle-status").textContent = t("copied");
    $("battle-status").className = "status ok";
  });
  $("entry-action").addEventListener("change", entryAction);
  $("entry").addEventListener("submit", enter);
  /* the second click of a double click sends nothing, even when the
   * answer to the first came back before it (a fast server, a busy
   * browser): the button is enabled again by then */
  $("entry-submit").addEventListener("click", ev => { if (ev.detail > 1) ev.preventDefault(); });
  window.addEventListener("hashchange", route);
  gutter(new Set());
  labels();
  loadHill();
  route();
});
