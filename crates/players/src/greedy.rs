//! The greedy player: one step of lookahead with a heuristic evaluation.
//!
//! For each legal action the bot clones the game, applies the action (the
//! engine then runs forward on its own: revealing conflicts, resolving
//! them, drawing, even ending the turn, until someone has a choice) and
//! scores the resulting position from its own point of view. It takes the
//! best score; ties are broken by its seeded generator. An action the
//! engine rejects (which would be an engine bug) is skipped. A single legal
//! action is returned without simulating, and the two-player draw
//! (keep/mulligan) is decided by a fixed preference instead (simulating it
//! would reshuffle the deck). A choice costs one clone, one `apply` and one
//! evaluation (some microseconds) per legal action.
//!
//! # What the evaluation may read
//!
//! Only what the acting player may know: every player's power, Influence
//! Rating, hand and deck *sizes*, the cards face up on every table (with
//! their current abilities, damage and rotation), revealed conflicts and its
//! own face-down ones, its own hand, hidden agenda and face-down
//! contingencies. It never reads the identity of a card in another hand, in
//! a deck, or in another player's face-down conflict, contingency or hidden
//! agenda. Its own hand cards are valued as they were when it chose; cards
//! the simulated forward run puts in its hand count as unknown cards, and
//! conflicts that were face down to it when it chose are left out of the
//! score even if the simulation revealed them, so the lookahead cannot peek
//! through the engine's hidden state. (A test checks that the scores do
//! not change when hidden cards exchange identities.)
//!
//! # The score
//!
//! All terms are in "points" where one point of power is worth
//! [`Weights::power`] (10 by default). A won game is +`victory`, a lost one
//! (or the bot eliminated) −`victory`. Otherwise a *public value* is
//! computed for each player still in the game and added with coefficient
//! +1 for the bot and −o for each opponent (o = 1 against one opponent;
//! against several, half spread evenly and half on the opponent leading in
//! power):
//!
//! - **power** × `power` (Influence Rating + raw power + power bonuses);
//! - **Influence Rating** × `influence` on top of its power: every point of
//!   it is also influence to spend each turn;
//! - **cards on the table** (Inner Circle and supporting row): `card_base`,
//!   `ability` per point of lasting ability (printed, plus enhancements and
//!   aftermaths on it, less damage and severe damage; 0 when neutralized),
//!   `best_ability` for the highest, `cost` per printed cost point,
//!   `card_text` per printed action, lasting effect and trigger, and
//!   `inner_circle` for each Inner Circle character besides the ambassador
//!   (one more card that can rotate to sponsor each turn). Opponents' tables
//!   count with factor `opponent_table`. Bonuses that end with the turn
//!   (leading, assisting, events) are left out here: they count in
//!   conflicts, below.
//!
//! Then the bot's own, private terms:
//!
//! - **hand**: each known card at its value (a card it can sponsor or play
//!   `hand_card`; a loyal conflict `hand_dead` + `hand_conflict` × what
//!   winning it would be worth now against its best target, so a conflict
//!   that would do nothing, such as taking influence from a player at 3, is
//!   dead weight; cards of another race it cannot use `hand_dead`), unknown
//!   cards at `hand_card`, best first, the first `hand_soft_limit` counting
//!   fully, the next four a third, the rest nothing. The Draw Round's free
//!   card counts as drawn from the start of the turn, so running the game
//!   past the draw or not changes nothing;
//! - **deck**: `deck_card` per card; `deck_short` per card under
//!   `deck_reserve`; `deck_out` for an empty deck (an empty deck at a free
//!   draw costs an Inner Circle character, or the game: then a quarter of
//!   `victory`); and the **deck race**: the player whose deck runs out first
//!   is eliminated, so `deck_race` per card of lead over the shortest other
//!   deck (at most `deck_lead` cards), scaled up as decks fall under
//!   `deck_horizon`;
//! - **influence left this turn**: until the bot has answered the buy step
//!   of the turn it chose in, its available influence counts as the best
//!   number of cards it could buy with it (3 each, at the value of an
//!   unknown card, against the deck they use). Influence is restored at the
//!   next Ready Round, so buying is all that left-over influence turns into,
//!   and spending it on the table must beat that;
//! - its hidden agenda (half its power bonus) and face-down contingencies
//!   (`contingency` each);
//! - `ready` for each of its cards that is (or, at a later turn, will be)
//!   ready: rotating a card for nothing costs a little, so it passes when
//!   nothing helps; in the Ready Round a card chosen to be sustained counts
//!   as rotated;
//! - ±`near_victory` when one player alone has 20 power or more (a win at
//!   this turn's victory check).
//!
//! And, while the position is in the turn the bot chose in, **every open
//! conflict it may know**: the expected value P(won)·V(won) + (1−P)·V(lost)
//! of its outcome (its "won" and "lost" effects, the "won/lost by N" ones
//! weighted by how likely the margin reaches N, and its resolution effects;
//! a war conflict moves one influence or conquers a location), with the
//! same coefficients as above: gaining or losing influence or power,
//! drawing, discarding at random, damaging, neutralizing or discarding a
//! card. P comes from the committed support S and opposition O (current
//! abilities; per side in a conflict with several sides) and the potential
//! of the ready characters and fleets each side could still commit in the
//! Action Round (the initiator's for support; the targeted players', or the
//! strongest other player's, for opposition):
//! P = sigmoid(((S − O) + `commit`·(pot_S − pot_O) − ½) / `spread`),
//! clamped near 1 for a sure win (S > O + pot_O) and near 0 for a sure loss
//! (S + pot_S ≤ O), and exactly 1 or 0 once nobody can join any more.
//! Committing a card moves it from potential (weight `commit` < 1) to
//! committed (weight 1), so the bot supports its own conflicts and opposes
//! those that hurt it when that changes the likely outcome, declares a
//! conflict when its expected value beats keeping the card, and does not
//! over-commit to a sure thing. Its own face-down conflict's initiation cost
//! counts as spent.
//!
//! With one step of lookahead, "sponsor a good card", "build influence",
//! "support", "oppose", "declare", "buy", "discard" and "pass" are all
//! compared on this one scale. The weights were first set by hand (on a
//! synthetic pool and on the Open Set decks, against the random player),
//! then tuned by self-play: `b5 tune --steps 200 --games 48 --check 1000
//! --seed 1` (SPSA over the Open Set decks at two players, power and
//! victory held fixed). The tuned player won 761 of 1,000 games against
//! the hand-set one (76.1 %, 95 % interval 73.4–78.6 %); the values below
//! are its output rounded to three decimals.

use b5_engine::{
    Ability, Action, CardDef, CardId, CardSel, CardType, ConflictId, DefId, Effect, Game, Op,
    Outcome, PlayerId, Role, Round, Step, Target, Who, Zone, BUY_PRICE, MAX_PLAYERS,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::Bot;

/// The evaluation's weights (see the module documentation). As a file
/// (TOML, `b5 tune`'s output), every field is optional (the default's
/// value) and an unknown one is an error.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weights {
    /// One point of power (the unit of the scale).
    pub power: f64,
    /// One point of Influence Rating, on top of its power.
    pub influence: f64,
    /// A won game (a lost one is the negative).
    pub victory: f64,
    /// One player alone at 20 power or more.
    pub near_victory: f64,
    /// A card on the table: base value.
    pub card_base: f64,
    /// A card on the table: per point of lasting ability.
    pub ability: f64,
    /// A card on the table: per point of its highest lasting ability.
    pub best_ability: f64,
    /// A card on the table: per point of printed cost.
    pub cost: f64,
    /// A card on the table: per printed action, lasting effect or trigger.
    pub card_text: f64,
    /// An Inner Circle character besides the ambassador.
    pub inner_circle: f64,
    /// Factor for opponents' tables.
    pub opponent_table: f64,
    /// A playable or unknown card in hand.
    pub hand_card: f64,
    /// A conflict in hand: this fraction of what winning it is worth now.
    pub hand_conflict: f64,
    /// A card in hand the bot cannot use.
    pub hand_dead: f64,
    /// Hand cards counted fully (the next four count a third).
    pub hand_soft_limit: usize,
    /// Factor for effects that make opponents draw or discard.
    pub opponent_hand: f64,
    /// Deck size under which each missing card costs `deck_short`.
    pub deck_reserve: usize,
    /// A card in the deck.
    pub deck_card: f64,
    /// Per card of deck lead over the shortest other deck, at full urgency.
    pub deck_race: f64,
    /// Deck size under which the deck race starts to matter.
    pub deck_horizon: f64,
    /// The deck lead (or deficit) counted at most.
    pub deck_lead: f64,
    /// Per deck card under `deck_reserve`.
    pub deck_short: f64,
    /// An empty deck with an Inner Circle character to discard instead.
    pub deck_out: f64,
    /// One of the bot's face-down contingencies in play.
    pub contingency: f64,
    /// A point of influence restored or added this turn by an effect.
    pub unspent: f64,
    /// A ready card of the bot's.
    pub ready: f64,
    /// Weight of the ability still uncommitted, against committed (1).
    pub commit: f64,
    /// Scale of the conflict margin in the win probability's sigmoid.
    pub spread: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            power: 10.0,
            influence: 3.188,
            victory: 1.0e6,
            near_victory: 25.347,
            card_base: 1.025,
            ability: 2.335,
            best_ability: 1.151,
            cost: 0.215,
            card_text: 1.504,
            inner_circle: 5.696,
            opponent_table: 0.464,
            hand_card: 6.068,
            hand_conflict: 0.276,
            hand_dead: 0.337,
            hand_soft_limit: 5,
            opponent_hand: 0.303,
            deck_reserve: 10,
            deck_card: 0.602,
            deck_race: 3.289,
            deck_horizon: 24.096,
            deck_lead: 7.449,
            deck_short: 2.776,
            deck_out: 143.386,
            contingency: 3.16,
            unspent: 0.856,
            ready: 0.166,
            commit: 0.537,
            spread: 2.592,
        }
    }
}

/// One-step lookahead with a heuristic evaluation (module documentation).
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: Pcg64Mcg,
    weights: Weights,
    scratch: Vec<usize>,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot::with_weights(seed, Weights::default())
    }

    pub fn with_weights(seed: u64, weights: Weights) -> GreedyBot {
        GreedyBot {
            rng: Pcg64Mcg::seed_from_u64(seed),
            weights,
            scratch: Vec::new(),
        }
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The score of every legal action (in `legal` order; `None` for one the
    /// engine rejected), for inspection and tests.
    pub fn scores(&self, game: &Game, player: PlayerId, legal: &[Action]) -> Vec<Option<f64>> {
        let origin = Origin::new(game, player, &self.weights);
        legal
            .iter()
            .map(|a| {
                let mut g = game.clone();
                g.apply(player, *a)
                    .ok()
                    .map(|_| evaluate(&g, player, &self.weights, &origin))
            })
            .collect()
    }

    /// The score of the position as it stands, from `player`'s side.
    pub fn evaluate(&self, game: &Game, player: PlayerId) -> f64 {
        evaluate(
            game,
            player,
            &self.weights,
            &Origin::new(game, player, &self.weights),
        )
    }

    /// The two-player draw: keep the most useful cards, never mulligan.
    fn choose_keep(&mut self, game: &Game, player: PlayerId, legal: &[Action]) -> Action {
        let db = game.db();
        let hand = game.player(player).hand;
        let have_conflict = game.iter_pile(hand).any(|c| {
            game.card(c).has(b5_engine::flag::KEPT)
                && db.get(game.card(c).def).card_type == CardType::Conflict
        });
        let mut best: Option<(f64, Action)> = None;
        for &a in legal {
            if let Action::Keep { card } = a {
                let d = db.get(game.card(card).def);
                let s = keep_preference(d, have_conflict);
                if best.is_none_or(|(b, _)| s > b) {
                    best = Some((s, a));
                }
            }
        }
        match best {
            Some((_, a)) => a,
            None => legal
                .iter()
                .copied()
                .find(|a| *a == Action::Pass)
                .unwrap_or(legal[0]),
        }
    }
}

/// How much a card is wanted in the starting hand of the two-player draw.
fn keep_preference(d: &CardDef, have_conflict: bool) -> f64 {
    let cost = d.cost.unwrap_or(0) as f64;
    let abil: f64 = d.abilities.iter().map(|&x| x as f64).sum();
    match d.card_type {
        CardType::Conflict => {
            if have_conflict {
                2.0
            } else {
                6.0
            }
        }
        CardType::Character | CardType::Fleet | CardType::Group | CardType::Location => {
            4.0 + 0.4 * abil - 0.5 * cost
        }
        CardType::Agenda => 3.0 + d.power_bonus as f64,
        CardType::Event | CardType::Enhancement => 2.5,
        _ => 1.5,
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, game: &Game, player: PlayerId, legal: &[Action]) -> Action {
        match legal.len() {
            0 => return Action::Pass,
            1 => return legal[0],
            _ => {}
        }
        if matches!(game.step(), Step::Keep { .. }) {
            return self.choose_keep(game, player, legal);
        }
        if legal.contains(&Action::KeepChaos) {
            return choose_chaos(game, legal);
        }
        let origin = Origin::new(game, player, &self.weights);
        let mut best = f64::NEG_INFINITY;
        self.scratch.clear();
        for (i, a) in legal.iter().enumerate() {
            if declined(game, player, a) {
                continue;
            }
            let mut g = game.clone();
            if g.apply(player, *a).is_err() {
                continue;
            }
            finish_vote(&mut g);
            finish_choice(&mut g);
            let s = evaluate(&g, player, &self.weights, &origin);
            if s > best + 1e-9 {
                best = s;
                self.scratch.clear();
                self.scratch.push(i);
            } else if (s - best).abs() <= 1e-9 {
                self.scratch.push(i);
            }
        }
        match self.scratch.len() {
            0 => legal[0],
            1 => legal[self.scratch[0]],
            n => legal[self.scratch[self.rng.random_range(0..n)]],
        }
    }
}

/// In a vote, a one-step look sees nothing until the last vote: the bot
/// judges a call or a vote by the outcome if everyone still to vote
/// abstained (each answering with the engine's default). A vote always
/// ends, so this stops; the bound is a safeguard.
fn finish_vote(g: &mut Game) {
    for _ in 0..64 {
        if g.vote().is_none() {
            return;
        }
        let Some(&p) = g.pending().first() else {
            return;
        };
        let Some(a) = g.default_action(p) else {
            return;
        };
        if g.apply(p, a).is_err() {
            return;
        }
    }
}

/// A choice in the middle of an effect (a search, cards, a mode) is judged
/// one card or one mode at a time when it is the bot's own; an action that
/// starts one is judged by the engine's defaults (the first card a search
/// offers, no optional card, the first mode that can happen). A choice
/// always ends (each step takes a card or stops); the bound is a safeguard.
fn finish_choice(g: &mut Game) {
    for _ in 0..64 {
        if g.choice().is_none() {
            return;
        }
        let Some(&p) = g.pending().first() else {
            return;
        };
        let Some(a) = g.default_action(p) else {
            return;
        };
        if g.apply(p, a).is_err() {
            return;
        }
    }
}

/// Actions the greedy player leaves alone whatever a one-step look says:
/// healing a card another player controls (it once healed an enemy's card
/// in a war), and hiring a mercenary another player has hired (two bots
/// bid one mercenary back and forth all turn).
fn declined(game: &Game, me: PlayerId, a: &Action) -> bool {
    match *a {
        Action::Heal { card, .. } => game.card(card).controller != me,
        Action::Hire { card } => {
            let c = game.card(card);
            c.controller != c.faction
        }
        // Unconditional Surrender only ends the bot's own game (the score
        // of an eliminated player is the lowest there is).
        Action::Surrender { .. } => true,
        _ => false,
    }
}

/// Drakh Rule 7, moving Chaos Tokens: gather them all on a Drakh card
/// whose own action spends them (from a card with no such action);
/// otherwise leave them where they are (the total, which Drakh agendas
/// count, does not change by moving).
fn choose_chaos(game: &Game, legal: &[Action]) -> Action {
    let spends = |c: b5_engine::CardId| {
        game.db().get(game.card(c).def).actions.iter().any(|a| {
            a.effects
                .iter()
                .any(|e| matches!(e.op, b5_engine::Op::Chaos { n, .. } if n < 0))
        })
    };
    legal
        .iter()
        .copied()
        .filter(|a| matches!(*a, Action::MoveChaos { from, to, .. } if spends(to) && !spends(from)))
        .max_by_key(|a| match *a {
            Action::MoveChaos { count, .. } => count,
            _ => 0,
        })
        .unwrap_or(Action::KeepChaos)
}

/// What the bot knew when it chose: the turn, and which conflicts were face
/// down to it (left out of the score even if the simulation revealed them).
struct Origin {
    turn: u32,
    hidden_conflicts: u64,
    /// The bot's hand then, sorted by id, with each card's value: cards it
    /// knows. Cards that reach its hand in the simulation count as unknown.
    hand: Vec<(CardId, f64)>,
}

impl Origin {
    fn new(game: &Game, me: PlayerId, w: &Weights) -> Origin {
        let mut hidden = 0u64;
        for (i, k) in game.conflicts().iter().enumerate().take(64) {
            if !k.revealed && k.initiator != me {
                hidden |= 1 << i;
            }
        }
        let mut origin = Origin {
            turn: game.turn(),
            hidden_conflicts: hidden,
            hand: Vec::new(),
        };
        // The known hand cards' values, from the position the bot chose in
        // (computed once per choice, not once per action).
        let mut hand: Vec<(CardId, f64)> = {
            let e = Eval::new(game, me, w, &origin);
            game.iter_pile(game.player(me).hand)
                .map(|c| (c, e.hand_card_value(c)))
                .collect()
        };
        hand.sort_unstable_by_key(|x| x.0);
        origin.hand = hand;
        origin
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The evaluation of one position for one player.
struct Eval<'a> {
    g: &'a Game,
    me: PlayerId,
    w: &'a Weights,
    /// +1 for the bot, −o for opponents, 0 for eliminated players.
    coef: [f64; MAX_PLAYERS],
    /// Face-up cards attached to cards: (host, definition).
    attached: Vec<(CardId, DefId)>,
    /// The bot's own face-down contingencies in play.
    contingencies: usize,
    origin: &'a Origin,
    /// Still in the turn the bot chose in (and not over).
    same_turn: bool,
}

/// Whether an "all abilities" bonus reaches ability `a` (the engine's rule:
/// never Psi from 0; characters always have Diplomacy, Intrigue and
/// Leadership, fleets and locations Military).
fn all_reaches(d: &CardDef, a: Ability, printed: i32) -> bool {
    if printed > 0 {
        return true;
    }
    match a {
        Ability::Psi => false,
        Ability::Diplomacy | Ability::Intrigue | Ability::Leadership => {
            d.card_type == CardType::Character
        }
        Ability::Military => matches!(d.card_type, CardType::Fleet | CardType::Location),
    }
}

fn evaluate(g: &Game, me: PlayerId, w: &Weights, origin: &Origin) -> f64 {
    let n = g.num_players();
    if g.player(me).eliminated {
        return -w.victory;
    }
    let winners = g.winners();
    if !winners.is_empty() {
        return if winners.contains(&me) {
            w.victory / winners.len() as f64
        } else {
            -w.victory
        };
    }
    let e = Eval::new(g, me, w, origin);
    let mut score = 0.0;
    for q in 0..n as PlayerId {
        if e.coef[q as usize] != 0.0 {
            score += e.coef[q as usize] * e.position_value(q);
        }
    }
    score += e.near_victory();
    score += e.readiness();
    if e.same_turn {
        score += e.conflicts();
    }
    score
}

impl<'a> Eval<'a> {
    fn new(g: &'a Game, me: PlayerId, w: &'a Weights, origin: &'a Origin) -> Eval<'a> {
        let n = g.num_players();
        // Opponent coefficients: one opponent counts fully; several share
        // half evenly and the power leader among them takes the other half.
        let mut coef = [0.0; MAX_PLAYERS];
        let opps: Vec<PlayerId> = (0..n as PlayerId)
            .filter(|&q| q != me && !g.player(q).eliminated)
            .collect();
        coef[me as usize] = 1.0;
        if let Some(&lead) = opps
            .iter()
            .max_by_key(|&&q| (g.power(q), std::cmp::Reverse(q)))
        {
            let k = opps.len() as f64;
            for &q in &opps {
                coef[q as usize] = if opps.len() == 1 {
                    -1.0
                } else {
                    -(0.5 / k + if q == lead { 0.5 } else { 0.0 })
                };
            }
        }
        // One pass over the cards: face-up attachments, and the bot's own
        // face-down contingencies.
        let mut attached = Vec::new();
        let mut contingencies = 0;
        for i in 0..g.card_count() {
            let ci = g.card(CardId(i as u16));
            if ci.zone == Zone::Attached {
                if !ci.face_down() {
                    if ci.host.some().is_some() {
                        attached.push((ci.host, ci.def));
                    }
                } else if ci.controller == me {
                    contingencies += 1;
                }
            }
        }
        Eval {
            g,
            me,
            w,
            coef,
            attached,
            contingencies,
            origin,
            same_turn: !g.is_over() && g.turn() == origin.turn,
        }
    }
}

impl Eval<'_> {
    fn position_value(&self, q: PlayerId) -> f64 {
        let g = self.g;
        let w = self.w;
        let pl = g.player(q);
        let mine = q == self.me;
        let mut v = w.power * g.power(q) as f64 + w.influence * pl.influence as f64;
        let mut table = 0.0;
        for c in g
            .iter_pile(pl.inner_circle)
            .chain(g.iter_pile(pl.supporting))
        {
            table += self.card_value(c);
        }
        v += if mine {
            table
        } else {
            table * w.opponent_table
        };
        if mine {
            // Opponents' hand sizes are left out: they grow by themselves
            // (free draws) whatever the bot does; effects that make them
            // draw or discard are valued where they happen.
            v += self.hand_and_deck();
            // The bot's own hidden agenda and face-down contingencies.
            if let Some(a) = pl.agenda.some() {
                let ai = g.card(a);
                if ai.face_down() {
                    v += 0.5 * w.power * g.db().get(ai.def).power_bonus.max(0) as f64;
                }
            }
            v += w.contingency * self.contingencies as f64;
        }
        v
    }

    /// The bot's hand and deck, with what its unspent influence can still
    /// buy this turn.
    ///
    /// The Draw Round's free card is counted as drawn from the start of the
    /// turn (an unknown card), so whether an action runs the game past the
    /// draw or not changes nothing. Until the bot has answered the buy step
    /// of the turn it chose in, the influence it has available is counted
    /// as the best number of cards it could buy with it (at the value of an
    /// unknown card, against the deck they use): influence is restored at
    /// the next Ready Round, so buying is the only thing left-over
    /// influence converts into, and spending it on the table must beat that.
    fn hand_and_deck(&self) -> f64 {
        let g = self.g;
        let w = self.w;
        let pl = g.player(self.me);
        let draw_ahead = !matches!(
            g.step(),
            Step::Buy { .. } | Step::EmptyDeck { .. } | Step::Over
        );
        let ahead = usize::from(draw_ahead && !pl.deck.is_empty());
        let mut vals: Vec<f64> = g
            .iter_pile(pl.hand)
            .map(
                |c| match self.origin.hand.binary_search_by_key(&c, |x| x.0) {
                    Ok(i) => self.origin.hand[i].1,
                    Err(_) => w.hand_card,
                },
            )
            .collect();
        vals.extend(std::iter::repeat_n(w.hand_card, ahead));
        vals.sort_by(|a, b| b.total_cmp(a));
        let deck = pl.deck.len() - ahead;
        let answered_buy = matches!(g.step(), Step::Buy { .. }) && !g.is_pending(self.me);
        let buys = if self.same_turn && !answered_buy {
            let available = if g.round() == Some(Round::Ready) {
                // Influence is restored at the end of the Ready Round.
                pl.influence + pl.extra
            } else {
                pl.unspent() + pl.extra
            };
            ((available.max(0) / BUY_PRICE) as usize).min(deck)
        } else {
            0
        };
        // The deck race: when decks run low, the player whose deck runs
        // out first is eliminated, so cards in the deck are worth more
        // while it is not longer than the shortest other deck.
        let n = g.num_players() as PlayerId;
        let other = (0..n)
            .filter(|&q| q != self.me && !g.player(q).eliminated)
            .map(|q| g.player(q).deck.len())
            .min();
        let mut best = f64::NEG_INFINITY;
        for k in 0..=buys {
            let d = deck - k;
            let mut v = self.hand_value(&vals, k) + self.deck_value(d, draw_ahead && ahead == 0);
            if let Some(o) = other {
                let urgency = (1.0 - d.min(o) as f64 / w.deck_horizon).max(0.0);
                let lead = (d as f64 - o as f64).clamp(-w.deck_lead, w.deck_lead);
                v += w.deck_race * urgency * lead;
            }
            best = best.max(v);
        }
        best
    }

    /// Sorted hand card values plus `extra` unknown cards, with diminishing
    /// returns: the first `hand_soft_limit` count fully, the next four a
    /// third, the rest nothing.
    fn hand_value(&self, sorted: &[f64], extra: usize) -> f64 {
        let w = self.w;
        let soft = w.hand_soft_limit;
        let mut v = 0.0;
        let mut pos = 0usize;
        let mut add = |x: f64| {
            let f = if pos < soft {
                1.0
            } else if pos < soft + 4 {
                1.0 / 3.0
            } else {
                0.0
            };
            v += f * x;
            pos += 1;
        };
        // Merge the unknown cards in at their (average) value.
        let mut pending = extra;
        for &x in sorted {
            while pending > 0 && w.hand_card >= x {
                add(w.hand_card);
                pending -= 1;
            }
            add(x);
        }
        for _ in 0..pending {
            add(w.hand_card);
        }
        v
    }

    /// A card in the bot's own hand, known to it.
    fn hand_card_value(&self, c: CardId) -> f64 {
        let g = self.g;
        let w = self.w;
        let d = g.db().get(g.card(c).def);
        let race = g.player(self.me).race;
        let loyal = d.race == b5_engine::Race::Neutral || d.race == race;
        match d.card_type {
            CardType::Conflict if loyal => w.hand_dead + w.hand_conflict * self.conflict_worth(d),
            CardType::Character if loyal => w.hand_card,
            // A character of another race costs double.
            CardType::Character => w.hand_card / 2.0,
            CardType::Fleet | CardType::Group | CardType::Location | CardType::Agenda if loyal => {
                w.hand_card
            }
            CardType::Event | CardType::Enhancement => w.hand_card * 0.8,
            CardType::Aftermath | CardType::Contingency if loyal => w.hand_card * 0.6,
            _ => w.hand_dead,
        }
    }

    /// What winning a conflict card in hand would be worth now against its
    /// best player target (its "won" and "won by N" effects, the latter at
    /// half weight; card effects valued against no card): 0 for a conflict
    /// that would do nothing, such as taking influence from players at 3.
    fn conflict_worth(&self, d: &CardDef) -> f64 {
        let g = self.g;
        let n = g.num_players() as PlayerId;
        let mut targets: Vec<Target> = match d.target {
            b5_engine::TargetKind::Player => (0..n)
                .filter(|&q| q != self.me && !g.player(q).eliminated)
                .map(Target::Player)
                .collect(),
            _ => Vec::new(),
        };
        if targets.is_empty() {
            targets.push(Target::None);
        }
        targets
            .into_iter()
            .map(|t| {
                let ctx = Ctx {
                    controller: self.me,
                    target: t,
                    conflict: None,
                };
                let by: f64 = d
                    .won_by
                    .iter()
                    .map(|(_, e)| self.effects_value(e, &ctx))
                    .sum();
                self.effects_value(&d.won, &ctx) + 0.5 * by
            })
            .fold(0.0, f64::max)
    }

    /// The deck: `deck_card` a card, `deck_short` for each card under
    /// `deck_reserve`, `deck_out` when empty (an empty deck at a free draw
    /// costs an Inner Circle character, or the game when there is none: then
    /// a quarter of `victory`). `failing`: the coming free draw finds it
    /// empty already.
    fn deck_value(&self, deck: usize, failing: bool) -> f64 {
        let g = self.g;
        let w = self.w;
        let pl = g.player(self.me);
        let mut v = w.deck_card * deck as f64;
        if deck < w.deck_reserve {
            v -= (w.deck_reserve - deck) as f64 * w.deck_short;
        }
        if deck == 0 {
            let spare = g.iter_pile(pl.inner_circle).any(|c| {
                !g.is_ambassador(c) && g.db().get(g.card(c).def).card_type == CardType::Character
            });
            v -= if spare { w.deck_out } else { 0.25 * w.victory };
            if failing {
                v -= w.deck_short;
            }
        }
        v
    }

    /// A face-up card on a table (for its own faction).
    fn card_value(&self, c: CardId) -> f64 {
        let g = self.g;
        let w = self.w;
        let ci = g.card(c);
        let d = g.db().get(ci.def);
        let mut sum = 0.0;
        let mut best = 0.0f64;
        if !ci.neutralized() {
            let lasting = self.lasting_abilities(c, d);
            let wear = ci.damage as i32 + ci.severe as i32;
            for x in lasting {
                let v = (x - wear).max(0) as f64;
                sum += v;
                best = best.max(v);
            }
        }
        let mut v = w.card_base
            + w.ability * sum
            + w.best_ability * best
            + w.cost * d.cost.unwrap_or(0) as f64
            + w.card_text * (d.actions.len() + d.passives.len() + d.triggers.len()) as f64;
        if ci.zone == Zone::InnerCircle && d.card_type == CardType::Character && !g.is_ambassador(c)
        {
            v += w.inner_circle;
        }
        v
    }

    /// A card's abilities as they last beyond this turn: printed, plus
    /// face-up enhancements and aftermaths on it (damage and neutralization
    /// are applied by the caller). Leading, assisting and effects until the
    /// end of the turn count only in conflicts, through [`Eval::potential`]
    /// and the totals.
    fn lasting_abilities(&self, c: CardId, d: &CardDef) -> [i32; 5] {
        let mut v = d.abilities.map(|x| x as i32);
        for &(host, def) in &self.attached {
            if host == c {
                let b = &self.g.db().get(def).bonus;
                for a in Ability::ALL {
                    let printed = d.abilities[a.idx()] as i32;
                    v[a.idx()] += b.values[a.idx()] as i32;
                    if b.all != 0 && all_reaches(d, a, printed) {
                        v[a.idx()] += b.all as i32;
                    }
                }
            }
        }
        v
    }

    /// ± `near_victory` for a single leader at 20 power or more.
    fn near_victory(&self) -> f64 {
        let g = self.g;
        let all: Vec<(PlayerId, i32)> = (0..g.num_players() as PlayerId)
            .filter(|&q| q == self.me || self.coef[q as usize] != 0.0)
            .map(|q| (q, g.power(q)))
            .collect();
        let top = all.iter().map(|x| x.1).max().unwrap_or(0);
        let leaders: Vec<PlayerId> = all.iter().filter(|x| x.1 == top).map(|x| x.0).collect();
        if top < b5_engine::VICTORY_POWER || leaders.len() != 1 {
            return 0.0;
        }
        if leaders[0] == self.me {
            self.w.near_victory
        } else {
            -self.w.near_victory
        }
    }

    /// Terms that matter for the rest of the current turn only.
    /// The open conflicts the bot may know of (see [`Eval::conflict_value`]).
    fn conflicts(&self) -> f64 {
        let g = self.g;
        let me = self.me;
        let origin = self.origin;
        let mut v = 0.0;
        let round = g.round();
        let open = matches!(round, Some(Round::Conflict) | Some(Round::Action));
        for (i, k) in g.conflicts().iter().enumerate() {
            if i < 64 && origin.hidden_conflicts & (1 << i) != 0 {
                continue;
            }
            if (!k.revealed && k.initiator != me) || k.resolved || k.outcome != Outcome::Pending {
                continue;
            }
            v += self.conflict_value(ConflictId(i as u8), open);
        }
        v
    }

    /// `ready` for each of the bot's cards that is (or, at a later turn,
    /// will be) ready: so rotating a card for nothing costs a little, and
    /// ending a round or the turn changes nothing here. In the Ready Round a
    /// rotated card counts as ready unless chosen to be sustained.
    fn readiness(&self) -> f64 {
        let same_turn = self.same_turn;
        let g = self.g;
        let pl = g.player(self.me);
        let readying = same_turn && g.round() == Some(Round::Ready);
        let mut n = 0usize;
        for c in g
            .iter_pile(pl.inner_circle)
            .chain(g.iter_pile(pl.supporting))
        {
            let ci = g.card(c);
            let r = if !same_turn {
                !ci.neutralized()
            } else if readying {
                !ci.neutralized() && !ci.has(b5_engine::flag::SUSTAIN)
            } else {
                ready(g, c)
            };
            if r {
                n += 1;
            }
        }
        self.w.ready * n as f64
    }

    /// Expected value (for the bot) of a conflict's outcome.
    fn conflict_value(&self, id: ConflictId, open: bool) -> f64 {
        let g = self.g;
        let w = self.w;
        let k = &g.conflicts()[id.0 as usize];
        let init = k.initiator;
        let n = g.num_players();
        let (s, o) = if k.unopposable {
            let t = g.side_totals(id);
            let best = (0..n)
                .filter(|&q| q != init as usize)
                .map(|q| t[q])
                .max()
                .unwrap_or(0);
            (t[init as usize], best)
        } else {
            g.conflict_totals(id)
        };
        let (s, o) = (s as f64, o as f64);
        // Potential still to commit in the Action Round.
        let (p_won, margin) = if open {
            let sup = self.potential(init, id, false);
            let opp = if k.unopposable {
                let t = g.side_totals(id);
                (0..n as PlayerId)
                    .filter(|&q| q != init && !g.player(q).eliminated)
                    .map(|q| t[q as usize] as f64 + self.potential(q, id, false) - o)
                    .fold(0.0, f64::max)
            } else {
                let targets = target_players(g, k.target);
                let targeted: Vec<PlayerId> = targets.into_iter().filter(|&q| q != init).collect();
                if targeted.is_empty() {
                    (0..n as PlayerId)
                        .filter(|&q| q != init && !g.player(q).eliminated)
                        .map(|q| self.potential(q, id, true))
                        .fold(0.0, f64::max)
                } else {
                    targeted.iter().map(|&q| self.potential(q, id, true)).sum()
                }
            };
            let m = (s - o) + w.commit * (sup - opp);
            let mut p = sigmoid((m - 0.5) / w.spread);
            if s > o + opp {
                p = p.max(0.97);
            } else if s + sup <= o {
                p = p.min(0.03);
            }
            (p, m)
        } else {
            (if s > o { 1.0 } else { 0.0 }, s - o)
        };
        let mut v = 0.0;
        if k.war {
            // Won against a player uncontested: one influence moves; against
            // a location: it is conquered. Valued roughly.
            let gain = w.power + w.influence;
            match k.target {
                Target::Player(q) => {
                    v += p_won * gain * (self.coef[init as usize] - self.coef[q as usize]);
                }
                Target::Card(c) if c.idx() < g.card_count() => {
                    let f = g.card(c).faction;
                    if (f as usize) < n {
                        let cv = self.card_value(c);
                        v += p_won * cv * (self.table_coef(init) - self.table_coef(f));
                    }
                }
                _ => {}
            }
            return v;
        }
        let Some(card) = k.card.some() else {
            return 0.0;
        };
        let d = g.db().get(g.card(card).def);
        let ctx = Ctx {
            controller: init,
            target: k.target,
            conflict: Some(id),
        };
        v += self.effects_value(&d.resolution, &ctx);
        v += p_won * self.effects_value(&d.won, &ctx);
        v += (1.0 - p_won) * self.effects_value(&d.lost, &ctx);
        let reach = |need: u8, m: f64| {
            if open {
                sigmoid((m - need as f64 + 0.5) / w.spread)
            } else if m >= need as f64 {
                1.0
            } else {
                0.0
            }
        };
        for (need, eff) in &d.won_by {
            v += p_won * reach(*need, margin) * self.effects_value(eff, &ctx);
        }
        for (need, eff) in &d.lost_by {
            v += (1.0 - p_won) * reach(*need, -margin) * self.effects_value(eff, &ctx);
        }
        if !k.revealed && init == self.me {
            v -= w.unspent * d.initiate_cost as f64;
        }
        v
    }

    /// The ability `kind` of the conflict that `q`'s ready characters and
    /// fleets not yet in it could still commit (a location only to oppose a
    /// conflict targeting it).
    fn potential(&self, q: PlayerId, id: ConflictId, opposing: bool) -> f64 {
        let g = self.g;
        let k = &g.conflicts()[id.0 as usize];
        let pl = g.player(q);
        let mut total = 0.0;
        for c in g
            .iter_pile(pl.inner_circle)
            .chain(g.iter_pile(pl.supporting))
        {
            let ci = g.card(c);
            if ci.controller != q || !ready(g, c) || k.is_participant(c) {
                continue;
            }
            let t = g.db().get(ci.def).card_type;
            let ok = match t {
                CardType::Character | CardType::Fleet => true,
                CardType::Location => opposing && k.target == Target::Card(c),
                _ => false,
            };
            if ok {
                total += g.ability(c, k.kind) as f64;
            }
        }
        total
    }

    fn table_coef(&self, q: PlayerId) -> f64 {
        let c = self.coef.get(q as usize).copied().unwrap_or(0.0);
        if q == self.me {
            c
        } else {
            c * self.w.opponent_table
        }
    }

    fn hand_coef(&self, q: PlayerId) -> f64 {
        let c = self.coef.get(q as usize).copied().unwrap_or(0.0);
        if q == self.me {
            c
        } else {
            c * self.w.opponent_hand
        }
    }

    /// The value of a list of effects, as if each happened.
    fn effects_value(&self, effects: &[Effect], ctx: &Ctx) -> f64 {
        effects.iter().map(|e| self.effect_value(e, ctx)).sum()
    }

    fn effect_value(&self, e: &Effect, ctx: &Ctx) -> f64 {
        let g = self.g;
        let w = self.w;
        let gain = w.power + w.influence;
        let coef = |q: PlayerId| self.coef.get(q as usize).copied().unwrap_or(0.0);
        let losable = |q: PlayerId, n: u8| {
            (n as i16)
                .min(g.player(q).influence - b5_engine::INFLUENCE_FLOOR)
                .max(0) as f64
        };
        let mut v = 0.0;
        match &e.op {
            Op::GainInfluence { n, who } => {
                for q in self.who(*who, ctx) {
                    v += coef(q) * gain * *n as f64;
                }
            }
            Op::LoseInfluence { n, who } => {
                for q in self.who(*who, ctx) {
                    v -= coef(q) * gain * losable(q, *n);
                }
            }
            Op::TransferInfluence { n, who, to } => {
                let to = self.who(*to, ctx);
                for q in self.who(*who, ctx) {
                    let amt = losable(q, *n);
                    v -= coef(q) * gain * amt;
                    for &r in &to {
                        v += coef(r) * gain * amt;
                    }
                }
            }
            Op::GainPower { n, who } => {
                for q in self.who(*who, ctx) {
                    v += coef(q) * w.power * *n as f64;
                }
            }
            Op::LosePower { n, who } => {
                for q in self.who(*who, ctx) {
                    v -= coef(q) * w.power * *n as f64;
                }
            }
            Op::Restore { n, who } | Op::ExtraInfluence { n, who } => {
                for q in self.who(*who, ctx) {
                    if q == self.me {
                        v += w.unspent * *n as f64;
                    }
                }
            }
            Op::Draw { n, who } => {
                for q in self.who(*who, ctx) {
                    v += self.hand_coef(q) * w.hand_card * *n as f64;
                }
            }
            Op::DiscardRandom { n, who } => {
                for q in self.who(*who, ctx) {
                    let k = (*n as usize).min(g.player(q).hand.len());
                    v -= self.hand_coef(q) * w.hand_card * k as f64;
                }
            }
            Op::Damage { n, card } => {
                for c in self.cards(*card, ctx) {
                    let hit = (*n as f64).min(g.highest_ability(c) as f64 + 1.0);
                    v -= self.table_coef(g.card(c).faction) * w.ability * 2.0 * hit;
                }
            }
            Op::Neutralize { card } => {
                for c in self.cards(*card, ctx) {
                    v -= self.table_coef(g.card(c).faction) * 0.6 * self.card_value(c);
                }
            }
            Op::Discard { card } | Op::ReturnToHand { card } => {
                for c in self.cards(*card, ctx) {
                    if !g.is_ambassador(c) {
                        v -= self.table_coef(g.card(c).faction) * self.card_value(c);
                    }
                }
            }
            // A Drakh faction that loses its ambassador loses the game
            // (Drakh Rule 3); other ambassadors are not affected.
            Op::DiscardAmbassador { card } => {
                for c in self.cards(*card, ctx) {
                    let f = g.card(c).faction;
                    if !g.is_ambassador(c) {
                        v -= self.table_coef(f) * self.card_value(c);
                    } else if g.player(f).drakh {
                        v -= self.table_coef(f) * 10.0 * self.card_value(c);
                    }
                }
            }
            _ => {}
        }
        v
    }

    fn who(&self, w: Who, ctx: &Ctx) -> Vec<PlayerId> {
        let g = self.g;
        let n = g.num_players() as PlayerId;
        let alive = |q: &PlayerId| !g.player(*q).eliminated;
        match w {
            Who::Me => vec![ctx.controller],
            Who::Target => target_players(g, ctx.target),
            Who::Each => (0..n).filter(alive).collect(),
            Who::Others => (0..n)
                .filter(|q| *q != ctx.controller && alive(q))
                .collect(),
            Who::Race(r) => (0..n)
                .filter(|q| alive(q) && g.player(*q).race == r)
                .collect(),
            _ => Vec::new(),
        }
    }

    fn cards(&self, sel: CardSel, ctx: &Ctx) -> Vec<CardId> {
        let g = self.g;
        match sel {
            CardSel::Target => match ctx.target {
                Target::Card(c) if c.idx() < g.card_count() && g.card(c).zone.on_table() => {
                    vec![c]
                }
                _ => Vec::new(),
            },
            CardSel::Ambassador(w) => self
                .who(w, ctx)
                .into_iter()
                .map(|q| g.player(q).ambassador)
                .filter(|c| c.some().is_some())
                .collect(),
            CardSel::Supporters | CardSel::Opposers => {
                let Some(k) = ctx.conflict.and_then(|k| g.conflicts().get(k.0 as usize)) else {
                    return Vec::new();
                };
                let mut v: Vec<CardId> = Vec::new();
                for p in k.participants.iter() {
                    let want = match p.role {
                        Role::Support(_) => sel == CardSel::Supporters,
                        Role::Oppose => sel == CardSel::Opposers,
                        _ => false,
                    };
                    if want && g.card(p.card).zone.on_table() && !v.contains(&p.card) {
                        v.push(p.card);
                    }
                }
                v
            }
            _ => Vec::new(),
        }
    }
}

/// What effects refer to.
struct Ctx {
    controller: PlayerId,
    target: Target,
    conflict: Option<ConflictId>,
}

/// Whether a card on the table is ready to act.
fn ready(g: &Game, c: CardId) -> bool {
    let ci = g.card(c);
    ci.zone.on_table()
        && !ci.rotated()
        && !ci.neutralized()
        && !ci.has(b5_engine::flag::NEUTRALIZED_THIS_TURN)
}

/// The players a target concerns (the targeted player, the faction of the
/// targeted card, every player of the targeted race).
fn target_players(g: &Game, t: Target) -> Vec<PlayerId> {
    let n = g.num_players();
    match t {
        Target::Player(q) if (q as usize) < n => vec![q],
        Target::Card(c) if c.idx() < g.card_count() => {
            let f = g.card(c).faction;
            if (f as usize) < n {
                vec![f]
            } else {
                Vec::new()
            }
        }
        Target::Race(r) => (0..n as PlayerId)
            .filter(|&q| g.player(q).race == r && !g.player(q).eliminated)
            .collect(),
        Target::Conflict(k) => match g.conflicts().get(k.0 as usize) {
            Some(c) if !matches!(c.target, Target::Conflict(_)) => target_players(g, c.target),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}
