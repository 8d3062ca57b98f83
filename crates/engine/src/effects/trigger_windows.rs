//! Contingencies on the newer triggers (Contingency Cards: "Whenever the
//! trigger condition is met, the player of the contingency may reveal it").
//! Each newer trigger happens at the same moment as an older one, and its
//! contingencies answer in that moment's window, so no player is asked
//! twice for one event (every player with a face-down contingency is asked,
//! match or not, so hidden cards stay hidden):
//!
//! - `attack-in-conflict`: in the window of the attack (before damage), for
//!   a contingency on a card of the conflict's initiator;
//! - `survived-attack`: in the window after the attack's damage (the
//!   `neutralized-target` window, or one opened for the survivors), for a
//!   contingency on a card of the attack that is still in play and not
//!   neutralized;
//! - `fleet-neutralized`: in that same window, for a contingency on a card
//!   of a player whose fleet the attack neutralized; a fleet neutralized
//!   outside an attack (by an effect, damage or a transfer of damage, a
//!   bonus ending) opens a window of its own, after its triggered effects,
//!   for a contingency on a card of the fleet's controller;
//! - `contested-war-won`: in the conflict-won window of a war conflict won
//!   although contested.
//!
//! `leaves-play` opens none: a contingency leaves play with its card.

use crate::card::def::CardType;
use crate::card::effect::Trigger;
use crate::game::ids::{CardId, ConflictId, PlayerId};
use crate::game::state::{Continuation, Game, Role, Window};

impl Game {
    /// Whether a contingency with trigger `c_t` on `host`, controlled by
    /// `you`, answers the open window `w` of trigger `w_t`. "Its
    /// controller" is the contingency's (Glossary, You or Your: "'You'
    /// refers to the controller of a card"), who may differ from the
    /// host's faction when the host is a mercenary he hired.
    pub(crate) fn shares_window(
        &self,
        w: &Window,
        (w_t, c_t): (Trigger, Trigger),
        host: CardId,
        you: PlayerId,
    ) -> bool {
        let Some(h) = host.some() else { return false };
        let hi = self.c(h);
        let survived = |c: CardId| c == h && hi.zone.on_table() && !hi.neutralized();
        let fleet_down = |c: CardId| {
            c.some().is_some_and(|c| {
                let ci = self.c(c);
                ci.neutralized()
                    && self.db.get(ci.def).card_type == CardType::Fleet
                    && ci.controller == you
            })
        };
        match (w_t, c_t) {
            (Trigger::Attacked, Trigger::AttackInConflict) => self
                .conflicts
                .get(w.conflict.0 as usize)
                .is_some_and(|k| k.initiator == you),
            // The window after the damage: `neutralized-target` (card = the
            // attacker, other = the target) or `survived-attack` (card =
            // the target, other = the attacker).
            (Trigger::NeutralizedTarget | Trigger::SurvivedAttack, Trigger::SurvivedAttack) => {
                survived(w.card) || survived(w.other)
            }
            (Trigger::NeutralizedTarget | Trigger::SurvivedAttack, Trigger::FleetNeutralized) => {
                fleet_down(w.card) || fleet_down(w.other)
            }
            (Trigger::ConflictWon, Trigger::WarWonContested) => {
                you == w.player
                    && self.conflicts.get(w.conflict.0 as usize).is_some_and(|k| {
                        k.war
                            && k.participants.iter().any(|p| {
                                matches!(p.role, Role::Oppose | Role::Attack)
                                    && self.c(p.card).zone.on_table()
                            })
                    })
            }
            _ => false,
        }
    }

    /// After an attack's damage when the target was not neutralized by it:
    /// a window for contingencies on a survivor of the attack or of a
    /// player whose fleet it neutralized, if any card of the attack is a
    /// survivor or a neutralized fleet.
    pub(crate) fn after_attack_window(
        &mut self,
        attacker: CardId,
        target: CardId,
        conflict: ConflictId,
    ) {
        let live = |g: &Game, c: CardId| g.c(c).zone.on_table() && !g.c(c).neutralized();
        let fleet_down = |g: &Game, c: CardId| {
            g.c(c).neutralized() && g.db.get(g.c(c).def).card_type == CardType::Fleet
        };
        if !(live(self, attacker) || live(self, target) || fleet_down(self, attacker)) {
            return;
        }
        self.open_window(Window {
            trigger: Trigger::SurvivedAttack,
            card: target,
            other: attacker,
            player: self.c(target).faction,
            conflict,
            pos: 0,
            passes: 0,
            askers: 0,
            then: Continuation::Resume,
            canceled: false,
        });
    }
}
