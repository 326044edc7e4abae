"""Drawing for the game: the theme, sprites, the board view and the HUD widgets.

Everything here reads game state and draws it; nothing here changes it.
"""
