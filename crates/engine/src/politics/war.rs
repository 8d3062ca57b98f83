//! States and War (Additional Rules: States; War; War Conflicts) and the
//! Shadow War (The Shadow War).
//!
//! Below, the Shadow War started or ended by an effect, and the states
//! other than war.

use crate::card::StateKind;
use crate::game::event::{Event, Events};
use crate::game::state::Game;
use crate::ids::PlayerId;

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

// The Shadow War started or ended by an effect (Engine Rules v1.2, The
// Shadow War: "There are also other cards which can start the Shadow War
// ... and/or end it. ... The Shadow War can only be started once during a
// game. The Shadow War cannot be ended by an effect unless it is currently
// in effect." Rule 4: "If the Shadow War ends, all wars that started due to
// the rules above immediately end." Summary 2006, Victory during the
// Shadow War: "The Shadow War can no longer be ended unless it is in
// progress.")

impl Game {
    /// Whether the effect could happen now: a start only if the Shadow War
    /// has never started, an end only while it is in effect.
    pub(crate) fn may_change_shadow_war(&self, start: bool) -> bool {
        if start {
            !self.shadow_war_started
        } else {
            self.shadow_war
        }
    }

    /// The `shadow_war` effect. Starting it declares the wars between the
    /// tainted factions (`crate::politics::war`); ending it ends those wars, and only
    /// those. False if nothing changed.
    pub(crate) fn shadow_war_effect(&mut self, start: bool, ev: &mut Events) -> bool {
        if !self.may_change_shadow_war(start) {
            return false;
        }
        if start {
            self.start_shadow_war(ev);
            return true;
        }
        self.shadow_war = false;
        ev.push(Event::ShadowWarEnded);
        let n = self.players.len() as PlayerId;
        for a in 0..n {
            for b in (a + 1)..n {
                if self.players[a as usize].shadow_wars & (1 << b) != 0 {
                    // No war is irrevocable any longer (rule 2 ended with it).
                    self.end_war(a, b, ev);
                }
            }
        }
        true
    }
}

// States other than war (Engine Rules v1.2, States; Glossary: States).
// "Races may enter into additional relationships with each other. Such
// relationships are called states. The most common states are various
// forms of alliances, trade pacts (a state of free trade), and war. Most
// states provide some game-altering abilities while in effect [...] Some
// cards require a certain state be in effect before they can be played."
// The rules give the other states no effect of their own: a card starts
// or ends one (`Op::State`) and tests it (`Condition::InState...`); what
// it does is that card's text. The rules that do decide something:
// a state is between two parties (kept between two players, as war is);
// War: "when races enter a state of War, all other states between the
// races are cancelled [...] If the War later ends, the states that were
// cancelled do not automatically restart"; and so two players at war
// cannot enter another state until the war ends (a card that starts one
// "unless otherwise specified" cannot overrule the war).

impl Game {
    /// Whether `a` and `b` are in the state.
    pub fn in_state(&self, a: PlayerId, b: PlayerId, kind: StateKind) -> bool {
        self.players
            .get(a as usize)
            .is_some_and(|p| p.states[b as usize] & kind.bit() != 0)
    }

    /// Whether `a` is in the state with any player.
    pub(crate) fn in_state_with_anyone(&self, a: PlayerId, kind: StateKind) -> bool {
        self.players
            .get(a as usize)
            .is_some_and(|p| p.states.iter().any(|s| s & kind.bit() != 0))
    }

    /// Starts or ends the state between two players (mutual). Returns
    /// whether anything changed. Two players at war enter no other state.
    pub(crate) fn set_state(
        &mut self,
        a: PlayerId,
        b: PlayerId,
        kind: StateKind,
        on: bool,
    ) -> bool {
        let n = self.players.len();
        if a == b || a as usize >= n || b as usize >= n {
            return false;
        }
        if on && self.players[a as usize].at_war_with(b) {
            return false;
        }
        if self.in_state(a, b, kind) == on {
            return false;
        }
        for (x, y) in [(a, b), (b, a)] {
            let s = &mut self.players[x as usize].states[y as usize];
            if on {
                *s |= kind.bit();
            } else {
                *s &= !kind.bit();
            }
        }
        true
    }

    /// War cancels every other state between the two (States: War).
    pub(crate) fn end_all_states(&mut self, a: PlayerId, b: PlayerId) {
        let n = self.players.len();
        if a as usize >= n || b as usize >= n {
            return;
        }
        self.players[a as usize].states[b as usize] = 0;
        self.players[b as usize].states[a as usize] = 0;
    }
}
