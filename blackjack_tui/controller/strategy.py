"""The analysis as the UI reaches it: a rule set's chart and house edge, and one hand's hint.

The UI never imports :mod:`blackjack_tui.analysis`; it calls these (from a worker thread for the
first analysis of a rule set, which can take a second before the disk cache has it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct
from msgspec.structs import replace

from blackjack_tui.engine.actions import Decision
from blackjack_tui.engine.cards import Card
from blackjack_tui.engine.kernel import blackjack_pays
from blackjack_tui.engine.rules import Rules

if TYPE_CHECKING:
    from blackjack_tui.analysis.indices import Indices
    from blackjack_tui.analysis.result import Analysis
    from blackjack_tui.analysis.strategy import Chart
    from blackjack_tui.engine.round import Round

READINGS = {"all": "held", "held": "all"}
"""The two readings of the Swedish ace on a double, each with the other."""


Progress = Callable[[int, int], None]
"""Told ``(done, total)`` as a rule set's analysis is worked out (from the worker's thread)."""


def analysis_of(rules: Rules, progress: Progress | None = None) -> Analysis:
    """The rule set's chart and house edge, from the disk cache or computed (up to ~2 s;
    ``progress`` hears of it only when it is computed)."""
    from blackjack_tui.analysis.cache import cached_analysis

    return cached_analysis(rules, progress=progress)


_READ: dict[Path, Analysis] = {}


def cached_only(rules: Rules) -> Analysis | None:
    """The analysis if the disk cache has it (a few milliseconds), else ``None``: never computes.

    What was read once is kept in memory: the rules menu asks for every table each time it opens.
    """
    from blackjack_tui.analysis.cache import cache_file, load

    path = cache_file(rules)
    found = _READ.get(path)
    if found is None:
        found = load(path)
        if found is not None:
            _READ[path] = found
    return found


def indices_of(rules: Rules, progress: Progress | None = None) -> Indices:
    """The rule set's Hi-Lo index plays, from the disk cache or worked out (seconds: seventeen
    exact solves, ``progress`` told after each)."""
    from blackjack_tui.analysis.cache import cached_indices

    return cached_indices(rules, progress=progress)


def cached_indices_only(rules: Rules, count: str = "hi-lo") -> Indices | None:
    """The index plays of the count system ``count`` if the disk cache has them, else
    ``None``: never computes."""
    from blackjack_tui.analysis.cache import indices_file, load_indices

    return load_indices(indices_file(rules, count=count), count)


def index_rows(rules: Rules, compute: bool = False, progress: Progress | None = None
               ) -> list[tuple[str, int, str, str]] | None:
    """The index plays as ``(hand, index, play at it and above, play below)`` rows: cached, or
    worked out (seconds, ``progress`` told) if ``compute``."""
    found = indices_of(rules, progress) if compute else cached_indices_only(rules)
    if found is None:
        return None
    return [(e.label, e.number, e.above, e.below) for e in found.entries]


def other_reading(rules: Rules) -> Rules | None:
    """The same table read the other way on an ace drawn to a double (``None``: no such rule)."""
    if rules.double_ace_as_one is None:
        return None
    return rules.model_copy(update={"double_ace_as_one": READINGS[rules.double_ace_as_one]})


def house_edge(rules: Rules) -> float:
    """Percent of the initial bet, positive when the house is ahead."""
    return analysis_of(rules).house_edge_percent


def chart_of(rules: Rules) -> Chart:
    return analysis_of(rules).chart


def chart_codes(rules: Rules) -> dict[str, dict[str, dict[str, str]]]:
    """The chart as text codes for the UI: ``{kind: {row: {up: "Dh"}}}``."""
    return chart_of(rules).codes()


class Advice(Struct, frozen=True):
    """The legal actions for the hand in play, best first, each with its EV per unit of the bet.

    ``note`` says when the Hi-Lo count changes the play (from the rule set's index plays).
    """

    box: int
    hand: int
    stake: Decimal
    ranked: tuple[tuple[str, float], ...]
    note: str | None = None

    @property
    def best(self) -> str:
        return self.ranked[0][0]

    def ev(self, action: str) -> float | None:
        return dict(self.ranked).get(action)

    def cost(self, action: str) -> float:
        """EV per unit of the bet given up by ``action`` (0 for the best, or when not ranked)."""
        value = self.ev(action)
        return 0.0 if value is None else self.ranked[0][1] - value


def advise(rnd: Round, decision: Decision, true_count: float | None = None,
           count: str = "hi-lo") -> Advice | None:
    """The hint for the hand that must decide now (``None`` for even money and the like).

    The shoe is a full shoe less every card the player can see: the hand, the up card and the
    other hands on the table. With ``true_count`` (the count the player keeps, in the system
    ``count``: a running count for KO and Red 7), the note says when the count turns the play of
    this hand, from that system's index plays if they are cached (never worked out here).
    """
    if decision.kind in ("insurance", "even-money"):
        advice = insurance_advice(rnd, decision)
        if advice is None or true_count is None or decision.kind != "insurance":
            return advice
        note = count_note(rnd.rules, ("insurance", 0, 1), true_count, ("insurance",), count)
        return replace(advice, note=note)
    if decision.kind != "play":
        return None
    from blackjack_tui.analysis.hints import hint

    box = rnd.box(decision.box)
    hand = box.hands[decision.hand - 1]
    seen = [card for other in rnd.boxes for h in other.hands if h is not hand for card in h.cards]
    found = hint(rnd.rules, hand.cards, rnd.up_card, from_split=hand.from_split,
                 hands_in_box=len(box.hands), seen=seen)
    ranked = tuple((a, v) for a, v in found.ranked if a in decision.actions)
    if not ranked:
        return None
    note = None
    if true_count is not None:
        from blackjack_tui.analysis.sim_engine import chart_key

        note = count_note(rnd.rules, chart_key(rnd.rules, hand.cards, rnd.up_card), true_count,
                          decision.actions, count)
    return Advice(decision.box, decision.hand, hand.stake, ranked, note)


def count_note(rules: Rules, key: tuple[str, int, int], true_count: float,
               legal: Sequence[str], count: str = "hi-lo") -> str | None:
    """``The count turns this play: ...`` when the index of this cell in the count system
    ``count`` says so at ``true_count`` (KO's and Red 7's: at their running count)."""
    found = cached_indices_only(rules, count)
    entry = found.find(*key) if found is not None else None
    if found is None or entry is None:
        return None
    basic = entry.below if entry.true_count > 0 else entry.above  # the chart's, from a full shoe
    if entry.play_at(true_count) == basic:
        return None
    play = entry.play_at(true_count)
    if play not in legal:
        return None
    return f"the count turns it: {play} at {found.by} {true_count:+.1f} ({entry.words()})"


def chart_action(rules: Rules, chart: Chart, cards: Sequence[Card], up: Card,
                 legal: Sequence[str]) -> str:
    """Basic strategy's play for ``cards`` against ``up`` among ``legal`` (as simulated)."""
    from blackjack_tui.analysis.sim_engine import chart_key

    return chart.cells[chart_key(rules, cards, up)].action_for(frozenset(legal))


def insurance_advice(rnd: Round, decision: Decision) -> Advice | None:
    """Insurance or even money against the ace up, judged by the chance that the dealer's other
    card is a ten: a full shoe less every card the player can see. EVs are per unit of the bet."""
    if decision.kind not in ("insurance", "even-money") or decision.behind:
        return None
    seen = [card for box in rnd.boxes for hand in box.hands for card in hand.cards]
    seen.append(rnd.up_card)
    decks = rnd.rules.decks
    tens = 16 * decks - sum(1 for card in seen if card.value == 10)
    p_ten = tens / (52 * decks - len(seen))
    box = next(b for b in rnd.boxes if b.number == decision.box)
    if decision.kind == "insurance":
        share = float((decision.stake or box.bet) / box.bet)
        values = {"insurance": share * (3 * p_ten - 1), "no-insurance": 0.0}
    else:
        values = {"even-money": 1.0,
                  "no-even-money": float(blackjack_pays(rnd.rules)) * (1 - p_ten)}
    ranked = tuple(sorted(((a, v) for a, v in values.items() if a in decision.actions),
                          key=lambda item: -item[1]))
    return Advice(decision.box, decision.hand, box.bet, ranked) if ranked else None
