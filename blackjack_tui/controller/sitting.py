"""Where the player sits: the table (its rules and tier), the computer players with their chips,
the bets behind, and the home evening, resumed, paused or closed as the player comes and goes.

The player's bankroll is one account; a home evening's stacks are accounts of their own, so the
home game never touches the bankroll, and leaving the home table pauses the evening.
"""

from __future__ import annotations

from decimal import Decimal

from blackjack_tui.controller.choices import Choices
from blackjack_tui.controller.home import PLAYER, HomeGame
from blackjack_tui.controller.players import Opponent, table_of
from blackjack_tui.engine.money import money_str
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.seats import seat_box
from blackjack_tui.store.journal import BANKROLL, Line, seat_account
from blackjack_tui.store.store import EveningSave

SEAT_STACK = Decimal(500)


class Sitting(Choices):
    """The table and its players (a part of :class:`~blackjack_tui.controller.game.Game`)."""

    def switch_rules(self, rules: Rules, tier: str | None) -> bool:
        """Sit at another table now, or from the next round; returns whether it was queued."""
        queued = self.session.switch_rules(rules, tier)
        self.settings.rules = rules.name
        self.settings.tier = tier if rules.tiers else None
        if not queued:
            self._table_changed()
        self.save_settings()
        return queued

    def _table_changed(self) -> None:
        """The rules changed between rounds: leave or resume the home evening, keep the shoe."""
        session = self.session
        home_table = session.rules.ledger is not None
        if session.home is not None and not home_table:
            self._leave_home("paused")
            self._stand_bets_behind()  # the casino's, as the last round there left them
        elif session.home is None and home_table:  # the evening has its own players
            if session.behind:
                self.settings.bets_behind = dict(session.behind)
            session.behind = {}  # the home game has no bets behind: they wait for the casino
            self._sit_at_home(resume_only=True)
        self._save_shoe_now()

    def _stand_bets_behind(self) -> None:
        """Put the kept bets behind back where their players sit (none at the home table)."""
        session = self.session
        if session.rules.ledger is not None or session.home is not None:
            session.behind = {}
            return
        seated = seat_box(len(session.others))
        session.behind = {box: amount for box, amount in self.settings.bets_behind.items()
                          if box <= seated}

    def set_players(self, count: int) -> HomeGame | None:
        """``a``: seat this many computer players; a home evening in play is closed (its
        winners named in its ledger) and returned, for its final standings."""
        closed = self.session.home
        if closed is not None:
            if closed.standings.hands and not closed.standings.finished:
                closed.evening.close()  # the biggest stack still in wins; no chip moves
            self._leave_home("closed")
        self.settings.computer_players = count
        self._seat_players(count, resume=False)
        self.save_settings()
        return closed

    def _seat_players(self, count: int, resume: bool = True) -> None:
        """``count`` computer players: at the home table the evening's (a paused one comes back
        unless ``resume`` is false), elsewhere with their chips from their accounts."""
        session = self.session
        if session.rules.ledger is not None:
            session.set_others(table_of(count, session.rules.ledger.starting_stack))
            self._sit_at_home(resume_only=True, resume=resume)
            return
        others = []
        for seat in table_of(count):
            others.append(Opponent(seat.name, self.store.open_account(
                seat_account(seat.name), SEAT_STACK, "a computer player's chips")))
        session.set_others(others)

    def _refill_seats(self) -> None:
        """A computer player who cannot cover the minimum buys a fresh stack."""
        low, _ = self.session.limits
        lines = [Line(seat_account(o.name), "fresh", SEAT_STACK - o.stack, "bought more chips")
                 for o in self.session.others if o.stack < low]
        if lines:
            self.store.post(lines)
            self.disk.later("the book's head", self.store.write_head)
            for other in self.session.others:
                if other.stack < low:
                    other.stack = SEAT_STACK

    def _sit_at_home(self, resume_only: bool = False, resume: bool = True) -> None:
        """At the home table: the evening left open or paused comes back, with its own players;
        else, with computer players seated, a new one (written at its first deal)."""
        from blackjack_tui.ledger import Evening

        session = self.session
        rows = self.store.evening_rows("table", ("open", "paused")) if resume else []
        for evening_id, _status, state, _updated in rows:
            try:
                evening = Evening.model_validate_json(state)
            except ValueError:
                continue
            if PLAYER not in evening.players:
                continue
            HomeGame(evening).sit_down(session)
            self._evening_saved = True
            self.store.save_evening(EveningSave(evening_id, state, "open"))
            s = evening.standings
            who = ", ".join(p for p in evening.players if p != PLAYER) or "nobody"
            self.notices.append(f"Back at the home evening with {who}: hand {s.hands + 1} "
                                f"next, your stack {money_str(s.stacks[PLAYER])}")
            return
        if resume_only and not session.others:
            return
        names = [o.name for o in session.others]
        if names:
            HomeGame.new(session.rules, names, hands=session.home_hands).sit_down(session)
            self._evening_saved = False

    def _leave_home(self, status: str) -> None:
        session = self.session
        home = session.home
        assert home is not None
        if self._evening_saved:
            self.store.save_evening(EveningSave(home.id, home.evening.model_dump_json(), status))
        home.stand_up(session)
        session.bankroll = self.store.balance(BANKROLL)
        self._evening_saved = False
        at_home = session.rules.ledger is not None  # the evening closed: no other comes back
        self._seat_players(0 if at_home else len(session.others), resume=not at_home)
