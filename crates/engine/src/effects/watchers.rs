//! Triggers that watch the game (Triggered Effects: "some cards have
//! effects that are triggered by specific occurrences"; card format,
//! Triggers): a card in play whose trigger is about other cards ("When a
//! character you control is discarded from play") or about the turn ("At
//! the start of each turn"). When it happens, the cards in play whose
//! pattern matches the card it happened to are found, with that card as it
//! is then; their effects are carried out once it is over, in initiative
//! order of their controllers, with the matched card as their context's
//! target (`card = "that"`, `who = "that"`). A card that has left play by
//! then has no effects. A contingency answers those about a card
//! (Contingency Cards: "Whenever the trigger condition is met, the player
//! of the contingency may reveal it"): a window opens after the triggered
//! effects, only in games where a contingency has such a trigger;
//! `card-attacked` and a neutralization in an attack share the attack's
//! windows (`triggers.rs`); for a card discarded from play, the
//! contingencies whose pattern it matched as it went are kept for its
//! window (`Game::discard_answers`).

use smallvec::SmallVec;

use crate::card::Trigger;
use crate::effects::targets::By;
use crate::effects::triggers::Fired;
use crate::game::event::Events;
use crate::game::state::{flag, Game, Target, Zone};
use crate::ids::{CardId, ConflictId, PlayerId};

/// The triggered effects a happening set off: the card whose effect it
/// is, the effect's place among the card's triggers, and the card's
/// controller when it matched.
pub(crate) type Watchers = SmallVec<[(CardId, u8, PlayerId); 4]>;

impl Game {
    /// The triggered effects on `t` of the cards in play whose pattern
    /// matches `card` as it is now (`CardId::NONE`: a trigger about no
    /// card), in initiative order of their controllers.
    pub(crate) fn watchers_of(&self, t: Trigger, card: CardId) -> Watchers {
        self.watchers_about(t, card, CardId::NONE)
    }

    /// The same, for a happening about two cards: `other` is the card
    /// attacking `card` (`card-attacked`), matched against the trigger's
    /// `attacker` pattern.
    fn watchers_about(&self, t: Trigger, card: CardId, other: CardId) -> Watchers {
        let mut found = Watchers::new();
        if !self.db.watched(t) {
            return found;
        }
        let n = self.players.len();
        let order: SmallVec<[PlayerId; 6]> = if self.initiative.len() == n {
            self.initiative.clone()
        } else {
            (0..n as PlayerId).collect()
        };
        for p in order {
            if self.players[p as usize].eliminated {
                continue;
            }
            let mut sources: SmallVec<[CardId; 32]> = self
                .table_cards_controlled(p)
                .chain(self.players[p as usize].agenda.some())
                .collect();
            sources.extend(self.attachments.iter().copied().filter(|&a| {
                let ai = self.c(a);
                ai.controller == p && ai.zone != Zone::Resolving
            }));
            for src in sources {
                self.watching(src, p, t, (card, other), &mut found);
            }
        }
        found
    }

    /// The triggered effects of `src` on `t` that match `card` (and the
    /// card `other` attacking it).
    fn watching(
        &self,
        src: CardId,
        p: PlayerId,
        t: Trigger,
        (card, other): (CardId, CardId),
        found: &mut Watchers,
    ) {
        let si = self.c(src);
        if si.face_down() || si.has(flag::BLANK) || !si.zone.in_play() {
            return;
        }
        for (i, te) in self.db.get(si.def).triggers.iter().enumerate() {
            let matches = te.trigger == t
                && te.of.as_deref().is_none_or(|f| {
                    card.some().is_some()
                        && if t == Trigger::EventPlayed {
                            self.event_matches(f, card, p)
                        } else {
                            self.filter_matches(f, card, By::card(p, src))
                        }
                })
                && te.attacker.as_deref().is_none_or(|f| {
                    other.some().is_some() && self.filter_matches(f, other, By::card(p, src))
                });
            if matches {
                found.push((src, i as u8, p));
            }
        }
    }

    /// Whether an event just played matches the pattern of an
    /// `event-played` trigger of a card `p` controls: what is printed on it,
    /// and `side` by the player who played it (its owner: events are
    /// played from their owner's hand). An event is never in play, so
    /// nothing else can be asked of it.
    fn event_matches(&self, f: &crate::card::CardFilter, event: CardId, p: PlayerId) -> bool {
        let c = self.c(event);
        let side_ok = match f.side {
            crate::card::Side::Any => true,
            crate::card::Side::Own => c.owner == p,
            crate::card::Side::Other => c.owner != p,
        };
        side_ok && f.matches_def(self.db.get(c.def))
    }

    /// Carries out the triggered effects found by [`Game::watchers_of`],
    /// with `card` as their target.
    pub(crate) fn run_watchers(&mut self, card: CardId, found: Watchers, ev: &mut Events) {
        self.run_watchers_about(card, (CardId::NONE, ConflictId(u8::MAX)), found, ev);
    }

    /// An attack is made on `target` by `attacker` in `conflict`: the
    /// `card-attacked` triggers that match both, before damage, with the
    /// attacked card as `that` and the attacker as `attacker`.
    pub(crate) fn watch_attack(
        &mut self,
        target: CardId,
        attacker: CardId,
        conflict: ConflictId,
        ev: &mut Events,
    ) {
        if self.db.watched(Trigger::CardAttacked) {
            let found = self.watchers_about(Trigger::CardAttacked, target, attacker);
            self.run_watchers_about(target, (attacker, conflict), found, ev);
        }
    }

    /// Carries out the triggered effects found, with `card` as their
    /// target, `other` as the attacker and in `conflict` (`u8::MAX`: none).
    fn run_watchers_about(
        &mut self,
        card: CardId,
        (other, conflict): (CardId, ConflictId),
        found: Watchers,
        ev: &mut Events,
    ) {
        let db = self.db.clone();
        let target = card.some().map_or(Target::None, Target::Card);
        for (src, i, controller) in found {
            let si = self.c(src);
            // A card that left play (or was blanked) meanwhile has no
            // effects.
            if si.face_down() || si.has(flag::BLANK) || !si.zone.in_play() {
                continue;
            }
            let Some(te) = db.get(si.def).triggers.get(i as usize) else {
                continue;
            };
            let at = Fired {
                src,
                controller,
                target,
                other,
                conflict,
                index: i,
            };
            self.carry_out(te, at, ev);
        }
    }

    /// A watching trigger happens to `card` now: its effects at once.
    pub(crate) fn watch(&mut self, t: Trigger, card: CardId, ev: &mut Events) {
        if self.db.watched(t) {
            let found = self.watchers_of(t, card);
            self.run_watchers(card, found, ev);
        }
        // A card neutralized by an attack's damage: the window after the
        // attack answers it.
        if self.db.contingency_watches(t) && !(t == Trigger::Neutralized && self.in_attack_damage) {
            self.open_watch_window(t, card);
        }
    }

    /// The window in which contingencies answer a watching trigger about
    /// `card` (every player with a face-down contingency is asked).
    fn open_watch_window(&mut self, t: Trigger, card: CardId) {
        let w = self.watch_window(t, card);
        self.open_window(w);
    }

    /// A window for a watching trigger about `card`, concerning its
    /// controller (its owner once it has left play).
    fn watch_window(&self, t: Trigger, card: CardId) -> crate::game::state::Window {
        let c = self.c(card);
        let player = if c.zone.in_play() {
            c.controller
        } else {
            c.owner
        };
        crate::game::state::Window {
            trigger: t,
            card,
            other: CardId::NONE,
            player,
            conflict: ConflictId(u8::MAX),
            pos: 0,
            passes: 0,
            askers: 0,
            then: crate::game::state::Continuation::Resume,
            canceled: false,
        }
    }

    /// The face-down contingencies whose `discarded-from-play` pattern
    /// matches `card` as it is now, before it goes: "with the card as it
    /// is when the trigger happens". One on the card itself leaves with it.
    pub(crate) fn note_discard_answers(&mut self, card: CardId) {
        let found: SmallVec<[(CardId, CardId); 2]> = self
            .attachments
            .iter()
            .copied()
            .filter(|&a| {
                let ai = self.c(a);
                ai.face_down() && ai.zone == Zone::Attached && ai.host != card && {
                    let by = By::card(ai.controller, a);
                    self.db.get(ai.def).triggers.iter().any(|te| {
                        te.trigger == Trigger::Discarded
                            && te
                                .of
                                .as_deref()
                                .is_none_or(|f| self.filter_matches(f, card, by))
                    })
                }
            })
            .map(|a| (a, card))
            .collect();
        self.discard_answers.extend(found);
    }

    /// The window for a card discarded from play, once it has gone; its
    /// contingencies' matches are forgotten if no one could answer.
    pub(crate) fn open_discard_window(&mut self, card: CardId) {
        let w = self.watch_window(Trigger::Discarded, card);
        if !self.open_window(w) {
            self.forget_discard_answers(&w);
        }
    }

    /// Forgets the matches kept for a `discarded-from-play` window.
    pub(crate) fn forget_discard_answers(&mut self, w: &crate::game::state::Window) {
        if w.trigger == Trigger::Discarded && !self.discard_answers.is_empty() {
            self.discard_answers.retain(|&(_, c)| c != w.card);
        }
    }

    /// The card a contingency answering a watching trigger in `w` names as
    /// `that`: the card the window is about, or, after an attack, the card
    /// of it that was neutralized and matches (the attacked one first).
    pub(crate) fn watched_card(
        &self,
        w: &crate::game::state::Window,
        te: &crate::card::TriggeredEffect,
    ) -> CardId {
        if te.trigger != Trigger::Neutralized || w.trigger == Trigger::Neutralized {
            return w.card;
        }
        let (attacked, attacker) = if w.trigger == Trigger::NeutralizedTarget {
            (w.other, w.card)
        } else {
            (w.card, w.other)
        };
        let down = |c: CardId| c.some().is_some_and(|c| self.c(c).neutralized());
        if down(attacked) {
            attacked
        } else {
            attacker
        }
    }

    /// Whether a contingency `src`, controlled by `you`, with a watching
    /// trigger `te`, answers the window `w`: its patterns match the cards
    /// the window is about as they are now (`card-attacked`: the attack's
    /// window, the card attacked and the attacker; `neutralized`: its own
    /// window, or the window after an attack for either card of it that
    /// the attack neutralized).
    pub(crate) fn contingency_watches(
        &self,
        w: &crate::game::state::Window,
        te: &crate::card::TriggeredEffect,
        src: CardId,
        you: PlayerId,
    ) -> bool {
        let by = By::card(you, src);
        let of = |c: CardId| {
            c.some().is_some()
                && te.of.as_deref().is_none_or(|f| {
                    if te.trigger == Trigger::EventPlayed {
                        self.event_matches(f, c, you)
                    } else {
                        self.filter_matches(f, c, by)
                    }
                })
        };
        match (w.trigger, te.trigger) {
            (Trigger::Attacked, Trigger::CardAttacked) => {
                of(w.card)
                    && te.attacker.as_deref().is_none_or(|f| {
                        w.other.some().is_some() && self.filter_matches(f, w.other, by)
                    })
            }
            (Trigger::NeutralizedTarget | Trigger::SurvivedAttack, Trigger::Neutralized) => {
                let down = |c: CardId| c.some().is_some_and(|c| self.c(c).neutralized());
                (down(w.card) && of(w.card)) || (down(w.other) && of(w.other))
            }
            // Matched as it went (`note_discard_answers`).
            (Trigger::Discarded, Trigger::Discarded) => {
                self.discard_answers.contains(&(src, w.card))
            }
            (a, b) if a == b && b != Trigger::CardAttacked => of(w.card),
            _ => false,
        }
    }
}
