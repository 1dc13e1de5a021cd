# as manastorm's playtest_svg_no_folder_en, in Japanese: fight --runs --svg in a folder that does not exist is said before the first run (it was said after all of them), nothing on stdout, exit 1
fight --runs 1000000 --svg no_such_dir/x.svg ../../../examples/megami/duel.yaml
