# Rules: BU-SHEET-4 BU-SHEET-1 (accepted: 愛 10, stored bonus 0).
check sheets/love10.txt
