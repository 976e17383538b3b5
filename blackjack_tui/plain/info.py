"""The plain mode's words beyond the round itself: betting, tables, players, help, the hint,
the count, the rules, history and statistics, each one line or a few."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Protocol

from blackjack_tui.controller.coach import Coach
from blackjack_tui.engine.money import money_str, signed
from blackjack_tui.engine.seats import SEAT_BOX_BASE
from blackjack_tui.plain.words import either, plural, table_lines

if TYPE_CHECKING:
    from blackjack_tui.controller.betting import Betting
    from blackjack_tui.controller.controller import RoundController
    from blackjack_tui.controller.game import Game
    from blackjack_tui.controller.view import TableView


class Narrator(Protocol):
    """What these answers need of :class:`~blackjack_tui.plain.narrate.Narrator` (which calls
    them: named as a protocol, so that no import circle is kept)."""

    game: Game
    controller: RoundController
    betting: Betting
    view: TableView | None

    def say(self, text: str) -> None: ...

HELP_BETWEEN = (
    "Between rounds: enter or deal deals (with no bet placed, the last bets again); "
    "bet AMOUNT [BOX] sets a box's bet; clear [BOX] or x "
    "takes it off; again (or space) places the last bets again and deals; rebet (b) places them "
    "without dealing; 1 to 7 chooses a box (4 to 7: behind a computer player), + and - add or "
    "take off the chip in hand, [ and ] change it.",
    "table lists the tables, table NAME sits at one; players N seats 0 to 4 computer players; "
    "ledger reads the home evening's stacks.",
    "Any time: hint (t), count (k; count on or count off says it after every round), coach (c) "
    "on or off, rules, history (y), stats (w), fair (f), look, help (?), quit (q).",
    "In a round: answer with the words the question lists, or their keys: h hit, s stand, d "
    "double, p split, r surrender, i insurance (i AMOUNT at the home table), e even money, "
    "n no, j join, yes.",
)


def count_words(controller: RoundController) -> str:
    view = controller.count_view()
    side = f", {view.aces} aces seen of {view.aces_expected:.1f} expected" \
        if view.aces is not None else ""
    name = "Count" if view.system == "hi-lo" else f"Count ({view.title})"
    if view.balanced:
        return (f"{name}: running {view.running_text}, true "
                f"{view.true_count:+.1f}{side}, {round(view.penetration * 100)}% of the shoe "
                "dealt.")
    return (f"{name}: running {view.running_text} (pivot {view.pivot:+d}){side}, "
            f"{round(view.penetration * 100)}% of the shoe dealt.")


def result_line(n: Narrator, dealt_at: str) -> str:
    """The round's result as the table says it once it is booked."""
    game = n.game
    session = game.session
    home = session.home
    if home is not None and home.over:
        return home.over_words().replace(" · ", "; ") + "."
    if home is not None and home.player_banks:
        s = home.standings
        return (f"Hand {s.hands}: you hold the bank; enter deals the others. Your stack "
                f"{money_str(s.stacks[home.player])}.")
    net = game.last_net
    result = "even" if net == 0 else signed(net)
    chips = "stack" if home is not None else "bankroll"
    rebuy = f" You bought back in for {money_str(game.last_rebuy)}." \
        if home is not None and game.last_rebuy else ""
    where = ""
    if dealt_at != session.rules.name:
        here = session.rules.title or session.rules.name
        where = f" Played at {dealt_at}; you now sit at {here}."
    return f"Round {result}. {chips.capitalize()} {money_str(session.bankroll)}.{rebuy}{where}"


def hint_words(n: Narrator) -> str:
    advice = n.controller.hint()
    if advice is None:
        return "The hint is for a decision in a round."
    ranked = "; ".join(f"{action.replace('-', ' ')} {value:+.3f}"
                       for action, value in advice.ranked)
    note = f" {advice.note}." if advice.note else ""
    return (f"Hint: {advice.best.replace('-', ' ')}. Expected value per unit bet: "
            f"{ranked}.{note}")


def rules_lines(n: Narrator) -> list[str]:
    from blackjack_tui.rules_text import describe

    rules = n.game.session.rules
    return [f"{rules.title or rules.name}: {n.game.session.describe_limits()}."] + \
        [f"{topic}: {words}." for topic, words in describe(rules)]


async def history_lines(n: Narrator, limit: int = 10) -> list[str]:
    rows, notes = await n.game.recent(limit)
    if not rows:
        return ["No rounds yet."]
    lines = ["The last round:" if len(rows) == 1 else f"The last {len(rows)} rounds, newest first:"]
    for row in rows:
        chips = "stack" if row.home else "bankroll"
        lines.append(f"{row.at[:16].replace('T', ' ')} at {row.ruleset}: {signed(row.net)}, "
                     f"{chips} {money_str(row.before)} to {money_str(row.after)}.")
    return lines + notes


async def stats_line(n: Narrator) -> str:
    s = await n.game.statistics()
    home = f" Home evenings: {s.home_rounds} rounds, {signed(s.home_net)}." if s.home_rounds \
        else ""
    return (f"{plural(s.rounds, 'round')}, {plural(s.hands, 'hand')}: {s.wins} won, {s.pushes} "
            f"pushed, {s.losses} lost; {plural(s.blackjacks, 'blackjack')}, "
            f"{plural(s.doubles, 'double')}, {plural(s.split_hands, 'split hand')}. "
            f"Net {signed(s.net)}, biggest win {money_str(s.biggest_win)}, biggest loss "
            f"{money_str(-s.biggest_loss)}; {plural(s.fresh, 'fresh bankroll')}.{home}")


async def during_round(n: Narrator, words: list[str]) -> bool:
    """Hint, count, rules, history, statistics, look or help: True when the line was one."""
    word = words[0] if words else ""
    lines: list[str]
    if word in ("hint", "t"):
        lines = [hint_words(n)]
    elif word in ("count", "k") and len(words) == 1:
        lines = [count_words(n.controller)]
    elif word == "rules":
        lines = rules_lines(n)
    elif word in ("history", "y"):
        lines = await history_lines(n)
    elif word in ("stats", "statistics", "w"):
        lines = [await stats_line(n)]
    elif word == "look":
        lines = table_lines(n.view) if n.view is not None else ["No round on the table yet."]
    elif word in ("help", "?", "f1"):
        lines = list(HELP_BETWEEN)
    else:
        return False
    for line in lines:
        n.say(line)
    return True


def _amount(text: str) -> Decimal | None:
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return value if value.is_finite() and value > 0 else None


def set_bet(n: Narrator, args: list[str]) -> str | None:
    """``bet AMOUNT [BOX]``: that box's bet becomes AMOUNT (refused whole, with the reason)."""
    betting = n.betting
    amount = _amount(args[0]) if args else None
    if amount is None:
        return "Say bet and an amount, like bet 20, or bet 20 2 for box 2"
    box = betting.selected
    if len(args) > 1:
        if not args[-1].isdigit():
            return f"{args[-1]!r} is not a box"
        box = int(args[-1])
    error = betting.select(box)
    if error:
        return error
    if box > SEAT_BOX_BASE:
        old = n.game.session.behind.pop(box, None)
        saved_chip = betting.chip_index
        error = None
        n.game.session.behind[box] = amount
        problem = n.game.session.check_bets(betting.slip.as_list())
        if problem is not None:
            n.game.session.behind.pop(box)
            if old is not None:
                n.game.session.behind[box] = old
        betting.chip_index = saved_chip
        return problem
    old_bet = betting.slip.bets.pop(box, None)
    betting.touched = True
    error = betting.slip.add(box, amount)
    if error and old_bet is not None:
        betting.slip.bets[box] = old_bet
    return error


def switch_table(n: Narrator, args: list[str]) -> list[str]:
    game = n.game
    if not args:
        here = game.session.rules.name
        return ["Tables: " + "; ".join(
            f"{name}, {r.title or name}{' (here)' if name == here else ''}"
            for name, r in sorted(game.rule_sets.items())) + ". Say table NAME to sit down."]
    rules = game.rule_sets.get(args[0])
    if rules is None:
        return [f"No table {args[0]!r}: say table to list them."]
    game.switch_rules(rules, None)
    n.betting.renew(keep=True)
    return [f"You sit at {rules.title or rules.name}, {game.session.describe_limits()}."]


def seat_players(n: Narrator, args: list[str]) -> list[str]:
    game = n.game
    count = (len(game.session.others) + 1) % 5
    if args:
        if not args[0].isdigit() or int(args[0]) > 4:
            return ["Say players and a number from 0 to 4."]
        count = int(args[0])
    game.set_players(count)
    n.betting.select(min(n.betting.selected, 3))
    n.betting.renew(keep=True)
    names = [f"{o.name} (box {SEAT_BOX_BASE + i})" for i, o in enumerate(game.session.others, 1)]
    return [f"Computer players: {either(names, 'and') if names else 'nobody'}."]


def ledger_lines(n: Narrator) -> list[str]:
    home = n.game.session.home
    if home is None:
        return ["No home evening at this table: sit at home with players to start one."]
    s = home.standings
    stacks = ", ".join(f"{p} {money_str(v)}" for p, v in s.stacks.items())
    bank = f" {s.banker} holds the bank." if s.banker else " The house holds the bank."
    return [f"Home evening, hand {s.hands}: {stacks}.{bank}"]


def toggle(n: Narrator, word: str, args: list[str]) -> list[str]:
    """``coach`` and ``count on|off``: kept like the options of the full-screen game."""
    settings = n.game.settings
    if word in ("coach", "c"):
        on = (args[0] == "on") if args else not settings.coach
        settings.coach = on
        n.controller.coach = Coach() if on else None
        n.game.save_settings()
        return [f"Coach {'on: every decision is judged' if on else 'off'}."]
    on = args[0] == "on"
    settings.count = on
    n.game.save_settings()
    return [f"The count is {'said after every round' if on else 'said only when asked'}."]


def fair_line(n: Narrator) -> str:
    commitment = getattr(n.game.session.shoe, "commitment", None)
    if commitment is None:
        return "This shoe is shuffled from the system's randomness (fair shoes: Options)."
    return f"Provably fair shoe; its commitment is {commitment}."


def _select(n: Narrator, word: str, args: list[str]) -> tuple[str | None, list[str]]:
    number = word if word.isdigit() else (args[0] if args else "")
    if not number.isdigit():
        return "Say box and a number", []
    error = n.betting.select(int(number))
    return error, [] if error else [f"Box {n.betting.selected} in hand."]


def _betting(n: Narrator, word: str, args: list[str]) -> tuple[str | None, list[str]] | None:
    """The betting words: (why refused, what to say); ``None`` when ``word`` is not one."""
    betting = n.betting
    if word == "bet":
        return set_bet(n, args), []
    if word.isdigit() or word == "box":
        return _select(n, word, args)
    if word in ("+", "add"):
        return betting.add(), []
    if word in ("-", "take"):
        return betting.remove(), []
    if word in ("[", "]", "chip"):
        betting.step_chip(-1 if word == "[" else 1)
        return None, [f"Chip in hand: {money_str(betting.chip)}."]
    if word in ("x", "clear"):
        error = betting.select(int(args[0])) if args and args[0].isdigit() else None
        if error is None:
            betting.clear()
        return error, []
    if word in ("b", "rebet"):
        return betting.rebet(), []
    return None


def _table_words(n: Narrator, word: str, args: list[str]) -> list[str] | None:
    """Tables, players, the ledger, the options, the shoe: what to say (``None``: not one)."""
    if word in ("table", "tables", "m"):
        return switch_table(n, args)
    if word in ("players", "a"):
        return seat_players(n, args)
    if word in ("ledger", "l"):
        return ledger_lines(n)
    if word in ("coach", "c") or (word in ("count", "k") and args and args[0] in ("on", "off")):
        return toggle(n, word, args)
    if word in ("fair", "f"):
        return [fair_line(n)]
    if word in ("bankroll", "status"):
        return [f"Bankroll {money_str(n.game.bankroll)}."]
    return None


async def between_rounds(n: Narrator, word: str, args: list[str]) -> bool:
    """Every word but dealing: True when ``word`` was one the table knows."""
    found = _betting(n, word, args)
    if found is not None:
        error, lines = found
        if error:
            lines = [error.replace(" · ", "; ").rstrip(".") + "."]
    else:
        said = _table_words(n, word, args)
        if said is None:
            return await during_round(n, [word, *args])
        lines = said
    for line in lines:
        n.say(line)
    return True
