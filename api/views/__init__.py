"""Blueprints: one per area.  Views load, ask, store and dump; nothing more."""
