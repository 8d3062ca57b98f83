//! Credit tokens (Engine Rules v1.2, Corporate Rule 6; the 2006 summary,
//! Anla'shok Rule 6): "Several corporate cards make reference to 'credit
//! tokens.' There are no additional rules for credit tokens (unlike, for
//! example, Chaos tokens)." So they mean only what card text says: cards
//! put them on cards (`credits = N`), take them off as an effect (only if
//! the card holds them all, as "do X" needs X done) or as an action's cost
//! (`cost = { credits = N }`, off the card whose action it is), and read
//! them (the condition `credits_at_least`, the amount base `credits`).
//! Reading: like damage and marks, they are on a card in play only, and
//! go with it when it leaves play (`zones.rs`).

use crate::effects::interpreter::Ctx;
use crate::game::event::{Event, Events};
use crate::game::state::{Game, Zone};
use crate::ids::CardId;

/// Tokens on a card after `n` are put on it (`n` < 0: taken off), kept
/// at 255: `None` when nothing changes, or when fewer than would be taken
/// off are there (taking them off happens only if the card holds them all).
/// Credit and Chaos Tokens alike.
pub(crate) fn tokens_after(old: u8, n: i8) -> Option<u8> {
    let new = old as i16 + n as i16;
    if new < 0 {
        return None;
    }
    let new = new.min(u8::MAX as i16) as u8;
    (new != old).then_some(new)
}

impl Game {
    /// The credit tokens on a card (0 for no such card).
    pub fn credits(&self, c: CardId) -> u8 {
        self.cards.get(c.idx()).map_or(0, |ci| ci.credits)
    }

    /// Puts `n` credit tokens on a card in play (`n` < 0: takes them off,
    /// which happens only if the card holds them all). Whether anything
    /// changed.
    pub(crate) fn change_credits(&mut self, c: CardId, n: i8, ev: &mut Events) -> bool {
        let Some(ci) = self.cards.get(c.idx()) else {
            return false;
        };
        if !ci.zone.in_play() || ci.face_down() {
            return false;
        }
        let old = ci.credits;
        let Some(new) = tokens_after(old, n) else {
            return false;
        };
        self.cm(c).credits = new;
        ev.push(Event::Credits {
            card: c,
            delta: (new as i16 - old as i16) as i8,
        });
        true
    }

    /// The card "its" names in a condition of a card's own text: the card
    /// itself, or, for an attached card, the card it is on.
    pub(crate) fn own_card(&self, ctx: &Ctx) -> Option<CardId> {
        let c = ctx.source.some()?;
        let ci = self.cards.get(c.idx())?;
        if ci.zone == Zone::Attached {
            ci.host.some()
        } else {
            Some(c)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::card::Race;
    use crate::game::event::{Event, Events};
    use crate::game::state::{Game, Zone, NOBODY};
    use crate::test_game::{character, two_player_game};

    fn game() -> Game {
        two_player_game(character("Ledger Keeper", Race::Human), vec![], |_, _| {})
    }

    /// Taking tokens off happens only if the card holds them all.
    #[test]
    fn tokens_come_off_only_if_the_card_holds_them_all() {
        let mut g = game();
        let amb = g.players[0].ambassador;
        let mut ev = Events::new();
        assert!(g.change_credits(amb, 2, &mut ev));
        assert!(!g.change_credits(amb, -3, &mut ev), "only 2 to take off");
        assert_eq!(g.credits(amb), 2);
        assert!(g.change_credits(amb, -2, &mut ev));
        assert_eq!(g.credits(amb), 0);
        assert!(!g.change_credits(amb, -1, &mut ev), "none left");
        assert_eq!(
            ev.iter()
                .filter(|e| matches!(e, Event::Credits { .. }))
                .count(),
            2
        );
    }

    /// They are on cards in play only, and go with a card leaving play.
    #[test]
    fn tokens_leave_with_the_card() {
        let mut g = game();
        let amb = g.players[0].ambassador;
        let mut ev = Events::new();
        g.change_credits(amb, 3, &mut ev);
        g.move_card(amb, Zone::Discard, NOBODY, &mut ev);
        assert_eq!(g.credits(amb), 0);
        assert!(
            !g.change_credits(amb, 1, &mut ev),
            "not on a card out of play"
        );
    }
}
