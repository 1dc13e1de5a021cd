#!/usr/bin/env python3
"""load.py - load on `amaryllis serve`: N concurrent clients (keep-alive
connections, one thread each) send M requests in all, mixing POST
/api/check and POST /api/battle over the example sheets; prints requests/s
and the p50/p90/p99/max latency, and fails if any request fails (an error
status, a wrong answer, a broken connection).  Figures, not assertions on
time: run it by hand (see docs/WEB.md), the machine's load shows in them.

    load.py AMARYLLIS [--clients 50] [--requests 5000] [--battle-share 0.5]
                      [SERVE-OPTIONS...]   (e.g. --threads 2)
    load.py --url http://127.0.0.1:8080 ...     (a server already running)
"""
import argparse
import glob
import http.client
import json
import os
import re
import subprocess
import sys
import threading
import time

ap = argparse.ArgumentParser()
ap.add_argument("amaryllis", nargs="?")
ap.add_argument("--url")
ap.add_argument("--clients", type=int, default=50)  # all from 127.0.0.1
ap.add_argument("--requests", type=int, default=5000)
ap.add_argument("--battle-share", type=float, default=0.5)
a, serve_opts = ap.parse_known_args()  # the rest goes to `serve`

src = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
sheets = {os.path.basename(p)[:-4]: open(p, encoding="utf-8").read()
          for p in sorted(glob.glob(os.path.join(src, "examples", "*.txt")))}
# The rules' example units; not 母 and 父 (examples/haha.txt, chichi.txt):
# their ビルディア battles grow to thousands of units by design (issue 11's
# population case, ~10 MB of JSON) and belong to the hostile test's
# budget checks, not to a load of ordinary requests.
names = [n for n in sorted(sheets) if n not in ("haha", "chichi")]

srv = None
if a.url:
    m = re.match(r"http://([0-9.]+):(\d+)", a.url)
    host, port = m.group(1), int(m.group(2))
else:
    extra = [x for x in serve_opts if x != "--"]
    srv = subprocess.Popen([a.amaryllis, "--lang", "en", "serve", "--listen",
                            "127.0.0.1:0", "--rate", "0",
                            "--client-connections", str(a.clients), *extra],
                           stderr=subprocess.PIPE, text=True)
    line = srv.stderr.readline()
    m = re.search(r"http://([0-9.]+):(\d+)/", line)
    if not m:
        sys.exit("server did not start: " + line)
    host, port = m.group(1), int(m.group(2))
    srv_log = []
    threading.Thread(target=lambda: srv_log.extend(srv.stderr), daemon=True).start()

# the plan: request i is a battle when its slot says so (a fixed mix)
plan = []
for i in range(a.requests):
    if (i * a.battle_share) % 1 + a.battle_share >= 1:
        plan.append(("/api/battle", {"a": sheets[names[i % len(names)]],
                                     "b": sheets[names[(i // len(names) + 1) % len(names)]],
                                     "lang": "en"}))
    else:
        plan.append(("/api/check", {"sheet": sheets[names[i % len(names)]], "lang": "ja"}))
latencies, errors, lock = [], [], threading.Lock()
nxt = [0]


def client():
    conn = http.client.HTTPConnection(host, port, timeout=60)
    while True:
        with lock:
            i = nxt[0]
            nxt[0] += 1
        if i >= len(plan):
            break
        path, body = plan[i]
        data = json.dumps(body).encode()
        t0 = time.perf_counter()
        try:
            conn.request("POST", path, data, {"Content-Type": "application/json"})
            r = conn.getresponse()
            doc = r.read()
            dt = time.perf_counter() - t0
            d = json.loads(doc)
            good = r.status == 200 and (("winner" in d) if path == "/api/battle" else d.get("ok") is True)
            if not good:
                with lock:
                    errors.append(f"{path}: {r.status} {doc[:200]!r}")
        except Exception as e:  # a broken connection is an error too
            dt = time.perf_counter() - t0
            with lock:
                errors.append(f"{path}: {e!r}")
            conn.close()
            conn = http.client.HTTPConnection(host, port, timeout=60)
        with lock:
            latencies.append(dt)
    conn.close()


t0 = time.perf_counter()
threads = [threading.Thread(target=client) for _ in range(a.clients)]
for t in threads:
    t.start()
for t in threads:
    t.join()
wall = time.perf_counter() - t0
if srv:
    srv.terminate()
    rc = srv.wait(timeout=60)
    if rc != 0:  # e.g. a sanitizer's report
        errors.append(f"the server exited with status {rc}: " +
                      "".join(l for l in srv_log if not l[:4].isdigit())[-2000:])

lat = sorted(latencies)
q = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] * 1000
nb = sum(1 for p, _ in plan if p == "/api/battle")
print(f"load: {len(lat)} requests ({nb} battles, {len(lat) - nb} checks) from "
      f"{a.clients} clients in {wall:.2f} s: {len(lat) / wall:.0f} requests/s")
print(f"latency: p50 {q(0.50):.1f} ms, p90 {q(0.90):.1f} ms, p99 {q(0.99):.1f} ms, "
      f"max {lat[-1] * 1000:.1f} ms")
print(f"errors: {len(errors)}")
for e in errors[:10]:
    print("  " + e)
sys.exit(1 if errors else 0)
