//! The Ready Round: Ready Cards (with sustained actions), Restore Influence,
//! Determine Initiative.

use crate::card::Duration;
use crate::card::Passive;
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{flag, Game, Rotation, Step};
use crate::ids::{CardId, PlayerId};

impl Game {
    pub(crate) fn begin_ready_round(&mut self, _ev: &mut Events) {
        for c in self.cards.iter_mut() {
            c.flags &= !(flag::NEUTRALIZED_THIS_TURN | flag::HEALED | flag::SUSTAIN);
        }
        self.step = Step::Sustain { answered: 0 };
    }

    /// Cards on any table that `p` controls.
    pub(crate) fn table_cards_controlled(&self, p: PlayerId) -> crate::game::zones::TableIter<'_> {
        // Cards are controlled by their own faction save hired mercenaries
        // and conquered locations: only then look at every table.
        if self.foreign_control {
            self.all_table_cards().controlled_by(p)
        } else {
            self.table_cards(p).controlled_by(p)
        }
    }

    /// Whether a rotated card's action can be sustained: it must have cost
    /// nothing but the rotation and give an ability bonus or last "while
    /// rotated" (Sustained Actions; rulings 2.1).
    pub(crate) fn sustainable(&self, id: CardId) -> bool {
        let c = self.c(id);
        if !c.rotated() || c.neutralized() {
            return false;
        }
        match c.rotation {
            Rotation::Plain => false,
            Rotation::Support => true,
            Rotation::Lead => c
                .leading
                .some()
                .is_some_and(|f| self.c(f).led_by == id && self.c(f).zone.on_table()),
            Rotation::Assist => c.leading.some().is_some(),
            Rotation::Action(i) => self.db.get(c.def).actions.get(i as usize).is_some_and(|a| {
                // The Ready Round, Step 1: no other cost besides rotating.
                // An ability bonus lasting while rotated, or until the end
                // of the turn ("there is no gap"; rulings 2.1: "even if the
                // card providing the aid has the phrase until the end of the
                // turn on it").
                let only_rotation = a.cost.only_rotation();
                only_rotation
                    && a.effects.iter().any(|e| {
                        matches!(
                            e.op,
                            crate::card::Op::Bonus {
                                duration: Duration::WhileRotated | Duration::Turn,
                                ..
                            } | crate::card::Op::Double {
                                duration: Duration::WhileRotated | Duration::Turn,
                                ..
                            }
                        )
                    })
            }),
        }
    }

    pub(crate) fn has_sustainable(&self, p: PlayerId) -> bool {
        self.table_cards_controlled(p).any(|c| self.sustainable(c))
    }

    pub(crate) fn check_sustain(&self, p: PlayerId, card: CardId) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if c.controller != p || !c.zone.on_table() {
            return Err(Violation::NotYours(card));
        }
        if !self.sustainable(card) {
            return Err(Violation::NotSustainable(card));
        }
        if c.has(flag::SUSTAIN) {
            return Err(Violation::AlreadySustained(card));
        }
        Ok(())
    }

    /// The Cannot rule: whether anything forbids the card to ready
    /// (rulings, Psi Attack: "the target cannot ready while you sustain").
    #[inline]
    pub(crate) fn may_ready(&self, id: CardId) -> bool {
        !self.card_cannot(id, crate::card::Cannot::Ready, None)
    }

    pub(crate) fn do_sustain(&mut self, card: CardId, ev: &mut Events) {
        self.cm(card).flags |= flag::SUSTAIN;
        ev.push(Event::Sustained { card });
    }

    /// Steps 1-3: ready every rotated card not sustaining, restore influence,
    /// determine initiative.
    pub(crate) fn ready_step(&mut self, ev: &mut Events) {
        for i in 0..self.cards.len() {
            let id = CardId(i as u16);
            let c = self.c(id);
            if !c.zone.in_play() || !c.rotated() {
                continue;
            }
            if c.has(flag::SUSTAIN) {
                self.cm(id).flags &= !flag::SUSTAIN;
            } else if !self.may_ready(id) {
                // The Cannot rule: a card that cannot ready stays rotated,
                // its sustainable effects sustained (rulings 2.1).
            } else {
                self.ready_card(id);
            }
        }
        // A fleet whose leader stopped leading may now be neutralized.
        self.sweep_neutralization(ev);
        // Restore influence up to the Influence Rating; additional influence
        // for the turn from cards in play.
        for p in 0..self.players.len() {
            let pl = &mut self.players[p];
            pl.spent = 0;
            pl.extra = 0;
        }
        for i in 0..self.passive_sources.len() {
            let src = self.passive_sources[i];
            let ctrl = self.you_of(src);
            if (ctrl as usize) >= self.players.len() {
                continue;
            }
            let extra: i16 = self
                .lasting(src)
                .map(|p| match p {
                    Passive::ExtraInfluence(n) => *n as i16,
                    _ => 0,
                })
                .sum();
            self.players[ctrl as usize].extra += extra;
        }
        // Granted by an effect, outliving its card (`effects/conquest.rs`).
        self.add_incomes();
        ev.push(Event::InfluenceRestored);
        self.determine_initiative(ev);
    }
}

/// What the turn remembers of its start: the cards in play that were ready
/// then, before the Ready Round readied anything ("was ready at the start
/// of the turn", a selector's `ready_at_turn_start`). Recorded only in
/// games with a card that asks (`CardDb::reads_ready_at_start`), so that
/// the others' state and digests stay as they were.
impl Game {
    /// Notes the cards in play that are ready now, at the start of a turn.
    pub(crate) fn note_ready_at_turn_start(&mut self) {
        if !self.db.reads_ready_at_start() {
            return;
        }
        let now: Vec<CardId> = (0..self.cards.len())
            .map(|i| CardId(i as u16))
            .filter(|&c| {
                let ci = self.c(c);
                ci.zone.in_play() && !ci.rotated()
            })
            .collect();
        if now != self.ready_at_start {
            self.ready_at_start = now;
            // Lasting bonuses to the cards it selects change.
            self.abilities_changed = true;
        }
    }

    /// Whether the card was ready at the start of the turn (in play then,
    /// not rotated, and in play ever since: a card that leaves play and
    /// comes back is a new card).
    pub(crate) fn was_ready_at_turn_start(&self, c: CardId) -> bool {
        self.ready_at_start.binary_search(&c).is_ok()
    }

    /// A card leaving play is forgotten.
    pub(crate) fn forget_ready_at_turn_start(&mut self, c: CardId) {
        if let Ok(i) = self.ready_at_start.binary_search(&c) {
            self.ready_at_start.remove(i);
            self.abilities_changed = true;
        }
    }
}
