//! The paths a check may read (SPEC.md, Paths), evaluated on a game.

use std::fmt;

use b5_engine::{Ability, CardId, ConflictId, Game, MarkKind, Outcome, PlayerId, Zone};

use crate::steps::{cards_named, find_conflict, split_qualified};

/// A value read from the game.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Str(String),
    List(Vec<String>),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Str(s) => write!(f, "\"{s}\""),
            Value::List(v) => {
                let q: Vec<String> = v.iter().map(|s| format!("\"{s}\"")).collect();
                write!(f, "[{}]", q.join(", "))
            }
        }
    }
}

/// The expected value as written, in the same terms; `None` if the TOML
/// value is of a kind no path has.
pub fn expected(v: &toml::Value) -> Option<Value> {
    Some(match v {
        toml::Value::Integer(i) => Value::Int(*i),
        toml::Value::Boolean(b) => Value::Bool(*b),
        toml::Value::String(s) => Value::Str(s.clone()),
        toml::Value::Array(a) => Value::List(
            a.iter()
                .map(|x| x.as_str().map(|s| s.to_string()))
                .collect::<Option<Vec<_>>>()?,
        ),
        _ => return None,
    })
}

/// Why a path could not be read: it does not exist (a load error), or it
/// names something not in the game now (a failed check).
pub enum PathError {
    Unknown(String),
    Missing(String),
}

fn player(g: &Game, name: &str) -> Result<PlayerId, PathError> {
    g.player_by_name(name)
        .ok_or_else(|| PathError::Unknown(format!("unknown player \"{name}\"")))
}

fn name_or_none(g: &Game, p: PlayerId) -> Value {
    if (p as usize) < g.num_players() {
        Value::Str(g.player_name(p).to_string())
    } else {
        Value::Str("none".into())
    }
}

fn zone_name(z: Zone) -> &'static str {
    z.name()
}

/// The card a `card.X` path names: with `@P` the one owned by P; otherwise
/// the one on the table if exactly one is, else the first.
fn card(g: &Game, q: &str) -> Result<CardId, PathError> {
    let all = cards_named(g, q);
    if all.is_empty() {
        let (name, owner) = split_qualified(q);
        return Err(match owner {
            Some(o) if g.player_by_name(o).is_none() => {
                PathError::Unknown(format!("unknown player \"{o}\""))
            }
            _ => PathError::Missing(format!("no card named \"{name}\" in the game")),
        });
    }
    let on_table: Vec<CardId> = all
        .iter()
        .copied()
        .filter(|&c| g.card(c).zone.in_play())
        .collect();
    Ok(if on_table.len() == 1 {
        on_table[0]
    } else {
        all[0]
    })
}

fn conflict(g: &Game, name: &str) -> Result<ConflictId, PathError> {
    find_conflict(g, name)
        .ok_or_else(|| PathError::Missing(format!("no conflict named \"{name}\" this turn")))
}

/// Reads a path.
pub fn read(g: &Game, path: &str) -> Result<Value, PathError> {
    let unknown = || PathError::Unknown(format!("unknown path \"{path}\""));
    match path {
        "round" => return Ok(Value::Str(g.round_name().into())),
        "turn" => return Ok(Value::Int(g.turn() as i64)),
        "babylon5" => return Ok(Value::Int(g.babylon5() as i64)),
        "shadows" => return Ok(Value::Int(g.shadows() as i64)),
        "vorlons" => return Ok(Value::Int(g.vorlons() as i64)),
        "shadow_war" => return Ok(Value::Bool(g.shadow_war())),
        "initiative" => {
            return Ok(Value::List(
                g.initiative()
                    .iter()
                    .map(|&p| g.player_name(p).to_string())
                    .collect(),
            ))
        }
        "winner" => {
            let mut w: Vec<String> = g
                .winners()
                .iter()
                .map(|&p| g.player_name(p).to_string())
                .collect();
            w.sort();
            return Ok(Value::List(w));
        }
        // Extensions (docs/scenario-format.md, Votes and the ISA).
        "isa" => return Ok(Value::Bool(g.isa().exists)),
        "isa.founder" => {
            let isa = g.isa();
            return Ok(if isa.exists {
                name_or_none(g, isa.founder)
            } else {
                Value::Str("none".into())
            });
        }
        "isa.members" => {
            let isa = g.isa();
            return Ok(Value::List(
                (0..g.num_players() as PlayerId)
                    .filter(|&p| isa.is_member(p))
                    .map(|p| g.player_name(p).to_string())
                    .collect(),
            ));
        }
        "vote" => {
            return Ok(Value::Str(match g.vote() {
                None => "none".into(),
                Some(v) if v.league => "league".into(),
                Some(v) => v.kind.name().into(),
            }))
        }
        // A choice in the middle of playing a card: "pick", "modes",
        // "second" (a second target, Legal Targets), "transfer" (the
        // attached cards a replacement transfers, Appendix Two), "unless"
        // (an offer to pay to stop an effect), "attack-ability", "player"
        // (`choose_player`), or "none".
        "choice" => {
            return Ok(Value::Str(match g.choice() {
                None => "none".into(),
                Some(c) => match c.kind {
                    b5_engine::ChoiceKind::Pick => "pick".into(),
                    b5_engine::ChoiceKind::Modes => "modes".into(),
                    b5_engine::ChoiceKind::Second => "second".into(),
                    b5_engine::ChoiceKind::Transfer => "transfer".into(),
                    b5_engine::ChoiceKind::AttackAbility => "attack-ability".into(),
                    b5_engine::ChoiceKind::Unless => "unless".into(),
                    b5_engine::ChoiceKind::Player => "player".into(),
                },
            }))
        }
        "choice.player" => {
            let Some(c) = g.choice() else {
                return Err(PathError::Missing("no choice in progress".into()));
            };
            return Ok(name_or_none(g, c.player));
        }
        "vote.head" | "vote.yes" | "vote.no" | "vote.called" => {
            let Some(v) = g.vote() else {
                return Err(PathError::Missing("no vote in progress".into()));
            };
            return Ok(match path {
                "vote.head" => name_or_none(g, v.head),
                "vote.called" => name_or_none(g, v.called),
                "vote.yes" => Value::Int(v.yes as i64),
                _ => Value::Int(v.no as i64),
            });
        }
        _ => {}
    }
    if let Some(rest) = path.strip_prefix("card.") {
        let (name, attr) = if let Some(i) = rest.rfind(".marks.") {
            (&rest[..i], &rest[i + 1..])
        } else {
            rest.rsplit_once('.').ok_or_else(unknown)?
        };
        if !matches!(
            attr,
            "zone"
                | "controller"
                | "faction"
                | "rotated"
                | "neutralized"
                | "damage"
                | "severe"
                | "chaos"
                | "credits"
                | "host"
                | "face_down"
                | "blanked"
        ) && Ability::parse(attr).is_none()
            && attr
                .strip_prefix("marks.")
                .is_none_or(|k| MarkKind::parse(k).is_none())
        {
            return Err(unknown());
        }
        let c = card(g, name)?;
        let ci = g.card(c);
        return Ok(match attr {
            "zone" => Value::Str(zone_name(ci.zone).into()),
            "controller" => name_or_none(g, ci.controller),
            "faction" => name_or_none(g, ci.faction),
            "rotated" => Value::Bool(ci.rotated()),
            "neutralized" => Value::Bool(ci.neutralized()),
            "damage" => Value::Int(ci.damage as i64),
            "severe" => Value::Int(ci.severe as i64),
            "chaos" => Value::Int(ci.chaos as i64),
            "credits" => Value::Int(ci.credits as i64),
            // The card an attached card is on.
            "host" => match ci.host.some() {
                Some(h) if ci.zone == b5_engine::Zone::Attached => {
                    Value::Str(g.card_name(h).to_string())
                }
                _ => Value::Str("none".into()),
            },
            "face_down" => Value::Bool(ci.face_down()),
            // Its effect text is blanked (Bonuses and Blanking; a conquered
            // location not loyal to its conqueror).
            "blanked" => Value::Bool(ci.has(b5_engine::flag::BLANK)),
            a => {
                if let Some(ab) = Ability::parse(a) {
                    Value::Int(g.ability(c, ab) as i64)
                } else {
                    let k = MarkKind::parse(a.strip_prefix("marks.").unwrap_or(""))
                        .ok_or_else(unknown)?;
                    Value::Int(g.card_marks(c, k) as i64)
                }
            }
        });
    }
    if let Some(rest) = path.strip_prefix("conflict.") {
        // An unopposable conflict's side: `conflict.X.side.P`, the support
        // of player P's side (each faction is a side).
        if let Some((name, p)) = rest.split_once(".side.") {
            let k = conflict(g, name)?;
            let p = player(g, p)?;
            if !g.conflicts()[k.0 as usize].unopposable {
                return Err(PathError::Unknown(format!(
                    "\"{path}\": the conflict is not unopposable, so it has no sides (use support and opposition)"
                )));
            }
            return Ok(Value::Int(g.side_totals(k)[p as usize] as i64));
        }
        let (name, attr) = rest.rsplit_once('.').ok_or_else(unknown)?;
        if !matches!(attr, "support" | "opposition" | "outcome" | "type") {
            return Err(unknown());
        }
        let k = conflict(g, name)?;
        let kc = &g.conflicts()[k.0 as usize];
        return Ok(match attr {
            "support" => {
                if kc.unopposable {
                    Value::Int(g.side_totals(k)[kc.initiator as usize] as i64)
                } else {
                    Value::Int(g.conflict_totals(k).0 as i64)
                }
            }
            "type" => Value::Str(kc.kind.name().into()),
            "opposition" => Value::Int(if kc.unopposable {
                0
            } else {
                g.conflict_totals(k).1 as i64
            }),
            _ => Value::Str(
                match kc.outcome {
                    Outcome::Pending => "pending",
                    Outcome::Won => "won",
                    Outcome::Lost => "lost",
                    Outcome::Canceled => "canceled",
                }
                .into(),
            ),
        });
    }
    // Player paths: P.attr...
    let (pname, attr) = path.split_once('.').ok_or_else(unknown)?;
    let parts: Vec<&str> = attr.split('.').collect();
    let known = matches!(
        parts.as_slice(),
        ["victory"
            | "eliminated"
            | "influence"
            | "unspent"
            | "spent"
            | "power"
            | "raw_power"
            | "unrest"
            | "hand"
            | "deck"
            | "discard"
            | "agenda"
            | "reserve"
            | "crusade"
            | "extra"
            | "isa"
            | "drakh"
            | "ambassador"
            | "chaos_pending"
            | "deck_order"]
            | ["tension" | "at_war" | "states", _]
            | ["marks", _]
            | ["may_use", _, ..]
    );
    if !known {
        return Err(unknown());
    }
    let p = player(g, pname)?;
    let pl = g.player(p);
    Ok(match parts.as_slice() {
        ["victory"] => Value::Str(pl.victory.name().into()),
        ["eliminated"] => Value::Bool(pl.eliminated),
        // SPEC.md: the Influence Rating (its two pools), modifiers included.
        ["influence"] => Value::Int(g.influence_rating(p) as i64),
        ["unspent"] => Value::Int(pl.unspent() as i64),
        ["spent"] => Value::Int(pl.spent as i64),
        ["power"] => Value::Int(g.power(p) as i64),
        ["raw_power"] => Value::Int(pl.raw_power as i64),
        ["unrest"] => Value::Int(pl.unrest as i64),
        ["hand"] => Value::Int(pl.hand.len() as i64),
        ["deck"] => Value::Int(pl.deck.len() as i64),
        // The deck's cards by name, top first (the deck's top is its last).
        ["deck_order"] => Value::List(
            g.iter_pile(pl.deck)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .map(|c| g.card_name(c).to_string())
                .collect(),
        ),
        ["discard"] => Value::Int(pl.discard.len() as i64),
        ["agenda"] => Value::Str(match pl.agenda.some() {
            None => "none".into(),
            Some(a) if g.card(a).face_down() => "hidden".into(),
            Some(a) => g.card_name(a).to_string(),
        }),
        ["reserve"] => Value::Int(pl.reserve.len() as i64),
        ["crusade"] => Value::Int(pl.crusade.len() as i64),
        ["extra"] => Value::Int(pl.extra as i64),
        ["isa"] => Value::Bool(g.isa().is_member(p)),
        ["drakh"] => Value::Bool(pl.drakh),
        ["ambassador"] => Value::Str(match pl.ambassador.some() {
            Some(a) => g.card_name(a).to_string(),
            None => "none".into(),
        }),
        // Whether one of P's legal actions uses that card's action (a name
        // may hold a period: the rest of the path is the name).
        ["may_use", name @ ..] => {
            let c = card(g, &name.join("."))?;
            Value::Bool(
                g.is_pending(p)
                    && g.legal_actions(p).iter().any(
                        |a| matches!(a, b5_engine::Action::UseCard { card, .. } if *card == c),
                    ),
            )
        }
        ["chaos_pending"] => Value::Bool(
            g.is_pending(p) && g.legal_actions(p).contains(&b5_engine::Action::KeepChaos),
        ),
        ["tension", q] => Value::Int(g.tension(p, player(g, q)?) as i64),
        ["at_war", q] => Value::Bool(g.at_war(p, player(g, q)?)),
        // States other than war between P and Q, by name (States).
        ["states", q] => {
            let q = player(g, q)?;
            Value::List(
                b5_engine::StateKind::ALL
                    .into_iter()
                    .filter(|&k| g.in_state(p, q, k))
                    .map(|k| k.name().to_string())
                    .collect(),
            )
        }
        ["marks", k] => {
            let k = MarkKind::parse(k).ok_or_else(unknown)?;
            Value::Int(g.faction_marks(p, k) as i64)
        }
        _ => return Err(unknown()),
    })
}
