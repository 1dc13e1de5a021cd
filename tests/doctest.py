#!/usr/bin/env python3
"""doctest.py - every command the README and the guides show is run, and its
output must be the one shown, byte for byte.

    tests/doctest.py SRCDIR BUILDDIR [DOC ...]

DOCs default to README.md and docs/*.md under SRCDIR.  The convention (it is
also written in docs/TESTING.md, "The doc test"):

- A fenced block (```) holding a line that starts with `$ ` is a terminal
  session.  Each `$ ` line is a command; the lines after it, up to the next
  `$ ` line or the end of the block, are its output (a command line that
  ends with a backslash goes on on the next line): standard output and
  standard error together, as a terminal shows them.  A line that is
  exactly `…` stands for one or more lines left out (nothing else may be
  left out); a `…` inside a line is text.
- The block's info string says what to do with it:
    ```console                  run, compare the output exactly
    ```console run-only: WHY    run, must exit 0, no output may be shown
                                (for output that varies, e.g. timings)
    ```console not-run: WHY     not run (needs root, a server, the network,
                                an MTA, mpirun, or runs for long)
  A session block with any other info string is an error, and so is a
  marker without a reason: no command can be shown and forgotten.
- The commands of one file run in order, with `bash -c`, in one fresh
  folder that mirrors the source root: a symbolic link to each of its
  top-level entries, except `build`, which links to BUILDDIR.  So
  `./build/amaryllis` is the binary under test (a release or an ASan
  build), paths such as `examples/grisk.txt` read the tree, and files
  the commands write (`--svg pt.svg`) land in the scratch folder.
  Environment: LANG=LC_ALL=C.UTF-8, TZ=UTC, standard input /dev/null.

- A fenced block whose info string is `LANG from=PATH` (```c
  from=tests/install/use_amaryllis.c) is an excerpt of that file of the
  tree and must appear in it as is, line for line.

Exit 0 when every command printed what is shown, 1 otherwise (with a diff
per command); it prints how many commands it ran.
"""
import difflib
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 120
ELLIPSIS = "…"


def blocks(path):
    """Yield (line number, info string, lines) for each fenced block."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^( {0,3})(```+)(.*)$", lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3).strip()
        start = i + 1
        body = []
        i += 1
        while i < len(lines) and not re.match(r"^ {0,3}" + fence + r"\s*$", lines[i]):
            line = lines[i]
            # strip the fence's own indentation (list items)
            body.append(line[indent:] if line[:indent].strip() == "" else line)
            i += 1
        i += 1
        yield start, info, body


def sessions(body):
    """Split a block into (command, expected output lines)."""
    out = []
    cont = False
    for line in body:
        if cont:
            out[-1] = (out[-1][0] + "\n" + line, out[-1][1])
            cont = line.endswith("\\")
        elif line.startswith("$ "):
            out.append((line[2:], []))
            cont = line.endswith("\\")
        elif out:
            out[-1][1].append(line)
    return out


def matches(expected, actual):
    """expected lines, with whole-line `…` for one or more lines."""
    parts = []
    cur = []
    for line in expected:
        if line == ELLIPSIS:
            parts.append(cur)
            cur = []
        else:
            cur.append(line)
    parts.append(cur)
    if len(parts) == 1:
        return expected == actual
    # first part anchors at the start, last at the end, the others in order
    first, last = parts[0], parts[-1]
    if actual[:len(first)] != first:
        return False
    pos = len(first)
    end = len(actual) - len(last)
    if end < pos or (last and actual[end:] != last):
        return False
    for mid in parts[1:-1]:
        pos += 1  # `…` stands for at least one line
        found = -1
        for k in range(pos, end - len(mid) + 1):
            if actual[k:k + len(mid)] == mid:
                found = k
                break
        if found < 0:
            return False
        pos = found + len(mid)
    return end - pos >= 1


def mirror(src, build):
    d = tempfile.mkdtemp(prefix="doctest-")
    for name in os.listdir(src):
        if name == "build" or name == ".git":
            continue
        os.symlink(os.path.join(src, name), os.path.join(d, name))
    os.symlink(build, os.path.join(d, "build"))
    return d


def main():
    if len(sys.argv) < 3:
        print("usage: doctest.py SRCDIR BUILDDIR [DOC ...]", file=sys.stderr)
        return 2
    src = os.path.abspath(sys.argv[1])
    build = os.path.abspath(sys.argv[2])
    files = sys.argv[3:] or [os.path.join(src, "README.md")] + sorted(
        glob.glob(os.path.join(src, "docs", "*.md")))
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TZ="UTC")
    env.pop("LANGUAGE", None)
    bad = 0
    ran = skipped = quoted = 0
    for path in files:
        rel = os.path.relpath(path, src)
        work = None
        try:
            for line, info, body in blocks(path):
                fm = re.match(r"^\w+\s+from=(\S+)$", info)
                if fm:
                    # an excerpt of a file of the tree: must be in it as is
                    quoted += 1
                    try:
                        with open(os.path.join(src, fm.group(1)), encoding="utf-8") as f:
                            whole = f.read()
                    except OSError as e:
                        whole = ""
                        print(f"{rel}:{line}: error: {fm.group(1)}: {e.strerror}")
                        bad = 1
                    if "\n".join(body) not in whole:
                        print(f"{rel}:{line}: error: the block is not an excerpt "
                              f"of {fm.group(1)} (any more)")
                        bad = 1
                    continue
                cmds = sessions(body)
                if not cmds:
                    continue
                m = re.match(r"^console(?:\s+(run-only|not-run):\s*(.*))?$", info)
                if not m:
                    print(f"{rel}:{line}: error: a block with `$ ` commands must be "
                          f"```console, ```console run-only: WHY or ```console "
                          f"not-run: WHY (info string: {info!r}); run as ```console")
                    bad = 1
                mode = (m.group(1) if m else None) or "compare"
                if m and m.group(1) and not m.group(2).strip():
                    print(f"{rel}:{line}: error: `{m.group(1)}:` needs a reason")
                    bad = 1
                    continue
                if mode == "not-run":
                    skipped += len(cmds)
                    continue
                if work is None:
                    work = mirror(src, build)
                for cmd, expected in cmds:
                    while expected and expected[-1] == "":
                        expected = expected[:-1]
                    if mode == "run-only" and expected:
                        print(f"{rel}:{line}: error: `run-only:` block shows output "
                              f"for `{cmd}`")
                        bad = 1
                    ran += 1
                    try:
                        p = subprocess.run(["bash", "-c", cmd], cwd=work, env=env,
                                           stdin=subprocess.DEVNULL,
                                           stdout=subprocess.PIPE,
                                           stderr=subprocess.STDOUT,
                                           timeout=TIMEOUT)
                    except subprocess.TimeoutExpired:
                        print(f"{rel}:{line}: error: `{cmd}` ran over {TIMEOUT} s")
                        bad = 1
                        continue
                    text = p.stdout.decode("utf-8", errors="replace")
                    actual = text.split("\n")
                    while actual and actual[-1] == "":
                        actual.pop()
                    if mode == "run-only":
                        if p.returncode != 0:
                            print(f"{rel}:{line}: error: `{cmd}` exited "
                                  f"{p.returncode}:\n{text}")
                            bad = 1
                        continue
                    if not matches(expected, actual):
                        print(f"{rel}:{line}: error: `{cmd}` (exit {p.returncode}) "
                              f"does not print what is shown:")
                        for d in difflib.unified_diff(expected, actual, "shown",
                                                      "printed", lineterm=""):
                            print("  " + d)
                        bad = 1
        finally:
            if work:
                shutil.rmtree(work, ignore_errors=True)
    print(f"doctest: {ran} commands run, {skipped} marked not-run, "
          f"{quoted} excerpts checked, "
          f"{len(files)} files: {'FAILED' if bad else 'ok'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
