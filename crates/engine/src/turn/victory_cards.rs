//! Other Victory Conditions (Engine Rules v1.2, Victory): "Some cards
//! change the victory conditions for individual players (e.g. the agenda
//! Master of All). These do not affect other players unless the card
//! specifically states otherwise." Besides a Major Agenda's own `victory`
//! (in `victory.rs`), a card in play may say that a player cannot win
//! while it is in play (`Passive::CannotWin`, its `if` for "while"; rulings,
//! Test of Merit: "CANNOT win [...] This includes if B5 reaches 20") or
//! that its controller also wins under a condition (`Passive::AlsoWins`).
//! Rulings 6.4: "If the player with the most power cannot win [...] the
//! game continues. No other player is eligible to win" by power.

use crate::card::def::Passive;
use crate::card::effect::Who;
use crate::effects::interpreter::Ctx;
use crate::game::ids::PlayerId;
use crate::game::state::{Game, Target, VictoryKind};

impl Game {
    /// Whether a card in play keeps `p` from winning now.
    pub(crate) fn cannot_win(&self, p: PlayerId) -> bool {
        self.passive_sources.iter().any(|&src| {
            let ctl = self.you_of(src);
            self.lasting(src).any(|pa| match pa {
                Passive::CannotWin { who } => match who {
                    Who::Me => p == ctl,
                    Who::Others => p != ctl,
                    Who::Each => true,
                    _ => false,
                },
                _ => false,
            })
        })
    }

    /// The victories `p`'s own cards in play give by their conditions.
    pub(crate) fn card_victory(&self, p: PlayerId) -> Option<VictoryKind> {
        let mut best = None;
        for &src in self.passive_sources.iter() {
            if self.you_of(src) != p {
                continue;
            }
            for pa in self.lasting(src) {
                if let Passive::AlsoWins { condition, major } = pa {
                    if self.condition_holds(condition, &Ctx::new(p, src, Target::None)) {
                        if *major {
                            return Some(VictoryKind::Major);
                        }
                        best = Some(VictoryKind::Standard);
                    }
                }
            }
        }
        best
    }
}
