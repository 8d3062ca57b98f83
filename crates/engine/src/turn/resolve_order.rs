//! The order of one player's conflicts (Engine Rules v1.2, The Resolution
//! Round: "The conflict(s) initiated by the player with the lowest
//! initiative order are resolved first, then any conflict initiated by the
//! next player, and so on. If one player initiated more than a single
//! conflict (which is possible through use of some cards) then he
//! designates which of his conflicts will be resolved first.")
//!
//! When the next conflict to resolve belongs to a player with several still
//! to resolve, that player is asked (`Step::ResolveOrder`) with one
//! [`Action::ResolveFirst`] per conflict; after each conflict he is asked
//! again while two or more remain, which designates the whole order. His
//! default is the declaration order.

use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::state::{Game, Outcome, Step};
use crate::ids::{ConflictId, PlayerId};

impl Game {
    /// Whether the conflict is still to resolve this Resolution Round.
    fn to_resolve(&self, i: usize) -> bool {
        let c = &self.conflicts[i];
        c.revealed && !c.resolved && c.outcome == Outcome::Pending
    }

    /// The conflicts of `p` still to resolve, in declaration order.
    fn own_to_resolve(&self, p: PlayerId) -> impl Iterator<Item = ConflictId> + '_ {
        (0..self.conflicts.len())
            .filter(move |&i| self.to_resolve(i) && self.conflicts[i].initiator == p)
            .map(|i| ConflictId(i as u8))
    }

    /// The step for the next conflict `c` (from `next_conflict_to_resolve`):
    /// resolve it, or first ask its initiator which of his resolves first.
    pub(crate) fn resolve_or_ask(&self, c: u8) -> Step {
        let p = self.conflicts[c as usize].initiator;
        if !self.players[p as usize].eliminated && self.own_to_resolve(p).nth(1).is_some() {
            Step::ResolveOrder { player: p }
        } else {
            Step::Resolve { conflict: c }
        }
    }

    pub(crate) fn resolve_order_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.extend(
            self.own_to_resolve(p)
                .map(|conflict| Action::ResolveFirst { conflict }),
        );
    }

    pub(crate) fn check_resolve_first(&self, p: PlayerId, k: ConflictId) -> Result<(), Violation> {
        if (k.0 as usize) < self.conflicts.len()
            && self.to_resolve(k.0 as usize)
            && self.conflicts[k.0 as usize].initiator == p
        {
            Ok(())
        } else {
            Err(Violation::NoSuchConflict)
        }
    }

    /// The first of the player's conflicts, in declaration order (the
    /// default choice).
    pub(crate) fn first_own_to_resolve(&self, p: PlayerId) -> Option<ConflictId> {
        self.own_to_resolve(p).next()
    }
}
