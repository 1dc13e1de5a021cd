#!/usr/bin/env bash
#
# golden.sh - run one data-driven CLI test case.
#
#   usage: tests/golden.sh BINARY CASE [DIR [WORK]]
#
# BINARY is the tool under test (amaryllis, megami, …); DIR the folder of
# cases (default tests/amaryllis/golden/, アマリリス's; tests/megami/golden/ …);
# WORK a folder for the actual output, WORK/CASE.out and WORK/CASE.err,
# kept for a look after the run (CTest gives BUILD/golden/<tool>/; without
# it, a temporary folder, removed at the end).  The
# binary is exported as $AMARYLLIS whatever the tool (the name is
# historical).  A case is a set of files in DIR sharing the name CASE:
#
#   CASE.cmd  required  The arguments of the amaryllis binary, as shell words
#                       on one line (lines starting with # are comments).
#                       May redirect stdin (`< sheets/x.txt`).  Run with the
#                       working directory tests/amaryllis/golden/, so relative paths
#                       such as ../../examples/grisk.txt work.  The line is
#                       run by sh after "$AMARYLLIS" (the binary, exported),
#                       so it may go on with more commands that call
#                       "$AMARYLLIS" again (generated input: see
#                       cap_default_over.cmd).
#   CASE.out  required  Expected stdout, byte for byte.
#   CASE.err  optional  Expected stderr, byte for byte; when absent, stderr
#                       is not compared.
#   CASE.rc   optional  Expected exit status (default 0).
#
# The binary runs with stdin from /dev/null (unless CASE.cmd redirects it),
# LANG=LC_ALL=C.UTF-8 and TZ=UTC.
#
# With AMARYLLIS_GOLDEN_UPDATE=1 the expected files are rewritten from the
# actual run instead of compared: CASE.out always, CASE.err only if it exists
# (create an empty one first to pin stderr), CASE.rc if it exists or the
# status is not 0.  Review the result with `git diff tests/amaryllis/golden`.
#
# Exit status: 0 pass, 1 mismatch, 2 usage or a malformed case.

set -uo pipefail

# Each case is one of about 760, run in three builds by make check, where
# a process start costs 5 ms: so the script starts only what it must (sh,
# the binary, cmp): no dirname, grep or tr, and given WORK no mktemp or
# rm (81 ms a case before, 35 ms after, on 2026-12-05).
if [[ $# -lt 2 || $# -gt 4 ]]; then
	echo "usage: $0 BINARY CASE [DIR [WORK]]" >&2
	exit 2
fi

bin=$1
name=$2
here=${BASH_SOURCE[0]%/*}
[[ $here == "${BASH_SOURCE[0]}" ]] && here=.
dir=${3:-$here/amaryllis/golden}
work=${4:-}

if [[ ! -x $bin ]]; then
	echo "golden: $bin: not an executable" >&2
	exit 2
fi
[[ $bin == /* ]] || bin=$PWD/$bin
[[ -z $work || $work == /* ]] || work=$PWD/$work

cd "$dir" || exit 2
if [[ ! -f $name.cmd ]]; then
	echo "golden: $PWD/$name.cmd: no such case" >&2
	exit 2
fi

args=
lines=0
while IFS= read -r line || [[ -n $line ]]; do
	[[ $line =~ ^[[:space:]]*(#|$) ]] && continue
	args=$line
	lines=$((lines + 1))
done <"$name.cmd"
if [[ $lines -ne 1 ]]; then
	echo "golden: $name.cmd: want exactly one line of arguments" >&2
	exit 2
fi

# The actual stdout and stderr: in WORK (the build's, kept until the next
# run: make check passes it), else in a directory of their own.
if [[ -n $work ]]; then
	tmp=$work
	[[ -d $tmp ]] || mkdir -p "$tmp" || exit 2
	tmp=$tmp/$name
else
	own=$(mktemp -d "${TMPDIR:-/tmp}/amaryllis-golden.XXXXXX") || exit 2
	trap 'rm -rf "$own"' EXIT
	tmp=$own/case
fi

unset LANGUAGE LC_CTYPE LC_MESSAGES LC_COLLATE LC_NUMERIC LC_TIME
export LANG=C.UTF-8 LC_ALL=C.UTF-8 TZ=UTC
AMARYLLIS=$bin sh -c "\"\$AMARYLLIS\" $args" \
	</dev/null >"$tmp.out" 2>"$tmp.err"
rc=$?

if [[ ${AMARYLLIS_GOLDEN_UPDATE:-0} == 1 ]]; then
	cp "$tmp.out" "$name.out"
	updated="$name.out"
	if [[ -f $name.err ]]; then
		cp "$tmp.err" "$name.err"
		updated+=" $name.err"
	fi
	if [[ -f $name.rc || $rc -ne 0 ]]; then
		echo "$rc" >"$name.rc"
		updated+=" $name.rc"
	fi
	echo "golden: $name: updated $updated (exit status $rc)"
	exit 0
fi

fail=0
banner() { printf '\n--- %s: %s\n' "$name" "$1"; }

want_rc=0
if [[ -f $name.rc ]]; then
	read -r want_rc <"$name.rc"
	want_rc=${want_rc//[[:space:]]/}
	if [[ ! $want_rc =~ ^[0-9]+$ ]]; then
		echo "golden: $name.rc: not an exit status: '$want_rc'" >&2
		exit 2
	fi
fi
if [[ $rc -ne $want_rc ]]; then
	banner "exit status $rc, expected $want_rc"
	fail=1
fi

if [[ ! -f $name.out ]]; then
	banner "missing $name.out (AMARYLLIS_GOLDEN_UPDATE=1 creates it)"
	fail=1
elif ! cmp -s "$name.out" "$tmp.out"; then
	banner "stdout differs (- expected, + actual)"
	diff -u --label "$name.out" --label "stdout" "$name.out" "$tmp.out"
	fail=1
fi

if [[ -f $name.err ]]; then
	if ! cmp -s "$name.err" "$tmp.err"; then
		banner "stderr differs (- expected, + actual)"
		diff -u --label "$name.err" --label "stderr" "$name.err" "$tmp.err"
		fail=1
	fi
elif [[ $fail -ne 0 && -s $tmp.err ]]; then
	banner "stderr (not compared)"
	cat "$tmp.err"
fi

if [[ $fail -ne 0 ]]; then
	printf '\ngolden: %s: FAILED (command: %s %s)\n' "$name" "${bin##*/}" "$args"
	exit 1
fi
exit 0
