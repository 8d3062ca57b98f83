//! A synthetic card pool written in code (original, invented names), a
//! deterministic random generator, random legal set-ups and decks, and a
//! random player, shared by the engine's property tests.

#![allow(dead_code)]

use std::sync::Arc;

mod checks;
mod vocabulary;
mod vocabulary_attacks;
mod vocabulary_costs;
mod vocabulary_negate;
mod vocabulary_rules;
mod vocabulary_targets;

pub use checks::check_state;

use b5_engine::{
    Ability, AbilityBonus, Action, AftermathPlay, AttachKind, CardAction, CardDb, CardDef,
    CardFilter, CardId, CardSel, CardType, Cmp, Condition, ConflictId, Cost, DefId, Duration,
    Effect, Faction, Force, Game, Op, Options, Passive, PlayerId, Race, Replaces, Seat, Setup,
    Side, Target, TargetKind, Transfers, Trigger, TriggeredEffect, Uniqueness, VictoryCondition,
    VoteKind, Who,
};

// ---------------------------------------------------------------------------
// A small deterministic generator (SplitMix64): tests own their randomness.

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }

    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

// ---------------------------------------------------------------------------
// Card definition helpers.

fn set_keyword(d: &mut CardDef, k: &str) {
    d.keywords.push(k.to_string());
    match k {
        "ambassador" => d.kw.species_ambassador = true,
        "ambassador's assistant" => d.kw.assistant = true,
        "mercenary" => d.kw.mercenary = true,
        "homeworld" => d.kw.homeworld = true,
        "corporate" => d.kw.corporate = true,
        "psi corps" => d.kw.psi_corps = true,
        "ranger" => d.kw.ranger = true,
        "applies damage first" => d.kw.damage_first = true,
        "drakh ambassador" => d.kw.drakh_ambassador = true,
        _ => {
            if let Some(n) = k.strip_prefix("damage resistance ") {
                d.kw.damage_resistance = n.parse().expect("damage resistance N");
            } else if let Some(rest) = k.strip_prefix("starting ") {
                let rest = rest
                    .strip_suffix(" ambassador")
                    .expect("starting ... ambassador");
                let (r, f) = if let Some(r) = rest.strip_suffix(" home faction") {
                    (r, Some(Faction::Home))
                } else if let Some(r) = rest.strip_suffix(" psi corps") {
                    (r, Some(Faction::PsiCorps))
                } else if let Some(r) = rest.strip_suffix(" babylon project") {
                    (r, Some(Faction::BabylonProject))
                } else {
                    (rest, None)
                };
                d.kw.starting = Some((Race::parse(r).expect("race"), f));
            }
        }
    }
}

fn eff(op: Op) -> Effect {
    Effect::new(op)
}

fn then(op: Op) -> Effect {
    let mut e = Effect::new(op);
    e.then = true;
    e
}

fn bonus(values: [i8; 5], all: i8) -> AbilityBonus {
    AbilityBonus { values, all }
}

/// [diplomacy, intrigue, psi, leadership, military]
fn character(name: &str, race: Race, cost: Option<u8>, ab: [u8; 5], kws: &[&str]) -> CardDef {
    let mut d = CardDef::new(name, CardType::Character);
    d.race = race;
    d.cost = cost;
    d.abilities = ab;
    for k in kws {
        set_keyword(&mut d, k);
    }
    d
}

fn card(name: &str, ty: CardType, race: Race, cost: u8) -> CardDef {
    let mut d = CardDef::new(name, ty);
    d.race = race;
    d.cost = Some(cost);
    d
}

fn military(name: &str, ty: CardType, race: Race, cost: u8, mil: u8) -> CardDef {
    let mut d = card(name, ty, race, cost);
    d.abilities[Ability::Military.idx()] = mil;
    d
}

fn other_character() -> CardFilter {
    CardFilter {
        side: Side::Other,
        ..CardFilter::of_type(CardType::Character)
    }
}

fn own_character() -> CardFilter {
    CardFilter {
        side: Side::Own,
        ..CardFilter::of_type(CardType::Character)
    }
}

fn conflict(name: &str, kind: Ability, target: TargetKind, cost: u8) -> CardDef {
    let mut d = card(name, CardType::Conflict, Race::Neutral, cost);
    d.conflict = Some(kind);
    d.target = target;
    d
}

fn race_prefix(r: Race) -> &'static str {
    match r {
        Race::Centauri => "Vellan",
        Race::Human => "Terran",
        Race::Minbari => "Isilic",
        Race::Narn => "Kharic",
        Race::NonAligned => "Drift",
        _ => "Free",
    }
}

// ---------------------------------------------------------------------------
// The pool.

/// A seat template: a race, a faction and a starting ambassador that is
/// legal for them. Any set of distinct templates is a legal table.
#[derive(Clone, Debug)]
pub struct SeatTemplate {
    pub race: Race,
    pub faction: Faction,
    pub ambassador: DefId,
}

/// The synthetic pool and what the deck builder needs to know about it.
pub struct Pool {
    pub db: Arc<CardDb>,
    pub templates: Vec<SeatTemplate>,
    /// Non-Aligned species ambassadors (for the second one in hand).
    pub species_ambassadors: Vec<DefId>,
}

pub fn pool() -> Pool {
    let mut defs: Vec<CardDef> = Vec::new();
    let mut templates: Vec<(Race, Faction, String)> = Vec::new();

    // Starting ambassadors: Babylon Project and home faction for each of
    // the four races, a Psi Corps one, two corporate ones.
    let amb_stats: [(Race, [u8; 5], [u8; 5]); 4] = [
        (Race::Centauri, [5, 4, 0, 3, 0], [4, 5, 0, 4, 0]),
        (Race::Human, [5, 3, 0, 4, 0], [4, 3, 0, 5, 0]),
        (Race::Minbari, [4, 3, 2, 4, 0], [3, 4, 3, 4, 0]),
        (Race::Narn, [4, 4, 0, 4, 0], [3, 4, 1, 5, 0]),
    ];
    for (race, bp, home) in amb_stats {
        let rn = race.name();
        let p = race_prefix(race);
        let n1 = format!("{p} Envoy Oskarel");
        let n2 = format!("{p} Regent Mavrith");
        defs.push(character(
            &n1,
            race,
            None,
            bp,
            &[&format!("starting {rn} ambassador")],
        ));
        defs.push(character(
            &n2,
            race,
            None,
            home,
            &[&format!("starting {rn} home faction ambassador")],
        ));
        templates.push((race, Faction::BabylonProject, n1));
        templates.push((race, Faction::Home, n2));
    }
    defs.push(character(
        "Warden Ilse Corvane",
        Race::Human,
        None,
        [4, 4, 4, 3, 0],
        &["starting human psi corps ambassador", "psi corps"],
    ));
    templates.push((Race::Human, Faction::PsiCorps, "Warden Ilse Corvane".into()));
    defs.push(character(
        "Broker Quill of Hask Corporate",
        Race::Neutral,
        Some(5),
        [4, 4, 0, 3, 0],
        &["corporate"],
    ));
    defs.push(character(
        "Merchant-Factor Odrenne",
        Race::Neutral,
        Some(4),
        [3, 5, 0, 3, 0],
        &["corporate"],
    ));
    templates.push((
        Race::Narn,
        Faction::Corporate,
        "Broker Quill of Hask Corporate".into(),
    ));
    templates.push((
        Race::Centauri,
        Faction::Corporate,
        "Merchant-Factor Odrenne".into(),
    ));

    // Non-Aligned species ambassadors (keyword "ambassador").
    let species = [
        ("Speaker Thessaly of the Vree-Ak", [4, 3, 0, 3, 0]),
        ("Voice Ommar of the Lumen", [3, 4, 1, 3, 0]),
        ("Delegate Krenn of the Sha'vik", [4, 2, 0, 4, 1]),
        ("Emissary Yull of the Dorrani", [3, 3, 2, 3, 0]),
    ];
    let mut species_names = Vec::new();
    for (name, ab) in species {
        defs.push(character(
            name,
            Race::NonAligned,
            Some(3),
            ab,
            &["ambassador"],
        ));
        species_names.push(name.to_string());
    }
    templates.push((
        Race::NonAligned,
        Faction::BabylonProject,
        species_names[0].clone(),
    ));
    templates.push((
        Race::NonAligned,
        Faction::BabylonProject,
        species_names[1].clone(),
    ));

    // Supporting characters, by race (and neutral), with varied abilities.
    for race in Race::PLAYABLE {
        let p = race_prefix(race);
        defs.push(character(
            &format!("{p} Attache"),
            race,
            Some(1),
            [2, 1, 0, 1, 0],
            &[],
        ));
        defs.push(character(
            &format!("{p} Courier"),
            race,
            Some(2),
            [1, 3, 0, 1, 1],
            &[],
        ));
        defs.push(character(
            &format!("{p} Captain"),
            race,
            Some(3),
            [1, 1, 0, 4, 2],
            &[],
        ));
        defs.push(character(
            &format!("{p} Mindreader"),
            race,
            Some(3),
            [1, 2, 4, 1, 0],
            &[],
        ));
        // A character whose action draws a card (rotate).
        let mut scholar = character(
            &format!("{p} Archivist"),
            race,
            Some(2),
            [2, 2, 0, 1, 0],
            &[],
        );
        scholar.actions.push(CardAction {
            limit: None,
            anyone: false,
            cost: Cost {
                rotate: true,
                ..Cost::default()
            },
            target: TargetKind::None,
            filter: CardFilter::default(),
            second: None,
            effects: vec![eff(Op::Draw { n: 1, who: Who::Me })],
            condition: None,
        });
        defs.push(scholar);
        // A sustainable action: +2 Diplomacy to an own character while rotated.
        let mut mentor = character(&format!("{p} Mentor"), race, Some(4), [3, 2, 0, 3, 0], &[]);
        mentor.actions.push(CardAction {
            limit: None,
            anyone: false,
            cost: Cost {
                rotate: true,
                ..Cost::default()
            },
            target: TargetKind::Card,
            filter: own_character(),
            second: None,
            effects: vec![eff(Op::Bonus {
                bonus: bonus([2, 0, 0, 0, 0], 0),
                card: CardSel::Target,
                duration: Duration::WhileRotated,
            })],
            condition: None,
        });
        defs.push(mentor);
        // A sustainable action whose bonus lasts until the end of the turn
        // (Sustained Actions: no gap when sustained).
        let mut coach = character(
            &format!("{p} Drillmaster"),
            race,
            Some(3),
            [1, 1, 0, 3, 0],
            &[],
        );
        coach.actions.push(CardAction {
            limit: None,
            anyone: false,
            cost: Cost {
                rotate: true,
                ..Cost::default()
            },
            target: TargetKind::Card,
            filter: own_character(),
            effects: vec![eff(Op::Bonus {
                bonus: bonus([0, 0, 0, 1, 0], 0),
                card: CardSel::Target,
                duration: Duration::Turn,
            })],
            condition: None,
            second: None,
        });
        defs.push(coach);
        // A triggered effect: power when a conflict of its controller is won.
        let mut hero = character(
            &format!("{p} Champion"),
            race,
            Some(5),
            [3, 3, 0, 3, 3],
            &["damage resistance 1"],
        );
        hero.triggers.push(TriggeredEffect {
            of: None,
            attacker: None,
            limit: None,
            trigger: Trigger::ConflictWon,
            rotate: false,
            effects: vec![eff(Op::GainPower { n: 1, who: Who::Me })],
        });
        defs.push(hero);
        // A fleet, a location (homeworld), a group of the race.
        let mut fleet = military(&format!("{p} Patrol Wing"), CardType::Fleet, race, 2, 3);
        fleet.uniqueness = Uniqueness::Multiple;
        defs.push(fleet);
        defs.push(military(
            &format!("{p} Battle Group"),
            CardType::Fleet,
            race,
            4,
            5,
        ));
        let mut home = military(&format!("{p} Home Sphere"), CardType::Location, race, 4, 4);
        set_keyword(&mut home, "homeworld");
        home.passives.push(Passive::ExtraDraw(1));
        home.power_bonus = 1;
        defs.push(home);
        let mut group = card(&format!("{p} Trade Guild"), CardType::Group, race, 3);
        group.abilities = [2, 2, 0, 0, 0];
        group.passives.push(Passive::Bonus {
            filter: own_character(),
            bonus: bonus([1, 0, 0, 0, 0], 0),
            per: None,
        });
        defs.push(group);
        // A loyal agenda.
        let mut ag = card(&format!("{p} Ascendancy"), CardType::Agenda, race, 3);
        ag.power_bonus = 2;
        defs.push(ag);
        // A loyal event and a loyal enhancement.
        let mut rally = card(&format!("{p} Rally"), CardType::Event, race, 1);
        rally.effects = vec![eff(Op::Unrest {
            n: -1,
            who: Who::Me,
        })];
        defs.push(rally);
        let mut badge = card(&format!("{p} Insignia"), CardType::Enhancement, race, 1);
        badge.attach = AttachKind::Character;
        badge.bonus = bonus([0, 0, 0, 1, 0], 0);
        defs.push(badge);
    }
    // Neutral characters.
    defs.push(character(
        "Dockmaster Hollis Brandt",
        Race::Neutral,
        Some(2),
        [2, 2, 0, 2, 1],
        &[],
    ));
    defs.push(character(
        "Seer Aumra Veil",
        Race::Neutral,
        Some(4),
        [1, 2, 5, 1, 0],
        &[],
    ));
    defs.push(character(
        "Smuggler Kett Varro",
        Race::Neutral,
        Some(2),
        [0, 4, 0, 1, 2],
        &[],
    ));
    // A saboteur whose action damages an enemy character (rotate + 1 influence).
    let mut saboteur = character(
        "Saboteur Nyx Calder",
        Race::Neutral,
        Some(3),
        [0, 4, 0, 1, 2],
        &["applies damage first"],
    );
    saboteur.actions.push(CardAction {
        limit: None,
        anyone: false,
        cost: Cost {
            rotate: true,
            influence: 1,
            ..Cost::default()
        },
        target: TargetKind::Card,
        filter: CardFilter {
            not_ambassador: true,
            ..other_character()
        },
        second: None,
        effects: vec![eff(Op::Damage {
            n: 1,
            card: CardSel::Target,
        })],
        condition: None,
    });
    defs.push(saboteur);
    // A mercenary and an ambassador's assistant.
    defs.push(character(
        "Gunhand Rook Maddox",
        Race::Neutral,
        Some(3),
        [0, 2, 0, 2, 4],
        &["mercenary"],
    ));
    defs.push(character(
        "Aide Pell Sorrens",
        Race::Neutral,
        Some(2),
        [2, 1, 0, 1, 0],
        &["ambassador's assistant"],
    ));
    // Neutral fleets and locations.
    let mut raiders = military("Free Raider Flotilla", CardType::Fleet, Race::Neutral, 3, 4);
    raiders.uniqueness = Uniqueness::Multiple;
    defs.push(raiders);
    let mut outpost = military(
        "Relay Outpost Kappa",
        CardType::Location,
        Race::Neutral,
        2,
        2,
    );
    outpost.passives.push(Passive::Discount {
        filter: CardFilter::of_type(CardType::Fleet),
        amount: 1,
    });
    defs.push(outpost);
    let mut exchange = card("Grey Market Exchange", CardType::Group, Race::Neutral, 2);
    exchange.abilities = [1, 3, 0, 0, 0];
    exchange.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::GainedInfluenceFromConflict,
        rotate: true,
        effects: vec![eff(Op::Draw { n: 1, who: Who::Me })],
    });
    defs.push(exchange);

    // Enhancements.
    let mut e = card("Ceremonial Sash", CardType::Enhancement, Race::Neutral, 1);
    e.attach = AttachKind::Character;
    e.bonus = bonus([1, 0, 0, 0, 0], 0);
    defs.push(e);
    let mut e = card("Neural Amplifier", CardType::Enhancement, Race::Neutral, 2);
    e.attach = AttachKind::Character;
    e.bonus = bonus([0, 0, 0, 0, 0], 1);
    defs.push(e);
    let mut e = card("Reinforced Hulls", CardType::Enhancement, Race::Neutral, 2);
    e.attach = AttachKind::Fleet;
    e.bonus = bonus([0, 0, 0, 0, 2], 0);
    defs.push(e);
    let mut e = card("Trade Charter", CardType::Enhancement, Race::Neutral, 3);
    e.attach = AttachKind::Faction;
    e.power_bonus = 1;
    defs.push(e);

    // Agendas: a neutral one and a major one.
    let mut a = card("Quiet Consolidation", CardType::Agenda, Race::Neutral, 2);
    a.power_bonus = 1;
    defs.push(a);
    let mut a = card(
        "Grand Design of the Ages",
        CardType::Agenda,
        Race::Neutral,
        5,
    );
    a.major = true;
    a.uniqueness = Uniqueness::Unique;
    a.power_bonus = 4;
    a.victory = Some(VictoryCondition {
        condition: Condition::Influence(Cmp::AtLeast(16)),
    });
    defs.push(a);

    // Events.
    let mut ev = card("Windfall Tariffs", CardType::Event, Race::Neutral, 2);
    ev.effects = vec![eff(Op::GainInfluence { n: 1, who: Who::Me })];
    defs.push(ev);
    let mut ev = card("Ambush in the Docks", CardType::Event, Race::Neutral, 2);
    ev.target = TargetKind::Card;
    ev.filter = other_character();
    ev.effects = vec![eff(Op::Damage {
        n: 2,
        card: CardSel::Target,
    })];
    defs.push(ev);
    let mut ev = card("Moment of Clarity", CardType::Event, Race::Neutral, 1);
    ev.target = TargetKind::Card;
    ev.filter = own_character();
    ev.effects = vec![eff(Op::Bonus {
        bonus: bonus([0, 0, 0, 0, 0], 2),
        card: CardSel::Target,
        duration: Duration::Turn,
    })];
    defs.push(ev);
    let mut ev = card("Border Provocation", CardType::Event, Race::Neutral, 1);
    ev.target = TargetKind::Player;
    ev.effects = vec![eff(Op::Tension {
        n: 1,
        who: Who::Target,
        toward: Who::Me,
        mutual: true,
        set: false,
    })];
    defs.push(ev);
    let mut ev = card("Station Festival", CardType::Event, Race::Neutral, 1);
    ev.effects = vec![
        eff(Op::NonPlayer {
            force: Force::Babylon5,
            n: 1,
        }),
        eff(Op::Unrest {
            n: 1,
            who: Who::Others,
        }),
    ];
    defs.push(ev);
    let mut ev = card("Intercepted Dispatch", CardType::Event, Race::Neutral, 1);
    ev.effects = vec![eff(Op::Draw { n: 2, who: Who::Me })];
    defs.push(ev);
    let mut ev = card("Rallying Speech", CardType::Event, Race::Neutral, 0);
    ev.target = TargetKind::Conflict;
    ev.effects = vec![eff(Op::Support { n: 2 })];
    defs.push(ev);
    let mut ev = card("Field Surgery", CardType::Event, Race::Neutral, 1);
    ev.target = TargetKind::Card;
    ev.filter = CardFilter {
        damaged: true,
        ..own_character()
    };
    ev.effects = vec![eff(Op::Heal {
        card: CardSel::Target,
    })];
    defs.push(ev);
    // Glossary, Transfer: damage moves from the ambassador to the target.
    let mut ev = card("Shared Scars", CardType::Event, Race::Neutral, 0);
    ev.target = TargetKind::Card;
    ev.filter = own_character();
    ev.effects = vec![eff(Op::TransferDamage {
        card: CardSel::Ambassador(Who::Me),
        onto: CardSel::Target,
        count: 2,
    })];
    defs.push(ev);
    let mut ev = card("Whispered Slander", CardType::Event, Race::Neutral, 2);
    ev.uniqueness = Uniqueness::Limited;
    ev.target = TargetKind::Player;
    ev.effects = vec![
        eff(Op::LoseInfluence {
            n: 1,
            who: Who::Target,
        }),
        then(Op::Unrest {
            n: 1,
            who: Who::Target,
        }),
    ];
    defs.push(ev);

    // Conflicts of all five types, one unopposable.
    let mut c = conflict(
        "Treaty Arbitration",
        Ability::Diplomacy,
        TargetKind::Player,
        0,
    );
    c.won = vec![eff(Op::GainInfluence { n: 1, who: Who::Me })];
    c.won_by = vec![(5, vec![eff(Op::GainPower { n: 1, who: Who::Me })])];
    c.lost = vec![eff(Op::LoseInfluence { n: 1, who: Who::Me })];
    defs.push(c);
    let mut c = conflict("Covert Extraction", Ability::Intrigue, TargetKind::Card, 0);
    c.filter = CardFilter {
        not_ambassador: true,
        ..CardFilter::of_type(CardType::Character)
    };
    c.won = vec![eff(Op::Damage {
        n: 2,
        card: CardSel::Target,
    })];
    c.won_by = vec![(
        3,
        vec![eff(Op::TransferInfluence {
            n: 1,
            who: Who::Target,
            to: Who::Me,
        })],
    )];
    defs.push(c);
    let mut c = conflict("Mind Siege", Ability::Psi, TargetKind::Race, 0);
    c.won = vec![eff(Op::Unrest {
        n: 1,
        who: Who::Target,
    })];
    c.lost = vec![eff(Op::Unrest { n: 1, who: Who::Me })];
    defs.push(c);
    let mut c = conflict(
        "Rally the Colonies",
        Ability::Leadership,
        TargetKind::None,
        0,
    );
    c.won = vec![eff(Op::GainPower { n: 1, who: Who::Me })];
    c.won_by = vec![(4, vec![eff(Op::GainInfluence { n: 1, who: Who::Me })])];
    defs.push(c);
    let mut c = conflict("Blockade Run", Ability::Military, TargetKind::Player, 0);
    c.initiated = vec![eff(Op::Tension {
        n: 1,
        who: Who::Target,
        toward: Who::Me,
        mutual: false,
        set: false,
    })];
    c.won = vec![eff(Op::GainPower { n: 2, who: Who::Me })];
    c.lost_by = vec![(3, vec![eff(Op::LosePower { n: 1, who: Who::Me })])];
    defs.push(c);
    let mut c = conflict(
        "Council Succession",
        Ability::Diplomacy,
        TargetKind::None,
        1,
    );
    c.unopposable = true;
    c.initiate_cost = 1;
    c.won = vec![
        eff(Op::GainPower { n: 1, who: Who::Me }),
        eff(Op::NonPlayer {
            force: Force::Babylon5,
            n: 1,
        }),
    ];
    defs.push(c);
    let mut c = conflict("Sector Skirmish", Ability::Military, TargetKind::Player, 0);
    c.uniqueness = Uniqueness::Limited;
    c.won = vec![eff(Op::Tension {
        n: 1,
        who: Who::Me,
        toward: Who::Target,
        mutual: true,
        set: false,
    })];
    c.won_by = vec![(
        6,
        vec![eff(Op::War {
            who: Who::Me,
            with: Who::Target,
        })],
    )];
    defs.push(c);

    // Aftermaths.
    let mut am = card(
        "Spoils of Negotiation",
        CardType::Aftermath,
        Race::Neutral,
        1,
    );
    am.target = TargetKind::None;
    am.attach = AttachKind::Global;
    am.effects = vec![eff(Op::GainInfluence { n: 1, who: Who::Me })];
    am.aftermath = Some(AftermathPlay {
        won: Some(true),
        conflict: vec![Ability::Diplomacy, Ability::Leadership],
        participant: false,
        discard_after: true,
    });
    defs.push(am);
    let mut am = card("Hard Lessons", CardType::Aftermath, Race::Neutral, 1);
    am.target = TargetKind::Card;
    am.filter = CardFilter::of_type(CardType::Character);
    am.attach = AttachKind::Character;
    am.bonus = bonus([0, 1, 0, 1, 0], 0);
    am.aftermath = Some(AftermathPlay {
        won: Some(false),
        conflict: vec![],
        participant: true,
        discard_after: false,
    });
    defs.push(am);
    // A lasting aftermath that provides a mark while it stays (Appendix Two:
    // Nightmares).
    let mut am = card("Haunting Memory", CardType::Aftermath, Race::Neutral, 1);
    am.target = TargetKind::Card;
    am.filter = CardFilter::of_type(CardType::Character);
    am.attach = AttachKind::Character;
    am.passives.push(Passive::Marks {
        filter: None,
        marks: [0, 1, 0, 0, 0, 0],
    });
    am.aftermath = Some(AftermathPlay {
        won: Some(false),
        conflict: vec![],
        participant: true,
        discard_after: false,
    });
    defs.push(am);
    let mut am = card("Public Reckoning", CardType::Aftermath, Race::Neutral, 0);
    am.target = TargetKind::Player;
    am.attach = AttachKind::Faction;
    am.effects = vec![eff(Op::Unrest {
        n: 1,
        who: Who::Target,
    })];
    am.aftermath = Some(AftermathPlay {
        won: None,
        conflict: vec![],
        participant: true,
        discard_after: true,
    });
    defs.push(am);

    // Contingencies with triggers.
    let mut ct = card("Hidden Bodyguard", CardType::Contingency, Race::Neutral, 1);
    ct.attach = AttachKind::Character;
    ct.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::Attacked,
        rotate: false,
        effects: vec![eff(Op::CancelAttack)],
    });
    defs.push(ct);
    let mut ct = card("Prepared Rebuttal", CardType::Contingency, Race::Neutral, 1);
    ct.attach = AttachKind::Character;
    ct.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::Targeted,
        rotate: false,
        effects: vec![eff(Op::Opposition { n: 2 })],
    });
    defs.push(ct);
    let mut ct = card("Victory Dividend", CardType::Contingency, Race::Neutral, 0);
    ct.attach = AttachKind::Faction;
    ct.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::ConflictWon,
        rotate: false,
        effects: vec![eff(Op::GainPower { n: 1, who: Who::Me })],
    });
    defs.push(ct);
    // A fleet of its player neutralized, in an attack or outside one.
    let mut ct = card(
        "Salvage Rights Filing",
        CardType::Contingency,
        Race::Neutral,
        0,
    );
    ct.attach = AttachKind::Character;
    ct.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::FleetNeutralized,
        rotate: false,
        effects: vec![eff(Op::GainInfluence { n: 1, who: Who::Me })],
    });
    defs.push(ct);
    let mut ct = card("Counter-Ambush", CardType::Contingency, Race::Neutral, 1);
    ct.attach = AttachKind::Fleet;
    ct.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::Attacks,
        rotate: false,
        effects: vec![eff(Op::Bonus {
            bonus: bonus([0, 0, 0, 0, 2], 0),
            card: CardSel::This,
            duration: Duration::Turn,
        })],
    });
    defs.push(ct);

    more_cards(&mut defs);
    council_cards(&mut defs);
    drakh_cards(&mut defs);
    vocabulary::vocabulary_cards(&mut defs);
    vocabulary_costs::vocabulary_cost_cards(&mut defs);
    vocabulary_rules::vocabulary_rules_cards(&mut defs);
    vocabulary_attacks::vocabulary_attack_cards(&mut defs);
    vocabulary_negate::vocabulary_negate_cards(&mut defs);
    vocabulary_targets::vocabulary_target_cards(&mut defs);

    let db = CardDb::from_defs(defs).expect("pool names are unique");
    let find = |n: &str| db.find(n).unwrap_or_else(|| panic!("no card {n}"));
    let templates = templates
        .into_iter()
        .map(|(race, faction, n)| SeatTemplate {
            race,
            faction,
            ambassador: find(&n),
        })
        .collect();
    let species_ambassadors = species_names.iter().map(|n| find(n)).collect();
    Pool {
        db: Arc::new(db),
        templates,
        species_ambassadors,
    }
}

/// The Drakh (Drakh Race and Faction Rules): two Drakh Ambassadors (any
/// faction may convert by sponsoring one), a character that makes Chaos
/// Tokens, one that spends them, an event, a mercenary, and a Drakh Agenda
/// won by Chaos Tokens.
fn drakh_cards(defs: &mut Vec<CardDef>) {
    for (name, ab) in [
        ("Keeper-Voice Ossath", [3, 5, 0, 3, 0]),
        ("Keeper-Voice Vrenn", [2, 4, 0, 4, 1]),
    ] {
        let mut d = character(name, Race::Drakh, Some(5), ab, &["drakh ambassador"]);
        d.effects = vec![eff(Op::Chaos {
            n: 1,
            card: CardSel::This,
        })];
        defs.push(d);
    }
    let mut maker = character("Drakh Seeder", Race::Drakh, Some(2), [0, 3, 0, 1, 1], &[]);
    maker.actions.push(CardAction {
        limit: None,
        anyone: false,
        cost: Cost {
            rotate: true,
            ..Cost::default()
        },
        target: TargetKind::None,
        filter: CardFilter::default(),
        second: None,
        effects: vec![eff(Op::Chaos {
            n: 2,
            card: CardSel::This,
        })],
        condition: None,
    });
    defs.push(maker);
    let mut spender = character("Drakh Reaper", Race::Drakh, Some(3), [1, 3, 0, 2, 2], &[]);
    spender.actions.push(CardAction {
        limit: None,
        anyone: false,
        cost: Cost {
            rotate: true,
            ..Cost::default()
        },
        target: TargetKind::None,
        filter: CardFilter::default(),
        second: None,
        effects: vec![
            eff(Op::Chaos {
                n: -2,
                card: CardSel::This,
            }),
            then(Op::GainPower { n: 1, who: Who::Me }),
        ],
        condition: None,
    });
    defs.push(spender);
    let mut merc = character(
        "Drakh Hireling",
        Race::Drakh,
        Some(2),
        [0, 2, 0, 0, 3],
        &["mercenary"],
    );
    merc.uniqueness = Uniqueness::Multiple;
    defs.push(merc);
    let mut ev = card("Drakh Unsettling", CardType::Event, Race::Drakh, 1);
    ev.target = TargetKind::Card;
    ev.filter = own_character();
    ev.effects = vec![eff(Op::Chaos {
        n: 2,
        card: CardSel::Target,
    })];
    defs.push(ev);
    let mut ag = card("Drakh Long Design", CardType::Agenda, Race::Drakh, 2);
    ag.power_bonus = 8;
    ag.victory = Some(VictoryCondition {
        condition: Condition::Chaos(Cmp::AtLeast(12)),
    });
    defs.push(ag);
}

/// More mechanics: replacement, sponsoring and extra-conflict passives,
/// participation restrictions, attack passives, marks and the non-player
/// forces, every remaining effect verb, requirements and conditions.
/// Votes and the Interstellar Alliance: vote events and a conflict that
/// calls a vote, a card founding the ISA with and without a vote, ISA cards
/// (kept in reserves too).
fn council_cards(defs: &mut Vec<CardDef>) {
    let mut push =
        |name: &str, ty: CardType, cost: u8, target: TargetKind, effects: Vec<Effect>| {
            let mut c = card(name, ty, Race::Neutral, cost);
            c.target = target;
            if ty == CardType::Conflict {
                c.conflict = Some(Ability::Diplomacy);
                c.won = effects;
            } else {
                c.effects = effects;
            }
            defs.push(c);
        };
    push(
        "Council Motion",
        CardType::Event,
        1,
        TargetKind::None,
        vec![eff(Op::Vote {
            kind: VoteKind::Babylon5,
            pass: vec![eff(Op::GainInfluence { n: 1, who: Who::Me })],
            fail: vec![eff(Op::NonPlayer {
                force: Force::Babylon5,
                n: -1,
            })],
        })],
    );
    push(
        "Open Ballot",
        CardType::Event,
        1,
        TargetKind::Player,
        vec![eff(Op::Vote {
            kind: VoteKind::Player,
            pass: vec![eff(Op::War {
                who: Who::Me,
                with: Who::Target,
            })],
            fail: vec![],
        })],
    );
    push(
        "Council Inquiry",
        CardType::Conflict,
        0,
        TargetKind::Player,
        vec![eff(Op::Vote {
            kind: VoteKind::Babylon5,
            pass: vec![eff(Op::LoseInfluence {
                n: 1,
                who: Who::Target,
            })],
            fail: vec![],
        })],
    );
    push(
        "Alliance Charter",
        CardType::Event,
        2,
        TargetKind::None,
        vec![eff(Op::Vote {
            kind: VoteKind::Babylon5,
            pass: vec![eff(Op::FoundIsa)],
            fail: vec![],
        })],
    );
    push(
        "Alliance Summit",
        CardType::Event,
        2,
        TargetKind::None,
        vec![eff(Op::FoundIsa)],
    );
    let mut pledge = card("Alliance Pledge", CardType::Event, Race::Neutral, 1);
    pledge.effects = vec![eff(Op::JoinIsa { who: Who::Me })];
    set_keyword(&mut pledge, "isa");
    defs.push(pledge);
    let mut cruiser = military("Alliance Cruiser", CardType::Fleet, Race::Neutral, 2, 2);
    set_keyword(&mut cruiser, "isa");
    defs.push(cruiser);
}

fn more_cards(defs: &mut Vec<CardDef>) {
    // Replacement: a promotion of the Terran Captain, and a must-replace one
    // of the Kharic Courier.
    let mut c = character(
        "Terran Commodore",
        Race::Human,
        Some(4),
        [2, 2, 0, 5, 3],
        &[],
    );
    c.replaces = Some(Replaces {
        name: "Terran Captain".into(),
        only: false,
        transfers: Default::default(),
    });
    defs.push(c);
    let mut c = character(
        "Kharic Spymaster",
        Race::Narn,
        Some(3),
        [1, 5, 0, 2, 1],
        &[],
    );
    c.replaces = Some(Replaces {
        name: "Kharic Courier".into(),
        only: true,
        transfers: Default::default(),
    });
    defs.push(c);
    // Appendix Two, Example 6: later versions of two starting ambassadors
    // that take the attached cards their controller chooses (so random
    // games ask the transfer choice, answered from legal actions).
    for (name, old, race, transfers) in [
        (
            "Isilic Envoy Oskarel, Anla'shok",
            "Isilic Envoy Oskarel",
            Race::Minbari,
            Transfers {
                marks: true,
                enhancements: true,
                contingencies: true,
                chosen_aftermaths: true,
                ..Transfers::default()
            },
        ),
        (
            "Kharic Regent Mavrith Ascendant",
            "Kharic Regent Mavrith",
            Race::Narn,
            Transfers {
                chosen_enhancements: true,
                chosen_aftermaths: true,
                ..Transfers::default()
            },
        ),
    ] {
        let mut c = character(name, race, Some(3), [4, 4, 1, 4, 0], &[]);
        c.replaces = Some(Replaces {
            name: old.into(),
            only: true,
            transfers,
        });
        defs.push(c);
    }
    // A group that sponsors fleets as if it were an Inner Circle character.
    let mut g = card("Shipwrights' Consortium", CardType::Group, Race::Neutral, 3);
    g.abilities = [0, 1, 0, 2, 0];
    g.passives.push(Passive::Sponsors {
        filter: CardFilter::of_type(CardType::Fleet),
        free: false,
    });
    defs.push(g);
    // Influence Rating modifiers in the pools (Influence and Influence
    // Rating): a group raising its controller's rating while in play, and
    // an event lowering a target player's rating this turn.
    let mut g = card("Envoys' Salon", CardType::Group, Race::Neutral, 2);
    g.abilities = [1, 0, 0, 0, 0];
    g.passives.push(Passive::InfluenceRating(1));
    defs.push(g);
    let mut ev = card("Snub at Court", CardType::Event, Race::Neutral, 0);
    ev.target = TargetKind::Player;
    ev.effects = vec![eff(Op::InfluenceRating {
        n: -2,
        who: Who::Target,
        duration: Duration::Turn,
    })];
    defs.push(ev);
    // A location giving an extra conflict each turn, and attack passives.
    let mut l = military(
        "War Council Chamber",
        CardType::Location,
        Race::Neutral,
        4,
        1,
    );
    l.passives.push(Passive::ExtraConflict(1));
    defs.push(l);
    let mut f = military("Ironclad Escort", CardType::Fleet, Race::Neutral, 4, 3);
    f.passives.push(Passive::DamageResistance {
        filter: CardFilter {
            side: Side::Own,
            ..CardFilter::of_type(CardType::Fleet)
        },
        amount: 1,
    });
    f.passives.push(Passive::AttackDamage {
        filter: CardFilter {
            side: Side::Own,
            ..CardFilter::of_type(CardType::Fleet)
        },
        amount: 1,
    });
    defs.push(f);
    // An agenda with an action and a lasting extra influence; an enhancement
    // on agendas; a global enhancement.
    let mut a = card("Long Game of Whispers", CardType::Agenda, Race::Neutral, 3);
    a.power_bonus = 1;
    a.passives.push(Passive::ExtraInfluence(1));
    a.actions.push(CardAction {
        limit: None,
        anyone: false,
        cost: Cost {
            rotate: false,
            influence: 2,
            ..Cost::default()
        },
        target: TargetKind::Player,
        filter: CardFilter::default(),
        second: None,
        effects: vec![eff(Op::Tension {
            n: -1,
            who: Who::Me,
            toward: Who::Target,
            mutual: false,
            set: false,
        })],
        condition: None,
    });
    defs.push(a);
    let mut e = card(
        "Seal of the Council",
        CardType::Enhancement,
        Race::Neutral,
        2,
    );
    e.attach = AttachKind::Agenda;
    e.power_bonus = 1;
    defs.push(e);
    // A faction enhancement whose lasting text reads "your characters"
    // (Glossary, You or Your: the faction it is played on).
    let mut e = card("Besieging Pickets", CardType::Enhancement, Race::Neutral, 2);
    e.attach = AttachKind::Faction;
    e.power_bonus = -1;
    e.passives.push(Passive::Bonus {
        filter: CardFilter {
            side: Side::Own,
            ..CardFilter::of_type(CardType::Character)
        },
        bonus: bonus([0, 0, 0, -1, 0], 0),
        per: None,
    });
    defs.push(e);
    let mut e = card("Station Curfew", CardType::Enhancement, Race::Neutral, 2);
    e.attach = AttachKind::Global;
    e.passives.push(Passive::Bonus {
        filter: CardFilter::of_type(CardType::Character),
        bonus: bonus([0, -1, 0, 0, 0], 0),
        per: None,
    });
    defs.push(e);
    // A conflict with a participation restriction and margin conditions.
    let mut c = conflict("Closed Tribunal", Ability::Diplomacy, TargetKind::Player, 0);
    c.participants = Some(CardFilter::of_type(CardType::Character));
    c.resolution = vec![eff(Op::Restore { n: 1, who: Who::Me })];
    c.won = vec![Effect {
        op: Op::GainPower { n: 2, who: Who::Me },
        then: false,
        condition: Some(Condition::Margin(Cmp::AtLeast(2))),
        amount: None,
    }];
    c.lost = vec![eff(Op::Peace {
        who: Who::Me,
        with: Who::Target,
    })];
    defs.push(c);
    let mut c = conflict("Shadowed Bargain", Ability::Intrigue, TargetKind::Player, 0);
    c.won = vec![
        eff(Op::NonPlayer {
            force: Force::Shadows,
            n: 3,
        }),
        eff(Op::Mark {
            kind: b5_engine::MarkKind::Shadow,
            card: CardSel::Ambassador(Who::Me),
            count: 1,
        }),
    ];
    c.lost = vec![eff(Op::NonPlayer {
        force: Force::Vorlons,
        n: 2,
    })];
    defs.push(c);
    // Events with the other verbs.
    let other_supporting = || CardFilter {
        not_ambassador: true,
        row: b5_engine::Row::Supporting,
        side: Side::Other,
        ..CardFilter::default()
    };
    let mut push_event =
        |name: &str, cost: u8, target: TargetKind, filter: CardFilter, effects: Vec<Effect>| {
            let mut ev = card(name, CardType::Event, Race::Neutral, cost);
            ev.target = target;
            ev.filter = filter;
            ev.effects = effects;
            defs.push(ev);
        };
    push_event(
        "Nerve Toxin",
        3,
        TargetKind::Card,
        CardFilter {
            not_ambassador: true,
            ..other_character()
        },
        vec![eff(Op::Neutralize {
            card: CardSel::Target,
        })],
    );
    push_event(
        "Hostile Audit",
        3,
        TargetKind::Card,
        other_supporting(),
        vec![eff(Op::Discard {
            card: CardSel::Target,
        })],
    );
    push_event(
        "Recall to Homeworld",
        2,
        TargetKind::Card,
        other_supporting(),
        vec![eff(Op::ReturnToHand {
            card: CardSel::Target,
        })],
    );
    push_event(
        "Inspired Command",
        1,
        TargetKind::Card,
        own_character(),
        vec![eff(Op::Double {
            ability: Ability::Leadership,
            card: CardSel::Target,
            duration: Duration::Turn,
        })],
    );
    push_event(
        "Diversion",
        1,
        TargetKind::Card,
        CardFilter {
            side: Side::Other,
            ..CardFilter::default()
        },
        vec![eff(Op::Rotate {
            card: CardSel::Target,
        })],
    );
    push_event(
        "Second Wind",
        1,
        TargetKind::Card,
        CardFilter {
            side: Side::Own,
            rotated: true,
            ..CardFilter::default()
        },
        vec![eff(Op::Ready {
            card: CardSel::Target,
        })],
    );
    push_event(
        "Omen of Doom",
        1,
        TargetKind::Card,
        CardFilter::of_type(CardType::Character),
        vec![eff(Op::Mark {
            kind: b5_engine::MarkKind::Doom,
            card: CardSel::Target,
            count: 1,
        })],
    );
    push_event(
        "Miracle Recovery",
        2,
        TargetKind::Card,
        CardFilter {
            damaged: true,
            ..own_character()
        },
        vec![eff(Op::FullHeal {
            card: CardSel::Target,
        })],
    );
    push_event(
        "Drydock Crews",
        1,
        TargetKind::Card,
        CardFilter {
            side: Side::Own,
            damaged: true,
            ..CardFilter::of_type(CardType::Fleet)
        },
        vec![eff(Op::RemoveDamage {
            n: 2,
            card: CardSel::Target,
        })],
    );
    push_event(
        "Emergency Levy",
        0,
        TargetKind::None,
        CardFilter::default(),
        vec![
            eff(Op::ExtraInfluence { n: 2, who: Who::Me }),
            eff(Op::Restore { n: 1, who: Who::Me }),
        ],
    );
    push_event(
        "Leaked Memoranda",
        1,
        TargetKind::Player,
        CardFilter::default(),
        vec![eff(Op::DiscardRandom {
            n: 1,
            who: Who::Target,
        })],
    );
    push_event(
        "Cancelled Hearing",
        2,
        TargetKind::Conflict,
        CardFilter::default(),
        vec![eff(Op::CancelConflict)],
    );
    push_event(
        "Armistice Talks",
        1,
        TargetKind::Player,
        CardFilter::default(),
        vec![
            eff(Op::Peace {
                who: Who::Me,
                with: Who::Target,
            }),
            then(Op::TensionRace {
                n: -1,
                who: Who::Me,
                race: Race::Narn,
                mutual: true,
                race_of: None,
            }),
        ],
    );
    push_event(
        "Call to Crusade",
        1,
        TargetKind::None,
        CardFilter::default(),
        vec![eff(Op::CrusadeDraw { n: 1, who: Who::Me })],
    );
    push_event(
        "Declaration of Hostilities",
        2,
        TargetKind::Player,
        CardFilter::default(),
        vec![eff(Op::War {
            who: Who::Me,
            with: Who::Target,
        })],
    );
    push_event(
        "Vorlon Whisper",
        1,
        TargetKind::None,
        CardFilter::default(),
        vec![eff(Op::NonPlayer {
            force: Force::Vorlons,
            n: 3,
        })],
    );
    // An event with a requirement and conditions, BOTH dependency.
    let mut ev = card("Audacious Gambit", CardType::Event, Race::Neutral, 1);
    ev.requires = vec![Condition::Influence(Cmp::AtLeast(6))];
    ev.both = true;
    ev.effects = vec![
        eff(Op::LosePower { n: 1, who: Who::Me }),
        Effect {
            op: Op::GainPower { n: 3, who: Who::Me },
            then: false,
            condition: Some(Condition::Unrest(Cmp::AtMost(3))),
            amount: None,
        },
    ];
    defs.push(ev);
}

// ---------------------------------------------------------------------------
// Decks and set-ups.

/// Cards a player of `race` may usefully have in a deck: neutral cards and
/// cards loyal to the race, never a starting ambassador.
fn deck_candidates(db: &CardDb, race: Race) -> Vec<(DefId, CardType)> {
    db.iter()
        .filter(|(_, d)| {
            d.kw.starting.is_none()
                && !(d.kw.species_ambassador && race != Race::NonAligned)
                && (d.race == Race::Neutral || d.race == race || d.race == Race::Drakh)
                && d.cost.is_some()
        })
        .map(|(id, d)| (id, d.card_type))
        .collect()
}

/// A random deck of `size` cards for `race`: every type represented, at most
/// three copies of a card.
pub fn random_deck(db: &CardDb, race: Race, size: usize, rng: &mut Rng) -> Vec<DefId> {
    let cands = deck_candidates(db, race);
    let mut deck: Vec<DefId> = Vec::with_capacity(size);
    let mut count = std::collections::HashMap::<DefId, usize>::new();
    // Weighted by type, so that decks play like decks.
    let weights: [(CardType, usize); 10] = [
        (CardType::Character, 14),
        (CardType::Fleet, 4),
        (CardType::Location, 3),
        (CardType::Group, 3),
        (CardType::Enhancement, 5),
        (CardType::Agenda, 3),
        (CardType::Event, 10),
        (CardType::Conflict, 10),
        (CardType::Aftermath, 4),
        (CardType::Contingency, 4),
    ];
    let total: usize = weights.iter().map(|w| w.1).sum();
    let mut guard = 0;
    while deck.len() < size && guard < size * 100 {
        guard += 1;
        let mut r = rng.below(total);
        let mut ty = CardType::Character;
        for (t, w) in weights {
            if r < w {
                ty = t;
                break;
            }
            r -= w;
        }
        let of_type: Vec<DefId> = cands.iter().filter(|c| c.1 == ty).map(|c| c.0).collect();
        if of_type.is_empty() {
            continue;
        }
        let d = *rng.pick(&of_type);
        let n = count.entry(d).or_insert(0);
        if *n < 3 {
            *n += 1;
            deck.push(d);
        }
    }
    deck
}

/// A legal starting hand: up to three cards of different types from the
/// deck's candidates (plus, for the Non-Aligned, a second species ambassador).
fn random_hand(pool: &Pool, t: &SeatTemplate, rng: &mut Rng) -> Vec<DefId> {
    let cands = deck_candidates(&pool.db, t.race);
    let mut hand = Vec::new();
    let mut types: Vec<CardType> = Vec::new();
    let want = rng.below(4);
    let mut guard = 0;
    while hand.len() < want && guard < 50 {
        guard += 1;
        let (d, ty) = *rng.pick(&cands);
        if types.contains(&ty) || pool.db.get(d).kw.species_ambassador {
            continue;
        }
        types.push(ty);
        hand.push(d);
    }
    if t.race == Race::NonAligned {
        let others: Vec<DefId> = pool
            .species_ambassadors
            .iter()
            .copied()
            .filter(|&d| d != t.ambassador)
            .collect();
        hand.push(*rng.pick(&others));
    }
    hand
}

/// A seat, built through serde so that fields added later with defaults
/// (optional piles and the like) keep their defaults.
pub fn seat(
    name: String,
    race: Race,
    faction: Faction,
    ambassador: DefId,
    hand: Vec<DefId>,
    deck: Vec<DefId>,
    crusade: Vec<DefId>,
) -> Seat {
    let v = serde_json::json!({
        "name": name,
        "race": race,
        "faction": faction,
        "ambassador": ambassador,
        "hand": hand,
        "deck": deck,
        "crusade": crusade,
    });
    serde_json::from_value(v).expect("a seat")
}

/// A random legal table of `n` players (2 to 6).
pub fn random_setup(pool: &Pool, n: usize, options: Options, rng: &mut Rng) -> Setup {
    let mut idx: Vec<usize> = (0..pool.templates.len()).collect();
    rng.shuffle(&mut idx);
    let players = idx[..n]
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let t = &pool.templates[k];
            let mut hand = random_hand(pool, t, rng);
            if options.duel_draw {
                // Drawn, not chosen: only the Non-Aligned second ambassador.
                hand.retain(|&d| pool.db.get(d).kw.species_ambassador);
            }
            let size = 60 + rng.below(11);
            let crusade = if rng.chance(1, 3) {
                random_deck(&pool.db, t.race, 1 + rng.below(6), rng)
            } else {
                Vec::new()
            };
            let mut s = seat(
                format!("P{i}"),
                t.race,
                t.faction,
                t.ambassador,
                hand,
                random_deck(&pool.db, t.race, size, rng),
                crusade,
            );
            // The reserve (ISA pile): a few ISA cards, within the limits.
            if rng.chance(1, 2) {
                let isa: Vec<DefId> = pool
                    .db
                    .iter()
                    .filter(|(_, d)| d.has_keyword("isa"))
                    .map(|(id, _)| id)
                    .collect();
                for _ in 0..1 + rng.below(3) {
                    let d = *rng.pick(&isa);
                    if s.deck.iter().chain(&s.reserve).filter(|&&x| x == d).count() < 3 {
                        s.reserve.push(d);
                    }
                }
            }
            s
        })
        .collect();
    Setup { players, options }
}

// ---------------------------------------------------------------------------
// Random play.

/// Picks an action for `p` from its legal actions, uniformly but with a bias
/// against passing so that games move (a pure-random player passes too
/// rarely or too often depending on the step).
pub fn random_action(game: &Game, p: PlayerId, rng: &mut Rng, buf: &mut Vec<Action>) -> Action {
    game.legal_actions_into(p, buf);
    assert!(
        !buf.is_empty(),
        "pending player {p} has no legal action at {:?}",
        game.step()
    );
    *rng.pick(buf)
}

/// An arbitrary action: random variants, random card ids (in range, out of
/// range, `NONE`), random targets, players and counts.
pub fn arbitrary_action(game: &Game, rng: &mut Rng) -> Action {
    let n = game.card_count();
    let mut card = |rng: &mut Rng| -> CardId {
        match rng.below(8) {
            0 => CardId::NONE,
            1 => CardId((n + rng.below(50)) as u16),
            2 => CardId(rng.next_u64() as u16),
            _ => CardId(rng.below(n.max(1)) as u16),
        }
    };
    let target = |rng: &mut Rng, card: &mut dyn FnMut(&mut Rng) -> CardId| -> Target {
        match rng.below(5) {
            0 => Target::None,
            1 => Target::Player(rng.below(9) as PlayerId),
            2 => Target::Race(*rng.pick(&Race::ALL)),
            3 => Target::Card(card(rng)),
            _ => Target::Conflict(ConflictId(rng.below(6) as u8)),
        }
    };
    let b = |rng: &mut Rng| rng.chance(1, 2);
    match rng.below(30) {
        0 => Action::Pass,
        29 => Action::Replace {
            card: card(rng),
            old: card(rng),
        },
        1 => Action::Sustain { card: card(rng) },
        2 => Action::Declare {
            card: card(rng),
            target: target(rng, &mut card),
            pay: card(rng),
        },
        3 => Action::DeclareWar {
            target: target(rng, &mut card),
        },
        4 => Action::Sponsor {
            card: card(rng),
            by: card(rng),
            target: target(rng, &mut card),
            pay: b5_engine::CardId::NONE,
        },
        5 => Action::Promote {
            card: card(rng),
            by: card(rng),
        },
        6 => Action::Build { by: card(rng) },
        7 => Action::UseCard {
            card: card(rng),
            index: rng.below(4) as u8,
            target: target(rng, &mut card),
            pay: CardId::NONE,
        },
        8 => Action::Lead {
            card: card(rng),
            fleet: card(rng),
        },
        9 => Action::Assist {
            card: card(rng),
            ambassador: card(rng),
            discount: b(rng),
        },
        10 => Action::Support {
            card: card(rng),
            conflict: ConflictId(rng.below(6) as u8),
            side: rng.below(8) as PlayerId,
        },
        11 => Action::Oppose {
            card: card(rng),
            conflict: ConflictId(rng.below(6) as u8),
        },
        12 => Action::Attack {
            card: card(rng),
            target: card(rng),
            conflict: ConflictId(rng.below(6) as u8),
        },
        13 => Action::Play {
            card: card(rng),
            target: target(rng, &mut card),
            pay: b5_engine::CardId::NONE,
        },
        14 => Action::PlayContingency {
            card: card(rng),
            host: card(rng),
            pay: b5_engine::CardId::NONE,
        },
        15 => Action::SponsorAgenda {
            card: card(rng),
            by: card(rng),
            pay: card(rng),
        },
        16 => Action::HideAgenda {
            card: card(rng),
            by: card(rng),
            pay: card(rng),
        },
        17 => Action::ReplaceAgenda {
            card: card(rng),
            by: card(rng),
            pay: card(rng),
        },
        18 => Action::RevealAgenda,
        19 => Action::DiscardAgenda,
        20 => Action::Heal {
            card: card(rng),
            ambassadorial: b(rng),
        },
        21 => Action::Repair {
            card: card(rng),
            amount: rng.below(256) as u8,
        },
        22 => Action::Hire { card: card(rng) },
        23 => Action::PlayAftermath {
            card: card(rng),
            target: target(rng, &mut card),
            pay: card(rng),
        },
        24 => Action::Reveal { card: card(rng) },
        25 => Action::Discard { card: card(rng) },
        26 => Action::Choose { card: card(rng) },
        27 => Action::Buy {
            count: rng.below(256) as u8,
        },
        _ => match rng.below(10) {
            0 => Action::Keep { card: card(rng) },
            1 => Action::CallVoter {
                player: rng.below(9) as PlayerId,
            },
            2 => Action::Vote {
                choice: b5_engine::VoteChoice::ALL[rng.below(3)],
            },
            3 => Action::TakeFromReserve { card: card(rng) },
            4 => Action::MoveChaos {
                from: card(rng),
                to: card(rng),
                count: rng.below(256) as u8,
            },
            5 => Action::KeepChaos,
            6 => Action::JoinWar {
                against: rng.below(9) as PlayerId,
            },
            7 => Action::Mode {
                index: rng.below(10) as u8,
            },
            8 => Action::ResolveFirst {
                conflict: b5_engine::ConflictId(rng.below(8) as u8),
            },
            _ => Action::Mulligan,
        },
    }
}

/// A legal action with one field changed (often, but not always, illegal).
pub fn mutate_action(a: Action, game: &Game, rng: &mut Rng) -> Action {
    let n = game.card_count().max(1);
    let c = |rng: &mut Rng| match rng.below(4) {
        0 => CardId::NONE,
        1 => CardId((n + rng.below(10)) as u16),
        _ => CardId(rng.below(n) as u16),
    };
    match a {
        Action::Sustain { .. } => Action::Sustain { card: c(rng) },
        Action::Declare { card, target, pay } => match rng.below(3) {
            0 => Action::Declare {
                card: c(rng),
                target,
                pay,
            },
            1 => Action::Declare {
                card,
                target: Target::Player(rng.below(8) as PlayerId),
                pay,
            },
            _ => Action::Declare {
                card,
                target,
                pay: c(rng),
            },
        },
        Action::Sponsor {
            card,
            by,
            target,
            pay,
        } => match rng.below(4) {
            0 => Action::Sponsor {
                card: c(rng),
                by,
                target,
                pay,
            },
            1 => Action::Sponsor {
                card,
                by: c(rng),
                target,
                pay,
            },
            2 => Action::Sponsor {
                card,
                by,
                target,
                pay: c(rng),
            },
            _ => Action::Sponsor {
                card,
                by,
                target: Target::Card(c(rng)),
                pay,
            },
        },
        Action::UseCard {
            card,
            index,
            target,
            pay,
        } => Action::UseCard {
            card,
            index: index.wrapping_add(1 + rng.below(3) as u8),
            target,
            pay,
        },
        Action::Support {
            card,
            conflict,
            side,
        } => match rng.below(3) {
            0 => Action::Support {
                card: c(rng),
                conflict,
                side,
            },
            1 => Action::Support {
                card,
                conflict: ConflictId(conflict.0.wrapping_add(1)),
                side,
            },
            _ => Action::Support {
                card,
                conflict,
                side: side.wrapping_add(1 + rng.below(7) as u8),
            },
        },
        Action::Oppose { card, conflict } => Action::Oppose {
            card,
            conflict: ConflictId(conflict.0.wrapping_add(1 + rng.below(5) as u8)),
        },
        Action::Attack {
            card,
            target,
            conflict,
        } => Action::Attack {
            card,
            target: if rng.chance(1, 2) { c(rng) } else { target },
            conflict: ConflictId(conflict.0.wrapping_add(rng.below(3) as u8)),
        },
        Action::Play { card, .. } => Action::Play {
            card,
            target: Target::Card(c(rng)),
            pay: b5_engine::CardId::NONE,
        },
        Action::Buy { count } => Action::Buy {
            count: count.wrapping_add(1 + rng.below(5) as u8),
        },
        Action::Repair { card, amount } => Action::Repair {
            card,
            amount: amount.wrapping_add(1),
        },
        Action::Discard { .. } => Action::Discard { card: c(rng) },
        Action::Keep { .. } => Action::Keep { card: c(rng) },
        Action::Lead { card, .. } => Action::Lead {
            card,
            fleet: c(rng),
        },
        _ => arbitrary_action(game, rng),
    }
}

/// The standard options of the property tests (other options, if the
/// engine grows some, keep their defaults).
#[allow(clippy::needless_update)]
pub fn options(turn_limit: u32, duel_draw: bool) -> Options {
    Options {
        duel_draw,
        turn_limit: Some(turn_limit),
        ..Options::default()
    }
}
