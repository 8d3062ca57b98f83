//! Cards with a second target (issue 13; Legal Targets), so that random
//! games play them: an event whose first target attacks its second in
//! another faction, an aftermath on two Inner Circle characters of one
//! player, a card action on two characters of one faction, and an event on
//! a player that discards a character of that player's faction (never an
//! irrevocable one).

use b5_engine::{
    Ability, AbilityBonus, AftermathPlay, CardAction, CardDef, CardFilter, CardSel, CardType, Cost,
    Duration, Effect, Op, Race, Relation, Row, SecondTarget, Side, TargetKind, Trigger,
    TriggeredEffect, Who,
};

fn card(name: &str, ty: CardType, cost: u8) -> CardDef {
    let mut d = CardDef::new(name, ty);
    d.race = Race::Neutral;
    d.cost = Some(cost);
    d
}

fn characters(side: Side) -> CardFilter {
    CardFilter {
        side,
        ..CardFilter::of_type(CardType::Character)
    }
}

fn second(filter: CardFilter, relation: Relation) -> Option<SecondTarget> {
    Some(SecondTarget { filter, relation })
}

pub(super) fn vocabulary_target_cards(defs: &mut Vec<CardDef>) {
    let mut seconds = card("Sworn Seconds", CardType::Event, 1);
    seconds.target = TargetKind::Card;
    seconds.filter = characters(Side::Own);
    seconds.second = second(characters(Side::Any), Relation::OtherFaction);
    seconds.effects = vec![Effect::new(Op::Attack {
        ability: b5_engine::AttackUsing::Ability(Ability::Diplomacy),
        by: CardSel::Target,
        card: CardSel::Second,
    })];
    defs.push(seconds);

    let inner = CardFilter {
        row: Row::InnerCircle,
        not_ambassador: true,
        ..CardFilter::of_type(CardType::Character)
    };
    let mut censure = card("Shared Censure", CardType::Aftermath, 0);
    censure.aftermath = Some(AftermathPlay {
        won: None,
        conflict: Vec::new(),
        participant: false,
        discard_after: true,
    });
    censure.target = TargetKind::Card;
    censure.filter = inner.clone();
    censure.second = second(inner, Relation::SameController);
    censure.effects = vec![
        Effect::new(Op::Damage {
            n: 1,
            card: CardSel::Target,
        }),
        Effect::new(Op::Damage {
            n: 1,
            card: CardSel::Second,
        }),
    ];
    defs.push(censure);

    let mut bridge = card("Envoys' Bridge", CardType::Location, 2);
    bridge.abilities[Ability::Military.idx()] = 1;
    let mut lift = AbilityBonus::default();
    lift.values[Ability::Leadership.idx()] = 1;
    bridge.actions.push(CardAction {
        limit: None,
        anyone: false,
        cost: Cost {
            rotate: true,
            ..Cost::default()
        },
        target: TargetKind::Card,
        filter: characters(Side::Own),
        second: second(characters(Side::Any), Relation::SameFaction),
        effects: vec![Effect::new(Op::Bonus {
            bonus: lift,
            card: CardSel::Second,
            duration: Duration::Turn,
        })],
        condition: None,
    });
    defs.push(bridge);

    let mut purge = card("Purge of Loyalists", CardType::Event, 2);
    purge.target = TargetKind::Player;
    purge.second = second(
        CardFilter {
            row: Row::Supporting,
            ..CardFilter::of_type(CardType::Character)
        },
        Relation::SameFaction,
    );
    purge.effects = vec![Effect::new(Op::Discard {
        card: CardSel::Second,
    })];
    defs.push(purge);

    // Moving an attached card onto the second target.
    let mut refit = card("Hand-Me-Down Kit", CardType::Event, 1);
    refit.target = TargetKind::Card;
    refit.filter = CardFilter {
        types: CardType::Enhancement.bit() | CardType::Aftermath.bit(),
        attached_to: Some(Side::Own),
        ..CardFilter::default()
    };
    refit.second = second(characters(Side::Own), Relation::Any);
    refit.effects = vec![Effect::new(Op::MoveAttached {
        card: CardSel::Target,
        onto: CardSel::Second,
    })];
    defs.push(refit);

    // "One player of your choice" (`choose_player`): the target player
    // chooses another player; his tension toward him falls, and the
    // chosen player draws a card.
    let mut offices = card("Good Offices", CardType::Event, 1);
    offices.target = TargetKind::Player;
    offices.effects = vec![Effect::new(Op::ChoosePlayer {
        among: Who::Others,
        except: Some(Who::Target),
        at_war_with: None,
        chooser: Who::Target,
        each: vec![
            Effect::new(Op::Tension {
                n: -1,
                who: Who::Target,
                toward: Who::Chosen,
                mutual: false,
                set: false,
            }),
            Effect::new(Op::Draw {
                n: 1,
                who: Who::Chosen,
            }),
        ],
    })];
    defs.push(offices);

    // A trigger that watches cards enter play (`enters-play`): "Whenever
    // a character enters play under your control, gain 1 influence."
    let mut hall = card("Hall of Arrivals", CardType::Location, 2);
    hall.triggers.push(TriggeredEffect {
        trigger: Trigger::EntersPlay,
        rotate: false,
        effects: vec![Effect::new(Op::GainInfluence { n: 1, who: Who::Me })],
        of: Some(Box::new(characters(Side::Own))),
        attacker: None,
        limit: None,
    });
    defs.push(hall);

    // What the turn remembers: "Target character of yours that was ready
    // at the start of the turn gets +2 Diplomacy this turn."
    let mut wind = card("Fresh Resolve", CardType::Event, 0);
    wind.target = TargetKind::Card;
    wind.filter = characters(Side::Own);
    wind.filter.parts = Some(Box::new(b5_engine::FilterParts {
        ready_at_turn_start: Some(true),
        ..Default::default()
    }));
    wind.reads_ready_at_start = true;
    let mut two = AbilityBonus::default();
    two.values[Ability::Diplomacy.idx()] = 2;
    wind.effects = vec![Effect::new(Op::Bonus {
        bonus: two,
        card: CardSel::Target,
        duration: Duration::Turn,
    })];
    defs.push(wind);

    // "Target character not already targeted by another copy of this card
    // this turn gets +1 Diplomacy until the end of the turn."
    let mut word = card("Measured Word", CardType::Event, 0);
    word.target = TargetKind::Card;
    word.filter = characters(Side::Any);
    word.filter.parts = Some(Box::new(b5_engine::FilterParts {
        copy_targeted: Some(false),
        ..Default::default()
    }));
    word.reads_copy_targets = true;
    let mut one = AbilityBonus::default();
    one.values[Ability::Diplomacy.idx()] = 1;
    word.effects = vec![Effect::new(Op::Bonus {
        bonus: one,
        card: CardSel::Target,
        duration: Duration::Turn,
    })];
    defs.push(word);
}
