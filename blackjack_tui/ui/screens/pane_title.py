"""The title line of a menu's pane, shared by the menus' own CSS.

Each menu carries its CSS with it (``DEFAULT_CSS``, read when it is first opened), so none of it is
read before the table's first frame.
"""

PANE_TITLE_CSS = """
.pane-title { text-style: bold; color: $text-accent; padding: 0 1; }
"""
