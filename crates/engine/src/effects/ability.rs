//! Character ability ratings, computed on demand from the printed value and
//! every active modifier in the order the rules give (Character ability
//! ratings: Modifying abilities; Glossary: Double):
//!
//! 1. changes to the printed value;
//! 2. multipliers;
//! 3. additions and subtractions (bonuses, leaders, assistants) and damage;
//!    never below 0.
//!
//! Psi is not raised from a base of 0 unless the effect names Psi.

use std::cell::RefCell;

use crate::card::Who;
use crate::card::{Ability, AbilityBonus, CardDef, CardType, ThisCard};
use crate::effects::interpreter::Ctx;
use crate::game::state::{flag, Game, ModKind, Rotation, Target, Zone};
use crate::ids::CardId;

/// Whether an "all abilities" change reaches ability `a` of a card whose
/// printed value (after printed changes) is `printed`. Characters always
/// have Diplomacy, Intrigue and Leadership; fleets and locations Military
/// (Character and Fleet Abilities); Psi never rises from 0.
fn all_reaches(def: &CardDef, a: Ability, printed: i32) -> bool {
    if printed > 0 {
        return true;
    }
    match a {
        Ability::Psi => false,
        Ability::Diplomacy | Ability::Intrigue | Ability::Leadership => {
            def.card_type == CardType::Character
        }
        Ability::Military => matches!(def.card_type, CardType::Fleet | CardType::Location),
    }
}

/// Cards whose abilities the memo can hold (ids past it are computed every
/// time).
const MEMO_CARDS: usize = 1024;

/// Abilities already computed while one game stands still: listing the legal
/// actions asks for the same cards' abilities again and again (a candidate,
/// then its check), and nothing can change them until the game moves. The
/// memo belongs to the thread and is only on inside [`AbilityMemo::freeze`],
/// which holds `&Game` for its whole life; `stamp` makes entries from an
/// earlier freeze stale at no cost.
struct MemoTable {
    /// Address of the frozen game (0: the memo is off). Compared, never
    /// dereferenced.
    game: usize,
    stamp: u32,
    /// Per card: the stamp, the abilities and the "used as" bits.
    entries: [(u32, [u8; 5], [u8; 5]); MEMO_CARDS],
}

impl MemoTable {
    /// Makes every entry stale.
    fn new_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // A wrapped stamp could meet an old entry: start clean.
            self.entries.fill((0, [0; 5], [0; 5]));
            self.stamp = 1;
        }
    }
}

thread_local! {
    static MEMO: RefCell<MemoTable> = const {
        RefCell::new(MemoTable {
            game: 0,
            stamp: 0,
            entries: [(0, [0; 5], [0; 5]); MEMO_CARDS],
        })
    };
}

/// While alive, damaged abilities of `game`'s cards are computed once. It
/// borrows the game, so the game cannot change while the memo is on.
/// [`Game::hold_abilities`] gives one to readers that ask many views of
/// one game state (a server writing each seat its view).
pub struct AbilityMemo<'a> {
    previous: (usize, u32),
    _game: std::marker::PhantomData<&'a Game>,
}

impl<'a> AbilityMemo<'a> {
    pub(crate) fn freeze(game: &'a Game) -> AbilityMemo<'a> {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            let previous = (m.game, m.stamp);
            m.new_stamp();
            m.game = game as *const Game as usize;
            AbilityMemo {
                previous,
                _game: std::marker::PhantomData,
            }
        })
    }
}

impl Drop for AbilityMemo<'_> {
    fn drop(&mut self) {
        // Restore an outer freeze's game, with a fresh stamp (this freeze's
        // entries are of the same, unchanged game, but keep it simple).
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            m.game = self.previous.0;
            if m.game != 0 {
                m.new_stamp();
            }
        });
    }
}

impl Game {
    /// A card's current ability (0 when neutralized): the card's own, as
    /// filters, requirements, amounts and initiative read it. "Used As"
    /// does not change it (6.j); see [`Game::used_ability`].
    pub fn ability(&self, id: CardId, a: Ability) -> u8 {
        if self.c(id).neutralized() {
            return 0;
        }
        self.current_abilities(id).0[a.idx()]
    }

    /// Keeps each card's abilities once computed for as long as the guard
    /// lives (on this thread): for a reader that builds many views of this
    /// one game state. The game cannot change meanwhile (it is borrowed).
    pub fn hold_abilities(&self) -> AbilityMemo<'_> {
        AbilityMemo::freeze(self)
    }

    /// All five current abilities (0 when neutralized), in the order
    /// Diplomacy, Intrigue, Psi, Leadership, Military.
    pub fn abilities(&self, id: CardId) -> [u8; 5] {
        if self.c(id).neutralized() {
            return [0; 5];
        }
        self.current_abilities(id).0
    }

    /// The ability the card applies where "Used As" reaches (Engine Rules
    /// v1.2, 6.j: "this may only be done for purposes of participating in
    /// conflicts, attacking, or (when using an ability as Leadership) for
    /// leading a fleet"): support and opposition, attacks (the ability it
    /// attacks with, the damage it deals, the damage it deals in return),
    /// and the Leadership it leads a fleet with.
    pub fn used_ability(&self, id: CardId, a: Ability) -> u8 {
        self.used_abilities(id)[a.idx()]
    }

    /// All five abilities as [`Game::used_ability`] reads them.
    pub fn used_abilities(&self, id: CardId) -> [u8; 5] {
        if self.c(id).neutralized() {
            return [0; 5];
        }
        let (mut v, use_as) = self.current_abilities(id);
        if use_as != [0; 5] {
            crate::effects::used_as::apply(&mut v, &use_as);
        }
        v
    }

    /// The damaged abilities and the "used as" bits, from the memo when the
    /// game is frozen.
    fn current_abilities(&self, id: CardId) -> ([u8; 5], [u8; 5]) {
        let slot = id.idx();
        // A value read while a lasting effect's test is under way may leave
        // that effect out (`crate::effects::lasting`): it is not kept.
        if slot >= MEMO_CARDS || crate::effects::lasting::testing_any() {
            return self.compute_all(id, true);
        }
        let me = self as *const Game as usize;
        let hit = MEMO.with(|m| {
            let m = m.borrow();
            let e = &m.entries[slot];
            (m.game == me && e.0 == m.stamp).then_some((e.1, e.2))
        });
        if let Some(v) = hit {
            return v;
        }
        let v = self.compute_all(id, true);
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.game == me {
                let stamp = m.stamp;
                m.entries[slot] = (stamp, v.0, v.1);
            }
        });
        v
    }

    /// What the ability would be undamaged, with every current modifier
    /// (Neutralization: "what the character's highest ability would be if the
    /// character were undamaged").
    pub(crate) fn ability_undamaged(&self, id: CardId, a: Ability) -> u8 {
        self.compute_all(id, false).0[a.idx()]
    }

    /// The card's highest current ability ("Used As" never raises it: the
    /// new ability is at an existing one's level).
    pub fn highest_ability(&self, id: CardId) -> u8 {
        self.abilities(id).into_iter().max().unwrap_or(0)
    }

    pub(crate) fn highest_undamaged(&self, id: CardId) -> u8 {
        self.compute_all(id, false).0.into_iter().max().unwrap_or(0)
    }

    /// A lasting bonus's amount, for the card whose text it is (out of line:
    /// few bonuses have one).
    #[inline(never)]
    fn lasting_amount(&self, a: &crate::card::Amount, src: CardId) -> i32 {
        self.amount(a, &Ctx::new(self.you_of(src), src, Target::None))
    }

    /// The five abilities in one pass over the modifiers, attached cards and
    /// lasting effects that could touch the card, and the "used as" bits
    /// (`use_as[to]` holds a bit per ability `from`).
    fn compute_all(&self, id: CardId, with_damage: bool) -> ([u8; 5], [u8; 5]) {
        let inst = self.c(id);
        let def = self.db.get(inst.def);
        let mut printed_delta = [0i32; 5];
        let mut printed_all = 0i32;
        let mut doubles = [0u32; 5];
        let mut add = [0i32; 5];
        let mut add_all = 0i32;
        let mut set: [Option<i32>; 5] = [None; 5];
        let mut has_final = false;
        let mut use_as = [0u8; 5];
        let take = |b: &AbilityBonus, add: &mut [i32; 5], all: &mut i32| {
            for (x, v) in add.iter_mut().zip(b.values) {
                *x += v as i32;
            }
            *all += b.all as i32;
        };
        for m in self.mods.iter() {
            if m.card != id {
                continue;
            }
            match m.kind {
                ModKind::Printed(b) => take(&b, &mut printed_delta, &mut printed_all),
                ModKind::Double(a) => doubles[a.idx()] += 1,
                ModKind::Add(b) => take(&b, &mut add, &mut add_all),
                ModKind::Cannot(_) | ModKind::PlayerCannot(..) => {}
                // The latest value set wins (modifiers are kept in order).
                ModKind::Set(a, v) => set[a.idx()] = Some(v as i32),
                ModKind::Rating(..) => {}
                ModKind::Blank | ModKind::PowerToWin(..) | ModKind::InfluenceOnlyPower(_) => {}
                // Glossary, Used As: the new ability at the old one's level.
                ModKind::UseAs(from, to) => use_as[to.idx()] |= 1 << from.idx(),
                ModKind::Attack(_) => {}
                ModKind::Final(..) => has_final = true,
            }
        }
        for &att in self.attachments.iter() {
            let ai = self.c(att);
            // Bonuses and Blanking: a blanked card's bonus stops.
            if ai.host == id && ai.zone == Zone::Attached && !ai.face_down() && !ai.has(flag::BLANK)
            {
                let ad = self.db.get(ai.def);
                if !ad.bonus.is_zero() {
                    take(&ad.bonus, &mut add, &mut add_all);
                }
            }
        }
        for &src in self.bonus_sources.iter() {
            let si = self.c(src);
            for (i, p) in self.db.get(si.def).passives.iter().enumerate() {
                if let crate::card::Passive::Bonus { filter, bonus, per } = p {
                    // The filter's cheap tests first, on what is at hand;
                    // the lasting effect's condition (`Game::lasting`) next.
                    if (filter.relation() == ThisCard::Itself && src != id)
                        || !filter.allows_type(def.card_type)
                        || filter.race.is_some_and(|r| r != def.race)
                    {
                        continue;
                    }
                    // A threshold ("characters with Psi 2 or more") reads
                    // abilities this very bonus may change: its test is
                    // worked out once (`crate::effects::lasting`).
                    let applies = if filter.reads_abilities() {
                        crate::effects::lasting::test_once(src, i, || {
                            self.lasting_condition_unguarded(src, i)
                                && self.filter_matches(filter, id, self.by_card(src))
                        })
                    } else {
                        self.lasting_condition_holds(src, i)
                            && self.filter_matches(filter, id, self.by_card(src))
                    };
                    if applies {
                        match per {
                            None => take(bonus, &mut add, &mut add_all),
                            Some(a) => take(
                                &bonus.times(self.lasting_amount(a, src)),
                                &mut add,
                                &mut add_all,
                            ),
                        }
                    }
                }
            }
        }
        // A leader adds its Leadership to the fleet it leads.
        if let Some(l) = inst.led_by.some() {
            let li = self.c(l);
            if li.rotation == Rotation::Lead && li.leading == id {
                // 6.j: an ability used as Leadership leads a fleet.
                add[Ability::Military.idx()] += self.used_ability(l, Ability::Leadership) as i32;
            }
        }
        // An ambassador's assistant: +1 Diplomacy, Intrigue and Leadership;
        // a Non-Aligned one may aid any species' ambassador of its faction
        // (Non-Aligned Ambassador's Assistant).
        if (inst.zone == Zone::InnerCircle && self.is_ambassador(id))
            || (def.kw.species_ambassador && inst.zone.on_table())
        {
            let mut n = 0i32;
            for &c in self.keyword_cards.iter() {
                let ci = self.c(c);
                if ci.rotation == Rotation::Assist && ci.leading == id && !ci.neutralized() {
                    n += 1;
                }
            }
            for a in [Ability::Diplomacy, Ability::Intrigue, Ability::Leadership] {
                add[a.idx()] += n;
            }
        }
        let mut out = [0u8; 5];
        let damage = if with_damage { inst.damage as i32 } else { 0 };
        // Nothing modifies the card (most cards, most of the time): the
        // printed values less damage.
        if set == [None; 5]
            && printed_delta == [0; 5]
            && printed_all == 0
            && doubles == [0; 5]
            && add == [0; 5]
            && add_all == 0
        {
            for (o, &p) in out.iter_mut().zip(def.abilities.iter()) {
                *o = (p as i32 - damage).clamp(0, 255) as u8;
            }
            if has_final {
                self.final_values(id, &mut out);
            }
            return (out, use_as);
        }
        for a in Ability::ALL {
            let i = a.idx();
            // 1. Changes to the printed value.
            // A value the ability "becomes" stands for the printed value
            // (rulings, Fast Learning); see `crate::effects::severe`.
            let base = set[i].unwrap_or(def.abilities[i] as i32);
            let mut printed = base + printed_delta[i];
            if printed_all != 0 && all_reaches(def, a, base) {
                printed += printed_all;
            }
            let printed = printed.max(0);
            // 2. Multipliers, before any addition.
            let mut v = printed << doubles[i].min(16);
            // 3. Additions and subtractions; "all" never raises Psi from 0;
            // never below zero once every modifier is applied.
            v += add[i];
            if add_all != 0 && all_reaches(def, a, printed) {
                v += add_all;
            }
            v -= damage;
            out[i] = v.clamp(0, 255) as u8;
        }
        if has_final {
            self.final_values(id, &mut out);
        }
        (out, use_as)
    }

    /// The values abilities "become" after every modifier, damage included
    /// (the latest wins). Out of line: few cards have one.
    #[inline(never)]
    fn final_values(&self, id: CardId, out: &mut [u8; 5]) {
        for m in self.mods.iter() {
            if let (true, ModKind::Final(a, v)) = (m.card == id, m.kind) {
                out[a.idx()] = v;
            }
        }
    }

    /// Whether the card is some faction's ambassador.
    pub fn is_ambassador(&self, id: CardId) -> bool {
        let inst = self.c(id);
        inst.zone == Zone::InnerCircle
            && (inst.faction as usize) < self.players.len()
            && self.players[inst.faction as usize].ambassador == id
    }

    /// A telepath: a character who would have Psi above zero if fully healed.
    pub fn is_telepath(&self, id: CardId) -> bool {
        self.ability_undamaged(id, Ability::Psi) > 0
    }

    #[allow(dead_code)]
    pub(crate) fn blanked(&self, id: CardId) -> bool {
        self.c(id).has(flag::BLANK)
    }

    #[allow(dead_code)]
    pub(crate) fn who_unused(_w: Who) {}
}
