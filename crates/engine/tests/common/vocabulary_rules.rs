//! Cards using the effect vocabulary of the rules themselves (issue 8):
//! blanking, transfers of power and marks, "Used As", the power needed to
//! win, promote effects and the Shadow War by effect, so that random games
//! play them: no panic, and every invariant of the property tests holds.

use b5_engine::{
    Ability, AttachKind, CardDef, CardFilter, CardSel, CardType, Duration, Effect, MarkKind, Op,
    Race, Row, Side, TargetKind, Who,
};

fn event(
    name: &str,
    cost: u8,
    target: TargetKind,
    filter: CardFilter,
    effects: Vec<Effect>,
) -> CardDef {
    let mut d = CardDef::new(name, CardType::Event);
    d.race = Race::Neutral;
    d.cost = Some(cost);
    d.target = target;
    d.filter = filter;
    d.effects = effects;
    d
}

pub(super) fn vocabulary_rules_cards(defs: &mut Vec<CardDef>) {
    let mut blankable = CardFilter::default();
    for t in [
        CardType::Character,
        CardType::Location,
        CardType::Fleet,
        CardType::Enhancement,
        CardType::Agenda,
    ] {
        blankable.types |= t.bit();
    }
    blankable.side = Side::Other;
    let own_character = CardFilter {
        side: Side::Own,
        ..CardFilter::of_type(CardType::Character)
    };
    let own_supporting = CardFilter {
        row: Row::Supporting,
        ..own_character.clone()
    };
    defs.push(event(
        "Hush Order",
        1,
        TargetKind::Card,
        blankable,
        vec![Effect::new(Op::Blank {
            card: CardSel::Target,
            duration: Duration::Turn,
        })],
    ));
    let mut veil = CardDef::new("Muffling Veil", CardType::Enhancement);
    veil.race = Race::Neutral;
    veil.cost = Some(1);
    veil.attach = AttachKind::Location;
    veil.effects = vec![Effect::new(Op::Blank {
        card: CardSel::Attached,
        duration: Duration::WhileInPlay,
    })];
    defs.push(veil);
    defs.push(event(
        "Tribute Claim",
        1,
        TargetKind::Player,
        CardFilter::default(),
        vec![Effect::new(Op::TransferPower {
            n: 1,
            who: Who::Target,
            to: Who::Me,
        })],
    ));
    defs.push(event(
        "Shared Fate",
        0,
        TargetKind::Card,
        own_character.clone(),
        vec![Effect::new(Op::MoveMark {
            kind: MarkKind::Destiny,
            card: CardSel::Target,
            onto: CardSel::Ambassador(Who::Me),
            count: 1,
        })],
    ));
    defs.push(event(
        "Silver Words",
        0,
        TargetKind::Card,
        own_character,
        vec![Effect::new(Op::UseAs {
            from: Ability::Diplomacy,
            to: Ability::Military,
            card: CardSel::Target,
        })],
    ));
    defs.push(event(
        "Quiet Mandate",
        1,
        TargetKind::None,
        CardFilter::default(),
        vec![Effect::new(Op::PowerToWin {
            n: -1,
            who: Who::Me,
            duration: Duration::Turn,
        })],
    ));
    defs.push(event(
        "Raised Stakes",
        1,
        TargetKind::None,
        CardFilter::default(),
        vec![Effect::new(Op::PowerToWin {
            n: 2,
            who: Who::Others,
            duration: Duration::Turn,
        })],
    ));
    defs.push(event(
        "Battlefield Promotion",
        1,
        TargetKind::Card,
        own_supporting.clone(),
        vec![Effect::new(Op::Promote {
            card: CardSel::Target,
            free: true,
        })],
    ));
    defs.push(event(
        "Seat Offered",
        0,
        TargetKind::Card,
        own_supporting,
        vec![Effect::new(Op::Promote {
            card: CardSel::Target,
            free: false,
        })],
    ));
    defs.push(event(
        "Eclipse Signal",
        2,
        TargetKind::None,
        CardFilter::default(),
        vec![Effect::new(Op::ShadowWar { start: true })],
    ));
    defs.push(event(
        "Even Ledger",
        1,
        TargetKind::None,
        CardFilter::default(),
        vec![Effect::new(Op::InfluenceOnlyPower {
            who: Who::Others,
            duration: Duration::Turn,
        })],
    ));
    defs.push(event(
        "Long Truce",
        2,
        TargetKind::None,
        CardFilter::default(),
        vec![Effect::new(Op::ShadowWar { start: false })],
    ));
}
