//! Influence and Influence Rating, and Power (Game Overview).

use crate::card::Force;
use crate::card::{CardType, Race};
use crate::game::event::{Cause, Event, Events};
use crate::game::state::{flag, Game, Zone};
use crate::ids::PlayerId;

/// No player's Influence Rating can ever be reduced to less than 3.
pub const INFLUENCE_FLOOR: i16 = 3;

impl Game {
    /// Applies influence: additional/temporary influence first, then tokens
    /// move from the unspent to the spent pool. Callers check affordability.
    pub(crate) fn apply_influence(&mut self, p: PlayerId, n: i16) {
        let pl = &mut self.players[p as usize];
        let from_extra = n.min(pl.extra).max(0);
        pl.extra -= from_extra;
        pl.spent += n - from_extra;
        self.paid[p as usize] = self.paid[p as usize].saturating_add(n);
    }

    /// Gain N influence: tokens added to the unspent pool, permanently.
    pub(crate) fn gain_influence(&mut self, p: PlayerId, n: i16, cause: Cause, ev: &mut Events) {
        if n <= 0 || self.players[p as usize].eliminated {
            return;
        }
        // The Cannot rule: a player who cannot gain influence gains none.
        if !self.may_gain_influence(p) {
            return;
        }
        let pl = &mut self.players[p as usize];
        pl.influence = pl.influence.saturating_add(n);
        ev.push(Event::Influence {
            player: p,
            delta: n,
            cause,
        });
    }

    /// Lose N influence, from the spent pool first (rulings 8.2), never below
    /// 3. Returns how much was lost.
    pub(crate) fn lose_influence(
        &mut self,
        p: PlayerId,
        n: i16,
        cause: Cause,
        ev: &mut Events,
    ) -> i16 {
        let pl = &mut self.players[p as usize];
        let amount = n.min(pl.influence - INFLUENCE_FLOOR).max(0);
        if amount == 0 {
            return 0;
        }
        let from_spent = amount.min(pl.spent);
        pl.spent -= from_spent;
        pl.influence -= amount;
        ev.push(Event::Influence {
            player: p,
            delta: -amount,
            cause,
        });
        amount
    }

    /// Transfer: a direct change to both ratings, not a gain or a loss
    /// (Changes for Version 1.2; Glossary: Transfer). Never below 3.
    pub(crate) fn transfer_influence(
        &mut self,
        from: PlayerId,
        to: PlayerId,
        n: i16,
        cause: Cause,
        ev: &mut Events,
    ) -> i16 {
        let moved = self.lose_influence(from, n, cause, ev);
        if moved > 0 {
            let pl = &mut self.players[to as usize];
            pl.influence = pl.influence.saturating_add(moved);
            ev.push(Event::Influence {
                player: to,
                delta: moved,
                cause,
            });
        }
        moved
    }

    /// Restores up to N applied influence (only what is in the spent pool).
    pub(crate) fn restore_influence(&mut self, p: PlayerId, n: i16) -> i16 {
        let pl = &mut self.players[p as usize];
        let r = n.min(pl.spent).max(0);
        pl.spent -= r;
        r
    }

    pub(crate) fn change_power(&mut self, p: PlayerId, delta: i16, cause: Cause, ev: &mut Events) {
        if delta == 0 {
            return;
        }
        // Bounded: a card action repeated without end must not overflow.
        let pl = &mut self.players[p as usize];
        pl.raw_power = pl.raw_power.saturating_add(delta);
        ev.push(Event::Power {
            player: p,
            delta,
            cause,
        });
    }

    /// Changes a non-player influence, never below 0 (rulings 8.2); the
    /// Shadow War begins when the Shadows or the Vorlons reach 20.
    pub(crate) fn change_non_player(&mut self, force: Force, delta: i16, ev: &mut Events) {
        let v = match force {
            Force::Babylon5 => &mut self.babylon5,
            Force::Shadows => &mut self.shadows,
            Force::Vorlons => &mut self.vorlons,
        };
        // Bounded: a card action repeated without end must not overflow.
        let new = v.saturating_add(delta).max(0);
        if new == *v {
            return;
        }
        *v = new;
        ev.push(Event::NonPlayer { force, value: new });
        if self.shadows >= 20 || self.vorlons >= 20 {
            self.start_shadow_war(ev);
        }
    }

    /// Power = Influence Rating + raw power + power bonuses of cards in play,
    /// each capped at +5 (+10 for Major and Drakh agendas) (Power; Engine
    /// Rules Summary 2006: Power Bonuses).
    pub fn power(&self, p: PlayerId) -> i32 {
        let pl = &self.players[p as usize];
        let rating = self.influence_rating(p) as i32;
        let power = rating + pl.raw_power as i32 + self.power_bonus(p);
        // Power, Negative Power: counting only influence as power cannot
        // affect a player whose power is lower than his influence.
        if self.restrictions_imposed && power > rating && self.counts_only_influence(p) {
            return rating;
        }
        power
    }

    /// The sum of the capped power bonuses a player counts.
    pub fn power_bonus(&self, p: PlayerId) -> i32 {
        let mut total = 0i32;
        let mut add = |g: &Game, id: crate::ids::CardId| {
            let inst = g.c(id);
            if inst.face_down() || inst.has(flag::BLANK) {
                return;
            }
            let def = g.db.get(inst.def);
            if def.power_bonus == 0 {
                return;
            }
            let cap = if def.card_type == CardType::Agenda && (def.major || def.race == Race::Drakh)
            {
                10
            } else {
                5
            };
            total += (def.power_bonus as i32).min(cap);
        };
        let pl = &self.players[p as usize];
        // Glossary, You or Your: "'You' refers to the controller of a card":
        // a hired mercenary counts for its bidder, not for its faction.
        for id in self.table_cards_controlled(p) {
            add(self, id);
        }
        if let Some(a) = pl.agenda.some() {
            add(self, a);
        }
        for &id in self.attachments.iter() {
            let inst = self.c(id);
            if inst.zone == Zone::Resolving {
                continue;
            }
            // Glossary, You or Your: an enhancement on a card of another
            // faction, or on another faction, counts for that faction.
            if self.you_of(id) == p {
                add(self, id);
            }
        }
        total
    }
}
