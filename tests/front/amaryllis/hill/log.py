#!/usr/bin/env python3
"""log.py - `amaryllis mail --log FILE`: one line per mail processed, so a
host sees which reply answers which mail without a script (docs/HILL.md,
"The host's log"; issue 20).

Four mails through `amaryllis mail --outbox --log`:
  1. alice enters グリスク (examples/grisk.txt): "entered", and
     the reply's outbox file is named in the line;
  2. the same mail again (an MTA's retry after the reply was sent):
     "duplicate", no second reply ("-");
  3. bob's illegal sheet ("rejected", with a reply), its Message-ID
     carrying a control character (\\x01, which the mail parser keeps):
     printed as '?', so one line stays five fields;
  4. a mail with no From (nobody to answer): "ignored", no reply ("-"),
     sender "-";
  5. carol's mail whose Message-ID carries U+009B (a terminal's CSI, as
     UTF-8) and ESC, and Japanese: each control '?', the Japanese kept
     (the HTTP audit's H1; a raw 0x9B byte makes GMime read the header as
     Latin-1, and the U+009B it becomes is '?' as well).
Each line: TIME (UTC, ...Z), Message-ID, sender, result, reply file.
Then a push-off notice's line and a failed sendmail's (review W15; the
derivation is with that block).
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hilllib as H  # noqa: E402

amaryllis = H.find_amaryllis(sys.argv)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                       "..", "..", "examples", "grisk.txt"), encoding="utf-8") as f:
    GRISK = f.read()

with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "hill.db")
    out = os.path.join(tmp, "out")
    log = os.path.join(tmp, "mail.log")
    os.mkdir(out)
    H.init_hill(amaryllis, db, 5)

    def run(data):
        r = subprocess.run(H.mail_cmd(amaryllis, db, out) + ["--log", log],
                           input=data, capture_output=True, timeout=120)
        if r.returncode != 0:
            H.fail("mail exited %d: %s" % (r.returncode, r.stderr.decode()))

    m1 = H.entry_message("Alice <Alice@Example.org>", "m1@example.org",
                         "pass-word-1", GRISK)
    run(m1)
    files1 = H.outbox_files(out)
    run(m1)
    bob = H.entry_message("bob@example.net", "m\x013@example.net",
                          "pass-word-2", "ミス：１２／１／１／２\n")
    run(bob)
    nofrom = (b"To: " + H.HILL_ADDRESS.encode() +
              b"\nSubject: x\nMessage-ID: <m4@nowhere>\n\nhello\n")
    run(nofrom)
    c1 = (b"From: carol@example.com\nTo: " + H.HILL_ADDRESS.encode() +
          b"\nSubject: x\nMessage-ID: <m5\xc2\x9b2J\x1b[31m\xe3\x82\xa2"
          b"@example.com>\nAuto-Submitted: auto-replied\n\nhello\n")
    run(c1)
    files = H.outbox_files(out)

    with open(log, encoding="utf-8", errors="strict") as f:
        lines = f.read().split("\n")
    if lines[-1] != "" or len(lines) != 6:
        H.fail("want 5 lines, got %r" % lines)
    rows = [ln.split("\t") for ln in lines[:5]]
    for ln, row in zip(lines, rows):
        if len(row) != 5 or not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", row[0]):
            H.fail("not TIME<TAB>ID<TAB>SENDER<TAB>RESULT<TAB>REPLY: %r" % ln)
    if len(files1) != 1:
        H.fail("want one reply after the first mail, got %r" % files1)
    reply1 = os.path.join(out, files1[0])
    want = [
        ["m1@example.org", "alice@example.org", "entered", reply1],
        ["m1@example.org", "alice@example.org", "duplicate", "-"],
        ["m?3@example.net", "bob@example.net", "rejected",
         os.path.join(out, [f for f in files if f != files1[0]][0])],
        ["m4@nowhere", "-", "ignored", "-"],
        ["m5?2J?[31mア@example.com", "carol@example.com", "ignored", "-"],
    ]
    if len(files) != 2:
        H.fail("want 2 replies in the outbox, got %r" % files)
    for i, (row, w) in enumerate(zip(rows, want)):
        if row[1:] != w:
            H.fail("line %d: want %r, got %r" % (i + 1, w, row[1:]))

# Review W15: a notice gets a line of its own, and a reply that could not
# be delivered is not "-".  A hill of size 1: alice's グリスク is on it,
# bob's ヌト enters and beats it (delivery.py: ヌト beats グリスク), so
# グリスク is pushed off and alice is sent a notice (docs/HILL.md, "Rules").
# The log then holds, in this order:
#   1. alice's entry: entered, its outbox file;
#   2. bob's entry: entered, its outbox file;
#   3. the notice: its own Message-ID, alice's address (its recipient),
#      "notice", its outbox file.
# Then carol's #status through a sendmail that fails (exit 1: mail exits
# 75): 4. carol's line says "status" and "failed" as the reply field.
NUT = ("ヌト：１０／３／１／１／命の剣、魔法剣、絶対剣\n"
       "・命の剣（１）：ライフ与え＜リミテッド＞\n"
       "・魔法剣（１）：ＨＰ減殺＜リミテッド＞＜遅延起動２＞\n"
       "・絶対剣（１）：防御無視攻撃＜遅延起動３＞\n")
with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "one.db")
    out = os.path.join(tmp, "out")
    log = os.path.join(tmp, "mail.log")
    os.mkdir(out)
    H.init_hill(amaryllis, db, 1)

    def run2(data, extra, want_rc=0):
        cmd = [amaryllis, "mail", "--hill", db, "--log", log] + extra
        r = subprocess.run(cmd, input=data, capture_output=True, timeout=120)
        if r.returncode != want_rc:
            H.fail("mail exited %d, want %d: %s" % (r.returncode, want_rc,
                                                    r.stderr.decode()))
        return r.stderr.decode()

    run2(H.entry_message("alice@example.org", "n1@example.org", "pass-word-1",
                         GRISK), ["--outbox", out])
    f_alice = H.outbox_files(out)
    run2(H.entry_message("bob@example.net", "n2@example.net", "pass-word-2", NUT),
         ["--outbox", out])
    files = H.outbox_files(out)
    if H.standings_names(H.status_json(amaryllis, db)) != ["ヌト"]:
        H.fail("ヌト did not push グリスク off: %r" % H.status_json(amaryllis, db))
    new = [f for f in files if f not in f_alice]
    results = {f: str(H.read_reply(os.path.join(out, f)).get("X-Amaryllis-Result")).strip()
               for f in new}
    f_bob = [f for f in new if results[f] == "entered"]
    f_note = [f for f in new if results[f] == "notice"]
    if len(f_alice) != 1 or len(f_bob) != 1 or len(f_note) != 1:
        H.fail("want alice's reply, bob's reply and one notice: %r %r" % (f_alice, results))
    note = H.read_reply(os.path.join(out, f_note[0]))
    note_id = str(note.get("Message-ID")).strip().strip("<>")
    err = run2(H.entry_message("carol@example.com", "n3@example.com", "x",
                               "#status\n"),
               ["--sendmail", "cat >/dev/null; exit 1"], H.EX_TEMPFAIL)
    if err.strip() != "amaryllis: mail: 返信を渡すコマンド「cat >/dev/null; exit 1」が失敗しました（終了コード 1）":
        H.fail("failed sendmail, stderr: %r" % err)
    with open(log, encoding="utf-8") as f:
        rows = [ln.split("\t")[1:] for ln in f.read().split("\n")[:-1]]
    want = [
        ["n1@example.org", "alice@example.org", "entered", os.path.join(out, f_alice[0])],
        ["n2@example.net", "bob@example.net", "entered", os.path.join(out, f_bob[0])],
        [note_id, "alice@example.org", "notice", os.path.join(out, f_note[0])],
        ["n3@example.com", "carol@example.com", "status", "failed"],
    ]
    if rows != want:
        H.fail("notice and failed delivery lines: want %r, got %r" % (want, rows))

print("hill/log: ok (5 lines: entered, its retry, a control character, no sender, "
      "C1 controls; a notice's line; a failed sendmail)")
