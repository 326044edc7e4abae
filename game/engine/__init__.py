"""The game engine: a fixed-tick loop, the scene stack and the services scenes reach through it.

Logic runs at a fixed rate; drawing happens once a frame and never changes state.
"""
