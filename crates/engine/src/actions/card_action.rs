//! Use a card's action ("Action: ..."; Action Details). Its cost (rotate,
//! apply influence, purge marks, discard) is paid before its effects.

use crate::effects::interpreter::Ctx;
use crate::effects::second_target::Play;
use crate::effects::targets::By;
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{flag, Game, Rotation, Target};
use crate::ids::{CardId, PlayerId};

/// How many card actions a player may use and mercenaries hire in one
/// turn, all together. The rules bound card actions by rotation ("A rotated
/// card [can]not be rotated again while it is rotated. Therefore it is
/// generally only possible to use each card once per turn") and hiring by
/// the bid price; a card file may write an action that does not rotate and
/// costs nothing that runs out, or readies its own card, or a mercenary
/// that costs 0 ("It is possible for a mercenary card to switch sides
/// multiple times during a turn"), which could go on without end
/// (docs/limits.md).
pub const MAX_ACTIONS_PER_TURN: u8 = 50;

impl Game {
    /// The bound on card actions and hires a turn ([`MAX_ACTIONS_PER_TURN`]).
    pub(crate) fn check_actions_this_turn(
        &self,
        p: PlayerId,
        card: CardId,
    ) -> Result<(), Violation> {
        if self.actions_this_turn.get(p as usize).copied().unwrap_or(0) >= MAX_ACTIONS_PER_TURN {
            return Err(Violation::TooManyActions(card));
        }
        Ok(())
    }

    pub(crate) fn count_action_this_turn(&mut self, p: PlayerId) {
        if let Some(n) = self.actions_this_turn.get_mut(p as usize) {
            *n = n.saturating_add(1);
        }
    }

    /// A face-up card in play whose text is not blanked, that `p` controls
    /// (or any player may use the action: `anyone`).
    fn check_action_source(&self, p: PlayerId, card: CardId, index: u8) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if !c.zone.in_play() || c.face_down() {
            return Err(Violation::NotInPlay(card));
        }
        // Card text: "any player may use this action".
        let anyone = || {
            self.db
                .get(c.def)
                .actions
                .get(index as usize)
                .is_some_and(|a| a.anyone)
        };
        if c.controller != p && !anyone() {
            return Err(Violation::NotYours(card));
        }
        if c.has(flag::BLANK) {
            return Err(Violation::NoAction(card));
        }
        Ok(())
    }

    pub(crate) fn check_use_card(
        &self,
        p: PlayerId,
        card: CardId,
        index: u8,
        target: Target,
    ) -> Result<(), Violation> {
        self.check_action_source(p, card, index)?;
        let def = self.db.get(self.c(card).def);
        let act = def
            .actions
            .get(index as usize)
            .ok_or(Violation::NoAction(card))?;
        let c = self.c(card);
        if c.has(flag::NEUTRALIZED_THIS_TURN) {
            return Err(Violation::NeutralizedThisTurn(card));
        }
        // A neutralized card takes no action but to heal itself.
        if c.neutralized() || (act.cost.rotate && c.rotated()) {
            return Err(Violation::NotReady(card));
        }
        if act.cost.discard && self.is_ambassador(card) {
            return Err(Violation::Ambassador(card));
        }
        // Its text: "only once per turn" / "once per game".
        if self.used_up(card, index, act.limit) {
            return Err(Violation::UsedUp {
                card,
                game: act.limit == Some(crate::card::Limit::Game),
            });
        }
        self.check_actions_this_turn(p, card)?;
        let have = self.players[p as usize].available();
        if act.cost.influence as i16 > have {
            return Err(Violation::Unaffordable {
                need: act.cost.influence as i16,
                have,
            });
        }
        if let Some((kind, n)) = act.cost.purge {
            if self.controlled_marks(p, kind) < n as u32 {
                return Err(Violation::RequirementUnmet(card));
            }
        }
        // Corporate Rule 6: credit tokens taken off as a cost must be there.
        if act.cost.credits > c.credits {
            return Err(Violation::NoCredits {
                card,
                need: act.cost.credits,
                have: c.credits,
            });
        }
        // Costs: Chaos Tokens discarded from the cards the player controls,
        // as many as the action's target makes it (Drakh Rule 7).
        if let Some(a) = &act.cost.chaos {
            let need = self.amount(a, &Ctx::new(p, card, target)).max(0) as u16;
            let have = self.chaos_controlled(p);
            if need as u32 > have {
                return Err(Violation::NoChaos { card, need, have });
            }
        }
        // Engine Rules v1.2, Costs: another card's rotation or neutralization
        // is paid with a card the player controls.
        if !self.other_costs_payable(p, card, &act.cost) {
            return Err(Violation::RequirementUnmet(card));
        }
        if let Some(cond) = &act.condition {
            if !self.condition_holds(cond, &Ctx::new(p, card, target)) {
                return Err(Violation::RequirementUnmet(card));
            }
        }
        // Reversal: an event played since your last chance to act, or what
        // was just revealed or resolved, only if every effect that occurred
        // can be reversed.
        self.check_reverser(p, card, act.target, &act.effects, target)?;
        if !self.valid_target(act.target, &act.filter, By::card(p, card), target, false) {
            return Err(Violation::BadTarget);
        }
        self.check_irrevocable_target(def, Some(&act.effects), target)?;
        self.check_attack_target(p, card, &act.effects, target)?;
        // Legal Targets: a second target must exist too.
        if act.second.is_some() {
            self.check_second_exists(&Play {
                player: p,
                card,
                index,
                first: target,
                conflict: None,
            })?;
        }
        Ok(())
    }

    pub(crate) fn do_use_card(
        &mut self,
        p: PlayerId,
        card: CardId,
        index: u8,
        target: Target,
        pay: CardId,
        ev: &mut Events,
    ) {
        // Legal Targets: an action with two targets asks for the second
        // before its costs are paid.
        if self.has_second_target(card, index) {
            self.ask_second(
                Play {
                    player: p,
                    card,
                    index,
                    first: target,
                    conflict: None,
                },
                pay,
            );
            return;
        }
        self.use_card_now(p, card, index, (target, CardId::NONE), pay, ev);
    }

    /// Pays a card action's costs and carries out its effects, with its
    /// targets (`second`: `NONE` for one target).
    pub(crate) fn use_card_now(
        &mut self,
        p: PlayerId,
        card: CardId,
        index: u8,
        (target, second): (Target, CardId),
        pay: CardId,
        ev: &mut Events,
    ) {
        let db = self.db.clone();
        let def = db.get(self.c(card).def);
        let act = &def.actions[index as usize];
        self.apply_influence(p, act.cost.influence as i16);
        if act.cost.rotate {
            self.rotate(card);
            self.cm(card).rotation = Rotation::Action(index);
        }
        self.count_action_this_turn(p);
        self.note_use(card, index, act.limit);
        if let Some((kind, n)) = act.cost.purge {
            let mut left = n;
            // Advanced Details, Requirements: only cards you control pay.
            let cards: smallvec::SmallVec<[CardId; 24]> = self.table_cards_controlled(p).collect();
            for c in cards {
                while left > 0 && self.card_marks(c, kind) > 0 {
                    self.change_marks(c, kind, -1, ev);
                    left -= 1;
                }
            }
        }
        self.pay_other_costs(p, card, &act.cost, pay, ev);
        if let Some(a) = &act.cost.chaos {
            let need = self.amount(a, &Ctx::new(p, card, target)).max(0);
            self.discard_chaos(p, need as u32, ev);
        }
        if act.cost.credits > 0 {
            self.change_credits(card, -(act.cost.credits.min(i8::MAX as u8) as i8), ev);
        }
        ev.push(Event::UsedCard {
            player: p,
            card,
            index,
        });
        self.note_copy_target(card, target);
        if second.some().is_some() {
            ev.push(Event::SecondTarget {
                player: p,
                card,
                second,
            });
        }
        if act.cost.discard {
            self.discard_from_play(card, crate::game::event::Cause::Cost, ev);
        }
        // Negate: contingencies may answer before its effects (`negate.rs`).
        if self.action_window(p, card, index, (target, second)) {
            return;
        }
        self.resolve_card_action(p, card, index, (target, second), ev);
    }

    /// A card action's effects happen, its costs paid (after its window,
    /// if one opened).
    pub(crate) fn resolve_card_action(
        &mut self,
        p: PlayerId,
        card: CardId,
        index: u8,
        (target, second): (Target, CardId),
        ev: &mut Events,
    ) {
        let db = self.db.clone();
        let Some(act) = db.get(self.c(card).def).actions.get(index as usize) else {
            return;
        };
        let mut ctx = Ctx::new(p, card, target).with_second(second);
        if let Target::Conflict(k) = target {
            ctx = ctx.in_conflict(k);
        }
        ctx.sustainable = act.cost.rotate && act.cost.only_rotation();
        self.run_effects(&act.effects, false, &ctx, ev);
        // Reversal: a card action that reverses is not recorded, and what it
        // reversed (or failed to) cannot be reversed again.
        if Game::reverses(&act.effects).is_some() {
            self.reversal = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::MAX_ACTIONS_PER_TURN;
    use crate::card::{CardAction, Cost, Race};
    use crate::card::{Effect, Op, Who};
    use crate::game::action::Action;
    use crate::game::error::{RuleError, Violation};
    use crate::game::state::Target;
    use crate::test_game::{character, two_player_game};

    /// An action with no rotation and no cost that runs out may be used
    /// at most `MAX_ACTIONS_PER_TURN` times a turn (docs/limits.md).
    #[test]
    fn repeated_actions_stop_at_the_turns_bound() {
        let mut a = character("Open Ledger Clerk", Race::Human);
        a.actions = vec![CardAction {
            limit: None,
            anyone: false,
            cost: Cost::default(),
            target: crate::card::TargetKind::None,
            filter: Default::default(),
            second: None,
            effects: vec![Effect::new(Op::GainInfluence { n: 1, who: Who::Me })],
            condition: None,
        }];
        let mut g = two_player_game(a, vec![], |_, _| {});
        let clerk = g.players[0].ambassador;
        let use_it = Action::UseCard {
            card: clerk,
            index: 0,
            target: Target::None,
            pay: crate::ids::CardId::NONE,
        };
        let mut uses = 0;
        loop {
            let p = g.pending()[0];
            if p == 1 {
                g.apply(1, Action::Pass).unwrap();
                continue;
            }
            match g.apply(0, use_it) {
                Ok(_) => uses += 1,
                Err(RuleError {
                    violation: Violation::TooManyActions(c),
                    message,
                    ..
                }) => {
                    assert_eq!(c, clerk);
                    assert!(message.contains("50 times this turn"), "{message}");
                    break;
                }
                Err(e) => panic!("{e:?}"),
            }
            assert!(uses <= MAX_ACTIONS_PER_TURN as usize, "no bound");
        }
        assert_eq!(uses, MAX_ACTIONS_PER_TURN as usize);
        assert!(!g.legal_actions(0).contains(&use_it), "not listed either");
    }

    /// A mercenary with a bid price of 0 may change hands only so often:
    /// hires count toward the same bound.
    #[test]
    fn hires_of_a_free_mercenary_stop_at_the_turns_bound() {
        let mut blade = character("Free Blade", Race::Human);
        blade.cost = Some(0);
        blade.abilities = [1, 1, 0, 1, 0];
        blade.kw.mercenary = true;
        let mut g = two_player_game(
            character("Harbor Envoy", Race::Human),
            vec![blade],
            |pos, id| {
                pos.players[0].supporting =
                    vec![crate::turn::position::CardPosition::of(id("Free Blade"))];
            },
        );
        let blade = (0..g.card_count() as u16)
            .map(crate::ids::CardId)
            .find(|&c| g.card_name(c) == "Free Blade")
            .unwrap();
        let mut hires = [0usize; 2];
        loop {
            let p = g.pending()[0];
            match g.apply(p, Action::Hire { card: blade }) {
                Ok(_) => hires[p as usize] += 1,
                Err(RuleError {
                    violation: Violation::TooManyActions(_),
                    ..
                }) => break,
                // Already in control (A's own card, first): pass instead.
                Err(_) => {
                    g.apply(p, Action::Pass).unwrap();
                }
            }
            assert!(hires.iter().all(|&h| h <= MAX_ACTIONS_PER_TURN as usize));
        }
        assert_eq!(hires.iter().max(), Some(&(MAX_ACTIONS_PER_TURN as usize)));
    }
}
