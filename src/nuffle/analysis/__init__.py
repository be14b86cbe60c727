"""Analysis tools: exact odds of rolls, blocks and plans (`probability`, `blocks`, `notation`)."""
