//! Advanced Details about playing cards: the effect interpreter, amounts,
//! choices made in an effect, triggered effects and contingency windows,
//! lasting and delayed effects, negate and irrevocable, "unless" prices,
//! reversal, the Cannot rule, blanking, "used as", transfers, legal targets
//! and filters.

pub(crate) mod ability;
pub(crate) mod amount;
pub(crate) mod attachment_move;
pub(crate) mod attack_effect;
pub(crate) mod blanking;
pub(crate) mod cannot;
pub(crate) mod choice;
pub(crate) mod choose_player;
pub(crate) mod conquest;
pub(crate) mod copy_targets;
pub(crate) mod delayed;
pub(crate) mod filters;
pub(crate) mod interpreter;
pub(crate) mod lasting;
pub(crate) mod negate;
pub(crate) mod pool;
pub(crate) mod promote_effect;
pub(crate) mod reversal;
pub(crate) mod second_target;
pub(crate) mod severe;
pub(crate) mod targets;
pub(crate) mod transfer;
pub(crate) mod triggers;
pub(crate) mod unless;
pub(crate) mod used_as;
pub(crate) mod verbs;
pub(crate) mod watchers;
