"""Seeded Captain's Curse islands: generation (`generate`) and winnability (`verify`)."""
