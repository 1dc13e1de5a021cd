#!/usr/bin/env bash
# tests/pictures/pictures.sh - every kind of picture the tools draw, made
# from the bundled examples and checked in headless chromium
# (tests/pictures/pictures.js) under CTest (`pictures`).
#
#   pictures.sh AMARYLLIS MEGAMI MANASTORM SRCDIR OUTDIR
#
# The pictures (SVG, and the hill's HTML page) and their screenshots
# (OUTDIR/NAME.png) stay in OUTDIR (build/pictures/): look at them.  Needs
# node/npm and Debian's chromium, as the web page's browser test does
# (tests/front/amaryllis/web/browser.sh): a missing one is a failure, not
# a skip.  playwright-core comes from tests/front/amaryllis/web/ (npm ci
# there when it is missing; no browser is downloaded).
set -eu
amaryllis=$1 megami=$2 manastorm=$3 src=$4 out=$5
web="$src/tests/front/amaryllis/web"
need() {
	command -v "$1" >/dev/null 2>&1 ||
		{ echo "pictures.sh: $1 is missing (apt-get install $2)"; exit 1; }
}
need node nodejs
need npm npm
need chromium chromium
PW_PREFIX="$(dirname "$amaryllis")/npm-playwright"
. "$web/playwright.sh"
pw_install "$web"
rm -rf "$out"
mkdir -p "$out/league35"
ex="$src/examples"

# megami: Monte Carlo of the 4-against-4 encounter (9 panels) and a duel
"$megami" fight --runs 300 --seed 1 --svg "$out/mc_4v4.svg" \
	"$ex/megami/encounter_4v4.yaml" >/dev/null
"$megami" --lang en fight --runs 200 --seed 1 --svg "$out/mc_duel_en.svg" \
	"$ex/megami/duel.yaml" >/dev/null
# manastorm: a playtest (its casters end every duel at MP 3) and a sweep
"$manastorm" playtest "$ex/manastorm/table.yaml" --runs 200 --seed 3 \
	--svg "$out/playtest.svg" >/dev/null
"$manastorm" --lang en playtest "$ex/manastorm/table.yaml" --runs 200 \
	--seed 3 --svg "$out/playtest_en.svg" >/dev/null
"$manastorm" sweep "$ex/manastorm/table.yaml" --vary hand_size=3..7 \
	--runs 200 --seed 2 --svg "$out/sweep.svg" >/dev/null
# (the marks under the values are the table's last column, MS-SW-BEST-1:
# hand_size 3..7, 200 runs: 7 best, 3 significantly lower (-10.5 [-20.0,
# -0.7]); カイ's HP: 16 best, 1 lower (-35.5 [-41.1, -29.5]), 6 and 11
# not; as `manastorm sweep` prints them with the same seeds)
"$manastorm" sweep "$ex/manastorm/table.yaml" --vary "participants.カイ.hp=1..16/5" \
	--runs 400 --seed 2 --svg "$out/sweep_hp.svg" >/dev/null
"$manastorm" --lang en sweep "$ex/manastorm/table.yaml" --vary hand_size=3..7 \
	--runs 200 --seed 2 --svg "$out/sweep_en.svg" >/dev/null
# amaryllis: the league's heat map (7 sheets, 母 and 父 tied 5th), one of
# 35 entries (smaller cells), the hill's (SVG and HTML), the ＨＰ charts
sheets=("$ex"/*.txt)
"$amaryllis" league --svg "$out/league.svg" "${sheets[@]}" >/dev/null
"$amaryllis" --lang en league --svg "$out/league_en.svg" "${sheets[@]}" >/dev/null
for k in 1 2 3 4 5; do
	for f in "${sheets[@]}"; do cp "$f" "$out/league35/$k-${f##*/}"; done
done
"$amaryllis" --lang en league --svg "$out/league35.svg" "$out/league35" >/dev/null
if "$amaryllis" hill --help >/dev/null 2>&1; then
	"$amaryllis" hill init "$out/hill.db" --size 5 --address hill@example.org \
		--name "Picture hill" --pwhash-ops 1 --pwhash-mem 8192 >/dev/null
	mkdir -p "$out/outbox"
	for m in grisk nut; do
		"$amaryllis" mail --hill "$out/hill.db" --outbox "$out/outbox" \
			< "$ex/hill/$m.eml" >/dev/null 2>&1
	done
	"$amaryllis" hill status "$out/hill.db" --format svg > "$out/hill.svg"
	"$amaryllis" hill status "$out/hill.db" --format html > "$out/hill.html"
fi
"$amaryllis" battle --svg "$out/battle.svg" "$ex/grisk.txt" "$ex/nut.txt" >/dev/null
"$amaryllis" --lang en battle --svg "$out/battle_en.svg" "$ex/grisk.txt" \
	"$ex/nut.txt" >/dev/null
printf '親(9):5/0/0/1/産む\n○子(1):5/0/0/0/\n・産む(1):ビルド(子)<配置1>\n' > "$out/breeder.txt"
printf '的:50/0/0/0/\n' > "$out/target.txt"
"$amaryllis" battle --svg "$out/battle_party.svg" "$out/breeder.txt" \
	"$out/target.txt" >/dev/null
# long names (an outside review: the title and the legend ran past the
# picture and were cut): squeezed into it (textLength)
sed 's/^グリスク/とても長い名前のユニットでございますよ本当に長いです/' "$ex/grisk.txt" > "$out/long_a.txt"
sed 's/^ヌト/SuperLongLatinUnitNameWithoutAnySpacesAtAllForWrappingTest/' "$ex/nut.txt" > "$out/long_b.txt"
"$amaryllis" battle --svg "$out/battle_long.svg" "$out/long_a.txt" "$out/long_b.txt" >/dev/null

# What each picture must show (labels), must not show (absent), say on
# hover (titles), and how tall it may be.
cat > "$out/manifest.json" <<EOF
[
 {"name": "mc_4v4", "file": "$out/mc_4v4.svg", "maxHeight": 1000,
  "labels": ["勝敗の割合", "PCの勝利", "NPCの勝利", "引き分け（ラウンド上限）", "95%信頼区間",
             "ラウンド数の分布", "騎士レオン（PC）の残りHP", "闇司祭（NPC）の残りHP",
             "HP 0以下：戦闘不能", "戦闘数", "残りHP", "0"]},
 {"name": "mc_duel_en", "file": "$out/mc_duel_en.svg", "maxHeight": 800,
  "labels": ["Who wins", "PCs win", "NPCs win", "draw (round limit)", "Rounds played",
             "HP left", "HP ≤ 0: down", "fights"],
  "absent": ["-0"]},
 {"name": "playtest", "file": "$out/playtest.svg", "maxHeight": 1000,
  "labels": ["勝敗の割合", "陣営Aの勝ち", "陣営Bの勝ち", "引き分け", "1決闘のバトル数",
             "カイ（陣営A）の残りHP", "HP 0以下：敗北", "ばらつきのない値",
             "リナ（陣営A）の残りMP：3", "ミオ（陣営B）の残りMP：3"]},
 {"name": "playtest_en", "file": "$out/playtest_en.svg", "maxHeight": 1000,
  "labels": ["Who wins", "side A wins", "side B wins", "draw", "No spread",
             "リナ (side A): MP left: 3"]},
 {"name": "sweep", "file": "$out/sweep.svg", "maxHeight": 600,
  "labels": ["陣営Aの勝ち", "陣営Bの勝ち", "引き分け", "50%", "★", "*", "hand_size",
             "陣営Aの勝ちが最多（7）"],
  "titles": ["3：陣営Aの勝率が7より10.5ポイント低い（95%区間 -20.0〜-0.7）",
             "7：陣営Aの勝ちが最も多い（54.0%）"],
  "absentTitles": ["4：陣営Aの勝率", "5：陣営Aの勝率", "6：陣営Aの勝率"],
  "absent": ["100%"]},
 {"name": "sweep_hp", "file": "$out/sweep_hp.svg", "maxHeight": 600,
  "labels": ["participants.カイ.hp", "1", "6", "11", "16", "★", "*", "50%"],
  "titles": ["1：陣営Aの勝率が16より35.5ポイント低い（95%区間 -41.1〜-29.5）",
             "16：陣営Aの勝ちが最も多い（47.2%）"],
  "absentTitles": ["6：陣営Aの勝率", "11：陣営Aの勝率"]},
 {"name": "sweep_en", "file": "$out/sweep_en.svg", "maxHeight": 600,
  "labels": ["side A wins", "side B wins", "draw", "50%", "★", "the most wins of side A (7)"],
  "titles": ["3: side A wins 10.5 points less often than at 7 (95% interval -20.0 to -0.7)"]},
 {"name": "league", "file": "$out/league.svg", "maxHeight": 500, "maxWidth": 560,
  "labels": ["7体の総当たり", "1. 泡子", "5. 母", "6. 父", "7. 蛆の母", "行の勝ち",
             "引き分け", "行の負け", "エラーで停止", "対戦なし", "勝", "負", "分"],
  "titles": ["泡子 対 グリスク：行の勝ち", "母 対 父：引き分け", "5位"]},
 {"name": "league_en", "file": "$out/league_en.svg", "maxHeight": 500, "maxWidth": 640,
  "labels": ["7 in the league", "row wins", "draw", "row loses", "W", "L", "D"],
  "titles": ["母 vs 父: draw"]},
 {"name": "league35", "file": "$out/league35.svg", "maxHeight": 1000,
  "labels": ["35 in the league", "35. 蛆の母", "35", "row wins"]},
 {"name": "hill", "file": "$out/hill.svg", "maxHeight": 400, "maxWidth": 560,
  "labels": ["2体の総当たり", "1. ヌト", "2. グリスク", "行の勝ち"],
  "titles": ["ヌト 対 グリスク：行の勝ち"]},
 {"name": "hill_html", "file": "$out/hill.html", "maxHeight": 400, "maxWidth": 560,
  "labels": ["1. ヌト", "2. グリスク"]},
 {"name": "battle", "file": "$out/battle.svg", "maxHeight": 400,
  "labels": ["ＨＰの推移", "B ヌトの勝利", "A グリスク", "B ヌト", "ターン（点は各ターン終了時のＨＰ",
             "× 死亡", "○ ライフで復活", "0", "4"],
  "absent": ["#0", "#1"]},
 {"name": "battle_en", "file": "$out/battle_en.svg", "maxHeight": 400,
  "labels": ["HP over the turns", "B ヌト wins", "A グリスク", "turn (points: HP at the end"]},
 {"name": "battle_party", "file": "$out/battle_party.svg", "maxHeight": 500,
  "labels": ["A: 親", "B: 的", "子", "最大22体：線では多すぎるので", "20"]},
 {"name": "battle_long", "file": "$out/battle_long.svg", "maxHeight": 400,
  "labels": ["A とても長い名前のユニットでございますよ本当に長いです",
             "B SuperLongLatinUnitNameWithoutAnySpacesAtAllForWrappingTest"]}
]
EOF
if [ ! -f "$out/hill.svg" ]; then # built without the hill
	python3 - "$out/manifest.json" <<'PY'
import json, sys
p = sys.argv[1]
m = [e for e in json.load(open(p)) if not e["name"].startswith("hill")]
json.dump(m, open(p, "w"), ensure_ascii=False)
PY
fi
exec node "$src/tests/pictures/pictures.js" \
	"$out" "$out/manifest.json"
