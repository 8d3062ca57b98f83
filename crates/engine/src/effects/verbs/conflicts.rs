//! Effects on conflicts and attacks: support and opposition, canceling,
//! attacks made by effects and changes to how attacks work (The Conflict
//! Round; Resolving Attacks).

use smallvec::SmallVec;

use crate::card::Op;
use crate::game::conflict::Role;
use crate::game::event::{Event, Events};
use crate::game::held::Ctx;
use crate::game::state::{Game, Rotation};
use crate::ids::{CardId, ConflictId};

impl Game {
    /// Carries out an effect verb of this family (`Game::run_op`); returns
    /// whether it happened.
    pub(crate) fn run_conflicts_op(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        match *op {
            Op::Support { n } => match ctx.conflict {
                Some(k) if (k.0 as usize) < self.conflicts.len() => {
                    let kc = &mut self.conflicts[k.0 as usize];
                    let side = if kc.unopposable {
                        ctx.controller
                    } else {
                        kc.initiator
                    };
                    if (side as usize) < crate::game::state::MAX_PLAYERS {
                        // Added support is never negative (a count above
                        // 127 is kept at 127: `docs/limits.md`).
                        kc.extra_support[side as usize] = kc.extra_support[side as usize]
                            .saturating_add(n.min(i8::MAX as u8) as i8);
                    }
                    true
                }
                _ => false,
            },
            Op::Opposition { n } => match ctx.conflict {
                Some(k)
                    if (k.0 as usize) < self.conflicts.len()
                        && !self.conflicts[k.0 as usize].unopposable =>
                {
                    let kc = &mut self.conflicts[k.0 as usize];
                    kc.extra_opposition = kc
                        .extra_opposition
                        .saturating_add(n.min(i8::MAX as u8) as i8);
                    true
                }
                _ => false,
            },
            Op::CancelConflict => match ctx.conflict {
                // Glossary, Irrevocable: it "cannot be negated, cancelled".
                Some(k)
                    if (k.0 as usize) < self.conflicts.len()
                        && !self.irrevocable(self.conflicts[k.0 as usize].card) =>
                {
                    self.cancel_conflict(k, ev);
                    true
                }
                _ => false,
            },
            Op::ConflictType { kind } => match ctx.conflict {
                // Rulings 82: the conflict type is not a participation
                // restriction; a war conflict is a Military one.
                Some(k) if self.conflicts.get(k.0 as usize).is_some_and(|c| !c.war) => {
                    self.conflicts[k.0 as usize].kind = kind;
                    ev.push(Event::ConflictTypeChosen { conflict: k, kind });
                    true
                }
                _ => false,
            },
            Op::Withdraw { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.withdraw(c, ev);
                }
                any
            }
            Op::CancelAttack => match &mut self.window {
                // An event's (card action's) window is not an attack's.
                Some(w)
                    if !matches!(
                        w.then,
                        crate::game::state::Continuation::Event { .. }
                            | crate::game::state::Continuation::CardAction { .. }
                    ) =>
                {
                    w.canceled = true;
                    true
                }
                _ => false,
            },
            Op::Attack { ability, by, card } => self.effect_attack(ability, by, card, ctx, ev),
            Op::AttackMod { m, card, duration } => self.attack_mod_effect(m, card, duration, ctx),
            _ => false,
        }
    }

    /// Whether `card` takes part in a conflict not yet resolved (supporting,
    /// opposing or attacking in it).
    pub(crate) fn takes_part(&self, card: CardId) -> bool {
        self.conflicts
            .iter()
            .any(|k| !k.resolved && k.participants.iter().any(|p| p.card == card))
    }

    /// Rulings 5.2, Participants: an effect "removes that participant from
    /// the Conflict and prevents it from making the Conflict contested".
    /// The card leaves every conflict not yet resolved that it takes part
    /// in and stays rotated; an initial supporter withdrawn is no longer
    /// sustained as one. The cards that attacked it leave with it (rulings,
    /// Na'Kal: "neither the first fleet nor the fleet which attacked it are
    /// considered participants"), and an attack on it not yet resolved does
    /// nothing (`resolve_attack`). Returns whether it took part in any.
    pub(crate) fn withdraw(&mut self, card: CardId, ev: &mut Events) -> bool {
        let mut any = false;
        for (i, k) in self.conflicts.iter_mut().enumerate() {
            if k.resolved || !k.participants.iter().any(|p| p.card == card) {
                continue;
            }
            let conflict = ConflictId(i as u8);
            k.participants.retain(|p| p.card != card);
            // A lasting effect's selector may read what it took part in
            // (`participant`, `conflict`, `attacking`): abilities may fall.
            self.abilities_changed = true;
            ev.push(Event::Withdrawn { card, conflict });
            // Its attackers, unless they take part otherwise too.
            let mut attackers: SmallVec<[CardId; 4]> = SmallVec::new();
            for p in k.participants.iter() {
                if p.role == Role::Attack(card) && !attackers.contains(&p.card) {
                    attackers.push(p.card);
                }
            }
            k.participants.retain(|p| p.role != Role::Attack(card));
            for a in attackers {
                if !k.participants.iter().any(|p| p.card == a) {
                    ev.push(Event::Withdrawn { card: a, conflict });
                }
            }
            any = true;
        }
        if any && self.c(card).rotation == Rotation::Support {
            self.cm(card).rotation = Rotation::Plain;
        }
        // A card leaving a conflict may stop matching a bonus's selector
        // ("participating fleets get ...", "fleets attacking yours get ...").
        self.abilities_changed |= any && !self.bonus_sources.is_empty();
        any
    }
}
