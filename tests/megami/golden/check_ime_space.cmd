# MG-SCN-IN-2: a full-width space (U+3000) in the indentation, at its column
check scenarios/ime_space.yaml
