//! A price several players may pay together (rulings, Order Above All:
//! "Any combination of players may apply influence equal to Vorlon
//! Influence to negate this effect"): `{ unless_paid = N, pooled = true,
//! who = "each", effects = [...] }`.
//!
//! The players `who` names are asked one at a time, in initiative order,
//! through the same choice as any `unless_paid` ([`ChoiceKind::Unless`]):
//! `mode` i offers a share of i + 1 influence (1 up to what is still
//! needed, and up to his unspent influence), `pass` offers none. Each
//! share is kept in the player's `progress` (`crate::game::state::Progress`)
//! while the others are asked, and applied only once the shares meet the
//! price: then the effects are stopped. A player without unspent influence
//! is not asked; when those not yet asked cannot make up the rest, nobody
//! more is asked, no share is applied, and the effects happen.

use crate::card::{Op, Who};
use crate::effects::choice::{Choice, ChoiceKind};
use crate::effects::interpreter::Ctx;
use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{Game, MAX_PLAYERS};
use crate::ids::PlayerId;

impl Game {
    /// Whether a choice is an offer toward a pooled price.
    pub(crate) fn unless_pooled(&self, c: &Choice) -> bool {
        c.kind == ChoiceKind::Unless
            && matches!(
                crate::effects::choice::choice_op_of(&self.db, c),
                Some(Op::Unless { pooled: true, .. })
            )
    }

    /// The shares offered so far.
    fn pooled_so_far(&self) -> u16 {
        self.players.iter().map(|p| p.progress.pledged as u16).sum()
    }

    /// The next player to offer a share: one `who` names, not asked yet
    /// (`asked`, one bit each), with unspent influence, in initiative
    /// order; none when the price is 0 (never stopped for free: rulings,
    /// Moral Quandary) or when all those left could not make it up.
    fn next_pool_asker(&self, n: u8, ctx: &Ctx, who: Who, asked: u64) -> Option<PlayerId> {
        if n == 0 {
            return None;
        }
        let named = self.who_players(who, ctx);
        let left: Vec<PlayerId> = self
            .initiative()
            .iter()
            .copied()
            .filter(|&p| {
                (p as usize) < MAX_PLAYERS
                    && asked & (1 << p) == 0
                    && named.contains(&p)
                    && !self.players[p as usize].eliminated
                    && self.players[p as usize].available() > 0
            })
            .collect();
        let could: i32 = left
            .iter()
            .map(|&p| self.players[p as usize].available() as i32)
            .sum();
        if self.pooled_so_far() as i32 + could < n as i32 {
            return None;
        }
        left.first().copied()
    }

    /// The largest share the asked player may offer now.
    fn share_max(&self, c: &Choice) -> u8 {
        let needed = (c.price as u16).saturating_sub(self.pooled_so_far());
        let has = self.players[c.player as usize].available().max(0) as u16;
        needed.min(has).min(u8::MAX as u16) as u8
    }

    /// Carries out a pooled `unless_paid`: asks the first player who may
    /// offer a share, or, with none, lets the effects happen at once.
    pub(crate) fn start_pool(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        let Op::Unless {
            n, who, effects, ..
        } = op
        else {
            return false;
        };
        let Some(src) = ctx.source.some() else {
            return false;
        };
        for pl in self.players.iter_mut() {
            pl.progress.pledged = 0;
        }
        let def = self.c(src).def;
        let db = self.db.clone();
        let index = crate::effects::choice::choice_index(db.get(def), op);
        match (index, self.next_pool_asker(*n, ctx, *who, 0)) {
            (Some(index), Some(p)) => self.offer_stop(p, ctx, def, index, *n, ev),
            _ => self.run_effects(effects, false, ctx, ev),
        }
        true
    }

    /// The price and what is still needed, while a pooled offer is open.
    pub(crate) fn pool_pending(&self) -> Option<(u8, u8)> {
        let c = self.choice.filter(|c| self.unless_pooled(c))?;
        let so_far = self.pooled_so_far().min(c.price as u16) as u8;
        Some((c.price, c.price - so_far))
    }

    /// What a pooled offer waits for, in words.
    pub(crate) fn pool_waiting_words(&self) -> Option<String> {
        let (price, needed) = self.pool_pending()?;
        let c = self.choice?;
        Some(format!(
            "{} decides how much influence to offer toward the {price} that stop the effect of {} ({needed} still needed)",
            self.player_name(c.player),
            self.card_name(c.card)
        ))
    }

    pub(crate) fn check_pool_answer(&self, c: &Choice, a: &Action) -> Result<(), Violation> {
        let max = self.share_max(c);
        match *a {
            Action::Pass => Ok(()),
            Action::Mode { index } if index < max => Ok(()),
            Action::Mode { .. } => Err(Violation::Share { max }),
            _ => Err(Violation::WrongTime {
                verb: a.verb(),
                when: "the offer of a share of a price players may pay together (mode N offers N + 1 influence, pass offers none)",
            }),
        }
    }

    pub(crate) fn pool_candidates(&self, c: &Choice, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        for index in 0..self.share_max(c) {
            out.push(Action::Mode { index });
        }
    }

    /// A share offered (or none): the price met stops the effects, every
    /// share applied; else the next player is asked, and after the last the
    /// effects happen with no share applied.
    pub(crate) fn answer_pool(&mut self, c: Choice, a: Action, ev: &mut Events) {
        let db = self.db.clone();
        let Some(Op::Unless { who, effects, .. }) = crate::effects::choice::choice_op_of(&db, &c)
        else {
            self.choice = None;
            return;
        };
        if let Action::Mode { index } = a {
            self.players[c.player as usize].progress.pledged = index + 1;
        }
        if self.pooled_so_far() >= c.price as u16 {
            self.choice = None;
            let shares: Vec<(PlayerId, u8)> = self
                .initiative()
                .iter()
                .map(|&p| (p, self.players[p as usize].progress.pledged))
                .filter(|&(_, share)| share > 0)
                .collect();
            for pl in self.players.iter_mut() {
                pl.progress.pledged = 0;
            }
            for (p, share) in shares {
                self.apply_influence(p, share as i16);
                ev.push(Event::EffectStopped {
                    player: p,
                    card: c.card,
                    influence: share,
                });
            }
            return;
        }
        let ctx = c.ctx();
        match self.next_pool_asker(c.price, &ctx, *who, c.chosen) {
            Some(p) => {
                let mut next = c;
                next.player = p;
                next.chosen |= 1 << p;
                self.choice = Some(next);
                ev.push(Event::StopOffered {
                    player: p,
                    card: c.card,
                    influence: c.price - self.pooled_so_far() as u8,
                });
            }
            None => {
                self.choice = None;
                for pl in self.players.iter_mut() {
                    pl.progress.pledged = 0;
                }
                self.run_effects(effects, false, &ctx, ev);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::card::{CardDef, CardType, Race};
    use crate::card::{Effect, Op, Who};
    use crate::game::action::Action;
    use crate::game::event::Event;
    use crate::game::state::{Game, Target};
    use crate::test_game::{character, two_player_game};

    /// "You gain 3 influence, unless any combination of players applies 5
    /// influence to stop it", A holding it; A and B with this influence.
    fn game(a: i16, b: i16) -> (Game, crate::ids::CardId) {
        let mut claim = CardDef::new("Shared Objection", CardType::Event);
        claim.race = Race::Neutral;
        claim.cost = Some(0);
        claim.effects = vec![Effect::new(Op::Unless {
            n: 5,
            who: Who::Each,
            effects: vec![Effect::new(Op::GainInfluence { n: 3, who: Who::Me })].into(),
            pooled: true,
        })];
        let g = two_player_game(
            character("Harbor Envoy", Race::Human),
            vec![claim],
            |pos, id| {
                pos.players[0].hand = vec![id("Shared Objection")];
                pos.players[0].influence = a;
                pos.players[1].influence = b;
            },
        );
        let card = g.iter_pile(g.players[0].hand).next().unwrap();
        (g, card)
    }

    /// When all of them together could not pay, nobody is asked.
    #[test]
    fn a_price_nobody_can_meet_together_asks_nobody() {
        let (mut g, card) = game(3, 1);
        g.apply(
            0,
            Action::Play {
                card,
                target: Target::None,
                pay: crate::ids::CardId::NONE,
            },
        )
        .unwrap();
        assert!(g.choice().is_none());
        assert_eq!(g.players[0].influence, 6, "it happened");
    }

    /// A share is offered from 1 to what the player has; once those left
    /// cannot make up the rest nobody more is asked, and the shares
    /// promised are not applied.
    #[test]
    fn shares_are_applied_only_when_they_meet_the_price() {
        let (mut g, card) = game(4, 3);
        g.apply(
            0,
            Action::Play {
                card,
                target: Target::None,
                pay: crate::ids::CardId::NONE,
            },
        )
        .unwrap();
        assert_eq!(g.choice().map(|c| c.player), Some(0));
        let legal = g.legal_actions(0);
        assert_eq!(
            legal,
            vec![
                Action::Pass,
                Action::Mode { index: 0 },
                Action::Mode { index: 1 },
                Action::Mode { index: 2 },
                Action::Mode { index: 3 }
            ]
        );
        assert_eq!(
            g.waiting_for(),
            "A decides how much influence to offer toward the 5 that stop the effect of Shared Objection (5 still needed)"
        );
        // A offers 1: B's 3 could not make up the 4 left.
        let ev = g.apply(0, Action::Mode { index: 0 }).unwrap();
        assert!(g.choice().is_none());
        assert!(!ev.iter().any(|e| matches!(e, Event::EffectStopped { .. })));
        assert_eq!((g.players[0].spent, g.players[0].progress.pledged), (0, 0));
        assert_eq!(g.players[0].influence, 7, "it happened");
    }
}
