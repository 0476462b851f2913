"""The user's files: reading them without waiting or tracing back, writing them so that nothing is lost,
and the data folder where carcnb remembers progress and autosaves.

Uses only ``carcnb.engine`` (its errors).
"""
