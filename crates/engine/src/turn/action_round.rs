//! The Action Round: one action at a time in initiative order until every
//! player has passed in a row. This module dispatches each kind of action to
//! the module of its rule, and holds the checks every acting card shares.

use crate::card::CardType;
use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{flag, Game, Zone};
use crate::ids::{CardId, PlayerId};

impl Game {
    /// A card `p` controls on the table that is ready to act: not rotated,
    /// not neutralized, not neutralized this turn (Action Details; Neutralization).
    pub(crate) fn check_ready_actor(&self, p: PlayerId, card: CardId) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if !c.zone.on_table() {
            return Err(Violation::NotInPlay(card));
        }
        if c.controller != p {
            return Err(Violation::NotYours(card));
        }
        if c.has(flag::NEUTRALIZED_THIS_TURN) {
            return Err(Violation::NeutralizedThisTurn(card));
        }
        if c.rotated() || c.neutralized() {
            return Err(Violation::NotReady(card));
        }
        Ok(())
    }

    /// A ready Inner Circle character `p` controls, to rotate for
    /// sponsoring, promoting, building or agendas.
    pub(crate) fn check_ic_rotator(&self, p: PlayerId, by: CardId) -> Result<(), Violation> {
        let c = self.cards.get(by.idx()).ok_or(Violation::NoSuchCard(by))?;
        // Control, not faction (Factions and Control: "although the card
        // remains in its current faction you can use it for actions or to
        // meet requirements"; rulings 4.13: "the high bidder may spend 3 of
        // his influence and rotate the Mercenary to build with it"):
        // `check_ready_actor` below asks that `p` controls it.
        if c.zone != Zone::InnerCircle || self.db.get(c.def).card_type != CardType::Character {
            return Err(Violation::NotInnerCircle(by));
        }
        self.check_ready_actor(p, by)
    }

    /// The Inner Circle characters `p` may rotate: his faction's, and any
    /// he controls in another faction's Inner Circle (a hired mercenary).
    pub(crate) fn ic_rotator_candidates(&self, p: PlayerId) -> impl Iterator<Item = CardId> + '_ {
        self.table_cards_controlled(p)
            .filter(|&c| self.c(c).zone == Zone::InnerCircle)
    }

    /// A card in `p`'s hand.
    pub(crate) fn check_in_hand(&self, p: PlayerId, card: CardId) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if c.zone != Zone::Hand || c.owner != p {
            return Err(Violation::NotInHand(card));
        }
        Ok(())
    }

    /// Checks an Action Round action for the acting player.
    pub(crate) fn check_round_action(&self, p: PlayerId, a: &Action) -> Result<(), Violation> {
        match *a {
            Action::Pass => Ok(()),
            Action::Sponsor {
                card,
                by,
                target,
                pay,
            } => self.check_sponsor(p, card, by, target, pay),
            Action::Promote { card, by } => self.check_promote(p, card, by),
            Action::Replace { card, old } => self.check_replace(p, card, old),
            Action::Build { by } => self.check_build(p, by),
            Action::UseCard {
                card,
                index,
                target,
                pay,
            } => self
                .check_use_card(p, card, index, target)
                .and_then(|_| self.check_cost_payer(p, card, index, pay)),
            Action::Lead { card, fleet } => self.check_lead(p, card, fleet),
            Action::Assist {
                card,
                ambassador,
                discount,
            } => self.check_assist(p, card, ambassador, discount),
            Action::Support {
                card,
                conflict,
                side,
            } => self.check_support(p, card, conflict, side),
            Action::Oppose { card, conflict } => self.check_oppose(p, card, conflict),
            Action::Attack {
                card,
                target,
                conflict,
            } => self.check_attack(p, card, target, conflict),
            Action::Play { card, target, pay } => self.check_play_event(p, card, target, pay),
            Action::PlayContingency { card, host, pay } => {
                self.check_play_contingency(p, card, host, pay)
            }
            Action::SponsorAgenda { card, by, pay } => {
                self.check_sponsor_agenda(p, card, (by, pay), false)
            }
            Action::HideAgenda { card, by, pay } => {
                self.check_sponsor_agenda(p, card, (by, pay), true)
            }
            Action::ReplaceAgenda { card, by, pay } => {
                self.check_replace_agenda(p, card, (by, pay))
            }
            Action::RevealAgenda => self.check_reveal_agenda(p),
            Action::DiscardAgenda => self.check_discard_agenda(p),
            Action::Heal {
                card,
                ambassadorial,
            } => self.check_heal(p, card, ambassadorial),
            Action::Repair { card, amount } => self.check_repair(p, card, amount),
            Action::Hire { card } => self.check_hire(p, card),
            Action::TakeFromReserve { card } => self.check_take_from_reserve(p, card),
            Action::JoinWar { against } => self.check_join_war(p, against),
            _ => Err(Violation::WrongTime {
                verb: a.verb(),
                when: "the Action Round",
            }),
        }
    }

    /// Carries out a checked Action Round action.
    pub(crate) fn do_round_action(&mut self, p: PlayerId, a: Action, ev: &mut Events) {
        match a {
            Action::Sponsor {
                card,
                by,
                target,
                pay,
            } => self.do_sponsor(p, card, by, target, pay, ev),
            Action::Promote { card, by } => self.do_promote(p, card, by, ev),
            Action::Replace { card, old } => self.do_replace(p, card, old, ev),
            Action::Build { by } => self.do_build(p, by, ev),
            Action::UseCard {
                card,
                index,
                target,
                pay,
            } => self.do_use_card(p, card, index, target, pay, ev),
            Action::Lead { card, fleet } => self.do_lead(card, fleet, ev),
            Action::Assist {
                card,
                ambassador,
                discount,
            } => self.do_assist(p, card, ambassador, discount, ev),
            Action::Support {
                card,
                conflict,
                side,
            } => self.do_support(card, conflict, side, ev),
            Action::Oppose { card, conflict } => self.do_oppose(card, conflict, ev),
            Action::Attack {
                card,
                target,
                conflict,
            } => self.do_attack(card, target, conflict, ev),
            Action::Play { card, target, pay } => self.do_play_event(p, card, target, pay, ev),
            Action::PlayContingency { card, host, pay } => {
                self.do_play_contingency(p, card, (host, pay), ev)
            }
            Action::SponsorAgenda { card, by, pay } => {
                self.do_sponsor_agenda(p, card, (by, pay), false, ev)
            }
            Action::HideAgenda { card, by, pay } => {
                self.do_sponsor_agenda(p, card, (by, pay), true, ev)
            }
            Action::ReplaceAgenda { card, by, pay } => {
                self.do_replace_agenda(p, card, (by, pay), ev)
            }
            Action::RevealAgenda => self.do_reveal_agenda(p, ev),
            Action::DiscardAgenda => self.do_discard_agenda(p, ev),
            Action::Heal {
                card,
                ambassadorial,
            } => self.do_heal(card, ambassadorial, ev),
            Action::Repair { card, amount } => self.do_repair(p, card, amount, ev),
            Action::Hire { card } => self.do_hire(p, card, ev),
            Action::TakeFromReserve { card } => self.do_take_from_reserve(p, card, ev),
            Action::JoinWar { against } => self.do_join_war(p, against, ev),
            _ => {}
        }
    }

    /// Every Action Round action worth checking for `p`.
    pub(crate) fn round_action_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        // Build influence and promote: rotating a ready Inner Circle character.
        let pl = &self.players[p as usize];
        // The characters worth promoting, once: promoting costs at least the
        // card's own cost, whoever rotates for it.
        let mut promotable: smallvec::SmallVec<[CardId; 8]> = smallvec::SmallVec::new();
        let mut promotable_known = false;
        for by in self.ic_rotator_candidates(p) {
            if self.check_ic_rotator(p, by).is_err() {
                continue;
            }
            out.push(Action::Build { by });
            if !promotable_known {
                promotable_known = true;
                promotable.extend(self.iter_pile(pl.supporting).filter(|&card| {
                    let def = self.db.get(self.c(card).def);
                    def.card_type == CardType::Character
                        && self
                            .play_cost(p, card, def, true)
                            .is_ok_and(|c| c <= pl.available())
                }));
            }
            for &card in &promotable {
                out.push(Action::Promote { card, by });
            }
        }
        self.hand_candidates(p, out);
        self.table_candidates(p, out);
        let pl = &self.players[p as usize];
        if pl.agenda.some().is_some() {
            out.push(Action::RevealAgenda);
            out.push(Action::DiscardAgenda);
        }
        for &c in self.keyword_cards.iter() {
            if self.db.get(self.c(c).def).kw.mercenary && self.c(c).controller != p {
                out.push(Action::Hire { card: c });
            }
        }
        self.reserve_candidates(p, out);
        self.join_war_candidates(p, out);
    }

    /// The end of the Action Round: Ambassadorial Healing for every player
    /// whose Inner Circle characters all rotated to heal this turn.
    pub(crate) fn end_action_round(&mut self, ev: &mut Events) {
        // Every player has passed since the last event: none is reversed
        // any more (`reversal/since.rs`).
        self.event_records_end();
        for p in 0..self.players.len() {
            let pl = &self.players[p];
            if pl.eliminated {
                continue;
            }
            let amb = pl.ambassador;
            let all = self
                .iter_pile(pl.inner_circle)
                .filter(|&c| self.db.get(self.c(c).def).card_type == CardType::Character)
                .all(|c| self.c(c).has(flag::HEALED));
            if all && self.full_heal(amb, ev) {
                ev.push(Event::AmbassadorHealed { card: amb });
            }
        }
    }
}
