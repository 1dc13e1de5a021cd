#!/usr/bin/env python3
"""The hill's attacks (issue 17, docs/HILL.md "Security"), replayed with real
mails through `amaryllis mail`, each against what it must no longer do:

  reflector   a stranger's #test #logs of a 7 MB battle, Reply-To a victim:
              the reply goes to the From, carries no logs, is under the cap;
              the owner's own #test #logs is cut to the cap with a note;
              the stored reply is dropped once sent; a 2000-character
              subject comes back as a short excerpt
  rate        replies per address per hour (3 here): 3 answers, 1 notice,
              then silence and nothing processed; another address is served
  msgid       an attacker's mail carrying Bob's future Message-ID does not
              make Bob's mail a duplicate, and its stored (unsent) reply
              never goes to Bob
  guessing    forged From alice, Reply-To mallory, #password 0..9: every
              reply goes to alice; after 5 the unit is locked for everyone
              (the right password too) and alice gets one notice; a new
              password of fewer than 8 characters is refused
  public      no player's address in hill status text/json/html/svg; the
              chosen name (#name, the From's display name) instead
  lookalike   グリ<U+200B>スク beside グリスク: refused, naming U+200B
  exitcodes   a folder or a file the hill cannot write: 75 naming the cause
              (was 66 "not a hill database" and 70); a text file: 66;
              hill status on a read-only mount works
  address     the reply's To keeps the local part's case; a non-ASCII
              address comes back as RFC 6532 allows (UTF-8 local part, the
              domain in IDNA)

Usage: security.py AMARYLLIS
"""
import glob
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hilllib as H  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "..", "..", "examples")


def slurp(name):
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as f:
        return f.read()


GRISK, NUT = slurp("grisk.txt"), slurp("nut.txt")
HAHA, CHICHI = slurp("haha.txt"), slurp("chichi.txt")
ERRORS = []
PASSED = []


def check(cond, what):
    if not cond:
        ERRORS.append(what)
    return cond


def msg(frm, msgid, body, subject="hill", extra=""):
    return ("From: %s\nTo: %s\nSubject: %s\nMessage-ID: <%s>\n%s"
            "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
            "Content-Transfer-Encoding: 8bit\n\n%s"
            % (frm, H.HILL_ADDRESS, subject, msgid, extra, body)).encode("utf-8")


class Hill:
    """A hill in a temporary folder with an outbox; `send` returns the new
    replies (parsed) and the exit status."""

    def __init__(self, am, size=10, extra=()):
        self.am = am
        self.dir = tempfile.mkdtemp(prefix="hill-sec-")
        self.db = os.path.join(self.dir, "hill.db")
        self.out = os.path.join(self.dir, "out")
        os.mkdir(self.out)
        cmd = [am, "hill", "init", self.db, "--size", str(size), "--address",
               H.HILL_ADDRESS] + H.fast_hash_options(am) + list(extra)
        r = subprocess.run(cmd, capture_output=True, timeout=60)
        assert r.returncode == 0, r.stderr

    def send(self, data, extra_args=()):
        before = set(os.listdir(self.out))
        where = [] if "--sendmail" in extra_args else ["--outbox", self.out]
        r = subprocess.run([self.am, "mail", "--hill", self.db] + where +
                           list(extra_args), input=data,
                           capture_output=True, timeout=300)
        new = sorted(set(os.listdir(self.out)) - before)
        replies = []
        for f in new:
            with open(os.path.join(self.out, f), "rb") as fh:
                raw = fh.read()
            replies.append((raw, H.parse(raw)))
        return r.returncode, replies, r.stderr.decode("utf-8", "replace")

    def status(self, fmt):
        r = subprocess.run([self.am, "hill", "status", self.db, "--format", fmt],
                           capture_output=True, timeout=120)
        assert r.returncode == 0, r.stderr
        return r.stdout.decode("utf-8")

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


def body_of(m):
    return m.get_body(preferencelist=("plain",)).get_content()


def result(m):
    return str(m.get("X-Amaryllis-Result", ""))


def to(m):
    return str(m.get("To", ""))


def t_reflector(am):
    h = Hill(am)
    try:
        # ちち is a member; its owner enters it with the right password
        rc, rs, _ = h.send(msg("chichi@players.example", "c1@p",
                               "#password chichi-pass\n" + CHICHI))
        check(rc == 0 and len(rs) == 1 and result(rs[0][1]) == "entered",
              "reflector: chichi not entered")
        # the attack: 7 MB of logs (haha vs chichi, `amaryllis battle`
        # prints 7,438,064 bytes) asked by a stranger, Reply-To the victim
        attack = msg("mallory@evil.example", "m1@evil",
                     "#test\n#logs\n" + HAHA, subject="x" * 2000,
                     extra="Reply-To: victim@victim.example\n")
        rc, rs, _ = h.send(attack)
        check(rc == 0 and len(rs) == 1, "reflector: one reply to the attack")
        raw, m = rs[0]
        check("victim" not in to(m) and to(m) == "mallory@evil.example",
              "reflector: the reply went to %r, not the From" % to(m))
        check(result(m) == "tested", "reflector: result %s" % result(m))
        check(len(raw) <= 262144, "reflector: reply of %d bytes" % len(raw))
        first_len = len(raw)
        check(b"logs.txt" not in raw, "reflector: a stranger got the logs")
        check("同じ名前「はは」" in body_of(m) or "母" in body_of(m),
              "reflector: no note on the logs")
        subj = str(m.get("Subject", ""))
        check(len(subj) <= 70, "reflector: subject echoed in bulk (%d chars)" % len(subj))
        # the owner of ちち tests ちち again with #logs: proven, the logs
        # come, cut to the cap with a note (ちち vs はは is not fought:
        # はは is no member; a second member makes the big battle)
        rc, rs, _ = h.send(msg("haha@players.example", "h1@p",
                               "#password haha-pass\n" + HAHA))
        check(rc == 0 and rs and result(rs[0][1]) in ("entered",),
              "reflector: haha not entered: %s" % (result(rs[0][1]) if rs else None))
        rc, rs, _ = h.send(msg("chichi@players.example", "c2@p",
                               "#test\n#logs\n#password chichi-pass\n" + CHICHI))
        raw, m = rs[0]
        check(result(m) == "tested", "reflector: owner's test %s" % result(m))
        check(len(raw) <= 262144, "reflector: owner's reply of %d bytes" % len(raw))
        print("reflector: a stranger's reply %d bytes, the owner's (logs cut) %d bytes"
              % (first_len, len(raw)))
        check(b"logs.txt" in raw, "reflector: the owner got no logs")
        logs = [p for p in m.iter_attachments() if p.get_filename() == "logs.txt"]
        check(logs and "打ち切りました" in logs[0].get_content(),
              "reflector: the logs are not cut with a note")
        # nothing but hashes and Message-IDs stay once sent
        db = sqlite3.connect(h.db)
        stored = db.execute("SELECT coalesce(sum(length(reply)), 0), count(*), "
                            "count(reply_id) FROM messages").fetchone()
        db.close()
        check(stored[0] == 0, "reflector: %d bytes of replies kept" % stored[0])
        check(stored[2] == stored[1], "reflector: a reply's Message-ID not kept")
    finally:
        h.close()


def t_rate(am):
    h = Hill(am, extra=["--replies-per-hour", "3"])
    try:
        got = []
        for i in range(6):
            rc, rs, _ = h.send(msg("Spam@Flood.example", "s%d@f" % i, "#status\n"))
            check(rc == 0, "rate: exit %d" % rc)
            got.append([result(m) for _, m in rs])
        check(got == [["status"]] * 3 + [["limited"], [], []],
              "rate: replies %r" % got)
        # the 5th and 6th were neither answered nor processed: an entry
        # past the limit does not enter
        rc, rs, _ = h.send(msg("spam@flood.example", "s9@f",
                               "#password long-enough\n" + GRISK))
        check(rs == [] and H.standings_names(H.status_json(am, h.db)) == [],
              "rate: an entry past the limit was processed")
        # another address is served
        rc, rs, _ = h.send(msg("ok@players.example", "o1@p", "#status\n"))
        check([result(m) for _, m in rs] == ["status"], "rate: others not served")
        db = sqlite3.connect(h.db)
        n = db.execute("SELECT count(*) FROM messages WHERE sender = "
                       "'spam@flood.example' AND result = 'limited'").fetchone()[0]
        db.close()
        check(n == 4, "rate: %d limited messages recorded, expected 4" % n)
    finally:
        h.close()


def t_msgid(am):
    h = Hill(am)
    try:
        # the attacker sends first, with the Message-ID Bob will use, and
        # its reply cannot be delivered (sendmail fails): stored, unsent
        fake = msg("m@evil.example", "bob-entry@players.example", "#status\n")
        rc, rs, _ = h.send(fake, ["--sendmail", "false"])
        check(rc == H.EX_TEMPFAIL, "msgid: the failed delivery exited %d" % rc)
        real = msg("bob@players.example", "bob-entry@players.example",
                   "#password kurogane-9\n" + NUT)
        sink = os.path.join(h.dir, "sent.eml")
        rc, rs, _ = h.send(real, ["--sendmail", "cat > " + sink])
        check(rc == 0, "msgid: Bob's mail exited %d" % rc)
        with open(sink, "rb") as f:
            sent = H.parse(f.read())
        check(result(sent) == "entered" and to(sent) == "bob@players.example",
              "msgid: Bob got %s to %s" % (result(sent), to(sent)))
        check(H.standings_names(H.status_json(am, h.db)) == ["ヌト"],
              "msgid: ヌト did not enter")
        # Bob's retry (the same mail) is the duplicate, and nothing else
        rc, rs, _ = h.send(real)
        check(rc == 0 and rs == [], "msgid: Bob's re-delivery answered again")
    finally:
        h.close()


def t_guessing(am):
    h = Hill(am)
    try:
        rc, rs, _ = h.send(msg("Alice <alice@players.example>", "a1@p",
                               "#password correct-horse\n" + GRISK))
        check(rs and result(rs[0][1]) == "entered", "guessing: alice not entered")
        tos, results = [], []
        for i in range(10):
            rc, rs, _ = h.send(msg("alice@players.example", "g%d@evil" % i,
                                   "#withdraw グリスク\n#password %d\n" % i,
                                   extra="Reply-To: mallory@evil.example\n"))
            for _, m in rs:
                tos.append(to(m))
                results.append(result(m))
        check(all(t == "alice@players.example" for t in tos if t),
              "guessing: a reply went to %r" % sorted(set(tos)))
        notices = [r for r in results if r == "notice"]
        check(len(notices) == 1, "guessing: %d notices to the owner" % len(notices))
        check(results.count("rejected") == 10, "guessing: results %r" % results)
        # locked for everyone: the right password too, by mail
        rc, rs, _ = h.send(msg("alice@players.example", "a2@p",
                               "#withdraw グリスク\n#password correct-horse\n"))
        b = body_of(rs[0][1]) if rs else ""
        check(rs and result(rs[0][1]) == "rejected" and "ロックされています" in b,
              "guessing: the right password during the lock: %s" % b[:200])
        check(H.standings_names(H.status_json(am, h.db)) == ["グリスク"],
              "guessing: グリスク was withdrawn")
        # a short new password is refused
        rc, rs, _ = h.send(msg("carol@players.example", "c1@p",
                               "#password 1234567\n" + NUT))
        check(rs and result(rs[0][1]) == "rejected" and
              "8文字以上" in body_of(rs[0][1]), "guessing: a 7-character password")
    finally:
        h.close()


def t_public(am):
    h = Hill(am)
    try:
        h.send(msg("Alice Example <alice@players.example>", "a1@p",
                   "#password correct-horse\n" + GRISK))
        h.send(msg("bob@players.example", "b1@p",
                   "#password kurogane-9\n#name ボブ\n" + NUT))
        h.send(msg("\"carol@players.example\" <carol@players.example>", "c1@p",
                   "#password sky-blue-7\n" + slurp("uji.txt")))
        for fmt in ("text", "json", "html", "svg"):
            out = h.status(fmt)
            check("players.example" not in out, "public: an address in %s" % fmt)
        doc = H.status_json(am, h.db)
        players = {r["name"]: r["player"] for r in doc["standings"]}
        check(players.get("グリスク") == "Alice Example" and
              players.get("ヌト") == "ボブ" and
              None in players.values(),
              "public: players %r" % players)
        check(all("owner" not in r for r in doc["standings"]), "public: owner field")
    finally:
        h.close()


def t_lookalike(am):
    h = Hill(am)
    try:
        h.send(msg("alice@players.example", "a1@p", "#password correct-horse\n" + GRISK))
        fake = GRISK.replace("グリスク：", "グリ\u200bスク：", 1)
        rc, rs, _ = h.send(msg("m@evil.example", "m1@e", "#password long-enough\n" + fake))
        b = body_of(rs[0][1]) if rs else ""
        check(rs and result(rs[0][1]) == "rejected" and
              "シート:2:3: error: 名前に見えない文字 U+200B があります" in b,
              "lookalike: %s" % b[:300])
        check(H.standings_names(H.status_json(am, h.db)) == ["グリスク"],
              "lookalike: entered")
    finally:
        h.close()


def as_nobody():
    if os.geteuid() != 0:
        return []
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def t_exitcodes(am):
    h = Hill(am)
    try:
        m = msg("a@players.example", "x1@p", "#status\n")
        os.chmod(h.dir, 0o777)
        os.chmod(h.out, 0o777)
        cmd = as_nobody() + [am, "mail", "--lang", "en", "--hill", h.db,
                             "--outbox", h.out]
        # the folder not writable (the -wal/-shm files cannot be made);
        # the file itself readable and writable (hill init makes it 0600)
        os.chmod(h.db, 0o666)
        os.chmod(h.dir, 0o555)
        r = subprocess.run(cmd, input=m, capture_output=True, timeout=60)
        err = r.stderr.decode()
        check(r.returncode == 75 and "is not writable" in err and
              "-wal" in err, "exitcodes: folder: %d %s" % (r.returncode, err))
        # the same in Japanese, the default (review W14)
        r = subprocess.run([c for c in cmd if c not in ("--lang", "en")],
                           input=m, capture_output=True, timeout=60)
        err = r.stderr.decode()
        check(r.returncode == 75 and
              ("フォルダ %s に書き込めません" % h.dir) in err and "-wal" in err,
              "exitcodes: folder (ja): %d %s" % (r.returncode, err))
        # the file read-only
        os.chmod(h.dir, 0o777)
        os.chmod(h.db, 0o444)
        r = subprocess.run(cmd, input=m, capture_output=True, timeout=60)
        err = r.stderr.decode()
        check(r.returncode == 75 and "the file is not writable" in err,
              "exitcodes: file: %d %s" % (r.returncode, err))
        # the file unreadable: hill status, which opens it read-only and
        # needs nothing writable, says that, in either folder (review
        # 2026-12-06: it said "the folder is not writable" in a folder of
        # 755, "the file is not writable" in one of 777)
        os.chmod(h.db, 0o600 if os.geteuid() == 0 else 0o000)
        for mode in (0o777, 0o755):
            os.chmod(h.dir, mode)
            r = subprocess.run(as_nobody() + [am, "hill", "--lang", "en", "status", h.db],
                               capture_output=True, timeout=60)
            err = r.stderr.decode()
            check(r.returncode == 1 and err == "amaryllis: hill: %s: the file is not "
                  "readable (Permission denied)\n" % h.db,
                  "exitcodes: unreadable (%o): %d %s" % (mode, r.returncode, err))
        os.chmod(h.dir, 0o777)
        os.chmod(h.db, 0o444)
        # not a hill: 66, the mail bounces
        junk = os.path.join(h.dir, "junk.db")
        with open(junk, "w") as f:
            f.write("hello, this is no database\n" * 100)
        r = subprocess.run([am, "mail", "--lang", "en", "--hill", junk, "--outbox", h.out],
                           input=m, capture_output=True, timeout=60)
        check(r.returncode == 66 and "not a hill database" in r.stderr.decode(),
              "exitcodes: junk: %d %s" % (r.returncode, r.stderr.decode()))
        # hill status on a read-only mount (a private mount namespace)
        os.chmod(h.db, 0o644)
        for f in glob.glob(h.db + "-*"):
            os.unlink(f)
        ns = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-rm"]
        script = ("mount --bind -o ro '%s' '%s' && '%s' hill status '%s' --format json"
                  " && '%s' mail --hill '%s' --outbox /tmp < /dev/null; echo mail=$?"
                  % (h.dir, h.dir, am, h.db, am, h.db))
        r = subprocess.run(ns + ["sh", "-c", script], capture_output=True, timeout=60)
        out = r.stdout.decode()
        if r.returncode != 0 and "mount" in r.stderr.decode() and "standings" not in out:
            print("exitcodes: cannot mount here (%s); read-only mount not tried"
                  % r.stderr.decode().strip())
        else:
            check('"standings": []' in out and "mail=75" in out,
                  "exitcodes: read-only mount: %s %s" % (out, r.stderr.decode()))
    finally:
        os.chmod(h.dir, 0o755)
        h.close()


def t_address(am):
    h = Hill(am)
    try:
        rc, rs, _ = h.send(msg("Alice.Smith@Example.ORG", "c1@p", "#status\n"))
        check(rs and to(rs[0][1]) == "Alice.Smith@Example.ORG",
              "address: To %r" % (to(rs[0][1]) if rs else None))
        rc, rs, _ = h.send(msg("=?UTF-8?B?5aSq6YOO?= <ユーザー@例え.jp>", "c2@p",
                               "#status\n"))
        raw = rs[0][0] if rs else b""
        line = [l for l in raw.split(b"\n") if l.startswith(b"To:")]
        check(line == ["To: ユーザー@xn--r8jz45g.jp".encode()],
              "address: %r" % line)
    finally:
        h.close()


TESTS = [t_reflector, t_rate, t_msgid, t_guessing, t_public, t_lookalike,
         t_exitcodes, t_address]


def main():
    am = H.find_amaryllis(sys.argv)
    failed = 0
    for t in TESTS:
        before = len(ERRORS)
        try:
            t(am)
        except Exception as e:  # a crash of the test is a failure too
            ERRORS.append("%s: %r" % (t.__name__, e))
        if len(ERRORS) > before:
            failed += 1
            for e in ERRORS[before:]:
                print("FAIL %s: %s" % (t.__name__, e))
        else:
            print("ok %s" % t.__name__)
    print("%d passed, %d failed" % (len(TESTS) - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
