"""The solution library's screens: the list, imports, optimizing, comparison, the collection.

Pygame-free models; their scenes map keys and draw their views.
"""
