//! The Shadow War started or ended by an effect (Engine Rules v1.2, The
//! Shadow War: "There are also other cards which can start the Shadow War
//! ... and/or end it. ... The Shadow War can only be started once during a
//! game. The Shadow War cannot be ended by an effect unless it is currently
//! in effect." Rule 4: "If the Shadow War ends, all wars that started due to
//! the rules above immediately end." Summary 2006, Victory during the
//! Shadow War: "The Shadow War can no longer be ended unless it is in
//! progress.")

use crate::game::event::{Event, Events};
use crate::game::ids::PlayerId;
use crate::game::state::Game;

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
