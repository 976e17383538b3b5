"""Card faces at the three larger sizes: the face drawn as rows of plain characters.

``medium`` is 7 columns by 5 rows (rank and suit in two corners, one pip or a letter in the middle);
``large`` is 11 by 9: rank and suit in two corners, the pips laid out as on a printed card (a 3 by
5 grid of pip places), a framed design on the picture cards, a crossed pattern on the back;
``xlarge`` (for large terminals) is 13 by 11: the same layout with room between the pips.
The rows here are the card's inside; :mod:`blackjack_tui.ui.cards` adds the border and colours.
"""

from __future__ import annotations

# Pip places on the large card's 5 pip rows: (row, column) with columns 0 left, 1 centre, 2 right.
SIDES = [(0, 0), (0, 2), (4, 0), (4, 2)]
PIPS: dict[str, list[tuple[int, int]]] = {
    "2": [(0, 1), (4, 1)],
    "3": [(0, 1), (2, 1), (4, 1)],
    "4": SIDES,
    "5": [*SIDES, (2, 1)],
    "6": [*SIDES, (2, 0), (2, 2)],
    "7": [*SIDES, (2, 0), (2, 2), (1, 1)],
    "8": [*SIDES, (2, 0), (2, 2), (1, 1), (3, 1)],
    "9": [*SIDES, (1, 0), (1, 2), (3, 0), (3, 2), (2, 1)],
    "T": [*SIDES, (1, 0), (1, 2), (3, 0), (3, 2), (1, 1), (3, 1)],
}
PIP_COLUMNS = (2, 4, 6)
LARGE_INSIDE = (9, 7)  # columns, rows
XLARGE_INSIDE = (11, 9)
XLARGE_PIP_COLUMNS = (2, 5, 8)
# The large card's 5 pip rows spread over the extra-large card's 7: the middle three stay
# together (a 9's and a 10's pips read as on a printed card), the outer ones move out.
XLARGE_PIP_ROWS = (0, 2, 3, 4, 6)
MEDIUM_INSIDE = (5, 3)
# The picture cards' crowns: drawn with narrow shapes only (chess figures are drawn wide by
# many terminal fonts).
CROWNS = {"K": "▲▲▲", "Q": "▲ ▲", "J": " ▲ "}
CROWNS_ASCII = {"K": "^^^", "Q": "^ ^", "J": " ^ "}


def _rank(rank: str) -> str:
    return "10" if rank == "T" else rank


def large_face(rank: str, suit: str, ascii_only: bool) -> list[str]:
    """The inside of a large card: 7 rows of 9 characters."""
    width, _ = LARGE_INSIDE
    corner = f"{_rank(rank)}{suit}"
    rows = [corner.ljust(width)]
    if rank in PIPS:
        grid = [[" "] * width for _ in range(5)]
        for row, column in PIPS[rank]:
            grid[row][PIP_COLUMNS[column]] = suit
        rows += ["".join(line) for line in grid]
    elif rank == "A":
        if ascii_only:
            rows += ["         ", "  +---+  ", f"  | {suit} |  ", "  +---+  ", "         "]
        else:
            rows += ["         ", "  ╭───╮  ", f"  │ {suit} │  ", "  ╰───╯  ", "         "]
    else:
        crown = (CROWNS_ASCII if ascii_only else CROWNS)[rank]
        if ascii_only:
            top, side, bottom = " +-----+ ", "|", " +-----+ "
        else:
            top, side, bottom = " ╔═════╗ ", "║", " ╚═════╝ "
        rows += [top, f" {side} {crown} {side} ", f" {side}{suit} {rank} {suit}{side} ",
                 f" {side} {suit}{suit}{suit} {side} ", bottom]
    rows.append(corner.rjust(width))
    return rows


def xlarge_face(rank: str, suit: str, ascii_only: bool) -> list[str]:
    """The inside of an extra-large card: 9 rows of 11 characters."""
    width, _ = XLARGE_INSIDE
    corner = f"{_rank(rank)}{suit}"
    rows = [corner.ljust(width)]
    if rank in PIPS:
        grid = [[" "] * width for _ in range(7)]
        for row, column in PIPS[rank]:
            grid[XLARGE_PIP_ROWS[row]][XLARGE_PIP_COLUMNS[column]] = suit
        rows += ["".join(line) for line in grid]
    elif rank == "A":
        if ascii_only:
            top, side, bottom = "+-----+", "|", "+-----+"
        else:
            top, side, bottom = "╭─────╮", "│", "╰─────╯"
        rows += [" " * width, f"  {top}  ", f"  {side}     {side}  ", f"  {side}  {suit}  {side}  ",
                 f"  {side}     {side}  ", f"  {bottom}  ", " " * width]
    else:
        crown = (CROWNS_ASCII if ascii_only else CROWNS)[rank]
        if ascii_only:
            top, side, bottom = " +-------+ ", "|", " +-------+ "
        else:
            top, side, bottom = " ╔═══════╗ ", "║", " ╚═══════╝ "
        blank = f" {side}       {side} "
        rows += [top, f" {side}  {crown}  {side} ", blank, f" {side} {suit} {rank} {suit} {side} ",
                 blank, f" {side}  {suit}{suit}{suit}  {side} ", bottom]
    rows.append(corner.rjust(width))
    return rows


def medium_face(rank: str, suit: str, ascii_only: bool) -> list[str]:
    """The inside of a medium card: 3 rows of 5 characters."""
    width, _ = MEDIUM_INSIDE
    corner = f"{_rank(rank)}{suit}"
    picture = f"[{rank}]" if ascii_only else f"▲{rank}▲"
    middle = picture if rank in ("K", "Q", "J") else suit
    return [corner.ljust(width), middle.center(width), corner.rjust(width)]


def back_rows(width: int, height: int, ascii_only: bool) -> list[str]:
    """A crossed pattern for the back of a card."""
    a, b = ("/", "\\") if ascii_only else ("╱", "╲")
    return [("".join(a if (x + y) % 2 == 0 else b for x in range(width))) for y in range(height)]
