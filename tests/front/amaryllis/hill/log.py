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
print("hill/log: ok (5 lines: entered, its retry, a control character, no sender, "
      "C1 controls)")
