"""Background work: the one job driver, the solver's worker process, levels made ahead.

Nothing here blocks the game's loop; answers come back as typed events.
"""
