//! States and War (Additional Rules: States; War; War Conflicts) and the
//! Shadow War (The Shadow War).

use crate::game::event::{Event, Events};
use crate::game::ids::PlayerId;
use crate::game::state::Game;

impl Game {
    /// `a` and `b` enter a state of war (always mutual: rulings 8.7).
    /// Returns false when they already were.
    pub(crate) fn declare_war(
        &mut self,
        a: PlayerId,
        b: PlayerId,
        shadow: bool,
        ev: &mut Events,
    ) -> bool {
        if a == b || self.players[a as usize].at_war_with(b) {
            return false;
        }
        self.players[a as usize].at_war |= 1 << b;
        self.players[b as usize].at_war |= 1 << a;
        // States: entering a state of war cancels every other state
        // between the two.
        self.end_all_states(a, b);
        if shadow {
            self.players[a as usize].shadow_wars |= 1 << b;
            self.players[b as usize].shadow_wars |= 1 << a;
        }
        ev.push(Event::War { a, b, at_war: true });
        true
    }

    /// Ends a state of war; while the Shadow War is in effect no war can end.
    pub(crate) fn end_war(&mut self, a: PlayerId, b: PlayerId, ev: &mut Events) -> bool {
        if a == b || !self.players[a as usize].at_war_with(b) || self.shadow_war {
            return false;
        }
        self.players[a as usize].at_war &= !(1 << b);
        self.players[b as usize].at_war &= !(1 << a);
        self.players[a as usize].shadow_wars &= !(1 << b);
        self.players[b as usize].shadow_wars &= !(1 << a);
        ev.push(Event::War {
            a,
            b,
            at_war: false,
        });
        true
    }

    /// The Shadow War begins (once per game): every Shadow-tainted faction
    /// declares war on every Vorlon-tainted faction.
    pub(crate) fn start_shadow_war(&mut self, ev: &mut Events) {
        if self.shadow_war_started {
            return;
        }
        self.shadow_war_started = true;
        self.shadow_war = true;
        ev.push(Event::ShadowWarBegan);
        let n = self.players.len() as PlayerId;
        for s in 0..n {
            if self.players[s as usize].eliminated || !self.shadow_tainted(s) {
                continue;
            }
            for v in 0..n {
                if v != s
                    && !self.players[v as usize].eliminated
                    && self.vorlon_tainted(v)
                    && self.declare_war(s, v, true, ev)
                {
                    // The Interstellar Alliance, Expulsion: the Shadow
                    // Tainted faction declares war (and is tainted).
                    self.isa_war_started(s, s, v, ev);
                }
            }
        }
    }

    /// While the Shadow War is in effect, a faction that becomes tainted goes
    /// to war with the factions of the other taint.
    pub(crate) fn shadow_war_taint_changed(&mut self, p: PlayerId, ev: &mut Events) {
        if !self.shadow_war {
            return;
        }
        let n = self.players.len() as PlayerId;
        let ps = self.shadow_tainted(p);
        let pv = self.vorlon_tainted(p);
        for q in 0..n {
            if q == p || self.players[q as usize].eliminated {
                continue;
            }
            // The Shadow Tainted side is the one that declares.
            let declarer = if ps && self.vorlon_tainted(q) {
                p
            } else if pv && self.shadow_tainted(q) {
                q
            } else {
                continue;
            };
            if self.declare_war(p, q, true, ev) {
                // The Interstellar Alliance, Expulsion.
                self.isa_war_started(declarer, p, q, ev);
            }
        }
    }

    pub fn at_war(&self, a: PlayerId, b: PlayerId) -> bool {
        self.players[a as usize].at_war_with(b)
    }

    pub fn shadow_war(&self) -> bool {
        self.shadow_war
    }
}
