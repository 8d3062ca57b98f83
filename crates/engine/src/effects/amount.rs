//! Working out amounts from the game state (`card::amount`): abilities of
//! cards, players' influence (and the influence they applied this turn),
//! power and unrest, non-player influence, the
//! margin of a conflict, with simple arithmetic. Nothing here allocates.

use crate::card::Force;
use crate::card::{Amount, AmountBase};
use crate::effects::interpreter::Ctx;
use crate::effects::targets::By;
use crate::game::state::Game;

impl Game {
    /// The value of an amount for an effect with this context.
    pub(crate) fn amount(&self, a: &Amount, ctx: &Ctx) -> i32 {
        let base = match &a.base {
            AmountBase::Const(n) => *n as i32,
            AmountBase::Ability {
                ability,
                card,
                printed,
            } => self
                .sel_cards(*card, ctx)
                .iter()
                .map(|&c| {
                    if *printed {
                        self.db.get(self.c(c).def).ability(*ability) as i32
                    } else {
                        self.ability(c, *ability) as i32
                    }
                })
                .sum(),
            AmountBase::Credits(card) => self
                .sel_cards(*card, ctx)
                .iter()
                .map(|&c| self.credits(c) as i32)
                .sum(),
            AmountBase::Marks(kind, card) => self
                .sel_cards(*card, ctx)
                .iter()
                .map(|&c| self.card_marks(c, *kind) as i32)
                .sum(),
            AmountBase::Damage(card) => self
                .sel_cards(*card, ctx)
                .iter()
                .map(|&c| self.c(c).damage as i32)
                .sum(),
            // "That many": every card the pick chose, wherever it went.
            AmountBase::Cards(crate::card::CardSel::Chosen) => self.picked.len() as i32,
            AmountBase::Cards(card) => self.sel_cards(*card, ctx).len() as i32,
            AmountBase::Cost(card) => self
                .sel_cards(*card, ctx)
                .iter()
                .map(|&c| self.db.get(self.c(c).def).cost.unwrap_or(0) as i32)
                .sum(),
            AmountBase::Influence(w) => self
                .who_players(*w, ctx)
                .iter()
                .map(|&p| self.influence_rating(p) as i32)
                .sum(),
            AmountBase::Power(w) => self
                .who_players(*w, ctx)
                .iter()
                .map(|&p| self.power(p))
                .sum(),
            AmountBase::Unrest(w) => self
                .who_players(*w, ctx)
                .iter()
                .map(|&p| self.players[p as usize].unrest as i32)
                .sum(),
            // "For each card in your hand": the hand's size is public.
            AmountBase::Hand(w) => self
                .who_players(*w, ctx)
                .iter()
                .map(|&p| self.players[p as usize].hand.len as i32)
                .sum(),
            // Influence and Influence Rating: "Whenever you apply influence
            // during a turn, the influence applied should be moved to ...
            // your spent pool", restored in the Ready Round.
            AmountBase::Spent(w) => self
                .who_players(*w, ctx)
                .iter()
                .map(|&p| self.players[p as usize].spent as i32)
                .sum(),
            AmountBase::NonPlayer(f) => match f {
                Force::Babylon5 => self.babylon5 as i32,
                Force::Shadows => self.shadows as i32,
                Force::Vorlons => self.vorlons as i32,
            },
            // Tension: "your tension toward their race" (rulings,
            // Isolationism).
            AmountBase::Tension(w, toward) => {
                let to = self.who_players(*toward, ctx);
                self.who_players(*w, ctx)
                    .iter()
                    .flat_map(|&p| to.iter().map(move |&q| (p, q)))
                    .filter(|(p, q)| p != q)
                    .map(|(p, q)| self.tension(p, q) as i32)
                    .sum()
            }
            AmountBase::PerMargin(n) => {
                if *n == 0 {
                    0
                } else {
                    (ctx.margin.max(0) as i32) / (*n as i32)
                }
            }
            AmountBase::Sum(v) => v.iter().map(|x| self.amount(x, ctx)).sum(),
            AmountBase::Min(v) => v.iter().map(|x| self.amount(x, ctx)).min().unwrap_or(0),
            AmountBase::Max(v) => v.iter().map(|x| self.amount(x, ctx)).max().unwrap_or(0),
            // "For each fleet you control": cards on the table matching the
            // filter, relative to the card's controller.
            AmountBase::Count(f) => {
                if (ctx.controller as usize) < self.players.len() {
                    let by = By::card(ctx.controller, ctx.source);
                    let on_table = self
                        .all_table_cards()
                        .filter(|&c| self.filter_matches(f, c, by))
                        .count();
                    // Cards in play off the table count when the filter
                    // names their type (card format: Selectors).
                    let off_table = if f.names_off_table() {
                        self.in_play_off_table_cards()
                            .filter(|&c| self.filter_matches(f, c, by))
                            .count()
                    } else {
                        0
                    };
                    (on_table + off_table) as i32
                } else {
                    0
                }
            }
        };
        a.finish(base)
    }
}
