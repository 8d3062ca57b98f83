//! The card file format as written: TOML tables mirroring the rules'
//! vocabulary. These raw types keep source spans so that every problem can
//! be reported with its file, line and field; `convert` turns them into the
//! engine's [`CardDef`](b5_engine::CardDef).

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use toml::Spanned;

/// An effect list.
pub type RawEffects = Vec<Spanned<RawEffect>>;

/// Ability changes, e.g. `{ diplomacy = 2 }` or `{ all = 1 }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBonus {
    pub diplomacy: Option<i8>,
    pub intrigue: Option<i8>,
    pub psi: Option<i8>,
    pub leadership: Option<i8>,
    pub military: Option<i8>,
    pub all: Option<i8>,
}

/// Printed or gained marks by kind.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMarks {
    pub destiny: Option<u8>,
    pub doom: Option<u8>,
    pub strife: Option<u8>,
    pub conspiracy: Option<u8>,
    pub shadow: Option<u8>,
    pub vorlon: Option<u8>,
}

/// Restrictions on a card target or a lasting effect's cards.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFilter {
    /// One type or a list of types.
    #[serde(rename = "type")]
    pub types: Option<OneOrMany>,
    pub race: Option<String>,
    /// any, own, other.
    pub side: Option<String>,
    /// any, inner-circle, supporting.
    pub row: Option<String>,
    pub not_ambassador: Option<bool>,
    /// Only a faction's ambassador.
    pub ambassador: Option<bool>,
    pub participant: Option<bool>,
    pub damaged: Option<bool>,
    pub rotated: Option<bool>,
    pub ready: Option<bool>,
    pub neutralized: Option<bool>,
    pub keyword: Option<String>,
    /// Not loyal to this race.
    pub not_race: Option<String>,
    /// Cards taking part in a conflict of this type; for a conflict target,
    /// a conflict of this type.
    pub conflict: Option<String>,
    /// Ability thresholds on the current rating, e.g. { psi = 2 }.
    pub at_least: Option<RawMarksLike>,
    pub at_most: Option<RawMarksLike>,
    /// Attached to a card on the table: any, own, other.
    pub attached_to: Option<String>,
    /// Only the card whose text this is ("this card gets ...").
    pub itself: Option<bool>,
    /// Only the card this card is attached to ("the character this is on").
    pub host: Option<bool>,
    /// Only cards attached to this card ("enhancements on this card").
    pub on_this: Option<bool>,
    /// It must also match one of these ("a fleet or a damaged character").
    pub any_of: Option<Vec<RawFilter>>,
    /// It must not match this ("other characters": `not = { itself = true }`).
    pub not: Option<Box<RawFilter>>,
    /// The target of a conflict of this type (or one of these, or `any`)
    /// this turn.
    pub targeted_by: Option<OneOrMany>,
    /// Its text gives a bonus to this ability (or one of these, or `any`).
    pub gives_bonus: Option<OneOrMany>,
    /// It was ready (true) or not (false) at the start of the turn.
    pub ready_at_turn_start: Option<bool>,
    /// Another copy of this card targeted it this turn or is attached to
    /// it (true), or not (false: "not already targeted by another copy").
    pub targeted_by_copy: Option<bool>,
    /// It attacked, in a conflict not yet resolved, a card this matches.
    pub attacking: Option<Box<RawFilter>>,
    /// Loyal to your race (own) or to another race (other).
    pub loyal: Option<String>,
    /// In your faction (own) or another player's (other), whoever controls it.
    pub in_faction: Option<String>,
    /// Some player controls it (true), or none does (false).
    pub controlled: Option<bool>,
}

/// Ability values for a threshold: exactly one ability.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMarksLike {
    pub diplomacy: Option<u8>,
    pub intrigue: Option<u8>,
    pub psi: Option<u8>,
    pub leadership: Option<u8>,
    pub military: Option<u8>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    pub fn items(&self) -> Vec<&str> {
        match self {
            OneOrMany::One(s) => vec![s.as_str()],
            OneOrMany::Many(v) => v.iter().map(|s| s.as_str()).collect(),
        }
    }
}

/// A tension between players in a condition: from `who` toward `toward`
/// (player words), at least or at most a level, both ways with `mutual`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTension {
    pub who: Option<String>,
    pub toward: Option<String>,
    pub at_least: Option<i32>,
    pub at_most: Option<i32>,
    pub mutual: Option<bool>,
}

/// A requirement or condition: exactly one key.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCondition {
    /// At least this many marks of each kind named.
    pub marks: Option<RawMarks>,
    pub influence_at_least: Option<i32>,
    pub influence_at_most: Option<i32>,
    pub power_at_least: Option<i32>,
    pub unrest_at_least: Option<i32>,
    pub unrest_at_most: Option<i32>,
    pub tension_at_least: Option<i32>,
    pub tension_at_most: Option<i32>,
    /// A tension between players the condition names.
    pub tension: Option<RawTension>,
    pub at_war: Option<bool>,
    pub at_war_with_target: Option<bool>,
    /// In a conflict's effects: it was won uncontested.
    pub uncontested: Option<bool>,
    /// The action taken is the player's first of the Action Round.
    pub first_action: Option<bool>,
    /// In a conflict's effects: an attack was made in it.
    pub attack_made: Option<bool>,
    /// A location this card conquered is in your faction.
    pub holds_conquest: Option<bool>,
    /// You are the target of a conflict of this type (or one of these, or
    /// `any`) this turn.
    pub targeted_by: Option<OneOrMany>,
    /// Control at least `count` cards matching the filter.
    pub controls: Option<RawControls>,
    pub babylon5_at_least: Option<i32>,
    pub shadows_at_least: Option<i32>,
    pub vorlons_at_least: Option<i32>,
    pub shadow_war: Option<bool>,
    pub race: Option<String>,
    pub margin_at_least: Option<i32>,
    /// Chaos Tokens on the cards you control (Drakh Rule 7).
    pub chaos_at_least: Option<i32>,
    /// Credit tokens on this card, or the card it is on (Corporate Rule 6).
    pub credits_at_least: Option<i32>,
    /// You are in this state (States) with any player.
    pub state: Option<String>,
    /// You are in this state with the target player.
    pub state_with_target: Option<String>,
    /// This card's (or the card it is on) current ability, e.g. `{ psi = 1 }`.
    pub ability_at_least: Option<RawMarksLike>,
    pub ability_at_most: Option<RawMarksLike>,
    /// The card a selector names by its relation (`itself`, `host`) is as
    /// the selector says: `card = { itself = true, ready = true }`.
    pub card: Option<RawFilter>,
    /// The condition does not hold.
    pub not: Option<Box<RawCondition>>,
    /// Every one of these holds (two or more).
    pub all_of: Option<Vec<RawCondition>>,
    /// At least one of these holds (two or more).
    pub any_of: Option<Vec<RawCondition>>,
    /// Two amounts: the first is at least the second.
    pub at_least: Option<Vec<RawNum>>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawControls {
    pub count: i32,
    #[serde(rename = "type")]
    pub types: Option<OneOrMany>,
    pub race: Option<String>,
    pub row: Option<String>,
    pub keyword: Option<String>,
}

/// One effect: exactly one verb plus its modifiers.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEffect {
    // Verbs.
    pub gain_influence: Option<RawNum>,
    pub lose_influence: Option<RawNum>,
    pub transfer_influence: Option<RawNum>,
    pub restore: Option<RawNum>,
    pub extra_influence: Option<RawNum>,
    pub gain_power: Option<RawNum>,
    pub lose_power: Option<RawNum>,
    pub tension: Option<RawNum>,
    /// "Tension becomes N": set to that level (1 to 5).
    pub tension_to: Option<i64>,
    pub unrest: Option<RawNum>,
    pub babylon5: Option<RawNum>,
    pub shadows: Option<RawNum>,
    pub vorlons: Option<RawNum>,
    pub draw: Option<RawNum>,
    pub crusade_draw: Option<RawNum>,
    pub discard_random: Option<RawNum>,
    pub damage: Option<RawNum>,
    pub mark: Option<String>,
    pub war: Option<bool>,
    pub peace: Option<bool>,
    pub bonus: Option<RawBonus>,
    pub double: Option<String>,
    pub rotate: Option<bool>,
    pub ready: Option<bool>,
    pub heal: Option<bool>,
    pub full_heal: Option<bool>,
    pub remove_damage: Option<RawNum>,
    pub neutralize: Option<bool>,
    pub discard: Option<bool>,
    pub return_to_hand: Option<bool>,
    pub support: Option<RawNum>,
    pub opposition: Option<RawNum>,
    pub cancel_conflict: Option<bool>,
    /// In a conflict's `initiated`: the conflict is of this type.
    pub conflict_type: Option<String>,
    /// The card stops taking part in its conflict (stays rotated).
    pub withdraw: Option<bool>,
    pub cancel_attack: Option<bool>,
    /// The players named by `who` (default the target) surrender to you.
    pub surrender: Option<bool>,
    /// Call a vote: "player" or "babylon5" (with `pass` and `fail`).
    pub vote: Option<String>,
    pub found_isa: Option<bool>,
    pub join_isa: Option<bool>,
    /// Put N Chaos Tokens on the card (negative: take them off).
    pub chaos: Option<i8>,
    /// Put N credit tokens on the card (negative: take them off).
    pub credits: Option<i8>,
    /// Discard the card even if it is an ambassador (a Drakh faction's only).
    pub discard_ambassador: Option<bool>,
    pub severe_damage: Option<RawNum>,
    pub set: Option<RawMarksLike>,
    /// The ability after every modifier becomes this value.
    pub becomes: Option<RawMarksLike>,
    pub sponsor_discount: Option<RawNum>,
    pub influence_rating: Option<RawNum>,
    /// An attack made by this effect, using this ability (with `by`, the
    /// attacker, and `card`, the card attacked).
    pub attack: Option<String>,
    /// With `attack`: the card that attacks (this, attached, ambassador,
    /// target, attacker).
    pub by: Option<String>,
    /// A change to how attack damage is worked out for the cards selected.
    pub attack_mod: Option<RawAttackMod>,
    /// Reverse the effects of the targeted event played since your last
    /// action ("event"), the contingency just revealed ("contingency") or
    /// the conflict just resolved ("conflict").
    pub reverse: Option<String>,
    /// Negate what is being played: "event" (the event that triggered a
    /// contingency) or "conflict" (cancel the conflict).
    pub negate: Option<String>,
    /// With `cannot = "sponsor"`: which cards (`{ type = ... }` or `{ race = ... }`).
    pub cards: Option<RawFilter>,
    // Modifiers.
    /// With `vote`: the effects if the measure passes / fails.
    pub pass: Option<RawEffects>,
    pub fail: Option<RawEffects>,
    /// A lasting restriction: be-promoted, participate, ...
    pub cannot: Option<String>,
    /// A delayed effect: end-of-turn, start-of-next-turn; with `effects`.
    pub later: Option<String>,
    /// `effects` happen unless a player `who` names (default the target)
    /// applies this much influence to stop them.
    pub unless_paid: Option<RawNum>,
    /// With `unless_paid`: any combination of those players may pay it
    /// together, each offering a share (rulings, Order Above All).
    pub pooled: Option<bool>,
    // Modifiers.
    /// With `later`: the effects that happen then; with `unless_paid`: the
    /// effects a player may stop.
    pub effects: Option<RawEffects>,
    pub who: Option<String>,
    pub to: Option<String>,
    pub toward: Option<String>,
    pub toward_race: Option<String>,
    /// With `tension`: toward the race of the card named (`first_attacker`,
    /// `target`, ...), read when the effect happens.
    pub toward_race_of: Option<String>,
    pub mutual: Option<bool>,
    pub with: Option<String>,
    pub card: Option<String>,
    pub count: Option<i8>,
    pub duration: Option<String>,
    /// `bonus` only: the bonus is multiplied by this amount.
    pub amount: Option<RawNum>,
    pub then: Option<bool>,
    #[serde(rename = "if")]
    pub condition: Option<RawCondition>,
    /// Search a pile for a card: "deck" or "reserve" (with `filter`, `put`,
    /// `up_to`, `each`).
    pub search: Option<String>,
    /// Choose cards one at a time: "hand" or "play" (with `filter`, `put`,
    /// `up_to`, `each`).
    pub choose: Option<String>,
    /// With `search`/`choose`: the cards that may be chosen.
    pub filter: Option<RawFilter>,
    /// With `search`/`choose`: where a chosen card goes (stay, hand, play, discard).
    pub put: Option<String>,
    /// With `search`/`choose`: at most this many cards.
    pub up_to: Option<i64>,
    /// With `search`/`choose`: effects for each chosen card (it is their target).
    pub each: Option<RawEffects>,
    /// With `search`/`choose`: effects once the choosing ends; `chosen`
    /// names the cards chosen.
    pub after: Option<RawEffects>,
    /// With `search`: the card found is shown to every player ("show it",
    /// "reveal it") before it goes where `put` says.
    pub show: Option<bool>,
    /// "Choose one": a list of modes, each an effect list.
    pub choose_one: Option<Vec<RawEffects>>,
    /// "One player of your choice": the players among whom one is chosen;
    /// `each` then happens, `chosen` naming him.
    pub choose_player: Option<String>,
    /// With `choose_player`: players never offered.
    pub except: Option<String>,
    /// With `choose_player`: only players at war with one of these.
    pub at_war_with: Option<String>,
    /// Replace marks of this kind with marks of the kind `into`.
    pub convert_mark: Option<String>,
    /// With `convert_mark`: the kind of mark it becomes.
    pub into: Option<String>,
    /// A change to the next vote: cast-votes-of, counts-twice, cannot-vote,
    /// extra-yes, extra-no (with `who`; `count` for the extra votes).
    pub vote_rule: Option<String>,
    /// With `vote_rule`: which next vote it waits for (`any`, the default,
    /// or `babylon5`: "in the next Babylon 5 vote").
    pub next: Option<String>,
    /// Blank the card's effect text (with `card`, `duration`).
    pub blank: Option<bool>,
    /// Transfer N power from `who` to `to`.
    pub transfer_power: Option<RawNum>,
    /// Move marks of this kind from `card` to `onto` (with `count`).
    pub move_mark: Option<String>,
    /// With `move_mark`, `transfer_chaos`, `transfer_damage` or
    /// `move_attached`: the card the marks (tokens, damage, attached card) go to.
    pub onto: Option<String>,
    /// Move up to N Chaos Tokens from `card` to `onto`.
    pub transfer_chaos: Option<u8>,
    /// Move up to N normal damage from `card` to `onto`.
    pub transfer_damage: Option<u8>,
    /// Move the attached card `card` onto the card `onto`.
    pub move_attached: Option<bool>,
    /// "Used As": use this ability as the ability `as` for the rest of the turn.
    pub use_ability: Option<String>,
    /// With `use_ability`: the ability it is used as.
    #[serde(rename = "as")]
    pub as_ability: Option<String>,
    /// The power needed to win is N higher (lower) for `who` (with `duration`).
    pub power_to_win: Option<RawNum>,
    /// Promote the card to the Inner Circle (with `card`, `free`).
    pub promote: Option<bool>,
    /// The card's player conquers the location `card` names.
    pub conquer: Option<bool>,
    /// N additional influence each turn while the card `card` names is in
    /// the faction of `who`, outliving this card.
    pub extra_influence_each_turn: Option<RawNum>,
    /// With `promote`: without rotating a character or applying influence.
    pub free: Option<bool>,
    /// Start or end the Shadow War: "start" or "end".
    pub shadow_war: Option<String>,
    /// The players named count only their Influence Rating as power.
    pub count_only_influence: Option<bool>,
    /// Start a state other than war (States) between `who` and `with`.
    pub start_state: Option<String>,
    /// End a state other than war between `who` and `with`.
    pub end_state: Option<String>,
}

/// A number an effect takes: a plain integer or an amount worked out from
/// the game state (a table, see [`RawAmount`]).
#[derive(Debug, Clone)]
pub enum RawNum {
    Int(i64),
    Expr(Box<RawAmount>),
}

impl<'de> Deserialize<'de> for RawNum {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawNum;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a whole number or an amount such as { ability = \"psi\", of = \"target\" }",
                )
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<RawNum, E> {
                Ok(RawNum::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<RawNum, E> {
                Ok(RawNum::Int(v.min(i64::MAX as u64) as i64))
            }
            fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<RawNum, A::Error> {
                let a = RawAmount::deserialize(de::value::MapAccessDeserializer::new(m))?;
                Ok(RawNum::Expr(Box::new(a)))
            }
        }
        d.deserialize_any(V)
    }
}

/// An amount worked out from the game state: exactly one base, then the
/// arithmetic (`times`, `half`, `plus`, `at_least`, `at_most`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAmount {
    // Bases.
    pub value: Option<i64>,
    /// An ability of `of` (a card: target, this, attached, ...).
    pub ability: Option<String>,
    pub of: Option<String>,
    /// With `ability`: the printed value, not the current rating.
    pub printed: Option<bool>,
    /// A player's Influence Rating (self, target, ...) or a non-player
    /// force's influence (babylon5, shadows, vorlons).
    pub influence: Option<String>,
    pub power: Option<String>,
    pub unrest: Option<String>,
    /// The cards in a player's hand (self, target, ...).
    pub hand: Option<String>,
    /// The influence a player applied this turn (self, target, ...).
    pub spent: Option<String>,
    /// The tension of players (self, target, ...) toward `toward`.
    pub tension: Option<String>,
    pub toward: Option<String>,
    /// The credit tokens on a card (this, target, ...; Corporate Rule 6).
    pub credits: Option<String>,
    /// The marks of a kind (destiny, doom, ...) on `of`.
    pub marks: Option<String>,
    /// The damage tokens on a card (this, target, ...).
    pub damage: Option<String>,
    /// The printed cost of a card (this, target, ...).
    pub cost: Option<String>,
    /// How many cards a selector names (supporters, opposers, ...).
    pub cards: Option<String>,
    /// One per N points of margin.
    pub per_margin: Option<i64>,
    pub half_of: Option<RawNum>,
    pub sum: Option<Vec<RawNum>>,
    pub min_of: Option<Vec<RawNum>>,
    pub max_of: Option<Vec<RawNum>>,
    pub count: Option<RawFilter>,
    // Arithmetic.
    pub times: Option<i64>,
    pub half: Option<bool>,
    /// up (the default) or down.
    pub round: Option<String>,
    pub plus: Option<i64>,
    pub at_least: Option<i64>,
    pub at_most: Option<i64>,
    /// With `ability` and `of = "ambassador"`: whose ambassador.
    pub who: Option<String>,
}

/// What a card's action costs.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCost {
    pub rotate: Option<bool>,
    pub influence: Option<u8>,
    pub purge: Option<RawMarks>,
    pub discard: Option<bool>,
    pub rotate_other: Option<RawFilter>,
    pub neutralize_other: Option<RawFilter>,
    /// Credit tokens taken off the card itself (Corporate Rule 6).
    pub credits: Option<u8>,
    /// Chaos Tokens discarded from the cards the player controls: a number
    /// or an amount worked out with the action's target.
    pub chaos: Option<RawNum>,
}

/// A card's own action.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAction {
    pub cost: Option<RawCost>,
    pub target: Option<String>,
    pub target_filter: Option<RawFilter>,
    /// A second target: a filter (Legal Targets).
    pub second_target: Option<RawFilter>,
    /// How the second target stands to the first.
    pub second_relation: Option<String>,
    #[serde(default)]
    pub effects: RawEffects,
    #[serde(rename = "if")]
    pub condition: Option<RawCondition>,
    /// "Use this action only once per turn": turn or game.
    pub once: Option<String>,
    /// "Any player may use this action".
    pub anyone: Option<bool>,
}

/// A lasting effect while the card is in play: exactly one kind.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPassive {
    pub bonus: Option<RawBonus>,
    /// `bonus` only: the bonus is multiplied by this amount, worked out
    /// again as the game changes.
    pub amount: Option<RawNum>,
    pub discount: Option<u8>,
    pub extra_draw: Option<u8>,
    /// Free cards drawn instead of one (not cumulative).
    pub draw_instead: Option<u8>,
    pub extra_influence: Option<u8>,
    pub attack_damage: Option<u8>,
    pub damage_resistance: Option<u8>,
    pub extra_conflict: Option<u8>,
    /// May rotate to sponsor the cards `to` names, as if an Inner Circle character.
    pub sponsor: Option<bool>,
    /// With `sponsor`: without applying their cost.
    pub free: Option<bool>,
    /// Marks it provides while in play (to `to`, or the card it is attached
    /// to, or its faction's ambassador).
    pub marks: Option<RawMarks>,
    /// It applies only while this condition holds for the card's controller.
    #[serde(rename = "if")]
    pub condition: Option<RawCondition>,
    /// The cards it applies to (relative to the card's controller).
    pub to: Option<RawFilter>,
    /// A lasting restriction on the cards `to` names, or on the players
    /// `who` names for what players do.
    pub cannot: Option<String>,
    /// With `cannot` on players: self, others, each.
    pub who: Option<String>,
    /// A number, or an amount worked out for each player sponsoring (its
    /// `that`).
    pub surcharge: Option<RawNum>,
    pub influence_rating: Option<i8>,
    pub initiative: Option<i8>,
    /// With `cannot = "sponsor"`: which cards.
    pub cards: Option<RawFilter>,
    /// The players `who` names (self by default) cannot win (Other Victory
    /// Conditions).
    pub cannot_win: Option<bool>,
    /// Its controller also wins when this condition holds.
    pub also_win_if: Option<RawCondition>,
    /// With `also_win_if`: a Major Victory (else Standard).
    pub major: Option<bool>,
    /// The players `who` names (self by default) need this much more
    /// (negative: less) power to win while it is in play.
    pub power_to_win: Option<i8>,
    /// Its controller may declare war conflicts against the players `who`
    /// names (others by default), and they against him, with no state of war.
    pub war_conflicts: Option<bool>,
    /// How attacks treat the cards `to` names (without `to`: this card, or
    /// the card it is attached to).
    pub attack_mod: Option<RawAttackMod>,
}

/// A change to attack damage: `{ deals = 1, deals_double = true,
/// suffers = -1, suffers_half = true, no_return = true }`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAttackMod {
    pub deals: Option<i8>,
    pub deals_double: Option<bool>,
    pub suffers: Option<i8>,
    pub suffers_half: Option<bool>,
    pub no_return: Option<bool>,
    pub deals_printed: Option<bool>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRaceCost {
    pub race: String,
    pub cost: i64,
}

/// `race_cost`: one table, or a list of them (one per race).
#[derive(Debug, Clone, Default)]
pub struct RawRaceCosts(pub Vec<RawRaceCost>);

impl<'de> Deserialize<'de> for RawRaceCosts {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawRaceCosts;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a table { race, cost } or a list of them")
            }
            fn visit_map<M: MapAccess<'de>>(self, m: M) -> Result<RawRaceCosts, M::Error> {
                let one = RawRaceCost::deserialize(de::value::MapAccessDeserializer::new(m))?;
                Ok(RawRaceCosts(vec![one]))
            }
            fn visit_seq<S: de::SeqAccess<'de>>(self, s: S) -> Result<RawRaceCosts, S::Error> {
                let many = Vec::deserialize(de::value::SeqAccessDeserializer::new(s))?;
                Ok(RawRaceCosts(many))
            }
        }
        d.deserialize_any(V)
    }
}

/// A triggered effect of a card in play.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTrigger {
    pub on: String,
    /// A watching trigger's pattern: which cards it answers.
    pub card: Option<RawFilter>,
    /// A `card-attacked` trigger's pattern for the attacker.
    pub attacker: Option<RawFilter>,
    /// Carried out only once per turn or game: turn or game.
    pub once: Option<String>,
    pub rotate: Option<bool>,
    #[serde(default)]
    pub effects: RawEffects,
}

/// An aftermath's play conditions.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAftermath {
    /// won, lost, or any.
    pub outcome: Option<String>,
    pub conflict: Option<OneOrMany>,
    pub participant: Option<bool>,
    /// Discarded after play (at the end of the conflict's resolution).
    pub discard: Option<bool>,
}

/// One card table, with every key's span kept for messages.
#[derive(Debug, Clone, Default)]
pub struct RawCard {
    pub card_type: Option<Spanned<String>>,
    pub number: Option<String>,
    pub race: Option<Spanned<String>>,
    pub cost: Option<Spanned<i64>>,
    pub diplomacy: Option<Spanned<i64>>,
    pub intrigue: Option<Spanned<i64>>,
    pub psi: Option<Spanned<i64>>,
    pub leadership: Option<Spanned<i64>>,
    pub military: Option<Spanned<i64>>,
    pub marks: Option<RawMarks>,
    pub keywords: Vec<Spanned<String>>,
    pub uniqueness: Option<Spanned<String>>,
    pub power_bonus: Option<Spanned<i64>>,
    pub major: Option<bool>,
    pub conflict: Option<Spanned<String>>,
    pub target: Option<Spanned<String>>,
    pub target_filter: Option<Spanned<RawFilter>>,
    /// Events and aftermaths: a second target, a filter (Legal Targets).
    pub second_target: Option<Spanned<RawFilter>>,
    /// How the second target stands to the first.
    pub second_relation: Option<Spanned<String>>,
    pub unopposable: Option<bool>,
    pub initiated: RawEffects,
    pub resolution: RawEffects,
    pub won: RawEffects,
    pub lost: RawEffects,
    pub won_by: Vec<(Spanned<String>, RawEffects)>,
    pub lost_by: Vec<(Spanned<String>, RawEffects)>,
    pub effects: RawEffects,
    pub both: Option<bool>,
    pub attach: Option<Spanned<String>>,
    pub bonus: Option<RawBonus>,
    pub requires: Vec<Spanned<RawCondition>>,
    pub initiate_cost: Option<Spanned<i64>>,
    pub actions: Vec<Spanned<RawAction>>,
    pub passive: Vec<Spanned<RawPassive>>,
    pub triggers: Vec<Spanned<RawTrigger>>,
    /// A contingency's trigger (its `effects` happen when revealed).
    pub trigger: Option<Spanned<String>>,
    /// A contingency's watching trigger's pattern: which cards it answers.
    pub trigger_card: Option<Spanned<RawFilter>>,
    /// A contingency's `card-attacked` pattern for the attacker.
    pub trigger_attacker: Option<Spanned<RawFilter>>,
    pub aftermath: Option<Spanned<RawAftermath>>,
    pub victory: Option<Spanned<RawCondition>>,
    pub participants: Option<Spanned<RawFilter>>,
    /// Conflicts: what the first card the initiator rotates to support it
    /// must be.
    pub first_supporter: Option<Spanned<RawFilter>>,
    /// Conflicts: the initiator may sustain with his initial supporter.
    pub sustain_first_supporter: Option<Spanned<bool>>,
    /// Events: rotating or neutralizing another card as it is played.
    pub play_cost: Option<Spanned<RawCost>>,
    /// Its own price worked out from the game: this much more to play or
    /// sponsor ("costs X more, where X is ...").
    pub costs_more: Option<Spanned<RawNum>>,
    /// This much less ("costs 1 less for each fleet you control").
    pub costs_less: Option<Spanned<RawNum>>,
    pub replaces: Option<Spanned<String>>,
    pub replace_only: Option<bool>,
    /// What a replacement carries over: marks, enhancements, aftermaths,
    /// contingencies (Appendix Two).
    pub transfers: Option<Spanned<Vec<String>>>,
    pub caption: Option<String>,
    /// The printed card's text as its owner transcribed it: never read by
    /// the engine, shown beside the generated rules text by `b5 cards
    /// check`.
    pub text: Option<Spanned<String>>,
    /// A cost for factions of a race: `{ race = "narn", cost = 1 }`, or a
    /// list of such tables for several races.
    pub race_cost: Option<Spanned<RawRaceCosts>>,
    /// Conflicts: when won, attached as an enhancement to target,
    /// ambassador or target-ambassador instead of being discarded.
    pub becomes_enhancement: Option<Spanned<String>>,
    /// The personality a character depicts (Personalities).
    pub personality: Option<Spanned<String>>,
    /// Effects when the card is played: sponsored or entering by replacement.
    pub when_played: RawEffects,
    /// Any faction that meets `requires` may sponsor it, whatever race it
    /// is loyal to (rulings 7.8).
    pub any_race_sponsors: Option<Spanned<bool>>,
    /// An enhancement whose copies may share a target.
    pub copies_share_target: Option<Spanned<bool>>,
    /// Keys not in the format, reported with their position.
    pub unknown: Vec<Spanned<String>>,
}

/// Every key a card table may hold (for messages); `won_by_N` and
/// `lost_by_N` take any integer N.
pub const CARD_FIELDS: &[&str] = &[
    "type",
    "number",
    "race",
    "cost",
    "diplomacy",
    "intrigue",
    "psi",
    "leadership",
    "military",
    "marks",
    "keywords",
    "uniqueness",
    "power_bonus",
    "major",
    "conflict",
    "target",
    "target_filter",
    "second_target",
    "second_relation",
    "unopposable",
    "initiated",
    "resolution",
    "won",
    "lost",
    "won_by_N",
    "lost_by_N",
    "effects",
    "both",
    "attach",
    "bonus",
    "requires",
    "initiate_cost",
    "actions",
    "passive",
    "triggers",
    "trigger",
    "trigger_card",
    "trigger_attacker",
    "aftermath",
    "victory",
    "participants",
    "first_supporter",
    "sustain_first_supporter",
    "play_cost",
    "replaces",
    "replace_only",
    "transfers",
    "caption",
    "text",
    "race_cost",
    "becomes_enhancement",
    "personality",
    "when_played",
    "any_race_sponsors",
    "copies_share_target",
    "costs_more",
    "costs_less",
];

impl<'de> Deserialize<'de> for RawCard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawCard;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a card table")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<RawCard, A::Error> {
                let mut c = RawCard::default();
                while let Some(k) = m.next_key::<Spanned<String>>()? {
                    match k.get_ref().as_str() {
                        "type" => c.card_type = Some(m.next_value()?),
                        "number" => c.number = Some(m.next_value()?),
                        "race" => c.race = Some(m.next_value()?),
                        "cost" => c.cost = Some(m.next_value()?),
                        "diplomacy" => c.diplomacy = Some(m.next_value()?),
                        "intrigue" => c.intrigue = Some(m.next_value()?),
                        "psi" => c.psi = Some(m.next_value()?),
                        "leadership" => c.leadership = Some(m.next_value()?),
                        "military" => c.military = Some(m.next_value()?),
                        "marks" => c.marks = Some(m.next_value()?),
                        "keywords" => c.keywords = m.next_value()?,
                        "uniqueness" => c.uniqueness = Some(m.next_value()?),
                        "power_bonus" => c.power_bonus = Some(m.next_value()?),
                        "major" => c.major = Some(m.next_value()?),
                        "conflict" => c.conflict = Some(m.next_value()?),
                        "target" => c.target = Some(m.next_value()?),
                        "target_filter" => c.target_filter = Some(m.next_value()?),
                        "second_target" => c.second_target = Some(m.next_value()?),
                        "second_relation" => c.second_relation = Some(m.next_value()?),
                        "unopposable" => c.unopposable = Some(m.next_value()?),
                        "initiated" => c.initiated = m.next_value()?,
                        "resolution" => c.resolution = m.next_value()?,
                        "won" => c.won = m.next_value()?,
                        "lost" => c.lost = m.next_value()?,
                        "effects" => c.effects = m.next_value()?,
                        "both" => c.both = Some(m.next_value()?),
                        "attach" => c.attach = Some(m.next_value()?),
                        "bonus" => c.bonus = Some(m.next_value()?),
                        "requires" => c.requires = m.next_value()?,
                        "initiate_cost" => c.initiate_cost = Some(m.next_value()?),
                        "actions" => c.actions = m.next_value()?,
                        "passive" => c.passive = m.next_value()?,
                        "triggers" => c.triggers = m.next_value()?,
                        "trigger" => c.trigger = Some(m.next_value()?),
                        "trigger_card" => c.trigger_card = Some(m.next_value()?),
                        "trigger_attacker" => c.trigger_attacker = Some(m.next_value()?),
                        "aftermath" => c.aftermath = Some(m.next_value()?),
                        "victory" => c.victory = Some(m.next_value()?),
                        "participants" => c.participants = Some(m.next_value()?),
                        "first_supporter" => c.first_supporter = Some(m.next_value()?),
                        "sustain_first_supporter" => {
                            c.sustain_first_supporter = Some(m.next_value()?)
                        }
                        "play_cost" => c.play_cost = Some(m.next_value()?),
                        "replaces" => c.replaces = Some(m.next_value()?),
                        "replace_only" => c.replace_only = Some(m.next_value()?),
                        "transfers" => c.transfers = Some(m.next_value()?),
                        "caption" => c.caption = Some(m.next_value()?),
                        "text" => c.text = Some(m.next_value()?),
                        "race_cost" => c.race_cost = Some(m.next_value()?),
                        "becomes_enhancement" => c.becomes_enhancement = Some(m.next_value()?),
                        "personality" => c.personality = Some(m.next_value()?),
                        "when_played" => c.when_played = m.next_value()?,
                        "any_race_sponsors" => c.any_race_sponsors = Some(m.next_value()?),
                        "copies_share_target" => c.copies_share_target = Some(m.next_value()?),
                        "costs_more" => c.costs_more = Some(m.next_value()?),
                        "costs_less" => c.costs_less = Some(m.next_value()?),
                        s if s.starts_with("won_by_") => c.won_by.push((k, m.next_value()?)),
                        s if s.starts_with("lost_by_") => c.lost_by.push((k, m.next_value()?)),
                        _ => {
                            m.next_value::<de::IgnoredAny>()?;
                            c.unknown.push(k);
                        }
                    }
                }
                Ok(c)
            }
        }
        d.deserialize_map(V)
    }
}
