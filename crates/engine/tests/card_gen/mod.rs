//! A generator of card files as TOML text, from the vocabulary of
//! docs/card-format.md, biased toward card text that answers itself or
//! other cards of its set: effects whose trigger they cause, conditions and
//! thresholds reading what they change, amounts reading what is being
//! changed, attacks from attack triggers, cards leaving play from
//! leaves-play triggers, delayed effects that schedule more. Not every
//! card it writes loads: the loader refuses what can never work, and the
//! test counts those.
//!
//! Every name written here is invented ("Fuzz ..." plus a number).

use crate::common::Rng;

// ---------------------------------------------------------------------------
// Inline TOML values.

/// A TOML value, written inline.
#[derive(Clone, Debug, PartialEq)]
pub enum V {
    I(i64),
    B(bool),
    S(String),
    A(Vec<V>),
    T(Vec<(String, V)>),
}

fn s(x: &str) -> V {
    V::S(x.to_string())
}

fn t(kv: Vec<(&str, V)>) -> V {
    V::T(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

impl V {
    /// Adds a key to a table (no-op on other values).
    fn with(mut self, k: &str, v: V) -> V {
        if let V::T(kv) = &mut self {
            kv.retain(|(x, _)| x != k);
            kv.push((k.to_string(), v));
        }
        self
    }

    fn write(&self, out: &mut String) {
        match self {
            V::I(n) => out.push_str(&n.to_string()),
            V::B(b) => out.push_str(if *b { "true" } else { "false" }),
            V::S(x) => {
                out.push('"');
                for c in x.chars() {
                    match c {
                        '"' => out.push_str("\\\""),
                        '\\' => out.push_str("\\\\"),
                        _ => out.push(c),
                    }
                }
                out.push('"');
            }
            V::A(v) => {
                out.push('[');
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    x.write(out);
                }
                out.push(']');
            }
            V::T(kv) => {
                if kv.is_empty() {
                    out.push_str("{}");
                    return;
                }
                out.push_str("{ ");
                for (i, (k, x)) in kv.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(k);
                    out.push_str(" = ");
                    x.write(out);
                }
                out.push_str(" }");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The vocabulary's words.

const ABILITIES: [&str; 5] = ["diplomacy", "intrigue", "psi", "leadership", "military"];
const MARKS: [&str; 6] = [
    "destiny",
    "doom",
    "strife",
    "conspiracy",
    "shadow",
    "vorlon",
];
const RACES: [&str; 8] = [
    "centauri",
    "human",
    "minbari",
    "narn",
    "non-aligned",
    "neutral",
    "shadow",
    "vorlon",
];
const PLAYER_RACES: [&str; 5] = ["centauri", "human", "minbari", "narn", "non-aligned"];
const WHOS: [&str; 5] = ["self", "target", "each", "others", "leader"];
const DURATIONS: [&str; 6] = [
    "turn",
    "while-rotated",
    "conflict",
    "permanent",
    "printed",
    "while-in-play",
];
/// The durations a bonus takes but nothing else (`printed` left out).
const DURATIONS_NOT_PRINTED: [&str; 5] = [
    "turn",
    "while-rotated",
    "conflict",
    "permanent",
    "while-in-play",
];
const STATES: [&str; 6] = [
    "alliance",
    "free-trade",
    "non-aggression",
    "mutual-defense",
    "embargo",
    "truce",
];
const RESTRICTIONS: [&str; 15] = [
    "be-promoted",
    "ready",
    "participate",
    "participate-in-this-conflict",
    "be-blanked",
    "be-discarded",
    "be-targeted",
    "be-targeted-by-conflicts",
    "declare-conflicts",
    "be-targeted-by-others",
    "be-rotated-by-others",
    "be-rotated-by-other-isa-members",
    "gain-influence",
    "sponsor",
    "play",
];
const VOTE_RULES: [&str; 5] = [
    "cast-votes-of",
    "counts-twice",
    "cannot-vote",
    "extra-yes",
    "extra-no",
];
const TYPES: [&str; 10] = [
    "character",
    "group",
    "fleet",
    "location",
    "enhancement",
    "agenda",
    "event",
    "conflict",
    "aftermath",
    "contingency",
];
const IN_PLAY_TYPES: [&str; 7] = [
    "character",
    "group",
    "fleet",
    "location",
    "enhancement",
    "agenda",
    "aftermath",
];
const KEYWORDS: [&str; 12] = [
    "irrevocable",
    "mercenary",
    "applies damage first",
    "damage resistance 1",
    "damage resistance 3",
    "ranger",
    "psi corps",
    "corporate",
    "homeworld",
    "fuzzed",
    "ambassador's assistant",
    "isa",
];

/// What the cards of one set keep coming back to: most of their text reads
/// and changes the same thing, so that the cards feed each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Influence,
    Ability(usize),
    Attacks,
    LeavingPlay,
    Marks,
    LaterAndVotes,
    Power,
    Tension,
    ChaosAndReversal,
    Conflicts,
}

impl Theme {
    fn pick(rng: &mut Rng) -> Theme {
        match rng.below(10) {
            0 => Theme::Influence,
            1 => Theme::Ability(rng.below(5)),
            2 => Theme::Attacks,
            3 => Theme::LeavingPlay,
            4 => Theme::Marks,
            5 => Theme::LaterAndVotes,
            6 => Theme::Power,
            7 => Theme::Tension,
            8 => Theme::ChaosAndReversal,
            _ => Theme::Conflicts,
        }
    }
}

/// Where an effect list is written: what it may name.
#[derive(Clone, Copy, Debug)]
struct Cx {
    /// The card's `target` kind: "none", "player", "race", "card", "conflict".
    target: &'static str,
    /// The card has a second target.
    second: bool,
    /// The card is attached to another (`attached` names it).
    attached: bool,
    /// An attack trigger (`attacker` names the other card).
    attack: bool,
    /// A conflict's own effects (supporters, opposers, margins).
    conflict: bool,
    /// The card's own effect list as played (an event's, an action's, a
    /// contingency's): `reverse` has its moment there.
    top: bool,
    /// Inside a vote's outcome, a mode or an `each`: no vote, search or
    /// choice.
    flat: bool,
    /// The card that `this` names attacks (a character or fleet).
    this_attacks: bool,
    /// The card that `attached` names attacks.
    attached_attacks: bool,
    /// Nesting depth.
    depth: u32,
    /// Inside a `choose_player`'s `each`: `chosen` names the player chosen.
    chosen: bool,
}

impl Cx {
    fn new(target: &'static str) -> Cx {
        Cx {
            target,
            second: false,
            attached: false,
            attack: false,
            conflict: false,
            top: false,
            flat: false,
            this_attacks: false,
            attached_attacks: false,
            depth: 0,
            chosen: false,
        }
    }
}

/// One card set's generator.
pub struct Gen {
    rng: Rng,
    theme: Theme,
    /// The names of the set's cards (for `replaces`).
    names: Vec<String>,
    /// The card being written: its type, and the type of card it is
    /// attached to, if it is attached.
    ty: &'static str,
    host: Option<&'static str>,
}

/// A generated card: its name and its card-file text (one table).
pub struct GenCard {
    pub name: String,
    pub race: &'static str,
    pub text: String,
}

/// The name of the card generated from `seed`.
pub fn card_name(seed: u64) -> String {
    format!("Fuzz {seed:016x}")
}

/// Writes the cards of a set, one per seed, with a theme from `set_seed`.
pub fn card_set(set_seed: u64, seeds: &[u64]) -> Vec<GenCard> {
    let mut names: Vec<String> = seeds.iter().map(|&x| card_name(x)).collect();
    names.dedup();
    let mut theme_rng = Rng::new(set_seed);
    let theme = Theme::pick(&mut theme_rng);
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for &seed in seeds {
        if !seen.insert(seed) {
            continue;
        }
        let mut g = Gen {
            rng: Rng::new(seed ^ set_seed.rotate_left(17)),
            theme,
            names: names.clone(),
            ty: "event",
            host: None,
        };
        out.push(g.card(&card_name(seed)));
    }
    out
}

impl Gen {
    /// The context of one of the card's effect lists.
    fn cx(&self, target: &'static str) -> Cx {
        let attacks = |t: &str| matches!(t, "character" | "fleet");
        Cx {
            attached: self.host.is_some(),
            this_attacks: attacks(self.ty),
            attached_attacks: self.host.is_some_and(attacks),
            ..Cx::new(target)
        }
    }

    fn below(&mut self, n: usize) -> usize {
        self.rng.below(n)
    }

    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.rng.chance(num, den)
    }

    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        *self.rng.pick(v)
    }

    /// Whether this choice follows the set's theme.
    fn themed(&mut self) -> bool {
        self.chance(2, 3)
    }

    /// A small number, sometimes an extreme one the loader still accepts.
    fn num(&mut self, lo: i64, hi: i64) -> i64 {
        match self.below(20) {
            0 => hi,
            1 => lo,
            _ => {
                let (a, b) = (lo.max(0).min(hi), hi.min(3).max(lo));
                if a >= b {
                    a
                } else {
                    a + self.below((b - a + 1) as usize) as i64
                }
            }
        }
    }

    fn ability(&mut self) -> &'static str {
        let theme = self.theme;
        match theme {
            Theme::Ability(a) if self.themed() => ABILITIES[a],
            _ => self.pick(&ABILITIES),
        }
    }

    fn mark(&mut self) -> &'static str {
        self.pick(&MARKS)
    }

    // -----------------------------------------------------------------------
    // Filters, conditions, amounts.

    /// A filter for cards in a pile (a search, a choice from the hand):
    /// only what a card off the table shows.
    fn pile_filter(&mut self, types: &[&'static str]) -> V {
        let mut kv: Vec<(&str, V)> = Vec::new();
        if !types.is_empty() && self.chance(4, 5) {
            kv.push(("type", s(self.pick(types))));
        }
        match self.below(6) {
            0 => kv.push(("race", s(self.pick(&RACES)))),
            1 => kv.push(("not_race", s(self.pick(&RACES)))),
            2 => kv.push(("keyword", s(self.pick(&KEYWORDS)))),
            3 => kv.push(("gives_bonus", s(self.pick(&ABILITIES)))),
            _ => {}
        }
        t(kv)
    }

    /// A filter for a cost paid with another card: the player's own.
    fn own_filter(&mut self, types: &[&'static str]) -> V {
        let f = self.filter(types);
        match f {
            V::T(kv) => V::T(
                kv.into_iter()
                    .filter(|(k, _)| k != "side" && k != "ambassador")
                    .collect(),
            ),
            f => f,
        }
    }

    /// Now and then a play cost: another card of its player's rotated or
    /// neutralized as the card is played, sponsored or initiated.
    fn play_cost(&mut self, kv: &mut Vec<(&'static str, V)>) {
        if self.chance(1, 8) {
            let part = self.pick(&["rotate_other", "neutralize_other"]);
            let f = self.own_filter(&["character", "fleet", "location", "group"]);
            kv.push(("play_cost", t(vec![(part, f)])));
        }
    }

    /// The cards of `cannot = "play"`: this card's name or a type played
    /// from hand.
    fn play_restricted(&mut self) -> V {
        if self.chance(1, 3) {
            return t(vec![("itself", V::B(true))]);
        }
        let ty = self.pick(&["event", "contingency", "aftermath", "conflict"]);
        t(vec![("type", s(ty))])
    }

    fn filter(&mut self, types: &[&'static str]) -> V {
        let mut kv: Vec<(&str, V)> = Vec::new();
        let mut ty = "";
        if !types.is_empty() && self.chance(4, 5) {
            ty = self.pick(types);
            kv.push(("type", s(ty)));
        }
        if self.chance(1, 2) {
            let side = self.pick(&["own", "other", "any"]);
            kv.push(("side", s(side)));
        }
        let character = ty == "character";
        let participant = matches!(ty, "character" | "fleet" | "location");
        if self.chance(1, 3) {
            let a = self.ability();
            let n = self.num(0, 5);
            let which = self.pick(&["at_least", "at_most"]);
            kv.push((which, t(vec![(a, V::I(n))])));
        }
        let own_side = kv.iter().any(|(k, v)| *k == "side" && *v == s("own"));
        match self.below(20) {
            0 if character => kv.push(("row", s(self.pick(&["inner-circle", "supporting"])))),
            0 => kv.push(("row", s("supporting"))),
            1 => kv.push(("not_ambassador", V::B(true))),
            2 if character => kv.push(("ambassador", V::B(true))),
            3 => kv.push(("damaged", V::B(self.chance(1, 2)))),
            4 => kv.push(("rotated", V::B(self.chance(1, 2)))),
            5 => kv.push(("ready", V::B(true))),
            6 => kv.push(("neutralized", V::B(self.chance(1, 2)))),
            7 => kv.push(("keyword", s(self.pick(&KEYWORDS)))),
            8 => kv.push(("race", s(self.pick(&RACES)))),
            9 => kv.push(("not_race", s(self.pick(&RACES)))),
            10 if participant => kv.push(("participant", V::B(true))),
            11 if participant => kv.push(("conflict", s(self.pick(&ABILITIES)))),
            12 => kv.push(("targeted_by", s(self.pick(&ABILITIES)))),
            13 => kv.push(("ready_at_turn_start", V::B(self.chance(2, 3)))),
            14 => kv.push(("targeted_by_copy", V::B(self.chance(1, 3)))),
            15 => {
                let ty = self.pick(&["fleet", "character", "location"]);
                let side = self.pick(&["own", "other", "any"]);
                kv.push(("attacking", t(vec![("type", s(ty)), ("side", s(side))])));
            }
            16 => kv.push(("loyal", s(self.pick(&["own", "other"])))),
            17 => kv.push(("in_faction", s(self.pick(&["own", "other"])))),
            18 if matches!(ty, "" | "location") && !own_side => {
                kv.push(("controlled", V::B(self.chance(1, 2))))
            }
            18 => kv.push(("controlled", V::B(true))),
            _ => {}
        }
        t(kv)
    }

    fn condition(&mut self) -> V {
        // Now and then two conditions combined (`all_of`, `any_of`).
        if self.chance(1, 10) {
            let (a, b) = (self.one_condition(), self.one_condition());
            if a != b {
                let key = self.pick(&["all_of", "any_of"]);
                return t(vec![(key, V::A(vec![a, b]))]);
            }
        }
        self.one_condition()
    }

    fn one_condition(&mut self) -> V {
        let themed = self.themed();
        let k = if themed {
            match self.theme {
                Theme::Influence => self.pick(&[0, 1, 16]),
                Theme::Ability(_) => self.pick(&[17, 18, 17]),
                Theme::Attacks => self.pick(&[9, 17, 18]),
                Theme::LeavingPlay => self.pick(&[9, 9, 2]),
                Theme::Marks => 8,
                Theme::LaterAndVotes => self.pick(&[10, 11, 12]),
                Theme::Power => self.pick(&[2, 0]),
                Theme::Tension => self.pick(&[5, 6, 7, 15, 21]),
                Theme::ChaosAndReversal => 14,
                Theme::Conflicts => self.pick(&[13, 9, 20, 24]),
            }
        } else {
            self.below(25)
        };
        let n = |g: &mut Gen, lo, hi| V::I(g.num(lo, hi));
        match k {
            0 => t(vec![("influence_at_least", n(self, 0, 20))]),
            1 => t(vec![("influence_at_most", n(self, 0, 20))]),
            2 => t(vec![("power_at_least", n(self, 0, 20))]),
            3 => t(vec![("unrest_at_least", n(self, 1, 5))]),
            4 => t(vec![("unrest_at_most", n(self, 1, 5))]),
            5 => t(vec![("tension_at_least", n(self, 1, 5))]),
            6 => t(vec![("tension_at_most", n(self, 1, 5))]),
            7 => t(vec![("at_war", V::B(true))]),
            8 => {
                let m = self.mark();
                t(vec![("marks", t(vec![(m, n(self, 1, 3))]))])
            }
            9 => {
                let ty = self.pick(&["character", "fleet", "location", "group"]);
                t(vec![(
                    "controls",
                    t(vec![("count", n(self, 1, 4)), ("type", s(ty))]),
                )])
            }
            10 => t(vec![("babylon5_at_least", n(self, 0, 20))]),
            11 => t(vec![("shadows_at_least", n(self, 0, 20))]),
            12 => t(vec![("vorlons_at_least", n(self, 0, 20))]),
            13 => t(vec![("margin_at_least", n(self, 0, 10))]),
            14 => t(vec![("chaos_at_least", n(self, 0, 5))]),
            15 => t(vec![("state", s(self.pick(&STATES)))]),
            16 => t(vec![("race", s(self.pick(&PLAYER_RACES)))]),
            17 | 18 => {
                let a = self.ability();
                let which = if k == 17 {
                    "ability_at_least"
                } else {
                    "ability_at_most"
                };
                t(vec![(which, t(vec![(a, n(self, 0, 5))]))])
            }
            19 => t(vec![("credits_at_least", n(self, 0, 5))]),
            20 => t(vec![("targeted_by", s(self.pick(&ABILITIES)))]),
            21 => {
                let who = self.pick(&["self", "target", "others", "each", "narn"]);
                let toward = self.pick(&["target", "others", "each", "self"]);
                let bound = if self.chance(1, 2) {
                    "at_least"
                } else {
                    "at_most"
                };
                t(vec![(
                    "tension",
                    t(vec![
                        ("who", s(who)),
                        ("toward", s(toward)),
                        (bound, n(self, 1, 5)),
                        ("mutual", V::B(self.chance(1, 2))),
                    ]),
                )])
            }
            23 => t(vec![("first_action", V::B(true))]),
            24 => t(vec![("attack_made", V::B(true))]),
            _ => t(vec![("shadow_war", V::B(self.chance(1, 2)))]),
        }
    }

    fn card_word(&mut self, cx: &Cx) -> &'static str {
        let mut opts: Vec<&'static str> = vec!["this", "ambassador"];
        if cx.target == "card" {
            opts.extend(["target", "target", "target"]);
        }
        if cx.second {
            opts.extend(["second", "second"]);
        }
        if cx.attached {
            opts.extend(["attached", "attached"]);
        }
        if cx.attack {
            opts.extend(["attacker", "attacker", "attacker"]);
        }
        if cx.conflict {
            opts.extend(["supporters", "opposers"]);
        }
        self.pick(&opts)
    }

    /// One card (not every supporter or opposer).
    fn one_card(&mut self, cx: &Cx) -> &'static str {
        let c = self.card_word(cx);
        if matches!(c, "supporters" | "opposers") {
            "this"
        } else {
            c
        }
    }

    /// One card other than `not`, where there is one.
    fn other_card(&mut self, cx: &Cx, not: &str) -> &'static str {
        for _ in 0..8 {
            let c = self.one_card(cx);
            if c != not {
                return c;
            }
        }
        if not == "ambassador" {
            "this"
        } else {
            "ambassador"
        }
    }

    /// A number that is not 0 (a change of 0 "changes nothing").
    fn nonzero(&mut self, lo: i64, hi: i64) -> i64 {
        let n = self.num(lo, hi);
        if n == 0 {
            if hi > 0 {
                1
            } else {
                -1
            }
        } else {
            n
        }
    }

    fn who_word(&mut self, cx: &Cx) -> &'static str {
        let mut opts: Vec<&'static str> = vec!["self", "self", "each", "others"];
        if cx.target != "none" && cx.target != "conflict" {
            opts.extend(["target", "target"]);
        }
        if cx.conflict {
            opts.push("leader");
        }
        if cx.chosen {
            opts.extend(["chosen", "chosen", "chosen"]);
        }
        if self.chance(1, 100) {
            return self.pick(&WHOS);
        }
        // Each player of a race.
        if self.chance(1, 12) {
            return self.pick(&[
                "narn",
                "human",
                "minbari",
                "centauri",
                "non-aligned",
                "drakh",
            ]);
        }
        self.pick(&opts)
    }

    /// An amount: reads the game state when the effect happens.
    fn amount(&mut self, cx: &Cx, depth: u32) -> V {
        let k = if self.themed() {
            match self.theme {
                Theme::Influence => self.pick(&[1, 5]),
                Theme::Ability(_) | Theme::Attacks => 0,
                Theme::Power => 2,
                Theme::Tension => 3,
                Theme::Conflicts => 4,
                Theme::Marks | Theme::LeavingPlay => 9,
                _ => self.below(10),
            }
        } else {
            self.below(10)
        };
        let mut a = match k {
            0 => {
                let ab = self.ability();
                let of = self.card_word(cx);
                let mut v = t(vec![("ability", s(ab)), ("of", s(of))]);
                if self.chance(1, 4) {
                    v = v.with("printed", V::B(true));
                }
                v
            }
            1 => {
                let w = self.pick(&["self", "target", "each", "others", "babylon5", "shadows"]);
                t(vec![("influence", s(w))])
            }
            2 => t(vec![("power", s(self.who_word(cx)))]),
            3 => t(vec![("unrest", s(self.who_word(cx)))]),
            4 => t(vec![("per_margin", V::I(self.num(1, 255)))]),
            5 if self.chance(1, 2) => t(vec![("spent", s(self.who_word(cx)))]),
            5 => t(vec![("credits", s(self.card_word(cx)))]),
            6 if depth < 2 => {
                let x = self.amount(cx, depth + 1);
                t(vec![("half_of", x)])
            }
            7 if depth < 2 => {
                let which = self.pick(&["sum", "min_of", "max_of"]);
                let n = 1 + self.below(3);
                let items = (0..n)
                    .map(|_| {
                        if self.chance(1, 2) {
                            V::I(self.num(-999, 999))
                        } else {
                            self.amount(cx, depth + 1)
                        }
                    })
                    .collect();
                t(vec![(which, V::A(items))])
            }
            8 if self.chance(1, 2) => t(vec![("value", V::I(self.num(-999, 999)))]),
            // A card's marks, damage or cost; the cards on a side.
            8 => match self.below(4) {
                0 => {
                    let m = self.pick(&["destiny", "doom", "strife", "shadow"]);
                    t(vec![("marks", s(m)), ("of", s(self.card_word(cx)))])
                }
                1 => t(vec![("damage", s(self.card_word(cx)))]),
                2 => t(vec![("cost", s(self.card_word(cx)))]),
                _ => t(vec![("cards", s(self.pick(&["supporters", "opposers"])))]),
            },
            _ => {
                let f = self.filter(&["character", "fleet", "location", "group", "enhancement"]);
                t(vec![("count", f)])
            }
        };
        if self.chance(1, 4) {
            a = a.with("times", V::I(self.num(-99, 99)));
        }
        if self.chance(1, 5) {
            a = a.with("half", V::B(true));
            if self.chance(1, 2) {
                a = a.with("round", s("down"));
            }
        }
        if self.chance(1, 4) {
            a = a.with("plus", V::I(self.num(-999, 999)));
        }
        if self.chance(1, 5) {
            a = a.with("at_most", V::I(self.num(0, 999)));
        }
        a
    }

    /// A verb's number: a plain integer or an amount.
    fn count(&mut self, cx: &Cx, lo: i64, hi: i64) -> V {
        if self.chance(1, 3) {
            self.amount(cx, 0)
        } else {
            V::I(self.num(lo, hi))
        }
    }

    fn bonus_table(&mut self) -> V {
        let a = self.ability();
        let n = match self.below(6) {
            0 => -1,
            1 => 2,
            2 => -3,
            3 if self.chance(1, 4) => 127,
            _ => 1,
        };
        if self.chance(1, 8) {
            t(vec![("all", V::I(n))])
        } else {
            t(vec![(a, V::I(n))])
        }
    }

    fn attack_mod(&mut self) -> V {
        let mut kv: Vec<(&str, V)> = Vec::new();
        match self.below(6) {
            0 => kv.push(("deals", V::I(self.num(-128, 127)))),
            1 => kv.push(("deals_double", V::B(true))),
            2 => kv.push(("suffers", V::I(self.num(-128, 127)))),
            3 => kv.push(("suffers_half", V::B(true))),
            4 => kv.push(("deals_printed", V::B(true))),
            _ => kv.push(("no_return", V::B(true))),
        }
        // Nothing raises the damage of a card dealing its printed ability.
        let printed = kv.iter().any(|(k, _)| *k == "deals_printed");
        if !printed && self.chance(1, 3) && !kv.iter().any(|(k, _)| *k == "deals") {
            kv.push(("deals", V::I(1)));
        }
        if let Some((_, V::I(0))) = kv.first() {
            kv[0].1 = V::I(2);
        }
        t(kv)
    }

    // -----------------------------------------------------------------------
    // Effects.

    fn effects(&mut self, cx: &Cx, n: usize) -> V {
        let mut v = Vec::new();
        for i in 0..n {
            let mut e = self.effect(cx);
            if i > 0 && self.chance(1, 6) {
                e = e.with("then", V::B(true));
            }
            if self.chance(1, 8) {
                let c = self.condition();
                e = e.with("if", c);
            }
            let last = is_last_only(&e);
            v.push(e);
            if last {
                break;
            }
        }
        V::A(v)
    }

    fn effect(&mut self, cx: &Cx) -> V {
        // Verbs by theme; anything else a third of the time.
        let k: usize = if self.themed() {
            let opts: &[usize] = match self.theme {
                Theme::Influence => &[0, 1, 2, 3, 4, 46, 47, 12],
                Theme::Ability(_) => &[18, 19, 42, 43, 20, 21, 18, 19],
                Theme::Attacks => &[57, 57, 14, 58, 23, 24, 25, 51, 41],
                Theme::LeavingPlay => &[27, 28, 36, 37, 26, 44, 27, 28, 55],
                Theme::Marks => &[15, 15, 40, 50, 38],
                Theme::LaterAndVotes => &[35, 35, 32, 39, 32, 33, 34],
                Theme::Power => &[5, 6, 48, 53, 54, 45],
                Theme::Tension => &[7, 7, 16, 17, 59, 60, 31, 56, 63],
                Theme::ChaosAndReversal => &[38, 51, 49, 61, 50, 62],
                Theme::Conflicts => &[29, 29, 30, 30, 36, 0],
            };
            self.pick(opts)
        } else {
            self.below(64)
        };
        let card = |g: &mut Gen| s(g.card_word(cx));
        let who = |g: &mut Gen| s(g.who_word(cx));
        let deeper = Cx {
            depth: cx.depth + 1,
            top: false,
            ..*cx
        };
        let flat = Cx {
            flat: true,
            ..deeper
        };
        let nested = cx.depth < 2 && !cx.flat;
        match k {
            0 => t(vec![
                ("gain_influence", self.count(cx, 0, 255)),
                ("who", who(self)),
            ]),
            1 => t(vec![
                ("lose_influence", self.count(cx, 0, 255)),
                ("who", who(self)),
            ]),
            2 => t(vec![
                ("transfer_influence", self.count(cx, 0, 255)),
                ("who", who(self)),
                ("to", who(self)),
            ]),
            3 => t(vec![
                ("restore", self.count(cx, 0, 255)),
                ("who", who(self)),
            ]),
            4 => t(vec![
                ("extra_influence", self.count(cx, 0, 255)),
                ("who", who(self)),
            ]),
            5 => t(vec![
                ("gain_power", self.count(cx, 0, 255)),
                ("who", who(self)),
            ]),
            6 => t(vec![
                ("lose_power", self.count(cx, 0, 255)),
                ("who", who(self)),
            ]),
            7 => {
                let mut e = t(vec![
                    ("tension", self.count(cx, -128, 127)),
                    ("who", who(self)),
                ]);
                if self.chance(1, 2) {
                    e = e.with("toward", who(self));
                } else if self.chance(1, 3) {
                    e = e.with("toward_race", s(self.pick(&PLAYER_RACES)));
                } else if self.chance(1, 4) {
                    // The race of a card, in play or not (the first
                    // attacker: a conflict's own effects only).
                    let of = if cx.conflict {
                        self.pick(&["first_attacker", "this", "first_attacker"])
                    } else {
                        "this"
                    };
                    e = e.with("toward_race_of", s(of));
                }
                if self.chance(1, 3) {
                    e = e.with("mutual", V::B(true));
                }
                e
            }
            8 => t(vec![
                ("unrest", self.count(cx, -128, 127)),
                ("who", who(self)),
            ]),
            9 => t(vec![("babylon5", self.count(cx, -128, 127))]),
            10 => t(vec![("shadows", self.count(cx, -128, 127))]),
            11 => t(vec![("vorlons", self.count(cx, -128, 127))]),
            12 => t(vec![("draw", self.count(cx, 0, 20)), ("who", who(self))]),
            13 => t(vec![
                ("crusade_draw", self.count(cx, 0, 20)),
                ("who", who(self)),
            ]),
            14 => t(vec![
                ("damage", self.count(cx, 0, 255)),
                ("card", card(self)),
            ]),
            15 => {
                let m = self.mark();
                t(vec![
                    ("mark", s(m)),
                    ("card", card(self)),
                    ("count", V::I(self.num(-128, 127))),
                ])
            }
            16 => t(vec![("war", V::B(true)), ("with", who(self))]),
            17 => t(vec![("peace", V::B(true)), ("with", who(self))]),
            18 => {
                let b = self.bonus_table();
                let mut e = t(vec![("bonus", b), ("card", card(self))]);
                if self.chance(2, 3) {
                    e = e.with("duration", s(self.pick(&DURATIONS)));
                }
                if self.chance(1, 2) {
                    let a = self.amount(cx, 0);
                    e = e.with("amount", a);
                }
                e
            }
            19 => {
                let a = self.ability();
                let d = self.pick(&DURATIONS);
                t(vec![
                    ("double", s(a)),
                    ("card", card(self)),
                    ("duration", s(d)),
                ])
            }
            20 => t(vec![("rotate", V::B(true)), ("card", card(self))]),
            21 => t(vec![("ready", V::B(true)), ("card", card(self))]),
            22 => t(vec![("heal", V::B(true)), ("card", card(self))]),
            23 => t(vec![("full_heal", V::B(true)), ("card", card(self))]),
            24 => t(vec![
                ("remove_damage", self.count(cx, 0, 255)),
                ("card", card(self)),
            ]),
            25 => t(vec![("neutralize", V::B(true)), ("card", card(self))]),
            26 => t(vec![("discard", V::B(true)), ("card", card(self))]),
            27 => t(vec![
                (self.pick(&["return_to_hand", "withdraw"]), V::B(true)),
                ("card", card(self)),
            ]),
            28 => t(vec![
                ("discard_ambassador", V::B(true)),
                ("card", card(self)),
            ]),
            29 => t(vec![("support", self.count(cx, 0, 255))]),
            30 => t(vec![("opposition", self.count(cx, 0, 255))]),
            31 => t(vec![(
                self.pick(&["cancel_conflict", "cancel_attack", "surrender"]),
                V::B(true),
            )]),
            32 if nested => {
                let kind = self.pick(&["player", "babylon5"]);
                let mut e = t(vec![("vote", s(kind))]);
                if self.chance(3, 4) {
                    let n = 1 + self.below(2);
                    let p = self.effects(&flat, n);
                    e = e.with("pass", p);
                }
                if self.chance(1, 2) {
                    let n = 1 + self.below(2);
                    let f = self.effects(&flat, n);
                    e = e.with("fail", f);
                }
                e
            }
            33 => t(vec![(self.pick(&["found_isa", "join_isa"]), V::B(true))]),
            34 => {
                let r = self.pick(&VOTE_RULES);
                let mut e = t(vec![("vote_rule", s(r))]);
                if r.starts_with("extra") {
                    if self.chance(1, 2) {
                        e = e.with("count", V::I(self.nonzero(1, 127)));
                    }
                } else if self.chance(1, 2) {
                    e = e.with("who", who(self));
                }
                if self.chance(1, 3) {
                    e = e.with("next", s("babylon5"));
                }
                e
            }
            35 if nested && self.chance(1, 3) => {
                let n = 1 + self.below(3);
                let inner = self.effects(&deeper, n);
                let who = self.pick(&["target", "others", "each", "self"]);
                t(vec![
                    ("unless_paid", V::I(self.num(0, 51))),
                    ("who", s(who)),
                    ("effects", inner),
                ])
            }
            35 if nested => {
                let when = self.pick(&["end-of-turn", "start-of-next-turn"]);
                let n = 1 + self.below(3);
                let inner = self.effects(&deeper, n);
                t(vec![("later", s(when)), ("effects", inner)])
            }
            36 if nested => {
                let pile = self.pick(&["deck", "reserve"]);
                let put = self.pick(&["hand", "play", "discard"]);
                let f = if put == "play" {
                    let ty = self.pick(&["character", "fleet", "location", "group"]);
                    self.pile_filter(&[]).with("type", s(ty))
                } else {
                    self.pile_filter(&["character", "fleet", "location", "group", "event"])
                };
                let mut e = t(vec![("search", s(pile)), ("filter", f), ("put", s(put))]);
                if self.chance(1, 3) {
                    e = e.with("up_to", V::I(self.num(1, 5)));
                }
                if self.chance(1, 4) {
                    e = e.with("show", V::B(true));
                }
                if put == "play" && self.chance(1, 2) {
                    let inner = self.effects(
                        &Cx {
                            target: "card",
                            ..flat
                        },
                        1,
                    );
                    e = e.with("each", inner);
                }
                e
            }
            37 if nested => {
                let from = self.pick(&["hand", "play"]);
                let put = if from == "hand" {
                    self.pick(&["discard", "play"])
                } else {
                    self.pick(&["stay", "discard"])
                };
                let mut e = t(vec![("choose", s(from)), ("put", s(put))]);
                if self.chance(2, 3) || put == "play" {
                    let f = if from == "play" {
                        self.filter(&["character", "fleet", "location", "group"])
                    } else if put == "play" {
                        let ty = self.pick(&["character", "fleet", "location", "group"]);
                        self.pile_filter(&[]).with("type", s(ty))
                    } else {
                        self.pile_filter(&["character", "fleet", "event", "conflict"])
                    };
                    e = e.with("filter", f);
                }
                if self.chance(1, 2) {
                    e = e.with("up_to", V::I(self.num(1, 5)));
                }
                if (put == "play" || put == "stay") && self.chance(2, 3) {
                    let n = 1 + self.below(2);
                    let inner = self.effects(
                        &Cx {
                            target: "card",
                            ..flat
                        },
                        n,
                    );
                    e = e.with("each", inner);
                }
                // What follows the choosing, naming the cards chosen.
                if self.chance(1, 3) {
                    let mut after = vec![t(vec![(
                        "draw",
                        t(vec![("cards", s("chosen")), ("at_most", V::I(3))]),
                    )])];
                    if put == "stay" && self.chance(1, 2) {
                        after.push(t(vec![
                            ("bonus", t(vec![("leadership", V::I(1))])),
                            ("card", s("chosen")),
                            ("duration", s("turn")),
                        ]));
                    }
                    e = e.with("after", V::A(after));
                }
                e
            }
            38 => t(vec![
                (
                    if self.chance(1, 2) {
                        "chaos"
                    } else {
                        "credits"
                    },
                    V::I(self.num(-128, 127)),
                ),
                ("card", card(self)),
            ]),
            39 if nested => {
                let n = 2 + self.below(2);
                let modes = (0..n)
                    .map(|_| {
                        let k = 1 + self.below(2);
                        self.effects(&flat, k)
                    })
                    .collect();
                t(vec![("choose_one", V::A(modes))])
            }
            40 => {
                let from = self.mark();
                let mut into = self.mark();
                if into == from {
                    into = if from == "doom" { "destiny" } else { "doom" };
                }
                t(vec![
                    ("convert_mark", s(from)),
                    ("into", s(into)),
                    ("card", card(self)),
                    ("count", V::I(self.num(1, 127))),
                ])
            }
            41 => t(vec![
                ("severe_damage", self.count(cx, 0, 255)),
                ("card", card(self)),
            ]),
            42 => {
                let a = self.ability();
                let d = self.pick(&DURATIONS_NOT_PRINTED);
                let verb = if self.chance(1, 2) { "set" } else { "becomes" };
                t(vec![
                    (verb, t(vec![(a, V::I(self.num(0, 255)))])),
                    ("card", card(self)),
                    ("duration", s(d)),
                ])
            }
            43 => {
                let e = t(vec![
                    ("sponsor_discount", self.count(cx, 0, 255)),
                    ("who", who(self)),
                ]);
                if self.chance(1, 2) {
                    let f = self.pile_filter(&["character", "fleet", "location", "group"]);
                    e.with("filter", f)
                } else {
                    e
                }
            }
            44 => {
                let d = self.pick(&DURATIONS_NOT_PRINTED);
                t(vec![
                    ("blank", V::B(true)),
                    ("card", card(self)),
                    ("duration", s(d)),
                ])
            }
            45 => t(vec![
                ("count_only_influence", V::B(true)),
                ("who", who(self)),
                (
                    "duration",
                    s(self.pick(&["turn", "while-in-play", "permanent"])),
                ),
            ]),
            46 => t(vec![
                ("influence_rating", V::I(self.nonzero(-128, 127))),
                ("who", who(self)),
                (
                    "duration",
                    s(self.pick(&["turn", "while-in-play", "permanent"])),
                ),
            ]),
            47 => {
                let from = self.who_word(cx);
                let to = if from == "self" { "others" } else { "self" };
                t(vec![
                    ("transfer_influence", V::I(self.nonzero(0, 255))),
                    ("who", s(from)),
                    ("to", s(to)),
                ])
            }
            48 => {
                let from = self.who_word(cx);
                let to = match from {
                    "self" if cx.chosen && self.chance(1, 2) => "chosen",
                    "self" => "target",
                    _ => "self",
                };
                t(vec![
                    ("transfer_power", V::I(self.nonzero(0, 255))),
                    ("who", s(from)),
                    ("to", s(to)),
                ])
            }
            49..=51 => {
                let from = self.one_card(cx);
                let onto = self.other_card(cx, from);
                let verb = ["transfer_chaos", "move_mark", "transfer_damage"][k - 49];
                if verb == "move_mark" {
                    t(vec![
                        ("move_mark", s(self.mark())),
                        ("card", s(from)),
                        ("onto", s(onto)),
                        ("count", V::I(self.nonzero(1, 127))),
                    ])
                } else {
                    t(vec![
                        (verb, V::I(self.nonzero(0, 255))),
                        ("card", s(from)),
                        ("onto", s(onto)),
                    ])
                }
            }
            52 => {
                let a = self.ability();
                let mut b = self.ability();
                if a == b {
                    b = if a == "psi" { "military" } else { "psi" };
                }
                t(vec![
                    ("use_ability", s(a)),
                    ("as", s(b)),
                    ("card", s(self.one_card(cx))),
                ])
            }
            53 => t(vec![
                ("power_to_win", V::I(self.nonzero(-19, 100))),
                ("who", who(self)),
                (
                    "duration",
                    s(self.pick(&["turn", "while-in-play", "permanent"])),
                ),
            ]),
            54 => {
                let c = self.other_card(cx, "ambassador");
                let c = if matches!(c, "attacker" | "second") {
                    "this"
                } else {
                    c
                };
                let mut e = t(vec![("promote", V::B(true)), ("card", s(c))]);
                if self.chance(1, 2) {
                    e = e.with("free", V::B(true));
                }
                e
            }
            55 => t(vec![("shadow_war", s(self.pick(&["start", "end"])))]),
            56 => {
                let st = self.pick(&STATES);
                let verb = self.pick(&["start_state", "end_state"]);
                t(vec![(verb, s(st)), ("with", who(self))])
            }
            57 => {
                // Now and then the target's highest (its controller names
                // one on a tie).
                let a = if self.chance(1, 4) {
                    "highest"
                } else {
                    self.ability()
                };
                let mut by = match self.below(4) {
                    0 if cx.this_attacks => "this",
                    1 if cx.attached_attacks => "attached",
                    2 if cx.target == "card" => "target",
                    _ => "ambassador",
                };
                if cx.this_attacks && cx.attack && self.chance(1, 2) {
                    by = "this";
                }
                let mut opts: Vec<&'static str> = vec!["ambassador"];
                if cx.attack {
                    opts.extend(["attacker", "attacker", "attacker"]);
                }
                if cx.target == "card" {
                    opts.extend(["target", "target"]);
                }
                if cx.second {
                    opts.push("second");
                }
                if cx.this_attacks {
                    opts.push("this");
                }
                if cx.attached_attacks {
                    opts.push("attached");
                }
                opts.retain(|&c| c != by);
                let target = if opts.is_empty() {
                    "ambassador"
                } else {
                    self.pick(&opts)
                };
                let target = if target == by { "ambassador" } else { target };
                let by = if target == by { "this" } else { by };
                t(vec![("attack", s(a)), ("by", s(by)), ("card", s(target))])
            }
            58 => {
                let m = self.attack_mod();
                let d = if self.chance(1, 6) {
                    "attack"
                } else {
                    self.pick(&DURATIONS_NOT_PRINTED)
                };
                t(vec![
                    ("attack_mod", m),
                    ("card", card(self)),
                    ("duration", s(d)),
                ])
            }
            59 => {
                let r = self.pick(&RESTRICTIONS);
                let mut e = t(vec![("cannot", s(r))]);
                if r == "sponsor" {
                    let ty = self.pick(&["character", "fleet", "location", "group"]);
                    e = e.with("cards", t(vec![("type", s(ty))]));
                    e = e.with("who", who(self));
                } else if r == "play" {
                    e = e.with("cards", self.play_restricted());
                    e = e.with("who", who(self));
                } else if r == "declare-conflicts" || r == "gain-influence" {
                    e = e.with("who", who(self));
                } else {
                    e = e.with("card", card(self));
                }
                if r != "participate-in-this-conflict" && self.chance(1, 2) {
                    e = e.with("duration", s(self.pick(&DURATIONS_NOT_PRINTED)));
                }
                e
            }
            60 => t(vec![
                ("discard_random", self.count(cx, 0, 20)),
                ("who", who(self)),
            ]),
            61 if cx.top => t(vec![(
                "reverse",
                s(self.pick(&["event", "contingency", "conflict"])),
            )]),
            62 => t(vec![("negate", s("conflict"))]),
            // "One player of your choice": what follows names him.
            63 if nested => {
                let among = self.pick(&["others", "each", "others"]);
                let mut e = t(vec![("choose_player", s(among))]);
                if self.chance(1, 3) {
                    e = e.with("except", who(self));
                }
                if self.chance(1, 3) {
                    e = e.with("at_war_with", who(self));
                }
                if cx.target == "player" && self.chance(1, 3) {
                    e = e.with("who", s("target"));
                }
                let n = 1 + self.below(2);
                let mut inner = self.effects(
                    &Cx {
                        chosen: true,
                        ..flat
                    },
                    n,
                );
                // Mostly one that names him (the loader refuses an `each`
                // that names nobody chosen).
                if let V::A(list) = &mut inner {
                    if !names_str(&V::A(list.clone()), "chosen") && self.chance(4, 5) {
                        list.insert(0, t(vec![("draw", V::I(1)), ("who", s("chosen"))]));
                    }
                }
                e.with("each", inner)
            }
            _ => t(vec![("gain_influence", V::I(1))]),
        }
    }

    // -----------------------------------------------------------------------
    // Lasting effects, triggers, actions.

    fn passive(&mut self, ty: &'static str) -> V {
        let k = if self.themed() {
            let opts: &[usize] = match self.theme {
                Theme::Influence => &[11, 11, 12, 4],
                Theme::Ability(_) => &[0, 0, 0, 14],
                Theme::Attacks => &[5, 6, 14, 14],
                Theme::LeavingPlay => &[8, 9, 0],
                Theme::Marks => &[8, 8, 0],
                Theme::LaterAndVotes => &[2, 3, 4],
                Theme::Power => &[15, 16, 18, 11],
                Theme::Tension => &[9, 7, 17],
                Theme::ChaosAndReversal => &[9, 0, 8],
                Theme::Conflicts => &[7, 7, 9, 17],
            };
            self.pick(opts)
        } else {
            self.below(19)
        };
        let kinds = ["character", "fleet", "location", "group"];
        let mut p = match k {
            0 => {
                let b = self.bonus_table();
                let f = if self.chance(1, 4) {
                    t(vec![("itself", V::B(true))])
                } else {
                    self.filter(&kinds)
                };
                t(vec![("bonus", b), ("to", f)])
            }
            1 => t(vec![
                ("discount", V::I(self.num(0, 255))),
                ("to", self.filter(&kinds)),
            ]),
            2 => t(vec![("extra_draw", V::I(self.num(0, 255)))]),
            3 => t(vec![("draw_instead", V::I(self.num(2, 255).max(2)))]),
            4 => t(vec![("extra_influence", V::I(self.num(0, 255)))]),
            5 => t(vec![
                ("attack_damage", V::I(self.num(0, 255))),
                ("to", self.filter(&["character", "fleet"])),
            ]),
            6 => t(vec![
                ("damage_resistance", V::I(self.num(0, 255))),
                ("to", self.filter(&["character", "fleet", "location"])),
            ]),
            7 => t(vec![("extra_conflict", V::I(self.num(0, 255)))]),
            8 => {
                let m = self.mark();
                let mut p = t(vec![("marks", t(vec![(m, V::I(self.num(1, 5)))]))]);
                if self.chance(1, 2) {
                    p = p.with("to", self.filter(&kinds));
                }
                p
            }
            9 => {
                let mut r = self.pick(&RESTRICTIONS);
                if r == "participate-in-this-conflict" {
                    r = "participate";
                }
                if r == "declare-conflicts" || r == "gain-influence" {
                    t(vec![
                        ("cannot", s(r)),
                        ("who", s(self.pick(&["self", "others", "each"]))),
                    ])
                } else if r == "sponsor" {
                    let ty = self.pick(&kinds);
                    t(vec![
                        ("cannot", s(r)),
                        ("cards", t(vec![("type", s(ty))])),
                        ("who", s("others")),
                    ])
                } else if r == "play" {
                    t(vec![
                        ("cannot", s(r)),
                        ("cards", self.play_restricted()),
                        ("who", s(self.pick(&["self", "others", "each"]))),
                    ])
                } else {
                    t(vec![("cannot", s(r)), ("to", self.filter(&kinds))])
                }
            }
            10 => t(vec![
                ("surcharge", V::I(self.num(0, 255))),
                ("to", self.filter(&kinds)),
                ("who", s(self.pick(&["self", "others", "each"]))),
            ]),
            11 => t(vec![("influence_rating", V::I(self.nonzero(-128, 127)))]),
            12 => t(vec![("initiative", V::I(self.nonzero(-128, 127)))]),
            13 => {
                let mut p = t(vec![("sponsor", V::B(true)), ("to", self.filter(&kinds))]);
                if self.chance(1, 2) {
                    p = p.with("free", V::B(true));
                }
                p
            }
            14 => {
                let m = self.attack_mod();
                let mut p = t(vec![("attack_mod", m)]);
                if self.chance(1, 2) {
                    p = p.with("to", self.filter(&["character", "fleet", "location"]));
                }
                p
            }
            15 => t(vec![
                ("power_to_win", V::I(self.nonzero(-19, 100))),
                ("who", s(self.pick(&["self", "others", "each"]))),
            ]),
            16 => t(vec![
                ("cannot_win", V::B(true)),
                ("who", s(self.pick(&["self", "others", "each"]))),
            ]),
            17 => t(vec![
                ("war_conflicts", V::B(true)),
                (
                    "who",
                    s(self.pick(&["others", "narn", "human", "centauri"])),
                ),
            ]),
            _ => {
                let c = self.condition();
                t(vec![("also_win_if", c), ("major", V::B(self.chance(1, 2)))])
            }
        };
        // A condition, often on what the entry itself changes.
        if self.chance(1, 2) {
            let c = self.condition();
            p = p.with("if", c);
        }
        let _ = ty;
        p
    }

    fn trigger_word(
        &mut self,
        ty: &'static str,
        attached_to: Option<&'static str>,
    ) -> &'static str {
        let host = attached_to.unwrap_or(ty);
        let mut opts: Vec<&'static str> = vec![
            "targeted",
            "conflict-won",
            "conflict-lost",
            "gained-influence",
            "attack-in-conflict",
            "contested-war-won",
            "fleet-neutralized",
        ];
        if attached_to.is_none() {
            opts.extend(["leaves-play", "leaves-play"]);
        }
        if matches!(host, "character" | "fleet") {
            opts.extend(["attacks", "attacks", "neutralized-target"]);
        }
        if matches!(host, "character" | "fleet" | "location") {
            opts.extend(["attacked", "attacked", "survived-attack", "survived-attack"]);
        }
        let themed = self.themed();
        match self.theme {
            Theme::Attacks if themed && matches!(host, "character" | "fleet") => self.pick(&[
                "attacked",
                "attacks",
                "survived-attack",
                "neutralized-target",
            ]),
            Theme::LeavingPlay if themed && attached_to.is_none() => "leaves-play",
            Theme::Influence if themed => "gained-influence",
            Theme::Conflicts if themed => self.pick(&["conflict-won", "conflict-lost", "targeted"]),
            _ => {
                if self.chance(1, 200) {
                    self.pick(&["event-targeted", "action-targeted"])
                } else if self.chance(1, 30) {
                    // A trigger that watches events being played.
                    "event-played"
                } else if self.chance(1, 30) {
                    // A trigger that watches cards entering play.
                    "enters-play"
                } else if self.chance(1, 30) {
                    // A trigger that watches attacks.
                    "card-attacked"
                } else {
                    self.pick(&opts)
                }
            }
        }
    }

    fn trigger(&mut self, ty: &'static str, attached_to: Option<&'static str>) -> V {
        let on = self.trigger_word(ty, attached_to);
        let cx = Cx {
            attack: matches!(
                on,
                "attacked" | "attacks" | "neutralized-target" | "survived-attack" | "card-attacked"
            ),
            conflict: matches!(on, "conflict-won" | "conflict-lost" | "targeted"),
            ..self.cx("none")
        };
        let n = 1 + self.below(3);
        let effects = self.effects(&cx, n);
        let mut tr = t(vec![("on", s(on)), ("effects", effects)]);
        if on == "event-played" && self.chance(1, 2) {
            let side = self.pick(&["own", "other", "any"]);
            tr = tr.with("card", t(vec![("type", s("event")), ("side", s(side))]));
        }
        if on == "enters-play" && self.chance(2, 3) {
            let f = self.filter(&["character", "fleet", "location", "group"]);
            tr = tr.with("card", f);
        }
        if on == "card-attacked" {
            if self.chance(2, 3) {
                let f = self.filter(&["character", "fleet", "location"]);
                tr = tr.with("card", f);
            }
            if self.chance(1, 2) {
                let f = self.filter(&["character", "fleet"]);
                tr = tr.with("attacker", f);
            }
        }
        if on != "leaves-play" && self.chance(1, 4) {
            tr = tr.with("rotate", V::B(true));
        }
        tr
    }

    fn target_kind(&mut self, allow_conflict: bool) -> &'static str {
        let mut opts = vec!["none", "player", "race", "card", "card", "card"];
        if allow_conflict {
            opts.push("conflict");
        }
        self.pick(&opts)
    }

    /// `target`, `target_filter` and maybe a second target, as card fields.
    fn targets(
        &mut self,
        kv: &mut Vec<(&'static str, V)>,
        allow_conflict: bool,
        allow_second: bool,
    ) -> (&'static str, bool) {
        let tk = self.target_kind(allow_conflict);
        if tk != "none" {
            kv.push(("target", s(tk)));
        }
        if tk == "card" && self.chance(3, 4) {
            kv.push((
                "target_filter",
                self.filter(&["character", "fleet", "location", "group", "enhancement"]),
            ));
        }
        let mut second = false;
        if allow_second && (tk == "card" || tk == "player") && self.chance(1, 4) {
            second = true;
            kv.push((
                "second_target",
                self.filter(&["character", "fleet", "location"]),
            ));
            if self.chance(1, 2) {
                let rel = self.pick(&["any", "same-controller", "same-faction", "other-faction"]);
                kv.push(("second_relation", s(rel)));
            }
        }
        (tk, second)
    }

    fn action(&mut self, ty: &'static str, attached: bool) -> V {
        let mut kv: Vec<(&'static str, V)> = Vec::new();
        let mut cost: Vec<(&str, V)> = Vec::new();
        match self.below(8) {
            0 => cost.push(("rotate", V::B(false))),
            1 => cost.push(("influence", V::I(self.num(0, 255)))),
            2 => cost.push(("purge", t(vec![(self.mark(), V::I(self.num(1, 3)))]))),
            3 => cost.push(("discard", V::B(true))),
            4 => cost.push((
                "rotate_other",
                self.own_filter(&["character", "fleet", "location", "group"]),
            )),
            5 => cost.push((
                "neutralize_other",
                self.own_filter(&["character", "fleet", "location", "group"]),
            )),
            6 => {
                cost.push(("rotate", V::B(false)));
                cost.push(("credits", V::I(self.num(0, 101))));
            }
            _ => {}
        }
        if !cost.is_empty() {
            kv.push(("cost", t(cost)));
        }
        let (tk, second) = self.targets(&mut kv, false, true);
        if self.chance(1, 5) {
            kv.push(("if", self.condition()));
        }
        let _ = (ty, attached);
        let cx = Cx {
            second,
            top: true,
            ..self.cx(tk)
        };
        let n = 1 + self.below(3);
        kv.push(("effects", self.effects(&cx, n)));
        t(kv)
    }

    // -----------------------------------------------------------------------
    // A whole card.

    fn card(&mut self, name: &str) -> GenCard {
        let ty = if self.chance(2, 3) {
            self.pick(&IN_PLAY_TYPES)
        } else {
            self.pick(&TYPES)
        };
        let race = if self.chance(3, 4) {
            "neutral"
        } else {
            self.pick(&PLAYER_RACES)
        };
        let mut kv: Vec<(&'static str, V)> = vec![("type", s(ty))];
        if race != "neutral" {
            kv.push(("race", s(race)));
        }
        if !(ty == "agenda" && self.chance(1, 3)) {
            kv.push(("cost", V::I(self.below(4) as i64)));
        }
        let abilities = |g: &mut Gen, kv: &mut Vec<(&'static str, V)>| {
            for a in ABILITIES {
                if g.chance(1, 2) {
                    let v = if g.chance(1, 25) {
                        255
                    } else {
                        g.below(5) as i64
                    };
                    kv.push((a, V::I(v)));
                }
            }
        };
        if matches!(ty, "character" | "fleet" | "location" | "group") {
            abilities(self, &mut kv);
            if ty == "fleet" && !kv.iter().any(|(k, _)| *k == "military") {
                kv.push(("military", V::I(1 + self.below(4) as i64)));
            }
            if ty == "character" && !kv.iter().any(|(k, _)| ABILITIES.contains(k)) {
                kv.push(("diplomacy", V::I(1)));
            }
            if self.chance(1, 3) {
                kv.push((
                    "uniqueness",
                    s(self.pick(&["multiple", "limited", "unique"])),
                ));
            }
        }
        if self.chance(1, 4) {
            let k = self.pick(&KEYWORDS);
            kv.push(("keywords", V::A(vec![s(k)])));
        }
        if self.chance(1, 6) {
            kv.push(("marks", t(vec![(self.mark(), V::I(self.num(0, 3)))])));
        }
        if matches!(
            ty,
            "character" | "fleet" | "location" | "group" | "enhancement" | "agenda"
        ) && self.chance(1, 6)
        {
            kv.push(("power_bonus", V::I(self.num(0, 5))));
        }
        let attach_to = if matches!(ty, "enhancement" | "contingency" | "aftermath") {
            let a = self.pick(&[
                "character",
                "fleet",
                "location",
                "group",
                "agenda",
                "faction",
                "global",
            ]);
            if ty != "aftermath" || self.chance(1, 2) {
                kv.push(("attach", s(a)));
            }
            Some(a)
        } else {
            None
        };
        let attached = matches!(ty, "enhancement" | "contingency")
            || (ty == "aftermath" && attach_to.is_some());
        let host = attach_to.filter(|a| matches!(*a, "character" | "fleet" | "location" | "group"));
        self.ty = ty;
        self.host = if attached { attach_to } else { None };
        if self.chance(1, 6) {
            kv.push(("requires", V::A(vec![self.condition()])));
        }
        // Type-specific fields and effect lists.
        match ty {
            "event" | "aftermath" => {
                let (tk, second) = self.targets(&mut kv, ty == "event", true);
                let cx = Cx {
                    second,
                    top: ty == "event",
                    ..self.cx(tk)
                };
                let n = 1 + self.below(3);
                kv.push(("effects", self.effects(&cx, n)));
                self.play_cost(&mut kv);
                // Its own price worked out from the game.
                if self.chance(1, 10) {
                    let field = self.pick(&["costs_more", "costs_less"]);
                    let a = self.amount(&self.cx("none"), 0);
                    kv.push((field, a));
                }
                if ty == "aftermath" {
                    let mut a = t(vec![("outcome", s(self.pick(&["won", "lost", "any"])))]);
                    if self.chance(1, 3) {
                        a = a.with("participant", V::B(true));
                    }
                    kv.push(("aftermath", a));
                    if self.chance(1, 2) {
                        kv.push(("bonus", self.bonus_table()));
                    }
                }
                if self.chance(1, 6) {
                    kv.push(("both", V::B(true)));
                }
            }
            "contingency" => {
                let tr = if self.chance(1, 5) {
                    self.pick(&["event-targeted", "action-targeted"])
                } else {
                    self.trigger_word("character", host)
                };
                let tr = if tr == "leaves-play" { "attacked" } else { tr };
                // Now and then a trigger that watches the game, with its
                // patterns.
                let tr = if self.chance(1, 5) {
                    self.pick(&[
                        "sponsored",
                        "enters-play",
                        "discarded-from-play",
                        "neutralized",
                        "event-played",
                        "card-attacked",
                    ])
                } else {
                    tr
                };
                kv.push(("trigger", s(tr)));
                self.play_cost(&mut kv);
                if tr == "event-played" && self.chance(1, 2) {
                    let side = self.pick(&["own", "other", "any"]);
                    kv.push((
                        "trigger_card",
                        t(vec![("type", s("event")), ("side", s(side))]),
                    ));
                } else if matches!(tr, "sponsored" | "enters-play" | "discarded-from-play")
                    && self.chance(2, 3)
                {
                    let f = self.filter(&["character", "fleet", "location", "group"]);
                    kv.push(("trigger_card", f));
                } else if matches!(tr, "neutralized" | "card-attacked") && self.chance(2, 3) {
                    let f = self.filter(&["character", "fleet", "location"]);
                    kv.push(("trigger_card", f));
                }
                if tr == "card-attacked" && self.chance(1, 2) {
                    let f = self.filter(&["character", "fleet"]);
                    kv.push(("trigger_attacker", f));
                }
                let cx = Cx {
                    attack: matches!(
                        tr,
                        "attacked" | "attacks" | "neutralized-target" | "survived-attack"
                    ),
                    conflict: matches!(tr, "conflict-won" | "conflict-lost" | "targeted"),
                    top: true,
                    ..self.cx("none")
                };
                let n = 1 + self.below(2);
                let mut effects = self.effects(&cx, n);
                if tr == "event-targeted" && self.chance(1, 2) {
                    effects = V::A(vec![t(vec![("negate", s("event"))])]);
                } else if tr == "action-targeted" && self.chance(1, 2) {
                    effects = V::A(vec![t(vec![("negate", s("action"))])]);
                }
                kv.push(("effects", effects));
            }
            "conflict" => {
                kv.push(("conflict", s(self.pick(&ABILITIES))));
                self.conflict_fields(&mut kv, ty);
                self.play_cost(&mut kv);
                // Its own price: the influence initiating it applies.
                if self.chance(1, 10) {
                    let field = self.pick(&["costs_more", "costs_less"]);
                    let a = self.amount(&self.cx("none"), 0);
                    kv.push((field, a));
                }
            }
            _ => {
                // In play: sponsored / played effects.
                let cx = self.cx("none");
                self.play_cost(&mut kv);
                if ty == "enhancement" {
                    if self.chance(1, 2) {
                        kv.push(("bonus", self.bonus_table()));
                    }
                    if self.chance(1, 3) && !kv.iter().any(|(k, _)| *k == "keywords") {
                        let k = self.pick(&["armor", "plating"]);
                        kv.push(("keywords", V::A(vec![s(k), s(&format!("only one {k}"))])));
                    }
                }
                if self.chance(1, 2) {
                    let n = 1 + self.below(2);
                    let e = self.effects(&cx, n);
                    kv.push((
                        if self.chance(1, 2) {
                            "effects"
                        } else {
                            "when_played"
                        },
                        e,
                    ));
                }
                if ty == "agenda" && self.chance(1, 10) {
                    let field = self.pick(&["costs_more", "costs_less"]);
                    let a = self.amount(&self.cx("none"), 0);
                    kv.push((field, a));
                }
                if ty == "agenda" && self.chance(1, 4) {
                    kv.push(("major", V::B(true)));
                    kv.push(("victory", self.condition()));
                }
                if matches!(ty, "agenda" | "location" | "group") && self.chance(1, 4) {
                    kv.push(("conflict", s(self.pick(&ABILITIES))));
                    self.conflict_fields(&mut kv, ty);
                }
                if matches!(ty, "character" | "fleet" | "location" | "group") && self.chance(1, 8) {
                    let i = self.below(self.names.len());
                    let other = self.names[i].clone();
                    if other != name {
                        kv.push(("replaces", s(&other)));
                        let tr =
                            self.pick(&["marks", "enhancements", "aftermaths", "contingencies"]);
                        kv.push(("transfers", V::A(vec![s(tr)])));
                    }
                }
            }
        }
        // Lasting text: passives, triggers and actions, on cards in play.
        let lasting = matches!(
            ty,
            "character" | "fleet" | "location" | "group" | "enhancement" | "agenda"
        ) || (ty == "aftermath" && self.chance(1, 2));
        if lasting {
            let np = self.below(3);
            if np > 0 {
                let ps = (0..np).map(|_| self.passive(ty)).collect();
                kv.push(("passive", V::A(ps)));
            }
            let nt = if ty == "aftermath" { 0 } else { self.below(3) };
            if nt > 0 {
                let on_host = if attached {
                    host.or(Some("agenda"))
                } else {
                    None
                };
                let ts = (0..nt).map(|_| self.trigger(ty, on_host)).collect();
                kv.push(("triggers", V::A(ts)));
            }
            if ty != "aftermath" && self.chance(1, 2) {
                let na = 1 + self.below(2);
                let acts = (0..na).map(|_| self.action(ty, attached)).collect();
                kv.push(("actions", V::A(acts)));
            }
        }
        let mut text = format!("[cards.\"{name}\"]\n");
        for (k, v) in kv {
            text.push_str(k);
            text.push_str(" = ");
            v.write(&mut text);
            text.push('\n');
        }
        GenCard {
            name: name.to_string(),
            race,
            text,
        }
    }

    fn conflict_fields(&mut self, kv: &mut Vec<(&'static str, V)>, ty: &'static str) {
        let (tk, _) = self.targets(kv, false, false);
        let cx = Cx {
            conflict: true,
            ..Cx::new(tk)
        };
        for list in ["initiated", "resolution", "won", "lost"] {
            if list == "initiated" && self.chance(1, 8) {
                // "When initiated, choose X or Y: this conflict is of that type."
                const TYPES: [&str; 5] = ["diplomacy", "intrigue", "psi", "leadership", "military"];
                let (a, b) = (self.pick(&TYPES), self.pick(&TYPES));
                let mode = |k: &str| V::A(vec![t(vec![("conflict_type", s(k))])]);
                kv.push((
                    list,
                    V::A(vec![t(vec![("choose_one", V::A(vec![mode(a), mode(b)]))])]),
                ));
            } else if list == "won" && tk == "card" && self.chance(1, 8) {
                // "You may sustain with your initial supporter; the target
                // cannot ready while you sustain."
                kv.push(("sustain_first_supporter", V::B(true)));
                kv.push((
                    list,
                    V::A(vec![t(vec![
                        ("cannot", s("ready")),
                        ("card", s("target")),
                        ("duration", s("while-sustained")),
                    ])]),
                ));
            } else if self.chance(1, 2) {
                let n = 1 + self.below(2);
                kv.push((list, self.effects(&cx, n)));
            }
        }
        if self.chance(1, 3) {
            const KEYS: [&str; 6] = [
                "won_by_1",
                "won_by_3",
                "won_by_5",
                "lost_by_1",
                "lost_by_2",
                "won_by_255",
            ];
            let key = self.pick(&KEYS);
            kv.push((key, self.effects(&cx, 1)));
        }
        if self.chance(1, 5) {
            kv.push(("unopposable", V::B(true)));
        }
        if self.chance(1, 4) {
            kv.push(("initiate_cost", V::I(self.num(0, 255))));
        }
        if ty == "conflict" && tk == "card" && self.chance(1, 4) {
            kv.push(("becomes_enhancement", s("target")));
            kv.push(("bonus", self.bonus_table()));
        } else if ty == "conflict" && self.chance(1, 6) {
            kv.push(("becomes_enhancement", s("ambassador")));
            kv.push((
                "triggers",
                V::A(vec![self.trigger("enhancement", Some("character"))]),
            ));
        }
    }
}

/// Effects that must end their list (a vote, a choice, an attack).
fn is_last_only(e: &V) -> bool {
    match e {
        V::T(kv) => kv.iter().any(|(k, _)| {
            matches!(
                k.as_str(),
                "vote" | "search" | "choose" | "choose_one" | "choose_player" | "attack"
            )
        }),
        _ => false,
    }
}

/// Whether a value holds the string `w` anywhere.
fn names_str(v: &V, w: &str) -> bool {
    match v {
        V::S(x) => x == w,
        V::A(l) => l.iter().any(|x| names_str(x, w)),
        V::T(kv) => kv.iter().any(|(_, x)| names_str(x, w)),
        V::I(_) | V::B(_) => false,
    }
}
