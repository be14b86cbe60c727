"""Rule procedures, one module per rule area."""
