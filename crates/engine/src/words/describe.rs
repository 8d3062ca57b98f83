//! Words for the game: card and player names, the log as sentences
//! ("Narn: Lesser Attaché supports Border Dispute with Intrigue 3"), and the
//! messages of rule errors.

use crate::game::action::Action;
use crate::game::event::Event;
use crate::game::state::{Game, Target, Zone};
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

    pub(crate) fn on(&self, t: Target) -> String {
        match t {
            Target::None => String::new(),
            t => format!(" on {}", self.target_name(t)),
        }
    }

    /// ", paying with X" for the card an action names to pay a play cost.
    pub(crate) fn paying(&self, pay: CardId) -> String {
        match pay.some() {
            Some(c) => format!(", paying with {}", self.card_name(c)),
            None => String::new(),
        }
    }

    /// An action as a phrase ("sponsors Narn Agent with Earth Envoy"): a
    /// plain dispatch of each action to its family.
    pub fn describe_action(&self, a: &Action) -> String {
        let words = match a {
            Action::Pass
            | Action::Sustain { .. }
            | Action::Declare { .. }
            | Action::DeclareWar { .. }
            | Action::Sponsor { .. }
            | Action::Promote { .. }
            | Action::Replace { .. }
            | Action::Build { .. }
            | Action::UseCard { .. }
            | Action::Lead { .. }
            | Action::Assist { .. } => self.describe_play_action(a),
            Action::Support { .. }
            | Action::Oppose { .. }
            | Action::Attack { .. }
            | Action::Play { .. }
            | Action::PlayContingency { .. }
            | Action::SponsorAgenda { .. }
            | Action::HideAgenda { .. }
            | Action::ReplaceAgenda { .. }
            | Action::RevealAgenda
            | Action::DiscardAgenda
            | Action::Heal { .. }
            | Action::Repair { .. }
            | Action::Hire { .. }
            | Action::PlayAftermath { .. } => self.describe_conflict_action(a),
            Action::Reveal { .. }
            | Action::Discard { .. }
            | Action::Choose { .. }
            | Action::Buy { .. }
            | Action::Surrender { .. }
            | Action::Keep { .. }
            | Action::Mulligan
            | Action::CallVoter { .. }
            | Action::Vote { .. }
            | Action::TakeFromReserve { .. }
            | Action::MoveChaos { .. }
            | Action::KeepChaos
            | Action::JoinWar { .. }
            | Action::Mode { .. }
            | Action::ResolveFirst { .. } => self.describe_choice_action(a),
        };
        // Every action is worded by its family; its debug form stands in if
        // one were ever routed to the wrong family.
        words.unwrap_or_else(|| format!("{a:?}"))
    }

    /// An action of the turn's plays as a phrase: passing, sustaining,
    /// declaring, sponsoring, promoting, replacing, building, card actions,
    /// leading and assisting.
    fn describe_play_action(&self, a: &Action) -> Option<String> {
        let n = |c: CardId| self.card_name(c).to_string();
        Some(match *a {
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
            Action::Declare { card, target, pay } => {
                format!("declare {}{}{}", n(card), self.on(target), self.paying(pay))
            }
            Action::DeclareWar { target } => format!(
                "declare a war conflict against {}",
                self.target_name(target)
            ),
            Action::Sponsor {
                card,
                by,
                target,
                pay,
            } => {
                let cost = self.db.get(self.c(card).def).cost.unwrap_or(0);
                format!(
                    "sponsor {}{} (rotating {}, cost {}){}",
                    n(card),
                    self.on(target),
                    n(by),
                    cost,
                    self.paying(pay)
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
                let paying = self.paying(pay);
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
            _ => return None,
        })
    }

    /// An action of conflicts and their cards as a phrase: support,
    /// opposition, attacks, events, contingencies, agendas, healing, repair,
    /// mercenaries and aftermaths.
    fn describe_conflict_action(&self, a: &Action) -> Option<String> {
        let n = |c: CardId| self.card_name(c).to_string();
        Some(match *a {
            Action::Support { conflict, .. }
            | Action::Oppose { conflict, .. }
            | Action::Attack { conflict, .. }
                if conflict.0 as usize >= self.conflicts.len() =>
            {
                format!("{} (no such conflict)", a.kind_words())
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
            Action::Play { card, target, pay } => {
                format!("play {}{}{}", n(card), self.on(target), self.paying(pay))
            }
            Action::PlayContingency { card, host, pay } => {
                format!(
                    "play {} face down under {}{}",
                    n(card),
                    n(host),
                    self.paying(pay)
                )
            }
            Action::SponsorAgenda { card, by, pay } => {
                format!(
                    "sponsor agenda {} (rotating {}){}",
                    n(card),
                    n(by),
                    self.paying(pay)
                )
            }
            Action::HideAgenda { card, by, pay } => {
                format!(
                    "hide agenda {} (rotating {}){}",
                    n(card),
                    n(by),
                    self.paying(pay)
                )
            }
            Action::ReplaceAgenda { card, by, pay } => {
                format!(
                    "replace the agenda with {} (rotating {}){}",
                    n(card),
                    n(by),
                    self.paying(pay)
                )
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
            Action::PlayAftermath { card, target, pay } => format!(
                "play aftermath {}{}{}",
                n(card),
                self.on(target),
                self.paying(pay)
            ),
            _ => return None,
        })
    }

    /// An answer to a choice as a phrase: revealing, discarding, choosing,
    /// buying, surrendering, the setup, votes, the Drakh, war and modes.
    fn describe_choice_action(&self, a: &Action) -> Option<String> {
        let n = |c: CardId| self.card_name(c).to_string();
        Some(match *a {
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
            // Rulings, Tu'Pari: the target names one of its tied highest abilities.
            Action::Mode { index } if self.naming_attack_ability() => {
                let using = crate::card::Ability::ALL
                    .get(index as usize)
                    .map_or("no such ability", |a| a.display());
                match self.choice.and_then(|c| c.target.card()) {
                    Some(t) => format!("have the attack on {} use {using}", n(t)),
                    None => format!("have the attack use {using}"),
                }
            }
            // `choose_player`: the mode names the player's seat.
            Action::Mode { index }
                if self.choosing_player() && (index as usize) < self.players.len() =>
            {
                match self.choice {
                    Some(c) => format!("choose {} for {}", self.player_name(index), n(c.card)),
                    None => format!("choose {}", self.player_name(index)),
                }
            }
            Action::Mode { index } => format!("choose mode {}", index as u32 + 1),
            Action::ResolveFirst { conflict } if conflict.0 as usize >= self.conflicts.len() => {
                format!("{} (no such conflict)", a.kind_words())
            }
            Action::ResolveFirst { conflict } => {
                format!("resolve {} first", self.conflict_name(conflict))
            }
            _ => return None,
        })
    }

    /// An event as a sentence, or `None` for bookkeeping events not worth a
    /// line in a log. One family of events per file: `turn_events`,
    /// `card_events`, `politics_events`.
    pub fn describe(&self, e: &Event) -> Option<String> {
        match e {
            Event::TurnBegan { .. }
            | Event::RoundBegan { .. }
            | Event::InfluenceRestored
            | Event::InitiativeDetermined
            | Event::Sustained { .. }
            | Event::Passed { .. }
            | Event::Declared { .. }
            | Event::Initiated { .. }
            | Event::ConflictDiscarded { .. }
            | Event::ConflictTypeChosen { .. }
            | Event::ConflictResolved { .. }
            | Event::AftermathPlayed { .. } => self.describe_turn_event(e),
            Event::Drew { .. }
            | Event::Bought { .. }
            | Event::DiscardedFromHand { .. }
            | Event::DiscardedFromPlay { .. }
            | Event::RemovedFromGame { .. }
            | Event::ReturnedToHand { .. }
            | Event::Eliminated { .. }
            | Event::Conquered { .. }
            | Event::Surrendered { .. }
            | Event::Victory { .. }
            | Event::GameOver
            | Event::DeckShuffled { .. } => self.describe_draw_event(e),
            Event::Sponsored { .. }
            | Event::Promoted { .. }
            | Event::Built { .. }
            | Event::Replaced { .. }
            | Event::UsedCard { .. }
            | Event::Led { .. }
            | Event::Assisted { .. }
            | Event::Supported { .. }
            | Event::Withdrawn { .. }
            | Event::Opposed { .. } => self.describe_card_event(e),
            Event::EventPlayed { .. }
            | Event::EventNegated { .. }
            | Event::ActionNegated { .. }
            | Event::ContingencyPlayed { .. }
            | Event::ContingencyRevealed { .. }
            | Event::AgendaSponsored { .. }
            | Event::AgendaHidden { .. }
            | Event::AgendaRevealed { .. }
            | Event::AgendaReplaced { .. }
            | Event::AgendaDiscarded { .. }
            | Event::Hired { .. }
            | Event::PutIntoPlay { .. }
            | Event::Rotated { .. }
            | Event::Readied { .. } => self.describe_play_event(e),
            Event::Attacked { .. }
            | Event::AttackCanceled { .. }
            | Event::Damaged { .. }
            | Event::AttachmentMoved { .. }
            | Event::DamageMoved { .. }
            | Event::Neutralized { .. }
            | Event::Healed { .. }
            | Event::AmbassadorHealed { .. }
            | Event::Repaired { .. } => self.describe_damage_event(e),
            Event::Influence { .. }
            | Event::Power { .. }
            | Event::Tension { .. }
            | Event::Unrest { .. }
            | Event::NonPlayer { .. }
            | Event::War { .. }
            | Event::ShadowWarBegan
            | Event::ShadowWarEnded
            | Event::Mark { .. } => self.describe_politics_event(e),
            Event::MarksConverted { .. }
            | Event::DrakhConverted { .. }
            | Event::Chaos { .. }
            | Event::Credits { .. }
            | Event::ChaosMoved { .. }
            | Event::DrakhAmbassadorLost { .. }
            | Event::Blanked { .. }
            | Event::Found { .. }
            | Event::StopOffered { .. }
            | Event::EffectStopped { .. }
            | Event::ChoiceStarted { .. }
            | Event::SecondTarget { .. }
            | Event::TransferChosen { .. }
            | Event::ModeChosen { .. }
            | Event::PlayerChosen { .. } => self.describe_choice_event(e),
            Event::VoteCalled { .. }
            | Event::VoteCast { .. }
            | Event::LeagueVoteCalled
            | Event::LeagueVoted { .. }
            | Event::VoteEnded { .. }
            | Event::IsaFounded { .. }
            | Event::IsaJoined { .. }
            | Event::IsaExpelled { .. }
            | Event::ReserveTaken { .. } => self.describe_vote_event(e),
        }
    }

    /// A card's name, in the log.
    pub(crate) fn log_card(&self, c: CardId) -> String {
        self.card_name(c).to_string()
    }

    /// A player's name, in the log.
    pub(crate) fn log_player(&self, p: PlayerId) -> String {
        self.player_name(p).to_string()
    }

    /// "Name: " of the player controlling a card, or nothing for a card
    /// nobody controls (in the log).
    pub(crate) fn log_controller(&self, c: CardId) -> String {
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
    }
}

pub(crate) fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
