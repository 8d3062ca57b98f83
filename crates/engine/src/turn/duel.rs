//! Appendix One: Two Player ("Duelling") games, as an option: draw 8, keep
//! three (no requirement of different types), put the rest back on top of
//! the deck "in whatever order you like"; a mulligan shuffles the drawn
//! cards back and draws 7 new cards, the next 6, and so on.
//!
//! Putting back: `pass` ends the keeping, and the cards not kept go on top
//! of the deck in the order they were drawn. With two or more of them the
//! player then orders them, one [`Action::Choose`] at a time, each card
//! chosen going next from the top (below those chosen before); `pass`
//! leaves the rest in their order, and the last one needs no choice. The
//! order is his alone: the others see only the deck's size, and no event
//! names the cards.

use smallvec::SmallVec;

use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::event::Events;
use crate::game::state::{flag, Game, PileKind, Step, Zone};
use crate::ids::{CardId, PlayerId};
use crate::turn::setup::{DUEL_DRAW, DUEL_KEEP};

impl Game {
    /// Drawn cards kept so far.
    fn kept(&self, p: PlayerId) -> usize {
        let pl = &self.players[p as usize];
        self.iter_pile(pl.hand)
            .filter(|&c| self.c(c).has(flag::KEPT))
            .count()
            - pl.chosen as usize
    }

    fn not_kept(&self, p: PlayerId) -> Vec<CardId> {
        self.iter_pile(self.players[p as usize].hand)
            .filter(|&c| !self.c(c).has(flag::KEPT))
            .collect()
    }

    pub(crate) fn check_keep(&self, p: PlayerId, card: CardId) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if c.zone != Zone::Hand || c.owner != p {
            return Err(Violation::NotInHand(card));
        }
        if c.has(flag::KEPT) || self.kept(p) >= DUEL_KEEP {
            return Err(Violation::CannotKeep);
        }
        Ok(())
    }

    /// The cards the next mulligan draws. Appendix One, Mulligan rule:
    /// "shuffle it in to your deck then draw 7 new cards. If you still
    /// don't like it, shuffle and draw 6. You can repeat this process until
    /// you have no cards left to draw": 7, 6, ... 1 by the mulligans taken,
    /// whatever the last draw found in a short deck.
    fn mulligan_draw(&self, p: PlayerId) -> usize {
        (DUEL_DRAW - 1).saturating_sub(self.players[p as usize].progress.mulligans as usize)
    }

    /// A mulligan is of the hand drawn: before any card is kept, with a
    /// drawn card to shuffle back, and while it would draw a card.
    pub(crate) fn check_mulligan(&self, p: PlayerId) -> Result<(), Violation> {
        if self.kept(p) > 0 || self.not_kept(p).is_empty() {
            return Err(Violation::CannotKeep);
        }
        if self.mulligan_draw(p) == 0 {
            return Err(Violation::NoMulliganLeft);
        }
        Ok(())
    }

    pub(crate) fn do_keep(&mut self, _p: PlayerId, card: CardId) {
        self.cm(card).flags |= flag::KEPT;
    }

    /// The drawn cards go into the deck (the Non-Aligned second ambassador,
    /// chosen before the draw, stays in hand), the deck alone is shuffled
    /// (not the Crusade Pile: rulings, Crusade Pile), and the next number
    /// of cards is drawn.
    pub(crate) fn do_mulligan(&mut self, p: PlayerId, ev: &mut Events) {
        let n = self.mulligan_draw(p);
        for c in self.not_kept(p) {
            self.move_card(c, Zone::Deck, p, ev);
        }
        self.shuffle_deck_only(p, ev);
        for _ in 0..n {
            self.draw_card(p, crate::game::event::Cause::SetUp, ev);
        }
        let pl = &mut self.players[p as usize];
        pl.progress.mulligans = pl.progress.mulligans.saturating_add(1);
    }

    /// Done keeping: the other drawn cards go back on top of the deck, in
    /// the order drawn; with two or more, the player orders them next.
    pub(crate) fn finish_keep(&mut self, p: PlayerId, ev: &mut Events) {
        let back = self.not_kept(p);
        for &c in back.iter().rev() {
            self.move_card(c, Zone::Deck, p, ev);
        }
        let hand: Vec<CardId> = self.iter_pile(self.players[p as usize].hand).collect();
        for c in hand {
            self.cm(c).flags &= !flag::KEPT;
        }
        let pl = &mut self.players[p as usize];
        pl.chosen = 0;
        pl.progress.stacked = 0;
        // Appendix One: "Put the rest back on top of your deck ("stack
        // them") in whatever order you like".
        pl.progress.stacking = if back.len() >= 2 { back.len() as u8 } else { 0 };
    }

    /// Whether `p` is ordering the cards he put back.
    pub(crate) fn is_stacking(&self, p: PlayerId) -> bool {
        self.players
            .get(p as usize)
            .is_some_and(|pl| pl.progress.stacking > 0)
    }

    /// The cards put back still to be placed, top first: below the
    /// `stacked` top cards of the deck.
    pub fn put_back_cards(&self, p: PlayerId) -> SmallVec<[CardId; 8]> {
        let Some(pl) = self.players.get(p as usize) else {
            return SmallVec::new();
        };
        let mut deck: SmallVec<[CardId; 64]> = self.iter_pile(pl.deck).collect();
        deck.reverse();
        deck.iter()
            .skip(pl.progress.stacked as usize)
            .take(pl.progress.stacking as usize)
            .copied()
            .collect()
    }

    /// Who is ordering the cards put back, in words (public: not the order).
    pub(crate) fn stacking_words(&self) -> Option<String> {
        let who: Vec<&str> = (0..self.players.len() as PlayerId)
            .filter(|&p| self.is_stacking(p))
            .map(|p| self.player_name(p))
            .collect();
        if who.is_empty() {
            return None;
        }
        Some(format!(
            "{} {} the cards not kept back on top of the deck in the order wanted (Appendix One)",
            who.join(" and "),
            if who.len() == 1 { "puts" } else { "put" }
        ))
    }

    pub(crate) fn check_stack(&self, p: PlayerId, a: &Action) -> Result<(), Violation> {
        match *a {
            Action::Pass => Ok(()),
            Action::Choose { card } if self.put_back_cards(p).contains(&card) => Ok(()),
            Action::Choose { card } => Err(Violation::NotPutBack(card)),
            _ => Err(Violation::WrongTime {
                verb: a.verb(),
                when: "the two-player draw: the cards put back on the deck (choose the next from the top, or pass to leave the rest as drawn)",
            }),
        }
    }

    pub(crate) fn stack_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        for card in self.put_back_cards(p) {
            out.push(Action::Choose { card });
        }
    }

    /// The card chosen goes next from the top, below those chosen before;
    /// the order is done with `pass` or when one card is left.
    pub(crate) fn perform_stack(&mut self, p: PlayerId, a: Action) {
        let i = p as usize;
        if let Action::Choose { card } = a {
            let placed: SmallVec<[CardId; 8]> = self
                .iter_pile(self.players[i].deck)
                .collect::<SmallVec<[CardId; 64]>>()
                .iter()
                .rev()
                .take(self.players[i].progress.stacked as usize)
                .copied()
                .collect();
            for &c in &placed {
                self.unlink(i, PileKind::Deck, c);
            }
            self.unlink(i, PileKind::Deck, card);
            self.link_back(i, PileKind::Deck, card);
            for &c in placed.iter().rev() {
                self.link_back(i, PileKind::Deck, c);
            }
            let pl = &mut self.players[i];
            pl.progress.stacked += 1;
            pl.progress.stacking -= 1;
            if pl.progress.stacking > 1 {
                return;
            }
        }
        let pl = &mut self.players[i];
        pl.progress.stacked = 0;
        pl.progress.stacking = 0;
        if let Step::Keep { answered } = self.step {
            self.step = Step::Keep {
                answered: answered | (1 << p),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::action::Action;
    use crate::game::state::Game;
    use crate::ids::PlayerId;

    /// A two-player game with the duel draw, each deck 30 distinct cards.
    fn duel_game(seed: u64) -> Game {
        use crate::card::{Faction, Race};
        use crate::test_game::character;
        use crate::turn::setup::{Seat, Setup};
        let mut a = character("Harbor Envoy", Race::Human);
        a.kw.starting = Some((Race::Human, None));
        let mut b = character("Dock Envoy", Race::Narn);
        b.kw.starting = Some((Race::Narn, None));
        let aides = (0..60).map(|i| character(&format!("Aide {i}"), Race::Neutral));
        let db = crate::card::CardDb::from_defs([a, b].into_iter().chain(aides)).unwrap();
        let id = |n: &str| db.find(n).unwrap();
        let seat = |name: &str, race, amb: &str, from: usize| Seat {
            name: name.into(),
            race,
            faction: Faction::BabylonProject,
            ambassador: id(amb),
            hand: Vec::new(),
            deck: (from..from + 30)
                .map(|i| id(&format!("Aide {i}")))
                .collect(),
            crusade: Vec::new(),
            reserve: Vec::new(),
        };
        let mut setup = Setup {
            players: vec![
                seat("A", Race::Human, "Harbor Envoy", 0),
                seat("B", Race::Narn, "Dock Envoy", 30),
            ],
            ..Setup::default()
        };
        setup.options.duel_draw = true;
        Game::new(setup, std::sync::Arc::new(db), seed).unwrap()
    }

    fn deck_top(g: &Game, p: PlayerId, n: usize) -> Vec<crate::ids::CardId> {
        let mut v: Vec<_> = g.iter_pile(g.players[p as usize].deck).collect();
        v.reverse();
        v.truncate(n);
        v
    }

    /// Hidden information: the order chosen changes nothing the other
    /// player sees (his view, his legal actions, the events he gets).
    #[test]
    fn the_order_put_back_is_secret() {
        let run = |reverse: bool| {
            let mut g = duel_game(11);
            g.apply(0, Action::Pass).unwrap();
            let mut back = g.put_back_cards(0).to_vec();
            assert_eq!(back.len(), 8);
            if reverse {
                back.reverse();
            }
            let mut seen = Vec::new();
            for &card in &back[..7] {
                let ev = g.apply(0, Action::Choose { card }).unwrap();
                seen.extend(ev.iter().map(|e| e.for_viewer(1)));
            }
            assert!(!g.is_stacking(0), "the last card needs no choice");
            assert_eq!(deck_top(&g, 0, 8), back, "top first, as chosen");
            (g.view(1), g.legal_actions(1), seen)
        };
        assert_eq!(run(false), run(true));
    }

    /// The mulligans draw 7, 6, ... 1, then no more.
    #[test]
    fn mulligans_draw_seven_then_six_down_to_one() {
        let mut g = duel_game(3);
        for want in (1..=7).rev() {
            g.apply(1, Action::Mulligan).unwrap();
            assert_eq!(g.players[1].hand.len(), want);
        }
        let e = g.apply(1, Action::Mulligan).unwrap_err();
        assert_eq!(e.violation, crate::game::error::Violation::NoMulliganLeft);
        assert!(!g.legal_actions(1).contains(&Action::Mulligan));
    }
}
