//! The search player: information-set Monte Carlo tree search (Cowling,
//! Powley and Whitehouse, *Information Set Monte Carlo Tree Search*, 2012),
//! determinized, for several players.
//!
//! # One decision
//!
//! The player grows one tree of decisions from the position it must decide
//! in. Each iteration:
//!
//! 1. **Determinizes**: [`Game::determinize`] deals again every card its
//!    seat cannot see (others' hands, every deck's order, face-down
//!    contingencies and agendas, Crusade Piles, and the card and target of
//!    a conflict another seat declared face down) and gives the game a fresh
//!    generator, so the iteration plays in one world its seat cannot tell
//!    from the real one. The player reads the real game only through that.
//! 2. **Selects** down the tree in that world: at each decision (of any
//!    player; forced ones, with one legal action, are played without a
//!    node) the edges whose action is legal in this world are *available*;
//!    it takes the one with the best upper confidence bound for the player
//!    deciding there, `mean reward + c·√(ln available / visits)` (the
//!    availability count, not the parent's visits: ISMCTS's subset-armed
//!    bandit), until it meets a legal action not yet tried and widening
//!    allows one more ([`Widening`]: fewer than 2·√n tried where the
//!    tried ones have n visits).
//! 3. **Expands** that action (at the root the one the greedy player scores
//!    best among the untried; deeper, one at random) and applies it.
//! 4. **Plays out** up to `horizon` decisions with random actions (never a
//!    surrender; by default none between two players and 10 at three or
//!    more: [`default_horizon`]), then
//! 5. **Scores** the position for every seat as its share of one win: a
//!    finished game gives its winners 1 (shared) and the others 0;
//!    otherwise each seat gets the greedy player's evaluation of the
//!    position from that seat ([`GreedyBot::evaluate`]: power, influence,
//!    cards, hands, decks, open conflicts' expected outcomes, against its
//!    rivals), and the shares are a softmax of those at temperature
//!    `scale` (they add up to 1, as the chances to win do).
//! 6. **Backs up** the whole vector of rewards along the path: each edge
//!    keeps every seat's total, and a decision is judged by the reward of
//!    the player who makes it (a max^n search).
//!
//! It then plays the root action with the most visits. The two-player
//! draw's keep-or-mulligan steps are left to the greedy player (simulating
//! them would only reshuffle the deck).
//!
//! # Budgets and determinism
//!
//! [`Budget::Iterations`] fixes the work: the same seed, position and
//! budget give the same action on any machine. [`Budget::Millis`] stops at
//! a time instead and so depends on the machine's speed.

use std::time::{Duration, Instant};

use b5_engine::{Action, Game, PlayerId, Step, MAX_PLAYERS};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

use crate::{Bot, GreedyBot, Weights};

/// How long the player thinks about one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many iterations (deterministic).
    Iterations(u32),
    /// Until this many milliseconds have passed (at least one iteration).
    Millis(u32),
}

/// The settings of a [`SearchBot`].
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSettings {
    pub budget: Budget,
    /// Random decisions played after the tree before scoring; `None`: by
    /// the table's size ([`default_horizon`]).
    pub horizon: Option<u32>,
    /// The exploration constant `c` of the upper confidence bound.
    pub exploration: f64,
    /// Trees grown at once, each on its own thread (`rayon`) with its share
    /// of the budget and its own generator, their root statistics added
    /// up (root parallelization). The result depends on this number, never
    /// on how many threads run them.
    pub trees: u32,
    /// The softmax's temperature, in the evaluation's points (10 a point
    /// of power): of two seats, one this many points ahead of the other
    /// gets a share of about 0.73.
    pub scale: f64,
    /// The evaluation's weights (the greedy player's).
    pub weights: Weights,
    /// Progressive widening; `None`: every legal action is tried once
    /// before any is tried twice. The default, 2·√n (a usual choice in the
    /// literature, not screened against others), won 47.5 % of 200
    /// four-player games against three greedy players on `--seed 303`
    /// where the search without it had won 40.5 %, and changed nothing
    /// measurable between two players (README, "How strong it is").
    pub widening: Option<Widening>,
}

/// Progressive widening (Coulom, 2007; Chaslot et al., *Progressive
/// Strategies for Monte-Carlo Tree Search*, 2008): at a decision whose
/// tried actions have been visited `n` times in all, the search tries a new
/// action only while it has tried fewer than `base·n^power` (at least one)
/// of those legal there, and otherwise follows the best bound among them.
/// A step of the Action Round offers up to several hundred actions (every
/// card to sponsor, by every Inner Circle character, on every target); a
/// thousand iterations would otherwise spread one or two visits over each
/// and never look further. At the root the new action is the next best by
/// the greedy player's one-step score (progressive unpruning: the actions
/// it ranks first are tried first); deeper, one at random.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    pub base: f64,
    pub power: f64,
}

impl Widening {
    /// The most actions tried at a decision whose tried actions have `n`
    /// visits in all.
    pub fn limit(&self, n: u32) -> usize {
        let k = (self.base * f64::from(n).powf(self.power)).ceil();
        if k.is_finite() && k >= 1.0 {
            k.min(usize::MAX as f64) as usize
        } else {
            1
        }
    }
}

impl Default for SearchSettings {
    fn default() -> SearchSettings {
        SearchSettings {
            budget: Budget::Iterations(1000),
            horizon: None,
            exploration: 0.7,
            trees: 1,
            scale: 40.0,
            weights: Weights::default(),
            widening: Some(Widening {
                base: 2.0,
                power: 0.5,
            }),
        }
    }
}

/// The random decisions played after the tree when the settings leave it
/// to the table: none between two players, where the two-player figures
/// were measured scoring at once (no other horizon was measured there),
/// and 10 at three or more, where it won more games against three greedy
/// players (README, "How strong it is").
pub fn default_horizon(players: usize) -> u32 {
    if players <= 2 {
        0
    } else {
        10
    }
}

/// One root action as the search saw it: how often it was tried and its
/// mean reward for the deciding player (about its chance to win).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub action: Action,
    pub visits: u32,
    pub value: f64,
}

/// An action tried at a decision, with the rewards seen through it.
#[derive(Clone, Debug)]
struct Edge {
    player: PlayerId,
    action: Action,
    /// The node after it, `NO_NODE` until an iteration goes through it.
    child: u32,
    visits: u32,
    /// Iterations in which this action was legal at this node.
    available: u32,
    reward: [f32; MAX_PLAYERS],
}

const NO_NODE: u32 = u32::MAX;

/// One tree's root edges, its iterations and every seat's summed rewards.
type Grown = (Vec<Edge>, u32, [f64; MAX_PLAYERS]);

/// The tree of one decision: nodes are the decisions after a sequence of
/// actions, edges the actions tried there.
#[derive(Default)]
struct Tree {
    nodes: Vec<Vec<Edge>>,
    /// With widening, the root player's actions in the order they are
    /// tried (the greedy player's scores, best first).
    order: Vec<Action>,
}

/// The information-set Monte Carlo tree search player (module documentation).
pub struct SearchBot {
    rng: Pcg64Mcg,
    settings: SearchSettings,
    eval: GreedyBot,
    /// Iterations run in the last decision (for reports and benchmarks).
    last_iterations: u32,
}

/// One tree's search: its generator and scratch list, the shared settings
/// and evaluation.
struct Worker<'a> {
    rng: Pcg64Mcg,
    legal: Vec<Action>,
    /// Every seat's rewards summed over the iterations.
    total: [f64; MAX_PLAYERS],
    settings: &'a SearchSettings,
    eval: &'a GreedyBot,
}

impl SearchBot {
    /// A search player with the default settings (1,000 iterations).
    pub fn new(seed: u64) -> SearchBot {
        SearchBot::with_settings(seed, SearchSettings::default())
    }

    pub fn with_settings(seed: u64, settings: SearchSettings) -> SearchBot {
        SearchBot {
            rng: Pcg64Mcg::seed_from_u64(seed),
            eval: GreedyBot::with_weights(seed ^ 0x5ea2_c4b0_7000_0001, settings.weights.clone()),
            settings,
            last_iterations: 0,
        }
    }

    pub fn settings(&self) -> &SearchSettings {
        &self.settings
    }

    /// The iterations the last search ran.
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// Searches the position for `player` and returns every root action it
    /// tried, most visited first (ties: the better mean, then the engine's
    /// order). `legal` must be the player's legal actions now.
    pub fn analyse(&mut self, game: &Game, player: PlayerId, legal: &[Action]) -> Vec<Estimate> {
        let grown = self.grow_all(game, player);
        self.merge(&grown, player, legal)
    }

    /// Every seat's estimated chance to win, as the search from `player`'s
    /// seat at its decision now sees it: the mean rewards of all its
    /// iterations (they add up to 1 but for games ending with no winner).
    pub fn chances(&mut self, game: &Game, player: PlayerId) -> Vec<f64> {
        let grown = self.grow_all(game, player);
        let mut total = vec![0.0f64; game.num_players()];
        for (_, _, sums) in &grown {
            for (t, r) in total.iter_mut().zip(sums) {
                *t += r;
            }
        }
        let n = f64::from(self.last_iterations.max(1));
        total.into_iter().map(|t| t / n).collect()
    }

    /// Grows the trees of one decision (root parallelization).
    fn grow_all(&mut self, game: &Game, player: PlayerId) -> Vec<Grown> {
        let trees = self.settings.trees.max(1);
        let seeds: Vec<u64> = (0..trees).map(|_| self.rng.random()).collect();
        let (settings, eval) = (&self.settings, &self.eval);
        let grown: Vec<Grown> = seeds
            .par_iter()
            .enumerate()
            .map(|(t, &seed)| {
                let budget = match settings.budget {
                    // The iterations shared out, the first trees taking the rest.
                    Budget::Iterations(k) => {
                        let k = k.max(trees);
                        Budget::Iterations(k / trees + u32::from((t as u32) < k % trees))
                    }
                    b => b,
                };
                let mut w = Worker {
                    rng: Pcg64Mcg::seed_from_u64(seed),
                    legal: Vec::new(),
                    total: [0.0; MAX_PLAYERS],
                    settings,
                    eval,
                };
                w.grow(game, player, budget)
            })
            .collect();
        self.last_iterations = grown.iter().map(|(_, n, _)| n).sum();
        grown
    }

    /// The trees' root edges for `player`, added up by action, as estimates.
    fn merge(&self, grown: &[Grown], player: PlayerId, legal: &[Action]) -> Vec<Estimate> {
        let mut sums: Vec<(usize, Action, u32, f64)> = Vec::new();
        for e in grown.iter().flat_map(|(root, _, _)| root) {
            if e.player != player {
                continue;
            }
            let Some(i) = legal.iter().position(|a| *a == e.action) else {
                continue;
            };
            match sums.iter_mut().find(|x| x.0 == i) {
                Some(x) => {
                    x.2 += e.visits;
                    x.3 += f64::from(e.reward[player as usize]);
                }
                None => sums.push((i, e.action, e.visits, f64::from(e.reward[player as usize]))),
            }
        }
        let mut out: Vec<(usize, Estimate)> = sums
            .into_iter()
            .map(|(i, action, visits, total)| {
                let value = total / f64::from(visits.max(1));
                (
                    i,
                    Estimate {
                        action,
                        visits,
                        value,
                    },
                )
            })
            .collect();
        out.sort_by(|(i, a), (j, b)| {
            b.visits
                .cmp(&a.visits)
                .then(b.value.total_cmp(&a.value))
                .then(i.cmp(j))
        });
        out.into_iter().map(|(_, e)| e).collect()
    }
}

impl Worker<'_> {
    /// Grows one tree within `budget`; returns its root's edges and the
    /// iterations run.
    fn grow(&mut self, game: &Game, player: PlayerId, budget: Budget) -> Grown {
        let order = match self.settings.widening {
            Some(_) => self.root_order(game, player),
            None => Vec::new(),
        };
        let mut tree = Tree {
            nodes: vec![Vec::new()],
            order,
        };
        let start = Instant::now();
        let mut n = 0u32;
        loop {
            let done = match budget {
                Budget::Iterations(k) => n >= k.max(1),
                Budget::Millis(ms) => {
                    n > 0 && start.elapsed() >= Duration::from_millis(u64::from(ms))
                }
            };
            if done {
                break;
            }
            self.iterate(game, player, &mut tree);
            n += 1;
        }
        (tree.nodes.swap_remove(0), n, self.total)
    }

    /// One iteration: determinize, select, expand, play out, back up.
    fn iterate(&mut self, game: &Game, me: PlayerId, tree: &mut Tree) {
        let mut world = game.determinize(me, &mut self.rng);
        let mut node = 0usize;
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut legal = std::mem::take(&mut self.legal);
        // The root is this seat's decision, even in a step where others
        // answer at the same time.
        let mut root = Some(me);
        loop {
            let next = match root.take() {
                Some(p) => {
                    world.legal_actions_into(p, &mut legal);
                    Some(p).filter(|_| !legal.is_empty())
                }
                None => next_decision(&mut world, &mut legal),
            };
            let Some(p) = next else { break };
            if legal.len() == 1 {
                if world.apply(p, legal[0]).is_err() {
                    break;
                }
                continue;
            }
            // The greedy order is the root player's, for its own decision.
            let order = if node == 0 && p == me {
                &tree.order[..]
            } else {
                &[]
            };
            let edge = self.select_or_expand(&mut tree.nodes[node], p, &legal, order);
            let (action, child, fresh) = {
                let e = &tree.nodes[node][edge];
                (e.action, e.child, e.visits == 0)
            };
            if world.apply(p, action).is_err() {
                break;
            }
            path.push((node, edge));
            if fresh {
                break;
            }
            node = if child == NO_NODE {
                tree.nodes.push(Vec::new());
                let id = tree.nodes.len() - 1;
                tree.nodes[node][edge].child = id as u32;
                id
            } else {
                child as usize
            };
        }
        self.play_out(&mut world, &mut legal);
        self.legal = legal;
        let reward = self.rewards(&world);
        for (t, r) in self.total.iter_mut().zip(reward) {
            *t += f64::from(r);
        }
        for (n, e) in path {
            let edge = &mut tree.nodes[n][e];
            edge.visits += 1;
            for (total, r) in edge.reward.iter_mut().zip(reward) {
                *total += r;
            }
        }
    }

    /// The root player's actions, best first by the greedy player's score
    /// in one world dealt from its seat (ties and rejected actions keep the
    /// engine's order, the rejected last): the order widening tries them.
    fn root_order(&mut self, game: &Game, player: PlayerId) -> Vec<Action> {
        let world = game.determinize(player, &mut self.rng);
        world.legal_actions_into(player, &mut self.legal);
        let scores = self.eval.scores(&world, player, &self.legal);
        let mut ranked: Vec<(f64, Action)> = self
            .legal
            .iter()
            .zip(scores)
            .map(|(a, s)| (s.unwrap_or(f64::NEG_INFINITY), *a))
            .collect();
        ranked.sort_by(|x, y| y.0.total_cmp(&x.0));
        ranked.into_iter().map(|(_, a)| a).collect()
    }

    /// The edge to follow at a decision of `p` with `legal` actions: a new
    /// one for an action not yet tried (while widening allows one more),
    /// or the best bound among those available (counting their
    /// availability). `order`: the actions to try first, best first.
    fn select_or_expand(
        &mut self,
        edges: &mut Vec<Edge>,
        p: PlayerId,
        legal: &[Action],
        order: &[Action],
    ) -> usize {
        // A surrender only when nothing else is legal.
        let no_surrender = legal.iter().any(|a| !is_surrender(a));
        let considered = |a: &Action| !(no_surrender && is_surrender(a));
        let mut untried: Vec<Action> = Vec::new();
        let (mut tried, mut visits) = (0usize, 0u32);
        for a in legal.iter().filter(|a| considered(a)) {
            match edges.iter_mut().find(|e| e.player == p && e.action == *a) {
                Some(e) => {
                    e.available += 1;
                    tried += 1;
                    visits = visits.saturating_add(e.visits);
                }
                None => untried.push(*a),
            }
        }
        let room = match self.settings.widening {
            Some(w) => tried < w.limit(visits),
            None => true,
        };
        if !untried.is_empty() && room {
            let action = order
                .iter()
                .find(|a| untried.contains(a))
                .copied()
                .unwrap_or_else(|| untried[self.rng.random_range(0..untried.len())]);
            edges.push(Edge {
                player: p,
                action,
                child: NO_NODE,
                visits: 0,
                available: 1,
                reward: [0.0; MAX_PLAYERS],
            });
            return edges.len() - 1;
        }
        let c = self.settings.exploration;
        let mut best = (f64::NEG_INFINITY, usize::MAX);
        for (i, e) in edges.iter().enumerate() {
            if e.player != p || !considered(&e.action) || !legal.contains(&e.action) {
                continue;
            }
            let n = f64::from(e.visits.max(1));
            let mean = f64::from(e.reward[p as usize]) / n;
            let bound = mean + c * (f64::from(e.available.max(1)).ln() / n).sqrt();
            if bound > best.0 {
                best = (bound, i);
            }
        }
        // Every considered legal action has an edge here: `best` is one.
        best.1
    }

    /// Random decisions (never a surrender) up to the horizon.
    fn play_out(&mut self, world: &mut Game, legal: &mut Vec<Action>) {
        let horizon = self
            .settings
            .horizon
            .unwrap_or_else(|| default_horizon(world.num_players()));
        for _ in 0..horizon {
            let Some(p) = next_decision(world, legal) else {
                return;
            };
            let n = legal
                .iter()
                .position(is_surrender)
                .unwrap_or(legal.len())
                .max(1);
            let a = legal[self.rng.random_range(0..n)];
            if world.apply(p, a).is_err() {
                return;
            }
        }
    }

    /// Every seat's reward in 0 to 1 (module documentation, step 5).
    fn rewards(&self, world: &Game) -> [f32; MAX_PLAYERS] {
        let mut r = [0.0f32; MAX_PLAYERS];
        let n = world.num_players();
        if world.is_over() {
            let winners = world.winners();
            for &w in &winners {
                r[w as usize] = 1.0 / winners.len() as f32;
            }
            return r;
        }
        // Shares of one win: a softmax of the seats' evaluations.
        let v: Vec<f64> = (0..n)
            .map(|q| self.eval.evaluate(world, q as PlayerId) / self.settings.scale)
            .collect();
        let top = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let total: f64 = v.iter().map(|x| (x - top).exp()).sum();
        for (slot, x) in r.iter_mut().zip(&v) {
            *slot = ((x - top).exp() / total) as f32;
        }
        r
    }
}

/// Every seat's estimated chance to win, as a search of `iterations` from
/// the seat that decides next sees it (the game is run to that decision
/// first): what `b5 analyze --estimates` and the online table's chart of a
/// finished game show after each turn. All zeros once the game is over.
pub fn chances_at(game: &Game, seed: u64, iterations: u32) -> Vec<f64> {
    let mut world = game.clone();
    let mut legal = Vec::new();
    let Some(p) = next_decision(&mut world, &mut legal) else {
        return vec![0.0; game.num_players()];
    };
    let settings = SearchSettings {
        budget: Budget::Iterations(iterations),
        ..SearchSettings::default()
    };
    SearchBot::with_settings(seed, settings).chances(&world, p)
}

/// Runs the game to its next decision and returns who makes it, with the
/// legal actions in `legal`; `None` when the game is over or stands still.
fn next_decision(world: &mut Game, legal: &mut Vec<Action>) -> Option<PlayerId> {
    // Bounded: each round entry is left by `proceed`.
    for _ in 0..16 {
        if world.is_over() {
            return None;
        }
        if world.at_round_entry().is_some() {
            world.proceed();
            continue;
        }
        let p = *world.pending().first()?;
        world.legal_actions_into(p, legal);
        return if legal.is_empty() { None } else { Some(p) };
    }
    None
}

fn is_surrender(a: &Action) -> bool {
    matches!(a, Action::Surrender { .. })
}

impl Bot for SearchBot {
    fn name(&self) -> &str {
        "search"
    }

    fn choose(&mut self, game: &Game, player: PlayerId, legal: &[Action]) -> Action {
        match legal.len() {
            0 => return Action::Pass,
            1 => return legal[0],
            _ => {}
        }
        if matches!(game.step(), Step::Keep { .. }) {
            return self.eval.choose(game, player, legal);
        }
        self.analyse(game, player, legal)
            .first()
            .map(|e| e.action)
            .unwrap_or(legal[0])
    }
}
