#!/usr/bin/env bash
# tests/cli_helper.sh TOOL CMD LIB USAGE_STATUS
#
# `TOOL CMD` is the executable TOOL-CMD next to TOOL (cmake's
# am_cli_helper, util/cli.h: ut_cli_exec_helper), so that TOOL does not
# load LIB (and what LIB loads) at every start:
#   - TOOL needs no LIB (readelf), TOOL-CMD does;
#   - `TOOL --lang en CMD --help` is the command's help in English, `TOOL
#     CMD --help` in Japanese, and `TOOL CMD --help --lang en` in English
#     (a --lang after --help counts, as when the command was linked in);
#   - `TOOL --lang en CMD --bogus` is the command's usage error, with its
#     status (USAGE_STATUS: 2, or 64 for mail, which an MTA reads);
#   - `TOOL-CMD --version` is TOOL's version;
#   - a TOOL copied alone into a folder says it cannot run its helper,
#     with the path it looked for, and exits with 1 (75 for mail,
#     EX_TEMPFAIL: an MTA keeps the mail and tries again once the host
#     mended the install, where 1 bounced it).
set -u
tool=$1 cmd=$2 lib=$3 usage=$4
name=$(basename "$tool")
helper=$(dirname "$tool")/$name-$cmd
fail() { echo "cli_helper.sh: $name $cmd: FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

readelf -d "$tool" | grep -q "NEEDED.*\[$lib" && fail "$name links $lib"
readelf -d "$helper" | grep -q "NEEDED.*\[$lib" ||
	fail "$name-$cmd does not link $lib"

first() { "$@" 2> "$tmp/err" | head -1; }
case $(first "$tool" --lang en "$cmd" --help) in
"Usage: $name $cmd "*) ;;
*) fail "--lang en $cmd --help: $(first "$tool" --lang en "$cmd" --help)" ;;
esac
case $(first "$tool" "$cmd" --help) in
"使い方: $name $cmd "*) ;;
*) fail "$cmd --help: $(first "$tool" "$cmd" --help)" ;;
esac
case $(first "$tool" "$cmd" --help --lang en) in
"Usage: $name $cmd "*) ;;
*) fail "$cmd --help --lang en: $(first "$tool" "$cmd" --help --lang en)" ;;
esac

"$tool" --lang en "$cmd" --bogus > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc -eq "$usage" ] || fail "$cmd --bogus: status $rc, not $usage"
[ "$(head -1 "$tmp/err")" = "$name: $cmd: unknown option '--bogus'" ] ||
	fail "$cmd --bogus: $(cat "$tmp/err")"

v=$("$tool" --version) || fail "$name --version"
[ "$("$helper" --version)" = "$v" ] || fail "$name-$cmd --version: not '$v'"

mkdir "$tmp/alone"
cp "$tool" "$tmp/alone/$name"
"$tmp/alone/$name" --lang en "$cmd" --help > "$tmp/out" 2> "$tmp/err"
rc=$? alone=1
[ "$cmd" = mail ] && alone=75
[ $rc -eq $alone ] || fail "$name alone: $cmd exited with $rc, not $alone"
[ "$(cat "$tmp/err")" = "$name: $cmd: cannot run $tmp/alone/$name-$cmd: No such file or directory" ] ||
	fail "$name alone: $(cat "$tmp/err")"
[ ! -s "$tmp/out" ] || fail "$name alone: wrote to stdout"
echo "cli_helper.sh: $name $cmd: ok"
