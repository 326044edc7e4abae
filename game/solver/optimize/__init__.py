"""The solution optimizer: vicinity search and cheap passes that make a known solution cheaper
under a metric order.
"""
