//! Legal Targets (Additional Rules): a card that targets can only be played
//! on a target in play that matches what it names; a conflict never targets
//! its own initiator (rulings 3.1).
//!
//! Below, who "you" is for a card (Glossary, You or Your).

use crate::card::{CardFilter, CardType, Race, Row, Side, TargetKind, ThisCard};
use crate::game::state::{Game, Target, Zone, NOBODY};
use crate::ids::{CardId, PlayerId};
use smallvec::SmallVec;

pub(crate) type Targets = SmallVec<[Target; 64]>;

/// Who a selector is read for: the player who is "you" and the card whose
/// text it is (card format, Selectors: "this card", "the card this is on").
/// A player alone names no card: a relation to the card then matches nothing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct By {
    pub player: PlayerId,
    pub card: CardId,
}

impl By {
    pub(crate) fn card(player: PlayerId, card: CardId) -> By {
        By { player, card }
    }
}

impl From<PlayerId> for By {
    fn from(player: PlayerId) -> By {
        By {
            player,
            card: CardId::NONE,
        }
    }
}

impl Game {
    /// Whether a card on the table matches a filter, seen from `by`: a
    /// player, or a player and the card whose text the filter is.
    #[inline]
    pub(crate) fn filter_matches(&self, f: &CardFilter, id: CardId, by: impl Into<By>) -> bool {
        self.filter_matches_by(f, id, by.into())
    }

    fn filter_matches_by(&self, f: &CardFilter, id: CardId, by: By) -> bool {
        let actor = by.player;
        let c = self.c(id);
        let on_table = c.zone.on_table();
        if !on_table && !self.in_play_off_table(f, id) {
            return false;
        }
        let def = self.db.get(c.def);
        if !f.allows_type(self.card_type_now(id)) {
            return false;
        }
        if let Some(r) = f.race {
            if def.race != r {
                return false;
            }
        }
        // A card is on the side of the player controlling it, on the table
        // or off it (Glossary, You or Your: "'You' refers to the controller
        // of a card"; rulings 7.8: "'Your fleets' are all the fleets that
        // you control"): a hired mercenary is its bidder's.
        let side_of = c.controller;
        match f.side {
            Side::Any => {}
            Side::Own => {
                if side_of != actor {
                    return false;
                }
            }
            Side::Other => {
                if side_of == actor {
                    return false;
                }
            }
        }
        match f.row {
            Row::Any => {}
            Row::InnerCircle => {
                if c.zone != Zone::InnerCircle {
                    return false;
                }
            }
            Row::Supporting => {
                if c.zone != Zone::Supporting {
                    return false;
                }
            }
        }
        if f.not_ambassador && self.is_ambassador(id) {
            return false;
        }
        if f.ambassador && !self.is_ambassador(id) {
            return false;
        }
        // Glossary, Participant: "A leader of a participant fleet is also
        // considered a conflict participant" (attacks still never target it:
        // `check_attack`).
        if f.participant && !self.conflicts.iter().any(|k| self.participated(k, id)) {
            return false;
        }
        if f.damaged && c.damage == 0 && c.severe == 0 {
            return false;
        }
        if f.rotated && !c.rotated() {
            return false;
        }
        if f.ready && (c.rotated() || c.neutralized()) {
            return false;
        }
        if let Some(n) = f.neutralized {
            if c.neutralized() != n {
                return false;
            }
        }
        if let Some(k) = &f.keyword {
            if !def.has_keyword(k) {
                return false;
            }
        }
        // The newer tests last: some work out abilities.
        self.filter_matches_more(f, id, actor) && (!f.has_parts() || self.parts_match(f, id, by))
    }

    /// A lasting effect's selectors are read for its card's "you" (Glossary,
    /// You or Your) and the card itself.
    pub(crate) fn by_card(&self, src: CardId) -> By {
        By::card(self.you_of(src), src)
    }

    /// A selector's relation to its card, its alternatives and its negation
    /// (card format, Selectors). Out of line: few filters have parts.
    #[inline(never)]
    fn parts_match(&self, f: &CardFilter, id: CardId, by: By) -> bool {
        let related = match f.relation() {
            ThisCard::Any => true,
            ThisCard::Itself => id == by.card,
            ThisCard::Host => self.host_of(by.card) == Some(id),
            ThisCard::Attached => by.card.some().is_some() && self.host_of(id) == Some(by.card),
        };
        related
            && (f.targeted_by() == 0 || self.card_targeted_by(id, f.targeted_by()))
            && f.parts.as_deref().is_none_or(|p| {
                (p.gives_bonus == 0 || self.db.get(self.c(id).def).gives_bonus(p.gives_bonus))
                    && p.ready_at_turn_start
                        .is_none_or(|w| self.was_ready_at_turn_start(id) == w)
                    && p.copy_targeted
                        .is_none_or(|w| self.targeted_by_copy(id, by.card) == w)
                    && p.attacking
                        .as_ref()
                        .is_none_or(|f| self.attacked_one(id, f, by))
                    && self.allegiance_matches(p, id, by.player)
            })
            && (f.any_of().is_empty()
                || f.any_of().iter().any(|a| self.filter_matches_by(a, id, by)))
            && f.not().is_none_or(|n| !self.filter_matches_by(n, id, by))
    }

    /// A selector's `loyal`, `in_faction` and `controlled`, read for the
    /// player `you` (Glossary, You or Your; War Conflicts, Conquering
    /// Locations: a location conquered and not loyal to its conqueror "is
    /// moved to your faction and no player has control of it").
    fn allegiance_matches(&self, p: &crate::card::FilterParts, id: CardId, you: PlayerId) -> bool {
        let c = self.c(id);
        let seated = |q: PlayerId| (q as usize) < self.players.len();
        let side_is = |side: Side, q: PlayerId| match side {
            Side::Any => true,
            Side::Own => q == you,
            Side::Other => q != you && seated(q),
        };
        let loyal_ok = p.loyal.is_none_or(|side| {
            let race = self.db.get(c.def).race;
            let yours = seated(you).then(|| self.players[you as usize].race);
            match side {
                Side::Any => true,
                Side::Own => yours == Some(race),
                Side::Other => {
                    seated(you)
                        && yours != Some(race)
                        && !matches!(race, Race::Neutral | Race::NonAligned)
                }
            }
        });
        loyal_ok
            && p.in_faction.is_none_or(|side| side_is(side, c.faction))
            && p.controlled.is_none_or(|w| seated(c.controller) == w)
    }

    /// Whether `card` attacked, in a conflict not yet resolved, a card `f`
    /// matches (Attack a Conflict Participant: a card that attacked during
    /// a current conflict takes part in it).
    fn attacked_one(&self, card: CardId, f: &CardFilter, by: By) -> bool {
        self.conflicts.iter().filter(|k| !k.resolved).any(|k| {
            k.participants.iter().any(|p| match p.role {
                crate::game::conflict::Role::Attack(t) => {
                    p.card == card && self.filter_matches_by(f, t, by)
                }
                _ => false,
            })
        })
    }

    /// The one card a selector's relation names, seen from `src`: the card
    /// itself or the card it is on.
    pub(crate) fn related_card(&self, f: &CardFilter, src: CardId) -> Option<CardId> {
        match f.relation() {
            ThisCard::Itself => src.some(),
            ThisCard::Host => self.host_of(src),
            ThisCard::Any | ThisCard::Attached => None,
        }
    }

    /// The card an attached card is on.
    fn host_of(&self, card: CardId) -> Option<CardId> {
        let ci = self.c(card.some()?);
        (ci.zone == Zone::Attached)
            .then_some(ci.host)
            .and_then(CardId::some)
    }

    /// Whether some player still in the game plays this race.
    /// How many factions of a race are in play (Dual Race Games).
    pub(crate) fn factions_of(&self, r: Race) -> usize {
        self.players
            .iter()
            .filter(|pl| !pl.eliminated && pl.race == r)
            .count()
    }

    pub(crate) fn race_in_play(&self, r: Race, besides: Option<PlayerId>) -> bool {
        self.players
            .iter()
            .enumerate()
            .any(|(i, pl)| !pl.eliminated && pl.race == r && Some(i as PlayerId) != besides)
    }

    /// Whether `t` is a legal target of the given kind for `actor`. A
    /// conflict may not target its initiator, the initiator's race alone, or
    /// a card in the initiator's faction.
    pub(crate) fn valid_target(
        &self,
        kind: TargetKind,
        filter: &CardFilter,
        by: impl Into<By>,
        t: Target,
        conflict: bool,
    ) -> bool {
        let by = by.into();
        let actor = by.player;
        match (kind, t) {
            (TargetKind::None, Target::None) => true,
            (TargetKind::Player, Target::Player(q)) => {
                (q as usize) < self.players.len()
                    && !self.players[q as usize].eliminated
                    && !(conflict && q == actor)
            }
            // Dual Race Games: a race with several factions in play is
            // targeted through one chosen faction of it.
            (TargetKind::Race, Target::Race(r)) => {
                r.is_playable()
                    && self.factions_of(r) <= 1
                    && self.race_in_play(r, if conflict { Some(actor) } else { None })
            }
            (TargetKind::Race, Target::Player(q)) => {
                (q as usize) < self.players.len()
                    && !self.players[q as usize].eliminated
                    && self.factions_of(self.players[q as usize].race) >= 2
                    && !(conflict && q == actor)
            }
            (TargetKind::Card, Target::Card(c)) => {
                c.idx() < self.cards.len()
                    && self.filter_matches(filter, c, by)
                    // The Cannot rule: "cannot be targeted".
                    && self.targetable(c, conflict)
                    && self.targetable_by(c, actor)
                    && !(conflict && self.c(c).faction == actor)
            }
            // An event played since the actor's last chance to act.
            (TargetKind::Event, t @ Target::Card(_)) => self.event_reversible_by(actor, t).is_ok(),
            (TargetKind::Conflict, Target::Conflict(k)) => {
                self.conflicts.get(k.0 as usize).is_some_and(|c| {
                    c.revealed && !c.resolved && filter.conflict.is_none_or(|t| t == c.kind)
                })
            }
            _ => false,
        }
    }

    /// Every legal target of the given kind for `actor`.
    pub(crate) fn target_candidates(
        &self,
        kind: TargetKind,
        filter: &CardFilter,
        by: impl Into<By>,
        conflict: bool,
        out: &mut Targets,
    ) {
        let by = by.into();
        let actor = by.player;
        match kind {
            TargetKind::None => out.push(Target::None),
            TargetKind::Player => {
                for q in 0..self.players.len() as PlayerId {
                    let t = Target::Player(q);
                    if self.valid_target(kind, filter, actor, t, conflict) {
                        out.push(t);
                    }
                }
            }
            TargetKind::Race => {
                for r in Race::PLAYABLE {
                    let t = Target::Race(r);
                    if self.valid_target(kind, filter, actor, t, conflict) {
                        out.push(t);
                    }
                }
                for q in 0..self.players.len() as PlayerId {
                    let t = Target::Player(q);
                    if self.valid_target(kind, filter, actor, t, conflict) {
                        out.push(t);
                    }
                }
            }
            TargetKind::Card => {
                // The filter's cheap tests (side, type, race) first, on what
                // is at hand; the whole check only for the cards they pass.
                let cards = if filter.side == Side::Own && (actor as usize) < self.players.len() {
                    self.table_cards_controlled(actor)
                } else {
                    self.all_table_cards()
                };
                for c in cards {
                    let ci = self.c(c);
                    let def = self.db.get(ci.def);
                    if !filter.allows_type(def.card_type)
                        || filter.race.is_some_and(|r| r != def.race)
                        || (filter.side == Side::Other && ci.controller == actor)
                    {
                        continue;
                    }
                    let t = Target::Card(c);
                    if self.valid_target(kind, filter, by, t, conflict) {
                        out.push(t);
                    }
                }
                if filter.names_off_table() {
                    self.off_table_candidates(filter, by, conflict, out);
                }
            }
            TargetKind::Event => self.event_candidates(actor, out),
            TargetKind::Conflict => {
                for i in 0..self.conflicts.len() {
                    let t = Target::Conflict(crate::ids::ConflictId(i as u8));
                    if self.valid_target(kind, filter, actor, t, conflict) {
                        out.push(t);
                    }
                }
            }
        }
    }

    /// The players a target concerns: the targeted player, the faction of
    /// the targeted card, or every player of the targeted race.
    pub(crate) fn target_players(&self, t: Target) -> SmallVec<[PlayerId; 6]> {
        let mut v = SmallVec::new();
        match t {
            Target::None => {}
            Target::Player(p) => v.push(p),
            Target::Card(c) => {
                // Off the table (an attached card), its controller's faction;
                // an event in a discard pile (a reversal's target), the
                // player who played it, its owner.
                let ci = self.c(c);
                let f = if ci.zone.on_table() || ci.zone == Zone::Agenda {
                    ci.faction
                } else if ci.zone == Zone::Discard {
                    ci.owner
                } else {
                    ci.controller
                };
                if (f as usize) < self.players.len() {
                    v.push(f);
                }
            }
            Target::Race(r) => {
                for (i, pl) in self.players.iter().enumerate() {
                    if pl.race == r && !pl.eliminated {
                        v.push(i as PlayerId);
                    }
                }
            }
            Target::Conflict(k) => {
                if let Some(c) = self.conflicts.get(k.0 as usize) {
                    v = self.target_players(c.target);
                }
            }
        }
        v
    }
}

// Glossary, You or Your: "'You' refers to the controller of a card. [...]
// There is one exception: if an enhancement targets a card in another
// faction, or is a faction enhancement that is played on another faction,
// then 'you' no longer refers to the controller of the card. Instead,
// 'you' then refers to the target's faction" (rulings 7.6: it is still
// controlled by the person who played it). The lasting text of such an
// enhancement (its power bonus, its `passive` entries and their `if`) is
// read for that faction.

impl Game {
    /// Who "you" is for the lasting text of a card in play: the faction an
    /// enhancement is in (the faction of the card it is on, or the faction
    /// it was played on), else the card's controller.
    #[inline]
    pub(crate) fn you_of(&self, card: CardId) -> PlayerId {
        let inst = self.c(card);
        if inst.faction != NOBODY
            && inst.faction != inst.controller
            && self.db.get(inst.def).card_type == CardType::Enhancement
        {
            inst.faction
        } else {
            inst.controller
        }
    }
}
