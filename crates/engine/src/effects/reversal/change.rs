//! The changes a recorded card made, and how each is done on the current
//! totals (rulings: "When you reverse a change, you apply the opposite
//! value to the *current* total"). Every change has an opposite
//! ([`Change::inverse`]): reversing a card applies the opposite of each of
//! its changes, latest first; reversing that reversal applies them again
//! (rulings, Not Meant To Be: "as if the original event occurred with no
//! alteration").
//!
//! Applying a change does only what is still there to do ("Only effects
//! which actually happened and which are still extant ... are reversed"):
//! a transfer moves back at most what the receiver now holds (Glossary,
//! Transfer: "you can only transfer a maximum of what you have"), a card
//! comes back only from where it went, a discount or additional influence
//! is taken back only as far as it is unused (rulings, Not Meant To Be: "if
//! you remove a discount which has already been used, you don't
//! retroactively pay more influence"). What the rules forbid outright makes
//! the whole reversal impossible ([`Game::may_apply`]): ending a war while
//! the Shadow War is in effect, a unique card returning to play, a delayed
//! effect that has already happened.

use crate::card::{CardSel, Force, When, Who};
use crate::effects::interpreter::Ctx;
use crate::game::event::{Cause, Event, Events};
pub(crate) use crate::game::held::{Change, Place};
use crate::game::state::{flag, Game, Modifier, Outcome, Target, Zone, NOBODY};
use crate::ids::{CardId, ConflictId, PlayerId};

impl Change {
    /// The opposite change: what reversing this one does.
    pub(crate) fn inverse(self) -> Change {
        use Change as C;
        match self {
            C::Influence(p, n) => C::Influence(p, -n),
            C::Power(p, n) => C::Power(p, -n),
            C::Tension(p, q, n) => C::Tension(p, q, -n),
            C::Unrest(p, n) => C::Unrest(p, -n),
            C::Force(f, n) => C::Force(f, -n),
            C::Damage(c, n) => C::Healed(c, n),
            C::Healed(c, n) => C::Damage(c, n),
            C::Mark(c, k, n) => C::Mark(c, k, n.saturating_neg()),
            C::Rotated(c) => C::Readied(c),
            C::Readied(c) => C::Rotated(c),
            C::Mod(m, on) => C::Mod(m, !on),
            C::TransferInfluence(a, b, n) => C::TransferInfluence(b, a, n),
            C::ForceTransfer(p, f, n) => C::ForceTransfer(p, f, -n),
            C::TransferPower(a, b, n) => C::TransferPower(b, a, n),
            C::MoveMark(a, b, k, n) => C::MoveMark(b, a, k, n),
            C::MoveChaos(a, b, n) => C::MoveChaos(b, a, n),
            C::MoveDamage(a, b, n) => C::MoveDamage(b, a, n),
            C::War(a, b, on) => C::War(a, b, !on),
            C::State(a, b, k, on) => C::State(a, b, k, !on),
            C::Spent(p, n) => C::Spent(p, -n),
            C::Extra(p, n) => C::Extra(p, -n),
            C::Discount(p, n) => C::Discount(p, -n),
            C::NextDiscount(p, c, on) => C::NextDiscount(p, c, !on),
            C::Severe(c, n) => C::Severe(c, n.saturating_neg()),
            C::Neutral(c, on) => C::Neutral(c, !on),
            C::Chaos(c, n) => C::Chaos(c, n.saturating_neg()),
            C::Credits(c, n) => C::Credits(c, n.saturating_neg()),
            C::Moved(c, from, to) => C::Moved(c, to, from),
            C::Support(k, card, side, n) => C::Support(k, card, side, n.saturating_neg()),
            C::Canceled(k, card, on) => C::Canceled(k, card, !on),
            C::Delayed(c, w, on) => C::Delayed(c, w, !on),
            C::VoteRule(r, on) => C::VoteRule(r, !on),
            C::ShadowWar(on) => C::ShadowWar(!on),
        }
    }
}

/// A context naming two cards (`CardSel::Target`, `CardSel::Second`) or two
/// players (`Who::Me`, `Who::Target`), for the transfers' own functions.
fn two_cards(a: CardId, b: CardId) -> Ctx {
    Ctx::new(NOBODY, CardId::NONE, Target::Card(a)).with_second(b)
}

impl Game {
    /// Where a card is now.
    pub(crate) fn place_of(&self, c: CardId) -> Place {
        let ci = self.c(c);
        Place {
            zone: ci.zone,
            faction: ci.faction,
            controller: ci.controller,
            host: ci.host,
            flags: ci.flags & (flag::ROTATED | flag::FACE_DOWN),
        }
    }

    /// The card is at the place (the same zone, faction and host).
    fn is_at(&self, c: CardId, at: &Place) -> bool {
        let ci = self.c(c);
        ci.zone == at.zone
            && (!at.zone.in_play() || ci.faction == at.faction)
            && (at.zone != Zone::Attached || ci.host == at.host)
    }

    /// Whether applying the change is allowed now (when it is still there
    /// to do). A change that has nothing left to do is allowed: it does
    /// nothing.
    pub(crate) fn may_apply(&self, ch: &Change) -> bool {
        match *ch {
            // The Shadow War, rule 2: "While the Shadow War is in effect no
            // states of war (except the Shadow War) can be ended; they are
            // irrevocable."
            Change::War(a, b, false) => !self.shadow_war || !self.at_war(a, b),
            Change::Moved(c, from, to) => {
                if !self.is_at(c, &from) {
                    return true;
                }
                // An attached card goes back only where it could be moved now
                // (`attachment_move.rs`: type, copies, exclusivity, allergy);
                // else the reversal cannot undo every effect ("cannot be
                // played unless you can reverse all of the effects").
                if from.zone == Zone::Attached && to.zone == Zone::Attached {
                    return self.may_move_attached(
                        CardSel::Target,
                        CardSel::Second,
                        &two_cards(c, to.host),
                    );
                }
                if to.zone.in_play() == from.zone.in_play() {
                    return true;
                }
                if !to.zone.in_play() {
                    return true;
                }
                // Returning to play: rulings, Unique ("A Unique card cannot
                // return to play by any means"), limited copies, removed
                // limited cards; the place must be there to return to.
                let faction_ok = (to.faction as usize) < self.players.len()
                    && !self.players[to.faction as usize].eliminated;
                let place_ok = match to.zone {
                    Zone::Attached => self
                        .cards
                        .get(to.host.idx())
                        .is_some_and(|h| h.zone.in_play()),
                    Zone::Agenda => {
                        faction_ok && self.players[to.faction as usize].agenda.some().is_none()
                    }
                    Zone::InnerCircle | Zone::Supporting | Zone::OnFaction => faction_ok,
                    _ => true,
                };
                let n = self.players.len();
                let p = [to.faction, to.controller, self.c(c).owner]
                    .into_iter()
                    .find(|&p| (p as usize) < n)
                    .unwrap_or(0);
                place_ok && self.check_may_enter_play(p, c).is_ok()
            }
            // A delayed effect no longer waiting has happened: its effects
            // are not recorded, so they cannot be reversed; and one taken
            // away cannot be made to wait again (its effects are not kept).
            Change::Delayed(c, w, false) => self.waiting_delayed(c, w).is_some(),
            Change::Delayed(_, _, true) => false,
            // A discount taken away cannot be given again (its kind is not
            // kept in the record); one already used up has nothing to undo.
            Change::NextDiscount(_, _, true) => false,
            _ => true,
        }
    }

    /// The latest delayed effect of the card waiting for that time.
    fn waiting_delayed(&self, c: CardId, w: When) -> Option<usize> {
        self.delayed
            .iter()
            .rposition(|d| d.ctx.source == c && d.when == w)
    }

    /// Applies one change on the current totals. `by` is the player whose
    /// card does it (a war it brings back is his: The Interstellar
    /// Alliance, Expulsion).
    pub(crate) fn apply_change(&mut self, ch: Change, by: PlayerId, ev: &mut Events) {
        match ch {
            Change::Influence(p, n) if n > 0 => self.gain_influence(p, n, Cause::Reversed, ev),
            Change::Influence(p, n) => {
                self.lose_influence(p, -n, Cause::Reversed, ev);
            }
            Change::Power(p, n) => self.change_power(p, n, Cause::Reversed, ev),
            Change::Tension(p, q, n) => self.change_tension(p, q, n, Cause::Reversed, ev),
            Change::Unrest(p, n) => self.change_unrest(p, n, Cause::Reversed, ev),
            Change::Force(f, n) => self.change_non_player(f, n, ev),
            Change::Damage(c, n) => self.deal_damage(c, n, ev),
            Change::Healed(c, n) => {
                let ci = self.c(c);
                if ci.zone.on_table() && !ci.neutralized() {
                    let d = &mut self.cm(c).damage;
                    *d = d.saturating_sub(n);
                    self.abilities_changed = true;
                }
            }
            Change::Mark(c, k, n) => {
                if self.c(c).zone.in_play() {
                    self.change_marks(c, k, n, ev);
                }
            }
            Change::Rotated(c) => {
                let ci = self.c(c);
                if ci.zone.on_table() && !ci.rotated() {
                    self.rotate(c);
                }
            }
            Change::Readied(c) => {
                if self.c(c).zone.on_table() {
                    self.ready_card(c);
                }
            }
            Change::Mod(m, true) => {
                if self.mod_may_return(&m) && !self.mods.contains(&m) {
                    self.mods.push(m);
                    self.abilities_changed = true;
                }
            }
            Change::Mod(m, false) => {
                if let Some(i) = self.mods.iter().position(|x| *x == m) {
                    self.mods.remove(i);
                    self.abilities_changed = true;
                }
            }
            // Changes for Version 1.2: a transfer is not a gain or a loss;
            // never below 3.
            Change::TransferInfluence(a, b, n) => {
                self.transfer_influence(a, b, n, Cause::Reversed, ev);
            }
            Change::ForceTransfer(p, f, n) => self.force_transfer(p, f, n, ev),
            // Glossary, Transfer: only enough to bring the giver to 0.
            Change::TransferPower(a, b, n) => {
                let ctx = Ctx::new(a, CardId::NONE, Target::Player(b));
                self.transfer_power(
                    n.clamp(0, u8::MAX as i16) as u8,
                    Who::Me,
                    Who::Target,
                    &ctx,
                    ev,
                );
            }
            Change::MoveMark(a, b, k, n) => {
                self.move_marks(k, CardSel::Target, CardSel::Second, n, &two_cards(a, b), ev);
            }
            Change::MoveChaos(a, b, n) => {
                self.transfer_chaos(CardSel::Target, CardSel::Second, n, &two_cards(a, b), ev);
            }
            // Only onto a card not neutralized; it may neutralize the card
            // it returns to (The Effects of Damage).
            Change::MoveDamage(a, b, n) => {
                self.transfer_damage(CardSel::Target, CardSel::Second, n, &two_cards(a, b), ev);
            }
            Change::War(a, b, true) => {
                if self.declare_war(a, b, false, ev) {
                    // The Interstellar Alliance, Expulsion.
                    self.isa_war_started(by, a, b, ev);
                }
            }
            Change::War(a, b, false) => {
                self.end_war(a, b, ev);
            }
            Change::State(a, b, k, on) => {
                self.set_state(a, b, k, on);
            }
            Change::Spent(p, n) if n < 0 => {
                self.restore_influence(p, -n);
            }
            Change::Spent(p, n) => {
                let pl = &mut self.players[p as usize];
                pl.spent += n.min(pl.unspent()).max(0);
            }
            Change::Extra(p, n) => {
                let e = &mut self.players[p as usize].extra;
                *e = (*e + n).max(0);
            }
            Change::Discount(p, n) => {
                let d = &mut self.players[p as usize].sponsor_discount;
                *d = (*d as i16 + n).clamp(0, u8::MAX as i16) as u8;
            }
            Change::Severe(c, n) => {
                let ci = self.c(c);
                if ci.zone.on_table() && ci.neutralized() {
                    let s = &mut self.cm(c).severe;
                    *s = (*s as i16 + n as i16).clamp(0, u8::MAX as i16) as u8;
                }
            }
            Change::Neutral(c, true) => self.neutralize_by_effect(c, ev),
            Change::Neutral(c, false) => {
                let ci = self.c(c);
                if ci.zone.on_table() && ci.neutralized() && ci.severe == 0 {
                    self.cm(c).flags &= !flag::NEUTRALIZED;
                    self.abilities_changed = true;
                    ev.push(Event::Healed { card: c });
                }
            }
            Change::Chaos(c, n) => {
                let n = n.max(-(self.chaos(c).min(i8::MAX as u8) as i8));
                self.change_chaos(c, n, ev);
            }
            Change::Credits(c, n) => {
                let n = n.max(-(self.credits(c).min(i8::MAX as u8) as i8));
                self.change_credits(c, n, ev);
            }
            Change::Moved(c, from, to) => self.move_back(c, from, to, ev),
            Change::Support(k, card, side, n) => {
                let Some(kc) = self.conflicts.get_mut(k.0 as usize) else {
                    return;
                };
                if kc.card != card || kc.resolved {
                    return;
                }
                let v = if side == NOBODY {
                    &mut kc.extra_opposition
                } else if let Some(v) = kc.extra_support.get_mut(side as usize) {
                    v
                } else {
                    return;
                };
                *v = (*v as i16 + n as i16).clamp(0, i8::MAX as i16) as i8;
            }
            Change::Canceled(k, card, on) => self.set_canceled(k, card, on, ev),
            Change::Delayed(c, w, false) => {
                if let Some(i) = self.waiting_delayed(c, w) {
                    self.delayed.remove(i);
                }
            }
            Change::Delayed(_, _, true) => {}
            Change::NextDiscount(p, c, false) => self
                .next_discounts
                .remove_latest(|d| d.player == p && d.source == c),
            Change::NextDiscount(_, _, true) => {}
            Change::VoteRule(r, true) => self.vote_rules.push(r),
            Change::VoteRule(r, false) => {
                if let Some(i) = self.vote_rules.iter().position(|x| *x == r) {
                    self.vote_rules.remove(i);
                }
            }
            Change::ShadowWar(false) => {
                // Rule 4: the wars it started end with it.
                self.shadow_war_effect(false, ev);
            }
            Change::ShadowWar(true) => {
                if !self.shadow_war {
                    // Its end undone: it is in effect again, with the wars
                    // of rule 1 (`start_shadow_war` starts it once only).
                    self.shadow_war_started = false;
                    self.start_shadow_war(ev);
                }
            }
        }
    }

    /// Influence moved between a player and a non-player faction (Glossary,
    /// Transfer: "to another player (or entity, such as the Shadows)"): `n`
    /// from the player (never below 3), or `-n` back from the faction (at
    /// most what it has). A direct change, not a gain or a loss.
    fn force_transfer(&mut self, p: PlayerId, f: Force, n: i16, ev: &mut Events) {
        if n > 0 {
            let moved = self.lose_influence(p, n, Cause::Reversed, ev);
            self.change_non_player(f, moved, ev);
            return;
        }
        let has = match f {
            Force::Babylon5 => self.babylon5,
            Force::Shadows => self.shadows,
            Force::Vorlons => self.vorlons,
        };
        let m = (-n).min(has).max(0);
        if m == 0 || self.players[p as usize].eliminated {
            return;
        }
        self.change_non_player(f, -m, ev);
        let pl = &mut self.players[p as usize];
        pl.influence = pl.influence.saturating_add(m);
        ev.push(Event::Influence {
            player: p,
            delta: m,
            cause: Cause::Reversed,
        });
    }

    /// A conflict canceled (`on`) or back as it was before it was canceled:
    /// pending again, its card back from the discard pile.
    fn set_canceled(&mut self, k: ConflictId, card: CardId, on: bool, ev: &mut Events) {
        let Some(kc) = self.conflicts.get(k.0 as usize) else {
            return;
        };
        if kc.card != card {
            return;
        }
        if on {
            if kc.outcome == Outcome::Pending && !kc.resolved {
                self.cancel_conflict(k, ev);
            }
            return;
        }
        if kc.outcome != Outcome::Canceled {
            return;
        }
        let ini = kc.initiator;
        if let Some(c) = card.some() {
            if self.c(c).zone != Zone::Discard {
                return;
            }
            self.move_card(c, Zone::Conflict, ini, ev);
            let ci = self.cm(c);
            ci.faction = ini;
            ci.controller = ini;
        }
        let kc = &mut self.conflicts[k.0 as usize];
        kc.outcome = Outcome::Pending;
        kc.resolved = false;
    }

    /// A card that moved goes back (or again) from `from` to `to`, if it is
    /// still at `from` (a discarded card still in the discard pile, a card
    /// returned to the hand still there).
    fn move_back(&mut self, c: CardId, from: Place, to: Place, ev: &mut Events) {
        if !self.is_at(c, &from) || !self.may_apply(&Change::Moved(c, from, to)) {
            return;
        }
        let owner = self.c(c).owner;
        match (from.zone.in_play(), to.zone.in_play()) {
            // An attached card back onto its host (`attachment_move.rs`).
            (true, true) if from.zone == Zone::Attached && to.zone == Zone::Attached => {
                self.move_attached(CardSel::Target, CardSel::Second, &two_cards(c, to.host), ev);
            }
            // A promotion undone, or done again.
            (true, true) => self.move_card(c, to.zone, to.faction, ev),
            (true, false) => {
                if to.zone == Zone::Discard {
                    self.discard_from_play(c, Cause::Rules, ev);
                } else {
                    self.move_card(c, to.zone, owner, ev);
                    if to.zone == Zone::Hand {
                        ev.push(Event::ReturnedToHand { card: c });
                    }
                }
            }
            (false, true) => {
                self.move_card(c, to.zone, to.faction, ev);
                let ci = self.cm(c);
                ci.faction = to.faction;
                ci.controller = to.controller;
                ci.host = to.host;
                ci.flags |= to.flags;
                let def = ci.def;
                self.passive_sources_changed(def);
                ev.push(Event::PutIntoPlay {
                    player: to.faction,
                    card: c,
                });
            }
            (false, false) => {
                self.move_card(c, to.zone, owner, ev);
                match to.zone {
                    Zone::Hand if from.zone == Zone::Discard => {
                        ev.push(Event::ReturnedToHand { card: c })
                    }
                    Zone::Discard if from.zone == Zone::Hand => ev.push(Event::DiscardedFromHand {
                        player: owner,
                        card: c,
                        cause: Cause::Rules,
                    }),
                    _ => {}
                }
            }
        }
    }

    /// A lasting change done again applies only where it still could: its
    /// card (if any) in play, and what it lasts while still so.
    fn mod_may_return(&self, m: &Modifier) -> bool {
        use crate::game::state::Until;
        let in_play = |c: CardId| self.cards.get(c.idx()).is_some_and(|ci| ci.zone.in_play());
        (m.card.is_none() || in_play(m.card))
            && match m.until {
                Until::WhileRotated(c) => in_play(c) && self.c(c).rotated(),
                Until::WhileInPlay(c) => in_play(c),
                _ => true,
            }
    }
}
