# MG-TRACK-5 (language review 2026-12-07): a replay name in a folder that
# does not exist is said as --log says it ("the folder nope does not
# exist", not a bare "No such file or directory"), a folder's name asks
# for a file name, and Enter then saves nothing: exit 1, as a file asked
# for was not written (MG-TRACK-5).  Seed 3: dice 6 6 1 1 typed, then q.
--version >/dev/null; s=$PWD; d=$(mktemp -d) && cp ../../../examples/megami/duel.yaml "$d/d2.yaml" && cd "$d" && "$AMARYLLIS" track --lang en --seed 3 d2.yaml < "$s/track_save_folder.in"; rc=$?; ls; cd / && rm -rf "$d"; exit $rc
