"""Dialogs as models: menus, prompts, questions, messages, the open-file screen and flows.

Pygame-free; each scene maps keys to commands and draws the model's view.
"""
