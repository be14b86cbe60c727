"""BB2020 (the Second Season rules) as data: its skill catalogue (`skills`) and its rosters
(`rosters`). The engines do not play BB2020 yet; these serve the team builder
(`nuffle.teams_bb2020`) and `nuffle team ... --ruleset bb2020`. The post-game (league) rules
are `league_team`, `postgame`, `advancement` and `management`; the pre-game (league) rules
`inducements` and `pregame`."""
