//! Turning a scenario step's `do` and fields into engine actions, looking up
//! cards by name the way SPEC.md says: first among the acting player's own
//! cards, then by the zone the verb acts on.

use b5_engine::{
    Action, CardId, CardType, ConflictId, Game, PlayerId, Race, Target, TargetKind, Zone,
};
use toml::Spanned;

use crate::scenario::StepTable;

/// Every verb a step may use.
pub const VERBS: &[&str] = &[
    "surrender",
    "sustain",
    "declare",
    "sponsor",
    "promote",
    "replace",
    "build",
    "lead",
    "assist",
    "support",
    "oppose",
    "attack",
    "heal",
    "repair",
    "play",
    "use",
    "hide_agenda",
    "sponsor_agenda",
    "replace_agenda",
    "reveal_agenda",
    "discard_agenda",
    "hire",
    "pass",
    "discard",
    "choose",
    "reveal",
    "buy",
    "keep",
    "mulligan",
    "call",
    "vote",
    "reserve",
    "move_chaos",
    "keep_chaos",
    "join_war",
    "choose_player",
    "mode",
    "resolve_first",
    "stack",
    "pledge",
];

/// A problem building a step's action: a missing field (a load error, with
/// the field), or a name that matches nothing in the game now.
pub enum StepError {
    Field {
        field: &'static str,
        message: String,
    },
    Name(String),
}

/// Splits "Name@Player".
pub fn split_qualified(s: &str) -> (&str, Option<&str>) {
    match s.rsplit_once('@') {
        Some((n, p)) if !p.is_empty() => (n, Some(p)),
        _ => (s, None),
    }
}

/// Every card with this name (and owner, if qualified).
pub fn cards_named(g: &Game, qualified: &str) -> Vec<CardId> {
    let (name, owner) = split_qualified(qualified);
    let owner = owner.and_then(|o| g.player_by_name(o));
    if split_qualified(qualified).1.is_some() && owner.is_none() {
        return Vec::new();
    }
    (0..g.card_count() as u16)
        .map(CardId)
        .filter(|&c| {
            g.card_name(c).eq_ignore_ascii_case(name) && owner.is_none_or(|o| g.card(c).owner == o)
        })
        .collect()
}

/// Which zone a verb's card is usually in.
#[derive(Clone, Copy, PartialEq)]
pub enum Prefer {
    Hand,
    Table,
    Reserve,
}

fn in_zone(g: &Game, c: CardId, prefer: Prefer) -> bool {
    let z = g.card(c).zone;
    match prefer {
        Prefer::Hand => z == Zone::Hand,
        Prefer::Table => z.in_play(),
        Prefer::Reserve => z == Zone::Reserve,
    }
}

/// Looks a card up for an acting player.
/// The first copy of a card of that name whose action `act` is legal for
/// `p` now (several copies of one card: the first one still offered).
fn first_offered(
    g: &Game,
    p: PlayerId,
    name: &str,
    act: impl Fn(CardId) -> Action,
) -> Option<CardId> {
    let legal = g.legal_actions(p);
    cards_named(g, name)
        .into_iter()
        .find(|&c| legal.contains(&act(c)))
}

pub fn find_card(g: &Game, p: PlayerId, name: &str, prefer: Prefer) -> Option<CardId> {
    let all = cards_named(g, name);
    let own: Vec<CardId> = all
        .iter()
        .copied()
        .filter(|&c| g.card(c).owner == p)
        .collect();
    let pool = if own.is_empty() { all } else { own };
    pool.iter()
        .copied()
        .find(|&c| in_zone(g, c, prefer))
        .or_else(|| pool.first().copied())
}

/// A target named by a player, race, conflict or card name; when the card
/// being played targets a conflict, a conflict card's name names the conflict.
pub fn find_target_of(
    g: &Game,
    p: PlayerId,
    name: &str,
    kind: Option<TargetKind>,
) -> Option<Target> {
    if kind == Some(TargetKind::Conflict) {
        if let Some(k) = find_conflict(g, name) {
            return Some(Target::Conflict(k));
        }
    }
    // An event to reverse: the copy `p` may reverse, else one in a discard
    // pile ("Name@Player" names the player's copy).
    if kind == Some(TargetKind::Event) {
        let all = cards_named(g, name);
        let may = g.reversible_events(p);
        if let Some(&c) = all
            .iter()
            .find(|c| may.contains(c))
            .or_else(|| all.iter().find(|&&c| g.card(c).zone == Zone::Discard))
        {
            return Some(Target::Card(c));
        }
    }
    find_target(g, p, name)
}

/// A target named by a player, race, conflict or card name.
pub fn find_target(g: &Game, p: PlayerId, name: &str) -> Option<Target> {
    if let Some(q) = g.player_by_name(name) {
        return Some(Target::Player(q));
    }
    if let Some(r) = Race::parse(name) {
        return Some(Target::Race(r));
    }
    if let Some(c) = find_card(g, p, name, Prefer::Table) {
        return Some(Target::Card(c));
    }
    find_conflict(g, name).map(Target::Conflict)
}

/// A conflict by its card's name, or `war:P` for P's war conflict.
pub fn find_conflict(g: &Game, name: &str) -> Option<ConflictId> {
    if let Some(p) = name.strip_prefix("war:") {
        let p = g.player_by_name(p)?;
        return g
            .conflicts()
            .iter()
            .position(|c| c.war && c.initiator == p)
            .map(|i| ConflictId(i as u8));
    }
    let ids = cards_named(g, name);
    g.conflicts()
        .iter()
        .position(|c| ids.contains(&c.card))
        .map(|i| ConflictId(i as u8))
}

fn need<'a>(
    v: &'a Option<Spanned<String>>,
    field: &'static str,
    verb: &str,
) -> Result<&'a str, StepError> {
    v.as_ref()
        .map(|s| s.get_ref().as_str())
        .ok_or_else(|| StepError::Field {
            field,
            message: format!("`do = \"{verb}\"` needs `{field}`"),
        })
}

/// The engine actions for a step (several for `discard` with a list).
pub fn actions(
    g: &Game,
    p: PlayerId,
    st: &StepTable,
    verb: &str,
) -> Result<Vec<Action>, StepError> {
    let card = |prefer: Prefer| -> Result<CardId, StepError> {
        let n = need(&st.card, "card", verb)?;
        find_card(g, p, n, prefer)
            .ok_or_else(|| StepError::Name(format!("no card named \"{n}\" in the game")))
    };
    let named = |field: &'static str,
                 v: &Option<Spanned<String>>,
                 prefer: Prefer|
     -> Result<CardId, StepError> {
        let n = need(v, field, verb)?;
        find_card(g, p, n, prefer)
            .ok_or_else(|| StepError::Name(format!("no card named \"{n}\" in the game")))
    };
    // What the acting card targets, when the step names a card.
    let kind: Option<TargetKind> = st
        .card
        .as_ref()
        .and_then(|c| {
            find_card(
                g,
                p,
                c.get_ref(),
                if verb == "use" {
                    Prefer::Table
                } else {
                    Prefer::Hand
                },
            )
        })
        .map(|c| {
            let d = g.db().get(g.card(c).def);
            if verb == "use" {
                d.actions
                    .get(st.count.unwrap_or(1).saturating_sub(1) as usize)
                    .map(|a| a.target)
                    .unwrap_or(d.target)
            } else {
                d.target
            }
        });
    let target = || -> Result<Target, StepError> {
        match &st.target {
            None => Ok(Target::None),
            Some(t) => find_target_of(g, p, t.get_ref(), kind).ok_or_else(|| {
                StepError::Name(format!(
                    "no player, race, card or conflict named \"{}\"",
                    t.get_ref()
                ))
            }),
        }
    };
    // `pay`: the card that pays a sponsored card's, an agenda's or a
    // conflict's play cost (left out: the engine picks).
    let payer = || -> Result<CardId, StepError> {
        match &st.pay {
            Some(_) => named("pay", &st.pay, Prefer::Table),
            None => Ok(CardId::NONE),
        }
    };
    let conflict = || -> Result<ConflictId, StepError> {
        let n = need(&st.conflict, "conflict", verb)?;
        find_conflict(g, n)
            .ok_or_else(|| StepError::Name(format!("no conflict named \"{n}\" this turn")))
    };
    let player_named = |s: &Spanned<String>| -> Result<PlayerId, StepError> {
        g.player_by_name(s.get_ref())
            .ok_or_else(|| StepError::Name(format!("no player named \"{}\"", s.get_ref())))
    };
    let one = |a: Action| Ok(vec![a]);
    // Legal Targets: a card with two targets is played with the first; the
    // second is chosen next (`Action::Choose`).
    let second = || -> Result<Option<Action>, StepError> {
        match &st.second {
            None => Ok(None),
            Some(_) if verb != "play" && verb != "use" => Err(StepError::Field {
                field: "second",
                message: "`second` (a second target) goes with `do = \"play\"` or `do = \"use\"`"
                    .into(),
            }),
            Some(_) => Ok(Some(Action::Choose {
                card: named("second", &st.second, Prefer::Table)?,
            })),
        }
    };
    let with_second = |a: Action| -> Result<Vec<Action>, StepError> {
        let mut v = vec![a];
        v.extend(second()?);
        Ok(v)
    };
    if verb != "play" && verb != "use" {
        second()?;
    }
    match verb {
        "pass" => one(Action::Pass),
        "sustain" => one(Action::Sustain {
            card: card(Prefer::Table)?,
        }),
        "declare" => {
            if st.war == Some(true) {
                if let Some(c) = &st.conflict {
                    if !c.get_ref().eq_ignore_ascii_case("military") {
                        return Err(StepError::Field {
                            field: "conflict",
                            message: "a war conflict is a military conflict".into(),
                        });
                    }
                }
                one(Action::DeclareWar { target: target()? })
            } else {
                one(Action::Declare {
                    card: card(Prefer::Hand)?,
                    target: target()?,
                    // `pay`: the card that pays its play cost as it is
                    // initiated (left out: the engine picks).
                    pay: payer()?,
                })
            }
        }
        "sponsor" => one(Action::Sponsor {
            card: card(Prefer::Hand)?,
            by: named("by", &st.by, Prefer::Table)?,
            target: target()?,
            // `pay`: the card that pays its play cost (left out: the engine picks).
            pay: payer()?,
        }),
        "promote" => one(Action::Promote {
            card: card(Prefer::Table)?,
            by: named("by", &st.by, Prefer::Table)?,
        }),
        "replace" => {
            let c = card(Prefer::Hand)?;
            let old = match &st.target {
                Some(_) => named("target", &st.target, Prefer::Table)?,
                None => {
                    let name = g
                        .db()
                        .get(g.card(c).def)
                        .replaces
                        .as_ref()
                        .map(|r| r.name.clone())
                        .ok_or_else(|| StepError::Name("that card replaces nothing".into()))?;
                    find_card(g, p, &name, Prefer::Table).ok_or_else(|| {
                        StepError::Name(format!("no card named \"{name}\" in the game"))
                    })?
                }
            };
            one(Action::Replace { card: c, old })
        }
        "build" => one(Action::Build {
            by: named("by", &st.by, Prefer::Table)?,
        }),
        "lead" => one(Action::Lead {
            card: card(Prefer::Table)?,
            fleet: named("fleet", &st.fleet, Prefer::Table)?,
        }),
        "assist" => {
            let c = card(Prefer::Table)?;
            let amb = match &st.target {
                Some(_) => match target()? {
                    Target::Card(a) => a,
                    _ => {
                        return Err(StepError::Name(
                            "the assisted ambassador must be a card".into(),
                        ))
                    }
                },
                None => g.player(p).ambassador,
            };
            one(Action::Assist {
                card: c,
                ambassador: amb,
                discount: st.count == Some(1),
            })
        }
        "support" => {
            let k = conflict()?;
            let kc = &g.conflicts()[k.0 as usize];
            let side = match &st.side {
                Some(s) => player_named(s)?,
                None if kc.unopposable => p,
                None => kc.initiator,
            };
            one(Action::Support {
                card: card(Prefer::Table)?,
                conflict: k,
                side,
            })
        }
        "oppose" => one(Action::Oppose {
            card: card(Prefer::Table)?,
            conflict: conflict()?,
        }),
        "attack" => {
            let attacker = card(Prefer::Table)?;
            let t = named("target", &st.target, Prefer::Table)?;
            let k = match &st.conflict {
                Some(_) => conflict()?,
                None => g
                    .conflicts()
                    .iter()
                    .position(|c| c.is_participant(t) && !c.resolved)
                    .or_else(|| g.conflicts().iter().position(|c| !c.resolved))
                    .map(|i| ConflictId(i as u8))
                    .ok_or_else(|| StepError::Name("there is no conflict to attack in".into()))?,
            };
            one(Action::Attack {
                card: attacker,
                target: t,
                conflict: k,
            })
        }
        "heal" => one(Action::Heal {
            card: card(Prefer::Table)?,
            ambassadorial: st.ambassadorial.unwrap_or(false),
        }),
        "repair" => one(Action::Repair {
            card: card(Prefer::Table)?,
            amount: st.amount.ok_or_else(|| StepError::Field {
                field: "amount",
                message: "`do = \"repair\"` needs `amount`".into(),
            })?,
        }),
        "play" => {
            let c = card(Prefer::Hand)?;
            match g.db().get(g.card(c).def).card_type {
                // `by`: the card that pays the contingency's, the
                // aftermath's or the event's play cost.
                CardType::Contingency => one(Action::PlayContingency {
                    card: c,
                    host: named("target", &st.target, Prefer::Table)?,
                    pay: match &st.by {
                        Some(_) => named("by", &st.by, Prefer::Table)?,
                        None => CardId::NONE,
                    },
                }),
                CardType::Aftermath => with_second(Action::PlayAftermath {
                    card: c,
                    target: target()?,
                    pay: match &st.by {
                        Some(_) => named("by", &st.by, Prefer::Table)?,
                        None => CardId::NONE,
                    },
                }),
                _ => with_second(Action::Play {
                    card: c,
                    target: target()?,
                    pay: match &st.by {
                        Some(_) => named("by", &st.by, Prefer::Table)?,
                        None => CardId::NONE,
                    },
                }),
            }
        }
        "use" => with_second(Action::UseCard {
            card: card(Prefer::Table)?,
            index: st.count.unwrap_or(1).saturating_sub(1),
            target: target()?,
            // `by`: the card that pays a cost of rotating or neutralizing
            // another card (left out: the engine picks).
            pay: match &st.by {
                Some(_) => named("by", &st.by, Prefer::Table)?,
                None => CardId::NONE,
            },
        }),
        "hide_agenda" => one(Action::HideAgenda {
            card: card(Prefer::Hand)?,
            by: named("by", &st.by, Prefer::Table)?,
            pay: payer()?,
        }),
        "sponsor_agenda" => one(Action::SponsorAgenda {
            card: card(Prefer::Hand)?,
            by: named("by", &st.by, Prefer::Table)?,
            pay: payer()?,
        }),
        "replace_agenda" => one(Action::ReplaceAgenda {
            card: card(Prefer::Hand)?,
            by: named("by", &st.by, Prefer::Table)?,
            pay: payer()?,
        }),
        "reveal_agenda" => one(Action::RevealAgenda),
        "discard_agenda" => one(Action::DiscardAgenda),
        "hire" => one(Action::Hire {
            card: card(Prefer::Table)?,
        }),
        "discard" => {
            let list = st.cards.as_ref().ok_or_else(|| StepError::Field {
                field: "cards",
                message: "`do = \"discard\"` needs `cards` (a list, possibly empty)".into(),
            })?;
            let mut v = Vec::new();
            let mut taken: Vec<CardId> = Vec::new();
            for n in list {
                // Two copies of one name discard two different cards.
                let c = cards_named(g, n.get_ref())
                    .into_iter()
                    .filter(|&c| {
                        g.card(c).owner == p && g.card(c).zone == Zone::Hand && !taken.contains(&c)
                    })
                    .min()
                    .or_else(|| find_card(g, p, n.get_ref(), Prefer::Hand))
                    .ok_or_else(|| {
                        StepError::Name(format!("no card named \"{}\" in the game", n.get_ref()))
                    })?;
                taken.push(c);
                v.push(Action::Discard { card: c });
            }
            v.push(Action::Pass);
            Ok(v)
        }
        // Several copies of one card (three fleets of one name): the first
        // copy the choice still offers, else the first on the table.
        "choose" => {
            let n = need(&st.card, "card", verb)?;
            one(Action::Choose {
                card: match first_offered(g, p, n, |c| Action::Choose { card: c }) {
                    Some(c) => c,
                    None => card(Prefer::Table)?,
                },
            })
        }
        "reveal" => one(Action::Reveal {
            card: card(Prefer::Table)?,
        }),
        "buy" => one(Action::Buy {
            count: st.count.ok_or_else(|| StepError::Field {
                field: "count",
                message: "`do = \"buy\"` needs `count`".into(),
            })?,
        }),
        "keep" => {
            // Several copies of one card may be drawn (Blank Cards): name
            // the first copy that may still be kept, else the first in hand.
            let n = need(&st.card, "card", verb)?;
            one(Action::Keep {
                card: match first_offered(g, p, n, |c| Action::Keep { card: c }) {
                    Some(c) => c,
                    None => card(Prefer::Hand)?,
                },
            })
        }
        "mulligan" => one(Action::Mulligan),
        // Appendix One: the next card from the top of those put back (one
        // of several copies: the first still offered).
        "stack" => {
            let n = need(&st.card, "card", verb)?;
            one(Action::Choose {
                card: match first_offered(g, p, n, |c| Action::Choose { card: c }) {
                    Some(c) => c,
                    None => card(Prefer::Table)?,
                },
            })
        }
        // A price players may pay together: `count` is the share offered.
        "pledge" => {
            let n = st
                .count
                .filter(|&n| n >= 1)
                .ok_or_else(|| StepError::Field {
                    field: "count",
                    message: "`do = \"pledge\"` needs `count` (the influence offered, from 1)"
                        .into(),
                })?;
            one(Action::Mode { index: n - 1 })
        }
        // Extensions (docs/scenario-format.md, Votes and the ISA).
        "call" => {
            let t = st.target.as_ref().ok_or_else(|| StepError::Field {
                field: "target",
                message: "`do = \"call\"` needs `target` (the player called to vote)".into(),
            })?;
            one(Action::CallVoter {
                player: player_named(t)?,
            })
        }
        "vote" => {
            let c = st.choice.as_ref().ok_or_else(|| StepError::Field {
                field: "choice",
                message: "`do = \"vote\"` needs `choice` (yes, no or abstain)".into(),
            })?;
            let choice =
                b5_engine::VoteChoice::parse(c.get_ref()).ok_or_else(|| StepError::Field {
                    field: "choice",
                    message: format!(
                        "unknown vote \"{}\" (expected yes, no or abstain)",
                        c.get_ref()
                    ),
                })?;
            one(Action::Vote { choice })
        }
        "reserve" => one(Action::TakeFromReserve {
            card: card(Prefer::Reserve)?,
        }),
        "keep_chaos" => one(Action::KeepChaos),
        "resolve_first" => one(Action::ResolveFirst {
            conflict: conflict()?,
        }),
        "mode" => {
            let m = st
                .mode
                .filter(|&m| m >= 1)
                .ok_or_else(|| StepError::Field {
                    field: "mode",
                    message: "`do = \"mode\"` needs `mode` (the mode chosen, from 1)".into(),
                })?;
            one(Action::Mode { index: m - 1 })
        }
        "move_chaos" => {
            let t = need(&st.target, "target", verb)?;
            let to = match find_target_of(g, p, t, Some(TargetKind::Card)) {
                Some(Target::Card(c)) => c,
                _ => return Err(StepError::Name(format!("no card named \"{t}\""))),
            };
            one(Action::MoveChaos {
                from: card(Prefer::Table)?,
                to,
                count: st.count.ok_or_else(|| StepError::Field {
                    field: "count",
                    message: "`do = \"move_chaos\"` needs `count`".into(),
                })?,
            })
        }
        "join_war" => {
            let t = st.target.as_ref().ok_or_else(|| StepError::Field {
                field: "target",
                message: "`do = \"join_war\"` needs `target` (the player to declare war on)".into(),
            })?;
            one(Action::JoinWar {
                against: player_named(t)?,
            })
        }
        // `choose_player`: the player chosen is a mode, his seat.
        "choose_player" => {
            let t = st.target.as_ref().ok_or_else(|| StepError::Field {
                field: "target",
                message: "`do = \"choose_player\"` needs `target` (the player chosen)".into(),
            })?;
            one(Action::Mode {
                index: player_named(t)?,
            })
        }
        "surrender" => {
            let t = st.target.as_ref().ok_or_else(|| StepError::Field {
                field: "target",
                message: "`do = \"surrender\"` needs `target` (the player surrendered to)".into(),
            })?;
            one(Action::Surrender {
                to: player_named(t)?,
            })
        }
        _ => Err(StepError::Field {
            field: "do",
            message: format!(
                "unknown verb \"{verb}\" (expected one of: {})",
                VERBS.join(", ")
            ),
        }),
    }
}
