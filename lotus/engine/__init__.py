"""Pure-Python rule engines (no browser imports)."""
