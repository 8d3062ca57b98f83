//! A card definition: what is printed on a card, in the rules' own words
//! ("Advanced Details about playing cards": costs, requirements, targets,
//! effects). Definitions live in the [`CardDb`](crate::CardDb); the game state
//! refers to them by [`DefId`](crate::DefId) only.

use serde::{Deserialize, Serialize};

use super::*;

// The parts that moved out of this file (issue 24), at their old paths
// `card::def::*` for one version; new code writes `crate::card::X`.
pub use super::elements::{
    Ability, AttachKind, CardType, ConflictKind, Faction, MarkKind, Race, Row, Side, TargetKind,
    Uniqueness,
};
pub use super::filter::CardFilter;

/// An ability change: explicit per-ability values plus an "all abilities"
/// amount, which never raises Psi from a base of 0 (Character ability ratings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, Hash)]
pub struct AbilityBonus {
    pub values: [i8; 5],
    pub all: i8,
}

impl AbilityBonus {
    /// Whether it raises one of the abilities (bits of `1 << Ability::idx`),
    /// by itself or as a bonus to all abilities.
    pub fn raises_any(&self, bits: u8) -> bool {
        self.all > 0
            || self
                .values
                .iter()
                .enumerate()
                .any(|(i, v)| *v > 0 && bits & (1 << i) != 0)
    }

    pub fn is_zero(&self) -> bool {
        self.all == 0 && self.values.iter().all(|v| *v == 0)
    }

    /// The bonus `v` times over ("+1 Military for each ..."), each value
    /// kept within its range.
    pub fn times(&self, v: i32) -> AbilityBonus {
        let scale = |x: i8| {
            (x as i32)
                .saturating_mul(v)
                .clamp(i8::MIN as i32, i8::MAX as i32) as i8
        };
        AbilityBonus {
            values: self.values.map(scale),
            all: scale(self.all),
        }
    }
}

/// Keywords with rules meaning, parsed from the card's keyword list. All
/// keywords are kept verbatim in [`CardDef::keywords`] as well.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Keywords {
    /// `ambassador`: a Non-Aligned species ambassador.
    pub species_ambassador: bool,
    /// `ambassador's assistant`.
    pub assistant: bool,
    pub mercenary: bool,
    pub homeworld: bool,
    /// `applies damage first`.
    pub damage_first: bool,
    /// `damage resistance N`.
    pub damage_resistance: u8,
    pub corporate: bool,
    pub corporate_only: bool,
    pub psi_corps: bool,
    pub ranger: bool,
    /// `ranger one`: limited, one character with it in play at a time
    /// (Glossary, Ranger One).
    #[serde(default)]
    pub ranger_one: bool,
    /// `starting <race> [babylon project|home faction|psi corps] ambassador`.
    pub starting: Option<(Race, Option<Faction>)>,
    /// `drakh ambassador`: sponsoring the first one makes a faction Drakh
    /// (Drakh Rule 2).
    #[serde(default)]
    pub drakh_ambassador: bool,
}

/// A cost a card's action or a conflict's initiation requires.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Cost {
    /// Rotate the card itself.
    pub rotate: bool,
    /// Apply this much influence.
    pub influence: u8,
    /// Purge marks of this kind from the faction.
    pub purge: Option<(MarkKind, u8)>,
    /// Discard the card itself.
    pub discard: bool,
    /// Rotate another ready card the player controls that matches the
    /// filter (Engine Rules v1.2, Costs: only cards the player controls pay).
    #[serde(default)]
    pub rotate_other: Option<CardFilter>,
    /// Neutralize another card the player controls that matches the filter
    /// (Neutralization: normal damage discarded, no severe damage).
    #[serde(default)]
    pub neutralize_other: Option<CardFilter>,
    /// Take this many credit tokens off the card itself (Corporate Rule 6;
    /// card actions only).
    #[serde(default)]
    pub credits: u8,
    /// Discard this many Chaos Tokens from the cards the player controls,
    /// worked out with the action's target ("discard Chaos Tokens equal to
    /// the Homeworld's printed Military": rulings, Search for a Home; card
    /// actions only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chaos: Option<super::Amount>,
}

impl Cost {
    /// The Ready Round, Step 1: only an action whose sole cost is rotating
    /// the card itself can be sustained.
    pub fn only_rotation(&self) -> bool {
        self.rotate
            && self.influence == 0
            && self.purge.is_none()
            && !self.discard
            && self.rotate_other.is_none()
            && self.neutralize_other.is_none()
            && self.credits == 0
            && self.chaos.is_none()
    }
}

/// A card's own action ("Action: ..."; Action Details: Use a card's action).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardAction {
    /// "Use this action only once per turn" / "once per game".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
    /// "Any player may use this action": a player who does not control
    /// the card may use it, paying its costs; "you" in it is that player.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub anyone: bool,
    pub cost: Cost,
    pub target: TargetKind,
    pub filter: CardFilter,
    /// A second target, chosen after the first (Legal Targets).
    #[serde(default)]
    pub second: Option<super::second::SecondTarget>,
    pub effects: Vec<Effect>,
    /// Only while a conflict is in play / only during the action round of a
    /// turn where its controller initiated a conflict, etc.
    pub condition: Option<Condition>,
}

/// A lasting effect of a card while it is in play (Bonuses and Blanking:
/// "while" effects expire with the card).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Passive {
    /// Cards matching the filter (relative to this card's controller) get the bonus.
    Bonus {
        filter: CardFilter,
        bonus: AbilityBonus,
        /// The bonus is multiplied by this amount, worked out again as the
        /// game changes ("+1 Military for each location you control").
        #[serde(default)]
        per: Option<Box<Amount>>,
    },
    /// Sponsoring cards matching the filter costs this much less (never below 0).
    Discount { filter: CardFilter, amount: u8 },
    /// Its controller draws this many more free cards in the Draw Round.
    ExtraDraw(u8),
    /// Its controller draws this many free cards instead of one in the Draw
    /// Round; several do not add up (Cumulative Effects).
    DrawInstead(u8),
    /// Its controller may apply this much additional influence each turn.
    ExtraInfluence(u8),
    /// Cards matching the filter deal this much more damage in attacks.
    AttackDamage { filter: CardFilter, amount: u8 },
    /// Cards matching the filter have damage resistance this much higher.
    DamageResistance { filter: CardFilter, amount: u8 },
    /// Its controller may declare this many more conflicts each turn
    /// (Conflict Cards: additional conflicts).
    ExtraConflict(u8),
    /// This card may rotate, as if it were an Inner Circle character, to
    /// sponsor cards matching the filter; with `free`, without applying
    /// their cost (Sponsor effects; "Sponsor for free").
    Sponsors { filter: CardFilter, free: bool },
    /// It provides these marks while it is in play (Marks: "cut off from a
    /// source"): to the cards matching `filter`, or, with no filter, to the
    /// card it is attached to, else its faction's ambassador.
    Marks {
        filter: Option<CardFilter>,
        marks: [u8; 6],
    },
    /// Cards matching the filter (relative to this card's controller)
    /// cannot do or undergo something (The Cannot rule). Without a filter:
    /// the card itself, or the card it is attached to.
    Cannot {
        filter: Option<CardFilter>,
        what: Cannot,
    },
    /// The players named (relative to this card's controller) cannot do
    /// something.
    PlayerCannot { who: Who, what: Cannot },
    /// Cards matching the filter cost the players named (relative to this
    /// card's controller; `others` by default) this much more to sponsor.
    /// The amount is worked out for each player sponsoring, who is its
    /// `that` (rulings, Isolationism: "the cost ... increases by an amount
    /// equal to your tension toward their race").
    Surcharge {
        who: Who,
        filter: CardFilter,
        /// Boxed: an amount is large, and most passives are not surcharges.
        amount: Box<Amount>,
    },
    /// Its controller's Influence Rating is this much higher (lower) while
    /// it is in play: a direct change, not a gain or loss (Influence and
    /// Influence Rating).
    InfluenceRating(i8),
    /// Its controller's initiative score is this much higher (lower) when
    /// initiative is determined (Initiative).
    Initiative(i8),
    /// Cards matching the filter (relative to this card's controller) are
    /// treated so in attacks (Resolving Attacks; `attack_mod.rs`).
    /// Without a filter: the card itself, or the card it is attached to.
    AttackMod {
        filter: Option<CardFilter>,
        m: super::attack_mod::AttackMod,
    },
    /// The players named (relative to this card's controller; its
    /// controller by default) cannot win while it is in play and its `if`
    /// holds (Victory: Other Victory Conditions; rulings 6.4).
    CannotWin { who: Who },
    /// Its controller also wins, a Major Victory with `major` or else a
    /// Standard one, when the condition holds at the victory check (Other
    /// Victory Conditions: for its controller only).
    AlsoWins { condition: Condition, major: bool },
    /// The players named (relative to this card's controller; its
    /// controller by default) need this much more (less) power to win
    /// while it is in play (Victory: a card that reduces the power needed).
    PowerToWin { who: Who, n: i8 },
    /// Its controller may declare war conflicts against the players named
    /// (relative to him), and they against him, with no state of war
    /// between them (rulings, Finish the War: "You may declare war
    /// Conflicts, but a state of war does not exist").
    WarConflicts { who: Who },
}

/// What a card replaces (Replace a Card).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replaces {
    /// The name of the card it replaces.
    pub name: String,
    /// "Must replace": it cannot be sponsored, only enter play by replacing.
    pub only: bool,
    /// What passes from the replaced card to it (Replace a Card: nothing
    /// unless the card states otherwise; Appendix Two).
    #[serde(default)]
    pub transfers: Transfers,
}

/// What a replacement carries over from the card it replaces (Appendix Two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Transfers {
    /// Its marks (those not provided by other cards still in play, which
    /// always follow: Appendix Two).
    pub marks: bool,
    pub enhancements: bool,
    pub aftermaths: bool,
    pub contingencies: bool,
    /// Enhancements that transfer only if the replaced card's controller
    /// chooses them, one by one (Appendix Two, Example 6: "any aftermaths
    /// that her controller chooses").
    #[serde(default)]
    pub chosen_enhancements: bool,
    /// Aftermaths that transfer only if chosen (Appendix Two, Example 6).
    #[serde(default)]
    pub chosen_aftermaths: bool,
}

impl Transfers {
    /// Whether every attached card of this type moves to the new card.
    pub fn attachment(&self, t: CardType) -> bool {
        match t {
            CardType::Enhancement => self.enhancements,
            CardType::Aftermath => self.aftermaths,
            CardType::Contingency => self.contingencies,
            _ => false,
        }
    }

    /// Whether an attached card of this type moves to the new card only if
    /// the replaced card's controller chooses it (Appendix Two, Example 6).
    /// Face-down contingencies are never chosen this way: only the player
    /// who played one may examine it (Contingency Cards).
    pub fn chosen(&self, t: CardType) -> bool {
        match t {
            CardType::Enhancement => self.chosen_enhancements,
            CardType::Aftermath => self.chosen_aftermaths,
            _ => false,
        }
    }

    /// Whether the replacement lets anything be chosen.
    #[inline]
    pub fn any_chosen(&self) -> bool {
        self.chosen_enhancements || self.chosen_aftermaths
    }
}

/// A triggered effect of a card in play or a contingency's trigger
/// (Triggered Effects; Contingency Cards).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggeredEffect {
    pub trigger: Trigger,
    /// For in-play cards: rotate this card as part of the effect; the effect
    /// happens only if it is ready.
    pub rotate: bool,
    pub effects: Vec<Effect>,
    /// A watching trigger's pattern (`Trigger::watches_card`): which cards
    /// it answers, read for the card's controller with the card as it is
    /// when the trigger happens; `None` answers any card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<Box<CardFilter>>,
    /// A `card-attacked` trigger's pattern for the attacker (`None`: any
    /// attacker), read as `of` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker: Option<Box<CardFilter>>,
    /// Carried out only once per turn or once per game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
}

/// How often a card's action may be used or its triggered effect carried
/// out ("only once per turn", "once per game"): for the card while it
/// stays in play (a card that leaves play and comes back is a new card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Limit {
    Turn,
    Game,
}

impl Limit {
    pub fn name(self) -> &'static str {
        match self {
            Limit::Turn => "turn",
            Limit::Game => "game",
        }
    }

    pub fn parse(s: &str) -> Option<Limit> {
        [Limit::Turn, Limit::Game]
            .into_iter()
            .find(|l| l.name() == s)
    }
}

/// When an aftermath may be played (Aftermath play conditions).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AftermathPlay {
    /// `Some(true)` = "Won", `Some(false)` = "Lost", `None` = either.
    pub won: Option<bool>,
    /// Conflict types it may follow; empty = any.
    pub conflict: Vec<Ability>,
    /// "Participant": may target any participant's card; otherwise only the
    /// initiating faction's cards.
    pub participant: bool,
    /// Discarded after play (at Step 4 of the Resolution Round) instead of
    /// staying attached to its target.
    pub discard_after: bool,
}

/// A Major Agenda's alternative victory requirement ("Fulfill other
/// requirements on a Major Agenda card").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryCondition {
    pub condition: Condition,
}

/// Everything printed on one card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDef {
    pub name: String,
    /// The set's collector number ("OS-012"), where the card has one.
    pub number: Option<String>,
    pub card_type: CardType,
    pub race: Race,
    /// `None` is an undefined cost (no cost bubble), which is not zero.
    pub cost: Option<u8>,
    pub abilities: [u8; 5],
    pub marks: [u8; 6],
    pub keywords: Vec<String>,
    pub kw: Keywords,
    pub uniqueness: Uniqueness,
    pub power_bonus: i8,
    pub major: bool,
    /// Conflict type, for conflict cards.
    pub conflict: Option<ConflictKind>,
    pub target: TargetKind,
    pub filter: CardFilter,
    /// Events and aftermaths: a second target, chosen after the first
    /// (Legal Targets: "target two Inner Circle characters").
    #[serde(default)]
    pub second: Option<super::second::SecondTarget>,
    pub unopposable: bool,
    pub initiated: Vec<Effect>,
    pub resolution: Vec<Effect>,
    pub won: Vec<Effect>,
    pub lost: Vec<Effect>,
    /// Sorted by margin.
    pub won_by: Vec<(u8, Vec<Effect>)>,
    pub lost_by: Vec<(u8, Vec<Effect>)>,
    /// Effects applied when an event is played, an aftermath is played, a
    /// contingency is revealed, or a card is sponsored ("when sponsored").
    pub effects: Vec<Effect>,
    /// THEN and BOTH dependencies for `effects` (Advanced Details).
    pub both: bool,
    pub attach: AttachKind,
    /// Ability change for the card an enhancement or aftermath is attached to.
    pub bonus: AbilityBonus,
    /// Requirements to play or sponsor (passive requirements; Requirements).
    pub requires: Vec<Condition>,
    /// Additional influence to initiate a conflict card.
    pub initiate_cost: u8,
    pub actions: Vec<CardAction>,
    pub passives: Vec<Passive>,
    /// A condition on each lasting effect, by index ("while you are at
    /// war"); a missing entry is no condition (Bonuses and Blanking: a
    /// "while" effect lasts only while its condition is maintained).
    pub passive_if: Vec<Option<Condition>>,
    pub triggers: Vec<TriggeredEffect>,
    pub aftermath: Option<AftermathPlay>,
    pub victory: Option<VictoryCondition>,
    /// Conflicts: which cards may participate (participation restrictions;
    /// side "own" is the initiator's faction).
    pub participants: Option<CardFilter>,
    /// Conflicts: what the first card the initiator rotates to support it
    /// must be ("The first character you rotate to support this conflict
    /// must have a Psi of 5 or more": rulings, Psi Attack).
    #[serde(default)]
    pub first_supporter: Option<CardFilter>,
    /// Conflicts: the initiator may sustain with the first card he rotated
    /// to support it, and its `while-sustained` effects last while he does
    /// (rulings, Psi Attack: "You may sustain with your initial Character").
    #[serde(default)]
    pub sustain_first_supporter: bool,
    pub replaces: Option<Replaces>,
    /// Flavour, shown but with no effect (Card Anatomy: Caption).
    pub caption: Option<String>,
    /// Costs that depend on the sponsoring faction's race: for a faction
    /// of one of these races, its cost instead of the printed one (one per
    /// race).
    #[serde(default)]
    pub race_cost: Vec<(Race, u8)>,
    /// Conflicts: when won, attached to this card as an enhancement
    /// instead of being discarded (its `bonus`, `passives` and `triggers`
    /// are its lasting text; `card/becomes.rs`).
    #[serde(default)]
    pub becomes_enhancement: Option<super::becomes::EnhancementOn>,
    /// The personality the card depicts (Personalities): no two cards of
    /// one personality are in play at once, except a version that enters
    /// by replacing the one in play. Compared without regard to case.
    #[serde(default)]
    pub personality: Option<String>,
    /// "When played" effects (Playing Cards and Card Details): they happen
    /// whenever the card enters play by being sponsored or through
    /// replacement, where `effects` of a supporting card or agenda happen
    /// only when it is sponsored ("when sponsored").
    #[serde(default)]
    pub when_played: Vec<Effect>,
    /// A fleet, group or location that any faction meeting its `requires`
    /// may sponsor, whatever race it is loyal to (rulings 7.8: "no one can
    /// sponsor Shadow or Vorlon fleets unless they meet the specific
    /// requirements on the card").
    #[serde(default)]
    pub any_race_sponsors: bool,
    /// An enhancement exempt from "No two copies of the same enhancement
    /// card can target the same card" (Enhancement Cards): any number of
    /// its copies may be on one card, as its text says.
    #[serde(default)]
    pub copies_share_target: bool,
    /// Events, and cards that are sponsored: what playing (sponsoring) it
    /// costs besides its influence, rotating or neutralizing another card
    /// the player controls ("Rotate one of your ready characters to play
    /// this event"; Engine Rules v1.2, Requirements: "be active and require
    /// you to do something ... E.g. you may have to rotate another card in
    /// order to sponsor the card").
    #[serde(default)]
    pub play_cost: Option<Box<Cost>>,
    /// Some selector of its text asks whether a card was ready at the
    /// start of the turn (`FilterParts::ready_at_turn_start`): games with
    /// such a card keep that record (`turn/ready.rs`). Set by whoever
    /// builds the definition (the loader does).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reads_ready_at_start: bool,
    /// Some selector of its text asks whether another copy of a card
    /// targeted a card this turn (`FilterParts::copy_targeted`): games with
    /// such a card keep that record (`effects/copy_targets.rs`). Set by
    /// whoever builds the definition (the loader does).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reads_copy_targets: bool,
    /// Its own price worked out from the game: it costs this much more
    /// ("costs X more, where X is ..."), or less ("costs 1 less for each
    /// fleet you control"), to play or sponsor, for the player doing it;
    /// never below 0 in all (`Game::own_price`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub costs_more: Option<Box<Amount>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub costs_less: Option<Box<Amount>>,
}

impl CardDef {
    /// Whether its text gives a bonus to one of the abilities (bits of `1 <<
    /// Ability::idx`): an effect of any of its parts, a lasting bonus, or
    /// an enhancement's or aftermath's own ("an event that gives a Military
    /// bonus").
    pub fn gives_bonus(&self, bits: u8) -> bool {
        let any = |l: &[Effect]| l.iter().any(|e| e.gives_bonus(bits));
        self.bonus.raises_any(bits)
            || any(&self.effects)
            || any(&self.when_played)
            || any(&self.initiated)
            || any(&self.resolution)
            || any(&self.won)
            || any(&self.lost)
            || self.won_by.iter().chain(&self.lost_by).any(|(_, l)| any(l))
            || self.actions.iter().any(|a| any(&a.effects))
            || self.triggers.iter().any(|t| any(&t.effects))
            || self
                .passives
                .iter()
                .any(|p| matches!(p, Passive::Bonus { bonus, .. } if bonus.raises_any(bits)))
    }

    /// Whether it provides marks while in play (a lasting `marks` effect;
    /// an event's are given once).
    pub(crate) fn provides_marks(&self) -> bool {
        self.card_type != CardType::Event
            && self
                .passives
                .iter()
                .any(|p| matches!(p, Passive::Marks { .. }))
    }

    /// An aftermath's play conditions; none for a card that states none.
    pub fn aftermath_play(&self) -> &AftermathPlay {
        static ANY: AftermathPlay = AftermathPlay {
            won: None,
            conflict: Vec::new(),
            participant: false,
            discard_after: false,
        };
        self.aftermath.as_ref().unwrap_or(&ANY)
    }

    /// A bare definition with the rules' defaults for its type.
    pub fn new(name: impl Into<String>, card_type: CardType) -> CardDef {
        CardDef {
            name: name.into(),
            number: None,
            card_type,
            race: Race::Neutral,
            cost: None,
            abilities: [0; 5],
            marks: [0; 6],
            keywords: Vec::new(),
            kw: Keywords::default(),
            uniqueness: Uniqueness::default_for(card_type),
            power_bonus: 0,
            major: false,
            conflict: None,
            target: TargetKind::None,
            filter: CardFilter::default(),
            second: None,
            unopposable: false,
            initiated: Vec::new(),
            resolution: Vec::new(),
            won: Vec::new(),
            lost: Vec::new(),
            won_by: Vec::new(),
            lost_by: Vec::new(),
            effects: Vec::new(),
            both: false,
            attach: AttachKind::Character,
            bonus: AbilityBonus::default(),
            requires: Vec::new(),
            initiate_cost: 0,
            actions: Vec::new(),
            passives: Vec::new(),
            passive_if: Vec::new(),
            triggers: Vec::new(),
            aftermath: None,
            victory: None,
            participants: None,
            first_supporter: None,
            sustain_first_supporter: false,
            play_cost: None,
            replaces: None,
            caption: None,
            race_cost: Vec::new(),
            becomes_enhancement: None,
            personality: None,
            when_played: Vec::new(),
            any_race_sponsors: false,
            copies_share_target: false,
            reads_ready_at_start: false,
            reads_copy_targets: false,
            costs_more: None,
            costs_less: None,
        }
    }

    pub fn ability(&self, a: Ability) -> u8 {
        self.abilities[a.idx()]
    }

    pub fn is_loyal(&self) -> bool {
        self.race != Race::Neutral
    }

    /// Corporate Rule 3: a card with the keyword "corporate" or the word
    /// corporate in its name is a corporate card.
    pub fn is_corporate(&self) -> bool {
        self.kw.corporate
            || self.kw.corporate_only
            || self.name.to_lowercase().contains("corporate")
    }

    pub fn has_keyword(&self, k: &str) -> bool {
        self.keywords.iter().any(|x| x.eq_ignore_ascii_case(k))
    }

    /// Tainted Cards and Marks: loyal to the Shadows or Drakh, or printing,
    /// providing or requiring a Shadow mark.
    pub fn shadow_tainted(&self) -> bool {
        matches!(self.race, Race::Shadow | Race::Drakh)
            || self.marks[MarkKind::Shadow.idx()] > 0
            || self.mentions_mark(MarkKind::Shadow)
    }

    /// Loyal to the Vorlons, a ranger, or printing, providing or requiring a
    /// Vorlon mark.
    pub fn vorlon_tainted(&self) -> bool {
        self.race == Race::Vorlon
            || self.kw.ranger
            || self.marks[MarkKind::Vorlon.idx()] > 0
            || self.mentions_mark(MarkKind::Vorlon)
    }

    fn mentions_mark(&self, kind: MarkKind) -> bool {
        if self.card_type == CardType::Character {
            // A character is tainted by the marks it has, not the ones it gives.
            return false;
        }
        // Tainted Cards and Marks: "Cards that provide [Shadow/Vorlon] Marks
        // to other cards": by any of their effects, or while in play.
        // Written out, not through `effect_lists`: this runs in every
        // taint check, and the chained iterator costs more.
        let gives = |effects: &[Effect]| effects.iter().any(|e| e.gives_mark(kind));
        let by_margin = |l: &[(u8, Vec<Effect>)]| l.iter().any(|(_, e)| gives(e));
        gives(&self.effects)
            || gives(&self.when_played)
            || gives(&self.initiated)
            || gives(&self.resolution)
            || gives(&self.won)
            || gives(&self.lost)
            || by_margin(&self.won_by)
            || by_margin(&self.lost_by)
            || self.actions.iter().any(|a| gives(&a.effects))
            || self.triggers.iter().any(|t| gives(&t.effects))
            || self
                .passives
                .iter()
                .any(|p| matches!(p, Passive::Marks { marks, .. } if marks[kind.idx()] > 0))
            || self.requires.iter().any(|c| c.requires_mark(kind))
    }

    /// The printed value of the highest ability.
    pub fn highest_printed(&self) -> u8 {
        self.abilities.iter().copied().max().unwrap_or(0)
    }

    /// Whether any player may use one of the card's actions.
    pub fn open_actions(&self) -> bool {
        self.actions.iter().any(|a| a.anyone)
    }

    /// Whether the card can forbid playing cards (`cannot = "play"`, as an
    /// effect or a lasting effect): without such a card in the database the
    /// check is never made.
    pub fn restricts_play(&self) -> bool {
        use super::Cannot;
        let play = |w: &Cannot| {
            matches!(
                w,
                Cannot::PlayThis | Cannot::PlayDef(_) | Cannot::PlayType(_)
            )
        };
        self.effect_lists()
            .flatten()
            .any(|e| e.any_op(&|op| matches!(op, super::Op::Restrict { what, .. } if play(what))))
            || self
                .passives
                .iter()
                .any(|p| matches!(p, Passive::PlayerCannot { what, .. } if play(what)))
    }

    /// Whether the card lets players declare war conflicts without a state
    /// of war (`Passive::WarConflicts`).
    pub fn licenses_war(&self) -> bool {
        self.passives
            .iter()
            .any(|p| matches!(p, Passive::WarConflicts { .. }))
    }

    /// Whether the card asks which card first attacked in a conflict
    /// (`CardSel::FirstAttacker`, `Condition::AttackMade`), in an effect,
    /// an effect's condition or a requirement.
    pub fn reads_first_attack(&self) -> bool {
        let cond = |c: &Condition| c.any_part(&|c| matches!(c, Condition::AttackMade));
        let effect = |e: &Effect| {
            e.any_effect(&|e| {
                e.uses_sel(CardSel::FirstAttacker) || e.condition.as_ref().is_some_and(cond)
            })
        };
        self.effect_lists().any(|l| l.iter().any(effect))
            || self.requires.iter().any(cond)
            || self
                .actions
                .iter()
                .any(|a| a.condition.as_ref().is_some_and(cond))
    }

    /// Whether a triggered effect of the card watches the whole game
    /// (`Trigger::watches`).
    pub fn watches(&self) -> bool {
        self.triggers.iter().any(|t| t.trigger.watches())
    }

    /// The watching triggers it has, one bit each (`1 << trigger as u32`).
    pub fn watched_triggers(&self) -> u32 {
        self.triggers
            .iter()
            .filter(|t| t.trigger.watches())
            .fold(0, |bits, t| bits | 1 << t.trigger as u32)
    }

    /// How many effects the card prints, nested ones included (see
    /// [`MAX_CARD_EFFECTS`]).
    pub fn effect_count(&self) -> usize {
        self.effect_lists()
            .flat_map(|l| l.iter())
            .map(Effect::nested_count)
            .sum()
    }

    /// Every list of effects the card prints, in one fixed order: its
    /// `effects`, a conflict's `initiated`, `resolution`, `won`, `lost`,
    /// `won_by_N` and `lost_by_N`, each action's and each trigger's effects,
    /// and `when_played` last. A choice or a vote waiting in the middle of
    /// an effect is found again by its place in this order (saved games
    /// hold it), so a new list goes at the end.
    pub fn effect_lists(&self) -> impl Iterator<Item = &[Effect]> {
        [
            &self.effects,
            &self.initiated,
            &self.resolution,
            &self.won,
            &self.lost,
        ]
        .into_iter()
        .map(Vec::as_slice)
        .chain(self.won_by.iter().map(|(_, l)| l.as_slice()))
        .chain(self.lost_by.iter().map(|(_, l)| l.as_slice()))
        .chain(self.actions.iter().map(|a| a.effects.as_slice()))
        .chain(self.triggers.iter().map(|t| t.effects.as_slice()))
        .chain(std::iter::once(self.when_played.as_slice()))
    }
}

/// At most this many actions on one card: an action is named by its index
/// in a byte (`Action::UseCard::index`). A printed card has one to three.
pub const MAX_CARD_ACTIONS: usize = 32;

/// At most this many triggered effects on one card: a limited one (`once`)
/// is kept by its index past `actions::once::TRIGGERS` (128) in a byte.
pub const MAX_CARD_TRIGGERS: usize = 32;

/// At most this many effects on one card, nested ones included: a choice
/// or a vote waiting in the middle of an effect is found again by its
/// place among them, held in a byte.
pub const MAX_CARD_EFFECTS: usize = 200;
