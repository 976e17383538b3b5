"""The start of a game: the book checked (the journal wins), the table and its tier, the shoe
(stacked, saved or fresh), and a round left in flight taken back — booked if it was over, else
resumed where it stopped, with a table asked for since sat at once it is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blackjack_tui.controller.booking import applied, booking_of
from blackjack_tui.controller.home import HomeGame
from blackjack_tui.controller.rounds import Rounds
from blackjack_tui.engine.fair import FairShoe
from blackjack_tui.engine.rules import Rules
from blackjack_tui.engine.shoe import Shoe

if TYPE_CHECKING:
    from blackjack_tui.engine.round import Round


class Resuming(Rounds):
    """Sitting down at the start (a part of :class:`~blackjack_tui.controller.game.Game`)."""

    def _check_book(self) -> None:
        found = self.store.problems()
        if not found:
            return
        self.store.repair()
        self.notices.append("The book did not add up: " + "; ".join(p.text for p in found)
                            + ". The journal's figures are used.")

    def _first_rules(self, resumed: Round | None) -> Rules:
        settings = self.settings
        if resumed is not None:
            return resumed.rules  # a table asked for since follows it (_queue_wanted_table)
        if self.options.rules is not None:
            settings.rules = self.options.rules
            settings.tier = None
        rules = self.rule_sets.get(settings.rules)
        if rules is None:
            self.notices.append(f"No rule set {settings.rules!r}; sitting at nordic")
            rules = self.rule_sets["nordic"]
            settings.rules = rules.name
            settings.tier = None
        return rules

    def _tier(self, rules: Rules) -> str | None:
        tier = self.settings.tier
        if tier is None or not rules.tiers:
            return None
        try:
            rules.limits(tier)
        except ValueError:
            self.notices.append(f"{rules.title or rules.name} has no tier {tier!r}; "
                                "the standard limits are used")
            self.settings.tier = None
            return None
        return tier

    def _first_shoe(self, shoe: Shoe | None) -> None:
        """The stacked shoe a test gave, the saved shoe, or a fresh one (``--seed``)."""
        from blackjack_tui.controller.recovery import saved_shoe

        session = self.session
        if shoe is not None:
            session.shoe = shoe
            return
        saved, notes = saved_shoe(self.store, session.rules.decks, session.rules.name)
        self.notices += notes
        seeded = self.options.seed is not None
        revealed = False
        if saved is not None and (seeded or isinstance(saved, FairShoe) != session.fair):
            session.shoe = saved  # it leaves play now: a fair one is revealed and kept
            session.replace_shoe(session.new_shoe(session.rules.decks))
            revealed = bool(session.retired)
            self._save_shoe_now()
        elif saved is not None:
            session.shoe = saved
        if seeded and self.settings.provably_fair:
            self.notices.append(
                f"--seed {self.options.seed}: this run deals reproducible shoes from the seed, "
                "not provably fair ones (they come back at the next start without --seed)"
                + ("; the fair shoe in play was revealed (f verifies it)" if revealed else ""))

    def _resume(self, rnd: Round, round_id: str | None, home: HomeGame | None) -> None:
        """Sit back down at the saved round (its shoe is the shoe in play); one that was over
        but not yet booked is booked now, once."""
        self.round_id = round_id
        self.session.resume(rnd)
        self._queue_wanted_table(rnd)
        if home is not None:
            home.sit_down(self.session)
            self.session.bankroll = rnd.bankroll_start
            self._evening_saved = True
        if rnd.over:
            assert round_id is not None
            booking = booking_of(rnd, round_id, self.session)
            self.store.book(booking)
            applied(booking, rnd, self.session)
            self._booked(rnd)
            return
        self.resume_round = rnd

    def _queue_wanted_table(self, rnd: Round) -> None:
        """The table asked for (``--rules``, else the one saved when a change was queued mid-hand)
        is sat at once the resumed round is over, as the change would have been without a quit."""
        settings = self.settings
        asked = self.options.rules
        if asked is not None:
            settings.rules, settings.tier = asked, rnd.tier if asked == rnd.rules.name else None
        rules = self.rule_sets.get(settings.rules)
        if rules is None or (rules.name, settings.tier) == (rnd.rules.name, rnd.tier):
            return
        self.session.switch_rules(rules, settings.tier)
        here, there = (r.title or r.name for r in (rnd.rules, rules))
        self.notices.append(f"The round in play is finished at {here}; then {there}")
