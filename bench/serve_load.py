#!/usr/bin/env python3
"""serve_load.py - the load figures of `megami serve` (docs/MEGAMI.md,
"Load"): starts a server on a loopback port (--rate 0, --client-connections
0: every client is 127.0.0.1), runs N clients on keep-alive connections
that roll COMMAND, and prints requests/s and latency percentiles.  Any
failed request makes it exit 1.  Not a test: timings vary.

    python3 bench/serve_load.py build/megami [--clients N] [--requests M]
                                             [--command EXPR]
"""
import argparse
import http.client
import re
import subprocess
import threading
import time
import urllib.parse


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("megami")
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--requests", type=int, default=20000)
    ap.add_argument("--command", default="2D6+1>=8")
    a = ap.parse_args()
    p = subprocess.Popen([a.megami, "--lang", "en", "serve", "--listen",
                          "127.0.0.1:0", "--rate", "0", "--client-connections",
                          "0", "--max-connections", str(max(64, a.clients + 8))],
                         stderr=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)/", p.stderr.readline()).group(1))
    threading.Thread(target=lambda: [None for _ in p.stderr], daemon=True).start()
    path = "/v2/game_system/SRS/roll?" + urllib.parse.urlencode({"command": a.command})
    lat, errors, lock = [], [0], threading.Lock()
    per = [a.requests // a.clients + (i < a.requests % a.clients)
           for i in range(a.clients)]

    def client(n):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine = []
        for _ in range(n):
            t = time.perf_counter()
            try:
                c.request("GET", path)
                r = c.getresponse()
                body = r.read()
                if r.status != 200 or not body.startswith(b'{"ok":true'):
                    raise ValueError(r.status)
            except Exception:
                with lock:
                    errors[0] += 1
                c.close()
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                continue
            mine.append(time.perf_counter() - t)
        c.close()
        with lock:
            lat.extend(mine)

    threads = [threading.Thread(target=client, args=(n,)) for n in per]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    dt = time.perf_counter() - t0
    p.terminate()
    p.wait()
    lat.sort()

    def pct(q):
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000

    print(f"load: {a.requests} rolls of {a.command} from {a.clients} clients "
          f"in {dt:.2f} s: {a.requests / dt:.0f} requests/s")
    print(f"latency: p50 {pct(0.5):.2f} ms, p90 {pct(0.9):.2f} ms, "
          f"p99 {pct(0.99):.2f} ms, max {lat[-1] * 1000:.2f} ms")
    print(f"errors: {errors[0]}")
    raise SystemExit(1 if errors[0] else 0)


if __name__ == "__main__":
    main()
