//! Action Details: what a player does with his cards. Sponsor, promote,
//! build and replace; agendas; events and contingencies; card actions and
//! their costs; support, oppose and attack, damage and its resolution; heal
//! and repair; lead and assist; mercenaries; conflicts that become or
//! return as other cards; personalities and one-at-a-time cards.

pub(crate) mod agenda;
pub(crate) mod ambassador_loss;
pub(crate) mod attack_damage;
pub(crate) mod card_action;
pub(crate) mod conflict_enhancement;
pub(crate) mod cost_payer;
pub(crate) mod costs;
pub(crate) mod damage;
pub(crate) mod generated_conflict;
pub(crate) mod heal;
pub(crate) mod lead;
pub(crate) mod mercenary;
pub(crate) mod once;
pub(crate) mod participate;
pub(crate) mod personality;
pub(crate) mod play;
pub(crate) mod ranger_one;
pub(crate) mod replace;
pub(crate) mod replace_choice;
pub(crate) mod sponsor;
