"""The layout verbs. Importing this package registers every built-in element type."""

from sheetgen.layout.elements import containers, grid, icon, image, shapes, text  # noqa: F401
from sheetgen.layout.elements.base import ELEMENT_TYPES, Element, register  # noqa: F401
