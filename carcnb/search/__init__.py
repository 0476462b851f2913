"""The engine's answers: exact searches of a turn (``solve``, ``lines``, ``ties``), the questions a position
asks (``questions``), its readings under every ruling that can change it, what a turn leaves open, and random
play (``playout``).

Uses ``carcnb.positions``, ``carcnb.storage`` and ``carcnb.engine``; says nothing in words and draws nothing.
"""
