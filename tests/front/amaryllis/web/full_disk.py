#!/usr/bin/env python3
"""full_disk.py - a hill whose disk is full (docs/WEB.md, "Errors").

The hill lives on a tmpfs of 1 MiB, mounted in a private mount namespace
(`unshare -m` as root, `unshare -rm` otherwise: the script runs itself
again inside it, so nothing is mounted outside).  The server starts and
shows the (empty) standings; then a file fills the tmpfs to its last byte.

- POST /api/hill/entry answers 500, detail hill-io, "the hill could not
  read or write its database …": no wait mends a full disk (HTTP review
  2026-12-06: it answered 503 "the hill is busy (its database is locked);
  try again shortly", logged busy);
- the standings are still served (200) and still empty: nothing was
  half-stored;
- once the file is gone the same entry goes through (200, entered).

    full_disk.py AMARYLLIS
"""
import json
import os
import subprocess
import sys
import tempfile

from webtest import JSON, Server, finish, has_hill, ok, request, sheet

AMARYLLIS = sys.argv[1]
if not has_hill(AMARYLLIS):
    print("full_disk: no hill in this build, skipped")
    sys.exit(0)

if os.environ.get("AM_FULL_DISK_NS") != "1":
    ns = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-rm"]
    r = subprocess.run(ns + [sys.executable, os.path.abspath(__file__), AMARYLLIS],
                       env=dict(os.environ, AM_FULL_DISK_NS="1"))
    if r.returncode == 127 or r.returncode < 0:
        print(f"FAIL: {' '.join(ns)} could not run this test ({r.returncode})")
        sys.exit(1)
    sys.exit(r.returncode)

d = tempfile.mkdtemp()
r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", d],
                   capture_output=True, text=True)
if not ok(r.returncode == 0, f"a tmpfs of 1 MiB mounted on {d} ({r.stderr.strip()})"):
    finish("full_disk")
db = os.path.join(d, "hill.db")
subprocess.run([AMARYLLIS, "hill", "init", db, "--size", "5", "--address",
                "hill@example.org", "--pwhash-ops", "1", "--pwhash-mem", "8192"],
               check=True)
entry = json.dumps({"name": "P", "address": "p@example.org",
                    "password": "pass-words", "sheet": sheet("nut")})
srv = Server(AMARYLLIS, "--hill", db, "--rate", "0", "--hill-wait-ms", "500")
port = srv.port
fill = os.path.join(d, "fill")
try:
    st, _, resp = request(port, "GET", "/api/hill")
    ok(st == 200 and json.loads(resp)["standings"] == [], f"the empty standings ({st})")
    fd = os.open(fill, os.O_WRONLY | os.O_CREAT, 0o600)
    for size in (65536, 4096, 1):  # to the last byte
        try:
            while os.write(fd, b"\0" * size) == size:
                pass
        except OSError:
            pass
    os.close(fd)
    st, hdr, resp = request(port, "POST", "/api/hill/entry", entry, JSON)
    doc = json.loads(resp) if resp else {}
    ok(st == 500 and doc.get("status") == 500 and
       doc.get("error", "").startswith("the hill could not read or write its database") and
       "retry-after" not in hdr,
       f"an entry on a full disk: 500, no Retry-After ({st}, {resp!r})")
    st, _, resp = request(port, "GET", "/api/hill")
    ok(st == 200 and json.loads(resp)["standings"] == [],
       f"the standings on a full disk: still served, still empty ({st})")
    os.unlink(fill)
    st, _, resp = request(port, "POST", "/api/hill/entry", entry, JSON)
    ok(st == 200 and json.loads(resp)["result"] == "entered",
       f"with room again the same entry is entered ({st}, {resp[:200]!r})")
finally:
    rc = srv.stop()
    if os.path.exists(fill):
        os.unlink(fill)
    subprocess.run(["umount", d])
    try:
        os.rmdir(d)  # nothing left behind (packager review 2026-12-07)
    except OSError:
        pass
ok(rc == 0, f"stopped ({rc})")
ok(len(srv.lines(r" POST /api/hill/entry 500 .* hill-io$")) == 1,
   f"the refusal is logged hill-io ({srv.lines('POST')})")
finish("full_disk")
