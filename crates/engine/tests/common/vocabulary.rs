//! Cards using the vocabulary of issue 13 (amounts, restrictions, the newer
//! triggers, richer filters, delayed effects), so that random games play
//! them: no panic, and every invariant of the property tests holds.

use std::sync::Arc;

use b5_engine::{
    Ability, AbilityBonus, Amount, AmountBase, AttachKind, Cannot, CardDef, CardFilter, CardSel,
    CardType, Duration, Effect, Force, Op, Passive, Race, Rounding, Row, Side, TargetKind, Trigger,
    TriggeredEffect, When, Who,
};
use b5_engine::{PickFrom, PickPut, ThisCard};

/// A Neutral card of the given type and cost (the vocabulary cards'
/// starting point; also used by the other vocabulary modules).
pub(super) fn card(name: &str, ty: CardType, cost: u8) -> CardDef {
    let mut d = CardDef::new(name, ty);
    d.race = Race::Neutral;
    d.cost = Some(cost);
    d
}

fn with_amount(op: Op, a: Amount) -> Effect {
    let mut e = Effect::new(op);
    e.amount = Some(a);
    e
}

/// An event with its target, filter and effects.
pub(super) fn event(
    name: &str,
    cost: u8,
    target: TargetKind,
    filter: CardFilter,
    effects: Vec<Effect>,
) -> CardDef {
    let mut d = card(name, CardType::Event, cost);
    d.target = target;
    d.filter = filter;
    d.effects = effects;
    d
}

fn trig(trigger: Trigger, rotate: bool, effects: Vec<Effect>) -> TriggeredEffect {
    TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger,
        rotate,
        effects,
    }
}

pub(super) fn vocabulary_cards(defs: &mut Vec<CardDef>) {
    let character = CardFilter::of_type(CardType::Character);
    // Amounts.
    let mut half_influence = Amount::of(AmountBase::Influence(Who::Me));
    half_influence.half = Some(Rounding::Down);
    half_influence.at_most = Some(3);
    defs.push(event(
        "Ledger of Echoes",
        1,
        TargetKind::None,
        CardFilter::default(),
        vec![with_amount(Op::Draw { n: 0, who: Who::Me }, half_influence)],
    ));
    let mut half_psi = Amount::of(AmountBase::Ability {
        ability: Ability::Psi,
        card: CardSel::Target,
        printed: false,
    });
    half_psi.half = Some(Rounding::Up);
    defs.push(event(
        "Mind Backlash",
        2,
        TargetKind::Card,
        character.clone(),
        vec![with_amount(
            Op::Damage {
                n: 0,
                card: CardSel::Target,
            },
            half_psi,
        )],
    ));
    let b5 = Amount::of(AmountBase::Sum(vec![
        Amount::of(AmountBase::NonPlayer(Force::Babylon5)),
        Amount::of(AmountBase::Power(Who::Target)),
    ]));
    let mut capped = b5;
    capped.times = 2;
    capped.plus = -20;
    capped.at_least = Some(0);
    defs.push(event(
        "Station Census",
        1,
        TargetKind::Player,
        CardFilter::default(),
        vec![with_amount(
            Op::Tension {
                n: 0,
                who: Who::Me,
                toward: Who::Target,
                mutual: false,
                set: false,
            },
            capped,
        )],
    ));
    // "Half the influence the target player applied this turn."
    let mut spent = Amount::of(AmountBase::Spent(Who::Target));
    spent.half = Some(Rounding::Down);
    defs.push(event(
        "Tallied Outlay",
        1,
        TargetKind::Player,
        CardFilter::default(),
        vec![with_amount(Op::GainInfluence { n: 0, who: Who::Me }, spent)],
    ));
    // Restrictions.
    defs.push(event(
        "Sworn to Stillness",
        1,
        TargetKind::Card,
        CardFilter {
            side: Side::Other,
            ..character.clone()
        },
        vec![Effect::new(Op::Restrict {
            what: Cannot::Participate,
            card: CardSel::Target,
            who: Who::Me,
            duration: Duration::Turn,
        })],
    ));
    let mut truce = card("Truce Banner", CardType::Agenda, 0);
    truce.cost = None;
    truce.power_bonus = 1;
    truce.passives = vec![Passive::PlayerCannot {
        who: Who::Me,
        what: Cannot::DeclareConflicts,
    }];
    truce.triggers = vec![trig(
        Trigger::WarWonContested,
        false,
        vec![Effect::new(Op::GainPower { n: 1, who: Who::Me })],
    )];
    defs.push(truce);
    let mut sanctuary = card("Hidden Cloister", CardType::Location, 3);
    sanctuary.passives = vec![Passive::Cannot {
        filter: Some(CardFilter {
            side: Side::Own,
            row: Row::InnerCircle,
            ..character.clone()
        }),
        what: Cannot::BeTargetedByConflicts,
    }];
    sanctuary.triggers = vec![trig(
        Trigger::FleetNeutralized,
        false,
        vec![Effect::new(Op::GainInfluence { n: 1, who: Who::Me })],
    )];
    defs.push(sanctuary);
    let mut hearing = CardDef::new("Sealed Inquiry", CardType::Conflict);
    hearing.conflict = Some(Ability::Intrigue);
    hearing.target = TargetKind::Player;
    hearing.initiated = vec![Effect::new(Op::Restrict {
        what: Cannot::ParticipateHere,
        card: CardSel::Ambassador(Who::Target),
        who: Who::Target,
        duration: Duration::Turn,
    })];
    hearing.won = vec![with_amount(
        Op::GainInfluence { n: 0, who: Who::Me },
        Amount::of(AmountBase::PerMargin(3)),
    )];
    defs.push(hearing);
    let mut chain = card("Iron Seal", CardType::Enhancement, 1);
    chain.attach = AttachKind::Character;
    chain.bonus = AbilityBonus {
        values: [1, 0, 0, 0, 0],
        all: 0,
    };
    chain.effects = vec![
        Effect::new(Op::Restrict {
            what: Cannot::BePromoted,
            card: CardSel::Attached,
            who: Who::Me,
            duration: Duration::WhileInPlay,
        }),
        Effect::new(Op::Restrict {
            what: Cannot::BeDiscarded,
            card: CardSel::Attached,
            who: Who::Me,
            duration: Duration::WhileInPlay,
        }),
    ];
    defs.push(chain);
    // Triggers.
    let mut vet = card("Weathered Lancer", CardType::Character, 3);
    vet.abilities = [1, 0, 0, 2, 3];
    vet.triggers = vec![
        trig(
            Trigger::SurvivedAttack,
            false,
            vec![Effect::new(Op::Bonus {
                bonus: AbilityBonus {
                    values: [0, 0, 0, 0, 1],
                    all: 0,
                },
                card: CardSel::This,
                duration: Duration::Permanent,
            })],
        ),
        trig(
            Trigger::LeavesPlay,
            false,
            vec![Effect::new(Op::Draw { n: 1, who: Who::Me })],
        ),
    ];
    defs.push(vet);
    // Lasting bonuses given by ability thresholds, each changing what the
    // other's threshold reads (and one what its own reads).
    let mut forum = card("Forum of Echoes", CardType::Location, 2);
    forum.passives = vec![
        Passive::Bonus {
            filter: CardFilter {
                side: Side::Own,
                at_least: Some((Ability::Psi, 1)),
                ..CardFilter::of_type(CardType::Character)
            },
            bonus: AbilityBonus {
                values: [2, 0, 0, 0, 0],
                all: 0,
            },
            per: None,
        },
        Passive::Bonus {
            filter: CardFilter {
                at_least: Some((Ability::Diplomacy, 4)),
                at_most: Some((Ability::Psi, 1)),
                ..CardFilter::of_type(CardType::Character)
            },
            bonus: AbilityBonus {
                values: [0, 0, 1, 0, 0],
                all: 0,
            },
            per: None,
        },
    ];
    defs.push(forum);
    let mut ledger = card("Tally House", CardType::Group, 2);
    ledger.abilities = [1, 1, 0, 0, 0];
    ledger.triggers = vec![trig(
        Trigger::AttackInConflict,
        true,
        vec![Effect::new(Op::Draw { n: 1, who: Who::Me })],
    )];
    defs.push(ledger);
    // Credit tokens (Corporate Rule 6): put on when played, taken off as a
    // cost, read by a condition and an amount.
    let mut vault = card("Escrow Vault", CardType::Group, 2);
    vault.effects = vec![Effect::new(Op::Credits {
        n: 2,
        card: CardSel::This,
    })];
    vault.actions = vec![
        b5_engine::CardAction {
            limit: None,
            anyone: false,
            cost: b5_engine::Cost {
                credits: 1,
                ..b5_engine::Cost::default()
            },
            target: TargetKind::None,
            filter: CardFilter::default(),
            second: None,
            effects: vec![with_amount(
                Op::GainInfluence { n: 0, who: Who::Me },
                Amount::of(AmountBase::Credits(CardSel::This)),
            )],
            condition: None,
        },
        b5_engine::CardAction {
            limit: None,
            anyone: false,
            cost: b5_engine::Cost {
                rotate: true,
                ..b5_engine::Cost::default()
            },
            target: TargetKind::None,
            filter: CardFilter::default(),
            second: None,
            effects: vec![Effect::new(Op::Credits {
                n: 1,
                card: CardSel::This,
            })],
            condition: Some(b5_engine::Condition::Credits(b5_engine::Cmp::AtMost(1))),
        },
    ];
    defs.push(vault);
    // "While you are at war, this fleet gets +2 Military."
    let mut lancers = card("Wartime Lancers", CardType::Fleet, 2);
    lancers.abilities = [0, 0, 0, 0, 2];
    lancers.passives = vec![Passive::Bonus {
        filter: CardFilter::related(ThisCard::Itself),
        bonus: AbilityBonus {
            values: [0, 0, 0, 0, 2],
            all: 0,
        },
        per: None,
    }];
    lancers.passive_if = vec![Some(b5_engine::Condition::AtWar)];
    defs.push(lancers);
    // "Transfer 1 influence to the Shadows. Draw a card."
    let mut draw = Effect::new(Op::Draw { n: 1, who: Who::Me });
    draw.then = true;
    defs.push(event(
        "Dark Tithe",
        0,
        TargetKind::None,
        CardFilter::default(),
        vec![
            Effect::new(Op::TransferToForce {
                n: 1,
                who: Who::Me,
                force: Force::Shadows,
            }),
            draw,
        ],
    ));
    // "Target player loses 2 influence, unless they apply 2 to stop it."
    defs.push(event(
        "Tithe Demand",
        1,
        TargetKind::Player,
        CardFilter::default(),
        vec![Effect::new(Op::Unless {
            n: 2,
            who: Who::Target,
            effects: vec![Effect::new(Op::LoseInfluence {
                n: 2,
                who: Who::Target,
            })]
            .into(),
            pooled: false,
        })],
    ));
    // Filters.
    defs.push(event(
        "Pry Open",
        1,
        TargetKind::Card,
        CardFilter {
            types: CardType::Contingency.bit() | CardType::Enhancement.bit(),
            side: Side::Other,
            ..CardFilter::default()
        },
        vec![Effect::new(Op::Discard {
            card: CardSel::Target,
        })],
    ));
    defs.push(event(
        "Strip the Ribbons",
        1,
        TargetKind::Card,
        CardFilter {
            types: CardType::Aftermath.bit() | CardType::Enhancement.bit(),
            attached_to: Some(Side::Other),
            ..CardFilter::default()
        },
        vec![Effect::new(Op::ReturnToHand {
            card: CardSel::Target,
        })],
    ));
    defs.push(event(
        "Agenda Exposed",
        1,
        TargetKind::Card,
        CardFilter {
            types: CardType::Agenda.bit(),
            ..CardFilter::default()
        },
        vec![
            Effect::new(Op::LoseInfluence {
                n: 1,
                who: Who::Target,
            }),
            Effect::new(Op::Discard {
                card: CardSel::Target,
            }),
        ],
    ));
    defs.push(event(
        "Gifted Outsider",
        1,
        TargetKind::Card,
        CardFilter {
            not_race: Some(Race::Minbari),
            at_least: Some((Ability::Psi, 1)),
            conflict: None,
            ..character.clone()
        },
        vec![Effect::new(Op::Bonus {
            bonus: AbilityBonus {
                values: [0, 0, 1, 0, 0],
                all: 0,
            },
            card: CardSel::Target,
            duration: Duration::Turn,
        })],
    ));
    defs.push(event(
        "Drums of the Line",
        1,
        TargetKind::Conflict,
        CardFilter {
            conflict: Some(Ability::Military),
            ..CardFilter::default()
        },
        vec![Effect::new(Op::Support { n: 1 })],
    ));
    defs.push(event(
        "Rally the Engaged",
        1,
        TargetKind::Card,
        CardFilter {
            types: CardType::Fleet.bit() | CardType::Character.bit(),
            conflict: Some(Ability::Military),
            ..CardFilter::default()
        },
        vec![Effect::new(Op::Bonus {
            bonus: AbilityBonus {
                values: [0, 0, 0, 0, 1],
                all: 0,
            },
            card: CardSel::Target,
            duration: Duration::Conflict,
        })],
    ));
    // Delayed effects.
    defs.push(event(
        "Borrowed Hours",
        1,
        TargetKind::None,
        CardFilter::default(),
        vec![
            Effect::new(Op::Draw { n: 2, who: Who::Me }),
            Effect::new(Op::Delayed {
                when: When::EndOfTurn,
                effects: Arc::from(vec![Effect::new(Op::DiscardRandom { n: 1, who: Who::Me })]),
            }),
            Effect::new(Op::Delayed {
                when: When::StartOfNextTurn,
                effects: Arc::from(vec![Effect::new(Op::GainInfluence { n: 1, who: Who::Me })]),
            }),
        ],
    ));
    // Choices in the middle of an effect: searches, a number of cards,
    // "choose one"; and converting marks.
    let pick = |from, types: u16, up_to, put, each| {
        Effect::new(Op::Pick {
            from,
            filter: CardFilter {
                types,
                ..CardFilter::default()
            },
            up_to,
            put,
            each,
            show: false,
            after: vec![],
        })
    };
    defs.push(event(
        "Manifest Search",
        1,
        TargetKind::None,
        CardFilter::default(),
        vec![pick(
            PickFrom::Deck,
            CardType::Fleet.bit() | CardType::Character.bit(),
            1,
            PickPut::Hand,
            vec![],
        )],
    ));
    defs.push(event(
        "Sudden Recruit",
        2,
        TargetKind::None,
        CardFilter::default(),
        vec![pick(
            PickFrom::Deck,
            CardType::Character.bit(),
            2,
            PickPut::Play,
            vec![Effect::new(Op::Rotate {
                card: CardSel::Target,
            })],
        )],
    ));
    defs.push(event(
        "Old Files",
        1,
        TargetKind::None,
        CardFilter::default(),
        vec![pick(
            PickFrom::Reserve,
            CardType::Character.bit(),
            1,
            PickPut::Play,
            vec![],
        )],
    ));
    defs.push(event(
        "Clear the Desk",
        0,
        TargetKind::None,
        CardFilter::default(),
        vec![pick(
            PickFrom::Hand,
            0,
            2,
            PickPut::Discard,
            vec![Effect::new(Op::Draw { n: 1, who: Who::Me })],
        )],
    ));
    // "Discard any number of cards from your hand, then draw that many
    // cards": what follows the choosing counts the cards chosen.
    let mut sweep = pick(PickFrom::Hand, 0, 0, PickPut::Discard, vec![]);
    if let Op::Pick { after, .. } = &mut sweep.op {
        after.push(Effect {
            amount: Some(b5_engine::Amount::of(b5_engine::AmountBase::Cards(
                CardSel::Chosen,
            ))),
            ..Effect::new(Op::Draw { n: 1, who: Who::Me })
        });
    }
    // "Conquer target location in another faction; each turn while it is
    // in your faction, even after this card is gone, apply 1 additional
    // influence" (rulings, Search for a Home).
    defs.push(event(
        "Claim by Decree",
        2,
        TargetKind::Card,
        CardFilter {
            types: CardType::Location.bit(),
            side: Side::Other,
            ..CardFilter::default()
        },
        vec![
            Effect::new(Op::Conquer {
                card: CardSel::Target,
            }),
            Effect {
                then: true,
                ..Effect::new(Op::Income {
                    n: 1,
                    who: Who::Me,
                    card: CardSel::Target,
                })
            },
        ],
    ));
    // A contingency on one of your conflicts: "When this conflict is won,
    // gain 1 influence" (rulings 7.5).
    let mut reserve = card("Held in Reserve", CardType::Contingency, 0);
    reserve.attach = AttachKind::Conflict;
    reserve.triggers.push(trig(
        Trigger::ConflictWon,
        false,
        vec![Effect::new(Op::GainInfluence { n: 1, who: Who::Me })],
    ));
    defs.push(reserve);
    defs.push(event(
        "Ledger Sweep",
        0,
        TargetKind::None,
        CardFilter::default(),
        vec![sweep],
    ));
    defs.push(event(
        "Everyone On Deck",
        1,
        TargetKind::None,
        CardFilter::default(),
        vec![Effect::new(Op::Pick {
            from: PickFrom::Play,
            filter: CardFilter {
                types: CardType::Character.bit(),
                ready: true,
                not_ambassador: true,
                ..CardFilter::default()
            },
            up_to: 0,
            put: PickPut::Stay,
            show: false,
            after: vec![],
            each: vec![
                Effect::new(Op::Rotate {
                    card: CardSel::Target,
                }),
                Effect {
                    then: true,
                    ..Effect::new(Op::GainInfluence { n: 1, who: Who::Me })
                },
            ],
        })],
    ));
    defs.push(event(
        "Two Roads",
        1,
        TargetKind::Player,
        CardFilter::default(),
        vec![Effect::new(Op::Modes {
            modes: vec![
                vec![Effect::new(Op::GainInfluence { n: 2, who: Who::Me })],
                vec![Effect::new(Op::LoseInfluence {
                    n: 1,
                    who: Who::Target,
                })],
                vec![Effect::new(Op::Draw { n: 1, who: Who::Me })],
            ],
            chooser: Who::Me,
        })],
    ));
    defs.push(event(
        "Stacked Chamber",
        1,
        TargetKind::Player,
        CardFilter::default(),
        vec![
            Effect::new(Op::VoteRule {
                babylon5: false,
                rule: b5_engine::VoteRule::CannotVote,
                who: Who::Target,
            }),
            Effect::new(Op::VoteRule {
                babylon5: false,
                rule: b5_engine::VoteRule::CountsTwice,
                who: Who::Me,
            }),
            Effect::new(Op::VoteRule {
                babylon5: false,
                rule: b5_engine::VoteRule::ExtraNo(1),
                who: Who::Me,
            }),
            Effect::new(Op::Vote {
                kind: b5_engine::VoteKind::Player,
                pass: vec![Effect::new(Op::GainInfluence { n: 1, who: Who::Me })],
                fail: vec![],
            }),
        ],
    ));
    defs.push(event(
        "Fate Reversed",
        1,
        TargetKind::Card,
        CardFilter::of_type(CardType::Character),
        vec![
            Effect::new(Op::Mark {
                kind: b5_engine::MarkKind::Doom,
                card: CardSel::Target,
                count: 1,
            }),
            Effect::new(Op::ConvertMark {
                from: b5_engine::MarkKind::Doom,
                to: b5_engine::MarkKind::Destiny,
                card: CardSel::Target,
                count: 1,
            }),
        ],
    ));
}
