#!/usr/bin/env python3
"""rate.py - the per-client rate limit (--rate) cannot be reset by another
address that hashes alike.

The table of buckets used to be 1024 slots indexed by FNV-1a(address) %
1024, and a newcomer took a colliding slot over with a full bucket: two
addresses of one slot, alternating, each found a fresh bucket every time
(2,000 of 2,000 requests through).  Here:

1. three loopback addresses that share a slot of that old table (found
   below with the old hash) alternate, 10 requests each, with --rate 5:
   each gets exactly its 5, then 429;
2. 256 addresses (with dozens of pairs that collided in the old table,
   counted and printed) take turns, 7 requests each: each gets exactly 5;
3. a battle's time is charged to its address (a request a 10 ms; the HTTP
   review's D1: one address within its rate kept every battle slot and
   the threads busy): with --rate 6 and --battle-ms 100, 母 vs 父
   (examples/haha.txt, chichi.txt: 0.3 s of play) stops at its budget,
   422 "time", after at least 100 ms: at least 10 requests charged to the
   5 left after it, so that address's next request is refused (429) while
   another address's goes through;
4. a battle whose answer passes --max-reply stops there (it was refused
   only after the whole 9.8 MB was built): with --max-reply 100000 母 vs
   父's 422 too-big names the log's bytes when it stopped, over 100000
   and far under 9,760,954;
5. a hill entry's battles are charged as /api/battle's are (bomb review
   1, 2026-12-04: a stranger's test of a costly sheet held the server 28 s
   and its next request came at once): with --rate 6, 子 enters a hill
   whose member is 母 from another address; 母 and 子 build copies of
   themselves every two turns, each raising every ally's 防御力 (全体化),
   a battle of about 0.3 s here (10 ms a request: some 30 charged), so
   子's address is refused next (429), another address is not (with
   --max-work past that battle's work);
6. with the default --max-work (4,000,000, BU-POP-3) that battle passes
   the bound: 子's entry is rejected (422), and the reply says why.

All of 127.0.0.0/8 is loopback on Linux: the addresses are this machine.

    rate.py AMARYLLIS
"""
import json
import re
import sys

from webtest import JSON, Server, finish, has_hill, new_hill, ok, request, sheet

AMARYLLIS = sys.argv[1]


def old_slot(addr):
    """The slot of the old table: 32-bit FNV-1a of the text, % 1024."""
    h = 2166136261
    for b in addr.encode():
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h % 1024


# 1. three addresses of one old slot
by_slot = {}
for x in range(1, 4):
    for y in range(1, 255):
        a = f"127.0.{x}.{y}"
        by_slot.setdefault(old_slot(a), []).append(a)
trio = next(v for v in by_slot.values() if len(v) >= 3)[:3]
print(f"addresses of one slot of the old table: {trio} (slot {old_slot(trio[0])})")

# 2. 256 addresses, and how many pairs of them shared an old slot
many = [f"127.0.{4 + i // 200}.{1 + i % 200}" for i in range(256)]
slots = {}
for a in many:
    slots[old_slot(a)] = slots.get(old_slot(a), 0) + 1
pairs = sum(n * (n - 1) // 2 for n in slots.values())
print(f"256 addresses: {pairs} pairs shared a slot of the old table")
ok(pairs > 0, "the 256 addresses include collisions of the old table")

srv = Server(AMARYLLIS, "--rate", "5")
try:
    got = {a: [] for a in trio}
    retry = set()
    for _ in range(10):
        for a in trio:
            st, hdr, _ = request(srv.port, "GET", "/", src=a)
            got[a].append(st)
            if st == 429:
                retry.add(hdr.get("retry-after"))
    ok(retry == {"1"}, f"each 429 has Retry-After: 1 ({retry})")
    for a in trio:
        ok(got[a] == [200] * 5 + [429] * 5,
           f"{a} alternating with the others of its old slot: 5 × 200 then 429 ({got[a]})")

    through = {a: 0 for a in many}
    for _ in range(7):
        for a in many:
            st, _, _ = request(srv.port, "GET", "/app.css", src=a)
            through[a] += st == 200
    over = {a: n for a, n in through.items() if n != 5}
    ok(not over, f"256 addresses taking turns, 7 requests each: each got exactly 5 through "
                 f"(total {sum(through.values())} of {7 * len(many)}; others: {dict(list(over.items())[:8])})")
finally:
    rc = srv.stop()
ok(rc == 0, f"the server stops with status 0 ({rc})")
ok(len(srv.lines(r" GET / 429 \d+ [\d.]+ms rate$")) == 15, "the 15 refusals of part 1 are logged (rate)")

# 3. a battle's time charged to its address
battle = json.dumps({"a": sheet("haha"), "b": sheet("chichi"), "lang": "en"})
srv = Server(AMARYLLIS, "--rate", "6", "--battle-ms", "100", "--max-reply", "0")
try:
    st, _, body = request(srv.port, "POST", "/api/battle", battle, JSON, src="127.0.9.1")
    d = json.loads(body or b"{}")
    ok(st == 422 and "time budget" in d.get("error", ""),
       f"母 vs 父 in 100 ms: 422 time ({st}, {d.get('error', '')[:60]})")
    st, _, _ = request(srv.port, "GET", "/app.css", src="127.0.9.1")
    ok(st == 429, f"its address, charged 10 requests or more, is refused next ({st})")
    st, _, _ = request(srv.port, "GET", "/app.css", src="127.0.9.2")
    ok(st == 200, f"another address is not ({st})")
finally:
    rc = srv.stop()
ok(rc == 0, f"the server stops with status 0 ({rc})")

# 4. an answer over --max-reply stops the battle as it passes
srv = Server(AMARYLLIS, "--rate", "0", "--battle-ms", "600000", "--max-reply", "100000")
try:
    st, _, body = request(srv.port, "POST", "/api/battle", battle, JSON)
    d = json.loads(body or b"{}")
    m = re.search(r"too large for the server: at least (\d+) bytes, over its limit of 100000",
                  d.get("error", ""))
    ok(st == 422 and m and 100000 < int(m.group(1)) < 1000000,
       f"母 vs 父 with --max-reply 100000: 422, stopped at {m.group(1) if m else '?'} bytes "
       f"({st}, {d.get('error', '')[:90]})")
finally:
    rc = srv.stop()
ok(rc == 0, f"the server stops with status 0 ({rc})")

# 5. a hill entry's battles charged to its address
GROW = ("（９）：５／０／０／２／呼ぶ\n"
        "・呼ぶ：ビルド（Ｘ）＜リミテッド＞＜遅延起動２＞＜配置１＞\n"
        "○Ｘ（１２）：５／０／０／２／増える、守る\n"
        "・増える：ビルド（Ｘ）＜遅延起動２＞＜配置１＞\n"
        "・守る：防御力＋１＜全体化＞\n")
if has_hill(AMARYLLIS):
    db = new_hill(AMARYLLIS)
    srv = Server(AMARYLLIS, "--hill", db, "--rate", "6",
                 "--max-work", "1000000000000")

    def entry(name, address):
        return json.dumps({"name": name, "address": address,
                           "password": "pass-words", "sheet": name + GROW})
    try:
        st, _, resp = request(srv.port, "POST", "/api/hill/entry",
                              entry("母", "haha@example.org"), JSON, src="127.0.9.3")
        ok(st == 200 and json.loads(resp)["result"] == "entered",
           f"母 enters the empty hill: no battle ({st})")
        st, _, resp = request(srv.port, "POST", "/api/hill/entry",
                              entry("子", "ko@example.org"), JSON, src="127.0.9.4",
                              timeout=120)
        ok(st == 200 and json.loads(resp)["result"] == "entered",
           f"子 enters, after its battle against 母 ({st})")
        st, _, _ = request(srv.port, "GET", "/app.css", src="127.0.9.4")
        ok(st == 429, f"子's address, charged for the battle, is refused next ({st})")
        st, _, _ = request(srv.port, "GET", "/app.css", src="127.0.9.5")
        ok(st == 200, f"another address is not ({st})")
    finally:
        rc = srv.stop()
    ok(rc == 0, f"the server stops with status 0 ({rc})")

    # 6. the default bound on a battle's work
    db = new_hill(AMARYLLIS)
    srv = Server(AMARYLLIS, "--hill", db)
    try:
        st, _, resp = request(srv.port, "POST", "/api/hill/entry",
                              entry("母", "haha@example.org"), JSON, src="127.0.9.6")
        ok(st == 200 and json.loads(resp)["result"] == "entered",
           f"母 enters the empty hill ({st})")
        st, _, resp = request(srv.port, "POST", "/api/hill/entry",
                              entry("子", "ko@example.org"), JSON, src="127.0.9.7",
                              timeout=120)
        d = json.loads(resp)
        ok(st == 422 and d["result"] == "rejected" and
           "戦闘の作業量が上限の4000000を超えるため" in d["reply"],
           f"子 is refused: its battle against 母 passes the work bound ({st}, "
           f"{d['result']})")
    finally:
        rc = srv.stop()
    ok(rc == 0, f"the server stops with status 0 ({rc})")
finish("rate")
