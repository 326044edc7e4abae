"""Sokoban arcade: a pygame-ce game with a campaign, an editor and a strong solver.

``game.core`` holds the rules, ``game.solver`` the search; the rest is engine, scenes and storage.
"""
