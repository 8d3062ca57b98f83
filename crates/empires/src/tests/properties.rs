//! Property tests over many random games (2 to 4 players, random and
//! greedy players, generated and shipped maps, random seeds): every game
//! ends by the turn cap; units and cards are conserved after every action;
//! `legal_actions` is never empty for a pending player and every action it
//! lists is accepted; illegal actions are refused with the game untouched;
//! a player's view never depends on anything hidden from that player and
//! names no hidden unit; a game replays to the same digest.

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::positions::conserved;
use crate::action::{Action, Stance, Target};
use crate::bots::{Bot, GreedyBot, RandomBot};
use crate::chits::{Chit, Marker};
use crate::deck::Card;
use crate::options::Options;
use crate::race::Race;
use crate::replay::replay;
use crate::setup::{MapChoice, Setup};
use crate::state::{Game, Loc, PlayerId, SpaceId, UnitId};

/// Rounds after which the engine ends a test game (`Options::turn_limit`).
const TURN_CAP: u32 = 12;
/// More actions than any game under the cap takes.
const ACTION_GUARD: usize = 50_000;

fn setup(seed: u64, players: usize, map: u8) -> Setup {
    let mut races = Race::ALL.to_vec();
    races.shuffle(&mut Pcg64Mcg::seed_from_u64(seed));
    races.truncate(players);
    let map = match (map, players) {
        (1, 2) => MapChoice::Shipped {
            name: "the-divide".into(),
        },
        (1, 4) => MapChoice::Shipped {
            name: "four-crowns".into(),
        },
        _ => MapChoice::Generated,
    };
    Setup {
        races,
        map,
        options: Options {
            turn_limit: TURN_CAP,
            ..Options::default()
        },
    }
}

/// Units that `viewer` may not identify: the pile, other players' recruit
/// draws, and every unit under the top of another player's stack outside
/// the battle being fought (a battle shows both stacks' fighting units,
/// and with the stack's height that tells the rest).
fn hidden_units(g: &Game, viewer: PlayerId) -> Vec<UnitId> {
    let mut v = Vec::new();
    for (i, u) in g.units.iter().enumerate() {
        let id = UnitId(i as u16);
        match u.loc {
            Loc::Pile => v.push(id),
            Loc::Offer { player } if player != viewer => v.push(id),
            Loc::Map { space, owner } if owner != viewer => {
                let in_battle = g
                    .battle
                    .as_ref()
                    .is_some_and(|b| b.space == space && b.sides.contains(&owner));
                if g.stack(space, owner)[0] != id && !in_battle {
                    v.push(id);
                }
            }
            _ => {}
        }
    }
    v
}

/// A game that differs from `g` only in what `viewer` cannot know.
fn perturb(g: &Game, viewer: PlayerId, rng: &mut Pcg64Mcg) -> Game {
    let mut h = g.clone();
    let hidden = hidden_units(g, viewer);
    for _ in 0..hidden.len() {
        let a = hidden[rng.random_range(0..hidden.len())];
        let b = hidden[rng.random_range(0..hidden.len())];
        let ca = h.units[a.0 as usize].chit;
        h.units[a.0 as usize].chit = h.units[b.0 as usize].chit;
        h.units[b.0 as usize].chit = ca;
    }
    h.deck.shuffle(rng);
    for p in 0..h.players.len() {
        if p as PlayerId == viewer {
            continue;
        }
        h.players[p].peeks.clear();
        if !h.players[p].hand.is_empty() && !h.deck.is_empty() {
            let i = rng.random_range(0..h.players[p].hand.len());
            let j = rng.random_range(0..h.deck.len());
            std::mem::swap(&mut h.players[p].hand[i], &mut h.deck[j]);
            h.players[p].hand.sort_unstable();
        }
    }
    for s in 0..h.spaces.len() {
        if !h.spaces[s].explored {
            h.spaces[s].resources = rng.random_range(0..=3);
        }
    }
    h.rng = Pcg64Mcg::seed_from_u64(rng.random());
    h
}

fn check_views(g: &Game, rng: &mut Pcg64Mcg) -> Result<(), String> {
    for viewer in 0..g.players.len() as PlayerId {
        let v = g.view(viewer);
        for st in &v.stacks {
            if st.owner != viewer && st.units.is_some() {
                return Err(format!(
                    "player {viewer} sees under the top of another stack"
                ));
            }
        }
        let hidden = hidden_units(g, viewer);
        let named = v
            .stacks
            .iter()
            .flat_map(|s| s.units.iter().flatten().map(|u| u.id))
            .chain(v.offer.iter().map(|u| u.id))
            .chain(v.picked.iter().copied())
            .chain(v.battle.iter().flat_map(|b| b.units.iter().map(|u| u.0)));
        for id in named {
            if hidden.contains(&id) {
                return Err(format!("player {viewer}'s view names hidden unit {}", id.0));
            }
        }
        let other = perturb(g, viewer, rng);
        let w = other.view(viewer);
        if w != v {
            let a = serde_json::to_value(&v).unwrap_or_default();
            let b = serde_json::to_value(&w).unwrap_or_default();
            let field = a
                .as_object()
                .and_then(|o| o.iter().find(|(k, x)| b.get(k.as_str()) != Some(x)))
                .map(|(k, x)| format!("{k}: {x} against {}", b[k.as_str()]))
                .unwrap_or_default();
            return Err(format!(
                "player {viewer}'s view depends on something hidden: {field}"
            ));
        }
    }
    Ok(())
}

/// Actions that are probably illegal now: each must be refused, or be
/// legal, and a refused one changes nothing.
fn check_illegal(g: &Game, rng: &mut Pcg64Mcg) -> Result<(), String> {
    let n = g.players.len() as PlayerId;
    let unit = UnitId(rng.random_range(0..g.units.len() as u16 + 3));
    let space = rng.random_range(0..g.map.spaces.len() as SpaceId + 3);
    let card = Card::ALL[rng.random_range(0..Card::ALL.len())];
    let player = rng.random_range(0..n + 1);
    let targets = [
        Target::None,
        Target::Player { player },
        Target::Stack {
            space,
            owner: player,
        },
        Target::Leader {
            space,
            owner: player,
            kind: Chit::Cruiser,
        },
        Target::System { space },
        Target::Unit { unit },
        Target::Negate,
    ];
    let candidates = [
        Action::Discard { card },
        Action::Draw,
        Action::Play {
            card,
            as_card: None,
            target: targets[rng.random_range(0..targets.len())],
        },
        Action::Play {
            card: Card::SpecialCard,
            as_card: Some(card),
            target: Target::None,
        },
        Action::Pick { unit },
        Action::Unpick { unit },
        Action::MoveTo { to: space },
        Action::EndOrder,
        Action::Pass,
        Action::EndPhase,
        Action::Declare {
            stance: Stance::Attack,
        },
        Action::Casualty { unit },
        Action::Retreat { to: space },
        Action::Buy { unit, at: space },
        Action::Build {
            at: space,
            marker: Marker::ALL[rng.random_range(0..3)],
        },
        Action::Disband { unit },
    ];
    for p in 0..n + 1 {
        let legal = g.legal_actions(p);
        for a in &candidates {
            let mut h = g.clone();
            let before = h.digest();
            match h.apply(p, a.clone()) {
                Ok(_) if !legal.contains(a) => {
                    return Err(format!("{a:?} by {p} accepted but not listed as legal"))
                }
                Err(e) if legal.contains(a) => {
                    return Err(format!("{a:?} by {p} listed as legal but refused: {e}"))
                }
                Err(_) if h.digest() != before => {
                    return Err(format!("refused {a:?} by {p} changed the game"))
                }
                _ => {}
            }
        }
    }
    Ok(())
}

fn run_game(seed: u64, players: usize, greedy: u8, map: u8) -> Result<(), String> {
    let setup = setup(seed, players, map);
    let mut g = Game::new(&setup, seed).map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|i| -> Box<dyn Bot> {
            if greedy & (1 << i) != 0 {
                Box::new(GreedyBot::new(seed ^ i as u64))
            } else {
                Box::new(RandomBot::new(seed ^ i as u64))
            }
        })
        .collect();
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0xabcd);
    let mut log: Vec<(PlayerId, Action)> = Vec::new();
    while !g.is_over() {
        if log.len() > ACTION_GUARD {
            return Err("the game did not end by its turn cap".into());
        }
        let pending = g.pending();
        let [p] = pending[..] else {
            return Err(format!(
                "{} players pending in a running game",
                pending.len()
            ));
        };
        let legal = g.legal_actions(p);
        if legal.is_empty() {
            return Err(format!("player {p} pending with no legal action"));
        }
        let a = bots[p as usize].choose(&g, p).ok_or("no choice")?;
        if log.len().is_multiple_of(11) {
            check_illegal(&g, &mut rng)?;
            check_views(&g, &mut rng)?;
        }
        g.apply(p, a.clone())
            .map_err(|e| format!("{a:?} by {p} refused: {e}"))?;
        log.push((p, a));
        conserved(&g)?;
    }
    if g.round() > TURN_CAP {
        return Err(format!("round {} past the cap", g.round()));
    }
    check_views(&g, &mut rng)?;
    let again = replay(&setup, seed, &log).map_err(|e| e.to_string())?;
    if again.digest() != g.digest() {
        return Err("the replay differs".into());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_property(
        seed in any::<u64>(),
        players in 2usize..=4,
        greedy in 0u8..16,
        map in 0u8..2,
    ) {
        if let Err(e) = run_game(seed, players, greedy, map) {
            return Err(TestCaseError::fail(format!("seed {seed}, {players} players, greedy {greedy:04b}, map {map}: {e}")));
        }
    }
}

#[test]
fn greedy_games_end_in_victory() {
    // Greedy players reach Victory well inside 60 rounds on two-player
    // maps; the cap only stops a stuck game.
    let mut won = 0;
    for seed in 0..4u64 {
        let mut s = Setup::new(vec![
            Race::ALL[seed as usize % 4],
            Race::ALL[(seed as usize + 1) % 4],
        ]);
        s.options.turn_limit = 60;
        let mut g = Game::new(&s, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(GreedyBot::new(seed)),
            Box::new(GreedyBot::new(seed + 9)),
        ];
        crate::bots::play_out(&mut g, &mut bots, 200_000).unwrap();
        if matches!(g.outcome(), Some(crate::state::Outcome::Conquest { .. })) {
            won += 1;
        }
    }
    assert!(won >= 3, "{won} of 4 greedy games ended in Victory");
}
