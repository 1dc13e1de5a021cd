#!/usr/bin/env bash
# tests/serve_errors.sh AMARYLLIS MEGAMI - what `serve` says when it cannot
# start, and the hill commands given a folder: docs/CLI.md's
# `PROGRAM: COMMAND: REASON`, in the language asked for (Japanese by
# default), exit status 1 (README walkthrough, findings 2 and 3).  Before:
# `amaryllis: nosuch.db: nosuch.db: No such file or directory` (no
# `serve:`, the file twice, English), `amaryllis: cannot listen on …:
# Address already in use`, `megami: serve: 開始できません: cannot listen
# on …` (both languages at once), and a folder given as the hill was
# SQLite's "disk I/O error".
set -u
am=$1 mg=$2
tmp=$(mktemp -d)
holder=
trap '[ -n "$holder" ] && kill "$holder" 2>/dev/null; rm -rf "$tmp"' EXIT
fails=0

# says WANT_STATUS WANT_STDERR CMD...: CMD exits so and says exactly so.
says() {
	local want_rc=$1 want=$2 rc
	shift 2
	"$@" > "$tmp/out" 2> "$tmp/err" < /dev/null
	rc=$?
	if [ "$rc" -ne "$want_rc" ] || [ "$(cat "$tmp/err")" != "$want" ]; then
		echo "serve_errors.sh: FAIL: ${*##*/}: status $rc (want $want_rc)," \
		     "stderr '$(cat "$tmp/err")', want '$want'" >&2
		fails=$((fails + 1))
	else
		echo "serve_errors.sh: ok: $want"
	fi
}

# a port someone else listens on
python3 -c 'import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen()
print(s.getsockname()[1], flush=True)
time.sleep(60)' > "$tmp/port" &
holder=$!
for _ in $(seq 50); do [ -s "$tmp/port" ] && break; sleep 0.1; done
port=$(cat "$tmp/port")
[ -n "$port" ] || { echo "serve_errors.sh: FAIL: no port held" >&2; exit 1; }

says 1 "amaryllis: serve: 127.0.0.1:$port で待ち受けできません（アドレスは既に使用中です）" \
	"$am" serve --listen "127.0.0.1:$port"
says 1 "amaryllis: serve: cannot listen on 127.0.0.1:$port: Address already in use" \
	"$am" --lang en serve --listen "127.0.0.1:$port"
# localhost is 127.0.0.1 (language review 2026-12-07): it meets the port
# held there (an address it could not read would be a usage error, 2)
says 1 "amaryllis: serve: cannot listen on localhost:$port: Address already in use" \
	"$am" --lang en serve --listen "localhost:$port"
says 1 "megami: serve: cannot listen on localhost:$port: Address already in use" \
	"$mg" --lang en serve --listen "localhost:$port"
says 1 "megami: serve: 127.0.0.1:$port で待ち受けできません（アドレスは既に使用中です）" \
	"$mg" serve --listen "127.0.0.1:$port"
says 1 "megami: serve: cannot listen on 127.0.0.1:$port: Address already in use" \
	"$mg" --lang en serve --listen "127.0.0.1:$port"

# a port is an option's number (docs/CLI.md): no sign, blank or newline,
# at most 65535; full-width digits are read (review 2026-12-06: strtoul
# took ' 47811', '+47812' and '\n47818' and listened)
for bad in "127.0.0.1: 47811" "127.0.0.1:+47812" "127.0.0.1:47813 " \
           "127.0.0.1:" "127.0.0.1:0x10" "example.org:80"; do
	says 2 "amaryllis: serve: --listen needs an IPv4 address (or localhost) and a port, like 127.0.0.1:8080, not '$bad'
Try 'amaryllis serve --help' for more information." \
		"$am" --lang en serve --listen "$bad"
	says 2 "megami: serve: --listen needs an IPv4 address (or localhost) and a port, like 127.0.0.1:8080, not '$bad'
Try 'megami serve --help' for more information." \
		"$mg" --lang en serve --listen "$bad"
done
says 2 "megami: serve: --listen needs an IPv4 address (or localhost) and a port, like 127.0.0.1:8080, not '127.0.0.1:<U+000A>47818'
Try 'megami serve --help' for more information." \
	"$mg" --lang en serve --listen "$(printf '127.0.0.1:\n47818')"
# ０８０８０ is the full-width 8080 and more: the port 8080 is busy or free,
# but ０６５５３６ is 65536
says 2 "megami: serve: --listen's port ０６５５３６ is out of range (0 to 65535)
Try 'megami serve --help' for more information." \
	"$mg" --lang en serve --listen "127.0.0.1:０６５５３６"
# a port past 65535 is said as such (language review 2026-12-07)
says 2 "amaryllis: serve: --listen's port 65536 is out of range (0 to 65535)
Try 'amaryllis serve --help' for more information." \
	"$am" --lang en serve --listen "127.0.0.1:65536"
# the busy port above in full-width digits is that port (the message
# quotes --listen as given)
full=$(printf '%s' "$port" | sed 's/0/０/g; s/1/１/g; s/2/２/g; s/3/３/g; s/4/４/g; s/5/５/g; s/6/６/g; s/7/７/g; s/8/８/g; s/9/９/g')
says 1 "megami: serve: cannot listen on 127.0.0.1:$full: Address already in use" \
	"$mg" --lang en serve --listen "127.0.0.1:$full"

if "$am" hill --help > /dev/null 2>&1; then
	cd "$tmp" || exit 1
	mkdir folder
	says 1 "amaryllis: serve: nosuch.db: そのようなファイルやディレクトリはありません" \
		"$am" serve --listen 127.0.0.1:0 --hill nosuch.db
	says 1 "amaryllis: serve: nosuch.db: No such file or directory" \
		"$am" --lang en serve --listen 127.0.0.1:0 --hill nosuch.db
	says 1 "amaryllis: serve: folder: ディレクトリです（丘のデータベースのファイルを指定してください）" \
		"$am" serve --listen 127.0.0.1:0 --hill folder
	says 1 "amaryllis: hill: folder: ディレクトリです（丘のデータベースのファイルを指定してください）" \
		"$am" hill status folder
	says 1 "amaryllis: hill: folder: Is a directory (name the hill's database file)" \
		"$am" --lang en hill status folder
else
	echo "serve_errors.sh: no hill in this build: its messages not checked"
fi
[ "$fails" -eq 0 ] || { echo "serve_errors.sh: $fails failure(s)" >&2; exit 1; }
echo "serve_errors.sh: ok"
