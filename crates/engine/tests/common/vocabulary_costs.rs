//! Cards using the issue-13 vocabulary for costs, severe damage, set
//! abilities, Influence Rating and initiative modifiers, counts, the newer
//! restrictions and contingencies on the newer triggers, so that random
//! games play them: no panic, and every invariant of the property tests
//! holds.

use b5_engine::{
    Ability, AbilityBonus, Amount, AmountBase, AttachKind, Cannot, CardAction, CardDef, CardFilter,
    CardSel, CardType, Cost, Duration, Effect, Op, Passive, Race, Side, TargetKind, Trigger,
    TriggeredEffect, Who,
};

use super::vocabulary::{card, event};

pub(super) fn vocabulary_cost_cards(defs: &mut Vec<CardDef>) {
    let character = CardFilter::of_type(CardType::Character);
    let fleet = CardFilter::of_type(CardType::Fleet);
    let own_fleet = CardFilter {
        side: Side::Own,
        ..fleet.clone()
    };
    // Costs paid with other cards.
    let mut crew = card("Rigging Crew", CardType::Group, 1);
    crew.actions.push(CardAction {
        limit: None,
        anyone: false,
        cost: Cost {
            rotate: true,
            rotate_other: Some(character.clone()),
            ..Cost::default()
        },
        target: TargetKind::None,
        filter: CardFilter::default(),
        second: None,
        effects: vec![Effect::new(Op::Draw { n: 1, who: Who::Me })],
        condition: None,
    });
    defs.push(crew);
    let mut charges = card("Breaching Charges", CardType::Location, 1);
    charges.actions.push(CardAction {
        limit: None,
        anyone: false,
        cost: Cost {
            rotate: false,
            neutralize_other: Some(fleet.clone()),
            ..Cost::default()
        },
        target: TargetKind::None,
        filter: CardFilter::default(),
        second: None,
        effects: vec![Effect::new(Op::GainInfluence { n: 2, who: Who::Me })],
        condition: None,
    });
    defs.push(charges);
    // A race cost.
    let mut outrider = card("Cinder Outrider", CardType::Fleet, 3);
    outrider.abilities[Ability::Military.idx()] = 2;
    outrider.race_cost = vec![(Race::Narn, 1)];
    defs.push(outrider);
    // Discount, surcharge, rating and initiative.
    defs.push(event(
        "Old Debts",
        0,
        TargetKind::None,
        CardFilter::default(),
        vec![Effect::new(Op::SponsorDiscount {
            n: 2,
            who: Who::Me,
            to: None,
        })],
    ));
    let mut office = card("Levy Office", CardType::Location, 2);
    office.passives.push(Passive::Surcharge {
        who: Who::Others,
        filter: fleet.clone(),
        amount: Box::new(Amount::of(AmountBase::Const(1))),
    });
    office.passives.push(Passive::InfluenceRating(1));
    office.passives.push(Passive::Initiative(2));
    defs.push(office);
    defs.push(event(
        "Lent Standing",
        1,
        TargetKind::None,
        CardFilter::default(),
        vec![Effect::new(Op::InfluenceRating {
            n: 2,
            who: Who::Me,
            duration: Duration::Turn,
        })],
    ));
    // Severe damage and set abilities.
    defs.push(event(
        "Lasting Wound",
        2,
        TargetKind::Card,
        character.clone(),
        vec![Effect::new(Op::SevereDamage {
            n: 1,
            card: CardSel::Target,
        })],
    ));
    defs.push(event(
        "Stilled Mind",
        1,
        TargetKind::Card,
        character.clone(),
        vec![Effect::new(Op::SetAbility {
            ability: Ability::Psi,
            value: 0,
            card: CardSel::Target,
            duration: Duration::Turn,
            last: false,
        })],
    ));
    // A count of cards.
    let mut muster = Effect::new(Op::Bonus {
        bonus: AbilityBonus {
            values: [0, 0, 0, 0, 1],
            all: 0,
        },
        card: CardSel::Target,
        duration: Duration::Turn,
    });
    muster.amount = Some(Amount::of(AmountBase::Count(own_fleet.clone())));
    defs.push(event(
        "Wing Muster",
        1,
        TargetKind::Card,
        own_fleet,
        vec![muster],
    ));
    // Restrictions.
    let mut seal = card("Private Seal", CardType::Enhancement, 1);
    seal.attach = AttachKind::Character;
    seal.effects = vec![Effect::new(Op::Restrict {
        what: Cannot::BeTargetedByOthers,
        card: CardSel::Attached,
        who: Who::Me,
        duration: Duration::WhileInPlay,
    })];
    defs.push(seal);
    defs.push(event(
        "Shipyard Embargo",
        1,
        TargetKind::Player,
        CardFilter::default(),
        vec![Effect::new(Op::Restrict {
            what: Cannot::SponsorType(CardType::Fleet),
            card: CardSel::Target,
            who: Who::Target,
            duration: Duration::Turn,
        })],
    ));
    defs.push(event(
        "Frozen Ledger",
        1,
        TargetKind::Player,
        CardFilter::default(),
        vec![Effect::new(Op::Restrict {
            what: Cannot::GainInfluence,
            card: CardSel::Target,
            who: Who::Target,
            duration: Duration::Turn,
        })],
    ));
    // A contingency on a newer trigger.
    let mut patch = card("Hull Patch", CardType::Contingency, 0);
    patch.attach = AttachKind::Fleet;
    patch.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::SurvivedAttack,
        rotate: false,
        effects: vec![Effect::new(Op::RemoveDamage {
            n: 2,
            card: CardSel::Attached,
        })],
    });
    defs.push(patch);
}
