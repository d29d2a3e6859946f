"""The island sheet: layout element types for the Captain's Curse map and centre grid."""
