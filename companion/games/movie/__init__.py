"""Companion mode for the cooperative party game "Not That Movie!": pure rules, the pads'
meanings and the rating; the scenes and the score-sheet store are adapters around them.
"""
