#!/usr/bin/env python3
"""serve.py - `megami serve`, the BCDice-API v2 server, over real HTTP on
loopback ports (docs/MEGAMI.md, "The BCDice-API server").

    python3 tests/front/megami/serve/serve.py MEGAMI BUILD_DIR

Every endpoint's exact status and body at a fixed seed; CORS on every
answer and the preflight; every 405's Allow; the limits (413 declared and
chunked, 400 framing, 415, 421, 400 without Host, 429 past --rate, a
request that does not come in whole is cut); a choice past an
expression's 1024 bytes, and lists past the 16384 bytes a command's
choices may show; an original table in a query of 6 KB, and the query's
10240 bytes; 600 rolls of 1D6 that look fair (a chi-square bound at --seed 1:
deterministic, never flaky); and rolls and original tables whose dice
("rands") fed into the real BCDice (npm bcdice 4.9.0, installed into
BUILD_DIR/node-bcdice by this test) give the same text and verdict.
Without npm or node the test FAILS and says what to run.
"""
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "amaryllis", "web"))
import webtest  # noqa: E402  (the raw HTTP client the web tests share)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "util"))
import rng_reference  # noqa: E402  (the seeded dice, written from docs/RANDOM.md)

HERE = os.path.dirname(os.path.abspath(__file__))
BCDICE = "bcdice@4.9.0"
failures = 0


def ok(cond, what):
    global failures
    print(("ok: " if cond else "FAIL: ") + what, flush=True)
    if not cond:
        failures += 1
    return cond


def bcdice_module(build):
    """The path of the npm package bcdice 4.9.0 under BUILD/node-bcdice,
    installed when missing; exits 1 with what to run when it cannot be."""
    prefix = os.path.join(build, "node-bcdice")
    mod = os.path.join(prefix, "node_modules", "bcdice")
    run = f"npm install --prefix {prefix} {BCDICE}"
    try:
        with open(os.path.join(mod, "package.json"), encoding="utf-8") as f:
            if json.load(f).get("version") == "4.9.0":
                return mod
    except OSError:
        pass
    if not shutil.which("npm") or not shutil.which("node"):
        print(f"FAIL: node and npm are needed for the BCDice cross-check "
              f"(apt-get install nodejs npm), then run: {run}")
        sys.exit(1)
    # npm's cache in the build tree too: nothing written into $HOME
    r = subprocess.run(["npm", "install", "--prefix", prefix, "--no-audit",
                        "--no-fund", "--cache", os.path.join(prefix, ".npm-cache"),
                        BCDICE], capture_output=True, text=True, timeout=600)
    if r.returncode != 0 or not os.path.isdir(mod):
        print(f"FAIL: {run} failed:\n{r.stdout}{r.stderr}")
        sys.exit(1)
    return mod


RUNNING = []  # servers to stop if the test dies


class Server:
    """`megami --lang LANG serve --listen 127.0.0.1:0 OPTS`; .port, .log."""

    def __init__(self, megami, *opts, lang="en"):
        self.p = subprocess.Popen([megami, "--lang", lang, "serve", "--listen",
                                   "127.0.0.1:0", *opts],
                                  stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, text=True)
        RUNNING.append(self.p)
        line = self.p.stderr.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            self.p.kill()
            raise SystemExit("server did not start: " + line)
        self.port = int(m.group(1))
        self.log = []
        threading.Thread(target=lambda: self.log.extend(self.p.stderr),
                         daemon=True).start()

    def stop(self):
        self.p.terminate()
        try:
            return self.p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.p.kill()
            return self.p.wait()


def raw(port, data, timeout=10):
    """Raw bytes in; (status, headers, body as text) out, status 0 when the
    connection closed without an answer: the web tests' HTTP client
    (tests/front/amaryllis/web/webtest.py)."""
    st, headers, body = webtest.raw(port, data, timeout=timeout)
    return st, headers, body.decode("utf-8", "replace")


def request(port, method, path, body=None, headers=None, host="default",
            version="HTTP/1.1"):
    data = body.encode() if isinstance(body, str) else (body or b"")
    lines = [f"{method} {path} {version}"]
    if host == "default":
        host = f"127.0.0.1:{port}"
    if host is not None:
        lines.append(f"Host: {host}")
    lines.append("Connection: close")
    for k, v in (headers or {}).items():
        lines.append(f"{k}: {v}")
    if body is not None:
        lines.append(f"Content-Length: {len(data)}")
    return raw(port, ("\r\n".join(lines) + "\r\n\r\n").encode() + data)


FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def form(**kv):
    return urllib.parse.urlencode(kv)


def rands(*values, sides=6):
    return [{"kind": "normal", "sides": sides, "value": v} for v in values]


def roll_doc(text, success=False, failure=False, critical=False, fumble=False,
             dice=()):
    return json.dumps({"ok": True, "text": text, "secret": False,
                       "success": success, "failure": failure,
                       "critical": critical, "fumble": fumble,
                       "rands": list(dice)}, ensure_ascii=False,
                      separators=(",", ":"))


def expect(port, method, path, status, want, what, **kw):
    st, h, b = request(port, method, path, **kw)
    ok(st == status and b == want, f"{what}: {method} {path} -> {status} {want}"
       + ("" if st == status and b == want else f" (got {st} {b})"))
    ok(h.get("access-control-allow-origin") == "*",
       f"{what}: Access-Control-Allow-Origin: * (CORS)")
    return h


def endpoints(megami, version):
    """Every endpoint's exact answer at seed 42 (d6: 1, 3, 5, 6, 6, …;
    tests/support/rng_reference.py), errors, CORS and the limits."""
    srv = Server(megami, "--seed", "42", "--admin-name", "GM",
                 "--admin-url", "https://example.org/terms", "--admin-email",
                 "gm@example.org", "--max-body", "1024", "--request-timeout",
                 "1", lang="ja")
    p = srv.port
    expect(p, "GET", "/v2/version", 200,
           f'{{"api":"{version}","bcdice":"3.16.1"}}', "version")
    expect(p, "GET", "/v2/admin", 200,
           '{"name":"GM","url":"https://example.org/terms",'
           '"email":"gm@example.org"}', "admin")
    # DiceBot first, as BCDice-API sorts by sort_key ('*' before 'す')
    expect(p, "GET", "/v2/game_system", 200,
           '{"game_system":[{"id":"DiceBot","name":"DiceBot",'
           '"sort_key":"*たいすほつと"},{"id":"SRS","name":"スタンダードRPGシステム",'
           '"sort_key":"すたんたあとRPGしすてむ"}]}', "game systems")
    # DiceBot (MG-DICE-SYS-1): BCDice's constants (npm bcdice 4.9.0's
    # DiceBot ID, NAME, SORT_KEY, COMMAND_PATTERN; HELP_MESSAGE's first
    # line); clients ask for it first (discord-bcdicebot as it starts)
    st, h, b = request(p, "GET", "/v2/game_system/DiceBot")
    info = json.loads(b) if st == 200 else {}
    ok(list(info) == ["ok", "id", "name", "sort_key", "command_pattern",
                      "help_message"] and info["ok"] is True and
       info["id"] == "DiceBot" and info["name"] == "DiceBot" and
       info["sort_key"] == "*たいすほつと" and info["command_pattern"] ==
       r"^S?([+\-(]*(\d+|D\d+)|\d+B\d+|\d+T[YZ]\d+|C[+\-(]*\d+|choice|D66|"
       r"(repeat|rep|x)\d+|\d+R\d+|\d+U\d+|BCDiceVersion)" and
       info["help_message"].startswith("3D6+1>=9 ：3d6+1で目標値9以上かの判定\n"),
       f"game system DiceBot: BCDice's ({b[:120]}…)")
    st, h, b = request(p, "GET", "/v2/game_system/SRS")
    info = json.loads(b) if st == 200 else {}
    ok(list(info) == ["ok", "id", "name", "sort_key", "command_pattern",
                      "help_message"] and info["ok"] is True and
       info["id"] == "SRS" and info["name"] == "スタンダードRPGシステム" and
       info["sort_key"] == "すたんたあとRPGしすてむ",
       f"game system SRS: BCDice-API's members in order ({b[:80]}…)")
    ok(info.get("command_pattern") ==
       r"^S?([+\-(]*(\d+|D\d+)|\d+B\d+|\d+T[YZ]\d+|C[+\-(]*\d+|choice|D66|"
       r"(repeat|rep|x)\d+|\d+R\d+|\d+U\d+|BCDiceVersion|2D6)",
       "command_pattern is BCDice's pattern of SRS")
    ok(info.get("help_message", "").startswith("・判定\n"),
       "help_message in the server's language (ja)")
    for path in ("/v2/game_system/Cthulhu", "/v2/game_system/srs",
                 "/v2/game_system/Cthulhu/roll?command=1D6"):
        expect(p, "GET", path, 400,
               '{"ok":false,"reason":"unsupported game system"}', "no system")
    # the server's dice: seed 42 gives 1, 3, then 5, 6, 6
    expect(p, "GET", "/v2/game_system/SRS/roll?command=2D6%2B1%3E%3D8", 200,
           roll_doc("(2D6+1>=8[12,2]) ＞ 4[1,3]+1 ＞ 5 ＞ 失敗", failure=True,
                    dice=rands(1, 3)), "roll (GET)")
    expect(p, "POST", "/v2/game_system/SRS/roll", 200,
           roll_doc("(3D6) ＞ 17[5,6,6] ＞ 17", dice=rands(5, 6, 6)),
           "roll (POST form)", body=form(command="3D6"), headers=FORM)
    # DiceBot: the next dice 5, 5, 6, 5 shown as rolled (SRS sorts them:
    # [5,5,5,6]); 21 >= 15, 成功; no SRS reading, so 2D6@12#2>=8 is no
    # command there (BCDice's DiceBot answers nothing; no die rolled)
    expect(p, "GET", "/v2/game_system/DiceBot/roll?command=4D6%3E%3D15", 200,
           roll_doc("(4D6>=15) ＞ 21[5,5,6,5] ＞ 21 ＞ 成功", success=True,
                    dice=rands(5, 5, 6, 5)), "roll (DiceBot)")
    expect(p, "GET", "/v2/game_system/DiceBot/roll?command=2D6%4012%232%3E%3D8",
           400, '{"ok":false,"reason":"unsupported command"}',
           "DiceBot: no SRS judgement")
    for q in ("?command=xyz", "?command=", "", "?cmd=1D6",
              "?command=2D6%2B", "?command=%E3%81"):
        expect(p, "GET", "/v2/game_system/SRS/roll" + q, 400,
               '{"ok":false,"reason":"unsupported command"}', "bad command")
    expect(p, "GET", "/v2/game_system/SRS/roll?command=%ZZ", 400,
           '{"ok":false,"reason":"bad request"}', "malformed query")
    expect(p, "GET", "/", 404, '{"ok":false,"reason":"not found"}', "no page")
    expect(p, "GET", "/v2/game_system/SRS/roll/x", 404,
           '{"ok":false,"reason":"not found"}', "no page")
    # a 405 names the path's methods (RFC 9110 section 15.5.6: MUST):
    # HEAD as GET, OPTIONS (the CORS preflight) on every path
    for method, path, allow in (
            ("POST", "/v2/version", "GET, HEAD, OPTIONS"),
            ("PUT", "/v2/game_system", "GET, HEAD, OPTIONS"),
            ("DELETE", "/v2/game_system/SRS", "GET, HEAD, OPTIONS"),
            ("DELETE", "/v2/game_system/SRS/roll", "GET, HEAD, POST, OPTIONS"),
            ("PUT", "/v2/game_system/DiceBot/roll", "GET, HEAD, POST, OPTIONS"),
            ("GET", "/v2/original_table?table=x", "POST, OPTIONS"),
            ("HEAD", "/v2/original_table", "POST, OPTIONS")):
        st, h, b = request(p, method, path,
                           body=None if method in ("GET", "HEAD") else "",
                           headers=FORM)
        want = "" if method == "HEAD" else \
            '{"ok":false,"reason":"method not allowed"}'
        ok(st == 405 and b == want and h.get("allow") == allow and
           h.get("access-control-allow-origin") == "*",
           f"wrong method: {method} {path} -> 405, Allow: {allow}, CORS "
           f"({st} {b} {h.get('allow')})")
    st, h, b = request(p, "GET", "/v2/version")
    ok(st == 200 and "allow" not in h, f"no Allow but on a 405 ({st} {h})")
    expect(p, "POST", "/v2/original_table", 400,
           '{"ok":false,"reason":"unsupported table"}', "table without rows",
           body=form(table="T\n1D6\n1:a\n"), headers=FORM)
    expect(p, "POST", "/v2/original_table", 400,
           '{"ok":false,"reason":"unsupported table"}', "no table", body="",
           headers=FORM)
    # CORS: the preflight of a browser's fetch with a JSON content type
    st, h, b = request(p, "OPTIONS", "/v2/game_system/SRS/roll",
                       headers={"Origin": "https://table.example",
                                "Access-Control-Request-Method": "POST"})
    ok(st == 204 and b == "" and h.get("access-control-allow-origin") == "*"
       and h.get("access-control-allow-methods") == "GET, POST, OPTIONS" and
       h.get("access-control-allow-headers") == "Content-Type" and
       h.get("access-control-max-age") == "86400",
       f"CORS preflight: 204 with the allowed methods and headers ({st} {h})")
    # the limits of amaryllis serve
    expect(p, "POST", "/v2/game_system/SRS/roll", 413,
           '{"ok":false,"reason":"request body too large"}',
           "declared body past --max-body", body=form(command="1D6 " + "x" * 2000),
           headers=FORM)
    chunk = form(command="1D6 " + "x" * 600).encode()
    data = (f"POST /v2/game_system/SRS/roll HTTP/1.1\r\nHost: 127.0.0.1:{p}\r\n"
            "Connection: close\r\nContent-Type: application/x-www-form-urlencoded"
            "\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
    for _ in range(2):
        data += b"%x\r\n" % len(chunk) + chunk + b"\r\n"
    st, h, b = raw(p, data + b"0\r\n\r\n")
    ok(st == 413 and b == '{"ok":false,"reason":"request body too large"}'
       and h.get("access-control-allow-origin") == "*",
       f"chunked body past --max-body: 413 with CORS ({st} {b})")
    # the body's framing in doubt: 400, the connection closed, CORS too
    # (every answer megami writes goes through server.c's headers hook)
    st, h, b = raw(p, f"POST /v2/game_system/SRS/roll HTTP/1.1\r\nHost: "
                   f"127.0.0.1:{p}\r\nContent-Type: application/"
                   "x-www-form-urlencoded\r\nContent-Length: 11\r\n"
                   "Content-Length: 11\r\n\r\ncommand=1D6".encode())
    ok(st == 400 and b == '{"ok":false,"reason":"more than one '
       'Content-Length or Transfer-Encoding header"}' and
       h.get("connection") == "close" and
       h.get("access-control-allow-origin") == "*",
       f"two Content-Length: 400 framing, closed, with CORS ({st} {b} {h})")
    # a folded Content-Length (obs-fold): libmicrohttpd 0.9.75 makes it a
    # header "Content-Length11" and no length, so the body would be read
    # as the next request, where a proxy that unfolds it reads a body of
    # 11 (HTTP review 2026-12-06): 400 framing and closed
    st, h, b = raw(p, f"POST /v2/game_system/SRS/roll HTTP/1.1\r\nHost: "
                   f"127.0.0.1:{p}\r\nContent-Type: application/"
                   "x-www-form-urlencoded\r\nContent-Length:\r\n 11\r\n"
                   "\r\ncommand=1D6".encode())
    ok(st == 400 and b == '{"ok":false,"reason":"a malformed header name '
       '(a space before its colon, or a header folded onto a second line)"}'
       and h.get("connection") == "close",
       f"a folded Content-Length: 400 framing, closed ({st} {b} {h})")
    expect(p, "POST", "/v2/game_system/SRS/roll", 415,
           '{"ok":false,"reason":"a POST body must be '
           'application/x-www-form-urlencoded or multipart/form-data"}',
           "JSON body",
           body='{"command":"1D6"}', headers={"Content-Type": "application/json"})
    expect(p, "GET", "/v2/version", 421,
           '{"ok":false,"reason":"this server does not answer for that host '
           '(serve --public-host NAME)"}', "DNS rebinding", host="attacker.example")
    expect(p, "GET", "/v2/version", 400,
           '{"ok":false,"reason":"an HTTP/1.1 request needs a Host header"}',
           "no Host", host=None)
    expect(p, "GET", "/v2/version", 400,
           '{"ok":false,"reason":"more than one Host header"}', "two Hosts",
           headers={"Host": f"127.0.0.1:{p}"})
    expect(p, "GET", "/v2/version", 200,
           f'{{"api":"{version}","bcdice":"3.16.1"}}', "localhost",
           host=f"localhost:{p}")
    expect(p, "GET", "/v2/version", 200,
           f'{{"api":"{version}","bcdice":"3.16.1"}}', "HTTP/1.0 without Host",
           host=None, version="HTTP/1.0")
    # the absolute form a proxy gets (RFC 9112 section 3.2.2: a server
    # must accept it; until 2026-12-06 404): routed by its path, its host
    # checked as Host is, and a Host header that names another is refused
    expect(p, "GET", f"http://127.0.0.1:{p}/v2/version", 200,
           f'{{"api":"{version}","bcdice":"3.16.1"}}', "absolute form")
    expect(p, "GET", f"HTTP://LOCALHOST:{p}/v2/version", 200,
           f'{{"api":"{version}","bcdice":"3.16.1"}}', "absolute form, case",
           host=f"localhost:{p}")
    expect(p, "GET", "http://attacker.example/v2/version", 421,
           '{"ok":false,"reason":"this server does not answer for that host '
           '(serve --public-host NAME)"}', "absolute form elsewhere",
           host="attacker.example")
    expect(p, "GET", f"http://127.0.0.1:{p}/v2/version", 400,
           '{"ok":false,"reason":"the request target and the Host header '
           'name different hosts"}', "absolute form against Host",
           host="attacker.example")
    expect(p, "GET", "http://attacker.example/v2/version", 421,
           '{"ok":false,"reason":"this server does not answer for that host '
           '(serve --public-host NAME)"}', "HTTP/1.0 absolute form, no Host",
           host=None, version="HTTP/1.0")
    # a request that does not come in whole within --request-timeout (1 s)
    s = socket.create_connection(("127.0.0.1", p), timeout=10)
    t0 = time.monotonic()
    s.sendall(f"GET /v2/version HTTP/1.1\r\nHost: 127.0.0.1:{p}\r\n".encode())
    try:
        got = s.recv(100)
    except (ConnectionResetError, socket.timeout):
        got = b""
    s.close()
    ok(got == b"" and time.monotonic() - t0 < 5,
       f"a half-sent request is cut after --request-timeout "
       f"({time.monotonic() - t0:.1f} s)")
    rc = srv.stop()
    ok(rc == 0, f"stops on SIGTERM with status 0 ({rc})")
    log = "".join(srv.log)
    for word in ("roll", "too-large", "host", "type", "request-timeout"):
        ok(re.search(r" " + word + r"\b", log) is not None, f"log says {word}")


def long_choice(megami):
    """A choice is not held to an expression's 1024 bytes (BCDice 4.9.0
    rolls it; its only limit is 100 items); megami's bound is 16384 bytes
    of list shown, a repeat's rolls together (docs/MEGAMI.md,
    MG-DICE-LIMIT).  Seed 42's d90 (tests/util/rng_reference.py) is 8,
    then 35."""
    srv = Server(megami, "--seed", "42", "--rate", "0")
    p = srv.port
    g = rng_reference.Xoshiro256ss(42)
    items = [f"ゴブリン{i}" for i in range(90)]
    cmd = "choice[" + ",".join(items) + "]"
    # 7 + 90 items of 12 bytes + 10 + 80 * 2 digits + 89 commas + 1
    ok(len(cmd.encode()) == 1347, "the review's choice is 1347 bytes")
    pick = g.die(90)
    ok(pick == 8, f"seed 42: d90 is 8 ({pick})")
    expect(p, "POST", "/v2/game_system/SRS/roll", 200,
           roll_doc(f"({cmd}) ＞ ゴブリン7", dice=rands(8, sides=90)),
           "choice of 90 items, 1347 bytes (POST form)",
           body=form(command=cmd), headers=FORM)
    pick = g.die(90)
    ok(pick == 35, f"seed 42: the next d90 is 35 ({pick})")
    st, h, b = request(p, "GET", "/v2/game_system/DiceBot/roll?" +
                       form(command=cmd))
    ok(st == 200 and b == roll_doc(f"({cmd}) ＞ ゴブリン34",
                                   dice=rands(35, sides=90)) and
       h.get("access-control-allow-origin") == "*",
       f"choice of 1347 bytes (GET query, DiceBot): 200, ゴブリン34 "
       f"({st} …{b[-120:]})")
    # past megami's bound: a list of 16385 bytes (86 items of 163
    # digits, 14 of 162, 99 commas); x100 of a list of 169 (10 of 16, 9
    # commas: 16900 shown); x100 choice100 of 99 short items and one of
    # 60000 bytes had answered 200 with 12 MB
    big = ",".join([f"{k:0163d}" for k in range(1, 87)] +
                   [f"{k:0162d}" for k in range(87, 101)])
    ok(len(big) == 16385, "a list of 16385 bytes")
    rep = "x100 choice[" + ",".join(f"{k:016d}" for k in range(1, 11)) + "]"
    amp = ("x100 choice100 " + " ".join(f"g{k:04d}" for k in range(99)) +
           " " + "z" * 60000)
    for what, c in (("a list of 16385 bytes", "choice[" + big + "]"),
                    ("x100 of a list of 169 bytes", rep),
                    ("x100 choice100 of 60 KB", amp)):
        expect(p, "POST", "/v2/game_system/SRS/roll", 400,
               '{"ok":false,"reason":"unsupported command"}',
               f"choice past 16384 bytes shown: {what}",
               body=form(command=c), headers=FORM)
    # repeats inside repeats multiply their answers (MG-DICE-LIMIT, at
    # most 1048576 bytes): x100 Sx100 C(1) is 100 × 100 "c(1) ＞ 1" under
    # their "#k" lines, 159,590 bytes (test_dice derives it); one Sx100
    # more, 28 bytes, would answer 16 MB, and one more 1.6 GB: refused at
    # once, 400 as any command that fails when rolled
    inner = "\n\n".join(f"#{j}\nc(1) ＞ 1" for j in range(1, 101))
    text = "\n\n".join(f"#{i}\n{inner}" for i in range(1, 101))
    ok(len(text.encode()) == 159590, "x100 Sx100 C(1) is 159,590 bytes")
    want = json.dumps({"ok": True, "text": text, "secret": True,
                       "success": False, "failure": False, "critical": False,
                       "fumble": False, "rands": []}, ensure_ascii=False,
                      separators=(",", ":"))
    st, h, b = request(p, "GET", "/v2/game_system/SRS/roll?" +
                       form(command="x100 Sx100 C(1)"))
    ok(st == 200 and b == want,
       f"x100 Sx100 C(1): 200 and its 159,590 bytes (got {st}, "
       f"{len(b)} characters)")
    for c in ("x100 Sx100 Sx100 C(1)", "x100 Sx100 Sx100 Sx100 Sx100 1"):
        expect(p, "GET", "/v2/game_system/SRS/roll?" + form(command=c), 400,
               '{"ok":false,"reason":"unsupported command"}',
               f"{c}: past 1048576 bytes")
    srv.stop()


def long_query(megami):
    """A query of up to 10240 bytes, as Puma (BCDice-API's server) allows
    (414 past it, as before past 4096): discord-bcdicebot sends an
    original table as POST /v2/original_table?table=… with an empty form.
    Seed 42's d6 are 1, 3 (tests/util/rng_reference.py)."""
    srv = Server(megami, "--seed", "42", "--rate", "0")
    p = srv.port
    g = rng_reference.Xoshiro256ss(42)
    # a D66 table of 36 rows of 20 characters ("11:" + 18 あ + "11"), as
    # Java's URLEncoder sends it: "table=" and "D66%0A" twice, then 36
    # rows of "11%3A", 18 * 9, "11" and "%0A": 18 + 36 * 172 = 6210 bytes
    rows = [f"{a}{b}:" + "あ" * 18 + f"{a}{b}" for a in range(1, 7)
            for b in range(1, 7)]
    table = "D66\nD66\n" + "".join(r + "\n" for r in rows)
    query = form(table=table)
    ok(len(query) == 6210, f"the table's query is 6210 bytes ({len(query)})")
    d = [g.die(6), g.die(6)]
    ok(d == [1, 3], f"seed 42: d6 1, 3 ({d})")
    want = json.dumps({"ok": True, "text": "D66(13) ＞ " + "あ" * 18 + "13",
                       "rands": rands(1, 3)}, ensure_ascii=False,
                      separators=(",", ":"))
    st, h, b = request(p, "POST", "/v2/original_table?" + query, body="",
                       headers=FORM)
    ok(st == 200 and b == want and h.get("access-control-allow-origin") == "*",
       f"a 36-row D66 table in the query of an empty form: 200, row 13 "
       f"({st} {b})")
    # the bound exactly: "x=" and 10238 bytes are 10240; one more is 414
    st, h, b = request(p, "GET", "/v2/version?x=" + "a" * 10238)
    ok(st == 200 and b.startswith('{"api":'),
       f"a query of 10240 bytes is answered ({st} {b})")
    st, h, b = request(p, "GET", "/v2/version?x=" + "a" * 10239)
    ok(st == 414 and b == '{"ok":false,"reason":"the query is too long"}' and
       h.get("access-control-allow-origin") == "*",
       f"a query of 10241 bytes: 414 with CORS ({st} {b} {h})")
    srv.stop()


def multipart_body(boundary, fields):
    """A multipart/form-data body as a browser's FormData sends it: each
    field (name, value) or (name, value, filename) a part."""
    out = b""
    for f in fields:
        disp = f'form-data; name="{f[0]}"'
        if len(f) > 2:
            disp += f'; filename="{f[2]}"'
        out += (f"--{boundary}\r\nContent-Disposition: {disp}\r\n" +
                ("Content-Type: text/plain\r\n" if len(f) > 2 else "") +
                "\r\n").encode() + f[1].encode() + b"\r\n"
    return out + f"--{boundary}--\r\n".encode()


def multipart(megami):
    """A POST of multipart/form-data (a page's fetch with FormData) is read
    as BCDice-API's Rack reads it: the same fields as a urlencoded form, a
    file's field left out.  Seed 42's d6 are 1, 3, 5, 6, 6
    (tests/util/rng_reference.py)."""
    srv = Server(megami, "--seed", "42", "--rate", "0")
    p = srv.port
    g = rng_reference.Xoshiro256ss(42)
    d = [g.die(6) for _ in range(5)]
    ok(d == [1, 3, 5, 6, 6], f"seed 42: d6 1, 3, 5, 6, 6 ({d})")
    mp = {"Content-Type": "multipart/form-data; boundary=----b0"}
    # 2D6 with the dice 1, 3: 4
    expect(p, "POST", "/v2/game_system/SRS/roll", 200,
           roll_doc("(2D6) ＞ 4[1,3] ＞ 4", dice=rands(1, 3)),
           "multipart command", headers=mp,
           body=multipart_body("----b0", [("command", "2D6")]))
    # DiceBot 2D6>=7 with 5, 6: 11, 成功; a file's field is not read
    expect(p, "POST", "/v2/game_system/DiceBot/roll", 200,
           roll_doc("(2D6>=7) ＞ 11[5,6] ＞ 11 ＞ 成功", success=True,
                    dice=rands(5, 6)),
           "multipart command beside a file", headers=mp,
           body=multipart_body("----b0", [("x", "y", "a.txt"),
                                          ("command", "2D6>=7")]))
    # a table of 1D6 in Japanese with newlines: the die 6 picks row 6
    want = json.dumps({"ok": True, "text": "表(6) ＞ ろく", "rands": rands(6)},
                      ensure_ascii=False, separators=(",", ":"))
    expect(p, "POST", "/v2/original_table", 200, want, "multipart table",
           headers=mp, body=multipart_body("----b0", [(
               "table", "表\n1D6\n1:い\n2:に\n3:さん\n4:し\n5:ご\n6:ろく")]))
    # the command only as a file: no command (BCDice-API: the same 400)
    expect(p, "POST", "/v2/game_system/SRS/roll", 400,
           '{"ok":false,"reason":"unsupported command"}',
           "multipart command as a file", headers=mp,
           body=multipart_body("----b0", [("command", "2D6", "c.txt")]))
    # not valid: no closing boundary; no boundary parameter
    bad = '{"ok":false,"reason":"the multipart/form-data body is not valid"}'
    expect(p, "POST", "/v2/game_system/SRS/roll", 400, bad,
           "multipart without its end", headers=mp,
           body='------b0\r\nContent-Disposition: form-data; name="command"'
                '\r\n\r\n1D6')
    expect(p, "POST", "/v2/game_system/SRS/roll", 400, bad,
           "multipart without a boundary",
           headers={"Content-Type": "multipart/form-data"}, body="abc")
    # a body without its boundary at all was read as an empty form
    # (unsupported command; HTTP review I3): it is not valid either
    expect(p, "POST", "/v2/game_system/SRS/roll", 400, bad,
           "multipart body without its boundary", headers=mp,
           body='command=2D6')
    srv.stop()


def fair(megami):
    """600 rolls of 1D6 at --seed 1 on one keep-alive connection: each text
    is its die, and the faces pass a chi-square test (5 degrees of
    freedom, bound 20.52: p = 0.001 for fair dice; at a fixed seed the
    outcome is fixed, so the test is not flaky)."""
    srv = Server(megami, "--seed", "1", "--rate", "0")
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    counts = [0] * 6
    good = 0
    for _ in range(600):
        c.request("GET", "/v2/game_system/SRS/roll?command=1D6")
        r = c.getresponse()
        doc = json.loads(r.read())
        v = doc["rands"][0]["value"] if len(doc["rands"]) == 1 else 0
        if (r.status == 200 and doc["text"] == f"(1D6) ＞ {v}" and
                doc["rands"][0]["sides"] == 6 and 1 <= v <= 6):
            good += 1
            counts[v - 1] += 1
    c.close()
    ok(good == 600, f"600 rolls of 1D6: each text shows its one die ({good})")
    chi2 = sum((n - 100) ** 2 / 100 for n in counts)
    ok(chi2 < 20.52 and min(counts) > 0,
       f"the faces look fair: {counts}, chi-square {chi2:.2f} < 20.52")
    srv.stop()


# Commands of every reading (SRS judgements with and without target,
# options, the legacy brackets; plain sums, rounding, comparisons), each
# rolled often enough for criticals and fumbles to show.
COMMANDS = ["2D6+1>=8", "2D6>=10", "2D6+2>=10[11]", "2D6+2@12#4>=10",
            "2D6[]", "2D6@11", "2D6#4", "2D6+1-2+3-4>=8", "2D6[11,3]",
            "2d6+1>=8", "2D6", "2D6+3", "3D6+2", "1D6/2U", "1D6+3/2R",
            "(2D6+1D4)*2", "1D100<=50", "2D6>8", "1D6>=?", "D6+1", "2D>=8",
            "(1+1)D6>=8", "1D20<>10", "2D6 コメント"]
TABLES = ["飲み物表\n1D6\n1:水\n2:緑茶\n3:麦茶\n4:コーラ\n5:オレンジジュース\n"
          "6:選ばれし者の\\n知的飲料\n",
          "T\r\n2D3\r\n2:two\r\n\r\n3:three  \r\n4:four\r\n5:five\r\n6:six\r\n",
          "D66表\nD66\n" + "".join(f"{a}{b}:{a}-{b}\n" for a in range(1, 7)
                                    for b in range(1, 7)),
          "昇順\nd66s\n" + "".join(f"{a}{b}:{a}<={b}\n" for a in range(1, 7)
                                  for b in range(a, 7)),
          "降順\nD66D\n" + "".join(f"{a}{b}:{a}>={b}\n" for a in range(1, 7)
                                  for b in range(1, a + 1))]


def crosscheck(megami, module):
    """Rolls and tables of the server, their rands fed into the real
    BCDice: the same text, secret, success, failure, critical, fumble,
    and BCDice takes exactly those dice."""
    srv = Server(megami, "--seed", "7", "--rate", "0")
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    asked, got = [], []
    for i in range(20):
        for cmd in COMMANDS:
            c.request("GET", "/v2/game_system/SRS/roll?" + form(command=cmd))
            r = c.getresponse()
            doc = json.loads(r.read())
            if not ok(r.status == 200, f"roll {cmd!r}: 200") or not doc["ok"]:
                continue
            asked.append({"command": cmd,
                          "rands": [d["value"] for d in doc["rands"]]})
            got.append(doc)
        for t in TABLES:
            c.request("POST", "/v2/original_table", body=form(table=t),
                      headers=FORM)
            r = c.getresponse()
            doc = json.loads(r.read())
            if not ok(r.status == 200, f"table {t.split(chr(10))[0]!r}: 200"):
                continue
            asked.append({"table": t, "rands": [d["value"] for d in doc["rands"]]})
            got.append(dict(doc, secret=False, success=False, failure=False,
                            critical=False, fumble=False))
    c.close()
    srv.stop()
    r = subprocess.run(["node", os.path.join(HERE, "bcdice_eval.js"), module],
                       input="".join(json.dumps(a, ensure_ascii=False) + "\n"
                                     for a in asked),
                       capture_output=True, text=True, timeout=300)
    if not ok(r.returncode == 0, f"node bcdice_eval.js ran ({r.stderr.strip()})"):
        return
    same = 0
    flags = ("secret", "success", "failure", "critical", "fumble")
    for a, mine, line in zip(asked, got, r.stdout.splitlines()):
        ref = json.loads(line)
        if (ref["text"] == mine["text"] and ref["used"] == len(a["rands"]) and
                all(ref[k] == mine[k] for k in flags)):
            same += 1
        else:
            ok(False, f"BCDice differs on {a}: megami {mine}, BCDice {ref}")
    verdicts = {k: sum(1 for g in got if g[k]) for k in flags}
    ok(same == len(asked) and len(r.stdout.splitlines()) == len(asked),
       f"{same} of {len(asked)} rolls and tables: BCDice gives the same text "
       f"and verdict from the same dice ({verdicts})")
    ok(verdicts["critical"] > 0 and verdicts["fumble"] > 0,
       "the cross-check saw criticals and fumbles")


def rate(megami):
    srv = Server(megami, "--rate", "5")
    sts = [request(srv.port, "GET", "/v2/version")[0] for _ in range(5)]
    st, h, b = request(srv.port, "GET", "/v2/version")
    ok(sts == [200] * 5 and st == 429 and h.get("retry-after") == "1" and
       b == '{"ok":false,"reason":"too many requests"}' and
       h.get("access-control-allow-origin") == "*",
       f"--rate 5: five answers, then 429 with Retry-After ({sts} {st} {b})")
    srv.stop()
    # a large answer costs its client a request more for each 65,536
    # bytes past the first (util/httpd.h; the HTTP review's D2: 93 bytes
    # asked, 500 KB answered, all within the rate): with --rate 12, the
    # roll takes 1, its answer of L bytes (L - 1) // 65536 more, and the
    # 12 - 1 - that left go through before a 429 (the bucket refills a
    # request each 5 s: none within the test)
    srv = Server(megami, "--rate", "12", "--seed", "3")
    st, _, b = request(srv.port, "GET",
                       "/v2/game_system/DiceBot/roll?command=x100%20100D10000")
    size = len(b.encode())
    left = 12 - 1 - (size - 1) // 65536
    sts = [request(srv.port, "GET", "/v2/version")[0] for _ in range(left + 1)]
    ok(st == 200 and size > 4 * 65536 and sts == [200] * left + [429],
       f"--rate 12, an answer of {size} bytes: {left} more requests, then 429 "
       f"({st} {sts})")
    srv.stop()


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: serve.py MEGAMI BUILD_DIR")
    megami, build = sys.argv[1], sys.argv[2]
    module = bcdice_module(build)
    out = subprocess.run([megami, "--version"], capture_output=True,
                         text=True).stdout
    version = re.search(r"(\d+\.\d+\.\d+)", out).group(1)
    try:
        endpoints(megami, version)
        long_choice(megami)
        long_query(megami)
        multipart(megami)
        fair(megami)
        crosscheck(megami, module)
        rate(megami)
    finally:
        for p in RUNNING:
            if p.poll() is None:
                p.kill()
    print("megami/serve: " + ("ok" if failures == 0 else f"{failures} failure(s)"))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
