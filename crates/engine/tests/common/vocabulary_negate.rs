//! Cards using the Negate vocabulary (issues 8 and 13), so that random
//! games play them: an `event-targeted` contingency that negates events, a
//! limited event it may negate, an irrevocable event it cannot, an
//! irrevocable character that cards cannot target to make it leave play;
//! an `action-targeted` contingency that negates card actions, cards whose
//! actions target players (one irrevocable); and reversal carried by a
//! contingency (a lost conflict's effect text, the contingency revealed
//! before it) and by a card action (an event played since your last action).

use b5_engine::{
    Ability, AbilityBonus, AttachKind, CardAction, CardDef, CardFilter, CardSel, CardType, Cost,
    Duration, Effect, Op, Race, Reversible, Side, TargetKind, Trigger, TriggeredEffect, Uniqueness,
    Who,
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
        of: None,
        attacker: None,
        limit: None,
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
    // Negating card actions.
    let mut demur = card("Procedural Demurral", CardType::Contingency, 0);
    demur.attach = AttachKind::Character;
    demur.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::ActionTargeted,
        rotate: false,
        effects: vec![Effect::new(Op::NegateAction)],
    });
    defs.push(demur);
    let summons = |name: &str, irrevocable: bool| {
        let mut d = card(name, CardType::Group, 1);
        if irrevocable {
            d.keywords.push("irrevocable".into());
        }
        d.actions.push(CardAction {
            limit: None,
            anyone: false,
            cost: Cost {
                rotate: true,
                influence: 1,
                ..Cost::default()
            },
            target: TargetKind::Player,
            filter: CardFilter::default(),
            effects: vec![Effect::new(Op::LoseInfluence {
                n: 1,
                who: Who::Target,
            })],
            condition: None,
            second: None,
        });
        d
    };
    defs.push(summons("Summons Office", false));
    defs.push(summons("Unappealable Bench", true));
    // Reversal carried by a contingency and by a card action.
    let mut saving = card("Saving Clause", CardType::Contingency, 0);
    saving.attach = AttachKind::Character;
    saving.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::ConflictLost,
        rotate: false,
        effects: vec![Effect::new(Op::Reverse(Reversible::Conflict))],
    });
    defs.push(saving);
    let mut brace = card("Braced Bulkheads", CardType::Contingency, 0);
    brace.attach = AttachKind::Fleet;
    brace.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::Attacked,
        rotate: false,
        effects: vec![Effect::new(Op::Bonus {
            bonus: AbilityBonus {
                values: [0, 0, 0, 0, 2],
                all: 0,
            },
            card: CardSel::Target,
            duration: Duration::Turn,
        })],
    });
    defs.push(brace);
    let mut revoke = card("Revoked Orders", CardType::Contingency, 0);
    revoke.attach = AttachKind::Fleet;
    revoke.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::Attacks,
        rotate: false,
        effects: vec![Effect::new(Op::Reverse(Reversible::Contingency))],
    });
    defs.push(revoke);
    let mut annex = card("Records Annex", CardType::Location, 1);
    annex.actions.push(CardAction {
        limit: None,
        anyone: false,
        cost: Cost {
            rotate: true,
            ..Cost::default()
        },
        target: TargetKind::Event,
        filter: CardFilter::default(),
        effects: vec![Effect::new(Op::Reverse(Reversible::Event))],
        condition: None,
        second: None,
    });
    defs.push(annex);
}
