#!/usr/bin/env python3
"""delivery.py - how `amaryllis mail` hands replies on and tells the MTA.

    python3 tests/front/amaryllis/hill/delivery.py AMARYLLIS

The contract's delivery rules (docs/HILL.md), checked with real processes:
 1. usage errors exit 64, a missing hill 66 (sysexits.h), no reply;
 2. a sendmail that fails (exit 1, after reading the reply or without
    reading it at all) makes `mail` exit 75 so that the MTA retries; the
    state change is already stored (the reply is stored with it); the
    retry with a working sendmail sends that stored reply, exactly once;
    a further delivery sends nothing;
 3. --maildir DIR: every file of DIR/new is processed once and moved to
    DIR/cur; loops get no reply; a second run does nothing; a folder,
    a FIFO or a link in DIR/new is said and left, the others processed;
 4. --return-path gives sendmail -f ADDR;
 5. an --outbox folder that does not exist is named and nothing is
    stored (exit 75), so the retry once it exists enters the unit;
 6. --maildir with a reply sendmail refuses: that message stays in new/
    (exit 75), the ones after it are answered and moved, pass after pass.
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hilllib as H  # noqa: E402

GRISK = ("グリスク：１０／１／１／２／シールド、スピア、スピア、ブースト\n"
         "・シールド（１）：防御力＋２＜リミテッド＞\n"
         "・スピア（１）：直接攻撃＜遅延起動４＞＜効果２倍＞\n"
         "・ブースト（１）：攻撃力＋１\n")
NUT = ("ヌト：１０／３／１／１／命の剣、魔法剣、絶対剣\n"
       "・命の剣（１）：ライフ与え＜リミテッド＞\n"
       "・魔法剣（１）：ＨＰ減殺＜リミテッド＞＜遅延起動２＞\n"
       "・絶対剣（１）：防御無視攻撃＜遅延起動３＞\n")


def run(cmd, data=b""):
    r = subprocess.run(cmd, input=data, capture_output=True, timeout=120)
    return r.returncode, r.stderr.decode(errors="replace").strip()


def main():
    am = H.find_amaryllis(sys.argv)
    top = tempfile.mkdtemp(prefix="hill-delivery-")
    errors = []

    def expect(what, got, want):
        if got != want:
            errors.append("%s: %r, expected %r" % (what, got, want))

    alice = H.entry_message("alice@example.org", "d-alice@test.example", "hanamizuki", GRISK)
    bob = H.entry_message("bob@example.net", "d-bob@test.example", "kurogane-9", NUT)

    # 1. usage, missing hill
    out = os.path.join(top, "out1")
    os.makedirs(out)
    rc, err = run([am, "mail", "--outbox", out], alice)
    expect("mail without --hill: exit", rc, H.EX_USAGE)
    rc, err = run([am, "mail", "--hill", os.path.join(top, "none.db"), "--outbox", out], alice)
    expect("mail --hill MISSING: exit", rc, H.EX_NOINPUT)
    expect("replies after usage errors", H.outbox_files(out), [])
    if os.path.exists(os.path.join(top, "none.db")):
        errors.append("mail --hill MISSING created the database")

    # 2. a failing sendmail, then a working one
    db = os.path.join(top, "hill.db")
    H.init_hill(am, db, 10)
    sent = os.path.join(top, "sent")
    os.makedirs(sent)
    good = "cat > \"$(mktemp %s/r.XXXXXX)\"" % sent
    for bad in ("cat >/dev/null; exit 1", "exit 1", "kill -9 $$"):
        rc, err = run([am, "mail", "--hill", db, "--sendmail", bad], alice)
        expect("sendmail %r: exit" % bad, rc, H.EX_TEMPFAIL)
    doc = H.status_json(am, db)
    expect("standings after the failed deliveries (state stored)",
           H.standings_names(doc), ["グリスク"])
    rc, err = run([am, "mail", "--hill", db, "--sendmail", good], alice)
    expect("retry with a working sendmail: exit", rc, 0)
    files = sorted(os.listdir(sent))
    expect("replies after the retry", len(files), 1)
    if files:
        with open(os.path.join(sent, files[0]), "rb") as f:
            r = H.parse(f.read())
        expect("the stored reply's result", str(r.get("X-Amaryllis-Result")).strip(), "entered")
        expect("the stored reply's In-Reply-To", str(r.get("In-Reply-To")).strip(),
               "<d-alice@test.example>")
    rc, err = run([am, "mail", "--hill", db, "--sendmail", good], alice)
    expect("third delivery: exit", rc, 0)
    expect("replies after the third delivery", len(os.listdir(sent)), 1)

    # 3. --maildir
    md = os.path.join(top, "Maildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(md, sub))
    loop = H.entry_message("carol@example.com", "d-loop@test.example", "ao",
                           "#status\n").replace(b"MIME-Version",
                                               b"Auto-Submitted: auto-replied\nMIME-Version")
    status = H.entry_message("dave@example.com", "d-status@test.example", "x", "#status\n")
    for name, data in (("1.bob", bob), ("2.loop", loop), ("3.status", status)):
        with open(os.path.join(md, "new", name), "wb") as f:
            f.write(data)
    mout = os.path.join(top, "mout")
    os.makedirs(mout)
    rc, err = run([am, "mail", "--hill", db, "--maildir", md, "--outbox", mout])
    expect("--maildir: exit", rc, 0)
    expect("--maildir: new/ afterwards", os.listdir(os.path.join(md, "new")), [])
    expect("--maildir: files in cur/", len(os.listdir(os.path.join(md, "cur"))), 3)
    results = sorted(str(H.read_reply(os.path.join(mout, f)).get("X-Amaryllis-Result")).strip()
                     for f in H.outbox_files(mout))
    # bob's ヌト enters (and beats グリスク); dave gets the standings; the
    # auto-replied loop gets nothing.
    expect("--maildir: results", results, ["entered", "status"])
    expect("standings after --maildir", H.standings_names(H.status_json(am, db)),
           ["ヌト", "グリスク"])
    rc, err = run([am, "mail", "--hill", db, "--maildir", md, "--outbox", mout])
    expect("--maildir again: exit", rc, 0)
    expect("--maildir again: replies", len(H.outbox_files(mout)), 2)
    # what is no message in new/ (a folder, a FIFO, a symbolic link) is
    # said and left there, and the messages after it are processed; the
    # exit is 75 (mail review 2026-12-06: a folder stopped every pass
    # before the messages after it, a FIFO hung it).  dave's second
    # #status, 9.status, after them all, is answered.
    os.mkdir(os.path.join(md, "new", "4.dir"))
    os.mkfifo(os.path.join(md, "new", "5.fifo"))
    os.symlink("/etc/passwd", os.path.join(md, "new", "6.link"))
    with open(os.path.join(md, "new", "9.status"), "wb") as f:
        f.write(status.replace(b"d-status@test.example", b"d-status2@test.example"))
    rc, err = run([am, "mail", "--lang", "en", "--hill", db, "--maildir", md,
                   "--outbox", mout])
    expect("--maildir with a folder, a FIFO, a link: exit", rc, 75)
    expect("--maildir with a folder, a FIFO, a link: said",
           err.splitlines(), ["amaryllis: mail: %s/new/%s: not a regular file: skipped"
                              % (md, n) for n in ("4.dir", "5.fifo", "6.link")])
    expect("--maildir with a folder, a FIFO, a link: left in new/",
           sorted(os.listdir(os.path.join(md, "new"))), ["4.dir", "5.fifo", "6.link"])
    expect("--maildir with a folder, a FIFO, a link: the message after them answered",
           len(H.outbox_files(mout)), 3)

    # 4. --return-path: the reply command gets -f 'ADDR' after it (review
    # W5: the replies' envelope sender).  The command records its
    # arguments: sh -c "CMD -f '<>'" runs printf with the two words -f and
    # <> after its format, one a line.  A fresh hill, so that carol's
    # mail is answered at all.
    rdb = os.path.join(top, "rp.db")
    H.init_hill(am, rdb, 10)
    args = os.path.join(top, "rp-args")
    carol = H.entry_message("carol@example.com", "d-carol@test.example", "aoi-sora-7", NUT)
    rc, err = run([am, "mail", "--hill", rdb, "--return-path", "<>", "--sendmail",
                   "cat >/dev/null; printf '%%s\\n' >%s" % args], carol)
    expect("--return-path '<>': exit", rc, 0)
    with open(args) as f:
        expect("--return-path '<>': the command's arguments", f.read(), "-f\n<>\n")
    # an address that would need quoting, or looks like an option: usage
    # (exit 64), and nothing sent or stored
    for bad in ("x'@example.org", "-oQ@example.org", "a b@example.org", "nobody"):
        rc, err = run([am, "mail", "--hill", rdb, "--return-path", bad,
                       "--sendmail", "cat >/dev/null"], bob)
        expect("--return-path %r: exit" % bad, rc, H.EX_USAGE)
    expect("standings after bad --return-path", H.standings_names(H.status_json(am, rdb)),
           ["ヌト"])

    # 5. --outbox to a folder that does not exist (review W14): said by
    # the folder's name before the hill is touched, exit 75 so that the
    # MTA keeps the mail; the hill is unchanged (no member, no stored
    # reply), so once the folder exists the same mail is processed afresh
    # and enters.
    odb = os.path.join(top, "ob.db")
    H.init_hill(am, odb, 10)
    missing = os.path.join(top, "no-such-out")
    rc, err = run([am, "mail", "--hill", odb, "--outbox", missing], alice)
    expect("--outbox MISSING: exit", rc, H.EX_TEMPFAIL)
    expect("--outbox MISSING: message (ja, the default)", err,
           "amaryllis: mail: --outbox のフォルダ %s がありません" % missing)
    rc, err = run([am, "mail", "--lang", "en", "--hill", odb, "--outbox", missing], alice)
    expect("--outbox MISSING: message (en)", err,
           "amaryllis: mail: --outbox: the folder %s does not exist" % missing)
    expect("standings after --outbox MISSING (nothing stored)",
           H.standings_names(H.status_json(am, odb)), [])
    os.makedirs(missing)
    rc, err = run([am, "mail", "--hill", odb, "--outbox", missing], alice)
    expect("--outbox made: exit", rc, 0)
    got = [str(H.read_reply(os.path.join(missing, f)).get("X-Amaryllis-Result")).strip()
           for f in H.outbox_files(missing)]
    expect("--outbox made: replies", got, ["entered"])

    # 6. a reply sendmail refuses at once (security review 2026-12-07):
    # erin's address is refused (exit 65, as a relay refusing a recipient),
    # and her mail is first in new/; frank's and gina's #status after it
    # are answered and moved to cur/ all the same, erin's stays in new/
    # and the exit is 75; the next pass tries erin's stored reply again
    # (the same refusal: 2 tries in all, read in the command's record),
    # nothing more for the others.
    sdb = os.path.join(top, "sm.db")
    H.init_hill(am, sdb, 10)
    smd = os.path.join(top, "SMaildir")
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(smd, sub))
    for name, who in (("1.erin", "erin@refused.example"), ("2.frank", "frank@example.com"),
                      ("3.gina", "gina@example.com")):
        with open(os.path.join(smd, "new", name), "wb") as f:
            f.write(H.entry_message(who, "d-%s@test.example" % name[2:], "x", "#status\n"))
    rec = os.path.join(top, "sm-record")
    refuse = ("m=$(cat); to=$(printf '%%s\\n' \"$m\" | sed -n 's/^To: //p'); "
              "printf '%%s\\n' \"$to\" >>%s; "
              "case $to in *refused.example*) exit 65;; esac" % rec)
    for k in (1, 2):
        rc, err = run([am, "mail", "--hill", sdb, "--maildir", smd, "--sendmail", refuse])
        expect("refused reply, pass %d: exit" % k, rc, H.EX_TEMPFAIL)
        expect("refused reply, pass %d: left in new/" % k,
               sorted(os.listdir(os.path.join(smd, "new"))), ["1.erin"])
        expect("refused reply, pass %d: moved to cur/" % k,
               sorted(n.split(":")[0] for n in os.listdir(os.path.join(smd, "cur"))),
               ["2.frank", "3.gina"])
    with open(rec) as f:
        expect("refused reply: the replies tried, in order", f.read().splitlines(),
               ["erin@refused.example", "frank@example.com", "gina@example.com",
                "erin@refused.example"])

    for e in errors:
        print("FAIL: " + e)
    if errors:
        print("work files kept in " + top)
        sys.exit(1)
    print("delivery: exit statuses, sendmail failures and retries, --maildir: ok")
    shutil.rmtree(top)


if __name__ == "__main__":
    main()
