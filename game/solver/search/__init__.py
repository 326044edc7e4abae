"""The search methods: the search problem, exact and greedy searches, Festival's feature space
search with its plans and advisors, and the portfolio that runs them by turns.
"""
