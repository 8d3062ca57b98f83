//! Drakh Race Rules and Drakh Faction Rules (Drakh Rules 1-9), Drakh
//! Agendas, and Chaos Tokens.
//!
//! Nobody begins as the Drakh (Drakh Rule 1): a faction converts by
//! sponsoring its first Drakh Ambassador (Rules 2-3) and keeps its race and
//! faction designation. Rules 4 and 8 hold because no effect of the
//! vocabulary changes who is ambassador, demotes an Inner Circle character
//! or changes a card's racial loyalty; Rule 9 holds because race targets
//! offer only the playable races (`Race::PLAYABLE`) and card files cannot
//! name the Drakh race in a non-Drakh card (b5-cards).
//!
//! Below, when Chaos Tokens may be moved (Drakh Rule 7).

use crate::card::{CardDef, CardType, Race};
use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{Game, PileKind, Step, Zone, NOBODY};
use crate::ids::{CardId, PlayerId};

impl Game {
    /// Whether `p` is a Drakh faction (Drakh Rule 3).
    pub fn is_drakh(&self, p: PlayerId) -> bool {
        self.players.get(p as usize).is_some_and(|pl| pl.drakh)
    }

    /// The Chaos Tokens on a card (Drakh Rule 7).
    pub fn chaos(&self, c: CardId) -> u8 {
        self.cards.get(c.idx()).map_or(0, |ci| ci.chaos)
    }

    /// Whether `p` plays cards of `race` as its own: its race, or the Drakh
    /// for a Drakh faction (Drakh Rule 3: "as if you were the Drakh race").
    pub(crate) fn plays_as_race(&self, p: PlayerId, race: Race) -> bool {
        let pl = &self.players[p as usize];
        pl.race == race || (race == Race::Drakh && pl.drakh)
    }

    /// Whether the faction of `q` is of `race` for a loyal card's target:
    /// its race, or the Drakh for a Drakh faction (Drakh Rule 3; Enhancement
    /// Cards: "must enhance a target of that race"; Aftermath Cards: "played
    /// on targets in a faction of that race").
    pub(crate) fn faction_is_race(&self, q: PlayerId, race: Race) -> bool {
        (q as usize) < self.players.len() && self.plays_as_race(q, race)
    }

    /// Drakh Rule 2: sponsoring this card would make `p` a Drakh faction (its
    /// first Drakh Ambassador, sponsored by a non-Drakh character at printed
    /// cost).
    pub(crate) fn converts(&self, p: PlayerId, def: &CardDef) -> bool {
        def.kw.drakh_ambassador
            && def.race == Race::Drakh
            && def.card_type == CardType::Character
            && !self.players[p as usize].drakh
    }

    fn is_drakh_character(&self, c: CardId) -> bool {
        self.cards.get(c.idx()).is_some_and(|ci| {
            let d = self.db.get(ci.def);
            d.race == Race::Drakh && d.card_type == CardType::Character
        })
    }

    /// Drakh Rule 5 (and Drakh Agendas) for a card `p` sponsors by rotating
    /// `by`: Drakh cards only by a Drakh faction and only by Drakh
    /// characters (save the first Drakh Ambassador: Rule 2); Drakh
    /// characters sponsor no card loyal to another race.
    pub(crate) fn check_drakh_sponsor(
        &self,
        p: PlayerId,
        card: CardId,
        def: &CardDef,
        by: CardId,
    ) -> Result<(), Violation> {
        if def.race == Race::Drakh {
            if self.converts(p, def) {
                return Ok(());
            }
            if !self.players[p as usize].drakh {
                return Err(Violation::DrakhOnly(card));
            }
            if !self.is_drakh_character(by) {
                return Err(Violation::DrakhSponsor(card));
            }
        } else if def.race != Race::Neutral && self.is_drakh_character(by) {
            return Err(Violation::DrakhSponsor(card));
        }
        Ok(())
    }

    /// Drakh Rules 2-3: the Drakh Ambassador just sponsored is promoted to
    /// the Inner Circle and becomes the faction's ambassador; the previous
    /// ambassador stays an Inner Circle character; the faction is now Drakh.
    pub(crate) fn convert_to_drakh(&mut self, p: PlayerId, card: CardId, ev: &mut Events) {
        self.move_card(card, Zone::InnerCircle, p, ev);
        // The ambassador is first in the Inner Circle.
        self.unlist(card);
        self.link_front(p as usize, PileKind::InnerCircle, card);
        let pl = &mut self.players[p as usize];
        let old = pl.ambassador;
        pl.ambassador = card;
        pl.drakh = true;
        // Rulings 7.3: the cards that must target an ambassador go to the
        // new one (Drakh Rule 2: the previous one stays in the Inner Circle).
        self.ambassador_changed(old, card, ev);
        self.drakh_active = true;
        ev.push(Event::DrakhConverted {
            player: p,
            ambassador: card,
        });
    }

    /// The checks that apply at once, between actions: Drakh Rule 3 (the
    /// Drakh ambassador left play: the player loses) and Drakh Rule 5 (a
    /// Drakh card controlled by a non-Drakh faction is discarded).
    pub(crate) fn drakh_checks(&mut self, ev: &mut Events) {
        if !self.drakh_active {
            return;
        }
        for p in 0..self.players.len() as PlayerId {
            let pl = &self.players[p as usize];
            if !pl.drakh || pl.eliminated {
                continue;
            }
            let kept = pl.ambassador.some().is_some_and(|a| {
                let ai = self.c(a);
                ai.zone == Zone::InnerCircle && ai.faction == p
            });
            if !kept {
                ev.push(Event::DrakhAmbassadorLost { player: p });
                self.eliminate(p, ev);
            }
        }
        let n = self.players.len();
        for i in 0..self.cards.len() {
            let id = CardId(i as u16);
            let ci = self.c(id);
            if !ci.zone.in_play() || self.db.get(ci.def).race != Race::Drakh {
                continue;
            }
            let ctl = ci.controller;
            if (ctl as usize) < n && !self.players[ctl as usize].drakh {
                self.discard_from_play(id, crate::game::event::Cause::Rules, ev);
            }
        }
    }

    /// Puts `n` Chaos Tokens on a card in play (or takes up to `-n` off).
    pub(crate) fn change_chaos(&mut self, c: CardId, n: i8, ev: &mut Events) -> bool {
        let Some(ci) = self.cards.get(c.idx()) else {
            return false;
        };
        if !ci.zone.in_play() {
            return false;
        }
        let old = ci.chaos;
        // Taking tokens off happens only if the card holds them all.
        let Some(new) = crate::politics::credits::tokens_after(old, n) else {
            return false;
        };
        self.cm(c).chaos = new;
        ev.push(Event::Chaos {
            card: c,
            delta: (new as i16 - old as i16) as i8,
        });
        true
    }

    /// A card in play that `p` controls (a face-up agenda included).
    fn holds_for(&self, p: PlayerId, c: CardId) -> bool {
        self.cards.get(c.idx()).is_some_and(|ci| {
            ci.zone.in_play() && ci.controller == p && !(ci.zone == Zone::Agenda && ci.face_down())
        })
    }

    /// Cards in play that `p` controls: tables, attachments, the agenda.
    fn controlled_in_play(&self, p: PlayerId) -> impl Iterator<Item = CardId> + '_ {
        self.table_cards_controlled(p)
            .chain(self.attachments.iter().copied())
            .chain(self.players[p as usize].agenda.some())
            .filter(move |&c| self.holds_for(p, c))
    }

    /// Chaos Tokens on all the cards `p` controls.
    pub(crate) fn chaos_controlled(&self, p: PlayerId) -> u32 {
        self.controlled_in_play(p)
            .map(|c| self.c(c).chaos as u32)
            .sum()
    }

    /// Discards `n` Chaos Tokens from the cards the player controls, in
    /// table order (a cost: Engine Rules v1.2, Costs, "only cards you
    /// control pay").
    pub(crate) fn discard_chaos(&mut self, p: PlayerId, n: u32, ev: &mut Events) {
        let mut left = n;
        let cards: smallvec::SmallVec<[CardId; 24]> = self.controlled_in_play(p).collect();
        for c in cards {
            let mut take = (self.c(c).chaos as u32).min(left);
            left -= take;
            while take > 0 {
                let step = take.min(i8::MAX as u32);
                self.change_chaos(c, -(step as i8), ev);
                take -= step;
            }
        }
    }

    fn is_drakh_card(&self, c: CardId) -> bool {
        self.db.get(self.c(c).def).race == Race::Drakh
    }

    /// Drakh Rule 7: whether `p` could move Chaos Tokens now (a Drakh player
    /// with tokens on one card and another Drakh card to move them to).
    pub(crate) fn may_move_chaos(&self, p: PlayerId) -> bool {
        if !self.drakh_active || !self.is_drakh(p) || self.players[p as usize].eliminated {
            return false;
        }
        self.controlled_in_play(p).any(|from| {
            self.c(from).chaos > 0
                && self
                    .controlled_in_play(p)
                    .any(|to| to != from && self.is_drakh_card(to))
        })
    }

    pub(crate) fn check_chaos_answer(&self, p: PlayerId, a: &Action) -> Result<(), Violation> {
        match *a {
            Action::KeepChaos => Ok(()),
            Action::MoveChaos { from, to, count } => {
                if count == 0
                    || from == to
                    || !self.holds_for(p, from)
                    || !self.holds_for(p, to)
                    || !self.is_drakh_card(to)
                    || self.c(from).chaos < count
                {
                    return Err(Violation::ChaosMove);
                }
                Ok(())
            }
            _ => Err(Violation::WrongTime {
                verb: a.verb(),
                when:
                    "moving Chaos Tokens after an action (move them, or leave them where they are)",
            }),
        }
    }

    pub(crate) fn chaos_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::KeepChaos);
        for from in self.controlled_in_play(p) {
            let have = self.c(from).chaos;
            if have == 0 {
                continue;
            }
            for to in self.controlled_in_play(p) {
                if to == from || !self.is_drakh_card(to) {
                    continue;
                }
                for count in 1..=have {
                    out.push(Action::MoveChaos { from, to, count });
                }
            }
        }
    }

    /// Carries out the answer of the player asked to move Chaos Tokens.
    pub(crate) fn do_chaos_answer(&mut self, p: PlayerId, a: Action, ev: &mut Events) {
        self.chaos_mover = NOBODY;
        if let Action::MoveChaos { from, to, count } = a {
            self.cm(from).chaos -= count;
            let t = self.cm(to);
            t.chaos = t.chaos.saturating_add(count);
            ev.push(Event::ChaosMoved {
                player: p,
                from,
                to,
                count,
            });
        }
    }
}

// When Chaos Tokens may be moved (Engine Rules v1.2, Drakh Faction Rules,
// Drakh Rule 7: "After each of his actions, including a pass action, a Drakh
// player may move any number of Chaos Tokens from any one card he controls
// to any one Drakh card he controls").
//
// "Actions" are the Action Round's: The Action Round defines them ("A
// player may pass as his action at any time ... Performing an action
// consists of doing anything that requires you to play or rotate a card, or
// to apply influence. Actions that may be taken include: ...") and the pass
// action exists only there. Declaring a conflict (The Conflict Round, a step
// each player answers once), the Resolution Round's aftermaths and the Draw
// Round's discards are steps of their rounds, not actions, so no offer
// follows them.
//
// An action is over once what it set off is over: when it opens a trigger
// window (contingencies revealed in answer), the offer comes after the
// window closes.

impl Game {
    /// After `p`'s Action Round action has been carried out.
    pub(crate) fn chaos_after_action(&mut self, p: PlayerId) {
        // A card played with its first target waits for its second
        // (Legal Targets), a replacement for the attached cards that
        // transfer (Appendix Two, Example 6): the action ends once they are
        // chosen.
        if self.window.is_some() || self.second_pending() || self.transfer_pending() {
            self.chaos_after_window = p;
        } else if self.may_move_chaos(p) {
            self.chaos_mover = p;
        }
    }

    /// On the forward run, once no trigger window is open: the offer an
    /// action's window held back.
    pub(crate) fn chaos_after_triggers(&mut self) {
        let p = self.chaos_after_window;
        if p == NOBODY {
            return;
        }
        self.chaos_after_window = NOBODY;
        if matches!(self.step, Step::Act { .. }) && self.may_move_chaos(p) {
            self.chaos_mover = p;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::card::CardDb;
    use crate::card::{CardDef, CardType, Faction, Race};
    use crate::game::event::{Event, Events};
    use crate::game::state::{Game, Zone, NOBODY};
    use crate::turn::position::{PlayerPosition, Position};

    fn game() -> Game {
        let mut amb = CardDef::new("Keeper Voice", CardType::Character);
        amb.race = Race::Drakh;
        amb.cost = Some(5);
        amb.kw.drakh_ambassador = true;
        let mut envoy = CardDef::new("Earth Envoy", CardType::Character);
        envoy.race = Race::Human;
        let mut narn = CardDef::new("Narn Envoy", CardType::Character);
        narn.race = Race::Narn;
        let db = CardDb::from_defs([amb, envoy, narn]).unwrap();
        let id = |n: &str| db.find(n).unwrap();
        let mut a = PlayerPosition::new(
            "A",
            Race::Human,
            Faction::BabylonProject,
            id("Keeper Voice"),
        );
        a.drakh = true;
        a.inner_circle = vec![crate::turn::position::CardPosition::of(id("Earth Envoy"))];
        let b = PlayerPosition::new("B", Race::Narn, Faction::BabylonProject, id("Narn Envoy"));
        let pos = Position {
            players: vec![a, b],
            ..Position::default()
        };
        Game::from_position(&pos, Arc::new(db), 1).unwrap()
    }

    /// Drakh Rule 3: "If your new (Drakh) ambassador leaves play, you
    /// immediately lose the game." No effect of the vocabulary can make an
    /// ambassador leave play, so this is pinned here rather than by a
    /// scenario.
    #[test]
    fn losing_the_drakh_ambassador_eliminates_at_once() {
        let mut g = game();
        let mut ev = Events::new();
        g.drakh_checks(&mut ev);
        assert!(ev.is_empty() && !g.players[0].eliminated);
        let amb = g.players[0].ambassador;
        g.move_card(amb, Zone::Discard, NOBODY, &mut ev);
        g.drakh_checks(&mut ev);
        assert!(g.players[0].eliminated);
        assert!(ev.contains(&Event::DrakhAmbassadorLost { player: 0 }));
        assert!(ev.contains(&Event::Eliminated { player: 0 }));
        assert!(!g.players[1].eliminated);
    }

    /// Drakh Rule 7: asked only when tokens can move to another Drakh card.
    #[test]
    fn chaos_move_needs_another_drakh_card() {
        let mut g = game();
        let amb = g.players[0].ambassador;
        let envoy = g.iter_pile(g.players[0].inner_circle).nth(1).unwrap();
        let mut ev = Events::new();
        g.change_chaos(amb, 2, &mut ev);
        assert!(!g.may_move_chaos(0), "tokens only on the one Drakh card");
        g.change_chaos(envoy, 1, &mut ev);
        assert!(g.may_move_chaos(0));
        assert!(!g.may_move_chaos(1));
        assert_eq!(g.chaos_controlled(0), 3);
        assert!(
            !g.change_chaos(envoy, -2, &mut ev),
            "takes off only what it holds"
        );
        assert_eq!(g.chaos(envoy), 1);
    }
}
