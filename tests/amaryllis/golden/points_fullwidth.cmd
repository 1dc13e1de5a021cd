# --points with full-width digits, as an IME types them: ５,２,-１ is
# W 5, D 2, L -1 (ut_cli_digit). ヌト beats グリスク (examples/: the
# README's battle), so ヌト has 1 win = 5 points, グリスク 1 loss = -1.
league --points ５,２,-１ ../../../examples/grisk.txt ../../../examples/nut.txt
