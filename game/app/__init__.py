"""The application layer: the play session, its controllers, saving and navigation, without pygame.

The engine (pygame's loop and screens) drives it; everything here runs and is tested headless.
"""
