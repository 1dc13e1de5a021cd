#!/usr/bin/env python3
"""corpus.py - feed every message of tests/front/amaryllis/hill/corpus/ to the real hill.

    python3 tests/front/amaryllis/hill/corpus.py AMARYLLIS [CASE...]

For each corpus/NAME.facts: a fresh hill (`hill init`, size 10 unless the
facts say `hill-size: N`), the `setup:` messages (corpus/setup/NAME.eml,
each must exit 0 with an `entered` reply), then NAME.eml on stdin of
`amaryllis mail --hill DB --outbox DIR`; it must exit 0 and the outbox must
hold the facts.  Cases marked `generated` are written first by
`make_corpus.py --hostile` (the 20 MB body, the 1000 nested multiparts).

Facts, one a line (`#` starts a comment):
  setup: NAME              deliver corpus/setup/NAME.eml first
  hill-size: N             the hill's --size
  generated                the .eml is made at test time
  deliver-twice            deliver the message twice: still one reply
  no-reply                 the outbox stays empty
  header NAME: VALUE       the reply's header NAME is VALUE
  result-in: A B ...       X-Amaryllis-Result is one of these
  to: ADDR                 the reply's To holds exactly ADDR
  subject: TEXT            the reply's (decoded) Subject is TEXT
  body-contains: TEXT      the text/plain body holds TEXT
  body-not-contains: TEXT
  body-line: RE && RE ...  one line of the body matches every regex
  attachment-contains: T   a text/plain attachment holds T
  standings: A,B,...       `hill status --format json` ranks these names
                           (empty: no members)

Every reply is also checked against the contract whatever the facts: From
the hill's address, To = the From of the message (never its Reply-To), Subject
"Re: <subject>" with one "Re: ", In-Reply-To and References naming the
message's Message-ID, its own Message-ID, Auto-Submitted: auto-replied,
a text/plain; charset=UTF-8 body, X-Amaryllis-Result among the six values.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from email.utils import getaddresses

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hilllib as H  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
RESULTS = {"entered", "replaced", "tested", "withdrawn", "status", "rejected"}


def read_facts(path):
    facts = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            facts.append(line)
    return facts


def body_text(msg):
    part = msg.get_body(preferencelist=("plain",))
    if part is None:
        return None, None
    return part.get_content(), part


def attachments_text(msg):
    texts = []
    for part in msg.walk():
        if part.is_multipart():
            continue
        if part.get_content_type() != "text/plain":
            continue
        if part.get_content_disposition() == "attachment" or part.get_filename():
            texts.append(part.get_content())
    return texts


def addresses(value):
    return [a.lower() for _, a in getaddresses([value or ""]) if a]


def check_contract(errors, msg, incoming):
    """The contract's reply shape, for every reply."""
    frm = addresses(str(msg.get("From", "")))
    if frm != [H.HILL_ADDRESS]:
        errors.append("From is %r, not the hill %s" % (msg.get("From"), H.HILL_ADDRESS))
    want_to = addresses(str(incoming.get("From", "")))
    got_to = addresses(str(msg.get("To", "")))
    if want_to and got_to != want_to[:1] and got_to != want_to:
        errors.append("To is %r, expected %r" % (got_to, want_to))
    subj = str(msg.get("Subject", ""))
    if not subj.startswith("Re: "):
        errors.append("Subject %r does not start with 'Re: '" % subj)
    if re.match(r"(?i)re:\s*re:", subj):
        errors.append("Subject %r has a double Re:" % subj)
    if str(msg.get("Auto-Submitted", "")).strip().lower() != "auto-replied":
        errors.append("Auto-Submitted is %r" % msg.get("Auto-Submitted"))
    mid = str(incoming.get("Message-ID", "")).strip()
    if mid:
        if str(msg.get("In-Reply-To", "")).strip() != mid:
            errors.append("In-Reply-To %r != %r" % (msg.get("In-Reply-To"), mid))
        if mid not in str(msg.get("References", "")):
            errors.append("References %r lacks %r" % (msg.get("References"), mid))
    own = str(msg.get("Message-ID", "")).strip()
    if not re.fullmatch(r"<[^<>@\s]+@[^<>@\s]+>", own) or own == mid:
        errors.append("bad own Message-ID %r" % own)
    result = str(msg.get("X-Amaryllis-Result", "")).strip()
    if result not in RESULTS:
        errors.append("X-Amaryllis-Result %r not one of %s" % (result, sorted(RESULTS)))
    text, part = body_text(msg)
    if part is None:
        errors.append("no text/plain body")
    elif (part.get_content_charset() or "").lower() != "utf-8":
        errors.append("body charset %r, not UTF-8" % part.get_content_charset())
    return result, text or ""


# What has looked for leaks already (hilllib.py): each case's own message
# always does; `hill init`, `hill status` and each setup message, the same
# command on every case, only the first time.
_checked = set()


def first(kind):
    """True the first time of `kind` in this run."""
    if kind in _checked:
        return False
    _checked.add(kind)
    return True


def run_case(amaryllis, name, work, hostile_dir):
    facts = read_facts(os.path.join(CORPUS, name + ".facts"))
    size = 10
    setups = []
    twice = "deliver-twice" in facts
    for f in facts:
        if f.startswith("hill-size:"):
            size = int(f.split(":", 1)[1])
        elif f.startswith("setup:"):
            setups.append(f.split(":", 1)[1].strip())
    if "generated" in facts:
        eml = os.path.join(hostile_dir, name + ".eml")
    else:
        eml = os.path.join(CORPUS, name + ".eml")
    with open(eml, "rb") as f:
        data = f.read()

    db = os.path.join(work, "hill.db")
    outbox = os.path.join(work, "out")
    setup_out = os.path.join(work, "setup-out")
    os.makedirs(outbox)
    os.makedirs(setup_out)
    H.init_hill(amaryllis, db, size, check=first("init"))
    errors = []
    for s in setups:
        with open(os.path.join(CORPUS, "setup", s + ".eml"), "rb") as f:
            rc, err = H.deliver(amaryllis, db, setup_out, f.read(),
                                check=first("setup " + s))
        if rc != 0:
            return ["setup %s exited %d: %s" % (s, rc, err.strip())]
    for f in H.outbox_files(setup_out):
        r = H.read_reply(os.path.join(setup_out, f))
        if str(r.get("X-Amaryllis-Result", "")).strip() != "entered":
            errors.append("setup reply %s is %r, not entered"
                          % (f, r.get("X-Amaryllis-Result")))
    if len(H.outbox_files(setup_out)) != len(setups):
        errors.append("setup: %d replies for %d messages"
                      % (len(H.outbox_files(setup_out)), len(setups)))

    for attempt in range(2 if twice else 1):
        rc, err = H.deliver(amaryllis, db, outbox, data)
        if rc != 0:
            errors.append("delivery %d exited %d (want 0): %s"
                          % (attempt + 1, rc, err.strip()[:300]))
    replies = H.outbox_files(outbox)
    incoming = H.parse_headers(data)
    if "no-reply" in facts:
        if replies:
            errors.append("expected no reply, got %d" % len(replies))
        msg, result, text = None, None, ""
    else:
        if len(replies) != 1:
            errors.append("expected exactly one reply, got %d" % len(replies))
        if not replies:
            return errors
        with open(os.path.join(outbox, replies[0]), "rb") as f:
            raw_reply = f.read()
        msg = H.parse(raw_reply)
        result, text = check_contract(errors, msg, incoming)

    for f in facts:
        if f in ("generated", "deliver-twice", "no-reply") or \
                f.startswith(("setup:", "hill-size:")):
            continue
        if f.startswith("standings:"):
            want = [n for n in f.split(":", 1)[1].strip().split(",") if n]
            got = H.standings_names(H.status_json(amaryllis, db,
                                                  check=first("status")))
            if got != want:
                errors.append("standings %r, expected %r" % (got, want))
            continue
        if msg is None:
            errors.append("fact %r but there is no reply" % f)
            continue
        if f.startswith("header "):
            hname, value = f[len("header "):].split(":", 1)
            got = str(msg.get(hname.strip(), "")).strip()
            if got != value.strip():
                errors.append("header %s is %r, expected %r" % (hname, got, value.strip()))
        elif f.startswith("result-in:"):
            allowed = f.split(":", 1)[1].split()
            if result not in allowed:
                errors.append("result %r not in %r" % (result, allowed))
        elif f.startswith("to:"):
            want = f.split(":", 1)[1].strip().lower()
            got = addresses(str(msg.get("To", "")))
            if got != [want]:
                errors.append("To %r, expected %r" % (got, want))
        elif f.startswith("subject:"):
            want = f.split(":", 1)[1].strip()
            if str(msg.get("Subject", "")).strip() != want:
                errors.append("Subject %r, expected %r" % (str(msg.get("Subject")), want))
        elif f.startswith("body-contains:"):
            want = f.split(":", 1)[1].strip()
            if want not in text:
                errors.append("body lacks %r" % want)
        elif f.startswith("body-not-contains:"):
            want = f.split(":", 1)[1].strip()
            if want in text:
                errors.append("body holds %r" % want)
        elif f.startswith("body-line:"):
            res = [r.strip() for r in f.split(":", 1)[1].split("&&")]
            if not any(all(re.search(r, line) for r in res)
                       for line in text.splitlines()):
                errors.append("no body line matches all of %r" % res)
        elif f.startswith("attachment-contains:"):
            want = f.split(":", 1)[1].strip()
            atts = attachments_text(msg)
            if not atts:
                errors.append("no text/plain attachment")
            elif not any(want in a for a in atts):
                errors.append("no attachment holds %r" % want)
        else:
            errors.append("unknown fact %r" % f)
    if errors and msg is not None:
        errors.append("the reply was:\n" + text[:1500])
    return errors


def main():
    amaryllis = H.find_amaryllis(sys.argv)
    names = sys.argv[2:] or sorted(f[:-6] for f in os.listdir(CORPUS)
                                   if f.endswith(".facts"))
    top = tempfile.mkdtemp(prefix="hill-corpus-")
    hostile = os.path.join(top, "hostile")
    t0 = time.monotonic()
    subprocess.run([sys.executable, os.path.join(HERE, "make_corpus.py"),
                    "--hostile", hostile], check=True)
    failed = 0
    for name in names:
        work = os.path.join(top, name)
        os.makedirs(work)
        try:
            errors = run_case(amaryllis, name, work, hostile)
        except Exception as e:  # a crash of the runner is a failure too
            errors = ["%s: %s" % (type(e).__name__, e)]
        if errors:
            failed += 1
            print("FAIL %s" % name)
            for e in errors:
                print("    " + e.replace("\n", "\n    "))
        else:
            print("ok   %s" % name)
            shutil.rmtree(work)
    print("%d cases, %d failed, %.1f s" % (len(names), failed, time.monotonic() - t0))
    if failed:
        print("work files kept in " + top)
        sys.exit(1)
    shutil.rmtree(top)


if __name__ == "__main__":
    main()
