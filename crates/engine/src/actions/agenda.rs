//! Discard, Replace, Sponsor, Hide or Reveal an Agenda (Action Details;
//! Agenda Cards; Major Agendas). Agendas have no cost bubble: they rotate an
//! Inner Circle character and apply no influence unless the card has a cost.

use crate::card::{CardDef, CardType, Faction, Race};
use crate::effects::interpreter::Ctx;
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{flag, Game, Target, Zone};
use crate::ids::{CardId, PlayerId};

impl Game {
    /// An agenda loyal to a race is only for players of that race; a
    /// Corporate faction cannot control its own race's agendas; Drakh agendas
    /// only for Drakh factions.
    fn agenda_loyalty_ok(&self, p: PlayerId, def: &CardDef) -> bool {
        let pl = &self.players[p as usize];
        // Drakh Agendas: only played and controlled by Drakh factions.
        if def.race == Race::Drakh {
            return pl.drakh;
        }
        if def.race != Race::Neutral && def.race != pl.race {
            return false;
        }
        !(pl.faction == Faction::Corporate && def.race == pl.race)
    }

    /// Whether `p` could sponsor this agenda (ignoring the one-agenda rule);
    /// `replacing` is the agenda it would replace (left out of the allergy
    /// check: rulings 4.12), or `CardId::NONE`.
    fn check_agenda_card(
        &self,
        p: PlayerId,
        card: CardId,
        (by, pay): (CardId, CardId),
        replacing: CardId,
    ) -> Result<(), Violation> {
        self.check_in_hand(p, card)?;
        let def = self.db.get(self.c(card).def);
        if def.card_type != CardType::Agenda {
            return Err(Violation::WrongType {
                card,
                expected: "agenda",
            });
        }
        self.check_may_play(p, card)?;
        self.check_ic_rotator(p, by)?;
        if !self.agenda_loyalty_ok(p, def) {
            if def.race == Race::Drakh {
                return Err(Violation::DrakhOnly(card));
            }
            return Err(Violation::Disloyal {
                card,
                race: def.race,
            });
        }
        // Drakh Agendas are sponsored by Drakh cards (Drakh Rule 5 both ways).
        self.check_drakh_sponsor(p, card, def, by)?;
        if self.unique_used.contains(&self.c(card).def) {
            return Err(Violation::UniqueUsed(card));
        }
        if self.limited_removed.contains(&self.c(card).def) {
            return Err(Violation::LimitedRemoved(card));
        }
        if self.limited_copy_in_play(p, self.c(card).def) {
            return Err(Violation::LimitedInPlay(card));
        }
        // The Interstellar Alliance: ISA cards need the ISA.
        self.check_isa_card(card, def)?;
        if self.allergic_to_def_without(p, self.c(card).def, replacing, Default::default()) {
            return Err(Violation::Allergic(card));
        }
        if !self.requirements_met(p, card, def) {
            return Err(Violation::RequirementUnmet(card));
        }
        let need = self.agenda_cost(p, card);
        let have = self.players[p as usize].available();
        if need > have {
            return Err(Violation::Unaffordable { need, have });
        }
        // Requirements: "you may have to rotate another card in order to
        // sponsor the card": never the card rotated to sponsor it.
        self.check_play_cost(p, (card, by), def, pay)
    }

    pub(crate) fn check_sponsor_agenda(
        &self,
        p: PlayerId,
        card: CardId,
        by: (CardId, CardId),
        _hide: bool,
    ) -> Result<(), Violation> {
        // One agenda in play at a time, hidden or not.
        if self.players[p as usize].agenda.some().is_some() {
            return Err(Violation::AlreadyHaveAgenda);
        }
        self.check_agenda_card(p, card, by, CardId::NONE)
    }

    pub(crate) fn do_sponsor_agenda(
        &mut self,
        p: PlayerId,
        card: CardId,
        by: (CardId, CardId),
        hide: bool,
        ev: &mut Events,
    ) {
        self.pay_for_agenda(p, card, by, ev);
        self.move_card(card, Zone::Agenda, p, ev);
        if hide {
            // A hidden agenda is not in play and has no effect.
            self.cm(card).flags |= flag::FACE_DOWN;
            let def = self.c(card).def;
            self.passive_sources_changed(def);
            ev.push(Event::AgendaHidden { player: p, card });
        } else {
            ev.push(Event::AgendaSponsored { player: p, card });
            self.agenda_enters(p, card, ev);
        }
    }

    /// An agenda coming into play face up: uniqueness, "when sponsored"
    /// effects (not when it enters by replacing an agenda: Playing Cards and
    /// Card Details, an effect that triggers when a card is sponsored only
    /// triggers if it entered play through being sponsored), "when played"
    /// effects, taint.
    fn agenda_enters(&mut self, p: PlayerId, card: CardId, ev: &mut Events) {
        self.agenda_enters_by(p, card, true, ev);
    }

    fn agenda_enters_by(&mut self, p: PlayerId, card: CardId, sponsored: bool, ev: &mut Events) {
        self.note_entered_play(card);
        let db = self.db.clone();
        let def = db.get(self.c(card).def);
        if sponsored && !def.effects.is_empty() {
            let ctx = Ctx::new(p, card, Target::None);
            self.run_effects(&def.effects, def.both, &ctx, ev);
        }
        self.run_when_played(p, card, Target::None, ev);
        self.shadow_war_taint_changed(p, ev);
        // Triggers that watch the game: an agenda face up is sponsored (or
        // revealed, its sponsoring completed) or enters by replacement.
        if sponsored {
            self.watch(crate::card::Trigger::Sponsored, card, ev);
        }
        self.watch(crate::card::Trigger::EntersPlay, card, ev);
    }

    /// Sponsoring an agenda (face up, face down or replacing one): its
    /// influence, the Inner Circle character rotated, and its `play_cost`
    /// (Requirements: an active requirement is met as it is sponsored).
    fn pay_for_agenda(
        &mut self,
        p: PlayerId,
        card: CardId,
        (by, pay): (CardId, CardId),
        ev: &mut Events,
    ) {
        let cost = self.agenda_cost(p, card);
        self.apply_influence(p, cost);
        self.rotate(by);
        let db = self.db.clone();
        if let Some(c) = &db.get(self.c(card).def).play_cost {
            self.pay_other_costs(p, by, c, pay, ev);
        }
    }

    pub(crate) fn check_replace_agenda(
        &self,
        p: PlayerId,
        card: CardId,
        by: (CardId, CardId),
    ) -> Result<(), Violation> {
        let old = self.players[p as usize]
            .agenda
            .some()
            .ok_or(Violation::NoAgenda)?;
        if self.c(old).face_down() {
            return Err(Violation::AgendaHidden);
        }
        self.check_agenda_card(p, card, by, old)?;
        // A Major Agenda can only be replaced by a Major Agenda.
        if self.db.get(self.c(old).def).major && !self.db.get(self.c(card).def).major {
            return Err(Violation::MajorAgenda);
        }
        Ok(())
    }

    pub(crate) fn do_replace_agenda(
        &mut self,
        p: PlayerId,
        card: CardId,
        by: (CardId, CardId),
        ev: &mut Events,
    ) {
        let old = self.players[p as usize].agenda;
        self.pay_for_agenda(p, card, by, ev);
        self.remove_from_game(old, ev);
        self.move_card(card, Zone::Agenda, p, ev);
        ev.push(Event::AgendaReplaced {
            player: p,
            old,
            card,
        });
        self.agenda_enters_by(p, card, false, ev);
    }

    pub(crate) fn check_reveal_agenda(&self, p: PlayerId) -> Result<(), Violation> {
        let a = self.players[p as usize]
            .agenda
            .some()
            .ok_or(Violation::NoAgenda)?;
        if !self.c(a).face_down() {
            return Err(Violation::AgendaNotHidden);
        }
        // A hidden Major Agenda whose requirements are unmet cannot be revealed.
        let def = self.db.get(self.c(a).def);
        if def.major && !self.requirements_met(p, a, def) {
            return Err(Violation::RequirementUnmet(a));
        }
        if def.major {
            self.check_reveal_restrictions(p, a)?;
        }
        // Allergic Cards and Marks: nor can you reveal a card allergic to
        // your faction.
        if self.allergic_to_def(p, self.c(a).def) {
            return Err(Violation::Allergic(a));
        }
        Ok(())
    }

    /// Reveals the hidden agenda: it acts as though just sponsored; one whose
    /// requirements are no longer met is discarded instead.
    pub(crate) fn do_reveal_agenda(&mut self, p: PlayerId, ev: &mut Events) {
        let a = self.players[p as usize].agenda;
        let db = self.db.clone();
        let def = db.get(self.c(a).def);
        self.cm(a).flags &= !flag::FACE_DOWN;
        if !self.requirements_met(p, a, def)
            || self.allergic_to_def(p, self.c(a).def)
            || self.check_reveal_restrictions(p, a).is_err()
        {
            ev.push(Event::AgendaDiscarded { player: p, card: a });
            self.discard_from_play(a, crate::game::event::Cause::Rules, ev);
            return;
        }
        let d = self.c(a).def;
        self.passive_sources_changed(d);
        ev.push(Event::AgendaRevealed { player: p, card: a });
        self.agenda_enters(p, a, ev);
    }

    /// Rulings 7.2: "You must meet all restrictions to play a Hidden Agenda
    /// when you sponsor the Agenda *and* when you reveal it": its loyalty,
    /// and whether a copy may enter play now (a limited one with a copy in
    /// play, Glossary, Limited: "the additional copy is discarded"; a
    /// unique one already played; a limited one removed from the game; an
    /// ISA card without the ISA). Checked while it is still face down.
    fn check_reveal_restrictions(&self, p: PlayerId, a: CardId) -> Result<(), Violation> {
        let def_id = self.c(a).def;
        let def = self.db.get(def_id);
        if !self.agenda_loyalty_ok(p, def) {
            return Err(Violation::Disloyal {
                card: a,
                race: def.race,
            });
        }
        if self.unique_used.contains(&def_id) {
            return Err(Violation::UniqueUsed(a));
        }
        if self.limited_removed.contains(&def_id) {
            return Err(Violation::LimitedRemoved(a));
        }
        if self.limited_copy_in_play(p, def_id) {
            return Err(Violation::LimitedInPlay(a));
        }
        self.check_isa_card(a, def)
    }

    pub(crate) fn check_discard_agenda(&self, p: PlayerId) -> Result<(), Violation> {
        let a = self.players[p as usize]
            .agenda
            .some()
            .ok_or(Violation::NoAgenda)?;
        // Major agendas cannot leave play this way, hidden or not.
        if self.db.get(self.c(a).def).major {
            return Err(Violation::MajorAgenda);
        }
        Ok(())
    }

    pub(crate) fn do_discard_agenda(&mut self, p: PlayerId, ev: &mut Events) {
        let a = self.players[p as usize].agenda;
        self.cm(a).flags &= !flag::FACE_DOWN;
        ev.push(Event::AgendaDiscarded { player: p, card: a });
        self.discard_from_play(a, crate::game::event::Cause::Rules, ev);
    }
}
