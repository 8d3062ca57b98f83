//! Choices made in the middle of an effect, held through `pending` like a
//! vote: searching the deck or the reserve (Engine Rules v1.2, Searching
//! Your Deck; Reserve/sideboard/ISA Pile and the Engine), choosing a
//! variable number of cards ("discard up to 2 cards", "rotate any number of
//! your characters"), and "choose one" modes.
//!
//! The same machinery asks for the second target of a card being played
//! (`ChoiceKind::Second`, Legal Targets: `second_target.rs`), and for the
//! attached cards a replacement transfers as its controller chooses
//! (`ChoiceKind::Transfer`, Appendix Two, Example 6: `replace_choice.rs`).
//!
//! A `pick` offers one [`Action::Choose`] per card that can be chosen now,
//! and [`Action::Pass`] ("done") unless it is a search; a `modes` effect
//! offers one [`Action::Mode`] per mode that can be carried out. The state
//! is plain data (`Copy`): the effects to run are found again in the card's
//! definition (`def`, `index`).

use smallvec::SmallVec;

use crate::card::{CardDef, CardType};
use crate::card::{Effect, Op, PickFrom, PickPut};
use crate::effects::interpreter::Ctx;
use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::event::{Cause, Event, Events};
pub use crate::game::held::{Choice, ChoiceKind};
use crate::game::state::{Game, Target, Zone};
use crate::ids::{CardId, PlayerId};

/// The index of a choice effect among the card's (`choice_ops`). An
/// `unless_paid` whose price is an amount runs as a copy with the price
/// worked out: it is found by its effect list, which the copy shares.
pub(crate) fn choice_index(def: &CardDef, op: &Op) -> Option<u8> {
    choice_ops(def)
        .iter()
        .position(|o| {
            std::ptr::eq(*o, op)
                || matches!((o, op), (Op::Unless { effects: a, .. }, Op::Unless { effects: b, .. })
                    if std::sync::Arc::ptr_eq(a, b))
        })
        .map(|i| i as u8)
}

/// The op a choice stands on.
pub(crate) fn choice_op_of<'a>(db: &'a crate::card::CardDb, c: &Choice) -> Option<&'a Op> {
    choice_ops(db.get(c.def)).get(c.index as usize).copied()
}

impl Choice {
    /// A choice for `player` on the effect `index` of the card `ctx` names
    /// as its source, with the rest of the effect's context.
    pub(crate) fn for_ctx(
        kind: ChoiceKind,
        player: PlayerId,
        ctx: &Ctx,
        def: crate::ids::DefId,
        index: u8,
    ) -> Choice {
        Choice {
            kind,
            player,
            card: ctx.source,
            def,
            index,
            controller: ctx.controller,
            target: ctx.target,
            second: ctx.second,
            conflict: ctx.conflict,
            attacker: ctx.attacker,
            margin: ctx.margin,
            from_conflict: ctx.from_conflict,
            taken: 0,
            searching_deck: false,
            pay: CardId::NONE,
            chosen: 0,
            price: 0,
            chosen_player: ctx.chosen,
        }
    }

    pub(crate) fn ctx(&self) -> Ctx {
        Ctx {
            controller: self.controller,
            source: self.card,
            target: self.target,
            second: self.second,
            conflict: self.conflict,
            attacker: self.attacker,
            margin: self.margin,
            from_conflict: self.from_conflict,
            sustainable: false,
            chosen: self.chosen_player,
        }
    }
}

/// Every `pick`, `modes` and `unless_paid` effect printed on a card, nested
/// ones included, in a fixed order.
fn choice_ops(def: &CardDef) -> SmallVec<[&Op; 8]> {
    fn walk<'a>(list: &'a [Effect], out: &mut SmallVec<[&'a Op; 8]>) {
        for e in list {
            match &e.op {
                Op::Pick { each, after, .. } => {
                    out.push(&e.op);
                    walk(each, out);
                    walk(after, out);
                }
                Op::Modes { modes, .. } => {
                    out.push(&e.op);
                    for m in modes {
                        walk(m, out);
                    }
                }
                Op::Vote { pass, fail, .. } => {
                    walk(pass, out);
                    walk(fail, out);
                }
                Op::Delayed { effects, .. } => walk(effects, out),
                Op::Unless { effects, .. } => {
                    out.push(&e.op);
                    walk(effects, out);
                }
                Op::ChoosePlayer { each, .. } => {
                    out.push(&e.op);
                    walk(each, out);
                }
                _ => {}
            }
        }
    }
    let mut out = SmallVec::new();
    for l in def.effect_lists() {
        walk(l, &mut out);
    }
    out
}

type Cards = SmallVec<[CardId; 16]>;

impl Game {
    /// The choice in progress, if any.
    pub fn choice(&self) -> Option<&Choice> {
        self.choice.as_ref()
    }

    /// Carries out a `pick` or `modes` effect: sets the choice up, or does
    /// nothing when there is nothing to choose. Returns whether it did.
    pub(crate) fn start_choice(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        let Some(src) = ctx.source.some() else {
            return false;
        };
        if self.choice.is_some() || (ctx.controller as usize) >= self.players.len() {
            return false;
        }
        let def_id = self.c(src).def;
        let db = self.db.clone();
        let Some(index) = choice_index(db.get(def_id), op) else {
            return false;
        };
        let kind = match op {
            Op::Pick { .. } => ChoiceKind::Pick,
            _ => ChoiceKind::Modes,
        };
        let mut choice = Choice::for_ctx(kind, ctx.controller, ctx, def_id, index);
        choice.searching_deck = matches!(
            op,
            Op::Pick {
                from: PickFrom::Deck,
                ..
            }
        );
        match op {
            Op::Pick { from, after, .. } => {
                self.picked.clear();
                if self.pick_cards(op, &choice).is_empty() {
                    // Searching Your Deck: "After searching or looking
                    // through your deck, always reshuffle afterward" (even
                    // when nothing was found).
                    if *from == PickFrom::Deck {
                        self.shuffle_deck_only(ctx.controller, ev);
                    }
                    // What follows the choosing happens, none chosen.
                    self.run_effects(after, false, ctx, ev);
                    return false;
                }
            }
            Op::Modes { modes, chooser } => {
                if !modes.iter().any(|m| self.mode_possible(m, ctx)) {
                    return false;
                }
                // "Target player chooses one": another player may choose.
                if *chooser != crate::card::Who::Me {
                    match self.who_players(*chooser, ctx).first() {
                        Some(&q) => choice.player = q,
                        None => return false,
                    }
                }
                ev.push(Event::ChoiceStarted {
                    player: choice.player,
                    card: src,
                });
            }
            _ => return false,
        }
        self.choice = Some(choice);
        true
    }

    /// A mode can be carried out when every effect in it could happen now
    /// (the test the BOTH rule uses).
    fn mode_possible(&self, mode: &[Effect], ctx: &Ctx) -> bool {
        mode.iter().all(|e| self.effect_possible(e, ctx))
    }

    /// The op a choice stands on.
    fn choice_op<'a>(db: &'a crate::card::CardDb, c: &Choice) -> Option<&'a Op> {
        choice_op_of(db, c)
    }

    /// The cards a pick may take now.
    fn pick_cards(&self, op: &Op, c: &Choice) -> Cards {
        let mut out = Cards::new();
        let Op::Pick {
            from,
            filter,
            up_to,
            put,
            ..
        } = op
        else {
            return out;
        };
        if *up_to != 0 && c.taken >= *up_to {
            return out;
        }
        let p = c.player;
        let pl = &self.players[p as usize];
        let pile = match from {
            PickFrom::Deck => Some(pl.deck),
            PickFrom::Reserve => Some(pl.reserve),
            PickFrom::Hand => Some(pl.hand),
            PickFrom::Discard => Some(pl.discard),
            PickFrom::Play => None,
        };
        let ok_put = |g: &Game, card: CardId| -> bool {
            match put {
                // Conscription (rulings): a card found to put into play must
                // be one that could be sponsored (unique, limited, loyalty).
                PickPut::Play => {
                    let def = g.db.get(g.c(card).def);
                    matches!(
                        def.card_type,
                        CardType::Character
                            | CardType::Fleet
                            | CardType::Location
                            | CardType::Group
                    ) && g.check_may_enter_play(p, card).is_ok()
                        && g.check_entry_loyalty(p, card, def).is_ok()
                }
                // Ambassadors: a faction's ambassador never leaves play this way.
                PickPut::Remove if *from == PickFrom::Play => !g.is_ambassador(card),
                PickPut::Discard if *from == PickFrom::Play => {
                    !g.is_ambassador(card)
                        && !g.card_cannot(card, crate::card::Cannot::BeDiscarded, None)
                }
                _ => true,
            }
        };
        match pile {
            Some(pile) => {
                // Searching: "begin at the top of your deck" (rulings,
                // Conscription): offered top card first.
                let mut v: Cards = self
                    .iter_pile(pile)
                    .filter(|&card| filter.matches_def(self.db.get(self.c(card).def)))
                    .filter(|&card| ok_put(self, card))
                    .collect();
                if *from == PickFrom::Deck {
                    v.reverse();
                }
                out = v;
            }
            None => {
                // A card chosen and left in place is not offered again: the
                // effect chooses cards, each once.
                let again = |card: CardId| *put == PickPut::Stay && self.picked.contains(&card);
                for card in self.table_cards_controlled(p) {
                    let by = crate::effects::targets::By::card(p, c.card);
                    if !again(card) && self.filter_matches(filter, card, by) && ok_put(self, card) {
                        out.push(card);
                    }
                }
            }
        }
        out
    }

    /// The cards the current pick offers (empty when none is in progress),
    /// or the second targets a card being played may take.
    pub fn choice_cards(&self) -> Cards {
        let Some(c) = self.choice else {
            return Cards::new();
        };
        match c.kind {
            ChoiceKind::Second => return self.second_candidates(&c),
            ChoiceKind::Transfer => return self.transfer_cards(&c),
            ChoiceKind::Modes
            | ChoiceKind::Unless
            | ChoiceKind::AttackAbility
            | ChoiceKind::Player => return Cards::new(),
            ChoiceKind::Pick => {}
        }
        let db = self.db.clone();
        match Self::choice_op(&db, &c) {
            Some(op @ Op::Pick { .. }) => self.pick_cards(op, &c),
            _ => Cards::new(),
        }
    }

    /// The modes the current choice offers, by index.
    pub fn choice_modes(&self) -> SmallVec<[u8; 4]> {
        let mut out = SmallVec::new();
        let Some(c) = self.choice.filter(|c| c.kind == ChoiceKind::Modes) else {
            return out;
        };
        let db = self.db.clone();
        if let Some(Op::Modes { modes, .. }) = Self::choice_op(&db, &c) {
            let ctx = c.ctx();
            for (i, m) in modes.iter().enumerate() {
                if self.mode_possible(m, &ctx) {
                    out.push(i as u8);
                }
            }
        }
        out
    }

    /// Whether the current pick lets its player stop ("done"): any pick but
    /// a search, which must find a matching card while there is one.
    fn pick_may_stop(&self, c: &Choice) -> bool {
        if c.kind != ChoiceKind::Pick {
            return false;
        }
        let db = self.db.clone();
        match Self::choice_op(&db, c) {
            // A search ends when nothing it could find is left (a trigger
            // that ran while it waited may have drawn the last match): the
            // player passes, and the deck is reshuffled as after any search.
            Some(op @ Op::Pick { from, .. }) => {
                !from.is_search() || self.pick_cards(op, c).is_empty()
            }
            _ => false,
        }
    }

    pub(crate) fn check_choice_action(&self, p: PlayerId, a: &Action) -> Result<(), Violation> {
        let Some(c) = &self.choice else {
            return Err(Violation::NotPending);
        };
        if p != c.player {
            return Err(Violation::NotPending);
        }
        match (c.kind, *a) {
            (ChoiceKind::Pick, Action::Choose { card }) => {
                if self.choice_cards().contains(&card) {
                    Ok(())
                } else {
                    Err(Violation::NotOffered(card))
                }
            }
            (ChoiceKind::Pick, Action::Pass) if self.pick_may_stop(c) => Ok(()),
            (ChoiceKind::Modes, Action::Pass) if self.choice_modes().is_empty() => Ok(()),
            (ChoiceKind::Modes, Action::Mode { index }) => {
                if self.choice_modes().contains(&index) {
                    Ok(())
                } else {
                    Err(Violation::NoSuchMode)
                }
            }
            (ChoiceKind::Pick, _) => Err(Violation::WrongTime {
                verb: a.verb(),
                when: if self.pick_may_stop(c) {
                    "a choice of cards (choose one offered, or pass when done)"
                } else {
                    "a search (choose one of the matching cards)"
                },
            }),
            (ChoiceKind::Modes, _) => Err(Violation::WrongTime {
                verb: a.verb(),
                when: if self.choice_modes().is_empty() {
                    "a choice of modes none of which can be carried out any more (pass)"
                } else {
                    "a choice of modes (choose one)"
                },
            }),
            (ChoiceKind::Second, Action::Choose { card }) => self.check_second_choice(c, card),
            (ChoiceKind::Second, _) => Err(Violation::WrongTime {
                verb: a.verb(),
                when: "the choice of a second target (choose one of the offered cards)",
            }),
            (ChoiceKind::Transfer, Action::Choose { card }) => {
                if self.transfer_cards(c).contains(&card) {
                    Ok(())
                } else {
                    Err(Violation::NotOffered(card))
                }
            }
            (ChoiceKind::Transfer, Action::Pass) => Ok(()),
            (ChoiceKind::Transfer, _) => Err(Violation::WrongTime {
                verb: a.verb(),
                when: "the choice of the attached cards a replacement transfers (choose one offered, or pass when done)",
            }),
            // rulings, Order Above All: a share of a price paid together.
            (ChoiceKind::Unless, _) if self.unless_pooled(c) => self.check_pool_answer(c, a),
            (ChoiceKind::Unless, Action::Pass) => Ok(()),
            (ChoiceKind::Unless, Action::Mode { index: 0 }) if self.unless_payable(c) => Ok(()),
            (ChoiceKind::Unless, Action::Mode { .. }) => Err(Violation::NoSuchMode),
            (ChoiceKind::Unless, _) => Err(Violation::WrongTime {
                verb: a.verb(),
                when: "the offer to apply influence to stop an effect (mode 0 pays, pass lets it happen)",
            }),
            (ChoiceKind::AttackAbility, Action::Mode { index }) => {
                if self.attack_ability_offer(c).contains(&index) {
                    Ok(())
                } else {
                    Err(Violation::NoSuchMode)
                }
            }
            (ChoiceKind::Player, Action::Pass) if self.player_choice_offer(c).is_empty() => Ok(()),
            (ChoiceKind::Player, Action::Mode { index }) => {
                if self.player_choice_offer(c).contains(&index) {
                    Ok(())
                } else {
                    Err(Violation::PlayerNotOffered(index))
                }
            }
            (ChoiceKind::Player, _) => Err(Violation::WrongTime {
                verb: a.verb(),
                when: if self.player_choice_offer(c).is_empty() {
                    "a choice of a player none of whom can be chosen any more (pass)"
                } else {
                    "the choice of a player (a mode: the player's seat, from 0)"
                },
            }),
            (ChoiceKind::AttackAbility, _) => Err(Violation::WrongTime {
                verb: a.verb(),
                when: "the choice of the ability an attack on your card uses (a mode: 0 Diplomacy, 1 Intrigue, 2 Psi, 3 Leadership, 4 Military, among its highest)",
            }),
        }
    }

    pub(crate) fn choice_candidates(&self, out: &mut Vec<Action>) {
        let Some(c) = self.choice else {
            return;
        };
        match c.kind {
            ChoiceKind::Pick => {
                if self.pick_may_stop(&c) {
                    out.push(Action::Pass);
                }
                for card in self.choice_cards() {
                    out.push(Action::Choose { card });
                }
            }
            ChoiceKind::Modes => {
                let modes = self.choice_modes();
                // A mode possible when the choice began may not be any more
                // (a trigger that ran while it waited): then the effect does
                // nothing, and the player passes.
                if modes.is_empty() {
                    out.push(Action::Pass);
                }
                for index in modes {
                    out.push(Action::Mode { index });
                }
            }
            ChoiceKind::Second => {
                for card in self.second_candidates(&c) {
                    out.push(Action::Choose { card });
                }
            }
            ChoiceKind::Transfer => {
                out.push(Action::Pass);
                for card in self.transfer_cards(&c) {
                    out.push(Action::Choose { card });
                }
            }
            ChoiceKind::Unless if self.unless_pooled(&c) => self.pool_candidates(&c, out),
            ChoiceKind::Unless => {
                out.push(Action::Pass);
                if self.unless_payable(&c) {
                    out.push(Action::Mode { index: 0 });
                }
            }
            ChoiceKind::AttackAbility => {
                for index in self.attack_ability_offer(&c) {
                    out.push(Action::Mode { index });
                }
            }
            ChoiceKind::Player => {
                let offer = self.player_choice_offer(&c);
                // Nobody may be chosen any more (a trigger that ran while
                // it waited): the effect does nothing, and the player passes.
                if offer.is_empty() {
                    out.push(Action::Pass);
                }
                for index in offer {
                    out.push(Action::Mode { index });
                }
            }
        }
    }

    /// The default: stop choosing (a transfer: no more cards transfer);
    /// else the first card offered; the first mode.
    pub(crate) fn choice_default(&self) -> Option<Action> {
        let c = self.choice?;
        match c.kind {
            ChoiceKind::Pick if self.pick_may_stop(&c) => Some(Action::Pass),
            ChoiceKind::Pick => self
                .choice_cards()
                .first()
                .map(|&card| Action::Choose { card }),
            ChoiceKind::Modes => Some(
                self.choice_modes()
                    .first()
                    .map_or(Action::Pass, |&index| Action::Mode { index }),
            ),
            ChoiceKind::Second => self
                .second_candidates(&c)
                .first()
                .map(|&card| Action::Choose { card }),
            ChoiceKind::Transfer | ChoiceKind::Unless => Some(Action::Pass),
            ChoiceKind::AttackAbility => self
                .attack_ability_offer(&c)
                .first()
                .map(|&index| Action::Mode { index }),
            ChoiceKind::Player => Some(
                self.player_choice_offer(&c)
                    .first()
                    .map_or(Action::Pass, |&index| Action::Mode { index }),
            ),
        }
    }

    pub(crate) fn perform_choice(&mut self, _p: PlayerId, a: Action, ev: &mut Events) {
        let Some(c) = self.choice else {
            return;
        };
        if let (ChoiceKind::Second, Action::Choose { card }) = (c.kind, a) {
            self.finish_second(c, card, ev);
            self.sweep_neutralization(ev);
            return;
        }
        if c.kind == ChoiceKind::Transfer {
            self.answer_transfer(c, a, ev);
            self.sweep_neutralization(ev);
            return;
        }
        if c.kind == ChoiceKind::Unless {
            self.answer_unless(c, a, ev);
            self.sweep_neutralization(ev);
            return;
        }
        if c.kind == ChoiceKind::Player {
            let chosen = match a {
                Action::Mode { index } => Some(index as PlayerId),
                _ => None,
            };
            self.answer_player_choice(c, chosen, ev);
            self.sweep_neutralization(ev);
            return;
        }
        if let (ChoiceKind::AttackAbility, Action::Mode { index }) = (c.kind, a) {
            self.answer_attack_ability(c, index, ev);
            self.sweep_neutralization(ev);
            return;
        }
        let db = self.db.clone();
        let Some(op) = Self::choice_op(&db, &c) else {
            self.choice = None;
            return;
        };
        match (op, a) {
            (Op::Modes { modes, .. }, Action::Mode { index }) => {
                self.choice = None;
                ev.push(Event::ModeChosen {
                    player: c.player,
                    card: c.card,
                    index,
                });
                if let Some(m) = modes.get(index as usize) {
                    self.run_effects(m, false, &c.ctx(), ev);
                }
            }
            (
                Op::Pick {
                    from,
                    put,
                    each,
                    show,
                    ..
                },
                Action::Choose { card },
            ) => {
                // Reversal: where the card was, if the pick is recorded.
                let was = self.picked_from(c.card, card);
                self.put_picked(c.player, card, (*from, *put, *show), c.card, ev);
                self.note_picked(c.card, card, was);
                self.picked.push(card);
                let mut ctx = c.ctx();
                ctx.target = Target::Card(card);
                self.run_effects(each, false, &ctx, ev);
                let mut next = c;
                next.taken = next.taken.saturating_add(1);
                self.choice = Some(next);
                if self.pick_cards(op, &next).is_empty() {
                    self.finish_pick(&next, op, ev);
                }
            }
            (Op::Pick { .. }, _) => self.finish_pick(&c, op, ev),
            // No mode can be carried out any more: the effect does nothing.
            (Op::Modes { .. }, _) => self.choice = None,
            _ => {}
        }
        self.sweep_neutralization(ev);
    }

    /// Ends a pick: a searched deck is shuffled (Searching Your Deck),
    /// then what follows the choosing happens, naming the cards chosen.
    fn finish_pick(&mut self, c: &Choice, op: &Op, ev: &mut Events) {
        self.choice = None;
        let Op::Pick { from, after, .. } = op else {
            self.picked.clear();
            return;
        };
        if *from == PickFrom::Deck {
            self.shuffle_deck_only(c.player, ev);
        }
        self.run_effects(after, false, &c.ctx(), ev);
        self.picked.clear();
    }

    /// Moves a chosen card where the pick puts it.
    fn put_picked(
        &mut self,
        p: PlayerId,
        card: CardId,
        (from, put, show): (PickFrom, PickPut, bool),
        source: CardId,
        ev: &mut Events,
    ) {
        if from.is_search() {
            // The card found: its identity reaches only its player, unless
            // the card text shows it; then the event naming it reaches every
            // player, and the card goes on hidden (a card put into play is
            // seen by all as it enters).
            ev.push(Event::Found {
                player: p,
                card,
                from,
                shown: show,
            });
        }
        match put {
            PickPut::Stay => {}
            PickPut::Hand => self.move_card(card, Zone::Hand, p, ev),
            PickPut::Play => {
                self.move_card(card, Zone::Supporting, p, ev);
                self.note_entered_play(card);
                ev.push(Event::PutIntoPlay { player: p, card });
                // Triggers that watch the game: it entered play (not
                // sponsored).
                self.watch(crate::card::Trigger::EntersPlay, card, ev);
            }
            // Glossary, Removed from the Game: out of play for good; a card
            // in play leaves play first (its attached cards are discarded).
            PickPut::Remove => {
                if from == PickFrom::Play {
                    ev.push(Event::RemovedFromGame {
                        card,
                        cause: Cause::Effect { card: source },
                    });
                }
                self.remove_from_game(card, ev);
            }
            PickPut::Discard => {
                if from == PickFrom::Play {
                    self.discard_from_play(card, Cause::Effect { card: source }, ev);
                } else {
                    self.move_card(card, Zone::Discard, p, ev);
                    ev.push(Event::DiscardedFromHand {
                        player: p,
                        card,
                        cause: Cause::Effect { card: source },
                    });
                }
            }
        }
    }

    /// Shuffles a player's deck alone (the Crusade Pile is not a deck:
    /// rulings, Crusade Pile), with the game's seeded generator.
    pub(crate) fn shuffle_deck_only(&mut self, p: PlayerId, ev: &mut Events) {
        use crate::game::state::PileKind;
        use rand::seq::SliceRandom;
        let pile = self.players[p as usize].pile(PileKind::Deck);
        // Inline up to a large deck's size: a search allocates nothing.
        let mut ids: SmallVec<[CardId; 128]> = self.iter_pile(pile).collect();
        for &c in &ids {
            self.unlink(p as usize, PileKind::Deck, c);
        }
        ids.shuffle(&mut self.rng);
        for c in ids {
            self.link_back(p as usize, PileKind::Deck, c);
        }
        ev.push(Event::DeckShuffled { player: p });
    }
}
