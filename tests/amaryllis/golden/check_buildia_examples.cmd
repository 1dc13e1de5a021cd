# Rules: BU-SHEET-1 BU-SHEET-2 BU-SHEET-3 BU-BUILD-1 BU-CUST-4 (the
#  extension text's sheets and the costs it states).
check ../../../examples/awako.txt ../../../examples/shinigami.txt ../../../examples/uji.txt
