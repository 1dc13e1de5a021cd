#!/usr/bin/env python3
"""headers.py - the headers a request must carry (docs/WEB.md, "Security"),
with raw requests from Python:

- a POST that is not application/json (text/plain: what a <form
  enctype="text/plain"> or a no-cors fetch sends; form-urlencoded; none)
  is 415 and enters nothing; application/json with "; charset=utf-8" is
  fine;
- a POST with a foreign Origin (another port, another address, https
  elsewhere, "null") or Sec-Fetch-Site cross-site is 403 and enters
  nothing; the same origin is fine;
- Host: attacker.example (DNS rebinding) is 421 for every path; HTTP/1.1
  without Host, or with two, is 400; localhost, the listening address and
  each --public-host are served;
- each refusal is one log line (415, 403, 421); a --public-host with a
  port is a usage error (exit 2);
- the CSP's style-src allows the hill page's one <style> by its sha256,
  and nothing inline else.

    headers.py AMARYLLIS
"""
import base64
import hashlib
import json
import re
import subprocess
import sys

from webtest import JSON, Server, finish, has_hill, new_hill, ok, raw, request, sheet

AMARYLLIS = sys.argv[1]
nut, grisk = sheet("nut"), sheet("grisk")


def standings(port):
    st, _, body = request(port, "GET", "/api/hill")
    return [m["name"] for m in json.loads(body)["standings"]] if st == 200 else None


hill = new_hill(AMARYLLIS) if has_hill(AMARYLLIS) else None
opts = ["--rate", "0"]
if hill:
    opts += ["--hill", hill]
srv = Server(AMARYLLIS, *opts)
port = srv.port
try:
    # the CSP allows no inline style but the hill page's one <style>, by
    # the sha256 of its text (CSP Level 2 hash-source), computed here
    # from the page as served
    if hill:
        st, hd, body = request(port, "GET", "/api/hill.html")
        body = body.decode("utf-8")
        m = re.search(r"<style>(.*?)</style>", body, re.S)
        want = "'sha256-" + base64.b64encode(
            hashlib.sha256(m.group(1).encode()).digest()).decode() + "'"
        csp = hd.get("content-security-policy", "")
        ok(st == 200 and len(re.findall(r"<style", body)) == 1 and
           f"style-src 'self' {want};" in csp and "unsafe" not in csp,
           f"/api/hill.html's one <style> is the CSP's style hash {want}: {csp}")
    entry = json.dumps({"name": "Mallory", "address": "mallory@example.org",
                        "password": "pass-words", "sheet": nut})
    check = json.dumps({"sheet": grisk})

    # Content-Type: 415 for anything but JSON (no Origin: curl, a script)
    for what, ctype in [("text/plain (a text/plain form, a no-cors fetch)", "text/plain"),
                        ("text/plain;charset=UTF-8", "text/plain;charset=UTF-8"),
                        ("form-urlencoded", "application/x-www-form-urlencoded"),
                        ("multipart", "multipart/form-data; boundary=x"),
                        ("application/jsonx", "application/jsonx"),
                        ("no Content-Type", None)]:
        hdr = {"Content-Type": ctype} if ctype else {}
        path = "/api/hill/entry" if hill else "/api/check"
        st, _, body = request(port, "POST", path, entry if hill else check, hdr)
        ok(st == 415 and json.loads(body)["status"] == 415,
           f"POST {path} as {what}: 415 ({st})")
    st, _, _ = request(port, "POST", "/api/check", check, {"Content-Type": "text/plain"})
    ok(st == 415, f"POST /api/check as text/plain: 415 too, every POST ({st})")
    if hill:
        ok(standings(port) == [], "no entry was made by them")
    for ctype in ["application/json", "application/json; charset=utf-8",
                  "Application/JSON;charset=UTF-8", "application/json ; charset=utf-8"]:
        st, _, body = request(port, "POST", "/api/check", check, {"Content-Type": ctype})
        ok(st == 200 and json.loads(body)["ok"] is True, f"POST /api/check as {ctype}: 200 ({st})")

    # Origin: 403 unless the page's own
    for what, origin in [("another port", f"http://127.0.0.1:{port + 1}"),
                         ("another address", f"http://127.0.0.2:{port}"),
                         ("another site", "https://attacker.example"),
                         ("the same host by another name", f"http://localhost:{port}"),
                         ("null (a sandboxed frame, a file)", "null")]:
        hdr = dict(JSON, Origin=origin)
        path = "/api/hill/entry" if hill else "/api/check"
        st, _, body = request(port, "POST", path, entry if hill else check, hdr)
        ok(st == 403 and json.loads(body)["status"] == 403,
           f"POST {path} with Origin {origin} ({what}): 403 ({st})")
    st, _, _ = request(port, "POST", "/api/check", check,
                       dict(JSON, **{"Sec-Fetch-Site": "cross-site"}))
    ok(st == 403, f"POST with Sec-Fetch-Site: cross-site: 403 ({st})")
    st, _, _ = request(port, "POST", "/api/check", check,
                       dict(JSON, **{"Sec-Fetch-Site": "same-site"}))
    ok(st == 403, f"POST with Sec-Fetch-Site: same-site: 403 ({st})")
    if hill:
        ok(standings(port) == [], "no entry was made by them")
    st, _, _ = request(port, "POST", "/api/check", check,
                       dict(JSON, Origin=f"http://127.0.0.1:{port}",
                            **{"Sec-Fetch-Site": "same-origin"}))
    ok(st == 200, f"POST with the page's own Origin and Sec-Fetch-Site: 200 ({st})")
    st, _, _ = request(port, "GET", "/api/hill" if hill else "/",
                       headers={"Origin": "https://attacker.example"})
    ok(st == 200, f"a GET with a foreign Origin: 200 (it changes nothing; CORS "
                  f"keeps the answer from the other page) ({st})")
    if hill:
        st, _, body = request(port, "POST", "/api/hill/entry", entry,
                              {"Content-Type": "application/json; charset=utf-8",
                               "Origin": f"http://127.0.0.1:{port}"})
        ok(st == 200 and json.loads(body)["result"] == "entered",
           f"the page's own entry (same Origin, JSON): entered ({st})")
        ok(standings(port) == ["ヌト"], "the hill holds ヌト")

    # Host: 421 for a name that is not this server's (DNS rebinding)
    for host in ["attacker.example", f"attacker.example:{port}", "127.0.0.2",
                 f"127.0.0.1.attacker.example:{port}", "localhost.attacker.example"]:
        for method, path, body, hdr in [("GET", "/", None, {}),
                                        ("GET", "/api/hill" if hill else "/app.js", None, {}),
                                        ("POST", "/api/check", check, JSON)]:
            st, _, resp = request(port, method, path, body, hdr, host=host)
            ok(st == 421 and b"<html" not in resp, f"{method} {path} with Host: {host}: 421 ({st})")
    for what, host, version in [("no Host", None, "HTTP/1.1"),
                                ("an empty Host", "", "HTTP/1.1"),
                                ("a Host with a path", "127.0.0.1/x", "HTTP/1.1"),
                                ("a Host with a bad port", "127.0.0.1:99999", "HTTP/1.1")]:
        st, _, _ = request(port, "GET", "/", host=host, version=version)
        ok(st == 400, f"HTTP/1.1 with {what}: 400 ({st})")
    st, _, _ = request(port, "GET", "/", headers={"Host": "attacker.example"})
    ok(st == 400, f"two Host headers: 400 ({st})")
    # two Origin or two Content-Type headers: the checks read only the
    # first (the HTTP review's I1: its own origin first, another after, was
    # let through); no browser sends two
    body = json.dumps({"sheet": sheet("grisk")}).encode()
    for what, extra in [("two Origin headers",
                         f"Origin: http://127.0.0.1:{port}\r\nOrigin: https://evil.example\r\n"
                         "Content-Type: application/json\r\n"),
                        ("two Content-Type headers",
                         "Content-Type: application/json\r\nContent-Type: text/plain\r\n")]:
        head = (f"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Connection: close\r\n{extra}Content-Length: {len(body)}\r\n\r\n")
        st, _, resp = raw(port, head.encode() + body)
        ok(st == 400 and b"more than one Origin or Content-Type header" in resp,
           f"{what}: 400 ({st} {resp[:80]!r})")
    for host in [f"127.0.0.1:{port}", "127.0.0.1", f"localhost:{port}", "LOCALHOST",
                 "localhost."]:
        st, _, resp = request(port, "GET", "/", host=host)
        ok(st == 200 and b"<html" in resp, f"GET / with Host: {host}: 200 ({st})")
    st, _, _ = request(port, "GET", "/", host=None, version="HTTP/1.0")
    ok(st == 200, f"HTTP/1.0 without Host: 200 ({st})")
    st, _, _ = request(port, "GET", "/", host="hill.example.org")
    ok(st == 421, f"Host: hill.example.org without --public-host: 421 ({st})")
finally:
    rc = srv.stop()
ok(rc == 0, f"SIGTERM stops the server with status 0 ({rc})")
ok(len(srv.lines(r" POST /api/(check|hill/entry) 415 \d+ [\d.]+ms type$")) >= 6,
   "the 415s are logged (detail type)")
ok(len(srv.lines(r" POST /api/(check|hill/entry) 403 \d+ [\d.]+ms origin$")) >= 7,
   "the 403s are logged (detail origin)")
ok(len(srv.lines(r" GET / 421 \d+ [\d.]+ms host$")) >= 5, "the 421s are logged (detail host)")

# behind a reverse proxy (TLS there): Host and Origin name the public host
srv = Server(AMARYLLIS, "--rate", "0", "--public-host", "hill.example.org",
             "--public-host", "Other.Example.")
port = srv.port
try:
    check = json.dumps({"sheet": grisk})
    for host in ["hill.example.org", "HILL.example.org.", "other.example",
                 "hill.example.org:443", f"127.0.0.1:{port}"]:
        st, _, resp = request(port, "GET", "/", host=host)
        ok(st == 200 and b"<html" in resp, f"with --public-host: GET / with Host: {host}: 200 ({st})")
    st, _, _ = request(port, "GET", "/", host="attacker.example")
    ok(st == 421, f"with --public-host: Host: attacker.example still 421 ({st})")
    st, _, _ = request(port, "POST", "/api/check", check,
                       dict(JSON, Origin="https://hill.example.org"), host="hill.example.org")
    ok(st == 200, f"POST via the proxy (Host hill.example.org, Origin "
                  f"https://hill.example.org): 200 ({st})")
    st, _, _ = request(port, "POST", "/api/check", check,
                       dict(JSON, Origin="https://hill.example.org"))
    ok(st == 403, f"Origin https://hill.example.org with Host 127.0.0.1:{port} "
                  f"(a proxy that does not pass Host on): 403 ({st})")
finally:
    ok(srv.stop() == 0, "the second server stops with status 0")

# --public-host takes a name, not a port or a URL: a usage error
for bad in ["hill.example.org:443", "https://hill.example.org", "", "a b"]:
    p = subprocess.run([AMARYLLIS, "--lang", "en", "serve", "--listen", "127.0.0.1:0",
                        "--public-host", bad], capture_output=True, text=True, timeout=20)
    ok(p.returncode == 2 and "--public-host" in p.stderr,
       f"--public-host {bad!r}: exit 2 ({p.returncode} {p.stderr.strip()[:100]!r})")
finish("headers")
