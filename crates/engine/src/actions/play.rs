//! Play an Event or Contingency (Action Details; Event Cards; Contingency
//! Cards). Events go to the discard pile as soon as they are played (Engine
//! Rules v1.2, Changes since last Published rules).
//!
//! Below, "when played" and "when sponsored" effects on every way a card
//! comes in, and the exclusivity of enhancements ("only one X may be on a
//! card").

use crate::card::{AttachKind, CardDef, CardType, Race, Uniqueness};
use crate::effects::interpreter::Ctx;
use crate::effects::second_target::{Play, OWN_EFFECTS};
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{flag, Game, Target, Zone};
use crate::ids::{CardId, PlayerId};

impl Game {
    /// Checks shared by events, contingencies and aftermaths played from hand.
    pub(crate) fn check_playable(
        &self,
        p: PlayerId,
        card: CardId,
        ty: CardType,
        expected: &'static str,
    ) -> Result<i16, Violation> {
        self.check_playable_on(p, card, ty, expected, Target::None)
    }

    /// As `check_playable`, with the target the requirements may name.
    pub(crate) fn check_playable_on(
        &self,
        p: PlayerId,
        card: CardId,
        ty: CardType,
        expected: &'static str,
        target: Target,
    ) -> Result<i16, Violation> {
        self.check_in_hand(p, card)?;
        let def = self.db.get(self.c(card).def);
        if def.card_type != ty {
            return Err(Violation::WrongType { card, expected });
        }
        self.check_may_play(p, card)?;
        // The Interstellar Alliance: ISA cards need the ISA.
        self.check_isa_card(card, def)?;
        // Event Cards: a loyal event is played only by players of its race.
        // (A loyal contingency limits its target instead: Contingency Cards.)
        // Drakh Rule 5: Drakh cards that are not sponsored are played only by
        // a Drakh faction (Rule 3: as if it were the Drakh race).
        if def.race == Race::Drakh && !self.is_drakh(p) {
            return Err(Violation::DrakhOnly(card));
        }
        if ty == CardType::Event && def.race != Race::Neutral && !self.plays_as_race(p, def.race) {
            return Err(Violation::Disloyal {
                card,
                race: def.race,
            });
        }
        let def_id = self.c(card).def;
        if def.uniqueness == Uniqueness::Unique && self.unique_used.contains(&def_id) {
            return Err(Violation::UniqueUsed(card));
        }
        if self.allergic_to_def(p, self.c(card).def) {
            return Err(Violation::Allergic(card));
        }
        if !self.requirements_met_on(p, card, def, target) {
            return Err(Violation::RequirementUnmet(card));
        }
        let need = self.played_cost(p, card)?;
        let have = self.players[p as usize].available();
        if need > have {
            return Err(Violation::Unaffordable { need, have });
        }
        Ok(need)
    }

    pub(crate) fn check_play_event(
        &self,
        p: PlayerId,
        card: CardId,
        target: Target,
        pay: CardId,
    ) -> Result<(), Violation> {
        self.check_playable_on(p, card, CardType::Event, "event", target)?;
        let def = self.db.get(self.c(card).def);
        // A limited event: one copy each turn.
        if def.uniqueness == Uniqueness::Limited
            && self.limited_this_turn.contains(&self.c(card).def)
        {
            return Err(Violation::LimitedThisTurn(card));
        }
        // Reversal: an event played since your last chance to act, or what
        // was just revealed or resolved, only if every effect that occurred
        // can be reversed.
        self.check_reverser(p, card, def.target, &def.effects, target)?;
        // Seen from the card: "not already targeted by another copy".
        if !self.valid_target(
            def.target,
            &def.filter,
            crate::effects::targets::By::card(p, card),
            target,
            false,
        ) {
            return Err(Violation::BadTarget);
        }
        self.check_irrevocable_target(def, None, target)?;
        if def.card_type == CardType::Event {
            self.check_attack_target(p, card, &def.effects, target)?;
        }
        // Legal Targets: a second target must exist too.
        if def.second.is_some() {
            self.check_second_exists(&Play {
                player: p,
                card,
                index: OWN_EFFECTS,
                first: target,
                conflict: None,
            })?;
        }
        self.check_play_cost(p, (card, card), def, pay)
    }

    /// Requirements: "Some requirements may ... be active and require you
    /// to do something": a card's `play_cost` is paid with cards the
    /// player controls (Costs), other than `not` (the event itself, or the
    /// card rotated to sponsor), and `pay` names one that may pay it.
    #[inline]
    pub(crate) fn check_play_cost(
        &self,
        p: PlayerId,
        (card, not): (CardId, CardId),
        def: &crate::card::CardDef,
        pay: CardId,
    ) -> Result<(), Violation> {
        let Some(cost) = &def.play_cost else {
            return match pay.some() {
                Some(c) => Err(Violation::NotOffered(c)),
                None => Ok(()),
            };
        };
        if !self.other_costs_payable(p, not, cost) {
            return Err(Violation::RequirementUnmet(card));
        }
        self.check_payer(p, not, cost, pay)
    }

    pub(crate) fn do_play_event(
        &mut self,
        p: PlayerId,
        card: CardId,
        target: Target,
        pay: CardId,
        ev: &mut Events,
    ) {
        // Legal Targets: a card with two targets asks for the second first.
        if self.has_second_target(card, OWN_EFFECTS) {
            self.ask_second(
                Play {
                    player: p,
                    card,
                    index: OWN_EFFECTS,
                    first: target,
                    conflict: None,
                },
                pay,
            );
            return;
        }
        self.play_event_now(p, card, (target, CardId::NONE), pay, ev);
    }

    /// Plays an event with its targets (`second`: `NONE` for one target).
    pub(crate) fn play_event_now(
        &mut self,
        p: PlayerId,
        card: CardId,
        (target, second): (Target, CardId),
        pay: CardId,
        ev: &mut Events,
    ) {
        let db = self.db.clone();
        let def_id = self.c(card).def;
        let def = db.get(def_id);
        let cost = self.played_cost(p, card).unwrap_or(0);
        self.apply_influence(p, cost);
        // Requirements: an active requirement is met as the card is played.
        if let Some(c) = &def.play_cost {
            self.pay_other_costs(p, card, c, pay, ev);
        }
        self.move_card(card, Zone::Discard, p, ev);
        match def.uniqueness {
            Uniqueness::Limited => self.limited_this_turn.push(def_id),
            Uniqueness::Unique => self.unique_used.push(def_id),
            Uniqueness::Multiple => {}
        }
        ev.push(Event::EventPlayed {
            player: p,
            card,
            target,
        });
        self.note_copy_target(card, target);
        if second.some().is_some() {
            ev.push(Event::SecondTarget {
                player: p,
                card,
                second,
            });
        }
        // Negate: contingencies may answer before its effects (`negate.rs`).
        if self.event_window(p, card, target, second) {
            return;
        }
        self.resolve_event(p, card, target, second, ev);
    }

    /// An event's effects happen (after its window, if one opened).
    pub(crate) fn resolve_event(
        &mut self,
        p: PlayerId,
        card: CardId,
        target: Target,
        second: CardId,
        ev: &mut Events,
    ) {
        let db = self.db.clone();
        let def = db.get(self.c(card).def);
        let mut ctx = Ctx::new(p, card, target).with_second(second);
        if let Target::Conflict(k) = target {
            ctx = ctx.in_conflict(k);
        }
        // Reversal: record what this event's own effects change (a
        // reversing event is recorded as one that cannot be reversed).
        let reverser = Game::reverses(&def.effects).is_some();
        self.start_event_record(p, card, reverser);
        self.run_effects(&def.effects, def.both, &ctx, ev);
        self.stop_event_record();
        // Card format, Triggers that watch the game: "Whenever a player
        // plays an event", once its effects have happened.
        self.watch(crate::card::Trigger::EventPlayed, card, ev);
        if reverser {
            // What it reversed (or failed to) cannot be reversed again.
            self.reversal = None;
        }
    }

    pub(crate) fn check_play_contingency(
        &self,
        p: PlayerId,
        card: CardId,
        host: CardId,
        pay: CardId,
    ) -> Result<(), Violation> {
        self.check_playable(p, card, CardType::Contingency, "contingency")?;
        let def = self.db.get(self.c(card).def);
        let h = self
            .cards
            .get(host.idx())
            .ok_or(Violation::NoSuchCard(host))?;
        // Played face down under a card you control, of the listed type (and
        // race, for a loyal contingency); or on one of your conflicts of
        // this turn, revealed and not yet resolved (rulings 7.5).
        if def.attach == AttachKind::Conflict {
            if !self.conflict_takes_contingency(p, host) {
                return Err(Violation::BadTarget);
            }
        } else if !h.zone.on_table() || h.controller != p {
            return Err(Violation::BadTarget);
        }
        let hd = self.db.get(h.def);
        let type_ok = match def.attach {
            AttachKind::Faction | AttachKind::Global => true,
            k => k.card_type() == Some(hd.card_type),
        };
        // A conflict card is off the table: no filter of cards in play.
        let filter_ok =
            def.attach == AttachKind::Conflict || self.filter_matches(&def.filter, host, p);
        if !type_ok || (def.race != Race::Neutral && hd.race != def.race) || !filter_ok {
            return Err(Violation::BadTarget);
        }
        self.check_play_cost(p, (card, card), def, pay)
    }

    /// Whether `host` is the card of one of `p`'s conflicts this turn,
    /// revealed and not yet resolved: a contingency may be played on it.
    pub(crate) fn conflict_takes_contingency(&self, p: PlayerId, host: CardId) -> bool {
        host.some().is_some()
            && self.c(host).zone == Zone::Conflict
            && self
                .conflicts
                .iter()
                .any(|k| k.card == host && k.initiator == p && k.revealed && !k.resolved)
    }

    pub(crate) fn do_play_contingency(
        &mut self,
        p: PlayerId,
        card: CardId,
        (host, pay): (CardId, CardId),
        ev: &mut Events,
    ) {
        let cost = self.played_cost(p, card).unwrap_or(0);
        self.apply_influence(p, cost);
        // Requirements: an active requirement is met as the card is played.
        let db = self.db.clone();
        if let Some(c) = &db.get(self.c(card).def).play_cost {
            self.pay_other_costs(p, card, c, pay, ev);
        }
        // A conflict card belongs to no faction: the contingency is its
        // player's.
        let fac = if self.c(host).zone == Zone::Conflict {
            p
        } else {
            self.c(host).faction
        };
        self.move_card(card, Zone::Attached, fac, ev);
        let c = self.cm(card);
        c.flags |= flag::FACE_DOWN;
        c.host = host;
        c.faction = fac;
        c.controller = p;
        ev.push(Event::ContingencyPlayed { player: p, host });
    }
}

// "When played" and "when sponsored" (Engine Rules v1.2, Playing Cards and
// Card Details): "A card is played whenever it enters play by being
// sponsored, through replacement or by being played. Any effects which
// trigger on being played will trigger in all of those methods of
// playing. Conversely if an effect triggers when a card is sponsored it
// only triggers if the card entered play through being sponsored." A
// supporting card's or agenda's `effects` are its "when sponsored"
// effects; its `when_played` effects happen on every way in.

impl Game {
    /// Runs the card's "when played" effects, if it has any (no allocation
    /// when it has none).
    pub(crate) fn run_when_played(
        &mut self,
        p: PlayerId,
        card: CardId,
        target: Target,
        ev: &mut Events,
    ) {
        let db = self.db.clone();
        let def = db.get(self.c(card).def);
        if def.when_played.is_empty() {
            return;
        }
        let ctx = Ctx::new(p, card, target);
        self.run_effects(&def.when_played, def.both, &ctx, ev);
    }
}

// Exclusivity of enhancements ("only one X may be on a card"). Copies of
// one enhancement never share a target (Engine Rules v1.2, Enhancement
// Cards: "No two copies of the same enhancement card can target the same
// card"; enforced in `enhancement_target_ok`). A card may also say that
// only one card of a kind may be on a card: with the keyword
// `only one <k>` it cannot join a card that already holds a face-up
// enhancement with the keyword `<k>`, and while it is on a card no other
// enhancement with that keyword can join it (Cumulative Effects: "read the
// text closely").

/// The keyword prefix that makes an enhancement exclusive.
pub const ONLY_ONE: &str = "only one ";

/// The kinds a card is exclusive about (`only one <k>`), without allocating.
fn only_one(def: &CardDef) -> impl Iterator<Item = &str> {
    def.keywords.iter().filter_map(|k| {
        k.get(..ONLY_ONE.len())
            .filter(|p| p.eq_ignore_ascii_case(ONLY_ONE))
            .map(|_| k[ONLY_ONE.len()..].trim())
    })
}

impl Game {
    /// Whether an enhancement joining `host` breaks an exclusivity: its own
    /// (`only one <k>` with a `<k>` already there) or one already on `host`.
    pub(crate) fn exclusive_taken(&self, def: &CardDef, host: CardId) -> bool {
        self.attachments.iter().any(|&a| {
            let ai = self.c(a);
            if ai.host != host || ai.zone != Zone::Attached || ai.face_down() {
                return false;
            }
            let held = self.db.get(ai.def);
            only_one(def).any(|k| held.has_keyword(k)) || only_one(held).any(|k| def.has_keyword(k))
        })
    }
}
