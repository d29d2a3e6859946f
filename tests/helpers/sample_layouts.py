"""A small user layout for the studio's layout page tests: typed variables (colour, whole
number, yes/no, text), three data rows, and a motto that overflows its box by default."""

USER_LAYOUT = """\
version: 1
name: crew-cards
page: {size: poker}
vars:
  accent: "#8a1c1c"
  rum: 2
  brave: true
  motto: "Dead men tell no tales"
data:
  - {name: Anne}
  - {name: Mary}
  - {name: Jack}
elements:
  - {type: rect, x: 3, y: 3, w: 57.5, h: 82.9, stroke: "${accent}"}
  - {type: text, text: "${name}: ${rum} tots ${'!' if brave else ''}", x: 6, y: 8, w: 51.5,
     h: 10, size: 12}
  - {type: text, text: "${motto}", x: 6, y: 30, w: 20, h: 6, size: 12}
"""
