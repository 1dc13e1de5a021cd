# MS-SCN-IN-2: no tabs in indentation
check scenarios/tab.yaml
