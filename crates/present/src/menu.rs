//! The legal actions as a two-level menu: groups (a card, or pass, build,
//! buy, the agenda, war, the two-player mulligan), then the choices of a
//! group, each with a label in words and the influence it applies.

use b5_engine::{Action, CardId, Game, PlayerId, Target, Zone};
use serde::{Deserialize, Serialize};

/// What a group is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "card", rename_all = "snake_case")]
pub enum GroupKind {
    /// End your part of this step: pass, decline, stop discarding.
    Pass,
    /// A card (in hand, in play, or a face-down card of yours): everything
    /// it can do or be used for.
    Card(CardId),
    /// Build influence (choices: which Inner Circle character rotates).
    Build,
    /// Buy cards in the Draw Round.
    Buy,
    /// Reveal or discard your agenda.
    Agenda,
    /// Declare a war conflict.
    War,
    /// Unconditional Surrender (the Draw Round's discard step).
    Surrender,
    /// Two-player set-up: shuffle back and draw one fewer.
    Mulligan,
    /// A vote in progress: call the next voter, or vote yes, no or abstain.
    Vote,
    /// The Interstellar Alliance: take an ISA card from the reserve.
    Reserve,
    /// Drakh Rule 7: move Chaos Tokens after an action (declining is in
    /// the Pass group).
    Chaos,
    /// War in Dual Race Games: rotate the ambassador to join a war of
    /// another faction of your race.
    JoinWar,
    /// A choice in the middle of an effect: the cards a search or a
    /// "choose up to N" offers (with "done" in the Pass group), or the
    /// modes of a "choose one".
    EffectChoice,
}

/// One choice: an action from `legal_actions`, as given, with its label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Choice {
    pub action: Action,
    /// What it does, in words, with its real cost ("sponsor Aide Da'Mirra,
    /// rotating Ambassador Je'Tarrin: 2 influence").
    pub label: String,
    /// The influence this action applies (discounts and surcharges
    /// included; 0 for none).
    pub cost: i16,
}

/// A group of choices about one thing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Group {
    pub kind: GroupKind,
    /// What the player types to open it: the card's number, or a word
    /// (`pass`, `build`, `buy`, `agenda`, `war`, `mulligan`). Stable for the
    /// whole game.
    pub handle: String,
    /// "Aide Da'Mirra (in hand, 2 copies)", "Pass", ...
    pub title: String,
    /// Identical copies in hand shown as this one group.
    pub copies: u8,
    pub choices: Vec<Choice>,
}

/// A player's choices at one moment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Menu {
    pub groups: Vec<Group>,
}

impl Menu {
    /// The group opened by `handle` (a card number, with or without `#`, or a
    /// word; case-insensitive).
    pub fn find(&self, handle: &str) -> Option<&Group> {
        let h = handle.trim().trim_start_matches('#').to_lowercase();
        self.groups
            .iter()
            .find(|g| g.handle == h || (h == "p" && g.kind == GroupKind::Pass))
    }

    /// Every choice, in menu order.
    pub fn choices(&self) -> impl Iterator<Item = &Choice> {
        self.groups.iter().flat_map(|g| g.choices.iter())
    }
}

/// The letter of the `i`-th choice in a group: a, b, ..., z, then aa, ab...
pub fn choice_letter(i: usize) -> String {
    let mut s = String::new();
    let mut n = i;
    loop {
        s.insert(0, (b'a' + (n % 26) as u8) as char);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    s
}

/// The index of a choice letter (the inverse of [`choice_letter`]).
pub fn letter_index(s: &str) -> Option<usize> {
    if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let mut n = 0usize;
    for b in s.bytes() {
        n = n * 26 + (b - b'a') as usize + 1;
    }
    Some(n - 1)
}

/// The card a hand card stands for: the lowest-numbered copy of the same
/// card in the same hand (copies are interchangeable while in hand).
fn representative(game: &Game, p: PlayerId, card: CardId) -> CardId {
    let c = game.card(card);
    if c.zone != Zone::Hand || c.owner != p {
        return card;
    }
    let def = c.def;
    (0..game.card_count() as u16)
        .map(CardId)
        .find(|&x| {
            let i = game.card(x);
            i.zone == Zone::Hand && i.owner == p && i.def == def
        })
        .unwrap_or(card)
}

/// The action with its acting card replaced (for copies in hand).
fn with_card(a: Action, card: CardId) -> Action {
    let mut a = a;
    match &mut a {
        Action::Sustain { card: c }
        | Action::Declare { card: c, .. }
        | Action::Sponsor { card: c, .. }
        | Action::Promote { card: c, .. }
        | Action::Replace { card: c, .. }
        | Action::UseCard { card: c, .. }
        | Action::Lead { card: c, .. }
        | Action::Assist { card: c, .. }
        | Action::Support { card: c, .. }
        | Action::Oppose { card: c, .. }
        | Action::Attack { card: c, .. }
        | Action::Play { card: c, .. }
        | Action::PlayContingency { card: c, .. }
        | Action::SponsorAgenda { card: c, .. }
        | Action::HideAgenda { card: c, .. }
        | Action::ReplaceAgenda { card: c, .. }
        | Action::Heal { card: c, .. }
        | Action::Repair { card: c, .. }
        | Action::Hire { card: c }
        | Action::PlayAftermath { card: c, .. }
        | Action::Reveal { card: c }
        | Action::Discard { card: c }
        | Action::Choose { card: c }
        | Action::Keep { card: c } => *c = card,
        _ => {}
    }
    a
}

fn kind_of(game: &Game, p: PlayerId, a: &Action) -> GroupKind {
    match a {
        Action::Pass => GroupKind::Pass,
        Action::Build { .. } => GroupKind::Build,
        Action::Buy { .. } => GroupKind::Buy,
        Action::RevealAgenda | Action::DiscardAgenda => GroupKind::Agenda,
        Action::DeclareWar { .. } => GroupKind::War,
        Action::Surrender { .. } => GroupKind::Surrender,
        Action::Mulligan => GroupKind::Mulligan,
        Action::CallVoter { .. } | Action::Vote { .. } => GroupKind::Vote,
        Action::TakeFromReserve { .. } => GroupKind::Reserve,
        Action::KeepChaos => GroupKind::Pass,
        Action::MoveChaos { .. } => GroupKind::Chaos,
        Action::JoinWar { .. } => GroupKind::JoinWar,
        Action::Mode { .. } => GroupKind::EffectChoice,
        Action::ResolveFirst { .. } => GroupKind::EffectChoice,
        Action::Choose { .. } if game.choice().is_some() => GroupKind::EffectChoice,
        // Appendix One: the cards put back, in the order the player likes.
        Action::Choose { .. } if matches!(game.step(), b5_engine::Step::Keep { .. }) => {
            GroupKind::EffectChoice
        }
        other => match other.card() {
            Some(c) => GroupKind::Card(representative(game, p, c)),
            None => GroupKind::Pass,
        },
    }
}

/// The influence an action applies, by the engine's own payment: what
/// `Game::pays_no_influence` knows to be nothing, or what the engine applies
/// for the player (`Game::paid`) when the action is applied to a copy of
/// the game. Influence that expires or is restored meanwhile is no price.
pub fn applied_influence(game: &Game, p: PlayerId, a: &Action) -> i16 {
    if game.pays_no_influence(p, a) {
        return 0;
    }
    let mut g = game.clone();
    if g.apply(p, *a).is_err() {
        return 0;
    }
    let paid = g.paid(p);
    // Legal Targets: a card played with its first target is paid once its
    // second is chosen (the engine's default choice stands in for it).
    if g.choice()
        .is_some_and(|c| c.kind == b5_engine::ChoiceKind::Second && c.player == p)
    {
        match g.default_action(p) {
            Some(d) if g.apply(p, d).is_ok() => {}
            _ => return 0,
        }
        return paid.saturating_add(g.paid(p));
    }
    paid
}

/// What a pass means at this moment, in words.
fn pass_label(game: &Game) -> String {
    // The same words for every viewer (the view's `waiting_for`).
    let waiting = game.waiting_for();
    if waiting.is_empty() {
        "pass".into()
    } else {
        format!("pass ({waiting})")
    }
}

fn label(game: &Game, a: &Action, cost: i16) -> String {
    let base = match a {
        // Appendix Two, Example 6: "done" names what stays behind.
        Action::Pass
            if game
                .choice()
                .is_some_and(|c| c.kind == b5_engine::ChoiceKind::Transfer) =>
        {
            game.describe_action(a)
        }
        Action::Pass => pass_label(game),
        Action::UseCard {
            card,
            index,
            target,
            pay,
        } => {
            let def = game.db().get(game.card(*card).def);
            let what = def
                .actions
                .get(*index as usize)
                .map(|ca| b5_cards::text::effects_text(&ca.effects, false))
                .filter(|t| !t.is_empty())
                .unwrap_or_else(|| format!("its action {}", index + 1));
            // The card named to pay a cost of another card.
            let paying = match pay.some() {
                Some(c) => format!(" (paying with {})", game.card_name(c)),
                None => String::new(),
            };
            match target {
                Target::None => format!("use {}{paying}: {what}", game.card_name(*card)),
                t => format!(
                    "use {} on {}{paying}: {what}",
                    game.card_name(*card),
                    game.target_name(*t)
                ),
            }
        }
        other => game.describe_action(other),
    };
    // The engine's phrase may quote a printed cost; the real one follows.
    let base = strip_printed_cost(&base);
    if cost > 0 {
        format!("{base}: {cost} influence")
    } else {
        base
    }
}

/// "sponsor X (rotating Y, cost 3)" → "sponsor X (rotating Y)";
/// "hire the mercenary X (bid 3)" → "hire the mercenary X": the label then
/// states the influence actually applied.
fn strip_printed_cost(s: &str) -> String {
    if let Some(i) = s.rfind(", cost ") {
        if s.ends_with(')') {
            return format!("{})", &s[..i]);
        }
    }
    if let Some(i) = s.rfind(" (bid ") {
        if s.ends_with(')') {
            return s[..i].to_string();
        }
    }
    s.to_string()
}

fn title(game: &Game, p: PlayerId, kind: GroupKind, copies: u8) -> String {
    match kind {
        GroupKind::Pass => "Pass".into(),
        GroupKind::Build => "Build influence (3 influence: +1 Influence Rating)".into(),
        GroupKind::Buy => "Buy cards (3 influence each)".into(),
        GroupKind::Agenda => "Your agenda".into(),
        GroupKind::War => "Declare a war conflict".into(),
        GroupKind::Surrender => "Surrender unconditionally (you leave the game)".into(),
        GroupKind::Mulligan => "Mulligan".into(),
        GroupKind::Vote => match game.vote() {
            Some(v) => format!(
                "The {} called by {} ({} Yes, {} No so far)",
                v.kind.display(),
                game.card_name(v.card),
                v.yes,
                v.no
            ),
            None => "Vote".into(),
        },
        GroupKind::Reserve => {
            "Take an ISA card from your reserve (discard your top card; no draws this turn)".into()
        }
        GroupKind::Chaos => "Move Chaos Tokens to a Drakh card you control".into(),
        GroupKind::JoinWar => "Join your race's war (rotate your ambassador to declare war)".into(),
        GroupKind::EffectChoice => match game.choice() {
            // Legal Targets: the card being played, with its first target.
            Some(c) if c.kind == b5_engine::ChoiceKind::Second => match c.target {
                Target::None => format!("{}: choose its second target", game.card_name(c.card)),
                t => format!(
                    "{} on {}: choose its second target",
                    game.card_name(c.card),
                    game.target_name(t)
                ),
            },
            // Appendix Two, Example 6: the replaced card's attached cards.
            Some(c) if c.kind == b5_engine::ChoiceKind::Transfer => {
                match game.transfer_choice_words() {
                    Some((new, old, kinds)) => {
                        format!("{new} replacing {old}: choose the {kinds} that transfer")
                    }
                    None => format!("Choose for {}", game.card_name(c.card)),
                }
            }
            // Rulings, Tu'Pari: the target's controller names the ability.
            Some(c) if c.kind == b5_engine::ChoiceKind::AttackAbility => match c.target {
                Target::Card(t) => format!(
                    "{} attacks {}: choose which of its highest abilities the attack uses",
                    game.card_name(c.attacker),
                    game.card_name(t)
                ),
                _ => format!("Choose for {}", game.card_name(c.card)),
            },
            Some(c) if c.kind == b5_engine::ChoiceKind::Player => {
                format!("{}: choose a player", game.card_name(c.card))
            }
            Some(c) => format!("Choose for {}", game.card_name(c.card)),
            // The Resolution Round: a player with several conflicts.
            None if matches!(game.step(), b5_engine::Step::ResolveOrder { .. }) => {
                "Choose which of your conflicts resolves first".into()
            }
            None if matches!(game.step(), b5_engine::Step::Keep { .. }) => {
                "Put back the cards you did not keep: choose the next from the top of your deck"
                    .into()
            }
            None => "Choose".into(),
        },
        GroupKind::Card(c) => {
            let inst = game.card(c);
            let def = game.db().get(inst.def);
            let place = match inst.zone {
                Zone::Hand => "in hand",
                Zone::InnerCircle => "Inner Circle",
                Zone::Supporting => "supporting",
                Zone::Attached => "attached",
                Zone::Conflict => "conflict",
                Zone::Agenda => "agenda",
                _ => "",
            };
            let mut parts = vec![def.card_type.name().to_string()];
            if !place.is_empty() {
                parts.push(place.to_string());
            }
            if inst.controller != p && inst.zone.in_play() {
                parts.push(format!("{}'s", game.player_name(inst.controller)));
            }
            if copies > 1 {
                parts.push(format!("{copies} copies"));
            }
            format!("{} ({})", def.name, parts.join(", "))
        }
    }
}

fn handle(kind: GroupKind) -> String {
    match kind {
        GroupKind::Pass => "pass".into(),
        GroupKind::Card(c) => c.0.to_string(),
        GroupKind::Build => "build".into(),
        GroupKind::Buy => "buy".into(),
        GroupKind::Agenda => "agenda".into(),
        GroupKind::War => "war".into(),
        GroupKind::Surrender => "surrender".into(),
        GroupKind::Mulligan => "mulligan".into(),
        GroupKind::Vote => "vote".into(),
        GroupKind::Reserve => "reserve".into(),
        GroupKind::Chaos => "chaos".into(),
        GroupKind::JoinWar => "joinwar".into(),
        GroupKind::EffectChoice => "effectchoice".into(),
    }
}

/// The menu of `legal` (the legal actions of `p`, as `legal_actions` gives
/// them): grouped, labelled, copies in hand merged. Groups come in a fixed
/// order: pass first, then cards by number, then build, buy, agenda, war,
/// mulligan; choices keep the engine's order.
pub fn menu(game: &Game, p: PlayerId, legal: &[Action]) -> Menu {
    let mut groups: Vec<Group> = Vec::new();
    for a in legal {
        let kind = kind_of(game, p, a);
        // A copy's action is the representative's action: keep one.
        if let (GroupKind::Card(rep), Some(c)) = (kind, a.card()) {
            if rep != c && legal.contains(&with_card(*a, rep)) {
                continue;
            }
        }
        let cost = applied_influence(game, p, a);
        let choice = Choice {
            action: *a,
            label: label(game, a, cost),
            cost,
        };
        match groups.iter_mut().find(|g| g.kind == kind) {
            Some(g) => g.choices.push(choice),
            None => groups.push(Group {
                kind,
                handle: handle(kind),
                title: String::new(),
                copies: 1,
                choices: vec![choice],
            }),
        }
    }
    groups.sort_by_key(|g| g.kind);
    for g in &mut groups {
        if let GroupKind::Card(c) = g.kind {
            let inst = game.card(c);
            if inst.zone == Zone::Hand {
                let n = (0..game.card_count() as u16)
                    .map(CardId)
                    .filter(|&x| {
                        let i = game.card(x);
                        i.zone == Zone::Hand && i.owner == p && i.def == inst.def
                    })
                    .count();
                g.copies = n.min(u8::MAX as usize) as u8;
            }
        }
        g.title = title(game, p, g.kind, g.copies);
    }
    Menu { groups }
}
