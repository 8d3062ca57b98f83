//! Victory (Game Overview), checked at Draw Round Step 5: Standard Victory
//! (20 power and more than any other player; or Babylon 5 at 20 or more with
//! no Shadow War and an eligible player leading in power), Major Victory (20
//! power and 10 more than each other player; a Major Agenda's own
//! requirement; the only player left). Only the single leader in power can
//! win by power (rulings 6.4); several players can win on one turn.
//!
//! Below, the other victory conditions cards give (Victory: "Some cards
//! list alternate victory conditions").

use crate::card::{CardType, Passive};
use crate::effects::interpreter::Ctx;
use crate::game::event::{Event, Events};
use crate::game::state::{Game, Target, VictoryKind};
use crate::ids::{CardId, PlayerId};

pub const VICTORY_POWER: i32 = 20;
pub const MAJOR_MARGIN: i32 = 10;
pub const BABYLON5_VICTORY: i16 = 20;

impl Game {
    /// A player with a Major Agenda in play cannot score a Standard Victory.
    pub fn eligible_for_standard(&self, p: PlayerId) -> bool {
        // Drakh Rule 6: a Drakh faction wins only by a Drakh Agenda or by
        // being the last player left.
        if self.players[p as usize].drakh {
            return false;
        }
        match self.players[p as usize].agenda.some() {
            Some(a) => {
                let c = self.c(a);
                c.face_down() || !self.db.get(c.def).major
            }
            None => true,
        }
    }

    /// Runs the victory check; returns whether anyone won (or nobody is left).
    pub(crate) fn check_victory(&mut self, ev: &mut Events) -> bool {
        let alive: smallvec::SmallVec<[PlayerId; 6]> = (0..self.players.len() as PlayerId)
            .filter(|&p| !self.players[p as usize].eliminated)
            .collect();
        if alive.is_empty() {
            return true;
        }
        let mut wins: smallvec::SmallVec<[(PlayerId, VictoryKind); 6]> = smallvec::SmallVec::new();
        if alive.len() == 1 {
            wins.push((alive[0], VictoryKind::Major));
        } else {
            // A Major Agenda's own victory requirement.
            for &p in &alive {
                if let Some(a) = self.players[p as usize].agenda.some() {
                    let c = self.c(a);
                    let def = self.db.get(c.def);
                    // Drakh Agendas: "If playing Drakh, fulfill the
                    // requirements on a Drakh Agenda" (Major Victory).
                    let drakh = self.players[p as usize].drakh;
                    let drakh_agenda = def.race == crate::card::Race::Drakh && drakh;
                    // Drakh Rule 6: "The Drakh can only win if they fulfill
                    // the special victory conditions on a Drakh Agenda".
                    let counts = if drakh { drakh_agenda } else { def.major };
                    if !c.face_down() && def.card_type == CardType::Agenda && counts {
                        if let Some(v) = &def.victory {
                            if self.condition_holds(&v.condition, &Ctx::new(p, a, Target::None)) {
                                wins.push((p, VictoryKind::Major));
                            }
                        }
                    }
                }
            }
            // Other Victory Conditions: a card's own condition for its
            // controller (`victory.rs`).
            for &p in &alive {
                // Drakh Agendas: "Drakh factions can only win the game by
                // meeting the victory conditions on a Drakh agenda."
                if self.players[p as usize].drakh {
                    continue;
                }
                if let Some(kind) = self.card_victory(p) {
                    if !wins.iter().any(|w| w.0 == p) {
                        wins.push((p, kind));
                    }
                }
            }
            let power: smallvec::SmallVec<[(PlayerId, i32); 6]> =
                alive.iter().map(|&p| (p, self.power(p))).collect();
            let top = power.iter().map(|x| x.1).max().unwrap_or(0);
            let leaders: smallvec::SmallVec<[PlayerId; 6]> =
                power.iter().filter(|x| x.1 == top).map(|x| x.0).collect();
            if leaders.len() == 1 && !wins.iter().any(|w| w.0 == leaders[0]) {
                let l = leaders[0];
                let second = power
                    .iter()
                    .filter(|x| x.0 != l)
                    .map(|x| x.1)
                    .max()
                    .unwrap_or(0);
                // Victory: a card may change the power the leader needs.
                let need = self.power_needed(l);
                if self.players[l as usize].drakh {
                    // Drakh Rule 6: no victory by power for a Drakh faction.
                } else if top >= need && top - second >= MAJOR_MARGIN {
                    wins.push((l, VictoryKind::Major));
                } else if self.eligible_for_standard(l)
                    && (top >= need || (self.babylon5 >= BABYLON5_VICTORY && !self.shadow_war))
                {
                    wins.push((l, VictoryKind::Standard));
                }
            }
            // Victory: "If a card reduces the amount of power you need to win
            // ... you can win the game even if you do not have more power
            // than any other player."
            for &(p, pw) in &power {
                if self.need_lowered(p)
                    && pw >= self.power_needed(p)
                    && !self.players[p as usize].drakh
                    && self.eligible_for_standard(p)
                    && !wins.iter().any(|w| w.0 == p)
                {
                    wins.push((p, VictoryKind::Standard));
                }
            }
        }
        // Other Victory Conditions: a player a card keeps from winning does
        // not win (the last player left excepted: the game has no one else);
        // being the leader in power, he still keeps the others from winning
        // by power (rulings 6.4).
        if alive.len() > 1 {
            wins.retain(|w| !self.cannot_win(w.0));
        }
        // Rulings 11: a Major Victory always trumps a Standard Victory.
        if wins.iter().any(|w| w.1 == VictoryKind::Major) {
            wins.retain(|w| w.1 == VictoryKind::Major);
        }
        for &(p, kind) in &wins {
            self.players[p as usize].victory = kind;
            ev.push(Event::Victory { player: p, kind });
        }
        !wins.is_empty()
    }

    /// The players who have won, in seating order (empty while nobody has).
    pub fn winners(&self) -> Vec<PlayerId> {
        (0..self.players.len() as PlayerId)
            .filter(|&p| self.players[p as usize].victory != VictoryKind::None)
            .collect()
    }

    #[allow(dead_code)]
    fn _unused(_c: CardId) {}
}

// Other Victory Conditions (Engine Rules v1.2, Victory): "Some cards
// change the victory conditions for individual players (e.g. the agenda
// Master of All). These do not affect other players unless the card
// specifically states otherwise." Besides a Major Agenda's own `victory`
// (in `victory.rs`), a card in play may say that a player cannot win
// while it is in play (`Passive::CannotWin`, its `if` for "while"; rulings,
// Test of Merit: "CANNOT win [...] This includes if B5 reaches 20") or
// that its controller also wins under a condition (`Passive::AlsoWins`).
// Rulings 6.4: "If the player with the most power cannot win [...] the
// game continues. No other player is eligible to win" by power.

impl Game {
    /// Whether a card in play keeps `p` from winning now.
    pub(crate) fn cannot_win(&self, p: PlayerId) -> bool {
        self.passive_sources.iter().any(|&src| {
            let ctl = self.you_of(src);
            self.lasting(src).any(|pa| match pa {
                Passive::CannotWin { who } => self.lasting_names(*who, p, ctl),
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
