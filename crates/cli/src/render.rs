//! The table as one player may see it: everything here comes from
//! [`Game::view`](b5_engine::Game::view), so nothing hidden from the viewer
//! can be printed.

use std::fmt::Write as _;

use b5_engine::{AgendaView, CardView, ConflictView, MarkKind, Outcome, PlayerPublic, PlayerView};

const ABILITY_LETTERS: [&str; 5] = ["D", "I", "P", "L", "M"];

/// Abilities as "D4 I3 L4" (zero abilities left out; "-" when all are 0).
pub fn abilities(a: &[u8; 5]) -> String {
    let parts: Vec<String> = a
        .iter()
        .zip(ABILITY_LETTERS)
        .filter(|(v, _)| **v > 0)
        .map(|(v, l)| format!("{l}{v}"))
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

fn marks(m: &[u8; 6]) -> Vec<String> {
    MarkKind::ALL
        .iter()
        .zip(m)
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{n} {}", k.name()))
        .collect()
}

/// A card in play as `v.viewer` sees it in faction `seat`'s rows: who
/// controls it when that is not the faction's player (a hired mercenary),
/// and whether it leads a fleet or aids an ambassador.
fn card_in(v: &PlayerView, seat: u8, c: &CardView) -> String {
    let mut s = card(c);
    if let Some(l) = c.leading {
        let led = v
            .players
            .iter()
            .flat_map(|p| p.inner_circle.iter().chain(p.supporting.iter()))
            .find(|x| x.id == l);
        if let Some(led) = led {
            if led.card_type != b5_engine::CardType::Fleet {
                s = s.replace(
                    &format!("leads #{}", l.0),
                    &format!("aids #{} {}", l.0, led.name),
                );
            } else {
                s = s.replace(
                    &format!("leads #{}", l.0),
                    &format!("leads #{} {}", l.0, led.name),
                );
            }
        }
    }
    if let Some(ctl) = c.controller.filter(|&x| x != seat) {
        if let Some(p) = v.players.get(ctl as usize) {
            let _ = write!(s, " (controlled by {})", p.name);
        }
    }
    s
}

/// An agenda or a faction card: its name, no ability bracket.
fn plain_card(c: &CardView) -> String {
    let mut s = format!("#{} {}", c.id.0, c.name);
    let m = marks(&c.marks);
    if !m.is_empty() {
        let _ = write!(s, " marks: {}", m.join(", "));
    }
    s
}

/// A card in play: "#12 Lesser Attaché [D2 I3] rotated, 1 damage".
pub fn card(c: &CardView) -> String {
    let mut s = format!("#{} {} [{}]", c.id.0, c.name, abilities(&c.abilities));
    let mut state = Vec::new();
    if c.rotated {
        state.push("rotated".to_string());
    }
    if c.neutralized {
        state.push("neutralized".to_string());
    }
    if c.damage > 0 {
        state.push(format!("{} damage", c.damage));
    }
    if c.severe > 0 {
        state.push(format!("{} severe damage", c.severe));
    }
    let m = marks(&c.marks);
    if !m.is_empty() {
        state.push(format!("marks: {}", m.join(", ")));
    }
    if c.chaos > 0 {
        state.push(format!("{} Chaos Tokens", c.chaos));
    }
    if c.credits > 0 {
        state.push(format!("{} credit tokens", c.credits));
    }
    if let Some(l) = c.leading {
        state.push(format!("leads #{}", l.0));
    }
    if !state.is_empty() {
        s.push(' ');
        s.push_str(&state.join(", "));
    }
    for a in &c.attached {
        let _ = write!(s, " +{}", a.name);
    }
    for a in &c.own_contingencies {
        let _ = write!(s, " +{} (your contingency, face down)", a.name);
    }
    if c.hidden_contingencies > 0 {
        let _ = write!(s, " +{} face-down contingenc", c.hidden_contingencies);
        s.push_str(if c.hidden_contingencies == 1 {
            "y"
        } else {
            "ies"
        });
    }
    s
}

/// A card in hand: "#20 Border Raid (conflict, cost 2)".
pub fn hand_card(c: &CardView) -> String {
    let mut s = format!("#{} {} ({}", c.id.0, c.name, c.card_type.name());
    if let Some(cost) = c.cost {
        let _ = write!(s, ", cost {cost}");
    }
    if c.abilities.iter().any(|&a| a > 0) {
        let _ = write!(s, ", {}", abilities(&c.abilities));
    }
    s.push(')');
    s
}

fn row(v: &PlayerView, seat: u8, label: &str, cards: &[CardView], out: &mut String) {
    if cards.is_empty() {
        let _ = writeln!(out, "    {label}: none");
        return;
    }
    let _ = writeln!(out, "    {label}:");
    for c in cards {
        let _ = writeln!(out, "      {}", card_in(v, seat, c));
    }
}

fn player(v: &PlayerView, p: &PlayerPublic, out: &mut String) {
    let you = if p.seat == v.viewer { " (you)" } else { "" };
    let mut status = Vec::new();
    if p.eliminated {
        status.push("eliminated".to_string());
    }
    if p.drakh {
        status.push("Drakh faction".to_string());
    }
    if p.victory != b5_engine::VictoryKind::None {
        status.push(format!("{} victory", p.victory.name()));
    }
    let _ = writeln!(
        out,
        "  {}{you} - {}, {}{}",
        p.name,
        p.race.display(),
        p.faction.name(),
        if status.is_empty() {
            String::new()
        } else {
            format!(" [{}]", status.join(", "))
        }
    );
    let extra = if p.extra > 0 {
        format!(", {} additional", p.extra)
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "    power {}, influence {} (spent {}, unspent {}{extra}), unrest {}",
        p.power, p.influence, p.spent, p.unspent, p.unrest
    );
    let tension: Vec<String> = v
        .players
        .iter()
        .filter(|q| q.seat != p.seat)
        .map(|q| {
            let war = if p.at_war.contains(&q.seat) {
                " (at war)"
            } else {
                ""
            };
            format!("{} {}{war}", q.name, p.tension[q.seat as usize])
        })
        .collect();
    let _ = writeln!(out, "    tension toward: {}", tension.join(", "));
    let mut piles = format!(
        "    hand {}, deck {}, discard {}",
        p.hand_size,
        p.deck_size,
        p.discard.len()
    );
    if p.crusade_size > 0 {
        let _ = write!(piles, ", crusade pile {}", p.crusade_size);
    }
    if !p.removed.is_empty() {
        let _ = write!(piles, ", removed {}", p.removed.len());
    }
    let m: Vec<String> = MarkKind::ALL
        .iter()
        .zip(p.marks)
        .filter(|(_, n)| *n > 0)
        .map(|(k, n)| format!("{n} {}", k.name()))
        .collect();
    if !m.is_empty() {
        let _ = write!(piles, "; marks: {}", m.join(", "));
    }
    let _ = writeln!(out, "{piles}");
    row(v, p.seat, "Inner Circle", &p.inner_circle, out);
    row(v, p.seat, "Supporting", &p.supporting, out);
    match &p.agenda {
        AgendaView::None => {}
        AgendaView::Hidden(Some(c)) => {
            let _ = writeln!(out, "    Agenda (face down): {}", plain_card(c));
        }
        AgendaView::Hidden(None) => {
            let _ = writeln!(out, "    Agenda: a face-down agenda");
        }
        AgendaView::Revealed(c) => {
            let _ = writeln!(out, "    Agenda: {}", plain_card(c));
        }
    }
    if !p.faction_cards.is_empty() {
        let names: Vec<String> = p.faction_cards.iter().map(card).collect();
        let _ = writeln!(out, "    On the faction: {}", names.join("; "));
    }
}

/// A conflict total with the bonus from effects itemised beside the
/// participants' sum: "7 (5 from cards, +2 from effects)".
fn itemised(total: i32, bonus: i32) -> String {
    if bonus == 0 {
        total.to_string()
    } else {
        format!(
            "{total} ({} from cards, {bonus:+} from effects)",
            total - bonus
        )
    }
}

fn conflict(v: &PlayerView, c: &ConflictView, out: &mut String) {
    let who = |p: u8| {
        v.players
            .get(p as usize)
            .map(|x| x.name.as_str())
            .unwrap_or("?")
    };
    if c.name.is_none() {
        let _ = writeln!(
            out,
            "  [{}] a face-down conflict declared by {}",
            c.id.0,
            who(c.initiator)
        );
        return;
    }
    let mut head = format!(
        "  [{}] {}{}",
        c.id.0,
        c.name.as_deref().unwrap_or("?"),
        c.kind
            .map(|k| format!(" ({})", k.name()))
            .unwrap_or_default()
    );
    let _ = write!(head, " by {}", who(c.initiator));
    if let Some(t) = &c.target {
        let _ = write!(head, " targeting {t}");
    }
    if c.face_down {
        head.push_str(", face down");
    }
    if c.unopposable {
        let sides: Vec<String> = c
            .sides
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {s}", who(i as u8)))
            .collect();
        let _ = write!(head, ": sides {}", sides.join(", "));
    } else {
        let _ = write!(
            head,
            ": support {}, opposition {}",
            itemised(c.support, c.support_bonus),
            itemised(c.opposition, c.opposition_bonus)
        );
    }
    if c.outcome != Outcome::Pending {
        let _ = write!(head, " ({})", c.outcome.name());
    }
    let _ = writeln!(out, "{head}");
    for pt in &c.participants {
        let side = match pt.side {
            Some(s) if c.unopposable => format!(" {}", who(s)),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "      {}{side}: #{} {} with {} {}",
            pt.role,
            pt.card.0,
            pt.name,
            pt.ability.display(),
            pt.value
        );
    }
}

/// The whole table as `v.viewer` may see it.
pub fn table(v: &PlayerView) -> String {
    let mut out = String::new();
    let name = |p: &u8| {
        v.players
            .get(*p as usize)
            .map(|x| x.name.clone())
            .unwrap_or_default()
    };
    let _ = writeln!(
        out,
        "=== Turn {}, {} round: {} ===",
        v.turn, v.round, v.waiting_for
    );
    let _ = writeln!(
        out,
        "Babylon 5 {}, Shadows {}, Vorlons {}{}; initiative: {}",
        v.babylon5,
        v.shadows,
        v.vorlons,
        if v.shadow_war {
            " (the Shadow War)"
        } else {
            ""
        },
        v.initiative.iter().map(name).collect::<Vec<_>>().join(", ")
    );
    for p in &v.players {
        player(v, p, &mut out);
    }
    if !v.globals.is_empty() {
        let g: Vec<String> = v.globals.iter().map(card).collect();
        let _ = writeln!(out, "Global: {}", g.join("; "));
    }
    if !v.conflicts.is_empty() {
        let _ = writeln!(out, "Conflicts:");
        for c in &v.conflicts {
            conflict(v, c, &mut out);
        }
    }
    if v.hand.is_empty() {
        let _ = writeln!(out, "Your hand: empty");
    } else {
        let _ = writeln!(out, "Your hand:");
        for c in &v.hand {
            let _ = writeln!(out, "  {}", hand_card(c));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflict_totals_itemise_bonuses_from_effects() {
        assert_eq!(itemised(5, 0), "5");
        assert_eq!(itemised(7, 2), "7 (5 from cards, +2 from effects)");
        assert_eq!(itemised(1, -2), "1 (3 from cards, -2 from effects)");
    }
}
