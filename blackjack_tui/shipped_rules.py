"""rulesets.toml as Python values: what a start reads (parsing the TOML took 3 ms, and loading
tomllib 3 more). Written by ``python -m blackjack_tui.rulesets`` from the TOML; do not edit
(the test of the shipped rules fails when the two differ)."""

from typing import Any

SHIPPED: dict[str, Any] = {'ruleset': {'nordic': {'title': 'Nordic multi-hand',
                                                  'description': 'Six decks, peek, dealer stands '
                                                                 'on 17, double any two and after '
                                                                 'a split, split once, 3:2. '
                                                                 'Limits and chips are ours: the '
                                                                 'sheet names none.',
                                                  'source': 'Nordic online multi-hand rule sheet '
                                                            '(Norwegian and Slovenian versions)',
                                                  'decks': 6,
                                                  'shuffle': 'cut-card',
                                                  'penetration': 0.75,
                                                  'dealer_hits_soft_17': False,
                                                  'hole_card': 'peek',
                                                  'blackjack_pays': '3:2',
                                                  'double_on': 'any',
                                                  'double_after_split': True,
                                                  'split_by': 'value',
                                                  'max_split_hands': 2,
                                                  'resplit_aces': False,
                                                  'split_aces_one_card': True,
                                                  'hit_soft_21': False,
                                                  'insurance': 'after-deal',
                                                  'insurance_stake': 'half-bet',
                                                  'insure_blackjack': False,
                                                  'even_money': True,
                                                  'surrender': 'none',
                                                  'min_bet': 1,
                                                  'max_bet': 500,
                                                  'chips': [1, 5, 25, 100],
                                                  'max_boxes': 3},
                                       'swedish': {'title': 'Swedish casino',
                                                   'description': 'No hole card, 17-19 ties go to '
                                                                  'the bank, insurance and even '
                                                                  "money at the bank's turn, "
                                                                  'double 7-11 with the ace as 1, '
                                                                  'no double after split, hit '
                                                                  'soft 21, bets 20-70 kr. Where '
                                                                  'the sheet is silent or open: '
                                                                  'every ace of a doubled hand '
                                                                  'counts 1, also one drawn on '
                                                                  'the double (5+4 doubled, an '
                                                                  "ace drawn: 10; the sheet's own "
                                                                  'example, 7+A doubled and a 3 '
                                                                  'drawn, is 11 either way; '
                                                                  'double_ace_as_one = "held" '
                                                                  'counts only the aces held); '
                                                                  'aces resplit to four hands, '
                                                                  'one card each, and other pairs '
                                                                  'resplit to four hands too (the '
                                                                  'sheet names only aces); a '
                                                                  "blackjack against the bank's "
                                                                  'ace is offered even money on '
                                                                  'its whole bet, never '
                                                                  'insurance; the bank draws only '
                                                                  'while a hand still waits; a '
                                                                  "bet behind a computer player's "
                                                                  'box shares its 70 kr maximum, '
                                                                  'joins a split or double only '
                                                                  'if the player says so, and '
                                                                  'insures on its own.',
                                                   'source': 'Swedish casino table rule sheet '
                                                             '(Svenska regler)',
                                                   'decks': 6,
                                                   'shuffle': 'cut-card',
                                                   'penetration': 0.75,
                                                   'dealer_hits_soft_17': False,
                                                   'hole_card': 'none',
                                                   'no_hole_card_loses': 'all',
                                                   'dealer_wins_ties': [17, 18, 19],
                                                   'blackjack_pays': '3:2',
                                                   'double_on': '7-11',
                                                   'double_ace_as_one': 'all',
                                                   'double_after_split': False,
                                                   'split_by': 'value',
                                                   'max_split_hands': 4,
                                                   'resplit_aces': True,
                                                   'split_aces_one_card': True,
                                                   'hit_soft_21': True,
                                                   'insurance': 'dealer-turn',
                                                   'insurance_stake': 'half-box',
                                                   'insure_blackjack': False,
                                                   'even_money': True,
                                                   'surrender': 'none',
                                                   'min_bet': 20,
                                                   'max_bet': 70,
                                                   'chips': [5, 10, 20, 50],
                                                   'max_boxes': 3},
                                       'home': {'title': 'Danish home game',
                                                'description': 'One deck reshuffled at the cut '
                                                               'card, peek, dealer stands on 17, '
                                                               'double any two, split once, '
                                                               'insurance any amount up to half, '
                                                               'natural pays 3:2, a chip ledger. '
                                                               'Where the sheet is silent: a '
                                                               "natural against the dealer's ace "
                                                               'is offered even money on its '
                                                               'whole bet, not a partial '
                                                               'insurance (the part-insurance up '
                                                               'to half is for other hands); the '
                                                               'dealer draws only while a hand '
                                                               'still waits; a rebuy adds the '
                                                               'starting stack once, the bank '
                                                               'passes to the first natural '
                                                               "winner from the banker's left (a "
                                                               'broke banker passes it on), ties '
                                                               'for the most chips share the win; '
                                                               'limits and chips are ours.',
                                                'source': 'Danish home-game sheet (Blackjack '
                                                          'derhjemme)',
                                                'decks': 1,
                                                'shuffle': 'cut-card',
                                                'penetration': 0.7,
                                                'dealer_hits_soft_17': False,
                                                'hole_card': 'peek',
                                                'blackjack_pays': '3:2',
                                                'double_on': 'any',
                                                'double_after_split': True,
                                                'split_by': 'value',
                                                'max_split_hands': 2,
                                                'resplit_aces': False,
                                                'split_aces_one_card': True,
                                                'hit_soft_21': False,
                                                'insurance': 'after-deal',
                                                'insurance_stake': 'up-to-half',
                                                'insure_blackjack': False,
                                                'even_money': True,
                                                'surrender': 'none',
                                                'min_bet': 1,
                                                'max_bet': 100,
                                                'chips': [1, 5, 10, 25],
                                                'max_boxes': 3,
                                                'ledger': {'starting_stack': 100,
                                                           'normal_bet': 5,
                                                           'floor': 0,
                                                           'rebuys': 1,
                                                           'rotating_bank': True}},
                                       'online': {'title': 'Six-deck online (888-style)',
                                                  'description': 'Six decks shuffled every round, '
                                                                 'no hole card (all bets lost to '
                                                                 'a dealer blackjack), double '
                                                                 '9-11 and on any total after a '
                                                                 'split, split to four hands, '
                                                                 'split aces one card, stated '
                                                                 'return 99.48%. Where the sheet '
                                                                 'is silent: split aces are not '
                                                                 'resplit; a blackjack against an '
                                                                 'ace is offered even money (the '
                                                                 'sheet names only insurance), '
                                                                 'not insurance; the dealer draws '
                                                                 'only while a hand still waits.',
                                                  'source': '888casino blackjack rule sheet '
                                                            '(Swedish)',
                                                  'decks': 6,
                                                  'shuffle': 'every-round',
                                                  'dealer_hits_soft_17': False,
                                                  'hole_card': 'none',
                                                  'no_hole_card_loses': 'all',
                                                  'blackjack_pays': '3:2',
                                                  'blackjack_paid_at_once': True,
                                                  'double_on': '9-11',
                                                  'double_after_split': True,
                                                  'double_after_split_any_total': True,
                                                  'split_by': 'value',
                                                  'max_split_hands': 4,
                                                  'resplit_aces': False,
                                                  'split_aces_one_card': True,
                                                  'hit_soft_21': False,
                                                  'insurance': 'after-deal',
                                                  'insurance_stake': 'half-bet',
                                                  'insure_blackjack': False,
                                                  'even_money': True,
                                                  'surrender': 'none',
                                                  'min_bet': 1,
                                                  'max_bet': 200,
                                                  'chips': [1, 5, 25, 100],
                                                  'max_boxes': 1,
                                                  'tiers': [{'name': 'Standard',
                                                             'min_bet': 1,
                                                             'max_bet': 200},
                                                            {'name': 'High Roller',
                                                             'min_bet': 25,
                                                             'max_bet': 1000},
                                                            {'name': 'VIP',
                                                             'min_bet': 100,
                                                             'max_bet': 5000}]},
                                       'vegas-strip': {'title': 'Las Vegas Strip',
                                                       'description': 'Reference table: four '
                                                                      'decks, peek, dealer stands '
                                                                      'on soft 17, double any two '
                                                                      'and after a split, resplit '
                                                                      'to four hands, no resplit '
                                                                      'of aces, late surrender, '
                                                                      '3:2.',
                                                       'source': 'Common Las Vegas Strip rules, '
                                                                 'as tabulated by the Wizard of '
                                                                 'Odds',
                                                       'decks': 4,
                                                       'shuffle': 'cut-card',
                                                       'penetration': 0.75,
                                                       'dealer_hits_soft_17': False,
                                                       'hole_card': 'peek',
                                                       'blackjack_pays': '3:2',
                                                       'double_on': 'any',
                                                       'double_after_split': True,
                                                       'split_by': 'value',
                                                       'max_split_hands': 4,
                                                       'resplit_aces': False,
                                                       'split_aces_one_card': True,
                                                       'insurance': 'after-deal',
                                                       'insurance_stake': 'half-bet',
                                                       'even_money': True,
                                                       'surrender': 'late',
                                                       'min_bet': 5,
                                                       'max_bet': 1000,
                                                       'chips': [1, 5, 25, 100],
                                                       'max_boxes': 3},
                                       'atlantic-city': {'title': 'Atlantic City',
                                                         'description': 'Reference table: eight '
                                                                        'decks, peek, dealer '
                                                                        'stands on soft 17, '
                                                                        'double any two and after '
                                                                        'a split, resplit to four '
                                                                        'hands, no resplit of '
                                                                        'aces, late surrender, '
                                                                        '3:2.',
                                                         'source': 'Common Atlantic City rules, '
                                                                   'as tabulated by the Wizard of '
                                                                   'Odds',
                                                         'decks': 8,
                                                         'shuffle': 'cut-card',
                                                         'penetration': 0.75,
                                                         'dealer_hits_soft_17': False,
                                                         'hole_card': 'peek',
                                                         'blackjack_pays': '3:2',
                                                         'double_on': 'any',
                                                         'double_after_split': True,
                                                         'split_by': 'value',
                                                         'max_split_hands': 4,
                                                         'resplit_aces': False,
                                                         'split_aces_one_card': True,
                                                         'insurance': 'after-deal',
                                                         'insurance_stake': 'half-bet',
                                                         'even_money': True,
                                                         'surrender': 'late',
                                                         'min_bet': 10,
                                                         'max_bet': 2000,
                                                         'chips': [5, 25, 100, 500],
                                                         'max_boxes': 3},
                                       'downtown-h17': {'title': 'Single deck, H17, 6:5',
                                                        'description': 'Reference table: one '
                                                                       'deck, dealer hits soft '
                                                                       '17, blackjack pays only '
                                                                       '6:5, double any two, no '
                                                                       'double after split: the '
                                                                       'kind of table to walk '
                                                                       'past.',
                                                        'source': 'Common Las Vegas 6:5 '
                                                                  'single-deck rules, as '
                                                                  'tabulated by the Wizard of '
                                                                  'Odds',
                                                        'decks': 1,
                                                        'shuffle': 'cut-card',
                                                        'penetration': 0.6,
                                                        'dealer_hits_soft_17': True,
                                                        'hole_card': 'peek',
                                                        'blackjack_pays': '6:5',
                                                        'double_on': 'any',
                                                        'double_after_split': False,
                                                        'split_by': 'value',
                                                        'max_split_hands': 4,
                                                        'resplit_aces': False,
                                                        'split_aces_one_card': True,
                                                        'insurance': 'after-deal',
                                                        'insurance_stake': 'half-bet',
                                                        'even_money': True,
                                                        'surrender': 'none',
                                                        'min_bet': 5,
                                                        'max_bet': 500,
                                                        'chips': [1, 5, 25, 100],
                                                        'max_boxes': 3}}}
