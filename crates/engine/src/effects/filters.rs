//! The richer parts of card filters (Legal Targets): cards in play off the
//! table (agendas, enhancements, aftermaths, contingencies) as targets,
//! "not of race X", the type of conflict a card takes part in, ability
//! thresholds and "attached to a card of yours".

use crate::card::{CardFilter, Side};
use crate::effects::targets::{By, Targets};
use crate::game::state::{Conflict, Game, Outcome, Target, Zone};
use crate::ids::{CardId, PlayerId};

impl Game {
    /// Whether a card in play off the table may match a filter that names
    /// its type: a face-up agenda, or an attached or global card. A face-down
    /// contingency shows only its type: a filter asking more of it (race,
    /// keyword, abilities) does not match it. A hidden agenda never matches.
    pub(crate) fn in_play_off_table(&self, f: &CardFilter, id: CardId) -> bool {
        if !f.names_off_table() {
            return false;
        }
        let c = self.c(id);
        // Agenda Cards, Hiding: "A Hidden Agenda is not considered to be in
        // play ... cannot therefore be affected by anything unless it
        // specifically states that it can affect a Hidden Agenda" (rulings:
        // a card naming agendas "cannot target a hidden Agenda").
        if c.zone == Zone::Agenda && c.face_down() {
            return false;
        }
        let placed = matches!(
            c.zone,
            Zone::Attached | Zone::OnFaction | Zone::Global | Zone::Agenda
        );
        if !placed {
            return false;
        }
        !c.face_down()
            || (f.race.is_none()
                && f.not_race.is_none()
                && f.allegiance().0.is_none()
                && f.keyword.is_none()
                && f.at_least.is_none()
                && f.at_most.is_none())
    }

    /// The newer tests of a filter (the cheap ones of `filter_matches` ran
    /// first). Always inline: out of line, `b5 bench` counts 0.7% more
    /// instructions.
    #[inline(always)]
    pub(crate) fn filter_matches_more(&self, f: &CardFilter, id: CardId, actor: PlayerId) -> bool {
        let c = self.c(id);
        let def = self.db.get(c.def);
        if f.not_race.is_some_and(|r| r == def.race) {
            return false;
        }
        if let Some(kind) = f.conflict {
            if !self
                .conflicts
                .iter()
                .any(|k| k.kind == kind && self.participated(k, id))
            {
                return false;
            }
        }
        if let Some((a, n)) = f.at_least {
            if self.ability(id, a) < n {
                return false;
            }
        }
        if let Some((a, n)) = f.at_most {
            if self.ability(id, a) > n {
                return false;
            }
        }
        if let Some(side) = f.attached_to {
            if c.zone != Zone::Attached {
                return false;
            }
            let Some(h) = c.host.some() else { return false };
            let hi = self.c(h);
            if !hi.zone.on_table() {
                return false;
            }
            // "A card of yours": one you control (Glossary, You or Your).
            match side {
                Side::Any => {}
                Side::Own if hi.controller != actor => return false,
                Side::Other if hi.controller == actor => return false,
                _ => {}
            }
        }
        true
    }

    /// The revealed conflicts of this turn, not canceled, of one of the
    /// types (bits of `1 << Ability::idx`): a face-down conflict's target is
    /// no one's to know.
    fn conflicts_of(&self, kinds: u8) -> impl Iterator<Item = &Conflict> + '_ {
        self.conflicts.iter().filter(move |k| {
            k.revealed && k.outcome != Outcome::Canceled && kinds & (1 << k.kind.idx()) != 0
        })
    }

    /// A conflict of one of the types targets the card.
    pub(crate) fn card_targeted_by(&self, id: CardId, kinds: u8) -> bool {
        self.conflicts_of(kinds)
            .any(|k| k.target == Target::Card(id))
    }

    /// A conflict of one of the types targets the player: him, his race,
    /// or a card in his faction (Glossary, You or Your: "a conflict
    /// targeting you" includes one targeting "any card(s) in your faction").
    pub(crate) fn player_targeted_by(&self, p: PlayerId, kinds: u8) -> bool {
        self.conflicts_of(kinds).any(|k| match k.target {
            Target::Player(q) => q == p,
            Target::Race(r) => self.of_race(p, r),
            Target::Card(c) => {
                let ci = self.c(c);
                ci.zone.in_play() && ci.faction == p
            }
            Target::None | Target::Conflict(_) => false,
        })
    }

    /// A Major Agenda in play (it cannot be discarded).
    pub(crate) fn is_major_agenda_in_play(&self, c: CardId) -> bool {
        let ci = self.c(c);
        ci.zone == Zone::Agenda && self.db.get(ci.def).major
    }

    /// The cards in play off the table: attached and global cards, then the
    /// players' agendas.
    pub(crate) fn in_play_off_table_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.attachments
            .iter()
            .copied()
            .chain(self.players.iter().filter_map(|pl| pl.agenda.some()))
    }

    /// Target candidates among the cards in play off the table.
    pub(crate) fn off_table_candidates(
        &self,
        filter: &CardFilter,
        by: By,
        conflict: bool,
        out: &mut Targets,
    ) {
        let kind = crate::card::TargetKind::Card;
        for a in self.in_play_off_table_cards() {
            let t = Target::Card(a);
            if self.valid_target(kind, filter, by, t, conflict) {
                out.push(t);
            }
        }
    }
}
