//! Building the game a scenario describes: a set-up (start = "setup") or an
//! exact position (any other start).

use std::collections::BTreeMap;
use std::sync::Arc;

use b5_cards::{LoadError, Source};
use b5_engine::{
    CardDb, CardPosition, ConflictPosition, DefId, Faction, Game, Options, PlayerId,
    PlayerPosition, Position, Race, Round, Seat, Setup, SetupError, TableRef, TargetPosition,
};
use toml::Spanned;

use crate::scenario::*;

pub const BLANK_CARD: &str = "Blank Card";

pub(crate) struct Names<'a> {
    pub src: &'a Source<'a>,
    pub db: &'a CardDb,
    pub players: Vec<String>,
}

impl<'a> Names<'a> {
    pub fn err(
        &self,
        span: std::ops::Range<usize>,
        field: &str,
        msg: impl Into<String>,
    ) -> LoadError {
        self.src.error(span, field, msg)
    }

    pub fn def(&self, name: &Spanned<String>, field: &str) -> Result<DefId, LoadError> {
        self.db.find(name.get_ref()).ok_or_else(|| {
            self.err(
                name.span(),
                field,
                format!(
                    "unknown card \"{}\": define it under [cards.\"{}\"] or use a card of the project's database",
                    name.get_ref(),
                    name.get_ref()
                ),
            )
        })
    }

    pub fn player(&self, name: &Spanned<String>, field: &str) -> Result<PlayerId, LoadError> {
        self.players
            .iter()
            .position(|p| p == name.get_ref())
            .map(|i| i as PlayerId)
            .ok_or_else(|| {
                self.err(
                    name.span(),
                    field,
                    format!(
                        "unknown player \"{}\" (players: {})",
                        name.get_ref(),
                        self.players.join(", ")
                    ),
                )
            })
    }

    fn pile(&self, pile: &Pile, field: &str) -> Result<Vec<DefId>, LoadError> {
        match pile {
            Pile::Count(n) => {
                let blank = self
                    .db
                    .find(BLANK_CARD)
                    .expect("the runner defines the Blank Card");
                Ok(vec![blank; *n as usize])
            }
            Pile::Cards(v) => v.iter().map(|n| self.def(n, field)).collect(),
        }
    }

    fn instance(&self, e: &CardEntry, field: &str) -> Result<CardPosition, LoadError> {
        match e.get_ref() {
            CardEntryRaw::Name(_) => Ok(CardPosition::of(self.def(&entry_name(e), field)?)),
            CardEntryRaw::Instance(i) => {
                let m = i.marks.clone().unwrap_or_default();
                Ok(CardPosition {
                    def: self.def(&i.card, field)?,
                    rotated: i.rotated,
                    damage: i.damage,
                    severe: i.severe,
                    neutralized: i.neutralized,
                    neutralized_this_turn: i.neutralized_this_turn,
                    marks: [
                        m.destiny.unwrap_or(0),
                        m.doom.unwrap_or(0),
                        m.strife.unwrap_or(0),
                        m.conspiracy.unwrap_or(0),
                        m.shadow.unwrap_or(0),
                        m.vorlon.unwrap_or(0),
                    ],
                    attached: i
                        .attached
                        .iter()
                        .map(|a| self.def(a, &format!("{field}.attached")))
                        .collect::<Result<_, _>>()?,
                    leading: i
                        .leading
                        .as_ref()
                        .map(|l| self.def(l, &format!("{field}.leading")))
                        .transpose()?,
                    chaos: i.chaos,
                    credits: i.credits,
                })
            }
        }
    }
}

fn race(n: &Names, s: &Spanned<String>, field: &str) -> Result<Race, LoadError> {
    Race::parse(s.get_ref()).ok_or_else(|| {
        n.err(
            s.span(),
            field,
            format!(
                "unknown race \"{}\" (expected centauri, human, minbari, narn, non-aligned)",
                s.get_ref()
            ),
        )
    })
}

fn faction(n: &Names, s: &Spanned<String>, field: &str) -> Result<Faction, LoadError> {
    Faction::parse(s.get_ref()).ok_or_else(|| {
        n.err(
            s.span(),
            field,
            format!(
                "unknown faction \"{}\" (expected babylon project, home, corporate, psi corps)",
                s.get_ref()
            ),
        )
    })
}

/// The start position's round, or `None` for a set-up.
pub(crate) fn start_round(n: &Names, s: &Spanned<String>) -> Result<Option<Round>, LoadError> {
    match s.get_ref().as_str() {
        "setup" => Ok(None),
        r => Round::parse(r).map(Some).ok_or_else(|| {
            n.err(
                s.span(),
                "start",
                format!("unknown start \"{r}\" (expected setup, ready, conflict, action, resolution, draw)"),
            )
        }),
    }
}

/// Builds the game; `Ok(Err(_))` is a set-up the engine refused.
pub(crate) fn build(
    sc: &Scenario,
    n: &Names,
    db: Arc<CardDb>,
) -> Result<Result<Game, SetupError>, LoadError> {
    let seed = sc.seed.unwrap_or(0);
    match start_round(n, &sc.start)? {
        None => build_setup(sc, n, db, seed),
        Some(round) => build_position(sc, n, db, seed, round).map(Ok),
    }
}

fn build_setup(
    sc: &Scenario,
    n: &Names,
    db: Arc<CardDb>,
    seed: u64,
) -> Result<Result<Game, SetupError>, LoadError> {
    let mut seats = Vec::new();
    for (i, pt) in sc.player.iter().enumerate() {
        let field = format!("player[{i}]");
        let p = pt.get_ref();
        let extra = [
            ("influence", p.influence.is_some()),
            ("spent", p.spent.is_some()),
            ("power", p.power.is_some()),
            ("unrest", p.unrest.is_some()),
            ("tension", p.tension.is_some()),
            ("inner_circle", !p.inner_circle.is_empty()),
            ("supporting", !p.supporting.is_empty()),
            (
                "discard",
                !matches!(&p.discard, Pile::Cards(v) if v.is_empty()),
            ),
            ("agenda", p.agenda.is_some()),
            ("crusade", !p.crusade.is_empty()),
            ("at_war", !p.at_war.is_empty()),
        ];
        if let Some((k, _)) = extra.iter().find(|x| x.1) {
            return Err(n.err(
                pt.span(),
                &format!("{field}.{k}"),
                "with start = \"setup\" a player table gives only name, race, faction, ambassador, hand and deck",
            ));
        }
        let amb = match p.ambassador.get_ref() {
            CardEntryRaw::Name(_) => {
                n.def(&entry_name(&p.ambassador), &format!("{field}.ambassador"))?
            }
            CardEntryRaw::Instance(_) => {
                return Err(n.err(
                    p.ambassador.span(),
                    &format!("{field}.ambassador"),
                    "with start = \"setup\" the ambassador is a card name",
                ))
            }
        };
        seats.push(Seat {
            name: p.name.get_ref().clone(),
            race: race(n, &p.race, &format!("{field}.race"))?,
            faction: faction(n, &p.faction, &format!("{field}.faction"))?,
            ambassador: amb,
            hand: p
                .hand
                .iter()
                .map(|h| n.def(h, &format!("{field}.hand")))
                .collect::<Result<_, _>>()?,
            deck: n.pile(&p.deck, &format!("{field}.deck"))?,
            crusade: Vec::new(),
            reserve: p
                .reserve
                .iter()
                .map(|c| n.def(c, &format!("{field}.reserve")))
                .collect::<Result<_, _>>()?,
        });
    }
    let setup = Setup {
        players: seats,
        options: Options {
            extended_loyalty: sc.extended_loyalty.unwrap_or(false),
            // Appendix One: draw 8, keep some, stack the rest (mulligans).
            duel_draw: sc.duel.as_ref().is_some_and(|d| *d.get_ref()),
            ..Options::default()
        },
    };
    Ok(Game::new(setup, db, seed))
}

/// Where a card named on the table is, for conflict participants and targets.
fn table_ref(
    n: &Names,
    sc: &Scenario,
    name: &Spanned<String>,
    prefer: PlayerId,
    field: &str,
) -> Result<TableRef, LoadError> {
    let def = n.def(name, field)?;
    let mut found: Vec<PlayerId> = Vec::new();
    for (i, pt) in sc.player.iter().enumerate() {
        let p = pt.get_ref();
        let on_table = std::iter::once(&p.ambassador)
            .chain(p.inner_circle.iter())
            .chain(p.supporting.iter())
            .any(|e| entry_name(e).get_ref().eq_ignore_ascii_case(name.get_ref()));
        if on_table {
            found.push(i as PlayerId);
        }
    }
    let player = if found.contains(&prefer) {
        prefer
    } else {
        *found.first().ok_or_else(|| {
            n.err(
                name.span(),
                field,
                format!("\"{}\" is not on any player's table", name.get_ref()),
            )
        })?
    };
    Ok(TableRef { player, def })
}

fn build_position(
    sc: &Scenario,
    n: &Names,
    db: Arc<CardDb>,
    seed: u64,
    round: Round,
) -> Result<Game, LoadError> {
    let mut pos = Position {
        turn: sc.turn.unwrap_or(1),
        round,
        babylon5: sc.babylon5.unwrap_or(4),
        shadows: sc.shadows.unwrap_or(4),
        vorlons: sc.vorlons.unwrap_or(4),
        shadow_war: sc.shadow_war.unwrap_or(false),
        ..Position::default()
    };
    pos.options.extended_loyalty = sc.extended_loyalty.unwrap_or(false);
    if let Some(d) = &sc.duel {
        return Err(n.err(
            d.span(),
            "duel",
            "the two-player draw happens at set-up: use it with start = \"setup\"",
        ));
    }
    if let Some(order) = &sc.initiative {
        pos.initiative = Some(
            order
                .iter()
                .map(|s| n.player(s, "initiative"))
                .collect::<Result<_, _>>()?,
        );
    }
    for (i, pt) in sc.player.iter().enumerate() {
        let field = format!("player[{i}]");
        let p = pt.get_ref();
        let mut pp = PlayerPosition::new(
            p.name.get_ref().clone(),
            race(n, &p.race, &format!("{field}.race"))?,
            faction(n, &p.faction, &format!("{field}.faction"))?,
            DefId(0),
        );
        pp.ambassador = n.instance(&p.ambassador, &format!("{field}.ambassador"))?;
        pp.influence = p.influence.unwrap_or(4);
        pp.spent = p.spent.unwrap_or(0);
        pp.power = p.power.unwrap_or(0);
        pp.unrest = p.unrest;
        if let Some(t) = &p.tension {
            let mut v: BTreeMap<PlayerId, u8> = BTreeMap::new();
            for (q, val) in t {
                v.insert(n.player(q, &format!("{field}.tension"))?, *val);
            }
            pp.tension = v.into_iter().collect();
        }
        pp.inner_circle = p
            .inner_circle
            .iter()
            .map(|e| n.instance(e, &format!("{field}.inner_circle")))
            .collect::<Result<_, _>>()?;
        pp.supporting = p
            .supporting
            .iter()
            .map(|e| n.instance(e, &format!("{field}.supporting")))
            .collect::<Result<_, _>>()?;
        pp.hand = p
            .hand
            .iter()
            .map(|h| n.def(h, &format!("{field}.hand")))
            .collect::<Result<_, _>>()?;
        pp.deck = n.pile(&p.deck, &format!("{field}.deck"))?;
        pp.discard = n.pile(&p.discard, &format!("{field}.discard"))?;
        pp.crusade = p
            .crusade
            .iter()
            .map(|c| n.def(c, &format!("{field}.crusade")))
            .collect::<Result<_, _>>()?;
        pp.agenda = match &p.agenda {
            None => None,
            Some(a) => match a.get_ref() {
                AgendaEntry::Name(s) => Some((
                    n.def(
                        &Spanned::new(a.span(), s.clone()),
                        &format!("{field}.agenda"),
                    )?,
                    false,
                )),
                AgendaEntry::Table(t) => {
                    Some((n.def(&t.card, &format!("{field}.agenda"))?, t.hidden))
                }
            },
        };
        pp.at_war = p
            .at_war
            .iter()
            .map(|q| n.player(q, &format!("{field}.at_war")))
            .collect::<Result<_, _>>()?;
        pp.reserve = p
            .reserve
            .iter()
            .map(|c| n.def(c, &format!("{field}.reserve")))
            .collect::<Result<_, _>>()?;
        pp.drakh = p.drakh;
        pos.players.push(pp);
    }
    if let Some(isa) = &sc.isa {
        let t = isa.get_ref();
        pos.isa = Some((
            n.player(&t.founder, "isa.founder")?,
            t.members
                .iter()
                .map(|m| n.player(m, "isa.members"))
                .collect::<Result<_, _>>()?,
        ));
    }
    for (i, ct) in sc.conflict.iter().enumerate() {
        let field = format!("conflict[{i}]");
        let c = ct.get_ref();
        let ini = n.player(&c.initiator, &format!("{field}.initiator"))?;
        let war = c.war.unwrap_or(false);
        let card = match (&c.card, war) {
            (Some(s), false) => Some(n.def(s, &format!("{field}.card"))?),
            (None, true) => None,
            _ => {
                return Err(n.err(
                    ct.span(),
                    &field,
                    "a conflict has either `card` or `war = true` (with `conflict`)",
                ))
            }
        };
        let kind = match &c.conflict {
            Some(s) => Some(b5_engine::Ability::parse(s.get_ref()).ok_or_else(|| {
                n.err(
                    s.span(),
                    &format!("{field}.conflict"),
                    format!("unknown conflict type \"{}\"", s.get_ref()),
                )
            })?),
            None => None,
        };
        let target = match &c.target {
            None => TargetPosition::None,
            Some(t) => {
                if let Some(q) = n.players.iter().position(|p| p == t.get_ref()) {
                    TargetPosition::Player(q as PlayerId)
                } else if let Some(r) = Race::parse(t.get_ref()) {
                    TargetPosition::Race(r)
                } else {
                    TargetPosition::Card(table_ref(n, sc, t, ini, &format!("{field}.target"))?)
                }
            }
        };
        pos.conflicts.push(ConflictPosition {
            card,
            kind,
            initiator: ini,
            target,
            supporters: c
                .supporters
                .iter()
                .map(|s| table_ref(n, sc, s, ini, &format!("{field}.supporters")))
                .collect::<Result<_, _>>()?,
            opposers: c
                .opposers
                .iter()
                .map(|s| table_ref(n, sc, s, ini, &format!("{field}.opposers")))
                .collect::<Result<_, _>>()?,
        });
    }
    Game::from_position(&pos, db, seed).map_err(|e| n.err(0..0, "", e.to_string()))
}
