//! Plays a log of actions, saves it as the save files hold actions (the
//! engine's serde form), reads it back and replays it from the start: the
//! replay makes the same digests after every action and ends in the same
//! game.

use b5_engine::{Action, Game, PlayerId};

/// Applies `log` to `g` (from `start`, a copy of `g` taken before), then
/// replays the saved log from `start` and checks it step by step.
pub fn play_save_and_replay(start: Game, g: &mut Game, log: &[(PlayerId, Action)]) {
    let mut digests = Vec::new();
    for (p, a) in log {
        g.apply(*p, *a).expect("legal");
        digests.push(g.digest());
    }
    let text = serde_json::to_string(log).expect("serializes");
    let back: Vec<(PlayerId, Action)> = serde_json::from_str(&text).expect("reads back");
    assert_eq!(back, log);
    let mut r = start;
    for ((p, a), d) in back.iter().zip(&digests) {
        r.apply(*p, *a).expect("replays");
        assert_eq!(r.digest(), *d);
    }
    assert_eq!(&r, g);
}
