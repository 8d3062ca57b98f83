//! Read-only access to the whole state, for trusted code: the scenario
//! runner, tests, the table server. Anything shown to a player goes through
//! [`Game::view`] instead.

use std::sync::Arc;

use crate::card::CardDb;
use crate::game::state::{CardInst, Conflict, Game, Options, Player, Round, Step, VictoryKind};
use crate::ids::{CardId, PlayerId};

impl Game {
    pub fn db(&self) -> &Arc<CardDb> {
        &self.db
    }

    pub fn options(&self) -> &Options {
        &self.meta.options
    }

    pub fn num_players(&self) -> usize {
        self.players.len()
    }

    pub fn player(&self, p: PlayerId) -> &Player {
        &self.players[p as usize]
    }

    /// The influence `p` applied (spent or temporary, Influence and
    /// Influence Rating) while the last action was applied: its price, and
    /// what a card or a conflict it set off made `p` pay. Influence that
    /// merely expires or is restored is not applied.
    pub fn paid(&self, p: PlayerId) -> i16 {
        self.paid.get(p as usize).copied().unwrap_or(0)
    }

    pub fn player_by_name(&self, name: &str) -> Option<PlayerId> {
        self.meta
            .names
            .iter()
            .position(|n| n == name)
            .map(|i| i as PlayerId)
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn is_over(&self) -> bool {
        self.step == Step::Over
    }

    /// The current round; `None` once the game is over.
    pub fn round(&self) -> Option<Round> {
        Some(match self.step {
            Step::Over => return None,
            Step::Keep { .. } => Round::Conflict,
            Step::Entry(r) => r,
            Step::Sustain { .. } => Round::Ready,
            Step::Declare { .. } | Step::Reveal { .. } => Round::Conflict,
            Step::Act { .. } => Round::Action,
            Step::Resolve { .. } | Step::Aftermath { .. } => Round::Resolution,
            Step::DrawDiscard { .. } | Step::EmptyDeck { .. } | Step::Buy { .. } => Round::Draw,
            Step::ResolveOrder { .. } => Round::Resolution,
        })
    }

    /// The round's name, or "over".
    pub fn round_name(&self) -> &'static str {
        self.round().map(|r| r.name()).unwrap_or("over")
    }

    pub fn victory(&self, p: PlayerId) -> VictoryKind {
        self.players[p as usize].victory
    }

    pub fn babylon5(&self) -> i16 {
        self.babylon5
    }

    pub fn shadows(&self) -> i16 {
        self.shadows
    }

    pub fn vorlons(&self) -> i16 {
        self.vorlons
    }

    /// Number of cards in the game (ids are `0..card_count()`).
    pub fn card_count(&self) -> usize {
        self.cards.len()
    }

    pub fn card(&self, id: CardId) -> &CardInst {
        &self.cards[id.idx()]
    }

    pub fn conflicts(&self) -> &[Conflict] {
        &self.conflicts
    }

    /// The cards a player can see identities of: everything face up in play,
    /// every discard and removed pile, and the player's own hand and
    /// face-down cards. (The complement is what `view` must hide.)
    pub fn visible_to(&self, id: CardId, viewer: PlayerId) -> bool {
        use crate::game::state::Zone;
        let c = self.c(id);
        match c.zone {
            // Searching Your Deck: the searcher looks through his own deck.
            Zone::Deck => self
                .choice
                .is_some_and(|ch| ch.searching_deck && ch.player == viewer && c.owner == viewer),
            Zone::Crusade => false,
            // A card whose second target, or whose transfers, are being
            // chosen is being played.
            Zone::Hand => c.owner == viewer || self.being_played(id),
            Zone::Reserve => c.owner == viewer,
            Zone::Discard | Zone::Removed | Zone::OutOfGame => true,
            Zone::Conflict => !c.face_down() || c.owner == viewer,
            _ => !c.face_down() || c.controller == viewer || c.owner == viewer,
        }
    }

    /// A 64-bit fingerprint of the whole state (FNV-1a over every field),
    /// stable across runs and platforms: replays compare it to detect a
    /// divergence.
    pub fn digest(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        self.cards.hash(&mut h);
        self.players.hash(&mut h);
        self.conflicts.hash(&mut h);
        self.mods.hash(&mut h);
        self.attachments.hash(&mut h);
        self.initiative.hash(&mut h);
        self.turn.hash(&mut h);
        self.step.hash(&mut h);
        self.window.hash(&mut h);
        self.window_queue.hash(&mut h);
        (
            self.babylon5,
            self.shadows,
            self.vorlons,
            self.shadow_war,
            self.shadow_war_started,
        )
            .hash(&mut h);
        self.unique_used.hash(&mut h);
        self.limited_removed.hash(&mut h);
        self.limited_this_turn.hash(&mut h);
        // Hashed only when some are, so that the digests of saves made
        // before it existed stay as they were.
        if !self.used_once.is_empty() {
            self.used_once.hash(&mut h);
        }
        if !self.next_discounts.is_empty() {
            self.next_discounts.hash(&mut h);
        }
        // Hashed only when non-zero, so that the digests of saves made
        // before it existed stay as they were.
        if self.triggers_this_turn != 0 {
            self.triggers_this_turn.hash(&mut h);
        }
        if self.actions_this_turn.iter().any(|&n| n != 0) {
            self.actions_this_turn.hash(&mut h);
        }
        // Hashed only when present, so digests of games without mark
        // sources (and the saves holding them) stay as they were.
        if !self.mark_links.is_empty() {
            self.mark_links.hash(&mut h);
        }
        // Kept only in games with a card that asks (`turn/ready.rs`).
        if !self.ready_at_start.is_empty() {
            self.ready_at_start.hash(&mut h);
        }
        // Kept only in games with a card that asks (`effects/copy_targets.rs`).
        if !self.copy_targets.is_empty() {
            self.copy_targets.hash(&mut h);
        }
        // Only while a pick is in progress.
        if !self.picked.is_empty() {
            self.picked.hash(&mut h);
        }
        // Only once a card's effect conquered a location or granted
        // influence each turn (`effects/conquest.rs`).
        if !self.conquests.is_empty() || !self.incomes.is_empty() {
            (&self.conquests, &self.incomes).hash(&mut h);
        }
        // Only while a window for a card discarded from play is pending.
        if !self.discard_answers.is_empty() {
            self.discard_answers.hash(&mut h);
        }
        (self.chaos_mover, self.drakh_active).hash(&mut h);
        // Hashed only when present (a choice in the middle of an effect).
        if let Some(c) = &self.choice {
            c.hash(&mut h);
        }
        if !self.vote_rules.is_empty() {
            self.vote_rules.hash(&mut h);
        }
        // Hashed only when set, so earlier digests stay as they were.
        if self.chaos_after_window != crate::game::state::NOBODY {
            self.chaos_after_window.hash(&mut h);
        }
        // The generator's state, through its next outputs.
        let mut r = self.rng.clone();
        (
            rand::RngCore::next_u64(&mut r),
            rand::RngCore::next_u64(&mut r),
        )
            .hash(&mut h);
        h.finish()
    }

    /// Test hook: exchanges the identities (definitions) of two cards, to
    /// check that what a player sees does not depend on cards hidden from
    /// them. Not for play.
    #[doc(hidden)]
    pub fn swap_card_defs_for_test(&mut self, a: CardId, b: CardId) {
        let (da, db) = (self.cards[a.idx()].def, self.cards[b.idx()].def);
        self.cards[a.idx()].def = db;
        self.cards[b.idx()].def = da;
        self.refresh_passive_sources();
        self.refresh_keyword_cards();
        self.in_play_defs = self.counted_in_play_defs();
    }

    /// The definitions of the cards on tables or attached, recomputed.
    pub(crate) fn counted_in_play_defs(&self) -> smallvec::SmallVec<[crate::ids::DefId; 96]> {
        use crate::game::state::Zone;
        let mut v: smallvec::SmallVec<[crate::ids::DefId; 96]> = self
            .cards
            .iter()
            .filter(|c| {
                matches!(
                    c.zone,
                    Zone::InnerCircle
                        | Zone::Supporting
                        | Zone::Attached
                        | Zone::OnFaction
                        | Zone::Global
                )
            })
            .map(|c| c.def)
            .collect();
        v.sort_unstable();
        v
    }

    /// Verifies the state's internal consistency (every card in exactly one
    /// pile, matching its zone); for tests. Returns a description of the
    /// first problem found.
    pub fn check_invariants(&self) -> Result<(), String> {
        use crate::game::state::Zone;
        let mut count = vec![0u32; self.cards.len()];
        for (i, pl) in self.players.iter().enumerate() {
            let lists: [(crate::game::state::Pile, Zone, bool); 8] = [
                (pl.crusade, Zone::Crusade, true),
                (pl.reserve, Zone::Reserve, true),
                (pl.deck, Zone::Deck, true),
                (pl.hand, Zone::Hand, true),
                (pl.discard, Zone::Discard, true),
                (pl.removed, Zone::Removed, true),
                (pl.inner_circle, Zone::InnerCircle, false),
                (pl.supporting, Zone::Supporting, false),
            ];
            for (list, zone, owned) in lists {
                // The links must agree both ways and with the length.
                let mut n = 0usize;
                let mut prev = CardId::NONE;
                let mut cur = list.head;
                while let Some(c) = cur.some() {
                    if c.idx() >= self.cards.len() || n > self.cards.len() {
                        return Err(format!("player {i}'s {zone:?} pile has a broken link"));
                    }
                    if self.cards[c.idx()].prev != prev {
                        return Err(format!("card {} has a wrong back link in {zone:?}", c.0));
                    }
                    prev = c;
                    cur = self.cards[c.idx()].next;
                    n += 1;
                }
                if n != list.len() || prev != list.tail {
                    return Err(format!(
                        "player {i}'s {zone:?} pile length or tail is wrong"
                    ));
                }
                for c in self.iter_pile(list) {
                    count[c.idx()] += 1;
                    let ci = self.c(c);
                    if ci.zone != zone {
                        return Err(format!(
                            "card {} listed in {:?} but in zone {:?}",
                            c.0, zone, ci.zone
                        ));
                    }
                    if owned && ci.owner as usize != i {
                        return Err(format!(
                            "card {} in player {}'s {:?} but owned by {}",
                            c.0, i, zone, ci.owner
                        ));
                    }
                    if !owned && ci.faction as usize != i {
                        return Err(format!(
                            "card {} in player {}'s {:?} but in faction {}",
                            c.0, i, zone, ci.faction
                        ));
                    }
                }
            }
            if let Some(a) = pl.agenda.some() {
                count[a.idx()] += 1;
                if self.c(a).zone != Zone::Agenda {
                    return Err(format!("agenda {} not in the agenda zone", a.0));
                }
            }
            if pl.influence < 3 && !pl.eliminated && pl.influence < 4 {
                // Positions may start below 3; rules never push it below.
            }
            // Influence and Influence Rating: the pools hold the rating
            // (modifiers included), the spent pool never more than it.
            let rating = self.influence_rating(i as PlayerId);
            if pl.influence + pl.rating_mod != rating {
                return Err(format!(
                    "player {i}'s pools hold {} influence, the rating is {rating}",
                    pl.influence + pl.rating_mod
                ));
            }
            if pl.spent < 0 || pl.unspent() < 0 {
                return Err(format!(
                    "player {i}'s pools are negative: spent {}, unspent {}",
                    pl.spent,
                    pl.unspent()
                ));
            }
            for q in 0..self.players.len() {
                if q != i && !(1..=5).contains(&pl.tension[q]) {
                    return Err(format!(
                        "tension {} of player {} toward {} out of 1-5",
                        pl.tension[q], i, q
                    ));
                }
            }
            if !(1..=5).contains(&pl.unrest) {
                return Err(format!("unrest {} of player {} out of 1-5", pl.unrest, i));
            }
        }
        for &a in self.attachments.iter() {
            count[a.idx()] += 1;
            let z = self.c(a).zone;
            if !matches!(
                z,
                Zone::Attached | Zone::OnFaction | Zone::Global | Zone::Resolving
            ) {
                return Err(format!("attachment {} in zone {:?}", a.0, z));
            }
        }
        for (i, c) in self.cards.iter().enumerate() {
            let unlisted = matches!(c.zone, Zone::Conflict | Zone::OutOfGame);
            if unlisted {
                count[i] += 1;
            }
            if count[i] != 1 {
                return Err(format!(
                    "card {} ({}) is in {} piles (zone {:?})",
                    i,
                    self.db.get(c.def).name,
                    count[i],
                    c.zone
                ));
            }
        }
        // Neutralization: a damaged card whose abilities are all 0 is
        // neutralized at once, never left standing until a later sweep.
        for i in 0..self.cards.len() {
            let c = CardId(i as u16);
            let ci = self.c(c);
            if ci.zone.on_table()
                && ci.damage > 0
                && !ci.neutralized()
                && self.highest_ability(c) == 0
            {
                return Err(format!(
                    "card {} ({}) has damage and no ability left but is not neutralized",
                    i,
                    self.db.get(ci.def).name
                ));
            }
        }
        if !self.in_play_defs.is_sorted() {
            return Err("the list of definitions in play is out of order".into());
        }
        if self.in_play_defs != self.counted_in_play_defs() {
            return Err("the list of definitions in play is out of date".into());
        }
        if self.babylon5 < 0 || self.shadows < 0 || self.vorlons < 0 {
            return Err("a non-player influence is below 0".into());
        }
        // Drakh Rules 3 and 5, checked between actions: a Drakh faction in
        // the game has its Drakh ambassador in its Inner Circle, and no
        // faction that is not Drakh controls a Drakh card in play.
        for (p, pl) in self.players.iter().enumerate() {
            if pl.drakh && !pl.eliminated {
                let a = pl.ambassador;
                let ok = a.some().is_some_and(|a| {
                    let ai = self.c(a);
                    ai.zone == crate::game::state::Zone::InnerCircle
                        && ai.faction as usize == p
                        && self.db.get(ai.def).race == crate::card::Race::Drakh
                });
                if !ok {
                    return Err(format!("Drakh faction {p} has no Drakh ambassador in play"));
                }
            }
        }
        for (i, c) in self.cards.iter().enumerate() {
            if c.zone.in_play()
                && self.db.get(c.def).race == crate::card::Race::Drakh
                && (c.controller as usize) < self.players.len()
                && !self.players[c.controller as usize].drakh
            {
                return Err(format!(
                    "card {i}, a Drakh card, is controlled by a faction that is not Drakh"
                ));
            }
            if !c.zone.in_play() && c.chaos != 0 {
                return Err(format!("card {i} holds Chaos Tokens out of play"));
            }
            if !c.zone.in_play() && c.credits != 0 {
                return Err(format!("card {i} holds credit tokens out of play"));
            }
        }
        if self.chaos_mover != crate::game::state::NOBODY && !self.is_drakh(self.chaos_mover) {
            return Err("a player who is not Drakh is asked to move Chaos Tokens".into());
        }
        self.check_event_records()
    }
}

/// FNV-1a, 64-bit: a fixed, portable hash for [`Game::digest`].
struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
