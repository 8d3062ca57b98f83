//! Errors: an illegal action is a [`RuleError`] naming the rule it breaks;
//! an illegal set-up is a [`SetupError`].

use crate::card::{Ability, Race};
use crate::ids::{CardId, PlayerId};

/// Why an action is illegal. Cheap to build (no allocation): the legality
/// checks produce these for every candidate action they reject.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    GameOver,
    /// The player has no choice to make now.
    NotPending,
    /// The action belongs to another round or step.
    WrongTime {
        verb: &'static str,
        when: &'static str,
    },
    NoSuchCard(CardId),
    NoSuchConflict,
    NoSuchPlayer,
    NotInHand(CardId),
    NotYours(CardId),
    NotInPlay(CardId),
    WrongType {
        card: CardId,
        expected: &'static str,
    },
    /// Rotated or neutralized, so it cannot act or be rotated.
    NotReady(CardId),
    NeutralizedThisTurn(CardId),
    NotInnerCircle(CardId),
    NotSupportingRow(CardId),
    /// Apply `need` influence with only `have` available.
    Unaffordable {
        need: i16,
        have: i16,
    },
    UndefinedCost(CardId),
    /// Fleets, groups, locations, events, conflicts, agendas and enhancements
    /// loyal to another race.
    Disloyal {
        card: CardId,
        race: Race,
    },
    LimitedInPlay(CardId),
    UniqueUsed(CardId),
    LimitedRemoved(CardId),
    HomeworldInPlay(CardId),
    LimitedThisTurn(CardId),
    StartingAmbassador(CardId),
    RequirementUnmet(CardId),
    /// The player has used card actions and hired mercenaries the most
    /// times a turn the engine allows (docs/limits.md).
    TooManyActions(CardId),
    /// The card's action may be used only once per turn (or game), and it
    /// has been.
    UsedUp {
        card: CardId,
        game: bool,
    },
    /// An action costs `need` credit tokens off `card`, which holds `have`.
    NoCredits {
        card: CardId,
        need: u8,
        have: u8,
    },
    /// An action costs `need` Chaos Tokens off the cards its player
    /// controls, which hold `have`.
    NoChaos {
        card: CardId,
        need: u16,
        have: u32,
    },
    Allergic(CardId),
    BadTarget,
    TargetSelf,
    InfluenceTooHigh,
    NoAbility {
        card: CardId,
        ability: Ability,
    },
    AlreadyLed(CardId),
    OwnFaction(CardId),
    NotParticipant(CardId),
    LeaderNotAttackable(CardId),
    /// An action or event whose attack on its target cannot be made now.
    AttackImpossible {
        attacker: CardId,
        target: CardId,
    },
    WrongRole(CardId),
    NeutralizedTarget(CardId),
    NotDamaged(CardId),
    NoAmbassadorToHeal,
    RepairAmount,
    AlreadyHaveAgenda,
    NoAgenda,
    AgendaHidden,
    AgendaNotHidden,
    MajorAgenda,
    NotMercenary(CardId),
    AlreadyControl(CardId),
    NotSustainable(CardId),
    AlreadySustained(CardId),
    NoMoreConflicts,
    NotAtWar,
    SurrenderNotAtWar,
    UnopposableCannotOppose,
    BadSide,
    AftermathCondition(CardId),
    AlreadyAffected(CardId),
    NoTrigger(CardId),
    BuyTooMany {
        max: u8,
    },
    NotAssistant(CardId),
    Ambassador(CardId),
    NoAction(CardId),
    CannotKeep,
    Eliminated,
    /// A loyal enhancement or aftermath on a target (or sponsored by a
    /// character) of another race.
    DisloyalTarget {
        card: CardId,
        race: Race,
    },
    /// The conflict's participation restrictions exclude the card.
    Restricted(CardId),
    /// The first card the initiator rotates to support the conflict is not
    /// the kind of card the conflict card asks for.
    FirstSupporter(CardId),
    /// A card that must replace cannot be sponsored.
    MustReplace(CardId),
    /// The card does not replace that card.
    CannotReplace(CardId),
    /// An ISA card, or the reserve action, while the ISA does not exist.
    NoIsa(CardId),
    /// The reserve action was already taken this turn.
    ReserveUsed,
    NotInReserve(CardId),
    /// The reserve action discards the top card of the deck: none left.
    ReserveNoDeck,
    /// The head may call only a player who still has a vote.
    NotAVoter,
    /// Drakh Rule 5: Drakh cards are sponsored only by Drakh characters, and
    /// Drakh characters sponsor only Drakh (or neutral) cards.
    DrakhSponsor(CardId),
    /// Drakh Rules 3 and 5, Drakh Agendas: only a Drakh faction plays this
    /// card (and a sponsored Drakh card enters play no other way).
    DrakhOnly(CardId),
    /// Drakh Rule 7: not a legal move of Chaos Tokens.
    ChaosMove,
    /// War in Dual Race Games: no other faction of your race is at war with
    /// that player, or your ambassador cannot rotate.
    JoinWar,
    /// A lasting restriction forbids it (The Cannot rule); `card` is none
    /// for a restriction on the player.
    Cannot {
        card: CardId,
        what: crate::card::Cannot,
    },
    /// The card is not among those the choice in progress offers.
    NotOffered(CardId),
    /// No such mode, or that mode cannot be carried out now.
    NoSuchMode,
    /// A card (event, card action, contingency) that reverses the
    /// contingency just revealed or the conflict just resolved, when there
    /// is none or one of its effects cannot be reversed (Reversal). (An
    /// event's reversal: `NotReversible`.)
    CannotReverse(CardId),
    /// A card that reverses an event (`card`) names `event`, which it may
    /// not reverse: `why` (rulings, Not Meant To Be; Reversal).
    NotReversible {
        card: CardId,
        event: CardId,
        why: crate::game::held::ReverseRefusal,
    },
    /// Glossary, Irrevocable: the card cannot be targeted by a card that
    /// would directly cause it to leave play (nor replaced).
    Irrevocable(CardId),
    /// Personalities: another card of the same personality (the second
    /// field) is in play.
    PersonalityInPlay(CardId, CardId),
    /// Glossary, Ranger One: another character with Ranger One (the second
    /// field) is in play.
    RangerOneInPlay(CardId, CardId),
    /// Legal Targets: the card has a second target and none is legal with
    /// the first target chosen.
    NoSecondTarget(CardId),
    /// Legal Targets: the second target is the first target.
    SameTarget(CardId),
    /// Legal Targets: the second target does not stand as the card says to
    /// the first (same controller, same faction, another faction).
    SecondRelation(CardId),
    /// Appendix One: every mulligan draws one card fewer (7, then 6, ...):
    /// after the one that drew a single card, none is left.
    NoMulliganLeft,
    /// Appendix One: the card is not one of those put back on the deck
    /// whose order is still to be chosen.
    NotPutBack(CardId),
    /// A price several players may pay together: a share is 1 to `max`
    /// influence (what is still needed, and what the player has unspent).
    Share {
        max: u8,
    },
    /// The player is not among those a choice of a player offers
    /// (`choose_player`): not named by it, excepted, not at war as it asks,
    /// or one for whom its effects could not happen.
    PlayerNotOffered(PlayerId),
}

impl Violation {
    /// The rule this violation breaks, as a citation of the Engine Rules.
    pub fn rule(&self) -> &'static str {
        use Violation::*;
        match self {
            GameOver => "Engine Rules v1.2: Victory",
            NotPending | WrongTime { .. } => {
                "Engine Rules v1.2: Game Sequence (initiative order; one action at a time)"
            }
            NoSuchCard(_) | NoSuchConflict | NoSuchPlayer | BadTarget | TargetSelf => {
                "Engine Rules v1.2: Legal Targets"
            }
            NotInHand(_) | NotYours(_) | NotInPlay(_) | WrongType { .. } => {
                "Engine Rules v1.2: Action Details"
            }
            NotReady(_) => "Engine Rules v1.2: Action Details (a card that rotates must be ready and unneutralized)",
            NeutralizedThisTurn(_) => "Engine Rules v1.2: Neutralization (no actions on the turn it was neutralized)",
            NotInnerCircle(_) => "Engine Rules v1.2: Sponsor a Supporting Card (rotate an Inner Circle character)",
            NotSupportingRow(_) => "Engine Rules v1.2: Promote a Character to the Inner Circle",
            Unaffordable { .. } => "Engine Rules v1.2: Influence and Influence Rating (apply influence only from the unspent pool)",
            UndefinedCost(_) => "Engine Rules v1.2: Cards With No Printed Cost",
            Disloyal { .. } => "Engine Rules v1.2: disloyalty penalty (Character, Fleet, Group, Location, Event and Conflict Cards)",
            LimitedInPlay(_) | LimitedRemoved(_) | UniqueUsed(_) => {
                "Engine Rules v1.2: Playing Cards and Card Details (multiple, limited, unique)"
            }
            HomeworldInPlay(_) => "Engine Rules v1.2: Homeworlds (one per race in play)",
            LimitedThisTurn(_) => "Engine Rules v1.2: Event and Contingency Cards (limited: one copy each turn)",
            StartingAmbassador(_) => "Engine Rules v1.2: Ambassadors and Ambassadorial Immunity (a starting ambassador cannot be sponsored)",
            RequirementUnmet(_) => "Engine Rules v1.2: Advanced Details about playing cards (Requirements)",
            NoCredits { .. } => "Engine Rules v1.2: Costs; Corporate Rule 6 (credit tokens)",
            NoChaos { .. } => "Engine Rules v1.2: Costs; Drakh Rule 7 (Chaos Tokens)",
            UsedUp { .. } => "card text (\"only once per turn\", \"once per game\"); docs/card-format.md: Actions",
            TooManyActions(_) => "Engine Rules v1.2: Rotating (\"generally only possible to use each card once per turn\"), Take control of a Mercenary; docs/limits.md",
            Allergic(_) => "Engine Rules v1.2: Allergic Cards and Marks",
            InfluenceTooHigh => "Engine Rules v1.2: Rotate to Build Influence (only at 9 or less)",
            NoAbility { .. } => "Engine Rules v1.2: Support or Oppose a Conflict; Attack a Conflict Participant (non-zero ability of the type)",
            AlreadyLed(_) => "Engine Rules v1.2: Lead a Fleet (one leader at a time)",
            OwnFaction(_) => "Engine Rules v1.2: Attack a Conflict Participant (not a card in your own faction)",
            NotParticipant(_) => "Engine Rules v1.2: Attack a Conflict Participant (only supporters, opposers and attackers)",
            LeaderNotAttackable(_) => "Engine Rules v1.2: Glossary: Participant (a leader cannot be attacked); rulings 4.10",
            AttackImpossible { .. } => "Engine Rules v1.2: Attack a Conflict Participant (a card attacks with a non-zero ability; not a neutralized card, nor one in its own faction); rulings, Tu'Pari (an action whose attack cannot be made cannot be taken)",
            WrongRole(_) => "Engine Rules v1.2: Participating in conflicts (a supporter cannot later oppose, nor the reverse)",
            NeutralizedTarget(_) => "Engine Rules v1.2: Attack a Conflict Participant (neutralized cards cannot be attacked)",
            NotDamaged(_) | NoAmbassadorToHeal => "Engine Rules v1.2: Heal a Character; rulings 4.9",
            RepairAmount => "Engine Rules v1.2: Repair a Fleet or Location",
            AlreadyHaveAgenda | NoAgenda | AgendaHidden | AgendaNotHidden | MajorAgenda => {
                "Engine Rules v1.2: Discard, Replace, Sponsor, Hide or Reveal an Agenda"
            }
            NotMercenary(_) | AlreadyControl(_) => "Engine Rules Summary 2006: Mercenaries",
            NotSustainable(_) | AlreadySustained(_) => "Engine Rules v1.2: The Ready Round (Sustained Actions)",
            NoMoreConflicts => "Engine Rules v1.2: Conflict Cards (one conflict per player per turn)",
            NotAtWar => "Engine Rules v1.2: War Conflicts",
            SurrenderNotAtWar => "Engine Rules v1.2: Unconditional Surrender",
            UnopposableCannotOppose | BadSide => "Engine Rules v1.2: Conflicts with multiple sides",
            AftermathCondition(_) => "Engine Rules v1.2: Aftermath play conditions",
            AlreadyAffected(_) => "Engine Rules v1.2: Enhancement and Aftermath Cards (one copy per target)",
            NoTrigger(_) => "Engine Rules v1.2: Contingency Cards (revealed when its trigger is met)",
            BuyTooMany { .. } => "Engine Rules v1.2: The Draw Round, Step 4 (one card per 3 influence)",
            NotAssistant(_) => "Engine Rules v1.2: Ambassador's Assistant and Assistance",
            Ambassador(_) => "Engine Rules v1.2: Ambassadors and Ambassadorial Immunity",
            NoAction(_) => "Engine Rules v1.2: Use a card's action",
            CannotKeep => "Engine Rules v1.2: Appendix One: Two Player games",
            Eliminated => "Engine Rules v1.2: Elimination from the game",
            DisloyalTarget { .. } => "Engine Rules v1.2: Enhancement Cards and Aftermath Cards (a loyal card is sponsored by, and played on, cards of its race)",
            FirstSupporter(_) => "rulings, Psi Attack ('The first Character you rotate to support this Conflict must have a Psi rating of 5 or higher')",
            Restricted(_) => "Engine Rules v1.2: Attack a Conflict Participant (the attacker must be eligible to become a participant); rulings 4.7 (participation restrictions)",
            MustReplace(_) | CannotReplace(_) => "Engine Rules v1.2: Replace a Card",
            NoIsa(_) | ReserveUsed | NotInReserve(_) | ReserveNoDeck => {
                "Engine Rules v1.2: The Interstellar Alliance"
            }
            NotAVoter => "Engine Rules v1.2: Votes (the head calls the vote order)",
            DrakhSponsor(_) => "Engine Rules v1.2: Drakh Faction Rules, Drakh Rule 5",
            DrakhOnly(_) => "Engine Rules v1.2: Drakh Faction Rules, Drakh Rules 3 and 5; Drakh Agendas",
            ChaosMove => "Engine Rules v1.2: Drakh Faction Rules, Drakh Rule 7 (Chaos Tokens)",
            JoinWar => "Engine Rules v1.2: War in Dual Race Games",
            Cannot { .. } => "Engine Rules v1.2: Rules of Precedence, The Cannot rule (a \"cannot\" wins over any permission until it is removed)",
            NotOffered(_) => "Engine Rules v1.2: Searching Your Deck; card effects that choose cards (only the cards the effect names can be chosen)",
            NoSuchMode => "Engine Rules v1.2: Advanced Details about playing cards (a \"choose one\" mode must be one the card offers and that can happen)",
            Irrevocable(_) => "Engine Rules v1.2: Glossary, Irrevocable (it cannot be targeted by a card that would directly cause it to leave play)",
            CannotReverse(_) => "Engine Rules v1.2: Advanced Details about playing cards, Reversal and Reversing Effects (an event, card action or contingency reverses only what was revealed or resolved just before it, or an event played since your last chance to act, only if every effect that occurred can be reversed; never an irrevocable card)",
            NotReversible { .. } => "Engine Rules v1.2: Advanced Details about playing cards, Reversal and Reversing Effects; Glossary, Irrevocable; rulings, Not Meant To Be (an Event another player played since your last chance to act, your last Action Round turn; never the same Event twice; only if its effects can be reversed as a whole)",
            PersonalityInPlay(..) => "Engine Rules v1.2: Personalities (no more than one card of the same personality in play, except a version that replaces the one in play)",
            NoSecondTarget(_) => "Engine Rules v1.2: Legal Targets; Advanced Details about playing cards, Targets (\"you cannot play that card unless you can target all of the appropriate card(s)\")",
            SameTarget(_) | SecondRelation(_) => "Engine Rules v1.2: Legal Targets (a card's two targets are two cards, as the card describes them)",
            RangerOneInPlay(..) => "Engine Rules v1.2: Glossary, Ranger One (only one character at a time may have the keyword Ranger One; the keyword is limited)",
            NoMulliganLeft => "Engine Rules v1.2: Appendix One: Two Player games, Mulligan rule (draw 7 new cards, then 6, \"until you have no cards left to draw\")",
            NotPutBack(_) => "Engine Rules v1.2: Appendix One: Two Player games (put the rest back on top of your deck \"in whatever order you like\")",
            PlayerNotOffered(_) => "rulings: Peace In Our Time (\"one other race\": a player chosen as the effect happens, among those the card names); card-format: Choices (choosing a player)",
            Share { .. } => "rulings: Order Above All (\"any combination of players may apply influence\" to negate the effect)",
        }
    }
}

/// An illegal action, rejected with the state unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} ({rule})")]
pub struct RuleError {
    pub violation: Violation,
    /// What was wrong, with card and player names.
    pub message: String,
    /// The rule broken.
    pub rule: &'static str,
}

/// An illegal set-up or position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a game needs 2 to 6 players, not {0}")]
    PlayerCount(usize),
    #[error("two players are named \"{0}\"")]
    DuplicateName(String),
    #[error("player {player}: {race:?} is not a race a player can choose (Races and Factions)")]
    NotPlayable { player: String, race: Race },
    #[error("player {player}: the {faction} faction is not available to {race} (Races and Factions: Factions Available)")]
    FactionUnavailable {
        player: String,
        race: Race,
        faction: &'static str,
    },
    #[error("players {first} and {second} both play the {race} {faction} faction; only one is allowed per {scope} (Races and Factions)")]
    FactionTaken {
        first: String,
        second: String,
        race: Race,
        faction: &'static str,
        scope: &'static str,
    },
    #[error("player {player}: {card} cannot be the starting ambassador of a {race} {faction} faction: {why} (Reveal your ambassador)")]
    BadAmbassador {
        player: String,
        card: String,
        race: Race,
        faction: &'static str,
        why: &'static str,
    },
    #[error("players {first} and {second} both reveal {card} as ambassador (Ambassador Clashes)")]
    AmbassadorClash {
        first: String,
        second: String,
        card: String,
    },
    #[error("player {player}: the starting hand holds two {card_type} cards ({first}, {second}); starting-hand cards must be of different types (Select Your Starting Hand)")]
    HandTypes {
        player: String,
        card_type: &'static str,
        first: String,
        second: String,
    },
    #[error("player {player}: the starting hand holds {count} cards; it is three cards of different types (plus a second species ambassador for the Non-Aligned) (Select Your Starting Hand)")]
    HandSize { player: String, count: usize },
    #[error(
        "player {player}: {card} cannot be in a starting hand: {why} (Select Your Starting Hand)"
    )]
    HandCard {
        player: String,
        card: String,
        why: &'static str,
    },
    #[error("unknown card definition id {0}")]
    UnknownDef(u16),
    #[error("a game may hold at most 65,000 cards")]
    TooManyCards,
    #[error("{0}")]
    Position(String),
    #[error("player {player}: the reserve holds {count} cards; it may hold at most 20 (Reserve/sideboard/ISA Pile and the Engine)")]
    ReserveTooLarge { player: String, count: usize },
}
