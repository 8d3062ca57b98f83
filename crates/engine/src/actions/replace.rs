//! Replace a Card (Action Details; Glossary: Replace; rulings 4.6): a card
//! that names another replaces it as an action, without rotating an Inner
//! Circle character and without cost. The replaced card is removed from the
//! game (a limited one can never return); the new card enters ready and
//! undamaged in its place and faction, without the old card's marks,
//! attached cards or contingencies unless it says otherwise (Appendix Two,
//! in `mark_source`); a replaced ambassador's successor becomes the
//! ambassador.

use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{Game, Zone};
use crate::ids::{CardId, PlayerId};

impl Game {
    pub(crate) fn check_replace(
        &self,
        p: PlayerId,
        card: CardId,
        old: CardId,
    ) -> Result<(), Violation> {
        self.check_in_hand(p, card)?;
        let def = self.db.get(self.c(card).def);
        let o = self
            .cards
            .get(old.idx())
            .ok_or(Violation::NoSuchCard(old))?;
        if !o.zone.on_table() {
            return Err(Violation::NotInPlay(old));
        }
        match &def.replaces {
            Some(r) if self.db.get(o.def).name == r.name => {}
            _ => return Err(Violation::CannotReplace(card)),
        }
        // Glossary, Irrevocable: never targeted by a card that would make
        // it leave play (a replacement removes the card it replaces).
        if self.irrevocable(old) {
            return Err(Violation::Irrevocable(old));
        }
        // Drakh Rule 4: a Drakh faction's ambassador cannot be affected by
        // any effect that would change his position as ambassador.
        if self.is_drakh_ambassador(old) {
            return Err(Violation::Ambassador(old));
        }
        if self.unique_used.contains(&self.c(card).def) {
            return Err(Violation::UniqueUsed(card));
        }
        if self.limited_removed.contains(&self.c(card).def) {
            return Err(Violation::LimitedRemoved(card));
        }
        // Replacement obeys the rules of playing the card: one copy of a
        // limited card in play; who may play it (loyalty, Drakh Rule 5).
        if self.limited_copy_in_play(p, self.c(card).def) {
            return Err(Violation::LimitedInPlay(card));
        }
        // Personalities: a version may enter by removing the version in
        // play from the game, and no other way while one is in play.
        self.check_personality(card, old)?;
        // Glossary, Ranger One: limited, as the personality versions are.
        self.check_ranger_one(card, old)?;
        self.check_entry_loyalty(p, card, def)?;
        // The Interstellar Alliance: ISA cards need the ISA.
        self.check_isa_card(card, def)?;
        // Rulings 4.12, the general rule: "Though there is no lull, there is
        // no overlap either": the card replaced (and what leaves with it)
        // does not make the replacement allergic, for every card type.
        let transfers = def
            .replaces
            .as_ref()
            .map(|r| r.transfers)
            .unwrap_or_default();
        if self.allergic_to_def_without(o.faction, self.c(card).def, old, transfers) {
            return Err(Violation::Allergic(card));
        }
        if !self.requirements_met(p, card, def) {
            return Err(Violation::RequirementUnmet(card));
        }
        Ok(())
    }

    pub(crate) fn do_replace(&mut self, p: PlayerId, card: CardId, old: CardId, ev: &mut Events) {
        // Appendix Two, Example 6: the attached cards that transfer "that
        // her controller chooses" are chosen before the old card leaves
        // play; the replacement completes once the choice is done.
        let transfers = self.replacement_transfers(card);
        if transfers.any_chosen() && self.ask_transfers(p, card, old, transfers) {
            return;
        }
        self.replace_now(p, card, old, 0, ev);
    }

    /// The replacement itself, with the attached cards chosen to transfer
    /// (`chosen`: one bit each, in the order `replace_choice` offers them).
    pub(crate) fn replace_now(
        &mut self,
        p: PlayerId,
        card: CardId,
        old: CardId,
        chosen: u64,
        ev: &mut Events,
    ) {
        let o = *self.c(old);
        let fac = o.faction;
        let was_ambassador = self.is_ambassador(old);
        // Appendix Two: the attached cards the replacement transfers, the
        // marks of sources that stay in play, and (if it says so) the rest.
        let transfers = self.replacement_transfers(card);
        let (carried, rest) = self.replacement_carry(old, card, transfers, chosen);
        // The replaced card leaves play (attached cards not transferred are
        // discarded with it) and is removed from the game.
        self.remove_from_game(old, ev);
        let zone = if o.zone == Zone::InnerCircle {
            Zone::InnerCircle
        } else {
            Zone::Supporting
        };
        self.move_card(card, zone, fac, ev);
        // Replace a Card: "the card remains in the same faction and, control
        // of that card passes to the player who controlled the card [that]
        // was replaced" (a hired mercenary's bidder, until the end of turn).
        if o.controller != fac && (o.controller as usize) < self.players.len() {
            self.cm(card).controller = o.controller;
            self.refresh_foreign_control();
        }
        if was_ambassador {
            // The new ambassador goes first in the Inner Circle.
            self.unlink(
                fac as usize,
                crate::game::state::PileKind::InnerCircle,
                card,
            );
            self.link_front(
                fac as usize,
                crate::game::state::PileKind::InnerCircle,
                card,
            );
            self.players[fac as usize].ambassador = card;
        }
        self.note_entered_play(card);
        self.replacement_receive(card, carried, rest, ev);
        ev.push(Event::Replaced {
            player: p,
            old,
            card,
        });
        // Playing Cards and Card Details: a card entering through
        // replacement is played ("when played" effects happen) but not
        // sponsored (its "when sponsored" `effects` do not).
        self.run_when_played(p, card, crate::game::state::Target::None, ev);
        // Triggers that watch the game: it entered play (not sponsored).
        self.watch(crate::card::Trigger::EntersPlay, card, ev);
    }
}
