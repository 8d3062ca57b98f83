//! Computer players on top of `legal_actions`, `apply` and `view`: a
//! random one, a simple greedy one, and a search player that plays the
//! greedy one's best few actions forward on games drawn from its own view
//! (determinized Monte-Carlo). All decide only from what their seat may
//! know.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::action::{Action, Stance, Target};
use crate::chits::{Chit, Marker};
use crate::deck::Card;
use crate::map::SpaceKind;
use crate::state::{Game, Phase, PlayerId, SpaceId};
use crate::view::{View, WindowView};

/// A computer player.
pub trait Bot {
    /// The action to take for `p`, one of `game.legal_actions(p)`; `None`
    /// when `p` has no choice.
    fn choose(&mut self, game: &Game, p: PlayerId) -> Option<Action>;
}

/// Chooses a kind of action at random, then one of that kind: every legal
/// action can happen, and a turn does not drown in card targets.
pub struct RandomBot {
    rng: Pcg64Mcg,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, game: &Game, p: PlayerId) -> Option<Action> {
        let legal = game.legal_actions(p);
        let mut kinds: Vec<std::mem::Discriminant<Action>> = Vec::new();
        for a in &legal {
            let d = std::mem::discriminant(a);
            if !kinds.contains(&d) {
                kinds.push(d);
            }
        }
        let kind = *kinds.choose(&mut self.rng)?;
        let of_kind: Vec<&Action> = legal
            .iter()
            .filter(|a| std::mem::discriminant(*a) == kind)
            .collect();
        of_kind.choose(&mut self.rng).map(|a| (*a).clone())
    }
}

/// Scores every legal action with a few rules of thumb from its seat's
/// view and takes the best (ties at random): claim and colonise systems,
/// attack what it can beat, keep Diplomats at Babylon 5, buy the most
/// Force, lose its weakest units.
pub struct GreedyBot {
    rng: Pcg64Mcg,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl Bot for GreedyBot {
    fn choose(&mut self, game: &Game, p: PlayerId) -> Option<Action> {
        let legal = game.legal_actions(p);
        if legal.is_empty() {
            return None;
        }
        let view = game.view(p);
        let ctx = Ctx::new(game, &view, p);
        let mut best: Vec<&Action> = Vec::new();
        let mut best_score = f64::MIN;
        for a in &legal {
            let s = ctx.score(a);
            if s > best_score + 1e-9 {
                best_score = s;
                best.clear();
                best.push(a);
            } else if (s - best_score).abs() <= 1e-9 {
                best.push(a);
            }
        }
        let i = self.rng.random_range(0..best.len());
        Some(best[i].clone())
    }
}

/// What the greedy player knows while scoring.
struct Ctx<'a> {
    game: &'a Game,
    view: &'a View,
    p: PlayerId,
}

/// A card's worth in hand (for discarding the least).
fn card_value(c: Card) -> f64 {
    match c {
        Card::StrategicMoveOrder | Card::SpecialCard => 9.0,
        Card::TacticalMoveOrder => 8.0,
        Card::Deception | Card::ArmoredHull | Card::Ambush | Card::Retreat => 6.0,
        Card::Research | Card::IncreaseProduction | Card::TheShadowsEmerge => 6.0,
        Card::Espionage | Card::Reconnaissance | Card::Intelligence => 1.0,
        _ => 4.0,
    }
}

impl<'a> Ctx<'a> {
    fn new(game: &'a Game, view: &'a View, p: PlayerId) -> Ctx<'a> {
        Ctx { game, view, p }
    }

    fn my_units_at(&self, s: SpaceId) -> Vec<(crate::state::UnitId, Chit)> {
        self.view
            .stacks
            .iter()
            .filter(|st| st.space == s && st.owner == self.p)
            .flat_map(|st| st.units.iter().flatten().map(|u| (u.id, u.kind)))
            .collect()
    }

    /// A visible guess at the force opposing `p` at `s`.
    fn enemy_force(&self, s: SpaceId) -> f64 {
        let mut f = 0.0;
        for st in self
            .view
            .stacks
            .iter()
            .filter(|st| st.space == s && st.owner != self.p)
        {
            f += st.top.force() as f64 + (st.count as f64 - 1.0) * 6.0;
        }
        let sp = &self.view.spaces[s as usize];
        if sp.control.is_some_and(|c| c != self.p) {
            if sp.colony {
                f += 5.0;
            }
            if sp.shipyard {
                f += 5.0;
            }
            if sp.jumpgate {
                f += 1.0;
            }
            if self.game.map().spaces[s as usize].kind == SpaceKind::Home {
                f += 20.0;
            }
        }
        f
    }

    fn picked_force(&self) -> f64 {
        self.view
            .picked
            .iter()
            .map(|&u| self.game.unit_force(u) as f64)
            .sum()
    }

    fn score(&self, a: &Action) -> f64 {
        let v = self.view;
        match a {
            Action::Discard { card } => match v.phase {
                Phase::Draw if v.forced_discard.is_none() => -5.0,
                _ => 10.0 - card_value(*card),
            },
            Action::Draw => 0.0,
            Action::Play {
                card,
                as_card,
                target,
            } => self.score_play(as_card.unwrap_or(*card), target),
            Action::Pick { unit } => {
                if v.picked.is_empty() {
                    // Start with a unit that can lead a stack somewhere.
                    let kind = self.game.kind(*unit);
                    if kind.is_leader() {
                        return -3.0;
                    }
                    3.0 + self.game.unit_force(*unit) as f64 / 10.0
                } else {
                    20.0
                }
            }
            Action::Unpick { .. } => -20.0,
            Action::MoveTo { to } => self.score_destination(*to),
            Action::EndOrder => {
                if v.picked.is_empty() {
                    -1.0
                } else {
                    0.5
                }
            }
            Action::Pass => 0.0,
            Action::EndPhase => 0.5,
            Action::Declare { stance } => {
                let Some(b) = &v.battle else { return 0.0 };
                let me = if b.attacker == self.p { 0 } else { 1 };
                let ahead = b.force[me] >= b.force[1 - me];
                match (stance, ahead) {
                    (Stance::Attack, true) | (Stance::Mission, false) => 1.0,
                    _ => 0.0,
                }
            }
            Action::Casualty { unit } => {
                let Some(b) = &v.battle else { return 0.0 };
                let mine = b.units.iter().any(|(u, _, o)| u == unit && *o == self.p);
                let f = self.game.unit_force(*unit) as f64;
                if mine {
                    -f
                } else {
                    f
                }
            }
            Action::Retreat { to } => {
                let home = v.players[self.p as usize].home;
                -(self.distance(*to, home) as f64)
            }
            Action::Buy { unit, at } => {
                let k = self.game.kind(*unit);
                let mut s = 5.0 + self.game.unit_force(*unit) as f64 / 2.0;
                if k.is_diplomat() {
                    s = 6.0;
                }
                if k.is_leader() {
                    s = 7.0;
                }
                if *at == v.players[self.p as usize].home {
                    s += 0.5;
                }
                s
            }
            Action::Build { at, marker } => {
                let r = v.spaces[*at as usize].resources.unwrap_or(0) as f64;
                match marker {
                    Marker::Colony => 20.0 + 3.0 * r,
                    Marker::Shipyard => 4.0,
                    Marker::Jumpgate => 3.0,
                }
            }
            Action::Disband { unit } => -(self.game.unit_force(*unit) as f64),
        }
    }

    fn distance(&self, a: SpaceId, b: SpaceId) -> u16 {
        self.game.map().distances(a)[b as usize].unwrap_or(99)
    }

    fn score_destination(&self, to: SpaceId) -> f64 {
        let v = self.view;
        let map = self.game.map();
        let kind = map.spaces[to as usize].kind;
        let sp = &v.spaces[to as usize];
        let mine = self.picked_force();
        let enemy = self.enemy_force(to);
        let has_diplomat = v
            .picked
            .iter()
            .any(|&u| self.game.kind(u) == Chit::SeasonedDiplomat);
        if kind == SpaceKind::Babylon5 {
            return if has_diplomat && v.picked.len() == 1 {
                12.0
            } else {
                0.0
            };
        }
        if enemy > 0.0 {
            return if mine > enemy * 1.3 + 2.0 {
                10.0 + if kind == SpaceKind::Home { 8.0 } else { 0.0 }
            } else {
                -10.0
            };
        }
        if kind.is_system() && sp.control != Some(self.p) {
            return 8.0
                + if sp.explored {
                    sp.resources.unwrap_or(0) as f64
                } else {
                    2.0
                };
        }
        // Otherwise head for the nearest system not yet ours.
        let d = map.distances(to);
        let near = (0..map.spaces.len())
            .filter(|&s| map.spaces[s].kind.is_system() && v.spaces[s].control != Some(self.p))
            .filter_map(|s| d[s])
            .min()
            .unwrap_or(20);
        2.0 - near as f64 * 0.5
    }

    fn score_play(&self, c: Card, target: &Target) -> f64 {
        let v = self.view;
        if let Some(b) = &v.battle {
            // A battle card: worth playing while not comfortably ahead.
            let me = if b.attacker == self.p { 0 } else { 1 };
            let gap = b.force[me] - b.force[1 - me];
            return match (c, target) {
                (Card::CriticalHit | Card::PointDefense, Target::Unit { unit }) => {
                    if gap > 15 {
                        0.0
                    } else {
                        2.0 + self.game.unit_force(*unit) as f64 / 10.0
                    }
                }
                (Card::ArmoredHull, Target::Negate) => 0.5,
                _ if gap > 15 => -1.0,
                _ => 2.0,
            };
        }
        if let Some(w) = &v.window {
            return match (w, c) {
                (WindowView::BeforeMove { to, .. }, Card::Diplomacy) => {
                    let threatened = v.spaces[*to as usize].control == Some(self.p)
                        || !self.my_units_at(*to).is_empty();
                    if threatened {
                        5.0
                    } else {
                        -1.0
                    }
                }
                (WindowView::Security { .. }, Card::Security) => 5.0,
                _ => -1.0,
            };
        }
        let richest = |t: &Target| match t {
            Target::Player { player } => v.players[*player as usize].treasury as f64 / 10.0,
            _ => 0.0,
        };
        match c {
            Card::TacticalMoveOrder | Card::StrategicMoveOrder => {
                let unmoved = v
                    .stacks
                    .iter()
                    .filter(|s| s.owner == self.p)
                    .flat_map(|s| s.units.iter().flatten())
                    .any(|u| !u.moved && !u.kind.is_leader());
                if unmoved {
                    if c == Card::StrategicMoveOrder {
                        7.0
                    } else {
                        6.0
                    }
                } else {
                    -5.0
                }
            }
            Card::Research => 5.0,
            Card::IncreaseProduction => 4.0,
            Card::HeavyTrade => v.players[self.p as usize].systems as f64,
            Card::Steal => 2.0 + richest(target),
            Card::Intrigue => match target {
                Target::Player { player } => 1.0 + v.players[*player as usize].hand as f64 / 4.0,
                _ => 0.0,
            },
            Card::TheShadowsEmerge => match target {
                Target::Stack { space, owner } => v
                    .stacks
                    .iter()
                    .find(|s| s.space == *space && s.owner == *owner)
                    .map(|s| s.count as f64)
                    .unwrap_or(0.0),
                _ => 0.0,
            },
            Card::Revolt => match target {
                Target::System { space } => {
                    let s = &v.spaces[*space as usize];
                    if s.colony && s.control.is_some_and(|o| o != self.p) {
                        2.0
                    } else {
                        -1.0
                    }
                }
                _ => -1.0,
            },
            Card::Raiding | Card::Sabotage => 1.0,
            _ => -0.5,
        }
    }
}

/// A determinized Monte-Carlo search player. At a choice with more than
/// one legal action it takes the greedy player's `candidates` best
/// actions; `rollouts` times it draws a game from its own view alone
/// ([`crate::check::determinize`]: hidden chits, the deck and the other
/// hands dealt again, unexplored Resources left to their roll), and on a
/// copy of it for each candidate plays the candidate, then greedy players
/// for every seat until the end of the turn under way (at most `horizon`
/// actions), and scores the result for its seat. It takes the candidate
/// with the best average. The same candidates see the same drawn games
/// (common random numbers), so the comparison is fair with few rollouts.
pub struct SearchBot {
    rng: Pcg64Mcg,
    /// Games drawn per decision (each candidate is played on every one).
    pub rollouts: u32,
    /// The most actions a rollout plays after the candidate.
    pub horizon: u32,
    /// The greedy player's best actions that are compared.
    pub candidates: usize,
}

impl SearchBot {
    /// The default budget: 6 drawn games by 3 candidates, 18 rollouts a
    /// decision of at most 200 actions each.
    pub fn new(seed: u64) -> SearchBot {
        SearchBot::with_budget(seed, 6, 200, 3)
    }

    pub fn with_budget(seed: u64, rollouts: u32, horizon: u32, candidates: usize) -> SearchBot {
        SearchBot {
            rng: Pcg64Mcg::seed_from_u64(seed),
            rollouts: rollouts.max(1),
            horizon,
            candidates: candidates.max(1),
        }
    }
}

/// How good `g` is for `p`: a won game is worth most, then systems
/// controlled (what Victory counts), then colonies and shipyards, units'
/// force on the map, the treasury and cards in hand, each against the best
/// opponent. A unit's force outweighs the treasury it cost (buying is no
/// loss).
pub fn evaluate(g: &Game, p: PlayerId) -> f64 {
    use crate::state::Outcome;
    match g.outcome() {
        Some(Outcome::Conquest { winner }) | Some(Outcome::LastStanding { winner }) => {
            return if winner == p { 10_000.0 } else { -10_000.0 };
        }
        _ => {}
    }
    let n = g.players.len();
    let mut worth = vec![0.0f64; n];
    for (q, w) in worth.iter_mut().enumerate() {
        let ps = &g.players[q];
        if ps.eliminated {
            *w = -5_000.0;
            continue;
        }
        *w = g.systems_controlled(q as PlayerId) as f64 * 40.0
            + ps.treasury as f64 * 0.3
            + ps.hand.len() as f64 * 2.0;
    }
    // Markers bring revenue and places to recruit (a Colony's revenue
    // pays for the units it recruits within a few turns).
    for s in &g.spaces {
        if let Some(c) = s.control {
            worth[c as usize] += f64::from(u8::from(s.colony)) * 10.0
                + f64::from(u8::from(s.shipyard)) * 4.0
                + f64::from(s.resources) * 2.0 * f64::from(u8::from(s.explored && s.colony));
        }
    }
    for (i, u) in g.units.iter().enumerate() {
        if let crate::state::Loc::Map { owner, .. } = u.loc {
            worth[owner as usize] += g.unit_force(crate::state::UnitId(i as u16)) as f64 * 0.5;
        }
    }
    let best_other = (0..n)
        .filter(|&q| q != p as usize)
        .map(|q| worth[q])
        .fold(f64::MIN, f64::max);
    worth[p as usize] - best_other
}

impl Bot for SearchBot {
    fn choose(&mut self, game: &Game, p: PlayerId) -> Option<Action> {
        let legal = game.legal_actions(p);
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        // The greedy player's best few, best first (ties in list order).
        let view = game.view(p);
        let ctx = Ctx::new(game, &view, p);
        let mut scored: Vec<(f64, usize)> = legal
            .iter()
            .enumerate()
            .map(|(i, a)| (ctx.score(a), i))
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.truncate(self.candidates);
        if scored.len() == 1 {
            return Some(legal[scored[0].1].clone());
        }
        let turn = (game.round(), game.active());
        let mut total = vec![0.0f64; scored.len()];
        for _ in 0..self.rollouts {
            let world = crate::check::determinize(game, p, &mut self.rng);
            let seeds: Vec<u64> = (0..game.players()).map(|_| self.rng.random()).collect();
            for (k, &(_, i)) in scored.iter().enumerate() {
                let mut g = world.clone();
                if g.apply(p, legal[i].clone()).is_err() {
                    total[k] = f64::MIN;
                    continue;
                }
                let mut bots: Vec<GreedyBot> = seeds.iter().map(|&s| GreedyBot::new(s)).collect();
                let mut steps = 0;
                while steps < self.horizon && !g.is_over() && (g.round(), g.active()) == turn {
                    let Some(&q) = g.pending().first() else { break };
                    let Some(a) = bots[q as usize].choose(&g, q) else {
                        break;
                    };
                    if g.apply(q, a).is_err() {
                        break;
                    }
                    steps += 1;
                }
                total[k] += evaluate(&g, p);
            }
        }
        let best = (0..scored.len())
            .max_by(|&a, &b| total[a].total_cmp(&total[b]).then(b.cmp(&a)))
            .unwrap_or(0);
        Some(legal[scored[best].1].clone())
    }
}

/// Plays `game` to its end (or `max_actions`) with one bot per seat.
/// Returns the number of actions taken; an error names an action the game
/// refused (a bot or rules bug).
pub fn play_out(
    game: &mut Game,
    bots: &mut [Box<dyn Bot>],
    max_actions: usize,
) -> Result<usize, String> {
    let mut n = 0;
    while n < max_actions {
        let Some(&p) = game.pending().first() else {
            break;
        };
        let bot = bots
            .get_mut(p as usize)
            .ok_or_else(|| format!("no bot for seat {p}"))?;
        let a = bot
            .choose(game, p)
            .ok_or_else(|| format!("player {p} is pending with no legal action"))?;
        game.apply(p, a.clone())
            .map_err(|e| format!("action {n} {a:?} by {p} refused: {e}"))?;
        n += 1;
    }
    Ok(n)
}
