//! Transfers of power and of marks (Engine Rules v1.2, Changes for Version
//! 1.2, 1: "transfers do not cause gains and losses. This applies to
//! influence, power and marks"; Power: Transferring Power; Glossary:
//! Transfer). Influence transfers live in `crate::influence`. Chaos Tokens
//! (Glossary, Transfer: "It is possible to transfer influence, power,
//! marks, damage, and tokens") move by `transfer_chaos`.

use crate::card::def::MarkKind;
use crate::card::effect::{CardSel, Who};
use crate::effects::Ctx;
use crate::event::{Event, Events};
use crate::state::Game;

impl Game {
    /// `transfer_power`: each player named by `who` loses up to N power and
    /// each player named by `to` gains what was lost. Glossary, Transfer:
    /// "If an effect calls for you to transfer X Power then you can only
    /// transfer enough ... to reduce you to 0." Not a gain or a loss: it
    /// changes raw power directly and answers no gain or loss trigger.
    /// False if nothing moved.
    pub(crate) fn transfer_power(
        &mut self,
        n: u8,
        who: Who,
        to: Who,
        ctx: &Ctx,
        ev: &mut Events,
    ) -> bool {
        let givers = self.who_players(who, ctx);
        let takers = self.who_players(to, ctx);
        let mut any = false;
        for &g in &givers {
            for &t in &takers {
                if g == t {
                    continue;
                }
                let moved = (n as i32).min(self.power(g).max(0)) as i16;
                if moved <= 0 {
                    continue;
                }
                self.change_power(g, -moved, ev);
                self.change_power(t, moved, ev);
                any = true;
            }
        }
        any
    }

    /// Whether a mark of the kind could move from `card` to `onto` now.
    pub(crate) fn may_move_mark(
        &self,
        kind: MarkKind,
        card: CardSel,
        onto: CardSel,
        ctx: &Ctx,
    ) -> bool {
        let (from, to) = (self.sel_cards(card, ctx), self.sel_cards(onto, ctx));
        match (from.first(), to.first()) {
            (Some(&f), Some(&t)) => {
                let fac = self.c(t).faction;
                f != t
                    && self.card_marks(f, kind) > 0
                    && (fac == crate::state::NOBODY || !self.allergic_to_mark(fac, kind))
            }
            _ => false,
        }
    }

    /// `move_mark`: up to `count` marks of the kind leave `card` and go on
    /// `onto`: only as many as the card has (Glossary, Transfer: "you can
    /// only transfer a maximum of what you have"). A card whose faction is
    /// allergic to the kind cannot hold it, so nothing moves (Marks: an
    /// allergic mark is never there). False if nothing moved.
    pub(crate) fn move_marks(
        &mut self,
        kind: MarkKind,
        card: CardSel,
        onto: CardSel,
        count: u8,
        ctx: &Ctx,
        ev: &mut Events,
    ) -> bool {
        if !self.may_move_mark(kind, card, onto, ctx) {
            return false;
        }
        let from = self.sel_cards(card, ctx)[0];
        let to = self.sel_cards(onto, ctx)[0];
        let n = (count as i32)
            .min(self.card_marks(from, kind) as i32)
            .min(i8::MAX as i32) as i8;
        if n <= 0 {
            return false;
        }
        self.change_marks(from, kind, -n, ev);
        self.change_marks(to, kind, n, ev)
    }

    /// Whether Chaos Tokens could move from `card` to `onto` now: another
    /// card in play, and the giver holds at least one.
    pub(crate) fn may_transfer_chaos(&self, card: CardSel, onto: CardSel, ctx: &Ctx) -> bool {
        let (from, to) = (self.sel_cards(card, ctx), self.sel_cards(onto, ctx));
        match (from.first(), to.first()) {
            (Some(&f), Some(&t)) => {
                f != t && self.chaos(f) > 0 && self.c(f).zone.in_play() && self.c(t).zone.in_play()
            }
            _ => false,
        }
    }

    /// `transfer_chaos`: up to `count` Chaos Tokens leave `card` and go on
    /// `onto`, only as many as it has (Glossary, Transfer: "you can only
    /// transfer a maximum of what you have"). False if nothing moved.
    pub(crate) fn transfer_chaos(
        &mut self,
        card: CardSel,
        onto: CardSel,
        count: u8,
        ctx: &Ctx,
        ev: &mut Events,
    ) -> bool {
        if !self.may_transfer_chaos(card, onto, ctx) {
            return false;
        }
        let from = self.sel_cards(card, ctx)[0];
        let to = self.sel_cards(onto, ctx)[0];
        let n = count.min(self.chaos(from));
        if n == 0 {
            return false;
        }
        self.cm(from).chaos -= n;
        let t = self.cm(to);
        t.chaos = t.chaos.saturating_add(n);
        ev.push(Event::ChaosMoved {
            player: self.c(from).controller,
            from,
            to,
            count: n,
        });
        true
    }
}
