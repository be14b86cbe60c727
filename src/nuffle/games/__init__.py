"""Board games other than Blood Bowl, used as test beds for game-theoretic agents."""
