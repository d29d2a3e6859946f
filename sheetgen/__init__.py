"""sheetgen: print-ready PDFs for pirate dice games from declarative YAML layouts."""

__version__ = "0.1.0"
