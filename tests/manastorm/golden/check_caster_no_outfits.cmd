# MS-SCN-PART-5: a caster needs at least one 衣装 (D7.11): ミオ's written `衣装: []` is an error; リナ leaves outfits out and gets D1's [3, 2], no error
check scenarios/caster_no_outfits.yaml
