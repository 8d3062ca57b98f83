//! Dual Race Games: War in Dual Race Games (joining a war of another faction
//! of your race by rotating your ambassador) and the optional Extended
//! Loyalty Rule. Tensions, unrest and states are per faction already
//! (2006 summary, Dual Race games: "Every faction has its own tensions,
//! unrest, and states"); a race target picks one faction (`targets.rs`).

use crate::card::{CardDef, Race};
use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::event::Events;
use crate::game::state::{Game, Zone};
use crate::ids::{CardId, DefId, PlayerId};

impl Game {
    /// War in Dual Race Games: "If one faction of a race is at war with
    /// another player then any other faction of that race can declare war
    /// against that player as an action by rotating their ambassador."
    pub(crate) fn check_join_war(&self, p: PlayerId, against: PlayerId) -> Result<(), Violation> {
        let n = self.players.len();
        if against as usize >= n || against == p || self.players[against as usize].eliminated {
            return Err(Violation::JoinWar);
        }
        if self.at_war(p, against) {
            return Err(Violation::JoinWar);
        }
        let race = self.players[p as usize].race;
        let kin_at_war = (0..n as PlayerId).any(|q| {
            q != p
                && q != against
                && !self.players[q as usize].eliminated
                && self.players[q as usize].race == race
                && self.at_war(q, against)
        });
        if !kin_at_war {
            return Err(Violation::JoinWar);
        }
        let amb = self.players[p as usize].ambassador;
        self.check_ready_actor(p, amb)
            .map_err(|_| Violation::JoinWar)
    }

    pub(crate) fn join_war_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        if self.factions_of(self.players[p as usize].race) < 2 {
            return;
        }
        for q in 0..self.players.len() as PlayerId {
            if self.check_join_war(p, q).is_ok() {
                out.push(Action::JoinWar { against: q });
            }
        }
    }

    pub(crate) fn do_join_war(&mut self, p: PlayerId, against: PlayerId, ev: &mut Events) {
        let amb = self.players[p as usize].ambassador;
        self.rotate(amb);
        if self.declare_war(p, against, false, ev) {
            // The Interstellar Alliance, Expulsion: "he declares war on ...
            // another ISA member", whatever the way.
            self.isa_war_started(p, p, against, ev);
        }
    }

    /// Extended Loyalty Rule (optional): with the option on, limited cards
    /// of a race that more than one faction in the game plays are "limited
    /// per player" (unique cards are unchanged).
    pub(crate) fn extended_loyalty(&self, def: &CardDef) -> bool {
        self.meta.options.extended_loyalty
            && def.race.is_playable()
            && self.players.iter().filter(|pl| pl.race == def.race).count() >= 2
    }

    /// Under the Extended Loyalty Rule: a copy of the card is already in
    /// `p`'s faction, or is another player's ambassador ("Any character that
    /// is revealed as a starting ambassador cannot be brought into play for
    /// anyone else").
    pub(crate) fn limited_copy_for(&self, p: PlayerId, def_id: DefId) -> bool {
        let own = |c: CardId| {
            let ci = self.c(c);
            ci.def == def_id && ci.zone.in_play() && !(ci.zone == Zone::Agenda && ci.face_down())
        };
        self.table_cards(p).any(own)
            || self
                .attachments
                .iter()
                .any(|&a| own(a) && self.c(a).faction == p)
            || self.players[p as usize].agenda.some().is_some_and(own)
            || self.players.iter().enumerate().any(|(q, pl)| {
                q != p as usize
                    && pl
                        .ambassador
                        .some()
                        .is_some_and(|a| self.c(a).def == def_id)
            })
    }

    /// Homeworlds under the Extended Loyalty Rule: "you can still only
    /// sponsor a homeworld of your race if you don't have a homeworld of
    /// your race in your faction".
    pub(crate) fn homeworld_in_faction(&self, p: PlayerId, race: Race) -> bool {
        self.table_cards(p).any(|c| {
            let d = self.db.get(self.c(c).def);
            d.kw.homeworld && d.race == race
        })
    }
}
