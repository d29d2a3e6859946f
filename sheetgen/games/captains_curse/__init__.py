"""Captain's Curse: island model, rules engine, players, simulation and game logs.

The binding rules are R1-R20 of the spec (`shared/specs/captains-curse.md`); code and tests
cite them by id.
"""
