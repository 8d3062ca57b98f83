//! The effect vocabulary: what cards do, in the rules' own terms (Advanced
//! Details about playing cards: effects, THEN and BOTH; Lasting and
//! Sustainable Effects). Card files write each effect as one verb with its
//! modifiers; the engine interprets them in `crate::effects::interpreter`.

use serde::{Deserialize, Serialize};

use super::*;

// The parts that moved out of this file (issue 24), at their old paths
// `card::effect::*` for one version; new code writes `crate::card::X`.
pub use super::cannot::Cannot;
pub use super::condition::{Cmp, Condition};
pub use super::duration::{Duration, Reversible, When};
pub use super::pick::{PickFrom, PickPut};
pub use super::politics::{StateKind, VoteChoice, VoteKind, VoteRule};
pub use super::trigger::Trigger;
pub use super::who::{CardSel, Force, Who};

/// One effect verb with its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    /// Gain N influence: new tokens go to the unspent pool.
    GainInfluence {
        n: u8,
        who: Who,
    },
    /// Lose N influence, from the spent pool first; never below 3.
    LoseInfluence {
        n: u8,
        who: Who,
    },
    /// Transfer N influence from `who` to `to` (not a gain or a loss).
    TransferInfluence {
        n: u8,
        who: Who,
        to: Who,
    },
    /// Move N influence from each player named to a non-player faction
    /// (Glossary, Transfer: "to another player (or entity, such as the
    /// Shadows)"): a direct change to both ratings, not a gain or a loss,
    /// never below 3.
    TransferToForce {
        n: u8,
        who: Who,
        force: Force,
    },
    /// Restore up to N applied influence from the spent to the unspent pool.
    Restore {
        n: u8,
        who: Who,
    },
    /// Additional influence this turn: applied like influence, not counted as
    /// power, not restored.
    ExtraInfluence {
        n: u8,
        who: Who,
    },
    GainPower {
        n: u8,
        who: Who,
    },
    LosePower {
        n: u8,
        who: Who,
    },
    Tension {
        n: i8,
        who: Who,
        toward: Who,
        mutual: bool,
        /// "Tension becomes N" (set to that level, 1 to 5) rather than
        /// rising or falling by N.
        #[serde(default)]
        set: bool,
    },
    /// Tension toward a race named on the card (toward every player of it).
    TensionRace {
        n: i8,
        who: Who,
        race: Race,
        mutual: bool,
        /// Toward the race of this card instead of `race` ("toward the race
        /// of the fleet that first attacked": rulings, Gunboat Diplomacy),
        /// read when the effect happens, the card in play or not.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        race_of: Option<CardSel>,
    },
    Unrest {
        n: i8,
        who: Who,
    },
    NonPlayer {
        force: Force,
        n: i8,
    },
    Draw {
        n: u8,
        who: Who,
    },
    /// Put the top N cards of the Crusade Pile into the hand.
    CrusadeDraw {
        n: u8,
        who: Who,
    },
    /// Discard N cards at random from the hand.
    DiscardRandom {
        n: u8,
        who: Who,
    },
    /// Put N damage on a card (not an attack: no damage resistance).
    Damage {
        n: u8,
        card: CardSel,
    },
    /// Gain (count > 0) or purge (count < 0) marks.
    Mark {
        kind: MarkKind,
        card: CardSel,
        count: i8,
    },
    War {
        who: Who,
        with: Who,
    },
    Peace {
        who: Who,
        with: Who,
    },
    Bonus {
        bonus: AbilityBonus,
        card: CardSel,
        duration: Duration,
    },
    Double {
        ability: Ability,
        card: CardSel,
        duration: Duration,
    },
    Rotate {
        card: CardSel,
    },
    Ready {
        card: CardSel,
    },
    /// Heal the card as the heal action would (without rotating it).
    Heal {
        card: CardSel,
    },
    /// Remove all damage and severe damage and unneutralize.
    FullHeal {
        card: CardSel,
    },
    /// Remove up to N normal damage from a fleet or location.
    RemoveDamage {
        n: u8,
        card: CardSel,
    },
    Neutralize {
        card: CardSel,
    },
    /// Discard the card from play (never an ambassador).
    Discard {
        card: CardSel,
    },
    /// Return the card from play to its owner's hand (never an ambassador).
    ReturnToHand {
        card: CardSel,
    },
    /// Add N to the current conflict's support (or to a side in a conflict
    /// with several sides: the acting player's side).
    Support {
        n: u8,
    },
    /// Add N to the current conflict's opposition.
    Opposition {
        n: u8,
    },
    /// Cancel the targeted conflict: it does not resolve.
    CancelConflict,
    /// The conflict being initiated is of this type ("When initiated,
    /// choose Diplomacy or Intrigue: this conflict is of that type"): only
    /// in a conflict's `initiated` effects, before anything takes part.
    ConflictType {
        kind: Ability,
    },
    /// The card stops taking part in the conflicts it takes part in and
    /// stays rotated (rulings 5.2, Participants: an effect "removes that
    /// participant from the Conflict"; Engine Rules v1.2: a participant
    /// that readies is not removed, nor is one removed readied).
    Withdraw {
        card: CardSel,
    },
    /// Cancel the attack that triggered this contingency.
    CancelAttack,
    /// The chosen players surrender unconditionally to the card's player
    /// (Elimination from the Game: "Some card effects can force players to
    /// unconditionally surrender"); only a player at war with them can.
    Surrender {
        who: Who,
    },
    /// Call a vote (Votes): the measure passes with at least one more Yes
    /// than No; then `pass` happens, otherwise `fail`. A vote is always the
    /// last effect of its list, and `pass`/`fail` hold no further vote.
    Vote {
        kind: VoteKind,
        pass: Vec<Effect>,
        fail: Vec<Effect>,
    },
    /// Bring the Interstellar Alliance into existence, the card's player its
    /// founder and first member (The Interstellar Alliance).
    FoundIsa,
    /// The players named join the ISA (if it exists).
    JoinIsa {
        who: Who,
    },
    /// Put N Chaos Tokens on the card (N < 0: take them off; Drakh Rule 7).
    Chaos {
        n: i8,
        card: CardSel,
    },
    /// The `effects` happen unless a player `who` names applies `n`
    /// influence to stop them ("target player may apply 2 influence to
    /// negate this"; Glossary, Negate: "prevented from occurring"): asked
    /// one at a time in initiative order, the first who pays stops them
    /// (`crate::effects::unless`).
    Unless {
        n: u8,
        who: Who,
        effects: std::sync::Arc<[Effect]>,
        /// Any combination of them may pay it together (rulings, Order
        /// Above All): each offers a share in turn until it is met.
        #[serde(default)]
        pooled: bool,
    },
    /// Put N credit tokens on the card (N < 0: take them off; Corporate
    /// Rule 6: they mean only what the cards say).
    Credits {
        n: i8,
        card: CardSel,
    },
    /// A lasting restriction ("cannot", Engine Rules v1.2, The Cannot rule)
    /// on the cards selected or, for what players do, on the players named.
    Restrict {
        what: Cannot,
        card: CardSel,
        who: Who,
        duration: Duration,
    },
    /// A delayed effect: these effects happen later, at the time named,
    /// with the same source, controller and target.
    Delayed {
        when: When,
        effects: std::sync::Arc<[Effect]>,
    },
    /// Choose cards one at a time through `pending` (Searching Your Deck;
    /// "discard up to N cards"; "rotate any number of your characters"):
    /// each chosen card is put where `put` says, then `each` happens with
    /// the chosen card as the target. Always the last effect of its list.
    Pick {
        from: PickFrom,
        filter: CardFilter,
        /// At most this many cards (0: any number).
        up_to: u8,
        put: PickPut,
        each: Vec<Effect>,
        /// A search whose card text shows (reveals) the card found: every
        /// player learns it, then it goes where `put` says, hidden again in
        /// a hand (`Event::Found` with `shown`).
        #[serde(default)]
        show: bool,
        /// What happens once the choosing ends ("then draw that many
        /// cards"), whether or not a card was chosen: `CardSel::Chosen`
        /// names the cards chosen.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        after: Vec<Effect>,
    },
    /// "Choose one": the card's player (or the player `chooser` names:
    /// "target player chooses one") chooses one of the modes through
    /// `pending`; only that mode's effects happen. Always the last effect
    /// of its list.
    Modes {
        modes: Vec<Vec<Effect>>,
        #[serde(default)]
        chooser: Who,
    },
    /// Replace up to `count` marks of one kind on the card with as many of
    /// another ("replace a doom mark with a destiny mark").
    ConvertMark {
        from: MarkKind,
        to: MarkKind,
        card: CardSel,
        count: u8,
    },
    /// A change to the next vote called (Votes): the players named by `who`
    /// have their votes cast by the card's player, count twice, or cannot
    /// vote; or extra Yes or No votes are counted.
    VoteRule {
        rule: VoteRule,
        who: Who,
        /// It waits for the next Babylon 5 vote, past any player vote
        /// called before it ("in the next Babylon 5 vote").
        babylon5: bool,
    },
    /// Discard the card from play, even a faction's ambassador: the
    /// "specific card effect" of Ambassadors (Engine Rules v1.2). Only a
    /// Drakh faction's ambassador is reached (see `ambassador_loss.rs`).
    DiscardAmbassador {
        card: CardSel,
    },
    /// The card suffers N severe damage: it is neutralized if it is not
    /// (normal damage discarded) and N severe damage tokens go on it
    /// (Damage; Neutralization).
    SevereDamage {
        n: u8,
        card: CardSel,
    },
    /// The ability becomes `value` for the duration: it replaces the printed
    /// value, then multipliers and bonuses apply (Modifying abilities).
    SetAbility {
        ability: Ability,
        value: u8,
        card: CardSel,
        duration: Duration,
        /// The value stands after every modifier and damage (`becomes`),
        /// not for the printed value (`set`).
        #[serde(default)]
        last: bool,
    },
    /// The next card the players named sponsor this turn costs N less; with
    /// `to`, the next card of that kind (a filter on what is printed).
    SponsorDiscount {
        n: u8,
        who: Who,
        #[serde(default)]
        to: Option<Box<CardFilter>>,
    },
    /// The players' Influence Rating is N higher (lower) for the duration:
    /// a direct change, not a gain or loss (Influence and Influence Rating).
    InfluenceRating {
        n: i8,
        who: Who,
        duration: Duration,
    },
    /// The card's effect text is blanked for the duration (Engine Rules
    /// v1.2, Bonuses and Blanking): its actions, triggers, lasting effects,
    /// power bonus and bonus stop; keywords and uniqueness stay (Card
    /// Details: they are irrevocable). See `crate::effects::blanking`.
    Blank {
        card: CardSel,
        duration: Duration,
    },
    /// Transfer N power from `who` to `to` (Transferring Power; Changes for
    /// Version 1.2: a transfer is not a gain or a loss; Glossary, Transfer:
    /// never more than brings the giver to 0 power).
    TransferPower {
        n: u8,
        who: Who,
        to: Who,
    },
    /// Move up to `count` marks of a kind from `card` to `onto` (Glossary,
    /// Transfer: only as many as the card has; not a gain or a purge).
    MoveMark {
        kind: MarkKind,
        card: CardSel,
        onto: CardSel,
        count: u8,
    },
    /// Move up to `count` Chaos Tokens from `card` to `onto` (Glossary,
    /// Transfer: "It is possible to transfer ... tokens"; only as many as
    /// the card has; Drakh Rule 7: the tokens are all identical).
    TransferChaos {
        card: CardSel,
        onto: CardSel,
        count: u8,
    },
    /// Move the attached card `card` (an enhancement or lasting aftermath)
    /// onto the card `onto`, as if it were played there
    /// (`crate::effects::attachment_move`).
    MoveAttached {
        card: CardSel,
        onto: CardSel,
    },
    /// Move up to `count` normal damage from `card` to `onto` (Glossary,
    /// Transfer: "It is possible to transfer ... damage"; only as much as
    /// the card has; not an attack: `crate::effects::transfer`).
    TransferDamage {
        card: CardSel,
        onto: CardSel,
        count: u8,
    },
    /// "Used As" (Glossary): for the rest of the turn the card acts as if
    /// it had the ability `to` at the level of its ability `from`.
    UseAs {
        from: Ability,
        to: Ability,
        card: CardSel,
    },
    /// The power the players named need to win is N higher (negative:
    /// lower) for the duration (Victory: cards that reduce the power you
    /// need to win).
    PowerToWin {
        n: i8,
        who: Who,
        duration: Duration,
    },
    /// Promote the card to its faction's Inner Circle (Promote Effects):
    /// with `free`, without rotating an Inner Circle character or applying
    /// influence; otherwise the influence is still applied.
    Promote {
        card: CardSel,
        free: bool,
    },
    /// The card's player conquers the location (War Conflicts, Conquering
    /// Locations: its attached cards are discarded, it joins his faction,
    /// blanked and controlled by no one unless loyal to his race), as if
    /// he had won a war conflict against it (rulings, Search for a Home).
    Conquer {
        card: CardSel,
    },
    /// "Each turn, while you control it, you may apply N additional
    /// influence, even if this card leaves play" (rulings, Search for a
    /// Home): from now on, in every turn the location is in the player's
    /// faction, he has N additional influence; the grant belongs to the
    /// game, not to the card that made it.
    Income {
        n: u8,
        who: Who,
        card: CardSel,
    },
    /// Start (true) or end (false) the Shadow War (The Shadow War: it
    /// starts once a game; an effect ends it only while it is in effect).
    ShadowWar {
        start: bool,
    },
    /// The players named count only their Influence Rating as power for the
    /// duration (Power, Negative Power: such a card "cannot affect any
    /// player whose power is lower than his influence").
    InfluenceOnlyPower {
        who: Who,
        duration: Duration,
    },
    /// An attack made by an effect, independent of conflicts (Attack a
    /// Conflict Participant: "Some card effects also allow characters (and
    /// fleets) to attack independent of conflicts"; Glossary, Attack during
    /// a conflict): the `by` card attacks the `card` card using `ability`,
    /// with the damage of Resolving Attacks. Always the last effect of its
    /// list (its damage may wait for a choice or a contingency window).
    Attack {
        ability: super::AttackUsing,
        by: CardSel,
        card: CardSel,
    },
    /// A change to how attack damage is worked out for the cards selected,
    /// for the duration (see [`super::attack_mod::AttackMod`]).
    AttackMod {
        m: super::attack_mod::AttackMod,
        card: CardSel,
        duration: Duration,
    },
    /// Reverse the effects of the targeted event played since your last
    /// chance to act, the contingency just revealed or the conflict just
    /// resolved (Reversal; see `reversal.rs`, `reversal/since.rs`): only
    /// while it may be reached, only if every change it made can be undone.
    Reverse(Reversible),
    /// Negate the event being played (Glossary, Negate: it "is prevented
    /// from occurring"): only in the window of an `event-targeted`
    /// contingency; never an irrevocable event (`negate.rs`).
    NegateEvent,
    /// Negate the card action being used (Glossary, Negate: "An event or
    /// other effect which is negated is prevented from occurring"): only
    /// in the window of an `action-targeted` contingency; its costs stay
    /// paid; never the action of an irrevocable card (`negate.rs`).
    NegateAction,
    /// Start (or, with `end`, end) a state other than war between the
    /// players `who` and `with` names (States): mutual, ended by war.
    State {
        kind: StateKind,
        who: Who,
        with: Who,
        end: bool,
    },
    /// "One player of your choice": the player `chooser` names chooses one
    /// of the players `among` names (never one `except` names; with
    /// `at_war_with`, only one at war with a player it names) through
    /// `pending`; then `each` happens, [`Who::Chosen`] naming him. Nothing
    /// happens with no such player. Always the last effect of its list.
    ChoosePlayer {
        among: Who,
        #[serde(default)]
        except: Option<Who>,
        #[serde(default)]
        at_war_with: Option<Who>,
        #[serde(default)]
        chooser: Who,
        each: Vec<Effect>,
    },
}

/// The families of effect verbs (`Op::family`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpFamily {
    /// Influence, power, tension, unrest, the non-player forces.
    Influence,
    /// Drawing, discarding at random, damage, marks, bonuses, rotating,
    /// readying, healing.
    Cards,
    /// Neutralizing, discarding, returning to the hand.
    LeavePlay,
    /// Chaos and credit tokens, marks converted or moved, transfers,
    /// abilities set, blanking, used as, promotion.
    CardChange,
    /// Support, opposition, canceling, attacks.
    Conflicts,
    /// States, war and peace, surrender, votes, the ISA, the Shadow War.
    Politics,
    /// Restrictions, delayed effects, choices, modes, prices, reversal,
    /// negate.
    Rules,
}

impl Op {
    /// The family of this verb: the interpreter carries out each family in
    /// its own file (`effects/verbs/`), and the rules text words it the
    /// same way. The one list of which verb belongs where.
    pub fn family(&self) -> OpFamily {
        match *self {
            Op::GainInfluence { .. }
            | Op::LoseInfluence { .. }
            | Op::TransferInfluence { .. }
            | Op::TransferToForce { .. }
            | Op::Restore { .. }
            | Op::ExtraInfluence { .. }
            | Op::GainPower { .. }
            | Op::LosePower { .. }
            | Op::Tension { .. }
            | Op::TensionRace { .. }
            | Op::Unrest { .. }
            | Op::NonPlayer { .. }
            | Op::SponsorDiscount { .. }
            | Op::InfluenceRating { .. }
            | Op::TransferPower { .. }
            | Op::PowerToWin { .. }
            | Op::InfluenceOnlyPower { .. }
            | Op::Income { .. } => OpFamily::Influence,
            Op::Draw { .. }
            | Op::CrusadeDraw { .. }
            | Op::DiscardRandom { .. }
            | Op::Damage { .. }
            | Op::Mark { .. }
            | Op::Bonus { .. }
            | Op::Double { .. }
            | Op::Rotate { .. }
            | Op::Ready { .. }
            | Op::Heal { .. }
            | Op::FullHeal { .. }
            | Op::RemoveDamage { .. } => OpFamily::Cards,
            Op::ConvertMark { .. }
            | Op::DiscardAmbassador { .. }
            | Op::SevereDamage { .. }
            | Op::SetAbility { .. }
            | Op::Blank { .. }
            | Op::MoveMark { .. }
            | Op::TransferChaos { .. }
            | Op::TransferDamage { .. }
            | Op::MoveAttached { .. }
            | Op::UseAs { .. }
            | Op::Promote { .. }
            | Op::Chaos { .. }
            | Op::Credits { .. } => OpFamily::CardChange,
            Op::Neutralize { .. } | Op::Discard { .. } | Op::ReturnToHand { .. } => {
                OpFamily::LeavePlay
            }
            Op::Support { .. }
            | Op::Opposition { .. }
            | Op::CancelConflict
            | Op::ConflictType { .. }
            | Op::Withdraw { .. }
            | Op::CancelAttack
            | Op::Attack { .. }
            | Op::AttackMod { .. } => OpFamily::Conflicts,
            Op::State { .. }
            | Op::War { .. }
            | Op::Peace { .. }
            | Op::Surrender { .. }
            | Op::Vote { .. }
            | Op::FoundIsa
            | Op::JoinIsa { .. }
            | Op::VoteRule { .. }
            | Op::ShadowWar { .. }
            | Op::Conquer { .. } => OpFamily::Politics,
            Op::Restrict { .. }
            | Op::Delayed { .. }
            | Op::Pick { .. }
            | Op::Modes { .. }
            | Op::ChoosePlayer { .. }
            | Op::Unless { .. }
            | Op::Reverse(..)
            | Op::NegateEvent
            | Op::NegateAction => OpFamily::Rules,
        }
    }

    /// The verb with its number replaced by `v` (kept within the verb's
    /// range; a bonus's named abilities are scaled by `v`); `None` for a verb
    /// that takes no number.
    pub fn with_n(&self, v: i32) -> Option<Op> {
        let u = v.clamp(0, u8::MAX as i32) as u8;
        let i = v.clamp(i8::MIN as i32, i8::MAX as i32) as i8;
        let mut op = self.clone();
        match &mut op {
            Op::GainInfluence { n, .. }
            | Op::LoseInfluence { n, .. }
            | Op::TransferInfluence { n, .. }
            | Op::TransferToForce { n, .. }
            | Op::Restore { n, .. }
            | Op::ExtraInfluence { n, .. }
            | Op::Income { n, .. }
            | Op::GainPower { n, .. }
            | Op::LosePower { n, .. }
            | Op::Draw { n, .. }
            | Op::CrusadeDraw { n, .. }
            | Op::DiscardRandom { n, .. }
            | Op::Damage { n, .. }
            | Op::RemoveDamage { n, .. }
            | Op::Support { n }
            | Op::Opposition { n }
            | Op::Unless { n, .. } => *n = u,
            Op::Tension { n, .. }
            | Op::TensionRace { n, .. }
            | Op::Unrest { n, .. }
            | Op::NonPlayer { n, .. } => *n = i,
            Op::Mark { count, .. } => *count = i,
            Op::SevereDamage { n, .. } | Op::SponsorDiscount { n, .. } => *n = u,
            Op::InfluenceRating { n, .. } => *n = i,
            Op::TransferPower { n, .. } => *n = u,
            Op::PowerToWin { n, .. } => *n = i,
            Op::Bonus { bonus, .. } => *bonus = bonus.times(v),
            _ => return None,
        }
        Some(op)
    }
}

/// An effect: a verb, whether it depends on the previous one ("THEN"), and an
/// optional condition it checks when it would happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    pub op: Op,
    /// THEN rule: happens only if the previous effect of the list happened.
    pub then: bool,
    pub condition: Option<Condition>,
    /// The verb's number worked out from the game state when it happens
    /// (replaces the number written in `op`); `None` = the number as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<Amount>,
}

impl Effect {
    pub fn new(op: Op) -> Effect {
        Effect {
            op,
            then: false,
            condition: None,
            amount: None,
        }
    }

    /// Whether the verb takes a number that an [`Amount`] may give.
    pub fn takes_amount(op: &Op) -> bool {
        op.with_n(0).is_some()
    }

    pub fn gives_mark(&self, kind: MarkKind) -> bool {
        self.any_op(&|op| matches!(op, Op::Mark { kind: k, count, .. } if *k == kind && *count > 0))
    }

    /// Whether the effect's verb, or a verb of an effect nested in it (a
    /// vote's outcomes, a delayed effect, an "unless", a pick's effects, a
    /// mode), passes the test.
    pub fn any_op(&self, test: &impl Fn(&Op) -> bool) -> bool {
        self.any_effect(&|e| test(&e.op))
    }

    /// Whether the effect, or an effect nested in it (a vote's outcomes, a
    /// delayed effect, an "unless", a pick's effects, a mode), passes the
    /// test.
    pub fn any_effect(&self, test: &impl Fn(&Effect) -> bool) -> bool {
        let any = |l: &[Effect]| l.iter().any(|e| e.any_effect(test));
        test(self)
            || match &self.op {
                Op::Vote { pass, fail, .. } => any(pass) || any(fail),
                Op::Delayed { effects, .. } | Op::Unless { effects, .. } => any(effects),
                Op::Pick { each, after, .. } => any(each) || any(after),
                Op::ChoosePlayer { each, .. } => any(each),
                Op::Modes { modes, .. } => modes.iter().any(|m| any(m)),
                _ => false,
            }
    }

    /// How many effects this is: itself and every effect nested in it.
    pub fn nested_count(&self) -> usize {
        let sum = |l: &[Effect]| l.iter().map(Effect::nested_count).sum::<usize>();
        1 + match &self.op {
            Op::Vote { pass, fail, .. } => sum(pass) + sum(fail),
            Op::Delayed { effects, .. } | Op::Unless { effects, .. } => sum(effects),
            Op::Pick { each, after, .. } => sum(each) + sum(after),
            Op::ChoosePlayer { each, .. } => sum(each),
            Op::Modes { modes, .. } => modes.iter().map(|m| sum(m)).sum(),
            _ => 0,
        }
    }

    /// Whether the effect (nested lists included) gives a bonus to one of
    /// the abilities (bits of `1 << Ability::idx`).
    pub fn gives_bonus(&self, bits: u8) -> bool {
        self.any_op(&|op| matches!(op, Op::Bonus { bonus, .. } if bonus.raises_any(bits)))
    }

    /// Whether the effect needs a card target.
    pub fn uses_card_target(&self) -> bool {
        self.uses_sel(CardSel::Target)
    }

    /// Whether the effect names the card's second target (`"second"`).
    pub fn uses_second(&self) -> bool {
        self.uses_sel(CardSel::Second)
    }

    /// Whether the effect (nested lists included) names the card `sel`
    /// selects.
    pub fn uses_sel(&self, sel: CardSel) -> bool {
        match &self.op {
            Op::Vote { pass, fail, .. } => pass.iter().chain(fail.iter()).any(|e| e.uses_sel(sel)),
            Op::Modes { modes, .. } => modes.iter().flatten().any(|e| e.uses_sel(sel)),
            Op::Delayed { effects, .. } | Op::Unless { effects, .. } => {
                effects.iter().any(|e| e.uses_sel(sel))
            }
            Op::ChoosePlayer { each, .. } => each.iter().any(|e| e.uses_sel(sel)),
            // `each` acts on the card chosen; `after` on the card's own.
            Op::Pick { after, .. } => after.iter().any(|e| e.uses_sel(sel)),
            Op::TensionRace { race_of, .. } => *race_of == Some(sel),
            Op::MoveMark { card, onto, .. }
            | Op::TransferChaos { card, onto, .. }
            | Op::TransferDamage { card, onto, .. }
            | Op::MoveAttached { card, onto } => *card == sel || *onto == sel,
            Op::Attack { by, card, .. } => *by == sel || *card == sel,
            _ => {
                self.card_sel() == Some(sel)
                    || self.amount.as_ref().is_some_and(|a| a.uses_sel(sel))
            }
        }
    }

    /// Whether the effect names a player by `who = "target"`.
    pub fn uses_player_target(&self) -> bool {
        self.uses_who(Who::Target)
    }

    /// Whether the effect (its number, its condition and nested lists
    /// included) names the player `who` names.
    pub fn uses_who(&self, whom: Who) -> bool {
        let t = |w: &Who| *w == whom;
        if self.amount.as_ref().is_some_and(|a| a.uses_who(whom))
            || self.condition.as_ref().is_some_and(|c| c.uses_who(whom))
        {
            return true;
        }
        match &self.op {
            Op::GainInfluence { who, .. }
            | Op::LoseInfluence { who, .. }
            | Op::Restore { who, .. }
            | Op::ExtraInfluence { who, .. }
            | Op::Income { who, .. }
            | Op::GainPower { who, .. }
            | Op::LosePower { who, .. }
            | Op::Unrest { who, .. }
            | Op::Draw { who, .. }
            | Op::CrusadeDraw { who, .. }
            | Op::DiscardRandom { who, .. }
            | Op::TensionRace { who, .. } => t(who),
            Op::TransferInfluence { who, to, .. } => t(who) || t(to),
            Op::TransferToForce { who, .. } => t(who),
            Op::Tension { who, toward, .. } => t(who) || t(toward),
            Op::War { who, with } | Op::Peace { who, with } => t(who) || t(with),
            Op::JoinIsa { who } => t(who),
            Op::Vote { pass, fail, .. } => pass.iter().chain(fail.iter()).any(|e| e.uses_who(whom)),
            Op::Restrict { what, who, .. } => what.on_player() && t(who),
            Op::Modes { modes, chooser } => {
                t(chooser) || modes.iter().flatten().any(|e| e.uses_who(whom))
            }
            Op::Unless { who, effects, .. } => t(who) || effects.iter().any(|e| e.uses_who(whom)),
            Op::ChoosePlayer {
                among,
                except,
                at_war_with,
                chooser,
                each,
            } => {
                t(among)
                    || except.as_ref().is_some_and(t)
                    || at_war_with.as_ref().is_some_and(t)
                    || t(chooser)
                    || each.iter().any(|e| e.uses_who(whom))
            }
            Op::Pick { after, .. } => after.iter().any(|e| e.uses_who(whom)),
            Op::VoteRule { who, .. } => t(who),
            Op::SponsorDiscount { who, .. } | Op::InfluenceRating { who, .. } => t(who),
            Op::TransferPower { who, to, .. } => t(who) || t(to),
            Op::PowerToWin { who, .. } | Op::InfluenceOnlyPower { who, .. } => t(who),
            Op::Attack { by, card, .. } => {
                matches!(by, CardSel::Ambassador(w) if *w == whom)
                    || matches!(card, CardSel::Ambassador(w) if *w == whom)
            }
            Op::State { who, with, .. } => t(who) || t(with),
            _ => false,
        }
    }

    pub fn card_sel(&self) -> Option<CardSel> {
        match &self.op {
            Op::Damage { card, .. }
            | Op::Mark { card, .. }
            | Op::Bonus { card, .. }
            | Op::Double { card, .. }
            | Op::Rotate { card }
            | Op::Ready { card }
            | Op::Heal { card }
            | Op::FullHeal { card }
            | Op::RemoveDamage { card, .. }
            | Op::Neutralize { card }
            | Op::Discard { card }
            | Op::ReturnToHand { card }
            | Op::Chaos { card, .. }
            | Op::Credits { card, .. }
            | Op::ConvertMark { card, .. }
            | Op::Withdraw { card }
            | Op::DiscardAmbassador { card } => Some(*card),
            Op::Restrict { what, card, .. } if !what.on_player() => Some(*card),
            Op::SevereDamage { card, .. } | Op::SetAbility { card, .. } => Some(*card),
            Op::Blank { card, .. }
            | Op::MoveMark { card, .. }
            | Op::TransferChaos { card, .. }
            | Op::TransferDamage { card, .. }
            | Op::MoveAttached { card, .. }
            | Op::UseAs { card, .. }
            | Op::Promote { card, .. }
            | Op::Conquer { card }
            | Op::Income { card, .. } => Some(*card),
            Op::Attack { card, .. } | Op::AttackMod { card, .. } => Some(*card),
            _ => None,
        }
    }
}
