"""`nuffle ladder`: paired round robins of bots, with Bradley-Terry and Nash-averaged ratings."""
