//! The Cannot rule (Engine Rules v1.2, Rules of Precedence): something a
//! card says "cannot" be done cannot be permitted by any other card until
//! the restriction itself ends. Restrictions come from effects (kept among
//! the modifiers, with their durations) and from lasting effects of cards in
//! play; the legality checks ask here.
//!
//! Below, the other restrictions of the same rule: a card that cannot be
//! targeted by other players' cards, a player who cannot sponsor cards of a
//! type or race, a player who cannot gain influence.

use crate::card::{Cannot, CardSel, Duration, Who};
use crate::card::{CardDef, Passive};
use crate::effects::interpreter::Ctx;
use crate::game::error::Violation;
use crate::game::state::{Game, ModKind, Modifier, Until, Zone};
use crate::ids::{CardId, ConflictId, PlayerId};

impl Game {
    /// Whether a restriction forbids `what` for the card. `conflict` names
    /// the conflict concerned, for "cannot take part in this conflict".
    #[inline]
    pub(crate) fn card_cannot(
        &self,
        card: CardId,
        what: Cannot,
        conflict: Option<ConflictId>,
    ) -> bool {
        // Most of the time nothing restricts anything: no call at all.
        (self.restrictions_imposed || !self.restriction_sources.is_empty())
            && self.card_cannot_by_any(card, what, conflict)
    }

    fn card_cannot_by_any(&self, card: CardId, what: Cannot, conflict: Option<ConflictId>) -> bool {
        let by_effect = self.restrictions_imposed
            && self.mods.iter().any(|m| {
                m.card == card
                    && match m.kind {
                        ModKind::Cannot(Cannot::ParticipateHere) => {
                            what == Cannot::Participate
                                && conflict.is_some_and(|k| m.until == Until::Conflict(k))
                        }
                        ModKind::Cannot(w) => w == what,
                        _ => false,
                    }
            });
        by_effect
            || (self.restriction_sources.iter().any(|&src| {
                let si = self.c(src);
                let passives = &self.db.get(si.def).passives;
                // The restriction's kind first, its condition (`Game::lasting`)
                // only for a restriction of this kind.
                passives.iter().enumerate().any(|(i, p)| match p {
                    Passive::Cannot { filter, what: w } => {
                        *w == what
                            && self.lasting_condition_holds(src, i)
                            && match filter {
                                Some(f) => self.filter_matches(f, card, self.by_card(src)),
                                // No `to`: "this card", or the card it is on.
                                None => {
                                    card == src || (si.zone == Zone::Attached && si.host == card)
                                }
                            }
                    }
                    _ => false,
                })
            }))
    }

    /// Whether a restriction forbids the player `what`.
    pub(crate) fn player_cannot(&self, p: PlayerId, what: Cannot) -> bool {
        let by_effect = self.restrictions_imposed
            && self
                .mods
                .iter()
                .any(|m| m.kind == ModKind::PlayerCannot(p, what));
        by_effect
            || self.restriction_sources.iter().any(|&src| {
                let you = self.you_of(src);
                self.lasting(src).any(|pa| match pa {
                    Passive::PlayerCannot { who, what: w } => {
                        self.imposed_as(*w, src) == what && self.lasting_names(*who, p, you)
                    }
                    _ => false,
                })
            })
    }

    /// A restriction as written, as it applies: "this card cannot be
    /// played" names the definition of the card whose text it is.
    fn imposed_as(&self, what: Cannot, src: CardId) -> Cannot {
        match what {
            Cannot::PlayThis => Cannot::PlayDef(self.c(src).def),
            w => w,
        }
    }

    /// Whether the card may be targeted, by a conflict or otherwise.
    pub(crate) fn targetable(&self, card: CardId, by_conflict: bool) -> bool {
        let barred = self.card_cannot(card, Cannot::BeTargeted, None)
            || (by_conflict && self.card_cannot(card, Cannot::BeTargetedByConflicts, None));
        !barred
    }

    /// The `cannot` effect: puts a restriction on the cards selected (or the
    /// players named) for its duration; "cannot take part in this conflict"
    /// lasts until that conflict resolves. False if nothing was restricted.
    pub(crate) fn impose(
        &mut self,
        what: Cannot,
        card: CardSel,
        who: Who,
        duration: Duration,
        ctx: &Ctx,
    ) -> bool {
        self.restrictions_imposed = true;
        if what == Cannot::ParticipateHere {
            let Some(k) = ctx.conflict else { return false };
            let cs = self.sel_cards(card, ctx);
            for &c in &cs {
                self.mods.push(Modifier {
                    card: c,
                    kind: ModKind::Cannot(what),
                    until: Until::Conflict(k),
                });
            }
            return !cs.is_empty();
        }
        if what.on_player() {
            let what = match ctx.source.some() {
                Some(src) => self.imposed_as(what, src),
                None => what,
            };
            let ps = self.who_players(who, ctx);
            for &p in &ps {
                self.push_mod(CardId::NONE, ModKind::PlayerCannot(p, what), duration, ctx);
            }
            return !ps.is_empty();
        }
        let cs = self.sel_cards(card, ctx);
        for &c in &cs {
            self.push_mod(c, ModKind::Cannot(what), duration, ctx);
        }
        !cs.is_empty()
    }
}

// More restrictions in the style of `cannot.rs` (Engine Rules v1.2, Rules
// of Precedence, The Cannot rule): a card that cannot be targeted by
// other players' cards, a player who cannot sponsor cards of a type or a
// race, a player who cannot gain influence. They are checked where
// legality is decided: the target checks, the sponsoring checks shared by
// the legal action generator and the validation of `apply`, and the gain
// itself.

impl Game {
    /// Whether `actor`'s cards may target the card ("cannot be targeted by
    /// other players' cards": only its controller's may).
    pub(crate) fn targetable_by(&self, card: CardId, actor: PlayerId) -> bool {
        self.c(card).controller == actor
            || !self.card_cannot(card, Cannot::BeTargetedByOthers, None)
    }

    /// Whether an effect of `actor`'s card may rotate the card ("cannot be
    /// rotated by other players' cards"; "no other ISA member can rotate
    /// your fleets": a player outside the ISA still may).
    pub(crate) fn rotatable_by(&self, card: CardId, actor: PlayerId) -> bool {
        self.c(card).controller == actor
            || !(self.card_cannot(card, Cannot::BeRotatedByOthers, None)
                || (self.isa.is_member(actor)
                    && self.card_cannot(card, Cannot::BeRotatedByOtherIsaMembers, None)))
    }

    /// The Cannot rule on sponsoring: a player who cannot sponsor cards of
    /// the card's type or race does not sponsor it.
    pub(crate) fn check_may_sponsor(&self, p: PlayerId, def: &CardDef) -> Result<(), Violation> {
        if !self.restrictions_imposed && self.restriction_sources.is_empty() {
            return Ok(());
        }
        for what in [
            Cannot::SponsorType(def.card_type),
            Cannot::SponsorRace(def.race),
        ] {
            if self.player_cannot(p, what) {
                return Err(Violation::Cannot {
                    card: CardId::NONE,
                    what,
                });
            }
        }
        Ok(())
    }

    /// The Cannot rule on playing a card from hand (an event, a
    /// contingency, an aftermath, a conflict card, or a card sponsored): a
    /// player who cannot play cards of its name or type does not play it.
    #[inline]
    pub(crate) fn check_may_play(&self, p: PlayerId, card: CardId) -> Result<(), Violation> {
        if !self.db.has_play_restrictions()
            || (!self.restrictions_imposed && self.restriction_sources.is_empty())
        {
            return Ok(());
        }
        self.check_may_play_by_any(p, card)
    }

    fn check_may_play_by_any(&self, p: PlayerId, card: CardId) -> Result<(), Violation> {
        let def = self.c(card).def;
        for what in [
            Cannot::PlayDef(def),
            Cannot::PlayType(self.db.get(def).card_type),
        ] {
            if self.player_cannot(p, what) {
                return Err(Violation::Cannot { card, what });
            }
        }
        Ok(())
    }

    /// Whether the player may gain influence now.
    pub(crate) fn may_gain_influence(&self, p: PlayerId) -> bool {
        !((self.restrictions_imposed || !self.restriction_sources.is_empty())
            && self.player_cannot(p, Cannot::GainInfluence))
    }
}
