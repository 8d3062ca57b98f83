//! Cards using the Negate vocabulary (issues 8 and 13), so that random
//! games play them: an `event-targeted` contingency that negates events, a
//! limited event it may negate, an irrevocable event it cannot, an
//! irrevocable character that cards cannot target to make it leave play.

use b5_engine::{
    Ability, AttachKind, CardDef, CardFilter, CardSel, CardType, Effect, Op, Race, Side,
    TargetKind, Trigger, TriggeredEffect, Uniqueness, Who,
};

fn card(name: &str, ty: CardType, cost: u8) -> CardDef {
    let mut d = CardDef::new(name, ty);
    d.race = Race::Neutral;
    d.cost = Some(cost);
    d
}

pub(super) fn vocabulary_negate_cards(defs: &mut Vec<CardDef>) {
    let mut veto = card("Procedural Veto", CardType::Contingency, 0);
    veto.attach = AttachKind::Character;
    veto.triggers.push(TriggeredEffect {
        trigger: Trigger::EventTargeted,
        rotate: false,
        effects: vec![Effect::new(Op::NegateEvent)],
    });
    defs.push(veto);
    let mut inquiry = card("Barbed Inquiry", CardType::Event, 0);
    inquiry.uniqueness = Uniqueness::Limited;
    inquiry.target = TargetKind::Player;
    inquiry.effects = vec![Effect::new(Op::LoseInfluence {
        n: 1,
        who: Who::Target,
    })];
    defs.push(inquiry);
    let mut decree = card("Unrecallable Decree", CardType::Event, 0);
    decree.keywords.push("irrevocable".into());
    decree.target = TargetKind::Player;
    decree.effects = vec![Effect::new(Op::LoseInfluence {
        n: 1,
        who: Who::Target,
    })];
    defs.push(decree);
    // An event that discards a character of another faction (never an
    // irrevocable one).
    let mut dismiss = card("Curt Dismissal", CardType::Event, 1);
    dismiss.target = TargetKind::Card;
    dismiss.filter = CardFilter {
        side: Side::Other,
        ..CardFilter::of_type(CardType::Character)
    };
    dismiss.effects = vec![Effect::new(Op::Discard {
        card: CardSel::Target,
    })];
    defs.push(dismiss);
    let mut sentinel = card("Oathbound Sentinel", CardType::Character, 2);
    sentinel.abilities[Ability::Diplomacy.idx()] = 2;
    sentinel.abilities[Ability::Intrigue.idx()] = 2;
    sentinel.keywords.push("irrevocable".into());
    defs.push(sentinel);
}
