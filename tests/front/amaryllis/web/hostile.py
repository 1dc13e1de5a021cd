#!/usr/bin/env python3
"""hostile.py - hostile requests against `amaryllis serve`: each gets the
right 4xx, and the server keeps serving (and logs one line per request).

    hostile.py AMARYLLIS

Oversized bodies (declared and chunked), malformed JSON and UTF-8, wrong
types, path traversal, wrong methods, garbage on the socket, slow clients
(slowloris: they are cut off after --timeout while others are served), a
battle that reaches the population limit, the per-client rate (429).
"""
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time

from webtest import error_doc, tmpdir

AMARYLLIS = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(HERE))))
failures = 0


def ok(cond, what):
    global failures
    print(("ok: " if cond else "FAIL: ") + what, flush=True)
    if not cond:
        failures += 1


def start(*opts):
    p = subprocess.Popen([AMARYLLIS, "--lang", "en", "serve", "--listen",
                          "127.0.0.1:0", *opts], stderr=subprocess.PIPE,
                         text=True)
    line = p.stderr.readline()
    m = re.search(r"serving on http://127\.0\.0\.1:(\d+)/", line)
    if not m:
        raise SystemExit("server did not start: " + line)
    log = []
    threading.Thread(target=lambda: log.extend(p.stderr), daemon=True).start()
    return p, int(m.group(1)), log


def raw(port, data, timeout=10, src="127.0.0.1"):
    """Send raw bytes from address src, return (status, body) of the answer
    (status 0: the connection was closed without one)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                 source_address=(src, 0))
    try:
        s.sendall(data)
        buf = b""
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            buf += chunk
            head, sep, body = buf.partition(b"\r\n\r\n")
            m = re.search(rb"Content-Length: (\d+)", head, re.I)
            if sep and m and len(body) >= int(m.group(1)):
                break
    finally:
        s.close()
    m = re.match(rb"HTTP/1\.[01] (\d+)", buf)
    return (int(m.group(1)) if m else 0), buf.partition(b"\r\n\r\n")[2]


def request(port, method, path, body=None, headers="", src="127.0.0.1"):
    data = body if isinstance(body, bytes) else (body or "").encode()
    head = (f"{method} {path} HTTP/1.1\r\nHost: localhost\r\n"
            f"Connection: close\r\n{headers}")
    if body is not None:
        head += f"Content-Length: {len(data)}\r\nContent-Type: application/json\r\n"
    return raw(port, head.encode() + b"\r\n" + data, src=src)


def post(port, path, obj):
    return request(port, "POST", path, json.dumps(obj, ensure_ascii=False))


def alive(port, src="127.0.0.1"):
    st, body = request(port, "GET", "/", src=src)
    return st == 200 and b"<html" in body


grisk = open(os.path.join(SRC, "examples/grisk.txt"), encoding="utf-8").read()
nut = open(os.path.join(SRC, "examples/nut.txt"), encoding="utf-8").read()
# 親 builds a 子 or a 孫 in each of its steps (BU-BUILD-1, no リミテッド): the
# population grows past 20 units within a few turns.
breeder = ("親(8):5/0/0/3/産む、育てる\n○子(2):5/0/0/0/\n○孫(1):5/0/0/0/\n"
           "・産む(2):ビルド(子)<配置1>\n・育てる(1):ビルド(孫)<配置1>\n")

srv, port, log = start("--max-body", "4096", "--max-units", "20",
                       "--timeout", "2", "--rate", "0")
try:
    ok(alive(port), "the page is served")

    # sizes
    st, body = request(port, "POST", "/api/check", "x" * 5000)
    ok(st == 413 and error_doc(body, 413), f"a declared body over --max-body: 413 ({st})")
    chunks = b"".join(b"%x\r\n%s\r\n" % (1000, b"y" * 1000) for _ in range(6)) + b"0\r\n\r\n"
    st, body = raw(port, b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                   b"Content-Type: application/json\r\n"
                   b"Transfer-Encoding: chunked\r\n\r\n" + chunks)
    ok(st == 413, f"a chunked body over --max-body: 413 ({st})")

    # JSON
    for what, body in [("malformed JSON", '{"sheet": '),
                       ("not an object", '["sheet"]'),
                       ("no sheet", '{"lang": "ja"}'),
                       ("sheet not a string", '{"sheet": 3}'),
                       ("a bad lang", '{"sheet": "x", "lang": "fr"}'),
                       ("a lone surrogate", '{"sheet": "\\ud800"}'),
                       ("a NUL escape", '{"sheet": "a\\u0000b"}'),
                       ("duplicate keys", '{"sheet": "a", "sheet": "b"}')]:
        st, resp = request(port, "POST", "/api/check", body)
        ok(st == 400 and error_doc(resp, 400), f"{what}: 400 ({st})")
    st, resp = request(port, "POST", "/api/check", b'{"sheet": "\xff\xfe"}')
    ok(st == 400 and error_doc(resp, 400), f"invalid UTF-8 in the JSON: 400 ({st})")
    st, resp = request(port, "POST", "/api/battle", '{"a": "x"}')
    ok(st == 400, f"a battle without b: 400 ({st})")

    # an illegal sheet is still a verdict for check, a 422 for a battle
    st, resp = post(port, "/api/check", {"sheet": "ミス：１０／１／１／２／突き\n・突き：直接攻激\n"})
    d = json.loads(resp)
    ok(st == 200 and d["ok"] is False and d["errors"][0]["line"] == 2,
       f"check of an illegal sheet: 200, ok false, error at line 2 ({st})")
    st, resp = post(port, "/api/battle", {"a": grisk, "b": "ミス：１０\n"})
    d = json.loads(resp)
    ok(st == 422 and d["b"]["ok"] is False and d["a"]["ok"] is True,
       f"a battle with an illegal sheet: 422 with both verdicts ({st})")

    # the population limit (--max-units 20): 422, the server goes on
    # in the request's language: English asked, Japanese by default
    st, resp = post(port, "/api/battle", {"a": breeder, "b": grisk, "lang": "en"})
    ok(st == 422 and error_doc(resp, 422) and json.loads(resp)["error"] ==
       "battle stopped: a new unit would exceed the population limit of 20 units",
       f"a battle past the population limit: 422 ({st} {resp[:120]!r})")
    st, resp = post(port, "/api/battle", {"a": breeder, "b": grisk})
    ok(st == 422 and error_doc(resp, 422) and json.loads(resp)["error"] ==
       "戦闘を中断しました：ユニット数が上限の20体を超えるため",
       f"the same in Japanese: 422 ({st} {resp[:160]!r})")
    st, resp = post(port, "/api/battle.svg", {"a": breeder, "b": grisk})
    ok(st == 422, f"its chart too: 422 ({st})")
    st, resp = post(port, "/api/battle", {"a": grisk, "b": nut})
    ok(st == 200 and json.loads(resp)["winner"] == "ヌト", f"then a battle: 200, ヌト wins ({st})")

    # paths and methods: nothing from disk
    for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/../index.html",
                 "/app.js/../../etc/passwd", "/index.html%00", "//etc/passwd",
                 "/examples/../../../etc/passwd", "/CMakeLists.txt"]:
        st, resp = request(port, "GET", path)
        ok(st == 404 and b"root:" not in resp, f"GET {path}: 404 ({st})")
    st, _ = request(port, "GET", "/api/check")
    ok(st == 405, f"GET /api/check: 405 ({st})")
    st, _ = request(port, "DELETE", "/index.html")
    ok(st == 405, f"DELETE /index.html: 405 ({st})")
    st, _ = request(port, "GET", "/api/hill")
    ok(st == 404, f"GET /api/hill without a hill: 404 ({st})")
    st, _ = request(port, "GET", "/api/hill/sheet?name=x")
    ok(st == 404, f"GET /api/hill/sheet without a hill: 404 ({st})")
    st, _ = request(port, "GET", "/api/hill/sheet?name=%ZZ")
    ok(st == 400, f"GET /api/hill/sheet without a hill, a malformed query: 400 ({st})")

    # garbage on the socket
    st, _ = raw(port, b"\x00\xff\xfe garbage \x01\r\n\r\n")
    ok(st in (0, 400), f"garbage: 400 or closed ({st})")
    st, _ = raw(port, b"GET /" + b"a" * 100000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n")
    ok(st in (0, 400, 413, 414, 431), f"a 100 kB URL: refused ({st})")
    ok(alive(port), "still serving after the garbage")

    # slowloris: one address opens 20 connections that trickle headers.
    # It may hold --client-connections (16) of them; another address
    # (127.0.0.2) is served meanwhile; the slow ones are cut off after
    # --timeout 2.
    slow = []
    for _ in range(20):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"POST /api/check HTTP/1.1\r\nHost: localhost\r\n")
        slow.append(s)
    time.sleep(0.3)
    t0 = time.time()
    ok(alive(port, src="127.0.0.2"), "another address is served while the slow client holds its connections")
    early = 0
    for s in slow:  # the ones past the limit were closed at once
        s.setblocking(False)
        try:
            early += s.recv(100) == b""
        except BlockingIOError:
            pass
        except OSError:
            early += 1
    # (connections of the requests before may still count a moment)
    ok(early >= 4, f"past 16 connections from one address, the rest are refused ({early} of 20)")
    closed = 0
    for s in slow:
        s.setblocking(True)
        s.settimeout(8)
        try:
            time.sleep(0.05)
            s.sendall(b"X-Slow: 1\r\n")
            closed += s.recv(100) == b""
        except (socket.timeout, OSError):
            closed += 1
        s.close()
    ok(closed == 20 and time.time() - t0 < 15,
       f"the slow connections were cut off ({closed}/20 in {time.time() - t0:.1f} s)")
    ok(alive(port), "still serving the slow address after that")
finally:
    srv.terminate()
    rc = srv.wait(timeout=20)
ok(rc == 0, f"SIGTERM stops the server with status 0 ({rc})")
time.sleep(0.2)
lines = [l for l in log if re.match(r"\d{4}-\d\d-\d\dT", l)]
ok(any(" POST /api/check 413 " in l for l in lines), "the 413 is in the log")
ok(any(" POST /api/battle 422 " in l and "limit" in l for l in lines), "the 422 is in the log")
ok(all(len(l.rstrip("\n").split("\n")) == 1 for l in lines), "one line per request")

# the time budget: three generations of ビルディア (親 builds a 子 each turn,
# each 子 a 孫, each 孫 a 曾孫; BU-BUILD-1, 愛 3) make ~1,200 units and
# ~2,600 events, many milliseconds of work: past --battle-ms 1, 422
dynasty = ("親(7):5/0/0/1/産む\n○子(5):5/0/0/1/育てる\n○孫(3):5/0/0/1/増やす\n"
           "○曾孫(1):5/0/0/0/\n・産む(5):ビルド(子)<配置1>\n"
           "・育てる(3):ビルド(孫)<配置1>\n・増やす(1):ビルド(曾孫)<配置1>\n")
srv, port, log = start("--battle-ms", "1", "--rate", "0")
try:
    st, resp = post(port, "/api/battle", {"a": dynasty, "b": grisk, "lang": "en"})
    ok(st == 422 and json.loads(resp)["error"] ==
       "battle stopped: over the time budget of 1 ms",
       f"a battle past --battle-ms 1: 422 ({st} {resp[:100]!r})")
    st, resp = post(port, "/api/battle", {"a": dynasty, "b": grisk})
    ok(st == 422 and json.loads(resp)["error"] ==
       "戦闘を中断しました：時間の上限1ミリ秒を超えたため",
       f"the same in Japanese: 422 ({st} {resp[:160]!r})")
    ok(alive(port), "still serving after it")
finally:
    srv.terminate()
    srv.wait(timeout=20)

# the per-client rate: --rate 5 a minute, so the 6th request at once is 429
srv, port, log = start("--rate", "5")
try:
    codes = [request(port, "GET", "/")[0] for _ in range(8)]
    ok(codes[:5] == [200] * 5 and codes[5:] == [429] * 3, f"--rate 5: 5 × 200 then 429 ({codes})")
finally:
    srv.terminate()
    srv.wait(timeout=20)

# the hill's entry form (when the hill is built in): what a form could
# inject into the mail it builds is refused, an illegal sheet is rejected
# with the errors exactly as `check` prints them (the form attaches the
# sheet as sheet.txt, so its errors carry that name and its own lines)
if subprocess.run([AMARYLLIS, "hill", "--help"], capture_output=True).returncode == 0:
    tmp = tmpdir()
    db = os.path.join(tmp, "hill.db")
    subprocess.run([AMARYLLIS, "hill", "init", db, "--size", "3", "--address",
                    "hill@example.org", "--pwhash-ops", "1", "--pwhash-mem", "8192"],
                   check=True)
    srv, port, log = start("--hill", db, "--rate", "0")
    try:
        st, resp = request(port, "GET", "/api/hill")
        d = json.loads(resp)
        ok(st == 200 and d["size"] == 3 and d["standings"] == [], f"GET /api/hill: an empty hill ({st})")
        entry = {"name": "P", "address": "p@example.org", "password": "pass-words", "sheet": nut}
        for what, change in [("a CRLF in the address", {"address": "p@example.org\r\nBcc: x@example.org"}),
                             ("no @ in the address", {"address": "nobody"}),
                             ("65 bytes before the @", {"address": "p" * 65 + "@example.org"}),
                             ("a newline in the password", {"password": "pass-words\n#withdraw ヌト"}),
                             ("an empty password", {"password": ""}),
                             ("a control character in the name", {"name": "P\r\nX-Evil: 1"}),
                             ("no sheet", {"sheet": None})]:
            e = dict(entry, **change)
            if e["sheet"] is None:
                del e["sheet"]
            st, resp = post(port, "/api/hill/entry", e)
            ok(st == 400 and error_doc(resp, 400), f"entry with {what}: 400 ({st})")
        # each refusal of a field says which, in the request's language
        # (web review 2026-12-06: a player's name of 70 Japanese characters,
        # 210 bytes, was refused as "control characters in \"name\" or
        # \"sheet\"", in English on the Japanese page)
        for what, change, want in [
                ("a player's name of 70 characters (210 bytes)", {"name": "山田" * 35, "lang": "ja"},
                 "プレイヤー名が長すぎます（UTF-8で200バイト、日本語でおよそ66文字まで）"),
                ("a player's name of 70 characters, in English", {"name": "山田" * 35, "lang": "en"},
                 "the player's name is too long (at most 200 bytes of UTF-8, about 66 Japanese characters)"),
                ("a control character in the name", {"name": "P\r\nX-Evil: 1", "lang": "ja"},
                 "プレイヤー名に制御文字（改行など）は使えません"),
                ("a unit name of 1001 bytes to withdraw", {"action": "withdraw", "unit": "a" * 1001,
                                                           "lang": "ja"},
                 "ユニット名は1〜1000バイトで、制御文字は使えません")]:
            e = dict(entry, **change)
            if change.get("action") == "withdraw":
                del e["sheet"]
            st, resp = post(port, "/api/hill/entry", e)
            ok(st == 400 and json.loads(resp).get("error") == want,
               f"entry with {what}: 400, {want!r} ({st} {resp[:160]!r})")
        bad = grisk.replace("＜リミテッド＞", "＜リミテド＞")
        cli = subprocess.run([AMARYLLIS, "check", "-"], input=bad, capture_output=True, text=True)
        want = [l.replace("<stdin>:", "sheet.txt:", 1) for l in cli.stderr.splitlines()
                if l.startswith("<stdin>:")]
        st, resp = post(port, "/api/hill/entry", dict(entry, sheet=bad))
        d = json.loads(resp)
        ok(st == 422 and d["result"] == "rejected" and want and all(w in d["reply"] for w in want),
           f"an illegal sheet: 422 rejected with check's errors {want} ({st}: {d.get('reply', '')[:200]!r})")
        st, resp = post(port, "/api/hill/entry", entry)
        ok(st == 200 and json.loads(resp)["result"] == "entered", f"a legal entry: entered ({st})")
        st, resp = post(port, "/api/hill/entry", dict(entry, password="wrong"))
        ok(st == 422 and json.loads(resp)["result"] == "rejected", f"the wrong password: rejected ({st})")
        # passwords as a mail's #password takes them (docs/WEB.md): no
        # ASCII-only rule; only blanks, or a control character (here C1
        # NEL), is a 400, worded in the request's lang
        for what, pw in [("only blanks", " \u3000 "), ("a C1 control", "pass\u0085words")]:
            st, resp = post(port, "/api/hill/entry", dict(entry, password=pw, lang="ja"))
            ok(st == 400 and json.loads(resp).get("error") ==
               "パスワードは1〜200文字で、空白だけや制御文字は使えません",
               f"a password of {what}: 400 in Japanese ({st} {resp[:120]!r})")
        # compared after NFKC (docs/HILL.md): the full-width form an IME
        # types is the password: ｐａｓｓ－ｗｏｒｄｓ (U+FF50…, U+FF0D) is
        # pass-words, so ヌト is replaced, not rejected
        st, resp = post(port, "/api/hill/entry", dict(entry, password="ｐａｓｓ－ｗｏｒｄｓ"))
        ok(st == 200 and json.loads(resp)["result"] == "replaced",
           f"the password in full width: replaced ({st} {resp[:160]!r})")
        # a Japanese passphrase, as docs/PLAYING.md shows it, enters and withdraws
        # by the form (11 characters: at least 8)
        jp = dict(entry, address="q@example.org", password="長くて当てにくい合言葉", sheet=grisk)
        st, resp = post(port, "/api/hill/entry", jp)
        ok(st == 200 and json.loads(resp)["result"] == "entered",
           f"a Japanese passphrase: entered ({st} {resp[:160]!r})")
        st, resp = post(port, "/api/hill/entry",
                        {"address": "q@example.org", "password": "長くて当てにくい合言葉",
                         "action": "withdraw", "unit": "グリスク"})
        ok(st == 200 and json.loads(resp)["result"] == "withdrawn",
           f"withdrawn with the Japanese passphrase ({st} {resp[:160]!r})")
        st, resp = request(port, "GET", "/api/hill")
        ok([m["name"] for m in json.loads(resp)["standings"]] == ["ヌト"], "the hill holds ヌト")
        # a member's sheet: as entered (the form attached the text as it
        # is), nothing else of the member (no password, no hash)
        st, resp = request(port, "GET", "/api/hill/sheet?name=%E3%83%8C%E3%83%88")
        d = json.loads(resp) if st == 200 else {}
        ok(st == 200 and d == {"name": "ヌト", "sheet": nut},
           f"GET /api/hill/sheet?name=ヌト: 200, the sheet as entered ({st} {resp[:80]!r})")
        for what, query, want in [
                ("no such member", "name=%E3%83%8C", 404),        # ヌ
                ("a member's name with a blank", "name=%E3%83%8C%E3%83%88+", 404),
                ("a malformed %-escape", "name=%ZZ", 400),
                ("a %-escape cut short", "name=%E3%83%8C%E3%83%8", 400),
                ("a malformed escape in another argument", "x=%G0&name=%E3%83%8C%E3%83%88", 400),
                ("a lone %", "name=%", 400),
                ("a %00", "name=%00", 400),
                ("a newline", "name=a%0Ab", 400),
                ("invalid UTF-8", "name=%FF%FE", 400),
                ("no name", "", 400),
                ("an empty name", "name=", 400),
                ("the name twice", "name=a&name=b", 400),
                ("a 2000-byte name", "name=" + "a" * 2000, 400)]:
            st, resp = request(port, "GET", "/api/hill/sheet?" + query)
            ok(st == want and error_doc(resp, want), f"GET /api/hill/sheet with {what}: {want} ({st})")
        st, _ = request(port, "POST", "/api/hill/sheet?name=x", "{}")
        ok(st == 405, f"POST /api/hill/sheet: 405 ({st})")
        ok(alive(port), "still serving after the sheet requests")
        st, resp = request(port, "GET", "/api/hill.html")
        ok(st == 200 and b"<svg" in resp, f"GET /api/hill.html: the page with the heat map ({st})")
        ok(alive(port), "still serving")
    finally:
        srv.terminate()
        ok(srv.wait(timeout=20) == 0, "the hill server stops with status 0")

print("hostile: " + ("ok" if failures == 0 else f"{failures} failure(s)"))
sys.exit(1 if failures else 0)
