//! The power needed to win (Engine Rules v1.2, Victory): "If a card reduces
//! the amount of power you need to win ... and you have sufficient power
//! under that new power requirement, you can win the game even if you do
//! not have more power than any other player." A card may also raise it.
//! The change is a modifier on the player with a duration, like an
//! Influence Rating change (`crate::game::rating`), or a lasting effect of a
//! card in play (`Passive::PowerToWin`).
//!
//! Negative Power (Power): "Any card that refers to only counting influence
//! as power cannot affect any player whose power is lower than his
//! influence." A player under such an effect counts his Influence Rating as
//! his power only when his power would be higher (`Game::power`).

use crate::card::Passive;
use crate::card::{Duration, Who};
use crate::effects::interpreter::Ctx;
use crate::game::state::{Game, ModKind};
use crate::ids::{CardId, PlayerId};
use crate::turn::victory::VICTORY_POWER;

impl Game {
    /// The power the player needs for a victory by power: 20, changed by
    /// every modifier on him (never below 1).
    pub fn power_needed(&self, p: PlayerId) -> i32 {
        let mut need = VICTORY_POWER;
        for m in self.mods.iter() {
            if let ModKind::PowerToWin(q, d) = m.kind {
                if q == p {
                    need += d as i32;
                }
            }
        }
        // Lasting: "while this card is in play, you need 5 less power to
        // win" (read only at the victory check, never in a hot path).
        for &src in self.passive_sources.iter() {
            let ctl = self.you_of(src);
            for pa in self.lasting(src) {
                if let Passive::PowerToWin { who, n } = *pa {
                    if self.lasting_names(who, p, ctl) {
                        need += n as i32;
                    }
                }
            }
        }
        need.max(1)
    }

    /// Whether a card has lowered the power the player needs to win.
    pub(crate) fn need_lowered(&self, p: PlayerId) -> bool {
        self.power_needed(p) < VICTORY_POWER
    }

    /// The `power_to_win` effect: the players named need N more (fewer)
    /// power to win for the duration. False if nobody was named.
    pub(crate) fn change_power_needed(
        &mut self,
        n: i8,
        who: Who,
        duration: Duration,
        ctx: &Ctx,
    ) -> bool {
        let ps = self.who_players(who, ctx);
        for &p in &ps {
            self.push_mod(CardId::NONE, ModKind::PowerToWin(p, n), duration, ctx);
        }
        !ps.is_empty() && n != 0
    }

    /// Whether an effect makes the player count only his influence as power.
    pub(crate) fn counts_only_influence(&self, p: PlayerId) -> bool {
        self.mods
            .iter()
            .any(|m| m.kind == ModKind::InfluenceOnlyPower(p))
    }

    /// The `count_only_influence` effect. False if nobody was named.
    pub(crate) fn count_only_influence(&mut self, who: Who, duration: Duration, ctx: &Ctx) -> bool {
        // Power is read through the gate the rating modifiers use.
        self.restrictions_imposed = true;
        let ps = self.who_players(who, ctx);
        for &p in &ps {
            self.push_mod(CardId::NONE, ModKind::InfluenceOnlyPower(p), duration, ctx);
        }
        !ps.is_empty()
    }
}
