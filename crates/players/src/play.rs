//! Playing a whole game with one bot per seat.

use b5_engine::{Action, Game, PlayerId};

use crate::Bot;

/// What happened in one game played by [`play_game`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// Every action taken, in order, with the player who took it.
    pub actions: Vec<(PlayerId, Action)>,
    /// The winners (empty for no winner: the turn limit, or the cap).
    pub winners: Vec<PlayerId>,
    /// The turn the game stood on when the loop stopped.
    pub turns: u32,
    /// `actions.len()`.
    pub num_actions: usize,
    /// The game is over (not stopped by the action cap or an error).
    pub finished: bool,
    /// Why the loop stopped early, if the engine misbehaved: a pending
    /// player with no legal action, an action from `legal_actions` that
    /// `apply` rejected, or a game that stands still with nobody pending.
    pub error: Option<String>,
}

/// Plays `game` forward: for each pending player in turn (several may be
/// pending at once in simultaneous steps), asks that seat's bot to choose
/// among the legal actions and applies the choice, until the game is over
/// or `max_actions` actions have been taken. `bots[i]` plays seat `i`.
///
/// # Panics
///
/// If `bots.len()` differs from the number of players.
pub fn play_game(game: &mut Game, bots: &mut [Box<dyn Bot>], max_actions: usize) -> GameRecord {
    assert_eq!(
        bots.len(),
        game.num_players(),
        "play_game needs one bot per seat"
    );
    let mut rec = GameRecord::default();
    let mut legal: Vec<Action> = Vec::new();
    'outer: while !game.is_over() && rec.actions.len() < max_actions {
        if game.at_round_entry().is_some() {
            game.proceed();
            continue;
        }
        let pending = game.pending();
        if pending.is_empty() {
            rec.error = Some(format!(
                "turn {}: nobody is pending but the game is not over (step {:?})",
                game.turn(),
                game.step()
            ));
            break;
        }
        for p in pending {
            if game.is_over() || rec.actions.len() >= max_actions {
                break 'outer;
            }
            if !game.is_pending(p) {
                continue;
            }
            game.legal_actions_into(p, &mut legal);
            if legal.is_empty() {
                rec.error = Some(format!(
                    "turn {}: player {p} is pending with no legal action (step {:?})",
                    game.turn(),
                    game.step()
                ));
                break 'outer;
            }
            let a = bots[p as usize].choose(game, p, &legal);
            if let Err(e) = game.apply(p, a) {
                let listed = legal.contains(&a);
                rec.error = Some(format!(
                    "turn {}: player {p}'s action {a:?} ({}) was rejected: {e}",
                    game.turn(),
                    if listed {
                        "listed as legal: an engine bug"
                    } else {
                        "not among the legal actions: a bot bug"
                    }
                ));
                break 'outer;
            }
            rec.actions.push((p, a));
        }
    }
    rec.winners = game.winners();
    rec.turns = game.turn();
    rec.num_actions = rec.actions.len();
    rec.finished = game.is_over();
    rec
}
