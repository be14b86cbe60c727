"""The arena: a standing bot competition anyone can host. Bot authors submit programs (or
folders with a manifest); each is checked, plays a validation game against `random-legal` in
the sandbox, and joins a persistent ladder of paired games rated with Bradley-Terry. Stored in
one folder (SQLite, the submitted files, the games' records); `nuffle arena` runs it and
`nuffle serve --arena DIR` serves its leaderboard (docs/COMPETITION.md)."""
