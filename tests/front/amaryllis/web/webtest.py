"""webtest.py - what the Python tests of `amaryllis serve` share: start a
server on a free loopback port, raw HTTP requests from a chosen loopback
address (all of 127.0.0.0/8 is this machine on Linux), a hill, and the
ok/FAIL tally.  Only loopback addresses; every wait is bounded.
"""
import atexit
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(HERE))))
failures = 0
TMPDIRS = []


@atexit.register
def _remove_tmpdirs():
    # the folders of tmpdir(), gone when the test ends however it ends
    # (packager review 2026-12-07: hills, -wal, .eml left in $TMPDIR)
    for d in TMPDIRS:
        shutil.rmtree(d, ignore_errors=True)


def tmpdir():
    """A temporary folder, removed when the test ends."""
    d = tempfile.mkdtemp(prefix="amaryllis-web-")
    TMPDIRS.append(d)
    return d


def ok(cond, what):
    global failures
    print(("ok: " if cond else "FAIL: ") + what, flush=True)
    if not cond:
        failures += 1
    return cond


def error_doc(body, status):
    """Is body the server's error document {"error": TEXT, "status": status}?"""
    try:
        d = json.loads(body)
    except ValueError:
        return False
    return d.get("status") == status and isinstance(d.get("error"), str)


def finish(name):
    print(f"{name}: " + ("ok" if failures == 0 else f"{failures} failure(s)"))
    sys.exit(1 if failures else 0)


def sheet(name):
    with open(os.path.join(SRC, "examples", name + ".txt"), encoding="utf-8") as f:
        return f.read()


class Server:
    """`amaryllis --lang en serve --listen 127.0.0.1:0 OPTS`; .port, .log
    (the lines of its stderr so far), .stop() -> exit status."""

    def __init__(self, amaryllis, *opts):
        self.p = subprocess.Popen([amaryllis, "--lang", "en", "serve", "--listen",
                                   "127.0.0.1:0", *opts], stderr=subprocess.PIPE,
                                  text=True)
        line = self.p.stderr.readline()
        m = re.search(r"serving on http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            self.p.kill()
            raise SystemExit("server did not start: " + line)
        self.port = int(m.group(1))
        self.log = []
        self.reader = threading.Thread(target=lambda: self.log.extend(self.p.stderr),
                                       daemon=True)
        self.reader.start()

    def stop(self):
        """SIGTERM, then the exit status once the log is read to its end
        (the reader may still be reading when the process has gone)."""
        self.p.terminate()
        try:
            rc = self.p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = self.p.wait()
        self.reader.join(timeout=20)
        return rc

    def lines(self, pattern):
        return [l for l in list(self.log) if re.search(pattern, l)]


def new_hill(amaryllis, size=5):
    """A fresh hill (fast password hashing) in a temporary folder."""
    db = os.path.join(tmpdir(), "hill.db")
    subprocess.run([amaryllis, "hill", "init", db, "--size", str(size), "--address",
                    "hill@example.org", "--pwhash-ops", "1", "--pwhash-mem", "8192"],
                   check=True)
    return db


# Another process (Python's sqlite3) that takes a hill's write lock (BEGIN
# IMMEDIATE, and an UPDATE left uncommitted), as `sqlite3 hill.db` with an
# open transaction would; prints "locked", holds it, prints "released".
LOCKER = r"""
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
db.execute("BEGIN IMMEDIATE")
try:  # a write too, never committed (the lock alone is what matters)
    db.execute("UPDATE meta SET value = value")
except sqlite3.Error:
    pass
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("ROLLBACK")
print("released", flush=True)
"""


def hold_lock(db, seconds):
    """The locker on hill db for `seconds`, once it holds the lock (its
    Popen; its stdout says "released" when it lets go)."""
    p = subprocess.Popen([sys.executable, "-c", LOCKER, db, str(seconds)],
                         stdout=subprocess.PIPE, text=True)
    ok(p.stdout.readline().strip() == "locked", "another process holds the hill's write lock")
    return p


def has_hill(amaryllis):
    return subprocess.run([amaryllis, "hill", "--help"],
                          capture_output=True).returncode == 0


def raw(port, data, src="127.0.0.1", timeout=10):
    """Send raw bytes from address src; (status, headers, body) of the
    answer, status 0 when the connection closed without one."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                 source_address=(src, 0))
    buf = b""
    try:
        s.sendall(data)
        while True:
            try:
                chunk = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
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
    head, _, body = buf.partition(b"\r\n\r\n")
    m = re.match(rb"HTTP/1\.[01] (\d+)", head)
    headers = {}
    for l in head.split(b"\r\n")[1:]:
        k, _, v = l.decode("latin-1").partition(":")
        headers[k.strip().lower()] = v.strip()
    return (int(m.group(1)) if m else 0), headers, body


def request(port, method, path, body=None, headers=None, host="default",
            src="127.0.0.1", timeout=10, version="HTTP/1.1"):
    """One request; headers a dict (Content-Type is not added by itself);
    host "default" is 127.0.0.1:PORT, None sends no Host."""
    data = body if isinstance(body, bytes) else (body or "").encode()
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
    head = "\r\n".join(lines) + "\r\n\r\n"
    return raw(port, head.encode() + data, src=src, timeout=timeout)


JSON = {"Content-Type": "application/json"}
