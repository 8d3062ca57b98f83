//! Cards using the issue-13 vocabulary for attacks made by effects and
//! attack damage modifiers, so that random games play them: no panic, and
//! every invariant of the property tests holds.

use b5_engine::{
    Ability, AttachKind, AttackMod, CardAction, CardDef, CardFilter, CardSel, CardType, Cost,
    Duration, Effect, Op, Passive, Race, Side, TargetKind, Trigger, TriggeredEffect, Who,
};

fn card(name: &str, ty: CardType, cost: u8) -> CardDef {
    let mut d = CardDef::new(name, ty);
    d.race = Race::Neutral;
    d.cost = Some(cost);
    d
}

pub(super) fn vocabulary_attack_cards(defs: &mut Vec<CardDef>) {
    let other = |t: CardType| CardFilter {
        side: Side::Other,
        ..CardFilter::of_type(t)
    };
    let own_fleet = CardFilter {
        side: Side::Own,
        ..CardFilter::of_type(CardType::Fleet)
    };
    // A fleet whose action attacks outside conflicts.
    let mut battery = card("Harrier Battery", CardType::Fleet, 2);
    battery.abilities[Ability::Military.idx()] = 2;
    battery.actions.push(CardAction {
        limit: None,
        anyone: false,
        cost: Cost {
            rotate: true,
            ..Cost::default()
        },
        target: TargetKind::Card,
        filter: other(CardType::Fleet),
        second: None,
        effects: vec![Effect::new(Op::Attack {
            ability: b5_engine::AttackUsing::Ability(Ability::Military),
            by: CardSel::This,
            card: CardSel::Target,
        })],
        condition: None,
    });
    battery.triggers.push(TriggeredEffect {
        of: None,
        attacker: None,
        limit: None,
        trigger: Trigger::SurvivedAttack,
        rotate: false,
        effects: vec![Effect::new(Op::RemoveDamage {
            n: 1,
            card: CardSel::This,
        })],
    });
    defs.push(battery);
    // An event: your ambassador attacks a character of another faction.
    let mut rebuke = card("Sharp Reproach", CardType::Event, 0);
    rebuke.target = TargetKind::Card;
    rebuke.filter = other(CardType::Character);
    rebuke.effects = vec![Effect::new(Op::Attack {
        ability: b5_engine::AttackUsing::Ability(Ability::Diplomacy),
        by: CardSel::Ambassador(Who::Me),
        card: CardSel::Target,
    })];
    defs.push(rebuke);
    // Attack modifiers: an effect with a duration, an enhancement, a
    // lasting effect with a filter.
    let mut brace = card("Braced Hulls", CardType::Event, 0);
    brace.target = TargetKind::Card;
    brace.filter = own_fleet.clone();
    brace.effects = vec![Effect::new(Op::AttackMod {
        m: AttackMod {
            suffers_half: true,
            deals_double: true,
            ..AttackMod::default()
        },
        card: CardSel::Target,
        duration: Duration::Turn,
    })];
    defs.push(brace);
    let mut guns = card("Raking Batteries", CardType::Enhancement, 1);
    guns.attach = AttachKind::Fleet;
    guns.passives.push(Passive::AttackMod {
        filter: None,
        m: AttackMod {
            deals: 1,
            suffers: -1,
            ..AttackMod::default()
        },
    });
    defs.push(guns);
    let mut post = card("Screening Post", CardType::Location, 2);
    post.passives.push(Passive::AttackMod {
        filter: Some(own_fleet),
        m: AttackMod {
            no_return: true,
            ..AttackMod::default()
        },
    });
    defs.push(post);
    // A conflict that becomes an enhancement on its initiator's ambassador.
    let mut accord = card("Standing Accord", CardType::Conflict, 0);
    accord.cost = None;
    accord.conflict = Some(Ability::Diplomacy);
    accord.target = TargetKind::Player;
    accord.won = vec![Effect::new(Op::GainInfluence { n: 1, who: Who::Me })];
    accord.becomes_enhancement = Some(b5_engine::EnhancementOn::Ambassador);
    accord.bonus.values[Ability::Diplomacy.idx()] = 1;
    defs.push(accord);
    // Reversal: an event another player played since your last action may
    // be undone (it is the target).
    let mut undo = card("Undo the Decree", CardType::Event, 0);
    undo.target = TargetKind::Event;
    undo.effects = vec![Effect::new(Op::Reverse(b5_engine::Reversible::Event))];
    defs.push(undo);
}
