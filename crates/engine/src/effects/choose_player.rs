//! "One player of your choice": an effect that chooses one player among
//! those it names, then acts with him (`choose_player`). The rulings
//! describe such choices made as the effect happens, not targets (Peace In
//! Our Time: "Target a race ... to lower that race's tension toward one
//! other race by 1"); a card ending "the war between the target player and
//! one player he is at war with" chooses so.
//!
//! Held through `pending` like a "choose one" (`ChoiceKind::Player`): the
//! chooser is offered one [`Action::Mode`] per player, `index` naming the
//! player; only players for whom every effect in `each` could happen now
//! are offered (the test a mode passes; an effect whose `if` fails for a
//! player is left out of it), and with none nothing happens.
//! Then `each` happens with [`crate::card::Who::Chosen`] naming the player chosen.
//! Every player sees who was chosen (`Event::PlayerChosen`).

use smallvec::SmallVec;

use crate::card::Op;
use crate::effects::choice::{choice_index, choice_op_of, Choice, ChoiceKind};
use crate::effects::interpreter::Ctx;
use crate::game::event::{Event, Events};
use crate::game::state::Game;
use crate::ids::PlayerId;

/// Players offered at once (at most the table's).
type Offer = SmallVec<[u8; 8]>;

impl Game {
    /// The players `op` (a `choose_player`) may choose with `ctx`: those
    /// `among` names, not `except`'s, at war with one `at_war_with` names
    /// when it is set, and for whom each of its effects could happen.
    fn players_offered(&self, op: &Op, ctx: &Ctx) -> Offer {
        let Op::ChoosePlayer {
            among,
            except,
            at_war_with,
            each,
            ..
        } = op
        else {
            return Offer::new();
        };
        let excluded = except.map(|w| self.who_players(w, ctx)).unwrap_or_default();
        let enemies_of = at_war_with.map(|w| self.who_players(w, ctx));
        self.who_players(*among, ctx)
            .into_iter()
            .filter(|q| !excluded.contains(q))
            .filter(|&q| {
                enemies_of
                    .as_ref()
                    .is_none_or(|e| e.iter().any(|&x| x != q && self.at_war(x, q)))
            })
            .filter(|&q| {
                let with = Ctx { chosen: q, ..*ctx };
                // An effect whose `if` fails for him does not happen ("if
                // the chosen player's tension toward you is 3 or more, draw
                // a card"); it does not keep him from being chosen.
                each.iter().all(|e| {
                    e.condition
                        .as_ref()
                        .is_some_and(|c| !self.condition_holds(c, &with))
                        || self.effect_possible(e, &with)
                })
            })
            .collect()
    }

    /// Whether a `choose_player` could happen now: no other choice waits
    /// and some player may be chosen.
    pub(crate) fn player_choice_possible(&self, op: &Op, ctx: &Ctx) -> bool {
        self.choice.is_none() && !self.players_offered(op, ctx).is_empty()
    }

    /// Carries out a `choose_player`: the choice is set up for its chooser,
    /// or nothing happens when no player may be chosen (or nobody is there
    /// to choose). Returns whether it was set up.
    pub(crate) fn start_player_choice(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        let Op::ChoosePlayer { chooser, .. } = op else {
            return false;
        };
        let Some(src) = ctx.source.some() else {
            return false;
        };
        if self.choice.is_some() || self.players_offered(op, ctx).is_empty() {
            return false;
        }
        let def = self.c(src).def;
        let Some(index) = choice_index(self.db.get(def), op) else {
            return false;
        };
        // "Target player chooses": another player may choose.
        let Some(&player) = self.who_players(*chooser, ctx).first() else {
            return false;
        };
        let choice = Choice::for_ctx(ChoiceKind::Player, player, ctx, def, index);
        self.choice = Some(choice);
        ev.push(Event::ChoiceStarted { player, card: src });
        true
    }

    /// The players the choice in progress offers, by seat.
    pub(crate) fn player_choice_offer(&self, c: &Choice) -> Offer {
        match choice_op_of(&self.db, c) {
            Some(op) => self.players_offered(op, &c.ctx()),
            None => Offer::new(),
        }
    }

    /// The player chosen: every player sees it, then the effects happen
    /// with him as [`crate::card::Who::Chosen`]. A pass (nobody may be chosen any more)
    /// ends the effect.
    pub(crate) fn answer_player_choice(
        &mut self,
        c: Choice,
        chosen: Option<PlayerId>,
        ev: &mut Events,
    ) {
        self.choice = None;
        let Some(q) = chosen else {
            return;
        };
        ev.push(Event::PlayerChosen {
            player: c.player,
            card: c.card,
            chosen: q,
        });
        let db = self.db.clone();
        if let Some(Op::ChoosePlayer { each, .. }) = choice_op_of(&db, &c) {
            let ctx = Ctx {
                chosen: q,
                ..c.ctx()
            };
            self.run_effects(each, false, &ctx, ev);
        }
    }

    /// Whether the choice in progress asks for a player (`choose_player`).
    pub fn choosing_player(&self) -> bool {
        self.choice.is_some_and(|c| c.kind == ChoiceKind::Player)
    }
}
