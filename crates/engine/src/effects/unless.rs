//! Effects a player may pay to stop ("Target player may apply 2 influence
//! to negate this effect"; rulings, Dissent: "The target of Dissent must
//! have the opportunity to fail to apply the influence to negate Dissent's
//! effects before the effects of failure can apply"; Glossary, Negate: "An
//! event or other effect which is negated is prevented from occurring, and
//! any stated effects are ignored").
//!
//! `{ unless_paid = N, who = "...", effects = [...] }`: the players `who`
//! names who have N unspent influence are asked, one at a time in
//! initiative order, through `pending` (a choice of kind
//! [`ChoiceKind::Unless`]: `mode` 0 applies the influence, `pass` lets the
//! effects happen). The first who pays stops them and nobody else is
//! asked; when every one asked declines, or nobody can pay, the effects
//! happen. Like every choice, it is the last effect of its list.
//!
//! A pooled price (`pooled = true`; rulings, Order Above All: "Any
//! combination of players may apply influence equal to Vorlon Influence to
//! negate this effect") is paid by any of those players together: each,
//! in initiative order, is offered a share (`mode` i offers i + 1
//! influence, at most what is still needed and what he has unspent; `pass`
//! offers none). The shares are only promised until they meet the price:
//! then every share is applied and the effects are stopped; when everyone
//! has been asked (or those left cannot meet it) nothing is applied and
//! the effects happen (`crate::effects::pool`).

use crate::card::Op;
use crate::effects::choice::{Choice, ChoiceKind};
use crate::effects::interpreter::Ctx;
use crate::game::action::Action;
use crate::game::event::{Event, Events};
use crate::game::state::{Game, MAX_PLAYERS};
use crate::ids::PlayerId;

impl Game {
    /// The next player to ask: one `who` names, not asked yet (`asked`,
    /// one bit each), with `n` unspent influence, in initiative order.
    fn next_unless_asker(
        &self,
        n: u8,
        ctx: &Ctx,
        who: crate::card::Who,
        asked: u64,
    ) -> Option<PlayerId> {
        // A price of 0 (an amount that came to nothing): nobody may stop it
        // for free (rulings, Moral Quandary: "you may not negate the effect
        // for free").
        if n == 0 {
            return None;
        }
        let named = self.who_players(who, ctx);
        self.initiative().iter().copied().find(|&p| {
            (p as usize) < MAX_PLAYERS
                && asked & (1 << p) == 0
                && named.contains(&p)
                && !self.players[p as usize].eliminated
                && self.players[p as usize].available() >= n as i16
        })
    }

    /// Offers `p` to pay `price` (or his share of it) to stop the effect
    /// (Unless; rulings, Order Above All for a pooled price).
    pub(crate) fn offer_stop(
        &mut self,
        p: PlayerId,
        ctx: &Ctx,
        def: crate::ids::DefId,
        index: u8,
        price: u8,
        ev: &mut Events,
    ) {
        let mut c = Choice::for_ctx(ChoiceKind::Unless, p, ctx, def, index);
        c.chosen = 1 << p;
        c.price = price;
        self.choice = Some(c);
        ev.push(Event::StopOffered {
            player: p,
            card: ctx.source,
            influence: price,
        });
    }

    /// Carries out an `unless_paid` effect: asks the first player who may
    /// pay, or, with none, lets the effects happen at once.
    pub(crate) fn start_unless(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        let Op::Unless {
            n,
            who,
            effects,
            pooled,
        } = op
        else {
            return false;
        };
        if *pooled {
            return self.start_pool(op, ctx, ev);
        }
        let Some(src) = ctx.source.some() else {
            return false;
        };
        if self.choice.is_some() {
            return false;
        }
        let def = self.c(src).def;
        let db = self.db.clone();
        let index = crate::effects::choice::choice_index(db.get(def), op);
        match (index, self.next_unless_asker(*n, ctx, *who, 0)) {
            (Some(index), Some(p)) => {
                self.offer_stop(p, ctx, def, index, *n, ev);
                true
            }
            _ => {
                self.run_effects(effects, false, ctx, ev);
                true
            }
        }
    }

    /// The influence the current `unless_paid` choice asks, if it is one
    /// and the asked player can pay it.
    pub(crate) fn unless_price(&self, c: &Choice) -> Option<u8> {
        (c.kind == ChoiceKind::Unless).then_some(c.price)
    }

    /// The influence asked and the card whose effect it stops, while an
    /// `unless_paid` offer is open.
    pub fn unless_pending(&self) -> Option<(u8, crate::ids::CardId)> {
        let c = self.choice?;
        self.unless_price(&c).map(|n| (n, c.card))
    }

    /// Whether the asked player may pay now.
    pub(crate) fn unless_payable(&self, c: &Choice) -> bool {
        self.unless_price(c)
            .is_some_and(|n| self.players[c.player as usize].available() >= n as i16)
    }

    /// The answer: pay and stop the effects, or pass (the next player who
    /// may pay is asked; after the last, the effects happen).
    pub(crate) fn answer_unless(&mut self, c: Choice, a: Action, ev: &mut Events) {
        if self.unless_pooled(&c) {
            self.answer_pool(c, a, ev);
            return;
        }
        let db = self.db.clone();
        let Some(Op::Unless { who, effects, .. }) = crate::effects::choice::choice_op_of(&db, &c)
        else {
            self.choice = None;
            return;
        };
        let n = c.price;
        if let Action::Mode { index: 0 } = a {
            self.choice = None;
            self.apply_influence(c.player, n as i16);
            ev.push(Event::EffectStopped {
                player: c.player,
                card: c.card,
                influence: n,
            });
            return;
        }
        let ctx = c.ctx();
        match self.next_unless_asker(n, &ctx, *who, c.chosen) {
            Some(p) => {
                let mut next = c;
                next.player = p;
                next.chosen |= 1 << p;
                self.choice = Some(next);
                ev.push(Event::StopOffered {
                    player: p,
                    card: c.card,
                    influence: n,
                });
            }
            None => {
                self.choice = None;
                self.run_effects(effects, false, &ctx, ev);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::card::{CardDef, CardType, Race, TargetKind};
    use crate::card::{Effect, Op, Who};
    use crate::game::action::Action;
    use crate::game::event::Event;
    use crate::game::state::Target;
    use crate::test_game::{character, two_player_game};

    /// The target is asked, the others see who decides and for how much,
    /// and the action list offers paying and passing; paying stops it.
    #[test]
    fn the_target_is_asked_and_paying_stops_the_effect() {
        let mut demand = CardDef::new("Stern Demand", CardType::Event);
        demand.race = Race::Neutral;
        demand.cost = Some(0);
        demand.target = TargetKind::Player;
        demand.effects = vec![Effect::new(Op::Unless {
            n: 2,
            who: Who::Target,
            effects: vec![Effect::new(Op::LoseInfluence {
                n: 2,
                who: Who::Target,
            })]
            .into(),
            pooled: false,
        })];
        let mut g = two_player_game(
            character("Harbor Envoy", Race::Human),
            vec![demand],
            |pos, id| pos.players[0].hand = vec![id("Stern Demand")],
        );
        let card = g.iter_pile(g.players[0].hand).next().unwrap();
        let ev = g
            .apply(
                0,
                Action::Play {
                    card,
                    target: Target::Player(1),
                    pay: crate::ids::CardId::NONE,
                },
            )
            .unwrap();
        assert!(ev.contains(&Event::StopOffered {
            player: 1,
            card,
            influence: 2
        }));
        assert_eq!(g.pending().as_slice(), &[1]);
        assert_eq!(
            g.waiting_for(),
            "B decides whether to apply 2 influence to stop the effect of Stern Demand"
        );
        let legal = g.legal_actions(1);
        assert!(legal.contains(&Action::Pass) && legal.contains(&Action::Mode { index: 0 }));
        assert!(
            g.apply(1, Action::Mode { index: 1 }).is_err(),
            "only mode 0 pays"
        );
        let before = g.players[1].influence;
        g.apply(1, Action::Mode { index: 0 }).unwrap();
        assert_eq!(g.players[1].influence, before, "stopped: nothing lost");
        assert_eq!(g.players[1].spent, 2);
    }
}
