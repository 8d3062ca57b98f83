//! Legal Targets: a card with two targets (Engine Rules v1.2, Legal
//! Targets: "The Rivalry aftermath requires you to target two Inner Circle
//! characters, other than the ambassador, controlled by the same player. If
//! no one has two Inner Circle characters besides their ambassador, you
//! cannot play this card"; Advanced Details about playing cards, Targets:
//! "If a card has one or more targets then you cannot play that card unless
//! you can target all of the appropriate card(s)").
//!
//! An event, an aftermath or a card action may name a second target: a
//! card in play matching a filter, never the first target, never face down,
//! possibly in a relation to the first (same controller, same faction,
//! another faction). The legal actions do not list pairs: the card is
//! played with its first target as any card, and it is legal only when at
//! least one legal second target exists for that first target. Nothing
//! happens then but a choice (`ChoiceKind::Second`, answered with
//! `Action::Choose`) asking the same player for the second target; only
//! once it is chosen are the costs applied, the card played, its
//! contingency window opened and its effects carried out, as for a card
//! with one target. Nothing else happens in between, so the second target
//! offered at the play is still there when the choice is made. While the
//! player chooses, the card is shown to everyone: it is being played, and
//! nothing can stop it now.

use crate::card::{CardSel, Effect};
use crate::card::{CardType, Race, TargetKind};
use crate::card::{Relation, SecondTarget};
use crate::effects::choice::{Choice, ChoiceKind};
use crate::effects::negate::removes;
use crate::effects::targets::Targets;
use crate::game::error::Violation;
use crate::game::event::Events;
use crate::game::state::{Game, Target};
use crate::ids::{CardId, ConflictId, PlayerId};

/// `Choice::index` of a second target asked for an event's or an
/// aftermath's own effects (not a card action).
pub(crate) const OWN_EFFECTS: u8 = u8::MAX;

/// What a second target is asked for: the card played (or used), with its
/// first target.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Play {
    pub player: PlayerId,
    pub card: CardId,
    /// The card action's number, or [`OWN_EFFECTS`].
    pub index: u8,
    pub first: Target,
    /// An aftermath's conflict.
    pub conflict: Option<ConflictId>,
}

impl Play {
    fn of(c: &Choice) -> Play {
        Play {
            player: c.player,
            card: c.card,
            index: c.index,
            first: c.target,
            conflict: c.conflict,
        }
    }
}

impl Game {
    /// The second target the card (or its action) names, and the effects
    /// that may refer to it.
    fn second_spec(&self, card: CardId, index: u8) -> Option<(&SecondTarget, &[Effect])> {
        let def = self.db.get(self.cards.get(card.idx())?.def);
        if index == OWN_EFFECTS {
            def.second.as_ref().map(|s| (s, def.effects.as_slice()))
        } else {
            let a = def.actions.get(index as usize)?;
            a.second.as_ref().map(|s| (s, a.effects.as_slice()))
        }
    }

    /// Whether the card (or its action `index`) has a second target.
    #[inline]
    pub(crate) fn has_second_target(&self, card: CardId, index: u8) -> bool {
        self.second_spec(card, index).is_some()
    }

    /// A card's faction as a filter sees it: off the table, its controller's.
    fn side_of(&self, c: CardId) -> PlayerId {
        let ci = self.c(c);
        if ci.zone.on_table() {
            ci.faction
        } else {
            ci.controller
        }
    }

    /// Whether `s` stands in the relation to the first target.
    fn second_related(&self, r: Relation, first: Target, s: CardId) -> bool {
        if r == Relation::Any {
            return true;
        }
        let (controller, faction) = match first {
            Target::Card(f) if f.idx() < self.cards.len() => {
                (self.c(f).controller, self.side_of(f))
            }
            Target::Player(q) => (q, q),
            _ => return false,
        };
        match r {
            Relation::Any => true,
            Relation::SameController => self.c(s).controller == controller,
            Relation::SameFaction => self.side_of(s) == faction,
            Relation::OtherFaction => self.side_of(s) != faction,
        }
    }

    /// Whether `s` may be the second target of `play`, or why not.
    pub(crate) fn check_second(&self, play: &Play, s: CardId) -> Result<(), Violation> {
        let Some((spec, effects)) = self.second_spec(play.card, play.index) else {
            return Err(Violation::BadTarget);
        };
        if s.idx() >= self.cards.len() {
            return Err(Violation::NoSuchCard(s));
        }
        // Two targets are two cards.
        if play.first == Target::Card(s) {
            return Err(Violation::SameTarget(s));
        }
        // Hidden information: a face-down card is never a second target.
        if self.c(s).face_down()
            || !self.valid_target(
                TargetKind::Card,
                &spec.filter,
                play.player,
                Target::Card(s),
                false,
            )
        {
            return Err(Violation::BadTarget);
        }
        if !self.second_related(spec.relation, play.first, s) {
            return Err(Violation::SecondRelation(s));
        }
        // Glossary, Irrevocable: not the target of a card that would
        // directly cause it to leave play.
        if self.irrevocable(s) && removes(effects, CardSel::Second) {
            return Err(Violation::Irrevocable(s));
        }
        if let Some(k) = play.conflict {
            self.check_aftermath_second(play, k, s)?;
        }
        Ok(())
    }

    /// Aftermath Cards: the second target of an aftermath is one of its
    /// targets, with the limits of every target ("it may only target the
    /// cards of the faction which initiated the conflict" unless
    /// Participant; a loyal aftermath, "targets in a faction of that race").
    fn check_aftermath_second(
        &self,
        play: &Play,
        k: ConflictId,
        s: CardId,
    ) -> Result<(), Violation> {
        let def = self.db.get(self.c(play.card).def);
        if def.card_type != CardType::Aftermath {
            return Ok(());
        }
        let kc = self
            .conflicts
            .get(k.0 as usize)
            .ok_or(Violation::NoSuchConflict)?;
        let faction = self.c(s).faction;
        if def.aftermath_play().participant {
            if !self.participated(kc, s) {
                return Err(Violation::BadTarget);
            }
        } else if faction != kc.initiator {
            return Err(Violation::BadTarget);
        }
        // Aftermath Cards, as for the first target (Drakh Rule 3 included).
        if def.race != Race::Neutral && !self.faction_is_race(faction, def.race) {
            return Err(Violation::DisloyalTarget {
                card: play.card,
                race: def.race,
            });
        }
        Ok(())
    }

    /// Calls `f` with each legal second target of `play` until it returns
    /// true; whether it did.
    fn find_second(&self, play: &Play, mut f: impl FnMut(CardId) -> bool) -> bool {
        let Some((spec, _)) = self.second_spec(play.card, play.index) else {
            return false;
        };
        let mut ts = Targets::new();
        self.target_candidates(TargetKind::Card, &spec.filter, play.player, false, &mut ts);
        ts.iter().any(|&t| match t {
            Target::Card(s) => self.check_second(play, s).is_ok() && f(s),
            _ => false,
        })
    }

    /// Legal Targets: a card with a second target is played only when one
    /// exists for its first target.
    pub(crate) fn check_second_exists(&self, play: &Play) -> Result<(), Violation> {
        if self.find_second(play, |_| true) {
            Ok(())
        } else {
            Err(Violation::NoSecondTarget(play.card))
        }
    }

    /// The legal second targets of the choice in progress.
    pub(crate) fn second_candidates(&self, c: &Choice) -> SmallCards {
        let mut out = SmallCards::new();
        self.find_second(&Play::of(c), |s| {
            out.push(s);
            false
        });
        out
    }

    /// The card is played with its first target: its player is asked for
    /// the second before anything happens.
    pub(crate) fn ask_second(&mut self, play: Play, pay: CardId) {
        self.choice = Some(Choice {
            kind: ChoiceKind::Second,
            player: play.player,
            card: play.card,
            def: self.c(play.card).def,
            index: play.index,
            controller: play.player,
            target: play.first,
            second: CardId::NONE,
            conflict: play.conflict,
            attacker: CardId::NONE,
            margin: 0,
            from_conflict: false,
            taken: 0,
            searching_deck: false,
            pay,
            chosen: 0,
            price: 0,
            chosen_player: crate::game::state::NOBODY,
        });
    }

    /// Whether a second target is being asked for.
    #[inline]
    pub(crate) fn second_pending(&self) -> bool {
        self.choice.is_some_and(|c| c.kind == ChoiceKind::Second)
    }

    /// Whether `card` is the card whose second target is being asked for
    /// (it is being played: everyone sees it).
    /// (A replacing card whose transfers are being chosen is too: Appendix
    /// Two, Example 6, `replace_choice.rs`.)
    pub(crate) fn being_played(&self, card: CardId) -> bool {
        self.choice.is_some_and(|c| {
            matches!(c.kind, ChoiceKind::Second | ChoiceKind::Transfer) && c.card == card
        })
    }

    /// The relation the second target being chosen must stand in, in
    /// words, with the first target's name.
    pub(crate) fn second_relation_words(&self) -> Option<(&'static str, String)> {
        let c = self.choice.filter(|c| c.kind == ChoiceKind::Second)?;
        let (spec, _) = self.second_spec(c.card, c.index)?;
        let words = match spec.relation {
            Relation::Any => return None,
            Relation::SameController => "controlled by the same player as",
            Relation::SameFaction => "in the same faction as",
            Relation::OtherFaction => "in another faction than",
        };
        Some((words, self.target_name(c.target)))
    }

    pub(crate) fn check_second_choice(&self, c: &Choice, s: CardId) -> Result<(), Violation> {
        self.check_second(&Play::of(c), s)
    }

    /// The second target is chosen: the card is played now, with both.
    pub(crate) fn finish_second(&mut self, c: Choice, s: CardId, ev: &mut Events) {
        self.choice = None;
        let (p, card) = (c.player, c.card);
        if c.index != OWN_EFFECTS {
            self.use_card_now(p, card, c.index, (c.target, s), c.pay, ev);
            return;
        }
        match self.db.get(c.def).card_type {
            CardType::Aftermath => {
                let k = c.conflict.map_or(0, |k| k.0);
                self.aftermath_now(p, k, card, (c.target, s), c.pay, ev);
            }
            _ => self.play_event_now(p, card, (c.target, s), c.pay, ev),
        }
    }
}

/// Second targets offered at once (inline for the usual few).
pub(crate) type SmallCards = smallvec::SmallVec<[CardId; 16]>;
