#!/usr/bin/env bash
#
# mta_e2e.sh - the hill behind a real MTA (Postfix), end to end.
#
#   usage: tests/front/amaryllis/hill/mta_e2e.sh AMARYLLIS
#
# 1. Installs Postfix from Debian when it is missing and we are root
#    (debconf "No configuration": the package then creates no main.cf and
#    starts nothing).  If it is missing and cannot be installed, or we are
#    not root (Postfix's master must start as root), the test says so
#    loudly and exits 77 (CTest: skipped).  It also refuses, rather than
#    replace it, when another MTA package is installed.
# 2. Starts a private Postfix instance (`postfix -c DIR`): its own
#    main.cf/master.cf, queue, data directory and log file in a temporary
#    directory, SMTP on 127.0.0.1:PORT only (a free port), no chroot, all
#    mail for other domains refused.  Domains hill.example (the hill) and
#    players.example (the players) are local; the aliases file pipes
#    hill@hill.example into `amaryllis mail --hill DB` and delivers each
#    player into an mbox file.  The hill replies through Postfix's own
#    `sendmail -t -oi` (the default of `amaryllis mail`); that sendmail
#    (as every Postfix sendmail run by a user) hands the mail to the
#    set-gid postdrop, which accepts a non-default configuration directory
#    only when the default /etc/postfix/main.cf lists it in
#    alternate_config_directories: the test adds that line (creating the
#    file if the package made none) and restores the file on exit.
# 3. Local pipe deliveries run as `nobody` (default_privs: the aliases
#    file is root's), so the hill's directory (the WAL needs it) and
#    database belong to nobody.
# 4. Delivers over SMTP (Python smtplib): alice enters グリスク, bob enters
#    ヌト, carol mails an illegal sheet, dave asks for the standings, and two
#    loops (a bounce with the null sender from MAILER-DAEMON, and a mail
#    with Auto-Submitted: auto-replied from eve) that must get no reply.
#    Then waits for the queue to empty and reads every mailbox.
# 5. Asserts: alice, bob, carol, dave got exactly one reply each, From the
#    hill, with X-Amaryllis-Result entered, entered, rejected, status;
#    eve, MAILER-DAEMON, postmaster and nobody got nothing (no loop, no
#    bounce); `amaryllis hill status --format json` ranks ヌト (bob, 1 win,
#    3 points) above グリスク (alice, 1 loss, 0 points): the worked example
#    of the rules, グリスク vs ヌト → ヌトの勝利, whichever entered first.
# 6. Stops the instance and restores /etc/postfix/main.cf (trap).
set -u

AMARYLLIS=$(readlink -f "${1:?usage: mta_e2e.sh AMARYLLIS}")
HERE=$(cd "$(dirname "$0")" && pwd)
SKIP=77

say() { printf 'mta_e2e: %s\n' "$*"; }
skip() {
	printf '\n*** mta_e2e SKIPPED: %s ***\n\n' "$*" >&2
	exit $SKIP
}
fail() {
	printf 'mta_e2e: FAIL: %s\n' "$*" >&2
	[ -n "${T:-}" ] && [ -f "$T/maillog" ] && { echo '--- maillog:' >&2; tail -n 40 "$T/maillog" >&2; }
	exit 1
}

# --- 1. Postfix --------------------------------------------------------------
if [ "$(id -u)" != 0 ]; then
	skip "not root: Postfix's master must start as root (run the tests as root, as CI does)"
fi
if ! [ -x /usr/sbin/postfix ]; then
	for other in exim4-daemon-light exim4-daemon-heavy opensmtpd sendmail-bin; do
		if dpkg-query -W -f '${Status}' "$other" 2>/dev/null | grep -q 'install ok installed'; then
			skip "$other is installed; installing postfix would replace it"
		fi
	done
	say "installing postfix (apt-get)"
	echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
	# a log of a fresh name (packager review 2026-12-07: a fixed name
	# in /tmp, written as root)
	aptlog=$(mktemp "${TMPDIR:-/tmp}/mta_e2e_apt.XXXXXX")
	if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q postfix >"$aptlog" 2>&1; then
		apt-get update -q >>"$aptlog" 2>&1
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q postfix >>"$aptlog" 2>&1 ||
			skip "cannot install postfix (see $aptlog)"
	fi
	rm -f "$aptlog"
fi
command -v python3 >/dev/null || skip "python3 missing"

# --- 2. a private instance --------------------------------------------------
# One run at a time on a machine (the release and the ASan tests may overlap):
# each edits /etc/postfix/main.cf and restores it.
exec 9>/tmp/amaryllis-mta-e2e.lock
flock -w 280 9 || fail "another mta_e2e has held /tmp/amaryllis-mta-e2e.lock for 280 s"
T=$(mktemp -d /tmp/hill-mta.XXXXXX)
chmod 755 "$T"
CONF=$T/conf
mkdir -p "$CONF" "$T/boxes" "$T/hill" "$T/bin" "$T/queue"
chmod 1777 "$T/boxes"
DEFAULT_MAIN=/etc/postfix/main.cf
MAIN_BACKUP=
MAIN_CREATED=
STARTED=

cleanup() {
	if [ -n "$STARTED" ]; then
		/usr/sbin/postfix -c "$CONF" stop >/dev/null 2>&1
		# master exits shortly after stop; wait so nothing outlives us
		for _ in $(seq 50); do
			[ -f "$T/queue/pid/master.pid" ] || break
			pid=$(tr -dc 0-9 <"$T/queue/pid/master.pid")
			[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
	fi
	if [ -n "$MAIN_BACKUP" ]; then
		cp -p "$MAIN_BACKUP" "$DEFAULT_MAIN" && rm -f "$MAIN_BACKUP"
	elif [ -n "$MAIN_CREATED" ]; then
		rm -f "$DEFAULT_MAIN"
	fi
	if [ "${KEEP:-}" = 1 ]; then
		echo "mta_e2e: kept $T" >&2
	else
		rm -rf "$T"
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# The binaries where user nobody can run them (the build tree may be
# private): amaryllis, and next to it amaryllis-hill and amaryllis-mail,
# which `amaryllis hill` and `amaryllis mail` run.
for b in amaryllis amaryllis-hill amaryllis-mail; do
	cp "$(dirname "$AMARYLLIS")/$b" "$T/bin/$b"
	chmod 755 "$T/bin/$b"
done
AM=$T/bin/amaryllis

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

cat >"$CONF/main.cf" <<EOF
compatibility_level = 3.6
queue_directory = $T/queue
data_directory = $T/data
command_directory = /usr/sbin
daemon_directory = /usr/lib/postfix/sbin
meta_directory = /etc/postfix
shlib_directory = /usr/lib/postfix
mail_owner = postfix
setgid_group = postdrop
syslog_name = postfix-amaryllis-test
maillog_file_prefixes = $T
maillog_file = $T/maillog
myhostname = mta.hill.example
mydomain = hill.example
myorigin = hill.example
mydestination = hill.example, players.example
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
alias_maps = hash:$CONF/aliases
alias_database = hash:$CONF/aliases
local_recipient_maps = \$alias_maps
default_transport = error:this test delivers no outside mail
relay_transport = error:this test delivers no outside mail
allow_mail_to_commands = alias
allow_mail_to_files = alias
default_privs = nobody
biff = no
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 2s
EOF
# The services of Debian's master.cf, without chroot (the queue is ours),
# SMTP on 127.0.0.1:PORT only.
awk -v port="$PORT" '
	/^[ \t]*#/ || /^[ \t]/ || NF < 8 { print; next }
	$1 == "smtp" && $2 == "inet" { $1 = "127.0.0.1:" port }
	{ $5 = "n"; print }
' /etc/postfix/master.cf >"$CONF/master.cf"

# The alias line a hill's host writes (docs: |amaryllis mail --hill DB),
# so the reply goes through the default `sendmail -t -oi`, run with the
# PATH Postfix gives pipe commands (/usr/bin:/bin).  AMARYLLIS_MTA_SENDMAIL
# passes another --sendmail CMD instead (to isolate a failure).
HILL_CMD="$AM mail --hill $T/hill/hill.db"
if [ -n "${AMARYLLIS_MTA_SENDMAIL:-}" ]; then
	HILL_CMD="$HILL_CMD --sendmail '$AMARYLLIS_MTA_SENDMAIL'"
fi
cat >"$CONF/aliases" <<EOF
hill: "|$HILL_CMD"
alice: $T/boxes/alice
bob: $T/boxes/bob
carol: $T/boxes/carol
dave: $T/boxes/dave
eve: $T/boxes/eve
postmaster: $T/boxes/postmaster
mailer-daemon: $T/boxes/mailer-daemon
nobody: $T/boxes/nobody
root: $T/boxes/root
EOF
/usr/sbin/postalias -c "$CONF" "$CONF/aliases" || fail "postalias"

# postdrop's check of the configuration directory (see the header).
if [ -f "$DEFAULT_MAIN" ]; then
	MAIN_BACKUP=$(mktemp /tmp/main.cf.mta_e2e.XXXXXX)
	cp -p "$DEFAULT_MAIN" "$MAIN_BACKUP"
else
	MAIN_CREATED=1
	mkdir -p /etc/postfix
	: >"$DEFAULT_MAIN"
fi
printf '\n# added by amaryllis tests/front/amaryllis/hill/mta_e2e.sh, removed when it ends\nalternate_config_directories = %s\n' "$CONF" >>"$DEFAULT_MAIN"

# --- 3. the hill ----------------------------------------------------------------
# The password hash at its real cost (libsodium's INTERACTIVE limits, the
# default; the other tests lower it): only three entries here.
"$AM" hill init "$T/hill/hill.db" --size 10 --address hill@hill.example ||
	fail "hill init"
chown -R nobody:nogroup "$T/hill"

/usr/sbin/postfix -c "$CONF" check >"$T/check.log" 2>&1 || { cat "$T/check.log" >&2; fail "postfix check"; }
/usr/sbin/postfix -c "$CONF" start >"$T/start.log" 2>&1 || { cat "$T/start.log" >&2; fail "postfix start"; }
STARTED=1
say "postfix on 127.0.0.1:$PORT, configuration $CONF"

# --- 4. mail over SMTP, wait, read the mailboxes; 5. assert ------------------
T="$T" PORT="$PORT" CONF="$CONF" AM="$AM" HERE="$HERE" python3 - <<'PYEOF' || fail "see above"
import json, mailbox, os, smtplib, subprocess, sys, time

T, PORT, CONF, AM = os.environ["T"], int(os.environ["PORT"]), os.environ["CONF"], os.environ["AM"]
HILL = "hill@hill.example"
GRISK = ("グリスク：１０／１／１／２／シールド、スピア、スピア、ブースト\n"
         "・シールド（１）：防御力＋２＜リミテッド＞\n"
         "・スピア（１）：直接攻撃＜遅延起動４＞＜効果２倍＞\n"
         "・ブースト（１）：攻撃力＋１\n")
NUT = ("ヌト：１０／３／１／１／命の剣、魔法剣、絶対剣\n"
       "・命の剣（１）：ライフ与え＜リミテッド＞\n"
       "・魔法剣（１）：ＨＰ減殺＜リミテッド＞＜遅延起動２＞\n"
       "・絶対剣（１）：防御無視攻撃＜遅延起動３＞\n")
# declared cost 2, computed ⌈1×2²÷4⌉ = 1 (AM-COST-1): illegal
BAD = GRISK.replace("・スピア（１）", "・スピア（２）")

def msg(frm, subject, body, extra=""):
    return ("From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%s.%d@players.example>\r\n"
            "Date: Mon, 30 Nov 2026 12:00:00 +0000\r\n%sMIME-Version: 1.0\r\n"
            "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n%s"
            % (frm, HILL, subject, "".join(c for c in frm.split("@")[0].lower() if c.isalnum()), os.getpid(), extra,
               body.replace("\n", "\r\n"))).encode("utf-8")

sends = [
    ("alice@players.example", "alice@players.example", msg("alice@players.example", "entry", "#パスワード hanamizuki\n#名前 アリス\n" + GRISK)),
    ("bob@players.example", "bob@players.example", msg("Bob Builder <bob@players.example>", "entry", "#password kurogane-9\n" + NUT)),
    ("carol@players.example", "carol@players.example", msg("carol@players.example", "entry", "#password aoi-sora-7\n" + BAD)),
    ("dave@players.example", "dave@players.example", msg("dave@players.example", "status", "#順位\n")),
    ("", "MAILER-DAEMON@players.example", msg("MAILER-DAEMON@players.example", "Undelivered Mail", "bounce\n")),
    ("eve@players.example", "eve@players.example", msg("eve@players.example", "Out of office", "#status\n", "Auto-Submitted: auto-replied\r\n")),
]
t0 = time.monotonic()
with smtplib.SMTP("127.0.0.1", PORT, timeout=30) as s:
    s.ehlo("players.example")
    for env_from, _, data in sends[:1]:
        s.sendmail(env_from, [HILL], data)
# alice's entry first, so that dave's #順位 comes after both entries
def box(name):
    p = os.path.join(T, "boxes", name)
    return list(mailbox.mbox(p)) if os.path.exists(p) else []
def deferred():
    """A delivery the MTA had to defer (the hill exited 75, or worse): the
    log line says why; nothing in this test should be deferred."""
    try:
        with open(os.path.join(T, "maillog"), encoding="utf-8", errors="replace") as f:
            return [l for l in f if "status=deferred" in l or "status=bounced" in l]
    except OSError:
        return []
def wait_for(pred, what, secs=60):
    end = time.monotonic() + secs
    while time.monotonic() < end:
        if pred():
            return
        bad = deferred()
        if bad:
            print("a delivery was deferred or bounced while waiting for %s:\n%s"
                  % (what, bad[0].strip()), file=sys.stderr)
            sys.exit(1)
        time.sleep(0.2)
    print("timed out waiting for " + what, file=sys.stderr)
    subprocess.run(["/usr/sbin/postqueue", "-c", CONF, "-p"])
    sys.exit(1)
wait_for(lambda: len(box("alice")) >= 1, "alice's reply")
with smtplib.SMTP("127.0.0.1", PORT, timeout=30) as s:
    s.ehlo("players.example")
    env_from, _, data = sends[1]
    s.sendmail(env_from, [HILL], data)
wait_for(lambda: len(box("bob")) >= 1, "bob's reply")
with smtplib.SMTP("127.0.0.1", PORT, timeout=30) as s:
    s.ehlo("players.example")
    for env_from, _, data in sends[2:]:
        s.sendmail(env_from, [HILL], data)
wait_for(lambda: box("carol") and box("dave"), "carol's and dave's replies")
# the queue must drain (nothing deferred, no stray reply or bounce in flight)
def queue_empty():
    r = subprocess.run(["/usr/sbin/postqueue", "-c", CONF, "-j"], capture_output=True, text=True)
    return r.returncode == 0 and not r.stdout.strip()
wait_for(queue_empty, "an empty queue")
time.sleep(1.5)
secs = time.monotonic() - t0

errors = []
want = {"alice": "entered", "bob": "entered", "carol": "rejected", "dave": "status"}
for name, result in want.items():
    got = box(name)
    if len(got) != 1:
        errors.append("%s got %d replies, expected 1" % (name, len(got)))
        continue
    m = got[0]
    if (m.get("X-Amaryllis-Result") or "").strip() != result:
        errors.append("%s: X-Amaryllis-Result %r, expected %s" % (name, m.get("X-Amaryllis-Result"), result))
    if HILL not in (m.get("From") or ""):
        errors.append("%s: From %r" % (name, m.get("From")))
    if name + "@players.example" not in (m.get("To") or ""):
        errors.append("%s: To %r" % (name, m.get("To")))
    if (m.get("Auto-Submitted") or "").strip() != "auto-replied":
        errors.append("%s: Auto-Submitted %r" % (name, m.get("Auto-Submitted")))
body = box("carol")[0].get_payload(decode=True).decode("utf-8", "replace") if box("carol") else ""
# the sheet's line 3, after the one directive line: body line 4, column 6
if "シート:4:6: error:" not in body:
    errors.append("carol's reply lacks 'シート:4:6: error:' (cost mismatch, body line 4 column 6):\n" + body[:800])
for name in ("eve", "mailer-daemon", "postmaster", "nobody", "root"):
    if box(name):
        errors.append("%s got %d messages (loop or bounce): %s" % (name, len(box(name)), box(name)[0].get("Subject")))
st = subprocess.run([AM, "hill", "status", os.path.join(T, "hill", "hill.db"), "--format", "json"],
                    capture_output=True)
if st.returncode != 0:
    errors.append("hill status exited %d: %s" % (st.returncode, st.stderr.decode(errors="replace")))
else:
    doc = json.loads(st.stdout)
    rows = sorted(doc["standings"], key=lambda r: r["rank"])
    # the players' chosen names (#名前, the From's display name), never
    # their addresses (docs/HILL.md "Security")
    got = [(r["name"], r["player"], r["wins"], r["draws"], r["losses"], r["points"]) for r in rows]
    exp = [("ヌト", "Bob Builder", 1, 0, 0, 3), ("グリスク", "アリス", 0, 0, 1, 0)]
    if "players.example" in st.stdout.decode():
        errors.append("an address in the public standings: " + st.stdout.decode()[:400])
    if got != exp:
        errors.append("standings %r, expected %r" % (got, exp))
if deferred():
    errors.append("deferred or bounced: " + deferred()[0].strip())
for e in errors:
    print("FAIL: " + e, file=sys.stderr)
print("mta_e2e: %d mails over SMTP, 4 replies through Postfix's sendmail, 2 loops "
      "unanswered, %.1f s" % (len(sends), secs))
sys.exit(1 if errors else 0)
PYEOF
say "ok"
