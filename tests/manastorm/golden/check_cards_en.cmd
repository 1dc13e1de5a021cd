# MS-SCN-CARD-1, MS-SCN-CARD-2: cards in every spelling; the nearest card for a mistake
--lang en check scenarios/cards.yaml
