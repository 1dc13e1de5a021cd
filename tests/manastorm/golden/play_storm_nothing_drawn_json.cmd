# MS-STORM-4, MS-STORM-6, MS-LOG-2: nobody drew, the draw-off names the first in seat order (number 0, highest 0, seat true), the field is empty: storm_end reason 0 and no loss
play --format json scenarios/storm_nothing_drawn.yaml
