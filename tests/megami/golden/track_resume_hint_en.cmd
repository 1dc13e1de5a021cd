# MG-TRACK-14 (GM review 2026-12-07): a session of --auto npc in English (seed 3: Enter rolls アリア's initiative
# 5 4 + 5 = 14, オーガ's 2 4 + 2 = 8 unasked), quit at アリア's decision (q) and saved as "it's here.replay", is told
# the command that goes on with it: --lang en and --auto npc, which the replay does not hold, and the name quoted
# for a shell (the ' as '\''). That line, run by the shell as printed, resumes the session (4 dice played again)
# with the NPCs unasked: e ends アリア's main process, オーガ> a 1 1 (auto) and its dice roll unasked, up to
# アリア's evasion roll, asked; q, no save.
--version >/dev/null; s=$PWD; d=$(mktemp -d) && cp ../../../examples/megami/duel.yaml "$d/duel.yaml" && cd "$d" && printf "\nq\nit's here.replay\n" | "$AMARYLLIS" track --lang en --auto npc --seed 3 duel.yaml >out.txt; cat out.txt; line=$(sed -n 's/^  to go on: megami //p' out.txt); eval "set -- $line"; printf 'e\nq\n\n' | "$AMARYLLIS" "$@"; rc=$?; cd / && rm -rf "$d"; exit $rc
