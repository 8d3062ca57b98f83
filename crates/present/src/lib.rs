//! # b5-present
//!
//! What turns the engine's legal actions into choices a person reads, in one
//! place that the terminal (`b5 play`) and the browser share:
//!
//! - [`menu`]: the legal actions grouped the way players think — first the
//!   card (or "pass", "build", "buy", the agenda, war), then what it can do,
//!   each choice labelled in words with the influence it really applies;
//!   identical copies in hand shown once; every group keeps a stable handle
//!   (a card's `#id`) for the whole game.
//! - [`card_text`]: a card in full with its generated rules text.
//! - [`LEGEND`]: every symbol the table uses.
//! - [`Log`]: the log as sentences for one viewer, runs of passes merged.
//! - [`why`]: why a familiar action is not on offer, in the engine's own
//!   words with the rule it cites.
//!
//! Nothing here decides legality: a menu holds exactly the actions it was
//! given (less the duplicates of identical copies), and `why` asks the
//! engine's own checks.

pub mod log;
pub mod menu;
pub mod why;

pub use log::{sentences, Log};
pub use menu::{menu, Choice, Group, GroupKind, Menu};
pub use why::why;

use b5_engine::{CardDef, CardType, Game};

/// Every symbol of the table, for `h` at the terminal and the browser's
/// help.
pub const LEGEND: &str = "\
Symbols on the table:
  #N             a card's number at this table: type N to see what it can do
  D I P L M      Diplomacy, Intrigue, Psi, Leadership, Military (D4 = Diplomacy 4)
  [-]            a card with every ability at 0
  rotated        used this turn (ready again in the Ready Round)
  neutralized    out of action until healed; its abilities count as 0
  N damage       damage that heals; N severe damage: damage that does not
  leads #N       a character leading fleet #N (or an assistant aiding ambassador #N)
  +Name          an enhancement or aftermath attached to the card
  marks: ...     marks gained (Destiny, Doom, Strife, Conspiracy, Shadow, Vorlon)
  face down      a hidden card: its player alone knows what it is
Influence: rating / spent / unspent this turn; power: victory points (20 to win).
Tension N toward a player: 5 or more lets a war be declared.";

/// A card in full: name, number, type, race, cost, abilities, rules text
/// (generated from the card's data) and caption.
pub fn card_text(d: &CardDef) -> String {
    let mut s = d.name.clone();
    if let Some(n) = &d.number {
        s.push_str(&format!(" ({n})"));
    }
    s.push('\n');
    let race = if d.race == b5_engine::Race::Neutral {
        "neutral".to_string()
    } else {
        d.race.display().to_string()
    };
    s.push_str(&format!("  {} {}", race, d.card_type.name()));
    if let Some(c) = d.cost {
        s.push_str(&format!(", cost {c}"));
    }
    s.push('\n');
    if matches!(
        d.card_type,
        CardType::Character | CardType::Fleet | CardType::Group | CardType::Location
    ) {
        let names = ["Diplomacy", "Intrigue", "Psi", "Leadership", "Military"];
        let abil: Vec<String> = names
            .iter()
            .zip(d.abilities.iter())
            .filter(|(_, v)| **v > 0)
            .map(|(n, v)| format!("{n} {v}"))
            .collect();
        if !abil.is_empty() {
            s.push_str(&format!("  {}\n", abil.join(", ")));
        }
    }
    let text = b5_cards::text::rules_text(d);
    if !text.is_empty() {
        s.push_str(&format!("  {text}\n"));
    }
    if let Some(c) = &d.caption {
        s.push_str(&format!("  \"{c}\"\n"));
    }
    s
}

/// The cards `game` lets `viewer` read in full by their table number: every
/// card visible to them. `None` for a number hidden from them (or unknown),
/// so that asking never reveals a hidden card.
pub fn card_text_of(game: &Game, viewer: b5_engine::PlayerId, id: u16) -> Option<String> {
    let c = b5_engine::CardId(id);
    if (id as usize) >= game.card_count() || !game.visible_to(c, viewer) {
        return None;
    }
    Some(card_text(game.db().get(game.card(c).def)))
}
