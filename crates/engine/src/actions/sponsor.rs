//! Sponsor a Supporting Card, Promote a Character to the Inner Circle,
//! Rotate to Build Influence (Action Details), with the disloyalty penalty
//! and the faction rules that change costs (Corporate Rules 3-5; Psi Corps).

use crate::card::{AttachKind, CardDef, CardType, Faction, Passive, Race, Uniqueness};
use crate::effects::targets::Targets;
use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{Game, Target, Zone};
use crate::ids::{CardId, PlayerId};

/// Building influence applies 3 and works only at 9 or less.
pub const BUILD_COST: i16 = 3;
pub const BUILD_LIMIT: i16 = 9;

impl Game {
    /// A copy of this limited card is in play: on a table, attached, or a
    /// face-up agenda (a hidden agenda is not in play for this purpose, and
    /// counting it would reveal it).
    pub(crate) fn limited_copy_in_play(&self, p: PlayerId, def_id: crate::ids::DefId) -> bool {
        let def = self.db.get(def_id);
        if def.uniqueness != Uniqueness::Limited {
            return false;
        }
        if self.extended_loyalty(def) {
            return self.limited_copy_for(p, def_id);
        }
        self.in_play_defs.binary_search(&def_id).is_ok()
            || self.players.iter().any(|pl| {
                pl.agenda
                    .some()
                    .is_some_and(|a| self.c(a).def == def_id && !self.c(a).face_down())
            })
    }

    /// Whether a copy of this card may enter play now: limited (fleets
    /// within their race, homeworlds one per race), unique, or removed
    /// (Playing Cards and Card Details; Homeworlds).
    pub(crate) fn check_may_enter_play(&self, p: PlayerId, card: CardId) -> Result<(), Violation> {
        let def_id = self.c(card).def;
        let def = self.db.get(def_id);
        if self.unique_used.contains(&def_id) {
            return Err(Violation::UniqueUsed(card));
        }
        if self.limited_removed.contains(&def_id) {
            return Err(Violation::LimitedRemoved(card));
        }
        if self.limited_copy_in_play(p, def_id) {
            return Err(Violation::LimitedInPlay(card));
        }
        self.check_personality(card, CardId::NONE)?;
        self.check_ranger_one(card, CardId::NONE)?;
        if def.kw.homeworld && def.race != Race::Neutral && self.extended_loyalty(def) {
            if self.homeworld_in_faction(p, def.race) {
                return Err(Violation::HomeworldInPlay(card));
            }
        } else if def.kw.homeworld
            && def.race != Race::Neutral
            && self.all_table_cards().any(|c| {
                let d = self.db.get(self.c(c).def);
                d.kw.homeworld && d.race == def.race
            })
        {
            return Err(Violation::HomeworldInPlay(card));
        }
        Ok(())
    }

    /// The influence `p` must apply to sponsor (or, with `promote`, to
    /// promote) a card: its cost, doubled for a character loyal to another
    /// race (disloyalty penalty; rulings 7.3: discounts after doubling);
    /// Corporate factions pay corporate cards at normal cost and 3 more for
    /// non-corporate cards loyal to their race.
    pub(crate) fn play_cost(
        &self,
        p: PlayerId,
        card: CardId,
        def: &CardDef,
        promote: bool,
    ) -> Result<i16, Violation> {
        // Rulings on a race's sponsoring cost: "Whilst [his] cost to be
        // sponsored is 7 ..., the cost to promote [him] would be 11 + 1 for
        // each Inner Circle Character": promotion reads the printed cost.
        let base = if promote {
            def.cost
        } else {
            self.base_cost(p, def)
        };
        let base = base.ok_or(Violation::UndefinedCost(card))? as i16;
        let pl = &self.players[p as usize];
        let corporate = pl.faction == Faction::Corporate;
        let mut cost = base;
        // Drakh Rules 2-3: a Drakh faction plays Drakh cards as its own race;
        // the first Drakh Ambassador is sponsored at printed cost.
        if def.card_type == CardType::Character
            && def.race != Race::Neutral
            && !self.plays_as_race(p, def.race)
            && !self.converts(p, def)
            && !(corporate && def.is_corporate())
        {
            cost *= 2;
        }
        cost += self.corporate_surcharge(p, def);
        if !promote {
            cost += self.sponsoring_changes(p, card, def);
        }
        Ok(cost.max(0))
    }

    /// What sponsoring the card costs `p` beyond its printed cost: its own
    /// price, lasting surcharges, less lasting discounts.
    fn sponsoring_changes(&self, p: PlayerId, card: CardId, def: &CardDef) -> i16 {
        let mut cost = self.own_price(p, card, def) + self.sponsor_surcharge(p, def);
        for &src in self.cost_sources.iter() {
            if self.you_of(src) != p {
                continue;
            }
            for pa in self.lasting(src) {
                if let Passive::Discount { filter, amount } = pa {
                    if filter.matches_def(def) {
                        cost -= *amount as i16;
                    }
                }
            }
        }
        cost
    }

    /// The influence `p` applies to sponsor an agenda (or to replace one
    /// with it): its cost (none counts 0: an agenda is sponsored by rotating
    /// an Inner Circle character, Agendas), changed as sponsoring any card
    /// is (its own price, surcharges, discounts). A Corporate faction never
    /// controls an agenda loyal to its race (Corporate Rule 5), so pays no
    /// surcharge for one.
    pub(crate) fn agenda_cost(&self, p: PlayerId, card: CardId) -> i16 {
        let def = self.db.get(self.c(card).def);
        let base = self.base_cost(p, def).map_or(0, i16::from);
        (base + self.sponsoring_changes(p, card, def)).max(0)
    }

    /// Corporate Rule 5: a Corporate faction applies 3 additional influence
    /// to sponsor, promote, play or reveal a non-corporate card loyal to its
    /// own race.
    pub(crate) fn corporate_surcharge(&self, p: PlayerId, def: &CardDef) -> i16 {
        let pl = &self.players[p as usize];
        if pl.faction == Faction::Corporate && def.race == pl.race && !def.is_corporate() {
            3
        } else {
            0
        }
    }

    /// What playing an event, contingency or aftermath applies: its cost
    /// plus any Corporate surcharge. A card with no printed cost is played
    /// applying none of it: only sponsoring needs a printed cost (Replace a
    /// Card: "Any card with no printed cost cannot enter play through being
    /// sponsored"); its cost stays undefined for cards that read it (Cards
    /// With No Printed Cost).
    pub(crate) fn played_cost(&self, p: PlayerId, card: CardId) -> Result<i16, Violation> {
        let def = self.db.get(self.c(card).def);
        let base = def.cost.map_or(0, i16::from);
        Ok((base + self.corporate_surcharge(p, def) + self.own_price(p, card, def)).max(0))
    }

    /// What initiating a conflict applies: its `initiate_cost`, any
    /// Corporate surcharge (Corporate Rule 5: "playing or revealing") and
    /// its own price, never below 0.
    pub(crate) fn initiating_cost(&self, p: PlayerId, card: CardId, def: &CardDef) -> i16 {
        (def.initiate_cost as i16 + self.corporate_surcharge(p, def) + self.own_price(p, card, def))
            .max(0)
    }

    /// A card's own price worked out from the game, for `p` playing or
    /// sponsoring it: how much more it costs (`costs_more`) less how much
    /// less (`costs_less`), each read with `p` as "you" and the card as
    /// "this card" (it has no target yet). 0 for most cards, at once.
    #[inline]
    pub(crate) fn own_price(&self, p: PlayerId, card: CardId, def: &CardDef) -> i16 {
        if def.costs_more.is_none() && def.costs_less.is_none() {
            return 0;
        }
        self.own_price_of(p, card, def)
    }

    #[inline(never)]
    fn own_price_of(&self, p: PlayerId, card: CardId, def: &CardDef) -> i16 {
        let ctx = crate::effects::interpreter::Ctx::new(p, card, Target::None);
        let worth = |a: &Option<Box<crate::card::Amount>>| {
            a.as_deref()
                .map_or(0, |a| self.amount(a, &ctx).clamp(0, i16::MAX as i32) as i16)
        };
        worth(&def.costs_more) - worth(&def.costs_less)
    }

    /// Who may bring a card into play at all, however it enters (sponsored
    /// or by replacement): Corporate Rule 3 (corporate only), Drakh Rule 5,
    /// and the racial loyalty of fleets, groups and locations (disloyalty
    /// penalty; Fleet Cards).
    pub(crate) fn check_entry_loyalty(
        &self,
        p: PlayerId,
        card: CardId,
        def: &CardDef,
    ) -> Result<(), Violation> {
        // Drakh Rule 5: a Drakh card that can be sponsored enters play by no
        // other means (sponsoring checks it in `check_loyalty`).
        if def.race == Race::Drakh {
            return Err(Violation::DrakhOnly(card));
        }
        self.check_race_loyalty(p, card, def, false)
    }

    /// Corporate Rule 3 and the racial loyalty of fleets, groups and
    /// locations (a Drakh faction's Drakh fleets are its own: Drakh Rule 3).
    /// `sponsoring`: a card that says any faction meeting its requirement
    /// may sponsor it is sponsored whatever its race (rulings 7.8; its
    /// `requires` is checked as every card's).
    fn check_race_loyalty(
        &self,
        p: PlayerId,
        card: CardId,
        def: &CardDef,
        sponsoring: bool,
    ) -> Result<(), Violation> {
        let pl = &self.players[p as usize];
        let corporate_ok = pl.faction == Faction::Corporate && def.is_corporate();
        let disloyal = (def.kw.corporate_only && pl.faction != Faction::Corporate)
            || (matches!(
                def.card_type,
                CardType::Fleet | CardType::Group | CardType::Location
            ) && def.race != Race::Neutral
                && !self.plays_as_race(p, def.race)
                && !corporate_ok
                && !(sponsoring && def.any_race_sponsors));
        if disloyal {
            return Err(Violation::Disloyal {
                card,
                race: def.race,
            });
        }
        Ok(())
    }

    /// Loyalty restrictions on sponsoring (disloyalty penalty; rulings 7.8,
    /// 4.4; Psi Corps; Drakh Rule 5).
    fn check_loyalty(
        &self,
        p: PlayerId,
        card: CardId,
        def: &CardDef,
        by: CardId,
        target: Target,
    ) -> Result<(), Violation> {
        self.check_drakh_sponsor(p, card, def, by)?;
        self.check_race_loyalty(p, card, def, true)?;
        let pl = &self.players[p as usize];
        match def.card_type {
            // A loyal enhancement is sponsored by a character of its race and
            // must enhance a target of its race.
            CardType::Enhancement if def.race != Race::Neutral => {
                let by_race = self.cards.get(by.idx()).map(|b| self.db.get(b.def).race);
                let target_ok = match target {
                    Target::Card(c) => self
                        .cards
                        .get(c.idx())
                        .is_none_or(|t| self.db.get(t.def).race == def.race),
                    // A faction of its race: a Drakh faction for a Drakh
                    // enhancement (Drakh Rule 3).
                    Target::Player(q) => self.faction_is_race(q, def.race),
                    _ => true,
                };
                if by_race != Some(def.race) || !target_ok {
                    return Err(Violation::DisloyalTarget {
                        card,
                        race: def.race,
                    });
                }
            }
            _ => {}
        }
        // Psi Corps: sponsoring across the telepath divide needs Conspiracy
        // Marks (Psi Corps Faction).
        let conspiracy = || self.faction_marks(p, crate::card::MarkKind::Conspiracy) as usize;
        // The cards it "currently controls": a mercenary it hired counts, one
        // hired away does not (Factions and Control: "the person who has bid
        // the most for it has control of it").
        if pl.faction == Faction::PsiCorps {
            if def.race != Race::Neutral && !def.kw.psi_corps {
                let controlled = self
                    .table_cards_controlled(p)
                    .filter(|&c| {
                        let d = self.db.get(self.c(c).def);
                        d.race != Race::Neutral && !d.kw.psi_corps && !self.is_ambassador(c)
                    })
                    .count();
                if controlled >= conspiracy() {
                    return Err(Violation::RequirementUnmet(card));
                }
            }
        } else if def.kw.psi_corps {
            let controlled = self
                .table_cards_controlled(p)
                .filter(|&c| self.db.get(self.c(c).def).kw.psi_corps)
                .count();
            if conspiracy() <= controlled {
                return Err(Violation::RequirementUnmet(card));
            }
        }
        Ok(())
    }

    /// Enhancement Cards: "No two copies of the same enhancement card can
    /// target the same card", unless the card says its copies may.
    #[inline]
    fn copy_on(&self, def: &CardDef, def_id: crate::ids::DefId, host: CardId) -> bool {
        !def.copies_share_target
            && self
                .attachments
                .iter()
                .any(|&a| self.c(a).def == def_id && self.c(a).host == host)
    }

    /// Whether `t` is a legal target for an enhancement (Enhancement Cards).
    pub(crate) fn enhancement_target_ok(
        &self,
        p: PlayerId,
        def_card: CardId,
        def: &CardDef,
        t: Target,
    ) -> bool {
        if let Target::Card(c) = t {
            if c.idx() >= self.cards.len() {
                return false;
            }
        }
        let def_id = self.c(def_card).def;
        match def.attach {
            AttachKind::Global => {
                t == Target::None
                    && (def.copies_share_target
                        || !self.attachments.iter().any(|&a| self.c(a).def == def_id))
            }
            AttachKind::Faction => match t {
                Target::Player(q) => {
                    (q as usize) < self.players.len()
                        && !self.players[q as usize].eliminated
                        && (def.copies_share_target
                            || !self.attachments.iter().any(|&a| {
                                let ai = self.c(a);
                                ai.def == def_id && ai.zone == Zone::OnFaction && ai.faction == q
                            }))
                }
                _ => false,
            },
            AttachKind::Agenda => match t {
                Target::Card(c) => {
                    let ci = self.c(c);
                    ci.zone == Zone::Agenda && !ci.face_down() && !self.copy_on(def, def_id, c)
                }
                _ => false,
            },
            kind => match t {
                Target::Card(c) => {
                    let want = kind.card_type();
                    let ci = self.c(c);
                    ci.zone.on_table()
                        && want == Some(self.db.get(ci.def).card_type)
                        && self.filter_matches(&def.filter, c, p)
                        && self.targetable(c, false)
                        && self.targetable_by(c, p)
                        && !self.copy_on(def, def_id, c)
                        && !self.exclusive_taken(def, c)
                }
                _ => false,
            },
        }
    }

    /// The ways to sponsor `card` rotating `by` onto `target`: one naming
    /// no payer, and one per card that may pay its play cost.
    fn sponsor_choices(
        &self,
        p: PlayerId,
        card: CardId,
        def: &CardDef,
        by: CardId,
        target: Target,
        out: &mut Vec<Action>,
    ) {
        out.push(Action::Sponsor {
            card,
            by,
            target,
            pay: CardId::NONE,
        });
        if let Some(c) = &def.play_cost {
            for pay in self.payers(p, by, c) {
                out.push(Action::Sponsor {
                    card,
                    by,
                    target,
                    pay,
                });
            }
        }
    }

    /// The ways to sponsor, hide or replace with the agenda `card`
    /// rotating `by`: naming no payer, and naming each card that may pay
    /// its play cost.
    fn agenda_choices(
        &self,
        p: PlayerId,
        card: CardId,
        def: &CardDef,
        by: CardId,
        out: &mut Vec<Action>,
    ) {
        let mut push = |pay: CardId| {
            out.push(Action::SponsorAgenda { card, by, pay });
            out.push(Action::HideAgenda { card, by, pay });
            out.push(Action::ReplaceAgenda { card, by, pay });
        };
        push(CardId::NONE);
        if let Some(c) = &def.play_cost {
            for pay in self.payers(p, by, c) {
                push(pay);
            }
        }
    }

    pub(crate) fn check_sponsor(
        &self,
        p: PlayerId,
        card: CardId,
        by: CardId,
        target: Target,
        pay: CardId,
    ) -> Result<(), Violation> {
        self.check_in_hand(p, card)?;
        let def = self.db.get(self.c(card).def);
        if !def.card_type.is_supporting() && def.card_type != CardType::Enhancement {
            return Err(Violation::WrongType {
                card,
                expected: "character, group, fleet, location or enhancement",
            });
        }
        self.sponsor_rotator(p, by, def)?;
        if def.kw.starting.is_some() {
            return Err(Violation::StartingAmbassador(card));
        }
        if def.replaces.as_ref().is_some_and(|r| r.only) {
            return Err(Violation::MustReplace(card));
        }
        if def.card_type != CardType::Enhancement && target != Target::None {
            return Err(Violation::BadTarget);
        }
        // Cheap checks first: most candidates fail on cost.
        let need = self.sponsor_cost(p, card, by)?;
        let have = self.players[p as usize].available();
        if need > have {
            return Err(Violation::Unaffordable { need, have });
        }
        self.check_loyalty(p, card, def, by, target)?;
        // Requirements: "you may have to rotate another card in order to
        // sponsor the card": never the card rotated to sponsor it.
        self.check_play_cost(p, (card, by), def, pay)?;
        if def.card_type == CardType::Enhancement
            && !self.enhancement_target_ok(p, card, def, target)
        {
            return Err(Violation::BadTarget);
        }
        // Allergic Cards and Marks: an enhancement joins the faction it is
        // played on, which must not be allergic to it either.
        let joins = match target {
            Target::Card(c) => self.cards.get(c.idx()).map(|h| h.faction),
            Target::Player(q) => Some(q),
            _ => None,
        };
        if let Some(q) = joins.filter(|&q| q != p && (q as usize) < self.players.len()) {
            if self.allergic_to_def(q, self.c(card).def) {
                return Err(Violation::Allergic(card));
            }
        }
        self.check_entry(p, card, def)
    }

    /// The checks of sponsoring that depend only on the card: it may enter
    /// play (limited, unique, homeworld), is not allergic to the faction, and
    /// its requirements hold.
    fn check_entry(&self, p: PlayerId, card: CardId, def: &CardDef) -> Result<(), Violation> {
        self.check_may_enter_play(p, card)?;
        self.check_may_sponsor(p, def)?;
        self.check_may_play(p, card)?;
        // The Interstellar Alliance: ISA cards need the ISA.
        self.check_isa_card(card, def)?;
        if self.allergic_to_def(p, self.c(card).def) {
            return Err(Violation::Allergic(card));
        }
        if !self.requirements_met(p, card, def) {
            return Err(Violation::RequirementUnmet(card));
        }
        Ok(())
    }

    /// Cost to sponsor, with an assistant's discount when the ambassador sponsors.
    /// The card that rotates to sponsor: a ready Inner Circle character, or
    /// a card whose lasting effect lets it sponsor such cards "as if it were
    /// an Inner Circle character". Returns whether the sponsoring is free.
    pub(crate) fn sponsor_rotator(
        &self,
        p: PlayerId,
        by: CardId,
        def: &CardDef,
    ) -> Result<bool, Violation> {
        let ic = self.check_ic_rotator(p, by);
        if ic.is_ok() {
            return Ok(false);
        }
        let Some(bi) = self.cards.get(by.idx()) else {
            return Err(Violation::NoSuchCard(by));
        };
        if bi.has(crate::game::state::flag::BLANK) {
            return ic.map(|_| false);
        }
        for pa in self.lasting(by) {
            if let Passive::Sponsors { filter, free } = pa {
                if filter.matches_def(def) {
                    self.check_ready_actor(p, by)?;
                    return Ok(*free);
                }
            }
        }
        ic.map(|_| false)
    }

    fn sponsor_cost(&self, p: PlayerId, card: CardId, by: CardId) -> Result<i16, Violation> {
        let def = self.db.get(self.c(card).def);
        if self.sponsor_rotator(p, by, def)? {
            return Ok(0);
        }
        let mut need = self.play_cost(p, card, def, false)?;
        if by == self.players[p as usize].ambassador {
            need = (need - self.players[p as usize].assist_discount as i16).max(0);
        }
        // An effect's one-shot discounts on the next card sponsored this turn.
        need = (need - self.next_discount(p, def)).max(0);
        Ok(need)
    }

    pub(crate) fn do_sponsor(
        &mut self,
        p: PlayerId,
        card: CardId,
        by: CardId,
        target: Target,
        pay: CardId,
        ev: &mut Events,
    ) {
        let need = self.sponsor_cost(p, card, by).unwrap_or(0);
        if by == self.players[p as usize].ambassador {
            self.players[p as usize].assist_discount = 0;
        }
        let db = self.db.clone();
        let def = db.get(self.c(card).def);
        self.use_discounts(p, def);
        self.apply_influence(p, need);
        self.rotate(by);
        // Requirements: an active requirement is met as it is sponsored.
        if let Some(c) = &def.play_cost {
            self.pay_other_costs(p, by, c, pay, ev);
        }
        if def.card_type == CardType::Enhancement {
            self.attach(card, p, def.attach, target, ev);
        } else {
            // It enters play ready in the supporting row.
            self.move_card(card, Zone::Supporting, p, ev);
        }
        self.note_entered_play(card);
        ev.push(Event::Sponsored {
            player: p,
            card,
            by,
            cost: need,
        });
        if self.converts(p, def) {
            self.convert_to_drakh(p, card, ev);
        }
        if !def.effects.is_empty() {
            let ctx = crate::effects::interpreter::Ctx::new(p, card, target);
            self.run_effects(&def.effects, def.both, &ctx, ev);
        }
        // Playing Cards and Card Details: sponsoring is one way of playing.
        self.run_when_played(p, card, target, ev);
        // "If an effect triggers when a card is sponsored it only triggers
        // if the card entered play through being sponsored" (Playing Cards).
        self.watch(crate::card::Trigger::Sponsored, card, ev);
        self.watch(crate::card::Trigger::EntersPlay, card, ev);
        self.shadow_war_taint_changed(p, ev);
        // Shadow War Rule 3: an enhancement played on another faction taints
        // that faction.
        let joined = self.c(card).faction;
        if joined != p && (joined as usize) < self.players.len() {
            self.shadow_war_taint_changed(joined, ev);
        }
    }

    /// Puts an enhancement (or lasting aftermath) in play on its target; it
    /// is controlled by the player who played it.
    pub(crate) fn attach(
        &mut self,
        card: CardId,
        p: PlayerId,
        kind: AttachKind,
        target: Target,
        ev: &mut Events,
    ) {
        match (kind, target) {
            (AttachKind::Global, _) | (_, Target::None) => {
                self.move_card(card, Zone::Global, p, ev);
                let c = self.cm(card);
                c.faction = crate::game::state::NOBODY;
                c.controller = p;
            }
            (_, Target::Player(q)) => {
                self.move_card(card, Zone::OnFaction, q, ev);
                let c = self.cm(card);
                c.faction = q;
                c.controller = p;
            }
            (_, Target::Card(h)) => {
                let fac = self.c(h).faction;
                self.move_card(card, Zone::Attached, fac, ev);
                let c = self.cm(card);
                c.host = h;
                c.faction = fac;
                c.controller = p;
            }
            _ => {
                self.move_card(card, Zone::Global, p, ev);
                self.cm(card).controller = p;
            }
        }
        let def = self.c(card).def;
        self.passive_sources_changed(def);
    }

    pub(crate) fn check_promote(
        &self,
        p: PlayerId,
        card: CardId,
        by: CardId,
    ) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        let def = self.db.get(c.def);
        if c.zone != Zone::Supporting || c.faction != p {
            return Err(Violation::NotSupportingRow(card));
        }
        // Characters are the only supporting cards that can be promoted.
        if def.card_type != CardType::Character {
            return Err(Violation::WrongType {
                card,
                expected: "character",
            });
        }
        // A neutralized card cannot be promoted (rulings 4.5).
        if c.neutralized() {
            return Err(Violation::NotReady(card));
        }
        // The Cannot rule: no permission overrides a "cannot be promoted".
        if self.card_cannot(card, crate::card::Cannot::BePromoted, None) {
            return Err(Violation::Cannot {
                card,
                what: crate::card::Cannot::BePromoted,
            });
        }
        self.check_ic_rotator(p, by)?;
        let need = self.promote_cost(p, card)?;
        let have = self.players[p as usize].available();
        if need > have {
            return Err(Violation::Unaffordable { need, have });
        }
        Ok(())
    }

    /// The cost plus one per character already in the Inner Circle.
    pub(crate) fn promote_cost(&self, p: PlayerId, card: CardId) -> Result<i16, Violation> {
        let def = self.db.get(self.c(card).def);
        let members = self
            .iter_pile(self.players[p as usize].inner_circle)
            .filter(|&c| self.db.get(self.c(c).def).card_type == CardType::Character)
            .count() as i16;
        Ok(self.play_cost(p, card, def, true)? + members)
    }

    pub(crate) fn do_promote(&mut self, p: PlayerId, card: CardId, by: CardId, ev: &mut Events) {
        let need = self.promote_cost(p, card).unwrap_or(0);
        self.apply_influence(p, need);
        self.rotate(by);
        self.move_card(card, Zone::InnerCircle, p, ev);
        ev.push(Event::Promoted {
            player: p,
            card,
            by,
            cost: need,
        });
    }

    pub(crate) fn check_build(&self, p: PlayerId, by: CardId) -> Result<(), Violation> {
        self.check_ic_rotator(p, by)?;
        let pl = &self.players[p as usize];
        // Rotate to Build Influence: "Any faction with an Influence Rating of
        // 9 or less": the rating with the cards that alter it (Influence and
        // Influence Rating), not temporary influence (rulings 4.3).
        if self.influence_rating(p) > BUILD_LIMIT {
            return Err(Violation::InfluenceTooHigh);
        }
        if pl.available() < BUILD_COST {
            return Err(Violation::Unaffordable {
                need: BUILD_COST,
                have: pl.available(),
            });
        }
        Ok(())
    }

    /// A protected action, not an influence gain: the rating rises by one.
    pub(crate) fn do_build(&mut self, p: PlayerId, by: CardId, ev: &mut Events) {
        self.apply_influence(p, BUILD_COST);
        self.rotate(by);
        // Counts stop at their bound (docs/limits.md).
        let pl = &mut self.players[p as usize];
        pl.influence = pl.influence.saturating_add(1);
        ev.push(Event::Built { player: p, by });
    }

    /// Actions with cards in `p`'s hand.
    pub(crate) fn hand_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        let pl = &self.players[p as usize];
        let mut rotators: smallvec::SmallVec<[CardId; 8]> = self
            .ic_rotator_candidates(p)
            .filter(|&c| self.check_ic_rotator(p, c).is_ok())
            .collect();
        let agendas = rotators.clone();
        for c in self.table_cards_controlled(p) {
            if self
                .lasting(c)
                .any(|x| matches!(x, Passive::Sponsors { .. }))
                && !rotators.contains(&c)
            {
                rotators.push(c);
            }
        }
        let have = pl.available();
        let ambassador_rotates = rotators.contains(&pl.ambassador);
        let free_rotator = rotators.iter().any(|&c| {
            self.lasting(c)
                .any(|x| matches!(x, Passive::Sponsors { free: true, .. }))
        });
        let kind_discounts = !self.next_discounts.is_empty();
        // Whether some rotator could pay for the card: the cheapest is the
        // ambassador with an assistant's discount, or a free sponsor effect.
        let affordable = |card: CardId, def: &CardDef| -> bool {
            if free_rotator {
                return true;
            }
            match self.play_cost(p, card, def, false) {
                Ok(c) => {
                    let discount = if ambassador_rotates {
                        pl.assist_discount as i16
                    } else {
                        0
                    };
                    let kind = if kind_discounts {
                        self.kind_discount(p, def)
                    } else {
                        0
                    };
                    c - discount - pl.sponsor_discount as i16 - kind <= have
                }
                Err(_) => false,
            }
        };
        // Events, contingencies: their cost must be payable.
        let playable = |card: CardId| self.played_cost(p, card).is_ok_and(|c| c <= have);
        let mut ts = Targets::new();
        for card in self.iter_pile(pl.hand) {
            let def = self.db.get(self.c(card).def);
            if let Some(r) = &def.replaces {
                for old in self.all_table_cards() {
                    if self.db.get(self.c(old).def).name == r.name {
                        out.push(Action::Replace { card, old });
                    }
                }
            }
            match def.card_type {
                // The card-level checks once per card, not once per rotator.
                CardType::Character
                | CardType::Group
                | CardType::Fleet
                | CardType::Location
                | CardType::Enhancement
                    if !affordable(card, def) || self.check_entry(p, card, def).is_err() => {}
                CardType::Event | CardType::Contingency if !playable(card) => {}
                CardType::Character | CardType::Group | CardType::Fleet | CardType::Location => {
                    for &by in &rotators {
                        self.sponsor_choices(p, card, def, by, Target::None, out);
                    }
                }
                CardType::Enhancement => {
                    ts.clear();
                    self.enhancement_targets(p, card, def, &mut ts);
                    for &by in &rotators {
                        for &t in ts.iter() {
                            self.sponsor_choices(p, card, def, by, t, out);
                        }
                    }
                }
                CardType::Agenda => {
                    for &by in &agendas {
                        self.agenda_choices(p, card, def, by, out);
                    }
                }
                CardType::Event => {
                    ts.clear();
                    let by = crate::effects::targets::By::card(p, card);
                    self.target_candidates(def.target, &def.filter, by, false, &mut ts);
                    self.push_paid(p, card, &ts, out, |card, target, pay| Action::Play {
                        card,
                        target,
                        pay,
                    });
                }
                // Without a play cost, one action per host (the common
                // case, kept cheap: bots list these often).
                CardType::Contingency if def.play_cost.is_none() => {
                    let pay = CardId::NONE;
                    for host in self.table_cards_controlled(p) {
                        out.push(Action::PlayContingency { card, host, pay });
                    }
                    // On one of his conflicts (rulings 7.5).
                    if def.attach == AttachKind::Conflict {
                        for k in self.conflicts.iter() {
                            if self.conflict_takes_contingency(p, k.card) {
                                let host = k.card;
                                out.push(Action::PlayContingency { card, host, pay });
                            }
                        }
                    }
                }
                CardType::Contingency => {
                    ts.clear();
                    ts.extend(self.table_cards_controlled(p).map(Target::Card));
                    // On one of his conflicts (rulings 7.5).
                    if def.attach == AttachKind::Conflict {
                        for k in self.conflicts.iter() {
                            if self.conflict_takes_contingency(p, k.card) {
                                ts.push(Target::Card(k.card));
                            }
                        }
                    }
                    self.push_paid(p, card, &ts, out, |card, host, pay| {
                        Action::PlayContingency {
                            card,
                            host: host.card().unwrap_or(CardId::NONE),
                            pay,
                        }
                    });
                }
                CardType::Conflict | CardType::Aftermath => {}
            }
        }
    }

    fn enhancement_targets(&self, p: PlayerId, card: CardId, def: &CardDef, out: &mut Targets) {
        match def.attach {
            AttachKind::Global => out.push(Target::None),
            AttachKind::Faction => {
                for q in 0..self.players.len() as PlayerId {
                    out.push(Target::Player(q));
                }
            }
            AttachKind::Agenda => {
                for pl in self.players.iter() {
                    if let Some(a) = pl.agenda.some() {
                        out.push(Target::Card(a));
                    }
                }
            }
            _ => {
                for c in self.all_table_cards() {
                    if self.enhancement_target_ok(p, card, def, Target::Card(c)) {
                        out.push(Target::Card(c));
                    }
                }
            }
        }
    }
}
