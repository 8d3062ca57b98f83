//! Events and actions in words: the log as sentences (`b5 empires play`,
//! `b5 empires replay`) and the legal actions as a player reads them.
//!
//! Events are public, so their sentences are too. An action's sentence is
//! written for the player who may take it: it may name that player's own
//! units (which they see) but never another player's hidden ones.

use crate::action::{Action, Stance, Target};
use crate::event::Event;
use crate::state::{Game, Loc, Outcome, Phase, PlayerId, SpaceId, UnitId};

/// A phase's name, as the rules call it.
pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Draw => "Draw Phase",
        Phase::DrawExcess => "Draw Phase (discarding to 7)",
        Phase::Move => "Move Phase",
        Phase::Explore => "Exploration Phase",
        Phase::Battle => "Battle Phase",
        Phase::Revenue => "Revenue Phase",
        Phase::Recruit => "Recruit Phase",
        Phase::Upkeep => "Upkeep Phase",
        Phase::Control => "Control Phase",
    }
}

fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

impl Game {
    /// A space's name with its number: "Sablo [12]".
    pub fn space_label(&self, s: SpaceId) -> String {
        match self.map.spaces.get(s as usize) {
            Some(sp) => format!("{} [{s}]", sp.name),
            None => format!("space [{s}]"),
        }
    }

    /// A player as the log names them: their race.
    pub fn player_label(&self, p: PlayerId) -> String {
        match self.players.get(p as usize) {
            Some(ps) => ps.race.short().to_string(),
            None => format!("player {}", u32::from(p) + 1),
        }
    }

    /// How a game ended, in a sentence.
    pub fn describe_outcome(&self, o: &Outcome) -> String {
        match o {
            Outcome::Conquest { winner } => format!(
                "{} wins by conquest: {} of the {} systems.",
                self.player_label(*winner),
                self.systems_controlled(*winner),
                self.map.system_count()
            ),
            Outcome::LastStanding { winner } => {
                format!(
                    "{} wins: every other empire is gone.",
                    self.player_label(*winner)
                )
            }
            Outcome::TurnLimit { leader: Some(l) } => format!(
                "The turn limit is reached; {} leads with {} systems.",
                self.player_label(*l),
                self.systems_controlled(*l)
            ),
            Outcome::TurnLimit { leader: None } => {
                "The turn limit is reached with no single leader.".to_string()
            }
        }
    }

    fn target_words(&self, t: &Target) -> String {
        match t {
            Target::None => String::new(),
            Target::Player { player } => format!(" on {}", self.player_label(*player)),
            Target::Stack { space, owner } => format!(
                " on {}'s stack at {}",
                self.player_label(*owner),
                self.space_label(*space)
            ),
            Target::Leader { space, owner, kind } => format!(
                " on a {} in {}'s stack at {}",
                kind.name(),
                self.player_label(*owner),
                self.space_label(*space)
            ),
            Target::System { space } => format!(" on {}", self.space_label(*space)),
            Target::Unit { unit } => format!(" on {}", self.unit_words(*unit)),
            Target::Negate => " to negate a casualty".to_string(),
        }
    }

    /// A unit as the log names it: its kind and owner, when they are
    /// public where it stands (a unit in a battle, a unit in its owner's
    /// hands for that owner's own choices).
    fn unit_words(&self, u: UnitId) -> String {
        let Some(unit) = self.units.get(u.0 as usize) else {
            return format!("unit #{}", u.0);
        };
        let kind = self.kind(u).name();
        match unit.loc {
            Loc::Map { owner, .. } => format!("{}'s {kind} #{}", self.player_label(owner), u.0),
            _ => format!("{kind} #{}", u.0),
        }
    }

    /// One event as a sentence (no trailing newline).
    pub fn describe(&self, e: &Event) -> String {
        match e {
            Event::TurnBegan { .. }
            | Event::PhaseBegan { .. }
            | Event::Eliminated { .. }
            | Event::GameOver { .. } => self.describe_turn(e),
            Event::Discarded { .. }
            | Event::Drew { .. }
            | Event::DeckReshuffled { .. }
            | Event::Played { .. }
            | Event::Negated { .. }
            | Event::Passed { .. } => self.describe_cards(e),
            Event::MoveAnnounced { .. }
            | Event::Moved { .. }
            | Event::MoveBlocked { .. }
            | Event::Explored { .. } => self.describe_move(e),
            Event::BattleBegan { .. }
            | Event::DiplomaticMission { .. }
            | Event::Rolled { .. }
            | Event::UnitDestroyed { .. }
            | Event::LeaderCaptured { .. }
            | Event::CasualtyNegated { .. }
            | Event::BattleResolved { .. }
            | Event::FortificationDestroyed { .. }
            | Event::Retreated { .. }
            | Event::StackLost { .. } => self.describe_battle(e),
            Event::Revenue { .. }
            | Event::UnitsDrawn { .. }
            | Event::Recruited { .. }
            | Event::UnitsReturned { .. }
            | Event::Built { .. }
            | Event::Disbanded { .. }
            | Event::ControlPlaced { .. } => self.describe_economy(e),
            Event::CardTaken { .. }
            | Event::RevenueStolen { .. }
            | Event::Looked { .. }
            | Event::Assassinated { .. }
            | Event::StackDestroyed { .. }
            | Event::RevoltBegan { .. } => self.describe_card_effect(e),
        }
    }

    /// The course of the game: turns, phases, eliminations and its end.
    fn describe_turn(&self, e: &Event) -> String {
        let pl = |p: &PlayerId| self.player_label(*p);
        match e {
            Event::TurnBegan { round, player } => {
                format!("Round {round}: {}'s turn begins.", pl(player))
            }
            Event::PhaseBegan { phase } => format!("{} begins.", phase_name(*phase)),
            Event::Eliminated { player } => format!("{} is eliminated.", pl(player)),
            Event::GameOver { outcome } => format!("Game over. {}", self.describe_outcome(outcome)),
            _ => unreachable!("not a turn event: {e:?}"),
        }
    }

    /// The Draw Phase and the action deck: discards, draws, reshuffles,
    /// cards played, negated or passed on.
    fn describe_cards(&self, e: &Event) -> String {
        let pl = |p: &PlayerId| self.player_label(*p);
        match e {
            Event::Discarded { player, card } => {
                format!("{} discards {}.", pl(player), card.name())
            }
            Event::Drew { player, count } => {
                format!("{} draws {}.", pl(player), plural(*count, "card", "cards"))
            }
            Event::DeckReshuffled { cards } => format!(
                "The discard pile is shuffled into a new deck of {}.",
                plural(*cards, "card", "cards")
            ),
            Event::Played {
                player,
                card,
                as_card,
                target,
            } => {
                let what = if card == as_card {
                    card.name().to_string()
                } else {
                    format!("{} as {}", card.name(), as_card.name())
                };
                format!("{} plays {what}{}.", pl(player), self.target_words(target))
            }
            Event::Negated { player, card } => {
                format!("{} negates it with {}.", pl(player), card.name())
            }
            Event::Passed { player } => format!("{} passes.", pl(player)),
            _ => unreachable!("not a card event: {e:?}"),
        }
    }

    /// The Move and Exploration Phases: moves announced, made or blocked,
    /// spaces explored.
    fn describe_move(&self, e: &Event) -> String {
        let pl = |p: &PlayerId| self.player_label(*p);
        let sp = |s: &SpaceId| self.space_label(*s);
        match e {
            Event::MoveAnnounced {
                player,
                from,
                to,
                count,
            } => format!(
                "{} moves {} from {} towards {}.",
                pl(player),
                plural(*count, "unit", "units"),
                sp(from),
                sp(to)
            ),
            Event::Moved {
                player,
                from,
                to,
                count,
            } => format!(
                "{}'s {} arrive at {} from {}.",
                pl(player),
                plural(*count, "unit", "units"),
                sp(to),
                sp(from)
            ),
            Event::MoveBlocked { player, from, to } => format!(
                "{}'s move from {} to {} is blocked.",
                pl(player),
                sp(from),
                sp(to)
            ),
            Event::Explored { space, resources } => {
                let r = match resources {
                    1 => "Poor (1)",
                    2 => "Moderate (2)",
                    3 => "Rich (3)",
                    _ => "without resources",
                };
                format!("{} is explored: {r}.", sp(space))
            }
            _ => unreachable!("not a movement event: {e:?}"),
        }
    }

    /// The Battle Phase: the battle's start or a diplomatic mission instead,
    /// dice, casualties, the result and the loser's retreat.
    fn describe_battle(&self, e: &Event) -> String {
        let pl = |p: &PlayerId| self.player_label(*p);
        let sp = |s: &SpaceId| self.space_label(*s);
        match e {
            Event::BattleBegan {
                space,
                attacker,
                defender,
                units,
            } => {
                let side = |p: PlayerId| {
                    let mut names: Vec<&str> = units
                        .iter()
                        .filter(|(_, _, o)| *o == p)
                        .map(|(_, k, _)| k.name())
                        .collect();
                    names.sort_unstable();
                    if names.is_empty() {
                        "fortifications only".to_string()
                    } else {
                        names.join(", ")
                    }
                };
                format!(
                    "Battle at {}: {} ({}) against {} ({}).",
                    sp(space),
                    pl(attacker),
                    side(*attacker),
                    pl(defender),
                    side(*defender)
                )
            }
            Event::DiplomaticMission {
                space,
                attacker,
                defender,
            } => format!(
                "{} and {} agree a diplomatic mission at {}: no battle.",
                pl(attacker),
                pl(defender),
                sp(space)
            ),
            Event::Rolled { player, dice } => {
                let d: Vec<String> = dice.iter().map(|x| x.to_string()).collect();
                format!("{} rolls {}.", pl(player), d.join(", "))
            }
            Event::UnitDestroyed { unit, kind, owner } => {
                format!("{}'s {} #{} is destroyed.", pl(owner), kind.name(), unit.0)
            }
            Event::LeaderCaptured { unit, owner, by } => format!(
                "{}'s Capable Commander #{} is captured by {}.",
                pl(owner),
                unit.0,
                pl(by)
            ),
            Event::CasualtyNegated { unit, owner } => format!(
                "Armored Hull saves {}'s unit #{} from destruction.",
                pl(owner),
                unit.0
            ),
            Event::BattleResolved {
                space,
                attacker_force,
                defender_force,
                winner,
            } => match winner {
                Some(w) => format!(
                    "{} wins the battle at {}, Force {attacker_force} against {defender_force}.",
                    pl(w),
                    sp(space)
                ),
                None => format!(
                    "The battle at {} is a standoff, Force {attacker_force} against {defender_force}.",
                    sp(space)
                ),
            },
            Event::FortificationDestroyed { space, marker } => {
                format!("The {} at {} is destroyed.", marker.name(), sp(space))
            }
            Event::Retreated {
                player,
                from,
                to,
                count,
            } if from == to => format!(
                "{} cannot retreat from {}: the Retreat card spares its {}, which stay.",
                pl(player),
                sp(from),
                plural(*count, "unit", "units")
            ),
            Event::Retreated {
                player,
                from,
                to,
                count,
            } => format!(
                "{} retreats {} from {} to {}.",
                pl(player),
                plural(*count, "unit", "units"),
                sp(from),
                sp(to)
            ),
            Event::StackLost {
                player,
                space,
                count,
            } => format!(
                "{} loses {} at {} with nowhere to go.",
                pl(player),
                plural(*count, "unit", "units"),
                sp(space)
            ),
            _ => unreachable!("not a battle event: {e:?}"),
        }
    }

    /// The Revenue, Recruit, Upkeep and Control Phases: revenue, units
    /// drawn, bought, returned or disbanded, markers built and placed.
    fn describe_economy(&self, e: &Event) -> String {
        let pl = |p: &PlayerId| self.player_label(*p);
        let sp = |s: &SpaceId| self.space_label(*s);
        match e {
            Event::Revenue {
                player,
                amount,
                treasury,
            } => format!(
                "{} collects {amount} revenue points ({treasury} in the treasury).",
                pl(player)
            ),
            Event::UnitsDrawn { player, count: 0 } => {
                format!("{} draws no unit: the chit pile is empty.", pl(player))
            }
            Event::UnitsDrawn { player, count } => format!(
                "{} draws {} from the chit pile.",
                pl(player),
                plural(*count, "unit", "units")
            ),
            Event::Recruited { player, at, cost } => {
                format!("{} recruits a unit at {} for {cost}.", pl(player), sp(at))
            }
            Event::UnitsReturned { player, count } => format!(
                "{} returns {} to the chit pile.",
                pl(player),
                plural(*count, "unit", "units")
            ),
            Event::Built {
                player,
                at,
                marker,
                cost,
            } => format!(
                "{} builds a {} at {} for {cost}.",
                pl(player),
                marker.name(),
                sp(at)
            ),
            Event::Disbanded { player, count } => format!(
                "{} disbands {} beyond upkeep.",
                pl(player),
                plural(*count, "unit", "units")
            ),
            Event::ControlPlaced { player, space } => {
                format!("{} takes control of {}.", pl(player), sp(space))
            }
            _ => unreachable!("not a revenue, recruit, upkeep or control event: {e:?}"),
        }
    }

    /// What the action cards do to others: cards and revenue taken, looks,
    /// assassinations, the Shadows, revolts.
    fn describe_card_effect(&self, e: &Event) -> String {
        let pl = |p: &PlayerId| self.player_label(*p);
        let sp = |s: &SpaceId| self.space_label(*s);
        match e {
            Event::CardTaken { from, to } => {
                format!("{} takes a card from {}'s hand.", pl(to), pl(from))
            }
            Event::RevenueStolen { from, to, amount } => format!(
                "{} takes {amount} revenue points from {}.",
                pl(to),
                pl(from)
            ),
            Event::Looked { player, target } => {
                let what = match target {
                    Target::Player { player: o } => format!("{}'s hand", pl(o)),
                    Target::Stack { space, owner } => {
                        format!("{}'s stack at {}", pl(owner), sp(space))
                    }
                    _ => "the next cards of the deck".to_string(),
                };
                format!("{} looks at {what}.", pl(player))
            }
            Event::Assassinated {
                space,
                owner,
                kind,
                found,
            } => {
                if *found {
                    format!(
                        "{}'s {} at {} is assassinated.",
                        pl(owner),
                        kind.name(),
                        sp(space)
                    )
                } else {
                    format!(
                        "There is no {} in {}'s stack at {}: the assassin finds nobody.",
                        kind.name(),
                        pl(owner),
                        sp(space)
                    )
                }
            }
            Event::StackDestroyed {
                space,
                owner,
                count,
            } => format!(
                "The Shadows destroy {}'s stack of {} at {}.",
                pl(owner),
                plural(*count, "unit", "units"),
                sp(space)
            ),
            Event::RevoltBegan { space, turns } => format!(
                "{} revolts: no revenue for {}.",
                sp(space),
                plural(*turns, "turn", "turns")
            ),
            _ => unreachable!("not a card effect event: {e:?}"),
        }
    }

    /// One of `p`'s legal actions in words, as `p` reads it.
    pub fn describe_action(&self, p: PlayerId, a: &Action) -> String {
        let sp = |s: &SpaceId| self.space_label(*s);
        match a {
            Action::Discard { card } => format!("Discard {}", card.name()),
            Action::Draw => "Draw your cards".to_string(),
            Action::Play {
                card,
                as_card,
                target,
            } => {
                let what = match as_card {
                    Some(c) if c != card => format!("{} as {}", card.name(), c.name()),
                    _ => card.name().to_string(),
                };
                format!("Play {what}{}", self.target_words(target))
            }
            Action::Pick { unit } => format!("Pick {} to move", self.own_unit(*unit)),
            Action::Unpick { unit } => format!("Leave {} behind", self.own_unit(*unit)),
            Action::MoveTo { to } => {
                let kind = self.map.spaces.get(*to as usize).map(|s| s.kind.name());
                format!(
                    "Move the picked units to {} ({})",
                    sp(to),
                    kind.unwrap_or("?")
                )
            }
            Action::EndOrder => "End this move order".to_string(),
            Action::Pass => "Pass".to_string(),
            Action::EndPhase => format!("End your {}", phase_name(self.phase)),
            Action::Declare { stance } => match stance {
                Stance::Attack => "Attack".to_string(),
                Stance::Mission => "Declare a diplomatic mission".to_string(),
            },
            Action::Casualty { unit } => format!("Lose {}", self.unit_words(*unit)),
            Action::Retreat { to } => format!("Retreat to {}", sp(to)),
            Action::Buy { unit, at } => {
                let k = self.kind(*unit);
                format!(
                    "Recruit a {} (cost {}) at {}",
                    k.name(),
                    self.unit_cost(p, *unit),
                    sp(at)
                )
            }
            Action::Build { at, marker } => {
                format!(
                    "Build a {} (cost {}) at {}",
                    marker.name(),
                    marker.cost(),
                    sp(at)
                )
            }
            Action::Disband { unit } => format!("Disband {}", self.own_unit(*unit)),
        }
    }

    /// One of the viewer's own units: its kind, Force and where it is.
    fn own_unit(&self, u: UnitId) -> String {
        let Some(unit) = self.units.get(u.0 as usize) else {
            return format!("unit #{}", u.0);
        };
        let at = match unit.loc {
            Loc::Map { space, .. } => format!(" at {}", self.space_label(space)),
            _ => String::new(),
        };
        format!(
            "{} #{} (Force {}){at}",
            self.kind(u).name(),
            u.0,
            self.unit_force(u)
        )
    }
}
