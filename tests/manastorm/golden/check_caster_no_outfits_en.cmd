# MS-SCN-PART-5: a caster needs at least one 衣装 (D7.11)
--lang en check scenarios/caster_no_outfits.yaml
