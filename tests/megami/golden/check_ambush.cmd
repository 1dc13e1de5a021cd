# MG-SCN-CLI-1 MG-SCN-CHR-8: a scenario with reinforcements, normalised: the comment line counts the one entering
# later (族長, enters: 2), the canonical YAML writes "enters: 2" after its position (and for no one else)
check ../../../examples/megami/ambush.yaml
