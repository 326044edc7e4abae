"""Deadlock detection: dead squares, frozen boxes, corrals and learned patterns, the rules
that prune the search and warn the player.
"""
