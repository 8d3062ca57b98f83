//! Invariant checks over whole games, shared by the crate's property test
//! and `b5 empires sim --check` (which runs them over thousands of games
//! in a release build): units and cards are conserved; a player's view
//! never depends on anything hidden from that player and names no hidden
//! unit; an illegal action is refused with the game untouched and every
//! listed action is accepted; a game replays to the same digest.
//!
//! [`determinize`] is also here: a game that differs from a real one only
//! in what one seat cannot know, drawn from that seat's view alone. The
//! search player plays its rollouts on such games.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::action::{Action, Stance, Target};
use crate::chits::{Chit, Marker};
use crate::deck::Card;
use crate::replay::replay;
use crate::setup::Setup;
use crate::state::{Game, Loc, PlayerId, UnitId};

/// Units accounted for: pile, map, offers, captured; the 78 action cards.
pub fn conserved(g: &Game) -> Result<(), String> {
    let in_pile = g.units.iter().filter(|u| u.loc == Loc::Pile).count();
    if in_pile != g.pile.len() {
        return Err(format!(
            "{in_pile} units say pile, the pile holds {}",
            g.pile.len()
        ));
    }
    let mut seen = vec![false; g.units.len()];
    for &u in &g.pile {
        let Some(unit) = g.units.get(u.0 as usize) else {
            return Err(format!("unit {} in the pile does not exist", u.0));
        };
        if unit.loc != Loc::Pile {
            return Err(format!("unit {} in the pile is elsewhere", u.0));
        }
        if std::mem::replace(&mut seen[u.0 as usize], true) {
            return Err(format!("unit {} twice in the pile", u.0));
        }
    }
    let sets = g.options.chit_sets_for(g.players.len()) as usize;
    if g.units.len() != 52 * sets {
        return Err(format!("{} units, not {}", g.units.len(), 52 * sets));
    }
    for u in &g.units {
        if let Loc::Captured { .. } = u.loc {
            if !u.chit.is_leader() {
                return Err("a captured unit that is no leader".into());
            }
        }
    }
    let cards =
        g.deck.len() + g.discard.len() + g.players.iter().map(|p| p.hand.len()).sum::<usize>();
    if cards != 78 {
        return Err(format!("{cards} action cards, not 78"));
    }
    Ok(())
}

/// "You cannot have more than one Diplomat on a system": no player has two
/// on a planetary system (empty space and Babylon 5 take any number).
pub fn one_diplomat_per_system(g: &Game) -> Result<(), String> {
    let mut seen = std::collections::HashSet::new();
    for u in g.units.iter().filter(|u| u.chit.is_diplomat()) {
        if let Loc::Map { space, owner } = u.loc {
            if g.map.spaces[space as usize].kind.is_system() && !seen.insert((space, owner)) {
                return Err(format!(
                    "player {owner} has two Diplomats on the system at space {space}"
                ));
            }
        }
    }
    Ok(())
}

/// Units that `viewer` may not identify: the pile, other players' recruit
/// draws, and every unit under the top of another player's stack outside
/// the battle being fought (a battle shows both stacks' fighting units,
/// and with the stack's height that tells the rest).
pub fn hidden_units(g: &Game, viewer: PlayerId) -> Vec<UnitId> {
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

/// A game that differs from `g` only in what `viewer` cannot know, by
/// random swaps from `g` (the property test's scramble).
pub fn perturb(g: &Game, viewer: PlayerId, rng: &mut Pcg64Mcg) -> Game {
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

/// A game drawn from what `viewer` may know of `g`, and `rng` alone: the
/// hidden units' chits dealt again at random among them, the deck and the
/// other players' hands dealt again from the same cards, unexplored
/// systems' Resources left to their exploration roll, the other players'
/// peeks forgotten and the generator reseeded. Two games with the same
/// view give the same result for the same `rng` (the hidden parts are put
/// in a canonical order before the deal).
pub fn determinize(g: &Game, viewer: PlayerId, rng: &mut Pcg64Mcg) -> Game {
    let mut h = g.clone();
    let hidden = hidden_units(g, viewer);
    let mut chits: Vec<Chit> = hidden.iter().map(|u| h.units[u.0 as usize].chit).collect();
    chits.sort_unstable();
    chits.shuffle(rng);
    for (u, c) in hidden.iter().zip(chits) {
        h.units[u.0 as usize].chit = c;
    }
    let mut cards: Vec<Card> = h.deck.clone();
    for p in 0..h.players.len() {
        if p as PlayerId != viewer {
            cards.extend(h.players[p].hand.iter().copied());
            h.players[p].peeks.clear();
        }
    }
    cards.sort_unstable();
    cards.shuffle(rng);
    for p in 0..h.players.len() {
        if p as PlayerId != viewer {
            let n = h.players[p].hand.len();
            let mut hand: smallvec::SmallVec<[Card; 10]> = cards.drain(..n).collect();
            hand.sort_unstable();
            h.players[p].hand = hand;
        }
    }
    h.deck = cards;
    for s in &mut h.spaces {
        if !s.explored {
            s.resources = 0;
        }
    }
    h.rng = Pcg64Mcg::seed_from_u64(rng.random());
    h
}

/// The first place two debug texts differ, for a message.
fn first_difference(a: &str, b: &str) -> String {
    let i = a
        .bytes()
        .zip(b.bytes())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let from = a.floor_char_boundary(i.saturating_sub(60));
    let to_a = a.floor_char_boundary((i + 60).min(a.len()));
    let to_b = b.floor_char_boundary((i + 60).min(b.len()));
    format!(
        "…{}… against …{}…",
        &a[from..to_a],
        &b[from.min(to_b)..to_b]
    )
}

/// Every seat's view names no hidden unit and is the same in a game that
/// differs only in what that seat cannot know (both scrambles).
pub fn check_views(g: &Game, rng: &mut Pcg64Mcg) -> Result<(), String> {
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
        for (how, other) in [
            ("a scramble", perturb(g, viewer, rng)),
            ("a determinization", determinize(g, viewer, rng)),
        ] {
            let w = other.view(viewer);
            if w != v {
                return Err(format!(
                    "player {viewer}'s view depends on something hidden ({how}): {}",
                    first_difference(&format!("{v:?}"), &format!("{w:?}"))
                ));
            }
        }
    }
    Ok(())
}

/// Actions that are probably illegal now: each must be refused, or be
/// legal, and a refused one changes nothing; a listed one is accepted.
pub fn check_illegal(g: &Game, rng: &mut Pcg64Mcg) -> Result<(), String> {
    let n = g.players.len() as PlayerId;
    let unit = UnitId(rng.random_range(0..g.units.len() as u16 + 3));
    let space = rng.random_range(0..g.map.spaces.len() as u16 + 3);
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

/// The checks along one game: call [`Checker::before`] before each action
/// and [`Checker::after`] after it, then [`Checker::finish`].
pub struct Checker {
    rng: Pcg64Mcg,
    /// The view and illegal-action checks run every this many actions.
    pub every: usize,
    actions: usize,
}

impl Checker {
    pub fn new(seed: u64) -> Checker {
        Checker {
            rng: Pcg64Mcg::seed_from_u64(seed ^ 0xabcd),
            every: 11,
            actions: 0,
        }
    }

    /// Before an action: someone is pending with a legal action, and
    /// (every [`Checker::every`] actions) the view and illegal-action checks.
    pub fn before(&mut self, g: &Game) -> Result<(), String> {
        let pending = g.pending();
        let [p] = pending[..] else {
            return Err(format!(
                "{} players pending in a running game",
                pending.len()
            ));
        };
        if g.legal_actions(p).is_empty() {
            return Err(format!("player {p} pending with no legal action"));
        }
        if self.actions.is_multiple_of(self.every) {
            check_illegal(g, &mut self.rng)?;
            check_views(g, &mut self.rng)?;
        }
        self.actions += 1;
        Ok(())
    }

    /// After an action: units and cards conserved, one Diplomat per system.
    pub fn after(&mut self, g: &Game) -> Result<(), String> {
        conserved(g)?;
        one_diplomat_per_system(g)
    }

    /// At the end: within the turn cap, the views once more, and the
    /// replay from set-up, seed and actions gives the same digest.
    pub fn finish(
        &mut self,
        g: &Game,
        setup: &Setup,
        seed: u64,
        log: &[(PlayerId, Action)],
    ) -> Result<(), String> {
        if g.is_over() && g.round() > g.options.turn_limit {
            return Err(format!(
                "round {} past the turn limit {}",
                g.round(),
                g.options.turn_limit
            ));
        }
        check_views(g, &mut self.rng)?;
        let again = replay(setup, seed, log).map_err(|e| e.to_string())?;
        if again.digest() != g.digest() {
            return Err("the replay differs".into());
        }
        Ok(())
    }
}
