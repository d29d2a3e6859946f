"""Helpers shared by tests (importable as `helpers.*`: tests/ is on sys.path via conftest)."""
