#!/usr/bin/env python3
"""dev_full.py - no output failure is silent (issue point 11).

    python3 tests/output/dev_full.py AMARYLLIS MEGAMI MANASTORM SRCDIR

Runs every command of the three tools that writes - each --format, the
tools' and every command's --help, --version, `help` - with standard
output to /dev/full, and each option that names an output file pointing at
/dev/full (standard output then to /dev/null), in Japanese (the default)
and with --lang en.  Each must exit 1 with exactly one line on stderr:

    PROG: CMD: FILE: No space left on device   (ja: デバイスに空き領域がありません)

(FILE the option's value, or <stdout>; the tool's own --help, --version
and `help` have no CMD: PROG: <stdout>: …).  `hill init` writes nothing on
stdout when it succeeds: it must then exit 0 and say nothing.

Then each output file option again, over an existing regular file, with
the file size limit (RLIMIT_FSIZE, 8 bytes) making the write fail: exit 1,
PROG: CMD: FILE: File too large, the old file byte for byte, and no
temporary file left (issue point 12).  And a failing stdout does not stop
a file from being written, nor a failing file stdout.

The cases are checked against the tools' help, so that none is missed: every
command of each tool's usage has a case with stdout to /dev/full (mail and
serve: their --help only; mail's --outbox is the hill's tests', serve is a
server), every --format value of a command's help has one, and every option
shown as `--NAME FILE…` has one with /dev/full, except the ones that name
an input (mail --hill, fight --replay).

Exit status: 0 all passed, 1 a failure (each printed).
"""
import errno
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import leaks  # noqa: E402  (tests/leaks.py)

# the reason as each language says it (util/cli.h: ut_cli_strerror)
REASON = {"ja": "デバイスに空き領域がありません", "en": os.strerror(errno.ENOSPC)}
FULL = "/dev/full"

# options shown as --NAME FILE that name an input, not an output
INPUTS = {("amaryllis", "mail", "--hill"), ("megami", "fight", "--replay")}
# commands whose output is covered elsewhere: their --help only here
HELP_ONLY = {("amaryllis", "mail"), ("amaryllis", "serve"), ("megami", "serve")}


def run(argv, stdout, stdin=None, cwd=None, check=True):
    """(status, stderr) of argv with stdout to the file `stdout`; in a
    sanitizer build it looks for leaks only if `check` (tests/leaks.py)."""
    env = leaks.env(check)
    with open(stdout, "wb") as out:
        if stdin is None:
            p = subprocess.run(argv, stdout=out, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, cwd=cwd, timeout=300,
                               env=env)
        else:
            p = subprocess.run(argv, stdout=out, stderr=subprocess.PIPE,
                               input=stdin, cwd=cwd, timeout=300, env=env)
    return p.returncode, p.stderr.decode("utf-8", "replace")


def usage_commands(exe):
    """The commands listed under Commands: in the tool's --help."""
    text = subprocess.run([exe, "--lang", "en", "--help"], capture_output=True,
                          text=True, check=True).stdout
    block = text.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    return [line.split()[0] for line in block.splitlines() if line.strip()]


def help_options(exe, cmd):
    """(formats, file options) of `exe cmd --help`."""
    text = subprocess.run([exe, "--lang", "en", cmd, "--help"],
                          capture_output=True, text=True, check=True).stdout
    formats = []
    for m in re.finditer(r"^\s+--format ([a-z|]+)", text, re.M):
        formats += m.group(1).split("|")
    files = re.findall(r"^\s+(--[a-z-]+) FILE\S*", text, re.M)
    return formats, files


class Cases:
    def __init__(self, tools, src, tmp):
        self.tools, self.src, self.tmp = tools, src, tmp
        self.cases = []  # (prog, cmd, args, stdin, file)

    def add(self, prog, cmd, args, file=None, stdin=None):
        """A case: `prog args`; stdout to /dev/full unless file names the
        option's /dev/full (then stdout is /dev/null)."""
        self.cases.append((prog, cmd, args, stdin, file))


def build(tools, src, tmp):
    c = Cases(tools, src, tmp)
    ex = "examples"
    g, n = ex + "/grisk.txt", ex + "/nut.txt"
    duel = ex + "/megami/duel.yaml"
    table = ex + "/manastorm/table.yaml"
    replay = "tests/megami/golden/replay_duel_seed3.replay"
    hill = os.path.join(tmp, "hill.db")

    for prog in tools:
        c.add(prog, None, ["--help"])
        c.add(prog, None, ["--version"])
        c.add(prog, None, ["help"])
        for cmd in usage_commands(tools[prog]):
            c.add(prog, cmd, [cmd, "--help"])
            c.add(prog, cmd, ["help", cmd])

    A = "amaryllis"
    for f in ("text", "json"):
        c.add(A, "check", ["check", "--format", f, g])
        c.add(A, "battle", ["battle", "--format", f, g, n])
    c.add(A, "check", ["check", g, n])
    c.add(A, "battle", ["battle", "--svg", FULL, g, n], file=FULL)
    for f in ("text", "csv", "json"):
        c.add(A, "league", ["league", "--format", f, ex])
    c.add(A, "league", ["league", "--matrix", FULL, ex], file=FULL)
    c.add(A, "league", ["league", "--svg", FULL, ex], file=FULL)
    opt = ["optimize", "--evals", "20", "--jobs", "1", "--field", ex]
    for f in ("text", "json"):
        c.add(A, "optimize", opt + ["--format", f])
    c.add(A, "optimize", opt + ["--out", FULL], file=FULL)
    c.add(A, "optimize", opt + ["--svg", FULL], file=FULL)
    for f in ("text", "json", "html", "svg"):
        c.add(A, "hill", ["hill", "status", "--format", f, hill])
    c.add(A, "hill", ["hill", "status", hill])

    M = "megami"
    c.add(M, "check", ["check", duel])
    c.add(M, "check", ["check", duel, duel])
    for f in ("text", "json"):
        c.add(M, "fight", ["fight", "--seed", "1", "--format", f, duel])
        c.add(M, "fight", ["fight", "--runs", "20", "--format", f, duel])
        c.add(M, "fight", ["fight", "--replay", replay, "--format", f])
    c.add(M, "fight", ["fight", "--runs", "20", "--svg", FULL, duel], file=FULL)
    c.add(M, "roll", ["roll", "--seed", "0", "2D6+1>=8", "3D6"])
    for f in ("text", "json"):
        c.add(M, "roll", ["roll", "--seed", "0", "--format", f, "2D6+1>=8"])
    # every default taken, every die rolled; then no replay saved
    c.add(M, "track", ["track", duel], stdin=b"\n" * 400)
    c.add(M, "track", ["track", "--log", FULL, duel], file=FULL,
          stdin=b"\n" * 400)
    # the replay saved (the name typed at the prompt) to /dev/full
    c.add(M, "track", ["track", duel], file=FULL,
          stdin=("q\n%s\n\n" % FULL).encode())

    S = "manastorm"
    c.add(S, "check", ["check", table])
    for f in ("text", "json"):
        c.add(S, "play", ["play", "--format", f, table])
        c.add(S, "playtest", ["playtest", "--runs", "20", "--format", f, table])
        c.add(S, "sweep", ["sweep", "--runs", "5", "--vary", "battles=1..2",
                           "--format", f, table])
    c.add(S, "playtest", ["playtest", "--runs", "20", "--svg", FULL, table],
          file=FULL)
    c.add(S, "sweep", ["sweep", "--runs", "5", "--vary", "battles=1..2",
                       "--svg", FULL, table], file=FULL)
    return c


def coverage(c):
    """What the help lists that no case covers."""
    missing = []
    for prog, exe in c.tools.items():
        for cmd in usage_commands(exe):
            mine = [k for k in c.cases if k[0] == prog and k[1] == cmd]
            if (prog, cmd) not in HELP_ONLY and not [
                    k for k in mine if k[4] is None and "--help" not in k[2]
                    and k[2][0] != "help"]:
                missing.append("%s %s: no case with stdout to /dev/full"
                               % (prog, cmd))
            if (prog, cmd) in HELP_ONLY:
                continue
            formats, files = help_options(exe, cmd)
            for f in formats:
                if not [k for k in mine if f in k[2] and
                        k[2][k[2].index(f) - 1] == "--format"]:
                    missing.append("%s %s --format %s: no case"
                                   % (prog, cmd, f))
            for opt in files:
                if (prog, cmd, opt) in INPUTS:
                    continue
                if not [k for k in mine if opt in k[2] and
                        k[2][k[2].index(opt) + 1] == FULL]:
                    missing.append("%s %s %s /dev/full: no case"
                                   % (prog, cmd, opt))
    return missing


def named(args, file, shown):
    """How an error names a file: after its option ("--svg FILE") when an
    option named it, alone when it was typed at the tracker's prompt."""
    return ("%s %s" % (args[args.index(file) - 1], shown) if file in args
            else shown)


def check_case(c, prog, cmd, args, stdin, file, lang):
    """lang "ja", "en" (the tool's --lang en) or "en-cmd" (the command's
    own --lang en after its name: the report of a failing stdout was in
    Japanese there, found by the outside review of amaryllis's CLI)."""
    if lang == "en-cmd":
        argv = [c.tools[prog], args[0], "--lang", "en"] + args[1:]
    else:
        argv = ([c.tools[prog]] + (["--lang", "en"] if lang == "en" else [])
                + args)
    shown = " ".join([prog] + argv[1:])
    out = "/dev/null" if file else FULL
    # The same case in English takes the same path but for the words: only
    # the Japanese run looks for leaks (the scan at exit was a quarter of
    # this test's time in a sanitizer build).
    rc, err = run(argv, out, stdin, cwd=c.src, check=lang == "ja")
    # a file is named with its option, "--svg /dev/full", as the check
    # before the work names it (until 2026-12-07 the option was left out)
    shown_file = named(args, file, file) if file else "<stdout>"
    want = "%s: %s%s: %s\n" % (prog, cmd + ": " if cmd else "", shown_file,
                               REASON["en" if lang == "en-cmd" else lang])
    m = re.fullmatch(r"([^:\n]+): (?:([^:\n]+): )?([^\n]+): ([^\n]+)\n", err)
    if rc == 1 and err == want and m and m.group(4):
        return None
    return ("%s (stdout %s, lang %s):\n  status %d, want 1\n"
            "  stderr %r\n  want   %r" % (shown, out, lang, rc, err, want))


def check_hill_init(c, lang):
    """hill init: no output on success; with stdout to /dev/full it must
    still succeed silently, or, if it ever prints, fail as the others."""
    db = os.path.join(c.tmp, "init-%s.db" % lang)
    args = ["hill", "init", db, "--size", "3", "--address", "h@example.org",
            "--pwhash-ops", "1", "--pwhash-mem", "8192"]
    lang_args = ["--lang", "en"] if lang == "en" else []
    probe = os.path.join(c.tmp, "probe-%s.db" % lang)
    p = subprocess.run([c.tools["amaryllis"]] + lang_args +
                       [a if a != db else probe for a in args],
                       capture_output=True, check=False, cwd=c.src)
    if p.returncode != 0:
        return "hill init (probe): status %d: %r" % (p.returncode, p.stderr)
    if p.stdout:
        return check_case(c, "amaryllis", "hill", args, None, None, lang)
    rc, err = run([c.tools["amaryllis"]] + lang_args + args, FULL, cwd=c.src)
    if rc != 0 or err:
        return ("hill init (stdout /dev/full, lang %s): status %d, stderr %r;"
                " want 0 and nothing (it prints nothing)" % (lang, rc, err))
    return None


def check_independent(c):
    """A failing stdout does not stop the file from being written, and a
    failing file does not stop stdout: README's promise."""
    fails = []
    pairs = [("amaryllis", "league", ["league", "--matrix", None, "examples"]),
             ("megami", "fight", ["fight", "--runs", "20", "--svg", None,
                                  "examples/megami/duel.yaml"]),
             ("manastorm", "playtest", ["playtest", "--runs", "20", "--svg",
                                        None, "examples/manastorm/table.yaml"])]
    for prog, cmd, args in pairs:
        path = os.path.join(c.tmp, "independent.out")
        if os.path.exists(path):
            os.unlink(path)
        argv = [c.tools[prog]] + [a if a else path for a in args]
        rc, err = run(argv, FULL, cwd=c.src)
        want = "%s: %s: <stdout>: %s\n" % (prog, cmd, REASON["ja"])
        if rc != 1 or err != want or not os.path.getsize(path):
            fails.append("%s with stdout /dev/full: status %d, stderr %r, "
                         "file of %d bytes; want 1, %r and the file"
                         % (" ".join([prog] + [a or "FILE" for a in args]), rc, err,
                            os.path.getsize(path) if os.path.exists(path)
                            else -1, want))
        argv = [c.tools[prog]] + [a if a else FULL for a in args]
        rc, err = run(argv, path, cwd=c.src)
        want = "%s: %s: %s: %s\n" % (prog, cmd, named(args, None, FULL),
                                     REASON["ja"])
        if rc != 1 or err != want or not os.path.getsize(path):
            fails.append("%s with the file /dev/full: status %d, stderr %r, "
                         "stdout of %d bytes; want 1, %r and the output"
                         % (" ".join([prog] + [a or "FILE" for a in args]), rc, err,
                            os.path.getsize(path), want))
    return fails


def check_fsize(c, lang):
    """Each output file option over an existing regular file, with the file
    size limit (RLIMIT_FSIZE) at 8 bytes so that the write fails (EFBIG, as
    a full disk gives ENOSPC): exit 1, PROG: CMD: FILE: File too large, the
    old file byte for byte, and no temporary file left."""
    fails = []
    reason = {"ja": "ファイルが大きすぎます",
              "en": os.strerror(errno.EFBIG)}[lang]

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE,
                           (8, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    for k, (prog, cmd, args, stdin, file) in enumerate(c.cases):
        if not file:
            continue
        folder = os.path.join(c.tmp, "fsize-%s-%d" % (lang, k))
        os.mkdir(folder)
        path = os.path.join(folder, "out.file")
        # what the option would replace: an --svg replaces a picture, a
        # --matrix a cross table, and refuses any other file (docs/CLI.md)
        opt = args[args.index(FULL) - 1] if FULL in args else ""
        old = {"--svg": b"<svg/>\n", "--matrix": b"rank,x\n"}.get(opt, b"old\n")
        with open(path, "wb") as f:
            f.write(old)
        argv = ([c.tools[prog]] + (["--lang", "en"] if lang == "en" else [])
                + [path if a == FULL else a for a in args])
        if stdin is not None:
            # the name typed at the tracker's save prompt; it asks before
            # it replaces a file that exists (MG-TRACK-5): y
            stdin = stdin.replace(FULL.encode(), path.encode() + (
                b"\ny" if (prog, cmd) == ("megami", "track") else b""))
        p = subprocess.run(argv, input=stdin, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, cwd=c.src,
                           preexec_fn=limit, timeout=300,
                           env=leaks.env(lang == "ja"),
                           stdin=None if stdin is not None
                           else subprocess.DEVNULL)
        err = p.stderr.decode("utf-8", "replace")
        want = "%s: %s: %s: %s\n" % (prog, cmd, named(args, FULL, path),
                                     reason)
        with open(path, "rb") as f:
            kept = f.read()
        left = sorted(os.listdir(folder))
        if p.returncode != 1 or err != want or kept != old or \
                left != ["out.file"]:
            fails.append("%s (file size limit, lang %s): status %d, stderr "
                         "%r, file %r, folder %s; want 1, %r, %r, "
                         "['out.file']" % (" ".join([prog] + argv[1:]), lang,
                                           p.returncode, err, kept[:40], left,
                                           want, old))
    return fails


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: dev_full.py AMARYLLIS MEGAMI MANASTORM SRCDIR")
    tools = {"amaryllis": os.path.abspath(sys.argv[1]),
             "megami": os.path.abspath(sys.argv[2]),
             "manastorm": os.path.abspath(sys.argv[3])}
    src = os.path.abspath(sys.argv[4])
    if not os.path.exists(FULL):
        sys.exit("dev_full.py: no /dev/full on this system")
    failures = []
    with tempfile.TemporaryDirectory(prefix="am-devfull-") as tmp:
        c = build(tools, src, tmp)
        hill = os.path.join(tmp, "hill.db")
        subprocess.run([tools["amaryllis"], "hill", "init", hill, "--size",
                        "3", "--address", "h@example.org", "--pwhash-ops",
                        "1", "--pwhash-mem", "8192"], check=True)
        failures += coverage(c)
        n = 0
        for lang in ("ja", "en"):
            for prog, cmd, args, stdin, file in c.cases:
                r = check_case(c, prog, cmd, args, stdin, file, lang)
                n += 1
                if r:
                    failures.append(r)
            r = check_hill_init(c, lang)
            n += 1
            if r:
                failures.append(r)
        # the command's own --lang en (every command case but the tools'
        # --help, --version and `help`, which have no command)
        for prog, cmd, args, stdin, file in c.cases:
            if cmd and args and args[0] == cmd and cmd != "help":
                r = check_case(c, prog, cmd, args, stdin, file, "en-cmd")
                n += 1
                if r:
                    failures.append(r)
        failures += check_independent(c)
        n += 6
        for lang in ("ja", "en"):
            failures += check_fsize(c, lang)
            n += len([k for k in c.cases if k[4]])
    for f in failures:
        print("FAIL " + f)
    print("dev_full: %d runs, %d failure(s)" % (n, len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
