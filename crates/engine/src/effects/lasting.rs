//! Lasting effects with a condition (Bonuses and Blanking: bonuses that
//! occur "while" some effect is maintained expire when it is not; Lasting
//! and Sustainable Effects). A card's lasting effect applies while the card
//! is in play, face up and not blanked, and, if it has a condition ("while
//! you are at war"), while that condition holds for its controller.
//!
//! A condition or a threshold may read what the lasting effect itself
//! changes ("+1 Influence Rating while your Influence Rating is 5 or more",
//! "+1 Psi to characters with Psi 0"), or what another one changes, whose
//! own test reads it back. The rules give no order for such a loop; the
//! engine tests each lasting effect once: while its test is being worked
//! out, the effect counts as not applying to what that test reads (so the
//! test never waits on itself), and what is read that way is never kept in
//! the ability memo. Within one test, each other lasting effect's test is
//! worked out once and its answer reused: many conditional effects that
//! read each other's results (ratings that read the rating) cost a number
//! of tests that grows with their number, not with its factorial.

use std::cell::RefCell;

use smallvec::SmallVec;

use crate::card::Passive;
use crate::effects::interpreter::Ctx;
use crate::game::state::{Game, Target};
use crate::ids::CardId;

/// A lasting effect: its source card and its index among the card's.
type TestKey = (CardId, u16);

thread_local! {
    /// The lasting effects (source card, index) whose test is being worked
    /// out on this thread.
    static TESTING: RefCell<SmallVec<[TestKey; 8]>> = const {
        RefCell::new(SmallVec::new_const())
    };
    /// The answers of the tests worked out inside the outermost test under
    /// way (forgotten when it ends: the game does not change meanwhile).
    static ANSWERED: RefCell<SmallVec<[(TestKey, bool); 16]>> = const {
        RefCell::new(SmallVec::new_const())
    };
}

/// Whether some lasting effect's test is being worked out: what is read now
/// may leave that effect out.
pub(crate) fn testing_any() -> bool {
    TESTING.with(|t| !t.borrow().is_empty())
}

/// Works out the test of lasting effect `i` of `src` with `f`; while it
/// runs, that effect counts as not applying (`false` when it is already
/// being tested: a test that reads itself).
pub(crate) fn test_once(src: CardId, i: usize, f: impl FnOnce() -> bool) -> bool {
    let key = (src, i as u16);
    let known = TESTING.with(|t| {
        let mut t = t.borrow_mut();
        // Past this depth, a loop of tests on many cards: the effect is left out.
        if t.contains(&key) || t.len() >= 64 {
            return Some(false);
        }
        let answered =
            ANSWERED.with(|a| a.borrow().iter().find(|(k, _)| *k == key).map(|&(_, v)| v));
        if answered.is_none() {
            t.push(key);
        }
        answered
    });
    if let Some(v) = known {
        return v;
    }
    let v = f();
    TESTING.with(|t| {
        let mut t = t.borrow_mut();
        t.pop();
        ANSWERED.with(|a| {
            let mut a = a.borrow_mut();
            if t.is_empty() {
                a.clear();
            } else {
                a.push((key, v));
            }
        });
    });
    v
}

impl Game {
    /// The lasting effects of a card in play that apply now.
    pub(crate) fn lasting(&self, src: CardId) -> impl Iterator<Item = &Passive> + '_ {
        let d = self.db.get(self.c(src).def);
        d.passives
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.lasting_condition_holds(src, *i))
            .map(|(_, p)| p)
    }

    /// Whether lasting effect `i` of `src` has no condition, or its
    /// condition holds for the card's controller (worked out once: see the
    /// module documentation).
    pub(crate) fn lasting_condition_holds(&self, src: CardId, i: usize) -> bool {
        let d = self.db.get(self.c(src).def);
        match d.passive_if.get(i) {
            Some(Some(c)) => test_once(src, i, || self.lasting_condition_now(c, src)),
            _ => true,
        }
    }

    /// The condition itself, for a test already under way.
    pub(crate) fn lasting_condition_now(&self, c: &crate::card::Condition, src: CardId) -> bool {
        self.condition_holds(c, &Ctx::new(self.you_of(src), src, Target::None))
    }

    /// Lasting effect `i` of `src` when its test is under way: its condition
    /// without the guard.
    pub(crate) fn lasting_condition_unguarded(&self, src: CardId, i: usize) -> bool {
        let d = self.db.get(self.c(src).def);
        match d.passive_if.get(i) {
            Some(Some(c)) => self.lasting_condition_now(c, src),
            _ => true,
        }
    }
}
