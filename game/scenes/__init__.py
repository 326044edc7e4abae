"""The game's screens: main menu, level select, play, pause, level complete, settings, dialogs.

One module per scene; each scene reaches the services through its engine.
"""
