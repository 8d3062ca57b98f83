//! Words for the game: card and player names, the log as sentences
//! ("Narn: Lesser Attaché supports Border Dispute with Intrigue 3"), and the
//! messages of rule errors.

use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::event::{Cause, Event};
use crate::game::state::{Game, Outcome, Target, Zone};
use crate::ids::{CardId, ConflictId, PlayerId};

impl Game {
    pub fn player_name(&self, p: PlayerId) -> &str {
        self.meta
            .names
            .get(p as usize)
            .map(|s| s.as_str())
            .unwrap_or("nobody")
    }

    /// A card's name ("a hidden card" for `CardId::NONE`).
    pub fn card_name(&self, c: CardId) -> &str {
        match self.cards.get(c.idx()) {
            Some(ci) => &self.db.get(ci.def).name,
            None => "a hidden card",
        }
    }

    /// A conflict's name: its card's, or "P's war conflict".
    pub fn conflict_name(&self, k: ConflictId) -> String {
        match self.conflicts.get(k.0 as usize) {
            Some(c) if c.card.is_none() => {
                format!("{}'s war conflict", self.player_name(c.initiator))
            }
            Some(c) => self.card_name(c.card).to_string(),
            None => "a conflict".to_string(),
        }
    }

    pub fn target_name(&self, t: Target) -> String {
        match t {
            Target::None => String::new(),
            Target::Player(p) => self.player_name(p).to_string(),
            Target::Race(r) => r.display().to_string(),
            // An event in a discard pile (what a reversal targets): whose.
            Target::Card(c) if c.idx() < self.cards.len() && self.c(c).zone == Zone::Discard => {
                format!(
                    "{}'s {}",
                    self.player_name(self.c(c).owner),
                    self.card_name(c)
                )
            }
            Target::Card(c) => self.card_name(c).to_string(),
            Target::Conflict(k) => self.conflict_name(k),
        }
    }

    fn on(&self, t: Target) -> String {
        match t {
            Target::None => String::new(),
            t => format!(" on {}", self.target_name(t)),
        }
    }

    /// An action as a phrase ("sponsors Narn Agent with Earth Envoy").
    pub fn describe_action(&self, a: &Action) -> String {
        let n = |c: CardId| self.card_name(c).to_string();
        match *a {
            Action::Pass if self.unless_pending().is_some() => format!(
                "let the effect of {} happen",
                self.unless_pending()
                    .map_or_else(String::new, |(_, c)| n(c))
            ),
            // Appendix Two, Example 6: "done" leaves the rest behind.
            Action::Pass if self.transfer_pending() => {
                let rest: Vec<String> = self.transfer_left_behind().iter().map(|&c| n(c)).collect();
                format!("transfer no more (discard {})", rest.join(", "))
            }
            Action::Pass => "pass".into(),
            Action::Sustain { card } => format!("sustain {}", n(card)),
            Action::Declare { card, target } => format!("declare {}{}", n(card), self.on(target)),
            Action::DeclareWar { target } => format!(
                "declare a war conflict against {}",
                self.target_name(target)
            ),
            Action::Sponsor { card, by, target } => {
                let cost = self.db.get(self.c(card).def).cost.unwrap_or(0);
                format!(
                    "sponsor {}{} (rotating {}, cost {})",
                    n(card),
                    self.on(target),
                    n(by),
                    cost
                )
            }
            Action::Promote { card, by } => format!("promote {} (rotating {})", n(card), n(by)),
            Action::Replace { card, old } => format!("replace {} with {}", n(old), n(card)),
            Action::Build { by } => format!("build influence (rotating {})", n(by)),
            Action::UseCard {
                card,
                index,
                target,
                pay,
            } => {
                let paying = match pay.some() {
                    Some(c) => format!(", paying with {}", n(c)),
                    None => String::new(),
                };
                format!(
                    "use {}'s action {}{}{paying}",
                    n(card),
                    index + 1,
                    self.on(target)
                )
            }
            Action::Lead { card, fleet } => format!("{} leads {}", n(card), n(fleet)),
            Action::Assist {
                card,
                ambassador,
                discount,
            } => {
                if discount {
                    format!(
                        "{} assists {} (1 influence off the next sponsoring)",
                        n(card),
                        n(ambassador)
                    )
                } else {
                    format!(
                        "{} assists {} (+1 Diplomacy, Intrigue, Leadership)",
                        n(card),
                        n(ambassador)
                    )
                }
            }
            Action::Support { conflict, .. }
            | Action::Oppose { conflict, .. }
            | Action::Attack { conflict, .. }
                if conflict.0 as usize >= self.conflicts.len() =>
            {
                format!("{} (no such conflict)", a.verb())
            }
            Action::Support {
                card,
                conflict,
                side,
            } => {
                let k = &self.conflicts[conflict.0 as usize];
                let ab = self.used_ability(card, k.kind);
                if k.unopposable {
                    format!(
                        "{} supports {} for {} with {} {}",
                        n(card),
                        self.conflict_name(conflict),
                        self.player_name(side),
                        k.kind.display(),
                        ab
                    )
                } else {
                    format!(
                        "{} supports {} with {} {}",
                        n(card),
                        self.conflict_name(conflict),
                        k.kind.display(),
                        ab
                    )
                }
            }
            Action::Oppose { card, conflict } => {
                let k = &self.conflicts[conflict.0 as usize];
                format!(
                    "{} opposes {} with {} {}",
                    n(card),
                    self.conflict_name(conflict),
                    k.kind.display(),
                    self.used_ability(card, k.kind)
                )
            }
            Action::Attack {
                card,
                target,
                conflict,
            } => {
                format!(
                    "{} attacks {} in {}",
                    n(card),
                    n(target),
                    self.conflict_name(conflict)
                )
            }
            Action::Play { card, target } => format!("play {}{}", n(card), self.on(target)),
            Action::PlayContingency { card, host } => {
                format!("play {} face down under {}", n(card), n(host))
            }
            Action::SponsorAgenda { card, by } => {
                format!("sponsor agenda {} (rotating {})", n(card), n(by))
            }
            Action::HideAgenda { card, by } => {
                format!("hide agenda {} (rotating {})", n(card), n(by))
            }
            Action::ReplaceAgenda { card, by } => {
                format!("replace the agenda with {} (rotating {})", n(card), n(by))
            }
            Action::RevealAgenda => "reveal the hidden agenda".into(),
            Action::DiscardAgenda => "discard the agenda".into(),
            Action::Heal {
                card,
                ambassadorial,
            } => {
                if ambassadorial {
                    format!(
                        "{} rotates to heal the ambassador (ambassadorial healing)",
                        n(card)
                    )
                } else {
                    format!("heal {}", n(card))
                }
            }
            Action::Repair { card, amount } => format!("repair {} damage on {}", amount, n(card)),
            Action::Hire { card } => {
                let cost = self.db.get(self.c(card).def).cost.unwrap_or(0);
                format!("hire the mercenary {} (bid {})", n(card), cost)
            }
            Action::PlayAftermath { card, target } => {
                format!("play aftermath {}{}", n(card), self.on(target))
            }
            Action::Reveal { card } => format!("reveal contingency {}", n(card)),
            Action::Discard { card } => format!("discard {} from hand", n(card)),
            Action::Choose { card } if self.second_pending() => {
                format!("choose {} as the second target", n(card))
            }
            Action::Choose { card } if self.transfer_pending() => {
                match self.transfer_choice_words() {
                    Some((new, _, _)) => format!("transfer {} to {new}", n(card)),
                    None => format!("transfer {}", n(card)),
                }
            }
            Action::Choose { card } if self.choice.is_some() => format!("choose {}", n(card)),
            // Appendix One: the cards put back, in the order the player likes.
            Action::Choose { card }
                if matches!(self.step, crate::game::state::Step::Keep { .. }) =>
            {
                format!("put {} back next from the top of the deck", n(card))
            }
            Action::Choose { card } => format!("discard {} from the Inner Circle", n(card)),
            Action::Buy { count } => {
                format!("buy {} card{}", count, if count == 1 { "" } else { "s" })
            }
            Action::Surrender { to } => format!(
                "surrender unconditionally to {} (they gain 3 influence; you leave the game)",
                self.player_name(to)
            ),
            Action::Keep { card } => format!("keep {}", n(card)),
            Action::Mulligan => "mulligan".into(),
            Action::CallVoter { player } => {
                format!("call on {} to vote", self.player_name(player))
            }
            Action::Vote { choice } => format!("vote {}", choice.name()),
            Action::TakeFromReserve { card } => format!(
                "take {} from the reserve (discard the top card of the deck; no draws this turn)",
                n(card)
            ),
            Action::MoveChaos { from, to, count } => format!(
                "move {} Chaos Token{} from {} to {}",
                count,
                if count == 1 { "" } else { "s" },
                n(from),
                n(to)
            ),
            Action::KeepChaos => "leave the Chaos Tokens where they are".into(),
            Action::JoinWar { against } => format!(
                "rotate the ambassador to declare war on {}",
                self.player_name(against)
            ),
            Action::Mode { index } if self.pool_pending().is_some() => format!(
                "offer {} influence toward the {} that stop the effect of {}",
                index as u32 + 1,
                self.pool_pending().map_or(0, |(price, _)| price),
                self.unless_pending()
                    .map_or_else(String::new, |(_, c)| n(c))
            ),
            Action::Mode { index: 0 } if self.unless_pending().is_some() => format!(
                "apply {} influence to stop the effect of {}",
                self.unless_pending().map_or(0, |(n, _)| n),
                self.unless_pending()
                    .map_or_else(String::new, |(_, c)| n(c))
            ),
            Action::Mode { index } => format!("choose mode {}", index as u32 + 1),
            Action::ResolveFirst { conflict } if conflict.0 as usize >= self.conflicts.len() => {
                "resolve_first (no such conflict)".into()
            }
            Action::ResolveFirst { conflict } => {
                format!("resolve {} first", self.conflict_name(conflict))
            }
        }
    }

    /// An event as a sentence, or `None` for bookkeeping events not worth a
    /// line in a log.
    pub fn describe(&self, e: &Event) -> Option<String> {
        let n = |c: CardId| self.card_name(c).to_string();
        let pn = |p: PlayerId| self.player_name(p).to_string();
        let fac = |c: CardId| {
            let f = self
                .cards
                .get(c.idx())
                .map(|x| x.controller)
                .unwrap_or(u8::MAX);
            if (f as usize) < self.players.len() {
                format!("{}: ", self.player_name(f))
            } else {
                String::new()
            }
        };
        Some(match *e {
            Event::TurnBegan { turn } => format!("Turn {turn} begins."),
            Event::RoundBegan { round } => format!("The {} Round begins.", capital(round.name())),
            Event::InfluenceRestored => "Influence is restored.".into(),
            Event::InitiativeDetermined => {
                let order: Vec<&str> = self
                    .initiative
                    .iter()
                    .map(|&p| self.player_name(p))
                    .collect();
                format!("Initiative order: {}.", order.join(", "))
            }
            Event::Sustained { card } => format!("{}{} sustains its action.", fac(card), n(card)),
            Event::Passed { player } => format!("{}: passes.", pn(player)),
            Event::Declared { player } => format!("{}: declares a conflict face down.", pn(player)),
            Event::Initiated {
                conflict,
                player,
                target,
                ..
            } => {
                let t = match target {
                    Target::None => String::new(),
                    t => format!(" targeting {}", self.target_name(t)),
                };
                format!(
                    "{}: initiates {}{}.",
                    pn(player),
                    self.conflict_name(conflict),
                    t
                )
            }
            Event::ConflictDiscarded { player, card } => {
                format!("{}: {} is discarded when revealed.", pn(player), n(card))
            }
            Event::Sponsored {
                player,
                card,
                by,
                cost,
            } => {
                format!(
                    "{}: {} sponsors {} for {} influence.",
                    pn(player),
                    n(by),
                    n(card),
                    cost
                )
            }
            Event::Promoted {
                player, card, cost, ..
            } => {
                format!(
                    "{}: {} is promoted to the Inner Circle for {} influence.",
                    pn(player),
                    n(card),
                    cost
                )
            }
            Event::Built { player, by } => format!("{}: {} builds influence.", pn(player), n(by)),
            Event::Replaced { player, old, card } => {
                format!("{}: {} replaces {}.", pn(player), n(card), n(old))
            }
            Event::UsedCard { player, card, .. } => format!("{}: uses {}.", pn(player), n(card)),
            Event::Led { card, fleet } => format!("{}{} leads {}.", fac(card), n(card), n(fleet)),
            Event::Assisted {
                card, ambassador, ..
            } => format!("{}{} assists {}.", fac(card), n(card), n(ambassador)),
            Event::Supported {
                card,
                conflict,
                side,
                ability,
                value,
            } => {
                // A conflict where each faction is a side: say which.
                let side = match self.conflicts.get(conflict.0 as usize) {
                    Some(k) if k.unopposable => format!(" for {}", pn(side)),
                    _ => String::new(),
                };
                format!(
                    "{}{} supports {}{side} with {} {}.",
                    fac(card),
                    n(card),
                    self.conflict_name(conflict),
                    ability.display(),
                    value
                )
            }
            Event::Opposed {
                card,
                conflict,
                ability,
                value,
            } => format!(
                "{}{} opposes {} with {} {}.",
                fac(card),
                n(card),
                self.conflict_name(conflict),
                ability.display(),
                value
            ),
            Event::Attacked {
                attacker,
                target,
                ability,
            } => {
                format!(
                    "{}{} attacks {} with {}.",
                    fac(attacker),
                    n(attacker),
                    n(target),
                    ability.display()
                )
            }
            Event::AttackCanceled { attacker } => {
                format!("The attack by {} is canceled.", n(attacker))
            }
            Event::Damaged { card, amount } => format!("{} takes {} damage.", n(card), amount),
            Event::AttachmentMoved { card, from, to } => {
                format!("{} moves from {} to {}.", n(card), n(from), n(to))
            }
            Event::DamageMoved { from, to, count } => {
                format!("{} damage moves from {} to {}.", count, n(from), n(to))
            }
            Event::Neutralized { card, severe } => {
                if severe > 0 {
                    format!("{} is neutralized ({} severe damage).", n(card), severe)
                } else {
                    format!("{} is neutralized.", n(card))
                }
            }
            Event::Healed { card } => format!("{}{} is healed.", fac(card), n(card)),
            Event::AmbassadorHealed { card } => {
                format!("{} is fully healed (ambassadorial healing).", n(card))
            }
            Event::Repaired { card, amount } => format!("{} repairs {} damage.", n(card), amount),
            Event::EventPlayed {
                player,
                card,
                target,
            } => {
                format!("{}: plays {}{}.", pn(player), n(card), self.on(target))
            }
            Event::EventNegated { player, card } => format!(
                "{}'s {} is negated: its effects are ignored and it has not been played.",
                pn(player),
                n(card)
            ),
            Event::ActionNegated { player, card, .. } => format!(
                "{}'s action of {} is negated: its effects are ignored (its costs stay paid).",
                pn(player),
                n(card)
            ),
            Event::ContingencyPlayed { player, host } => {
                format!(
                    "{}: plays a contingency face down under {}.",
                    pn(player),
                    n(host)
                )
            }
            Event::ContingencyRevealed { player, card } => {
                format!("{}: reveals {}.", pn(player), n(card))
            }
            Event::AgendaSponsored { player, card } => {
                format!("{}: sponsors the agenda {}.", pn(player), n(card))
            }
            Event::AgendaHidden { player, .. } => format!("{}: hides an agenda.", pn(player)),
            Event::AgendaRevealed { player, card } => {
                format!("{}: reveals the agenda {}.", pn(player), n(card))
            }
            Event::AgendaReplaced { player, old, card } => {
                format!(
                    "{}: replaces {} with the agenda {}.",
                    pn(player),
                    n(old),
                    n(card)
                )
            }
            Event::AgendaDiscarded { player, card } => {
                format!("{}: discards the agenda {}.", pn(player), n(card))
            }
            Event::Hired { player, card } => format!("{}: hires {}.", pn(player), n(card)),
            Event::ConflictResolved {
                conflict,
                outcome,
                support,
                opposition,
            } => match outcome {
                Outcome::Canceled => format!("{} is canceled.", self.conflict_name(conflict)),
                o => format!(
                    "{} is {} ({} to {}).",
                    self.conflict_name(conflict),
                    o.name(),
                    support,
                    opposition
                ),
            },
            Event::AftermathPlayed {
                player,
                card,
                target,
            } => {
                format!("{}: plays {}{}.", pn(player), n(card), self.on(target))
            }
            Event::Influence { player, delta } => {
                if delta >= 0 {
                    format!("{} gains {} influence.", pn(player), delta)
                } else {
                    format!("{} loses {} influence.", pn(player), -delta)
                }
            }
            Event::Power { player, delta } => {
                if delta >= 0 {
                    format!("{} gains {} power.", pn(player), delta)
                } else {
                    format!("{} loses {} power.", pn(player), -delta)
                }
            }
            Event::Tension {
                player,
                toward,
                value,
            } => {
                format!(
                    "{}'s tension toward {} is now {}.",
                    pn(player),
                    pn(toward),
                    value
                )
            }
            Event::Unrest { player, value } => format!("{}'s unrest is now {}.", pn(player), value),
            Event::NonPlayer { force, value } => {
                format!("{} now has {} influence.", capital(force.display()), value)
            }
            Event::War { a, b, at_war } => {
                if at_war {
                    format!("{} and {} are at war.", pn(a), pn(b))
                } else {
                    format!("The war between {} and {} ends.", pn(a), pn(b))
                }
            }
            Event::ShadowWarBegan => "The Shadow War begins.".into(),
            Event::Mark { card, kind, delta } => {
                if delta > 0 {
                    format!(
                        "{} gains {} {} mark{}.",
                        n(card),
                        delta,
                        kind.name(),
                        if delta == 1 { "" } else { "s" }
                    )
                } else {
                    format!(
                        "{} purges {} {} mark{}.",
                        n(card),
                        -delta,
                        kind.name(),
                        if delta == -1 { "" } else { "s" }
                    )
                }
            }
            Event::Rotated { card } => format!("{} is rotated.", n(card)),
            Event::Readied { card } => format!("{} is readied.", n(card)),
            Event::Drew {
                player,
                card,
                cause,
            } => {
                let what = if card.is_none() {
                    "a card".to_string()
                } else {
                    n(card)
                };
                let why = match cause {
                    Cause::DrawRound => " (Draw Round)".to_string(),
                    Cause::Bought => " (bought)".to_string(),
                    Cause::SetUp => " (starting hand)".to_string(),
                    Cause::Effect { card: src } if src.some().is_some() => {
                        format!(" ({})", n(src))
                    }
                    _ => String::new(),
                };
                format!("{} draws {what}{why}.", pn(player))
            }
            Event::Bought { player, count } => format!(
                "{} buys {} card{}.",
                pn(player),
                count,
                if count == 1 { "" } else { "s" }
            ),
            Event::DiscardedFromHand {
                player,
                card,
                cause,
            } => match cause {
                Cause::Effect { card: src } if src.some().is_some() => {
                    format!(
                        "{} discards {} at random ({}).",
                        pn(player),
                        n(card),
                        n(src)
                    )
                }
                Cause::Chosen => format!("{} chooses to discard {}.", pn(player), n(card)),
                _ => format!("{} discards {}.", pn(player), n(card)),
            },
            Event::DiscardedFromPlay { card, cause } => match cause {
                Cause::Effect { card: src } if src.some().is_some() && src != card => {
                    format!("{} is discarded by {}.", n(card), n(src))
                }
                Cause::Host { card: host } => {
                    format!(
                        "{} is discarded with {}, the card it was on.",
                        n(card),
                        n(host)
                    )
                }
                Cause::Cost => format!("{} is discarded to pay for its action.", n(card)),
                Cause::Neutralized => format!(
                    "{} is discarded: neutralized in a supporting row at the Draw Round.",
                    n(card)
                ),
                Cause::EmptyDeck => format!(
                    "{} is discarded from the Inner Circle: its player's deck is empty.",
                    n(card)
                ),
                Cause::Eliminated => {
                    format!("{} is discarded: its faction was eliminated.", n(card))
                }
                _ => format!("{} is discarded.", n(card)),
            },
            Event::ReturnedToHand { card } => format!("{} returns to its owner's hand.", n(card)),
            Event::Eliminated { player } => format!("{} is eliminated from the game.", pn(player)),
            Event::Conquered {
                player,
                card,
                from,
                blanked,
            } => {
                let from = if (from as usize) < self.players.len() {
                    format!(" from {}", pn(from))
                } else {
                    String::new()
                };
                if blanked {
                    format!(
                        "{} conquers {}{from}; not loyal to its new faction, its text is blanked and nobody controls it.",
                        pn(player),
                        n(card)
                    )
                } else {
                    format!("{} conquers {}{from}.", pn(player), n(card))
                }
            }
            Event::Surrendered { player, to } => {
                format!("{} surrenders unconditionally to {}.", pn(player), pn(to))
            }
            Event::Victory { player, kind } => {
                format!("{} scores a {} Victory!", pn(player), capital(kind.name()))
            }
            Event::GameOver => "The game is over.".into(),
            Event::VoteCalled { card, kind, head } => format!(
                "{} calls a {}; {} heads it and calls the order.",
                n(card),
                kind.display(),
                pn(head)
            ),
            Event::VoteCast {
                player,
                choice,
                votes,
                league,
            } => {
                let what = match choice {
                    crate::card::effect::VoteChoice::Yes => "Yes",
                    crate::card::effect::VoteChoice::No => "No",
                    crate::card::effect::VoteChoice::Abstain => "Abstain",
                };
                let count = if votes == 1 {
                    String::new()
                } else {
                    format!(" ({votes} votes)")
                };
                if league {
                    format!("{} votes {what} for the League{count}.", pn(player))
                } else {
                    format!("{} votes {what}{count}.", pn(player))
                }
            }
            Event::LeagueVoteCalled => {
                "The council is tied: the League of Non-Aligned Worlds votes to break the tie."
                    .into()
            }
            Event::LeagueVoted { choice } => match choice {
                crate::card::effect::VoteChoice::Abstain => {
                    "The League's votes are tied: the League abstains.".into()
                }
                c => format!("The League votes {}.", capital(c.name())),
            },
            Event::VoteEnded {
                kind,
                passed,
                yes,
                no,
            } => format!(
                "The {} {} ({} Yes, {} No).",
                kind.display(),
                if passed { "passes" } else { "fails" },
                yes,
                no
            ),
            Event::IsaFounded { founder } => format!(
                "The Interstellar Alliance is founded; {} is its founder.",
                pn(founder)
            ),
            Event::IsaJoined { player } => {
                format!("{} joins the Interstellar Alliance.", pn(player))
            }
            Event::IsaExpelled { player } => {
                format!("{} is expelled from the Interstellar Alliance.", pn(player))
            }
            Event::ReserveTaken {
                player,
                card,
                discarded,
            } => {
                let what = if card.is_none() {
                    "an ISA card".to_string()
                } else {
                    n(card).to_string()
                };
                format!(
                    "{} discards {} from the top of the deck and takes {what} from the reserve (no draws this turn).",
                    pn(player),
                    n(discarded)
                )
            }
            Event::DrakhConverted { player, ambassador } => format!(
                "{} sponsors the Drakh Ambassador {}, who becomes the faction's ambassador: {} is now a Drakh faction.",
                pn(player),
                n(ambassador),
                pn(player)
            ),
            Event::Chaos { card, delta } if delta > 0 => format!(
                "{}{} gains {} Chaos Token{}.",
                fac(card),
                n(card),
                delta,
                if delta == 1 { "" } else { "s" }
            ),
            Event::Chaos { card, delta } => format!(
                "{}{} loses {} Chaos Token{}.",
                fac(card),
                n(card),
                -(delta as i16),
                if delta == -1 { "" } else { "s" }
            ),
            Event::Credits { card, delta } if delta > 0 => format!(
                "{}{} gains {} credit token{}.",
                fac(card),
                n(card),
                delta,
                if delta == 1 { "" } else { "s" }
            ),
            Event::Credits { card, delta } => format!(
                "{}{} loses {} credit token{}.",
                fac(card),
                n(card),
                -(delta as i16),
                if delta == -1 { "" } else { "s" }
            ),
            Event::ChaosMoved {
                player,
                from,
                to,
                count,
            } => format!(
                "{} moves {} Chaos Token{} from {} to {}.",
                pn(player),
                count,
                if count == 1 { "" } else { "s" },
                n(from),
                n(to)
            ),
            Event::DrakhAmbassadorLost { player } => format!(
                "{}'s Drakh ambassador has left play: {} loses the game.",
                pn(player),
                pn(player)
            ),
            Event::Found {
                player,
                card,
                from,
                shown,
            } => {
                if shown {
                    format!(
                        "{} finds {} in the {} and shows it.",
                        pn(player),
                        n(card),
                        from.name()
                    )
                } else if card.some().is_some() {
                    format!("{} finds {} in the {}.", pn(player), n(card), from.name())
                } else {
                    format!("{} takes a card from the {}.", pn(player), from.name())
                }
            }
            Event::DeckShuffled { player } => format!("{} shuffles the deck.", pn(player)),
            Event::PutIntoPlay { player, card } => {
                format!("{} puts {} into play.", pn(player), n(card))
            }
            Event::StopOffered {
                player,
                card,
                influence,
            } => format!(
                "{} may apply {} influence to stop the effect of {}.",
                pn(player),
                influence,
                n(card)
            ),
            Event::EffectStopped {
                player,
                card,
                influence,
            } => format!(
                "{} applies {} influence and stops the effect of {}.",
                pn(player),
                influence,
                n(card)
            ),
            Event::ChoiceStarted { player, card } => {
                format!("{} chooses a mode of {}.", pn(player), n(card))
            }
            Event::SecondTarget {
                player,
                card,
                second,
            } => format!(
                "{}: the second target of {} is {}.",
                pn(player),
                n(card),
                n(second)
            ),
            Event::TransferChosen { player, card, to } => format!(
                "{} chooses to transfer {} to {}.",
                pn(player),
                n(card),
                n(to)
            ),
            Event::ModeChosen { player, card, index } => format!(
                "{} chooses mode {} of {}.",
                pn(player),
                index as u32 + 1,
                n(card)
            ),
            Event::MarksConverted {
                card,
                from,
                to,
                count,
            } => format!(
                "{} of {}'s {} marks become {} marks.",
                count,
                n(card),
                from.name(),
                to.name()
            ),
            Event::Blanked { card } => format!("{}'s text is blanked.", n(card)),
            Event::ShadowWarEnded => {
                "The Shadow War ends, and the wars it started end with it.".into()
            }
        })
    }

    /// The message of a rule error, naming cards and players.
    pub(crate) fn violation_message(&self, v: Violation, p: PlayerId, a: &Action) -> String {
        let n = |c: CardId| {
            if c.idx() < self.cards.len() {
                self.card_name(c).to_string()
            } else {
                format!("card {}", c.0)
            }
        };
        let pn = self.player_name(p);
        match v {
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
                format!("\"{verb}\" is not possible now: the game is in {when}")
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
            Violation::NoCredits { card, need, have } => format!(
                "{}'s action takes {need} credit token{} off it, and it holds {have}",
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
            Violation::NotAtWar => format!("{pn} is not at war with that player"),
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
            Violation::Cannot { card, what } => {
                let does: std::borrow::Cow<str> = match what {
                    crate::card::effect::Cannot::BePromoted => "be promoted".into(),
                    crate::card::effect::Cannot::Participate
                    | crate::card::effect::Cannot::ParticipateHere => "take part in that conflict".into(),
                    crate::card::effect::Cannot::BeBlanked => "be blanked".into(),
                    crate::card::effect::Cannot::BeDiscarded => "be discarded".into(),
                    crate::card::effect::Cannot::BeTargeted => "be targeted".into(),
                    crate::card::effect::Cannot::BeTargetedByConflicts => {
                        "be targeted by conflicts".into()
                    }
                    crate::card::effect::Cannot::DeclareConflicts => "declare conflicts".into(),
                    crate::card::effect::Cannot::BeTargetedByOthers => {
                        "be targeted by other players' cards".into()
                    }
                    crate::card::effect::Cannot::GainInfluence => "gain influence".into(),
                    crate::card::effect::Cannot::SponsorType(t) => {
                        format!("sponsor {} cards", t.name()).into()
                    }
                    crate::card::effect::Cannot::SponsorRace(r) => {
                        format!("sponsor {} cards", r.display()).into()
                    }
                };
                let who = if card.some().is_some() {
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
                    return format!(
                        "{} names no event played since your last chance to act (your last Action Round turn)",
                        n(card)
                    );
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
        }
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
