# MG-ENTER-2 MG-ENTER-4 MG-TRACK-3: before round 2, 族長 (enters: 2) is listed "enters in round 2", offered as no
# target; an attack on it and a condition added to it are refused ("the target has not entered the scene yet");
# gm enter alone is told what it takes; gm enter 3 brings it in now ("GM: 族長 enters the scene (at 0 m)"; listed
# able, outside this round's order), a second gm enter (by name) is refused ("it is in the scene already"); u takes the entry back, named as the GM
# would type it ("undone: gm enter 族長": the name reads back as character 3), r brings it in again; q, no save
track --lang en fight_enter.yaml --seed 1 < track_enter_en.in
