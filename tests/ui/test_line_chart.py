"""The line chart of the statistics screen and the ledger: dots where the values are."""

from __future__ import annotations

from rich.cells import cell_len

from blackjack_tui.ui.widgets.line_chart import Rule, Series, draw, money_label


def plot_rows(lines):  # the rows between the title and the x axis, without the y labels
    return [line.plain.split("│", 1)[1] for line in lines[1:-2]]


def test_a_chart_fills_exactly_its_box():
    for width, height in ((40, 8), (80, 20), (12, 6)):
        lines = draw([Series("a", (1.0, 5.0, 3.0))], width, height, title="t", x_label="hand")
        assert len(lines) == height
        assert all(cell_len(line.plain) <= width for line in lines)


def test_a_rising_line_runs_from_the_bottom_left_to_the_top_right():
    rows = plot_rows(draw([Series("up", (0.0, 10.0, 20.0, 30.0))], 40, 12))
    assert rows[-1][0] != " " and rows[0][-1] != " "
    assert rows[0][0] == " " and rows[-1][-1] == " "


def test_the_y_axis_names_the_top_and_bottom_values():
    lines = draw([Series("bankroll", (1000.0, 1250.0, 900.0))], 50, 10, y_format=money_label)
    assert lines[1].plain.split("│")[0].strip() == "1250"
    assert lines[-3].plain.split("│")[0].strip() == "900"


def test_a_rule_is_drawn_across_at_its_value():
    lines = draw([Series("a", (0.0, 100.0))], 40, 11, rules=[Rule("floor", 50.0)], ascii=True)
    rows = plot_rows(lines)
    assert any(row.count("-") >= 15 for row in rows)
    assert "floor" in lines[-1].plain


def test_ascii_draws_in_ascii_and_the_key_names_every_series():
    lines = draw([Series("Ann", (1.0, 2.0)), Series("Bo", (2.0, 1.0))], 30, 8, ascii=True)
    assert all(ch.isascii() for row in plot_rows(lines) for ch in row)
    assert "Ann" in lines[-1].plain and "Bo" in lines[-1].plain


def test_braille_has_eight_dots_a_cell():
    rows = plot_rows(draw([Series("a", tuple(float(i % 2) for i in range(60)))], 40, 6))
    assert all(0x2800 <= ord(ch) <= 0x28FF for row in rows for ch in row if ch != " ")


def test_one_value_or_none_still_draws():
    assert len(draw([Series("a", (5.0,))], 20, 6)) == 6
    assert len(draw([Series("a", (5.0, 5.0))], 20, 6)) == 6
    empty = draw([], 20, 6)
    assert len(empty) == 6 and all(row.strip() == "" for row in plot_rows(empty))
