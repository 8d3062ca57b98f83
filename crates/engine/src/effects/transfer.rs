//! Transfers of power and of marks (Engine Rules v1.2, Changes for Version
//! 1.2, 1: "transfers do not cause gains and losses. This applies to
//! influence, power and marks"; Power: Transferring Power; Glossary:
//! Transfer). Influence transfers live in `crate::game::influence`. Chaos Tokens
//! (Glossary, Transfer: "It is possible to transfer influence, power,
//! marks, damage, and tokens") move by `transfer_chaos`, damage by
//! `transfer_damage` (see below).

use crate::card::MarkKind;
use crate::card::{CardSel, Who};
use crate::effects::interpreter::Ctx;
use crate::game::event::{Event, Events};
use crate::game::state::Game;

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
                self.change_power(g, -moved, ctx.cause(), ev);
                self.change_power(t, moved, ctx.cause(), ev);
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
                    && (fac == crate::game::state::NOBODY || !self.allergic_to_mark(fac, kind))
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
        // Only as many as the giver may lose and the taker may gain (the
        // marks effects change are kept within -128..=127: `change_marks`).
        let k = kind.idx();
        let n = (count as i32)
            .min(self.card_marks(from, kind) as i32)
            .min(self.c(from).marks[k] as i32 - i8::MIN as i32)
            .min(i8::MAX as i32 - self.c(to).marks[k] as i32)
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

/// Transfers of damage (Glossary, Transfer: "It is possible to transfer
/// influence, power, marks, damage, and tokens ... you can only transfer a
/// maximum of what you have"). What moves is normal damage (Glossary,
/// Damage: "Unless otherwise specified, 'damage' always refers to normal
/// damage and not severe damage"): severe damage lies on the back of a
/// neutralized card and stays there. The damage arriving counts as any
/// damage on the card (The Effects of Damage: "For each point of damage on
/// a target, all the target's abilities are reduced by one"; "If a card's
/// highest ability has been reduced to zero and it has at least one damage
/// token on it then it becomes immediately neutralized"), so the receiver
/// may be neutralized by it, with severe damage for the excess as always.
/// It is not an attack: damage resistance does not reduce it (Glossary,
/// Damage Resistance: "It does not effect damage that is applied by means
/// other than attacks"), and no attack trigger answers it.
impl Game {
    /// Whether damage could move from `card` to `onto` now: two different
    /// cards on the table, the giver damaged, the receiver not neutralized
    /// (Neutralization: a neutralized card holds no normal damage; "Additional
    /// normal damage which is somehow applied to an already neutralized card
    /// has no additional effect", so nothing could arrive).
    pub(crate) fn may_transfer_damage(&self, card: CardSel, onto: CardSel, ctx: &Ctx) -> bool {
        let (from, to) = (self.sel_cards(card, ctx), self.sel_cards(onto, ctx));
        match (from.first(), to.first()) {
            (Some(&f), Some(&t)) => {
                let (fi, ti) = (self.c(f), self.c(t));
                f != t
                    && fi.damage > 0
                    && fi.zone.on_table()
                    && ti.zone.on_table()
                    && !ti.neutralized()
            }
            _ => false,
        }
    }

    /// `transfer_damage`: up to `count` normal damage leaves `card` and goes
    /// on `onto`, only as much as it has. The giver's abilities rise at once;
    /// the receiver is checked for neutralization at once. False if nothing
    /// moved.
    pub(crate) fn transfer_damage(
        &mut self,
        card: CardSel,
        onto: CardSel,
        count: u8,
        ctx: &Ctx,
        ev: &mut Events,
    ) -> bool {
        if !self.may_transfer_damage(card, onto, ctx) {
            return false;
        }
        let from = self.sel_cards(card, ctx)[0];
        let to = self.sel_cards(onto, ctx)[0];
        // Glossary, Transfer: "you can only transfer a maximum of what you have".
        let n = count.min(self.c(from).damage);
        if n == 0 {
            return false;
        }
        self.cm(from).damage -= n;
        let t = self.cm(to);
        t.damage = t.damage.saturating_add(n);
        self.abilities_changed = true;
        ev.push(Event::DamageMoved { from, to, count: n });
        // The Effects of Damage: neutralized at once when its highest
        // ability reaches 0 (the excess becomes severe damage).
        self.check_neutralized(to, ev);
        true
    }
}
