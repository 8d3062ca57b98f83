//! Interrupts (docs/empires-readings.md, "Interrupts"): Diplomacy ("Negate
//! Target Move") and Intercept ("Move 1 Stack any time during opponents
//! Move Phase") are answers to a move before it resolves, and Intercept
//! also to the end of the Move Phase; Security ("Negate an Espionage,
//! Sabotage, Steal, or Recon card") answers such a card, played by its
//! victim. Players are asked in seat order after the active player; a
//! player with no cards in hand is passed over (hand sizes are public).

use crate::action::{Action, Target};
use crate::deck::Card;
use crate::error::Violation;
use crate::event::Event;
use crate::state::{Game, Phase, PlayerId, Window, WindowKind};

impl Game {
    /// Who answers the window next.
    pub(crate) fn window_asker(&self, w: &Window) -> Option<PlayerId> {
        match &w.kind {
            WindowKind::Security(play) => {
                (w.answered & (1 << play.victim) == 0).then_some(play.victim)
            }
            _ => self
                .opponents(self.active)
                .into_iter()
                .find(|&o| w.answered & (1 << o) == 0),
        }
    }

    /// Moves the window on without a choice: passes over a player with no
    /// cards, or closes it once everyone has answered. False when someone
    /// must choose.
    pub(crate) fn step_window(&mut self, ev: &mut Vec<Event>) -> bool {
        let Some(w) = &self.window else { return false };
        if w.intercepting.is_some() {
            return false;
        }
        match self.window_asker(w) {
            Some(q) if self.players[q as usize].hand.is_empty() => {
                if let Some(w) = &mut self.window {
                    w.answered |= 1 << q;
                }
                true
            }
            Some(_) => false,
            None => {
                if let Some(w) = self.window.take() {
                    match w.kind {
                        WindowKind::BeforeMove(m) => self.resolve_pending_move(m, ev),
                        WindowKind::EndOfMove => self.begin_phase(Phase::Explore, ev),
                        WindowKind::Security(play) => self.resolve_play(play, ev),
                    }
                }
                true
            }
        }
    }

    /// The cards that answer this window.
    fn answers(&self) -> &'static [Card] {
        match self.window.as_ref().map(|w| &w.kind) {
            Some(WindowKind::BeforeMove(_)) => &[Card::Diplomacy, Card::Intercept],
            Some(WindowKind::EndOfMove) => &[Card::Intercept],
            Some(WindowKind::Security(_)) => &[Card::Security],
            None => &[],
        }
    }

    /// What a card is played as: itself, or for a Special Card one of its
    /// race's three uses (Race Notes).
    pub(crate) fn played_as(
        &self,
        p: PlayerId,
        card: Card,
        as_card: Option<Card>,
    ) -> Result<Card, Violation> {
        match (card, as_card) {
            (Card::SpecialCard, Some(c)) => {
                if self.players[p as usize].race.special_uses().contains(&c) {
                    Ok(c)
                } else {
                    Err(Violation::BadSpecialUse(c))
                }
            }
            (Card::SpecialCard, None) => Err(Violation::BadSpecialUse(Card::SpecialCard)),
            (c, None) => Ok(c),
            (c, Some(a)) if a == c => Ok(c),
            (_, Some(a)) => Err(Violation::BadSpecialUse(a)),
        }
    }

    /// `p` plays `card` from hand as `c` at `target`: it goes to the
    /// discard pile, and the table is told.
    pub(crate) fn discard_played(
        &mut self,
        p: PlayerId,
        card: Card,
        c: Card,
        target: Target,
        ev: &mut Vec<Event>,
    ) {
        self.discard_from_hand(p, card);
        ev.push(Event::Played {
            player: p,
            card,
            as_card: c,
            target,
        });
    }

    /// Every way to play each card in hand (a Special Card three ways).
    pub(crate) fn card_uses(&self, p: PlayerId) -> Vec<(Card, Option<Card>, Card)> {
        let mut hand: Vec<Card> = self.players[p as usize].hand.to_vec();
        hand.dedup();
        let mut v = Vec::new();
        for c in hand {
            if c == Card::SpecialCard {
                for u in self.players[p as usize].race.special_uses() {
                    v.push((c, Some(u), u));
                }
            } else {
                v.push((c, None, c));
            }
        }
        v
    }

    pub(crate) fn window_candidates(&self, p: PlayerId) -> Vec<Action> {
        let mut v = vec![Action::Pass];
        for (card, as_card, _) in self.card_uses(p) {
            v.push(Action::Play {
                card,
                as_card,
                target: Target::None,
            });
        }
        v
    }

    pub(crate) fn check_window(&self, p: PlayerId, action: &Action) -> Result<(), Violation> {
        match action {
            Action::Pass => Ok(()),
            Action::Play {
                card,
                as_card,
                target,
            } => {
                self.check_in_hand(p, *card)?;
                let c = self.played_as(p, *card, *as_card)?;
                if !self.answers().contains(&c) {
                    return Err(Violation::CardNotNow(c));
                }
                if *target != Target::None {
                    return Err(Violation::BadTarget("this card names no target"));
                }
                Ok(())
            }
            _ => Err(Violation::WrongTime {
                verb: "do that",
                when: "answer with a card or pass",
            }),
        }
    }

    pub(crate) fn do_window(&mut self, p: PlayerId, action: Action, ev: &mut Vec<Event>) {
        match action {
            Action::Pass => {
                if let Some(w) = &mut self.window {
                    w.answered |= 1 << p;
                }
                ev.push(Event::Passed { player: p });
            }
            Action::Play {
                card,
                as_card,
                target,
            } => {
                let Ok(c) = self.played_as(p, card, as_card) else {
                    return;
                };
                self.discard_played(p, card, c, target, ev);
                match c {
                    Card::Diplomacy | Card::Security => {
                        // The move or the card is negated; the window closes.
                        self.window = None;
                        ev.push(Event::Negated { player: p, card: c });
                    }
                    Card::Intercept => {
                        if let Some(w) = &mut self.window {
                            w.intercepting = Some(p);
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
}
