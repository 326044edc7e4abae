"""The level editor's model: the grid, its commands, saving and the solver's check.

Pygame-free; the scene maps keys and the mouse to its commands and draws its view.
"""
