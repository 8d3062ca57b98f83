//! Refusals in words: the message of a rule error names the cards and
//! players the refused action named (`RuleError::message`).

use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::state::Game;
use crate::ids::{CardId, PlayerId};
use crate::words::describe::capital;

impl Game {
    /// The message of a rule error, naming cards and players: a plain
    /// dispatch of each refusal to its family.
    pub(crate) fn violation_message(&self, v: Violation, p: PlayerId, a: &Action) -> String {
        let words = match v {
            Violation::GameOver
            | Violation::NotPending
            | Violation::WrongTime { .. }
            | Violation::NoSuchCard(..)
            | Violation::NoSuchConflict
            | Violation::NoSuchPlayer
            | Violation::NotInHand(..)
            | Violation::NotYours(..)
            | Violation::NotInPlay(..)
            | Violation::WrongType { .. }
            | Violation::NotReady(..)
            | Violation::NeutralizedThisTurn(..)
            | Violation::NotInnerCircle(..)
            | Violation::NotSupportingRow(..)
            | Violation::Unaffordable { .. }
            | Violation::UndefinedCost(..)
            | Violation::TooManyActions(..)
            | Violation::UsedUp { .. }
            | Violation::NoCredits { .. }
            | Violation::NoChaos { .. }
            | Violation::Disloyal { .. }
            | Violation::LimitedInPlay(..)
            | Violation::UniqueUsed(..)
            | Violation::LimitedRemoved(..)
            | Violation::HomeworldInPlay(..)
            | Violation::LimitedThisTurn(..)
            | Violation::StartingAmbassador(..)
            | Violation::RequirementUnmet(..)
            | Violation::Allergic(..) => self.play_refusal(v, p),
            Violation::BadTarget
            | Violation::TargetSelf
            | Violation::InfluenceTooHigh
            | Violation::NoAbility { .. }
            | Violation::AlreadyLed(..)
            | Violation::OwnFaction(..)
            | Violation::NotParticipant(..)
            | Violation::LeaderNotAttackable(..)
            | Violation::AttackImpossible { .. }
            | Violation::WrongRole(..)
            | Violation::NeutralizedTarget(..)
            | Violation::NotDamaged(..)
            | Violation::NoAmbassadorToHeal
            | Violation::RepairAmount
            | Violation::AlreadyHaveAgenda
            | Violation::NoAgenda
            | Violation::AgendaHidden
            | Violation::AgendaNotHidden
            | Violation::MajorAgenda
            | Violation::NotMercenary(..)
            | Violation::AlreadyControl(..)
            | Violation::NotSustainable(..)
            | Violation::AlreadySustained(..)
            | Violation::NoMoreConflicts
            | Violation::NotAtWar
            | Violation::SurrenderNotAtWar
            | Violation::UnopposableCannotOppose
            | Violation::BadSide
            | Violation::AftermathCondition(..)
            | Violation::AlreadyAffected(..)
            | Violation::NoTrigger(..)
            | Violation::BuyTooMany { .. }
            | Violation::NotAssistant(..)
            | Violation::Ambassador(..)
            | Violation::NoAction(..)
            | Violation::CannotKeep
            | Violation::Eliminated
            | Violation::DisloyalTarget { .. }
            | Violation::Restricted(..)
            | Violation::FirstSupporter(..)
            | Violation::MustReplace(..)
            | Violation::CannotReplace(..)
            | Violation::NoIsa(..)
            | Violation::ReserveUsed
            | Violation::NotInReserve(..)
            | Violation::ReserveNoDeck
            | Violation::NotAVoter
            | Violation::DrakhSponsor(..)
            | Violation::DrakhOnly(..)
            | Violation::ChaosMove
            | Violation::JoinWar => self.target_refusal(v, p, a),
            Violation::Cannot { .. }
            | Violation::NotOffered(..)
            | Violation::NoSuchMode
            | Violation::CannotReverse(..)
            | Violation::NotReversible { .. }
            | Violation::Irrevocable(..)
            | Violation::PersonalityInPlay(..)
            | Violation::RangerOneInPlay(..)
            | Violation::NoSecondTarget(..)
            | Violation::SameTarget(..)
            | Violation::SecondRelation(..)
            | Violation::NoMulliganLeft
            | Violation::NotPutBack(..)
            | Violation::Share { .. }
            | Violation::PlayerNotOffered(..) => self.effect_refusal(v, p),
        };
        // Every refusal is worded by its family; the number stands in if one
        // were ever routed to the wrong family.
        words.unwrap_or_else(|| format!("the action is refused ({v:?})"))
    }

    /// A refusal of the turn, of the card itself or of its cost.
    fn play_refusal(&self, v: Violation, p: PlayerId) -> Option<String> {
        let n = |c: CardId| {
            if c.idx() < self.cards.len() {
                self.card_name(c).to_string()
            } else {
                format!("card {}", c.0)
            }
        };
        let pn = self.player_name(p);
        Some(match v {
            Violation::GameOver => "the game is over".into(),
            Violation::NotPending => {
                let waiting: Vec<&str> = self
                    .pending()
                    .iter()
                    .map(|&q| self.player_name(q))
                    .collect();
                if waiting.is_empty() {
                    format!("{pn} cannot act now: no player has a choice to make")
                } else {
                    format!("{pn} cannot act now: waiting for {}", waiting.join(", "))
                }
            }
            Violation::WrongTime { verb, when } => {
                format!(
                    "{} is not possible now: the game is in {when}",
                    capital(crate::game::action::verb_words(verb))
                )
            }
            Violation::NoSuchCard(c) => format!("there is no card {}", c.0),
            Violation::NoSuchConflict => "there is no such conflict open to participation".into(),
            Violation::NoSuchPlayer => "there is no such player".into(),
            Violation::NotInHand(c) => format!("{} is not in {pn}'s hand", n(c)),
            Violation::NotYours(c) => format!("{pn} does not control {}", n(c)),
            Violation::NotInPlay(c) => format!("{} is not in play", n(c)),
            Violation::WrongType { card, expected } => format!("{} is not a {expected}", n(card)),
            Violation::NotReady(c) => {
                format!("{} is not ready (it is rotated or neutralized)", n(c))
            }
            Violation::NeutralizedThisTurn(c) => {
                format!("{} was neutralized this turn and cannot act", n(c))
            }
            Violation::NotInnerCircle(c) => {
                format!("{} is not a ready Inner Circle character of {pn}", n(c))
            }
            Violation::NotSupportingRow(c) => {
                format!("{} is not a supporting character of {pn}", n(c))
            }
            Violation::Unaffordable { need, have } => {
                format!("{pn} must apply {need} influence but has only {have} unspent")
            }
            Violation::UndefinedCost(c) => format!("{} has no printed cost", n(c)),
            Violation::TooManyActions(card) => format!(
                "{pn} has used card actions and hired mercenaries {} times this turn, the most the engine allows; {} is not one more",
                crate::actions::card_action::MAX_ACTIONS_PER_TURN,
                n(card)
            ),
            Violation::UsedUp { card, game } => format!(
                "{}'s action may be used only once per {}, and it has been",
                n(card),
                if game { "game" } else { "turn" }
            ),
            Violation::NoCredits { card, need, have } => format!(
                "{}'s action takes {need} credit token{} off it, and it holds {have}",
                n(card),
                if need == 1 { "" } else { "s" }
            ),
            Violation::NoChaos { card, need, have } => format!(
                "{}'s action costs {need} Chaos Token{} off the cards {pn} controls, and they hold {have}",
                n(card),
                if need == 1 { "" } else { "s" }
            ),
            Violation::Disloyal { card, race } => {
                format!(
                    "{} is loyal to the {} and {pn} cannot play it",
                    n(card),
                    race.display()
                )
            }
            Violation::LimitedInPlay(c) => {
                format!("{} is limited and a copy is already in play", n(c))
            }
            Violation::UniqueUsed(c) => {
                format!("{} is unique and has already been played this game", n(c))
            }
            Violation::LimitedRemoved(c) => {
                format!("{} is limited and a copy was removed from the game", n(c))
            }
            Violation::HomeworldInPlay(c) => {
                format!("a homeworld of {}'s race is already in play", n(c))
            }
            Violation::LimitedThisTurn(c) => format!(
                "{} is limited and a copy was already played this turn",
                n(c)
            ),
            Violation::StartingAmbassador(c) => {
                format!("{} is a starting ambassador and cannot be sponsored", n(c))
            }
            Violation::RequirementUnmet(c) => {
                format!("{pn} does not meet the requirements of {}", n(c))
            }
            Violation::Allergic(c) => format!(
                "{} is allergic to {pn}'s faction (Shadow and Vorlon taint)",
                n(c)
            ),
            _ => return None,
        })
    }

    /// A refusal of a target, of participation in a conflict, of an agenda,
    /// a mercenary, a war, the ISA or the Drakh.
    fn target_refusal(&self, v: Violation, p: PlayerId, a: &Action) -> Option<String> {
        let n = |c: CardId| {
            if c.idx() < self.cards.len() {
                self.card_name(c).to_string()
            } else {
                format!("card {}", c.0)
            }
        };
        let pn = self.player_name(p);
        Some(match v {
            Violation::BadTarget => format!(
                "that is not a legal target for {}",
                a.card().map(n).unwrap_or_else(|| "this action".into())
            ),
            Violation::TargetSelf => "a conflict cannot target its own initiator".into(),
            Violation::InfluenceTooHigh => format!("{pn}'s Influence Rating is above 9"),
            Violation::NoAbility { card, ability } => {
                format!("{} has no {}", n(card), ability.display())
            }
            Violation::AlreadyLed(f) => format!("{} is already led by another character", n(f)),
            Violation::OwnFaction(c) => format!("{} is in {pn}'s own faction", n(c)),
            Violation::NotParticipant(c) => format!(
                "{} is not supporting, opposing or attacking in that conflict",
                n(c)
            ),
            Violation::LeaderNotAttackable(c) => format!(
                "{} only leads a participating fleet and cannot be attacked",
                n(c)
            ),
            Violation::AttackImpossible { attacker, target } => format!(
                "{} cannot attack {} now: the ability the attack uses is 0 for it (with a tie of the target's highest abilities, any one of them), or the target cannot be attacked",
                n(attacker),
                n(target)
            ),
            Violation::WrongRole(c) => {
                format!("{} already takes the other side of that conflict", n(c))
            }
            Violation::NeutralizedTarget(c) => {
                format!("{} is neutralized and cannot be attacked", n(c))
            }
            Violation::NotDamaged(c) => format!("{} is not damaged", n(c)),
            Violation::NoAmbassadorToHeal => format!("{pn}'s ambassador has nothing to heal"),
            Violation::RepairAmount => {
                "the repair amount must be between 1 and the damage on the card".into()
            }
            Violation::AlreadyHaveAgenda => format!("{pn} already has an agenda (hidden or not)"),
            Violation::NoAgenda => format!("{pn} has no agenda"),
            Violation::AgendaHidden => format!("{pn}'s agenda is hidden"),
            Violation::AgendaNotHidden => format!("{pn}'s agenda is not hidden"),
            Violation::MajorAgenda => {
                "a Major Agenda cannot leave play this way (only a Major Agenda may replace it)"
                    .into()
            }
            Violation::NotMercenary(c) => format!("{} is not a mercenary", n(c)),
            Violation::AlreadyControl(c) => format!("{pn} already controls {}", n(c)),
            Violation::NotSustainable(c) => format!(
                "{} is not rotated for an action that can be sustained",
                n(c)
            ),
            Violation::AlreadySustained(c) => format!("{} is already sustaining", n(c)),
            Violation::NoMoreConflicts => format!("{pn} may declare no more conflicts this turn"),
            Violation::NotAtWar => format!(
                "{pn} is not at war with that player, and no card in play lets {pn} declare war conflicts against them"
            ),
            Violation::SurrenderNotAtWar => format!(
                "{pn} may surrender only to a player still in the game with whom {pn} is at war"
            ),
            Violation::UnopposableCannotOppose => {
                "that conflict is unopposable: each faction may only support a side".into()
            }
            Violation::BadSide => "that is not a side of the conflict".into(),
            Violation::AftermathCondition(c) => {
                format!("the play conditions of {} are not met", n(c))
            }
            Violation::AlreadyAffected(c) => {
                format!("a copy of that card already affects {}", n(c))
            }
            Violation::NoTrigger(c) => format!("{}'s trigger has not happened", n(c)),
            Violation::BuyTooMany { max } => format!("{pn} can buy at most {max} card(s) now"),
            Violation::NotAssistant(c) => {
                format!("{pn} cannot use {} as an ambassador's assistant", n(c))
            }
            Violation::Ambassador(c) => format!("{} is an ambassador", n(c)),
            Violation::NoAction(c) => format!("{} has no such action", n(c)),
            Violation::CannotKeep => {
                "that card cannot be kept (three kept already, or mulligan after keeping)".into()
            }
            Violation::Eliminated => format!("{pn} has been eliminated"),
            Violation::DisloyalTarget { card, race } => format!(
                "{} is loyal to the {} and must be sponsored by and played on cards of that race",
                n(card),
                race.display()
            ),
            Violation::FirstSupporter(c) => format!(
                "{} cannot be the first card {pn} rotates to support that conflict: its conflict card says what the first supporter must be",
                n(c)
            ),
            Violation::Restricted(c) => format!(
                "{} may not take part in that conflict (participation restrictions)",
                n(c)
            ),
            Violation::MustReplace(c) => {
                format!("{} can only enter play by replacing a card", n(c))
            }
            Violation::CannotReplace(c) => format!("{} does not replace that card", n(c)),
            Violation::NoIsa(c) => format!(
                "{} is an ISA card: it needs the Interstellar Alliance, which does not exist",
                n(c)
            ),
            Violation::ReserveUsed => {
                format!("{pn} has already taken a card from the reserve this turn")
            }
            Violation::NotInReserve(c) => format!("{} is not in {pn}'s reserve", n(c)),
            Violation::ReserveNoDeck => {
                format!("{pn} has no card on top of the deck to discard")
            }
            Violation::NotAVoter => "that player has no vote left to cast".into(),
            Violation::DrakhSponsor(c) => format!(
                "{}: Drakh cards are sponsored only by Drakh characters, and Drakh characters sponsor only Drakh or neutral cards",
                n(c)
            ),
            Violation::DrakhOnly(c) => format!(
                "only a Drakh faction may play {} (and a Drakh card that is sponsored enters play no other way)",
                n(c)
            ),
            Violation::ChaosMove => "Chaos Tokens move from one card you control to one other Drakh card you control, at most as many as it holds".into(),
            Violation::JoinWar => format!(
                "{pn} may rotate a ready ambassador to declare war only on a player another faction of {pn}'s race is at war with"
            ),
            _ => return None,
        })
    }

    /// A refusal by a restriction, a choice, a reversal, a personality, a
    /// second target or the setup.
    fn effect_refusal(&self, v: Violation, p: PlayerId) -> Option<String> {
        let n = |c: CardId| {
            if c.idx() < self.cards.len() {
                self.card_name(c).to_string()
            } else {
                format!("card {}", c.0)
            }
        };
        let pn = self.player_name(p);
        Some(match v {
            Violation::Cannot { card, what } => {
                let does: std::borrow::Cow<str> = match what {
                    crate::card::Cannot::BePromoted => "be promoted".into(),
                    crate::card::Cannot::Ready => "ready".into(),
                    crate::card::Cannot::Participate
                    | crate::card::Cannot::ParticipateHere => "take part in that conflict".into(),
                    crate::card::Cannot::BeBlanked => "be blanked".into(),
                    crate::card::Cannot::BeDiscarded => "be discarded".into(),
                    crate::card::Cannot::BeTargeted => "be targeted".into(),
                    crate::card::Cannot::BeTargetedByConflicts => {
                        "be targeted by conflicts".into()
                    }
                    crate::card::Cannot::DeclareConflicts => "declare conflicts".into(),
                    crate::card::Cannot::DeclareType(k) => {
                        format!("declare {} conflicts", k.display()).into()
                    }
                    crate::card::Cannot::BeTargetedByOthers => {
                        "be targeted by other players' cards".into()
                    }
                    crate::card::Cannot::BeRotatedByOthers => {
                        "be rotated by other players' cards".into()
                    }
                    crate::card::Cannot::BeRotatedByOtherIsaMembers => {
                        "be rotated by the cards of other ISA members".into()
                    }
                    crate::card::Cannot::GainInfluence => "gain influence".into(),
                    crate::card::Cannot::SponsorType(t) => {
                        format!("sponsor {} cards", t.name()).into()
                    }
                    crate::card::Cannot::SponsorRace(r) => {
                        format!("sponsor {} cards", r.display()).into()
                    }
                    crate::card::Cannot::PlayThis | crate::card::Cannot::PlayDef(_) => {
                        format!("play {}", n(card)).into()
                    }
                    crate::card::Cannot::PlayType(t) => format!("play {} cards", t.name()).into(),
                };
                let play = matches!(
                    what,
                    crate::card::Cannot::PlayDef(_) | crate::card::Cannot::PlayType(_)
                );
                let who = if card.some().is_some() && !play {
                    n(card)
                } else {
                    pn.to_string()
                };
                format!("{who} cannot {does} while a restriction is in effect")
            }
            Violation::NotOffered(card) => {
                format!("{} is not one of the cards this choice offers", n(card))
            }
            Violation::NoSuchMode => {
                "that mode is not offered (it does not exist or cannot happen now)".to_string()
            }
            Violation::PlayerNotOffered(q) => format!(
                "{} is not one of the players this choice offers (the card names them, and only those for whom its effects can happen now)",
                if (q as usize) < self.players.len() {
                    self.player_name(q).to_string()
                } else {
                    format!("seat {q}")
                }
            ),
            Violation::CannotReverse(c) => format!(
                "{} reverses what was just revealed or resolved: there is none to reverse, or one of its effects cannot be reversed",
                n(c)
            ),
            Violation::NotReversible { card, event, why } => {
                use crate::effects::reversal::since::ReverseRefusal as R;
                let e = n(event);
                // The target may be any card, hidden ones included: it is
                // named only once known to be an event played openly.
                if why == R::NoEvent {
                    return Some(format!(
                        "{} names no event played since your last chance to act (your last Action Round turn)",
                        n(card)
                    ));
                }
                let reason = match why {
                    R::NoEvent => String::new(),
                    R::NotSince => format!(
                        "{e} is not an event played since your last chance to act (your last Action Round turn; a negated event was not played)"
                    ),
                    R::OwnEvent => format!("you played {e} yourself"),
                    R::AlreadyReversed => format!("{e} has already been reversed"),
                    R::Irrevocable => format!("{e} is irrevocable: its effects cannot be reversed"),
                    R::NotWhole => format!(
                        "one of the effects of {e} that occurred cannot be reversed, so none can"
                    ),
                    R::NoEffect => format!("none of the effects of {e} changed anything"),
                    R::Reverser => format!(
                        "{e} reversed another card together with other effects, which would stand: it cannot be reversed as a whole"
                    ),
                };
                format!("{} cannot reverse {e}: {reason}", n(card))
            }
            Violation::Irrevocable(c) => format!(
                "{} is irrevocable: it cannot be targeted by a card that would make it leave play, nor replaced",
                n(c)
            ),
            Violation::PersonalityInPlay(card, other) => format!(
                "{} depicts the same personality as {}, which is in play; only a version that replaces it may enter",
                n(card),
                n(other)
            ),
            Violation::RangerOneInPlay(card, other) => format!(
                "{} is Ranger One, and {} is Ranger One in play: only one character at a time may be",
                n(card),
                n(other)
            ),
            Violation::NoSecondTarget(c) => format!(
                "{} has two targets, and with that first target no card can be its second target",
                n(c)
            ),
            Violation::SameTarget(c) => format!(
                "{} is already the first target: the second target is another card",
                n(c)
            ),
            Violation::SecondRelation(c) => match self.second_relation_words() {
                Some((words, first)) => format!(
                    "{} is not {words} {first}, the first target",
                    n(c)
                ),
                None => format!("{} does not stand to the first target as the card says", n(c)),
            },
            Violation::NoMulliganLeft => {
                "no mulligan left: the last one drew a single card, and each draws one fewer".into()
            }
            Violation::NotPutBack(c) => format!(
                "{} is not one of the cards put back on the deck still to be placed",
                n(c)
            ),
            Violation::Share { max } => {
                format!("a share toward the price is 1 to {max} influence")
            }
            _ => return None,
        })
    }
}
