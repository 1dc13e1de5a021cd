#!/usr/bin/env python3
"""framing.py - hostile HTTP on the wire (docs/WEB.md, "Security"; the
HTTP audit's R1-R4, H1, H2, H5), with raw requests from Python:

- the body's framing in doubt is 400 and the connection closed: two
  Content-Length, "Content-Length : 2", a folded Content-Length or
  Transfer-Encoding, Content-Length with Transfer-Encoding, a
  Transfer-Encoding other than chunked, two of it, one in HTTP/1.0;
  a chunked body alone is fine;
- a query of 2000 arguments is answered at once (libmicrohttpd's pool
  does not run out); a query over 4096 bytes is 414 at once;
- what libmicrohttpd refuses itself (431, 414, 505 for HTTP/2's preface,
  400 for HTTP/0.9 and for a Content-Length of -1) is logged "refused";
  a connection that sends nothing is not logged;
- C1 controls and bytes that are not UTF-8 in a path are '?' in the log,
  Japanese stays;
- every response carries the CSP with frame-ancestors, base-uri and
  form-action, X-Frame-Options and Referrer-Policy; a 405 says Allow;
- a battle's answer over --max-reply is 422 naming `amaryllis battle`, in
  the request's language; answers being sent past --max-inflight are 429
  while a slow reader holds one;
- a stderr nobody reads does not stop the server: lines are dropped and
  counted; nor does it keep the server from stopping at SIGTERM (its
  'stopping' is given up after a few seconds).

    framing.py AMARYLLIS
"""
import json
import re
import socket
import subprocess
import sys
import time

from webtest import Server, error_doc, finish, ok, raw, request, sheet

AMARYLLIS = sys.argv[1]


def closed_after(port, data, wait=5):
    """Send data; (the answer's bytes, 1 when the server closed the
    connection after it within wait seconds)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=wait)
    buf, eof = b"", 0
    try:
        s.sendall(data)
        t0 = time.time()
        while time.time() - t0 < wait:
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                break
            except ConnectionResetError:
                eof = 1
                break
            if not chunk:
                eof = 1
                break
            buf += chunk
    finally:
        s.close()
    return buf, eof


def status_of(buf):
    m = re.match(rb"HTTP/1\.[01] (\d+)", buf)
    return int(m.group(1)) if m else 0


def body_of(buf):
    return buf.partition(b"\r\n\r\n")[2]


# --battle-ms 60000: 母 vs 父 (R1 below) must meet --max-reply, not the
# time budget (2000 ms), which an ASan build on a busy machine passed first
srv = Server(AMARYLLIS, "--rate", "0", "--request-timeout", "5",
             "--battle-ms", "60000")
port = srv.port
host = f"Host: 127.0.0.1:{port}\r\n".encode()
post = (b"POST /api/check HTTP/1.1\r\n" + host +
        b"Content-Type: application/json\r\n")
check = json.dumps({"sheet": sheet("grisk")}).encode()
try:
    # R3: the body's framing
    for what, head, body in [
            ("two Content-Length", b"Content-Length: 2\r\nContent-Length: 5\r\n", b"{}"),
            ("a space before the colon", b"Content-Length : 2\r\n", b"{}"),
            ("Content-Length and chunked", b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
             b"0\r\n\r\n"),
            ("Transfer-Encoding: gzip, chunked", b"Transfer-Encoding: gzip, chunked\r\n",
             b"0\r\n\r\n"),
            ("Transfer-Encoding: identity", b"Transfer-Encoding: identity\r\n", b""),
            ("two Transfer-Encoding", b"Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
             b"0\r\n\r\n"),
            # obs-fold (RFC 9112 section 5.2): libmicrohttpd 0.9.75 glues
            # the folded line onto the name ("Content-Length2", no length:
            # the body would be the next request), where a proxy that
            # unfolds it reads a body (HTTP review 2026-12-06)
            ("a folded Content-Length", b"Content-Length:\r\n 2\r\n", b"{}"),
            ("a folded Transfer-Encoding", b"Transfer-Encoding:\r\n chunked\r\n",
             b"0\r\n\r\n"),
            ("a line folded onto another header", b"X-A: 1\r\n Content-Length: 2\r\n",
             b"{}")]:
        t0 = time.time()
        buf, eof = closed_after(port, post + head + b"\r\n" + body)
        ok(status_of(buf) == 400 and error_doc(body_of(buf), 400) and
           b"\r\nConnection: close\r\n" in buf and eof and time.time() - t0 < 3,
           f"{what}: 400 at once, then closed ({status_of(buf)}, closed {eof})")
    # RFC 9112 section 6.1: Transfer-Encoding in HTTP/1.0 is framing in doubt
    buf, eof = closed_after(port, post.replace(b"HTTP/1.1", b"HTTP/1.0", 1) +
                            b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
    ok(status_of(buf) == 400 and b"Transfer-Encoding in an HTTP/1.0 request" in buf and eof,
       f"HTTP/1.0 with Transfer-Encoding: 400, then closed ({status_of(buf)}, closed {eof})")
    chunk = hex(len(check))[2:].encode()
    st, _, body = raw(port, post + b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" +
                      chunk + b"\r\n" + check + b"\r\n0\r\n\r\n")
    ok(st == 200 and json.loads(body)["ok"] is True, f"a chunked body alone: 200 ({st})")
    st, _, body = request(port, "POST", "/api/check", check, {"Content-Type": "application/json"})
    ok(st == 200, f"an ordinary POST: 200 ({st})")

    # R4: many query arguments
    t0 = time.time()
    st, _, body = request(port, "GET", "/?" + "&".join(["a"] * 2000))
    ok(st == 200 and b"<html" in body and time.time() - t0 < 3,
       f"a query of 2000 arguments (3999 bytes): answered at once ({st}, "
       f"{time.time() - t0:.1f} s)")
    t0 = time.time()
    st, _, body = request(port, "GET", "/?" + "&".join(f"a{i}=b" for i in range(1000)))
    ok(st == 414 and error_doc(body, 414) and time.time() - t0 < 3,
       f"a query of 1000 arguments (7889 bytes): 414 at once ({st})")
    st, _, body = request(port, "GET", "/?" + "a" * 4096)
    ok(st == 200, f"a query of 4096 bytes: served ({st})")

    # R2: what libmicrohttpd refuses, logged
    for what, data, want in [
            ("a 70 kB header", b"GET / HTTP/1.1\r\n" + host + b"X: " + b"a" * 70000 + b"\r\n\r\n", 431),
            ("a 70 kB URL", b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n" + host + b"\r\n", 414),
            ("HTTP/2's preface", b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505),
            ("HTTP/0.9", b"GET /\r\n", 400),
            ("Content-Length: -1", post + b"Content-Length: -1\r\n\r\n", 400)]:
        buf, eof = closed_after(port, data)
        ok(status_of(buf) == want and eof, f"{what}: {want} by the library ({status_of(buf)})")
    s = socket.create_connection(("127.0.0.1", port))
    s.close()

    # H1: controls in the log
    st, _, _ = raw(port, b"GET /x\xc2\x9b2J\x9b\x1b[31m/%C2%9B/\xe3\x82\xa2\xe3\x83\xaa"
                   b"\xe3\x82\xa2 HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n")
    ok(st == 404, f"a path with C1 controls: 404 ({st})")

    # H2: the headers of every response, Allow of a 405
    st, hd, _ = request(port, "GET", "/")
    csp = hd.get("content-security-policy", "")
    ok(st == 200 and all(d in csp for d in ("frame-ancestors 'none'", "base-uri 'none'",
                                            "form-action 'self'", "script-src 'self'",
                                            "style-src 'self' 'sha256-"))
       and "unsafe" not in csp,
       f"the page's CSP (no inline script or style): {csp}")
    ok(hd.get("x-frame-options") == "DENY" and hd.get("referrer-policy") == "no-referrer",
       f"X-Frame-Options {hd.get('x-frame-options')}, Referrer-Policy {hd.get('referrer-policy')}")
    st, hd, _ = request(port, "GET", "/api/nope")
    ok(st == 404 and hd.get("x-frame-options") == "DENY", f"a 404 has them too ({st})")
    for method, path, allow in [("GET", "/api/check", "POST"), ("PUT", "/api/battle", "POST"),
                                ("DELETE", "/index.html", "GET, HEAD"),
                                ("POST", "/api/hill", "GET, HEAD")]:
        hdr = {"Content-Type": "application/json"} if method == "POST" else {}
        st, hd, _ = request(port, method, path, "{}" if method == "POST" else None, hdr)
        want = 404 if path == "/api/hill" and st == 404 else 405
        ok(st == want and (st == 404 or hd.get("allow") == allow),
           f"{method} {path}: {st}, Allow: {hd.get('allow')}")

    # R1: an answer over --max-reply
    for lang, word in (("en", "amaryllis battle"), ("ja", "amaryllis battle")):
        battle = json.dumps({"a": sheet("haha"), "b": sheet("chichi"), "lang": lang})
        st, _, body = request(port, "POST", "/api/battle", battle,
                              {"Content-Type": "application/json"}, timeout=120)
        d = json.loads(body) if st == 422 else {}
        ok(st == 422 and word in d.get("error", "") and "--max-reply" in d["error"] and
           (lang == "en") == ("too large" in d["error"]),
           f"母 vs 父 ({lang}): 422, {d.get('error', '')[:90]}")
finally:
    time.sleep(0.5)
    rc = srv.stop()
ok(rc == 0, f"stopped ({rc})")
lines = srv.log
ok(sum(" POST /api/check 400 " in l and l.rstrip().endswith(" framing") for l in lines) == 10,
   "the ten framing refusals are logged")
ok(any(re.search(r" GET / 414 \d+ [\d.]+ms uri$", l.rstrip()) for l in lines),
   "the 414 of a long query is logged")
ok(sum(bool(re.search(r" 127\.0\.0\.1 - / 0 0 [\d.]+ms - refused$", l.rstrip()))
       for l in lines) == 1, "the 431 is logged with its path, refused")
ok(sum(bool(re.search(r" 127\.0\.0\.1 - /api/check 0 0 [\d.]+ms - refused$", l.rstrip()))
       for l in lines) == 1, "the Content-Length of -1 is logged, refused")
ok(sum(bool(re.search(r" 127\.0\.0\.1 - - 0 0 [\d.]+ms refused$", l.rstrip()))
       for l in lines) == 3, "the 414, the 505 and HTTP/0.9 are logged, refused "
       "(and the empty connection not)")
ok(any(" GET /x?2J??[31m/?/アリア 404 " in l for l in lines),
   "C1 controls, ESC and stray bytes are '?' in the log, Japanese stays")
ok(not any(re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", l.rstrip("\n")) for l in lines),
   "no control character in any log line")
ok(sum(" POST /api/battle 422 " in l and l.rstrip().endswith(" too-big") for l in lines) == 2,
   "the two 422 too-big are logged")

# R1: answers being sent at once, held by a slow reader.  The slow reader
# is one the server would close after a span of --request-timeout (5 s by
# default) in which it took less than 4 KiB a second: a span of 600 s, so
# that it is still there, holding its bytes, when the second battle is
# answered (in CI under ASan beside other tests that battle took longer
# than 5 s, the reader was gone and the battle went out: 200, not 429;
# with --request-timeout 1 the ASan build fails so every time)
srv = Server(AMARYLLIS, "--rate", "0", "--max-reply", "0", "--max-inflight", "12000000",
             "--battle-ms", "600000", "--timeout", "60", "--request-timeout", "600")
port = srv.port
try:
    battle = json.dumps({"a": sheet("haha"), "b": sheet("chichi")}).encode()
    req = (b"POST /api/battle HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: "
           b"application/json\r\nContent-Length: %d\r\n\r\n" % (port, len(battle)) + battle)
    slow = socket.socket()
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    slow.connect(("127.0.0.1", port))
    slow.sendall(req)
    first = slow.recv(200)  # the answer begins; the rest waits
    ok(status_of(first) == 200, f"a slow reader's battle (9.7 MB): 200 ({status_of(first)})")
    # (the server's socket takes at most tcp_wmem's maximum, 4 MiB by
    # default, so most of the answer stays with the server, counted)
    try:
        wmem = int(open("/proc/sys/net/ipv4/tcp_wmem").read().split()[2])
    except (OSError, IndexError, ValueError):
        wmem = 4194304
    st, hd, body = request(port, "POST", "/api/battle", battle,
                           {"Content-Type": "application/json"}, timeout=120)
    if wmem > 6000000:
        print(f"skip: tcp_wmem's maximum {wmem} may take the whole answer ({st})")
    else:
        ok(st == 429 and error_doc(body, 429) and hd.get("retry-after") == "1" and
           "--max-inflight" in json.loads(body)["error"],
           f"another while it is held: 429 ({st})")
    st, _, body = request(port, "POST", "/api/check", check, {"Content-Type": "application/json"})
    ok(st == 200, f"a small answer still goes ({st})")
    slow.close()
    # the server lets the held bytes go when it sees the socket closed:
    # at once, but a loaded machine (the test may run beside others) can
    # take a moment, so ask again while it still says 429, for up to 10 s
    t0 = time.time()
    while True:
        time.sleep(0.5)
        st, _, body = request(port, "POST", "/api/battle", battle,
                              {"Content-Type": "application/json"}, timeout=120)
        if st != 429 or time.time() - t0 > 10:
            break
    ok(st == 200 and len(body) > 9000000, f"once it is gone, the battle is served ({st}, "
       f"{len(body)} bytes)")
finally:
    srv.stop()
ok(wmem > 6000000 or
   any(" POST /api/battle 429 " in l and l.rstrip().endswith(" busy") for l in srv.log),
   "the 429 is logged busy")

def serve_unread():
    """A server whose stderr this test does not read (past its first
    line): the process and its port."""
    p = subprocess.Popen([AMARYLLIS, "--lang", "en", "serve", "--listen", "127.0.0.1:0",
                          "--rate", "0"], stderr=subprocess.PIPE)
    m = re.search(rb":(\d+)/", p.stderr.readline())
    return p, int(m.group(1))


def flood(port):
    """2500 requests of a log line of about 190 bytes each; how many were
    answered 404."""
    served = 0
    for i in range(2500):
        st, _, _ = request(port, "GET", "/" + "x" * 150, timeout=5)
        served += st == 404
    return served


# H5: nobody reads stderr: still serving, lines dropped and counted
p, port = serve_unread()
try:
    t0 = time.time()
    served = flood(port)
    ok(served == 2500, f"2500 requests with stderr unread: all answered ({served}, "
       f"{time.time() - t0:.1f} s)")
    p.terminate()
    err = p.communicate(timeout=30)[1].decode()
except Exception:
    p.kill()
    raise
dropped = sum(int(n) for n in re.findall(
    r" log: (\d+) line\(s\) dropped: standard error was not being read\n", err))
got = err.count(" GET /xxxxxxxxxx")
ok(dropped > 0 and got + dropped == 2500 and "refused" not in err,
   f"lines dropped and counted: {got} written + {dropped} dropped")
# The server says it stops while its log is still being written: a plain
# write of it to the pipe landed inside a log line in 1 run of 6 (and in
# CI once inside a line's path, which then went uncounted above).
ok("amaryllis: stopping" in err.splitlines(),
   "'stopping' is a line of its own, not inside a log line")

# H6: nobody ever reads stderr (a stopped pager): the pipe (64 KiB) and
# the log's queue (256 KiB) fill with 2500 lines of about 190 bytes, the
# writer waits in its write, and SIGTERM still stops the server: its
# 'stopping' waits at most 2 s for the writer, the queue at exit 2 s more.
p, port = serve_unread()
try:
    flood(port)
    t0 = time.time()
    p.terminate()
    try:
        rc = p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        rc = None
    ok(rc == 0 and time.time() - t0 < 15,
       f"with stderr never read, SIGTERM stops the server (exit {rc}, "
       f"{time.time() - t0:.1f} s)")
finally:
    if p.poll() is None:
        p.kill()
        p.wait()
    p.stderr.close()
finish("framing")
