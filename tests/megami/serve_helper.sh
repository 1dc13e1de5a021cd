#!/usr/bin/env bash
# tests/megami/serve_helper.sh MEGAMI MEGAMI_SERVE
#
# `megami serve` is the executable megami-serve, next to megami
# (util/cli.h: ut_cli_exec_helper), so that megami itself does not load
# libmicrohttpd and GnuTLS at every start:
#   - megami needs no libmicrohttpd (readelf), megami-serve does;
#   - `megami --lang en serve --help` is megami-serve's help, in the
#     language given to megami, and `megami serve --listen nowhere` its
#     usage error (status 2), as when serve was linked in;
#   - `megami-serve --version` is megami's version;
#   - a megami copied alone into a folder says it cannot run its helper,
#     with the path it looked for, and exits with 1.
set -u
megami=$1 helper=$2
fail() { echo "serve_helper.sh: FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

readelf -d "$megami" | grep -q 'NEEDED.*libmicrohttpd' &&
	fail "megami links libmicrohttpd"
readelf -d "$helper" | grep -q 'NEEDED.*libmicrohttpd' ||
	fail "megami-serve does not link libmicrohttpd"

out=$("$megami" --lang en serve --help) || fail "megami serve --help: $?"
[ "$(printf '%s\n' "$out" | head -1)" = "Usage: megami serve [OPTION]..." ] ||
	fail "megami --lang en serve --help: $(printf '%s\n' "$out" | head -1)"
out=$("$megami" serve --help) || fail "megami serve --help (ja): $?"
[ "$(printf '%s\n' "$out" | head -1)" = "使い方: megami serve [オプション]..." ] ||
	fail "megami serve --help: $(printf '%s\n' "$out" | head -1)"

"$megami" --lang en serve --listen nowhere > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc -eq 2 ] || fail "serve --listen nowhere: status $rc, not 2"
grep -q "^megami: serve: --listen needs an IPv4 address and a port" "$tmp/err" ||
	fail "serve --listen nowhere: $(cat "$tmp/err")"

v=$("$megami" --version) || fail "megami --version"
[ "$("$helper" --version)" = "$v" ] || fail "megami-serve --version: not '$v'"

mkdir "$tmp/alone"
cp "$megami" "$tmp/alone/megami"
"$tmp/alone/megami" --lang en serve --listen 127.0.0.1:0 > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "megami alone: serve exited with $rc, not 1"
[ "$(cat "$tmp/err")" = "megami: serve: cannot run $tmp/alone/megami-serve: No such file or directory" ] ||
	fail "megami alone: $(cat "$tmp/err")"
[ ! -s "$tmp/out" ] || fail "megami alone: wrote to stdout"
echo "serve_helper.sh: ok"
