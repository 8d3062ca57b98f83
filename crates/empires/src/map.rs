//! The map (Babylon 5 Empires: Map; Warp Empires: Map): spaces on a hex
//! grid, what each space is, lanes between them, homesystems, Babylon 5,
//! jumpgates at the start; loading hand-made maps from TOML; the checks
//! that a map is connected and fair to every seat.

use std::collections::{HashMap, VecDeque};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::terms::SpaceId;

/// What a space is (Map).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SpaceKind {
    /// Empty space: no revenue, nothing to control.
    Empty,
    /// A planetary system: revenue once explored and colonised.
    System,
    /// A player's homesystem: 10 revenue, a Jumpgate, units start there.
    Home,
    /// Babylon 5: the neutral zone.
    Babylon5,
    /// Ships must stop upon entering.
    Nebula,
    /// No entry possible.
    Supernova,
    /// No entry possible.
    BlackHole,
}

impl SpaceKind {
    /// "Supernovas & Blackholes: No entry possible".
    pub fn enterable(self) -> bool {
        !matches!(self, SpaceKind::Supernova | SpaceKind::BlackHole)
    }

    /// A planetary system (homesystems included): what control markers go
    /// on and what Victory counts.
    pub fn is_system(self) -> bool {
        matches!(self, SpaceKind::System | SpaceKind::Home)
    }

    pub fn name(self) -> &'static str {
        match self {
            SpaceKind::Empty => "empty space",
            SpaceKind::System => "planetary system",
            SpaceKind::Home => "homesystem",
            SpaceKind::Babylon5 => "Babylon 5",
            SpaceKind::Nebula => "nebula",
            SpaceKind::Supernova => "supernova",
            SpaceKind::BlackHole => "black hole",
        }
    }

    fn parse(s: &str) -> Option<SpaceKind> {
        Some(match s {
            "empty" => SpaceKind::Empty,
            "system" => SpaceKind::System,
            "home" => SpaceKind::Home,
            "babylon5" => SpaceKind::Babylon5,
            "nebula" => SpaceKind::Nebula,
            "supernova" => SpaceKind::Supernova,
            "black_hole" => SpaceKind::BlackHole,
            _ => return None,
        })
    }
}

/// One space of the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Space {
    pub name: String,
    pub kind: SpaceKind,
    /// Axial hex coordinates (q, r), for adjacency and drawing.
    pub at: (i16, i16),
    /// Adjacent spaces, ascending.
    pub neighbours: Vec<SpaceId>,
    /// The seat (0-based) whose homesystem this is.
    pub home: Option<u8>,
    /// Begins with a Jumpgate ("Some systems may begin with Jumpgates").
    pub jumpgate: bool,
    /// Resources fixed by the map maker (1 to 3), secret until explored;
    /// `None` rolls them. Never set in a game's public map.
    pub revenue: Option<u8>,
}

/// A map: the static board every copy of a game shares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Map {
    pub name: String,
    pub spaces: Vec<Space>,
}

/// The six hex directions in axial coordinates.
pub const HEX_DIRS: [(i16, i16); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// Hex distance between two axial coordinates.
pub fn hex_distance(a: (i16, i16), b: (i16, i16)) -> i16 {
    let dq = a.0 - b.0;
    let dr = a.1 - b.1;
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// Largest map accepted (spaces), and largest map file (bytes).
pub const MAX_SPACES: usize = 1000;
pub const MAX_MAP_BYTES: usize = 1 << 20;

/// A map that breaks a rule: where (line, when known) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    pub line: Option<usize>,
    pub field: String,
    pub message: String,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}: {}", self.field, self.message),
            None => write!(f, "{}: {}", self.field, self.message),
        }
    }
}

impl std::error::Error for MapError {}

fn err(line: Option<usize>, field: impl Into<String>, message: impl Into<String>) -> MapError {
    MapError {
        line,
        field: field.into(),
        message: message.into(),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    name: String,
    #[serde(default)]
    space: Vec<RawSpace>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpace {
    name: toml::Spanned<String>,
    kind: toml::Spanned<String>,
    at: toml::Spanned<[i64; 2]>,
    #[serde(default)]
    home: Option<toml::Spanned<i64>>,
    #[serde(default)]
    jumpgate: bool,
    #[serde(default)]
    revenue: Option<toml::Spanned<i64>>,
    #[serde(default)]
    links: Vec<toml::Spanned<String>>,
}

fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

impl Map {
    /// Reads a map from TOML text (the format of `crates/empires/maps`):
    ///
    /// ```toml
    /// name = "A map"
    /// [[space]]
    /// name = "Babylon 5"
    /// kind = "babylon5"   # empty, system, home, babylon5, nebula, supernova, black_hole
    /// at = [0, 0]         # axial hex coordinates; hex neighbours are adjacent
    /// # home = 1          # homes: the seat, 1 to 4
    /// # jumpgate = true   # begins with a Jumpgate
    /// # revenue = 2       # systems: fixed Resources (1 to 3), secret until explored
    /// # links = ["Name"]  # extra lanes beside the hex neighbours
    /// ```
    ///
    /// Every problem is an error naming the line and field; nothing panics.
    pub fn from_toml(text: &str) -> Result<Map, MapError> {
        if text.len() > MAX_MAP_BYTES {
            return Err(err(
                None,
                "file",
                format!("larger than {MAX_MAP_BYTES} bytes"),
            ));
        }
        let raw: RawMap = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start));
            err(line, "toml", e.message().to_string())
        })?;
        if raw.space.len() > MAX_SPACES {
            return Err(err(None, "space", format!("more than {MAX_SPACES} spaces")));
        }
        let mut by_name: HashMap<&str, SpaceId> = HashMap::new();
        let mut by_at: HashMap<(i16, i16), SpaceId> = HashMap::new();
        let mut spaces = Vec::with_capacity(raw.space.len());
        for (i, s) in raw.space.iter().enumerate() {
            let line = Some(line_of(text, s.name.span().start));
            let name = s.name.get_ref().trim();
            if name.is_empty() || name.len() > 40 {
                return Err(err(
                    line,
                    "name",
                    "a space needs a name of 1 to 40 characters",
                ));
            }
            if has_control(name) {
                return Err(err(line, "name", CONTROL_IN_NAME));
            }
            if by_name.insert(name, i as SpaceId).is_some() {
                return Err(err(
                    line,
                    "name",
                    format!("two spaces are named \"{name}\""),
                ));
            }
            let kl = Some(line_of(text, s.kind.span().start));
            let kind = SpaceKind::parse(s.kind.get_ref()).ok_or_else(|| {
                err(
                    kl,
                    "kind",
                    format!(
                        "\"{}\" is not a kind of space (empty, system, home, babylon5, nebula, supernova, black_hole)",
                        s.kind.get_ref()
                    ),
                )
            })?;
            let al = Some(line_of(text, s.at.span().start));
            let [q, r] = *s.at.get_ref();
            // (Not `abs`: i64::MIN has none.)
            if !(-100..=100).contains(&q) || !(-100..=100).contains(&r) {
                return Err(err(al, "at", "coordinates must be between -100 and 100"));
            }
            let at = (q as i16, r as i16);
            if let Some(&other) = by_at.get(&at) {
                return Err(err(
                    al,
                    "at",
                    format!(
                        "[{q}, {r}] is also where \"{}\" is",
                        raw.space[other as usize].name.get_ref()
                    ),
                ));
            }
            by_at.insert(at, i as SpaceId);
            let home = match &s.home {
                None if kind == SpaceKind::Home => {
                    return Err(err(
                        line,
                        "home",
                        format!("homesystem \"{name}\" needs its seat: home = 1 to 4"),
                    ))
                }
                None => None,
                Some(h) if kind != SpaceKind::Home => {
                    return Err(err(
                        Some(line_of(text, h.span().start)),
                        "home",
                        "only a space of kind \"home\" has a seat",
                    ))
                }
                Some(h) => {
                    let v = *h.get_ref();
                    if !(1..=4).contains(&v) {
                        return Err(err(
                            Some(line_of(text, h.span().start)),
                            "home",
                            "a seat is 1 to 4",
                        ));
                    }
                    Some((v - 1) as u8)
                }
            };
            let revenue = match &s.revenue {
                None => None,
                Some(v) => {
                    let l = Some(line_of(text, v.span().start));
                    if kind != SpaceKind::System {
                        return Err(err(
                            l,
                            "revenue",
                            "only a planetary system has Resources to fix",
                        ));
                    }
                    let x = *v.get_ref();
                    if !(1..=3).contains(&x) {
                        return Err(err(
                            l,
                            "revenue",
                            "Resources are 1 (Poor), 2 (Moderate) or 3 (Rich)",
                        ));
                    }
                    Some(x as u8)
                }
            };
            if s.jumpgate && !kind.is_system() {
                return Err(err(
                    line,
                    "jumpgate",
                    "only a system can begin with a Jumpgate",
                ));
            }
            spaces.push(Space {
                name: name.to_string(),
                kind,
                at,
                neighbours: Vec::new(),
                home,
                jumpgate: s.jumpgate || kind == SpaceKind::Home,
                revenue,
            });
        }
        // Hex neighbours, then the extra lanes.
        for s in &mut spaces {
            let (q, r) = s.at;
            for (dq, dr) in HEX_DIRS {
                if let Some(&j) = by_at.get(&(q + dq, r + dr)) {
                    s.neighbours.push(j);
                }
            }
        }
        for (i, s) in raw.space.iter().enumerate() {
            for l in &s.links {
                let line = Some(line_of(text, l.span().start));
                let &j = by_name.get(l.get_ref().trim()).ok_or_else(|| {
                    err(
                        line,
                        "links",
                        format!("no space is named \"{}\"", l.get_ref()),
                    )
                })?;
                if j as usize == i {
                    return Err(err(line, "links", "a space cannot link to itself"));
                }
                spaces[i].neighbours.push(j);
                spaces[j as usize].neighbours.push(i as SpaceId);
            }
        }
        for s in &mut spaces {
            s.neighbours.sort_unstable();
            s.neighbours.dedup();
        }
        let map = Map {
            name: raw.name.trim().to_string(),
            spaces,
        };
        map.validate()?;
        Ok(map)
    }

    /// Writes the map as TOML that [`Map::from_toml`] reads back.
    pub fn to_toml(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(out, "name = {}", toml_str(&self.name));
        for (i, s) in self.spaces.iter().enumerate() {
            let _ = writeln!(out, "\n[[space]]\nname = {}", toml_str(&s.name));
            let kind = match s.kind {
                SpaceKind::Empty => "empty",
                SpaceKind::System => "system",
                SpaceKind::Home => "home",
                SpaceKind::Babylon5 => "babylon5",
                SpaceKind::Nebula => "nebula",
                SpaceKind::Supernova => "supernova",
                SpaceKind::BlackHole => "black_hole",
            };
            let _ = writeln!(out, "kind = \"{kind}\"\nat = [{}, {}]", s.at.0, s.at.1);
            if let Some(h) = s.home {
                let _ = writeln!(out, "home = {}", h + 1);
            }
            if s.jumpgate && s.kind != SpaceKind::Home {
                let _ = writeln!(out, "jumpgate = true");
            }
            if let Some(v) = s.revenue {
                let _ = writeln!(out, "revenue = {v}");
            }
            let links: Vec<String> = s
                .neighbours
                .iter()
                .filter(|&&j| {
                    let o = &self.spaces[j as usize];
                    j as usize > i && hex_distance(o.at, s.at) != 1
                })
                .map(|&j| toml_str(&self.spaces[j as usize].name))
                .collect();
            if !links.is_empty() {
                let _ = writeln!(out, "links = [{}]", links.join(", "));
            }
        }
        out
    }

    /// The rules every map keeps: homes for seats 1..n each once, at most
    /// one Babylon 5, every space that can be entered reachable from every
    /// other.
    pub fn validate(&self) -> Result<(), MapError> {
        if self.spaces.is_empty() {
            return Err(err(None, "space", "a map needs spaces"));
        }
        if self.spaces.len() > MAX_SPACES {
            return Err(err(None, "space", format!("more than {MAX_SPACES} spaces")));
        }
        if self.name.len() > 100 {
            return Err(err(None, "name", "a map's name is at most 100 characters"));
        }
        if has_control(&self.name) {
            return Err(err(None, "name", CONTROL_IN_NAME));
        }
        let n = self.spaces.len();
        for (i, s) in self.spaces.iter().enumerate() {
            // What a map file allows (a map given in full, as in a save,
            // is held to it too).
            if s.name.trim().is_empty() || s.name.len() > 40 {
                return Err(err(
                    None,
                    format!("space {i}: name"),
                    "a space needs a name of 1 to 40 characters",
                ));
            }
            if has_control(&s.name) {
                return Err(err(None, format!("space {i}: name"), CONTROL_IN_NAME));
            }
            if !(-100..=100).contains(&s.at.0) || !(-100..=100).contains(&s.at.1) {
                return Err(err(
                    None,
                    format!("space \"{}\": at", s.name),
                    "coordinates must be between -100 and 100",
                ));
            }
            for &j in &s.neighbours {
                if j as usize >= n
                    || j as usize == i
                    || !self.spaces[j as usize].neighbours.contains(&(i as SpaceId))
                {
                    return Err(err(
                        None,
                        format!("space \"{}\": neighbours", s.name),
                        "lanes must join two different spaces both ways",
                    ));
                }
            }
            if s.revenue.is_some_and(|v| !(1..=3).contains(&v))
                || (s.revenue.is_some() && s.kind != SpaceKind::System)
            {
                return Err(err(
                    None,
                    format!("space \"{}\": revenue", s.name),
                    "only a planetary system has Resources, 1 to 3",
                ));
            }
            if (s.kind == SpaceKind::Home) != s.home.is_some() {
                return Err(err(
                    None,
                    format!("space \"{}\": home", s.name),
                    "a homesystem, and only a homesystem, has a seat",
                ));
            }
        }
        let homes = self.homes();
        if !(2..=4).contains(&homes.len()) {
            return Err(err(
                None,
                "home",
                format!("a map needs 2 to 4 homesystems, not {}", homes.len()),
            ));
        }
        for seat in 0..homes.len() as u8 {
            let c = self.spaces.iter().filter(|s| s.home == Some(seat)).count();
            if c != 1 {
                return Err(err(
                    None,
                    "home",
                    format!("seat {} needs exactly one homesystem, not {c}", seat + 1),
                ));
            }
        }
        if self
            .spaces
            .iter()
            .filter(|s| s.kind == SpaceKind::Babylon5)
            .count()
            > 1
        {
            return Err(err(None, "kind", "a map has at most one Babylon 5"));
        }
        let first = self
            .spaces
            .iter()
            .position(|s| s.kind.enterable())
            .unwrap_or(0) as SpaceId;
        let d = self.distances(first);
        if let Some(s) = self
            .spaces
            .iter()
            .enumerate()
            .find(|(i, s)| s.kind.enterable() && d[*i].is_none())
        {
            return Err(err(
                None,
                format!("space \"{}\"", s.1.name),
                "cannot be reached from the rest of the map",
            ));
        }
        Ok(())
    }

    /// The homesystems by seat.
    pub fn homes(&self) -> Vec<SpaceId> {
        let mut h: Vec<(u8, SpaceId)> = self
            .spaces
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.home.map(|seat| (seat, i as SpaceId)))
            .collect();
        h.sort_unstable();
        h.into_iter().map(|(_, i)| i).collect()
    }

    pub fn babylon5(&self) -> Option<SpaceId> {
        self.spaces
            .iter()
            .position(|s| s.kind == SpaceKind::Babylon5)
            .map(|i| i as SpaceId)
    }

    /// Planetary systems on the map (Victory counts these).
    pub fn system_count(&self) -> usize {
        self.spaces.iter().filter(|s| s.kind.is_system()).count()
    }

    /// Steps from `from` to every space over lanes through spaces that
    /// can be entered (`None`: unreachable).
    pub fn distances(&self, from: SpaceId) -> Vec<Option<u16>> {
        let mut d = vec![None; self.spaces.len()];
        if from as usize >= self.spaces.len() {
            return d;
        }
        d[from as usize] = Some(0);
        let mut q = VecDeque::from([from]);
        while let Some(x) = q.pop_front() {
            let dx = d[x as usize].unwrap_or(0);
            for &y in &self.spaces[x as usize].neighbours {
                if d[y as usize].is_none() && self.spaces[y as usize].kind.enterable() {
                    d[y as usize] = Some(dx + 1);
                    q.push_back(y);
                }
            }
        }
        d
    }

    /// The map with every fixed Resources value removed: what players see.
    pub fn public(&self) -> Map {
        let mut m = self.clone();
        for s in &mut m.spaces {
            s.revenue = None;
        }
        m
    }

    /// Checks that the map is fair to every seat: each homesystem the same
    /// number of steps from Babylon 5, and the same planetary systems (and
    /// nebulas) at each distance up to `radius` steps from each home.
    pub fn check_fair(&self, radius: u16) -> Result<(), String> {
        let homes = self.homes();
        let b5 = self.babylon5();
        let mut first: Option<Surroundings> = None;
        for (seat, &h) in homes.iter().enumerate() {
            let d = self.distances(h);
            let to_b5 = b5.and_then(|b| d[b as usize]);
            let mut near: Vec<(u16, SpaceKind)> = d
                .iter()
                .enumerate()
                .filter_map(|(i, x)| {
                    let k = self.spaces[i].kind;
                    let x = (*x)?;
                    (x > 0
                        && x <= radius
                        && matches!(k, SpaceKind::System | SpaceKind::Nebula | SpaceKind::Home))
                    .then_some((x, k))
                })
                .collect();
            near.sort_unstable();
            match &first {
                None => first = Some((to_b5, near)),
                Some((b, n)) => {
                    if *b != to_b5 {
                        return Err(format!(
                            "seat {} is {:?} steps from Babylon 5, seat 1 {:?}",
                            seat + 1,
                            to_b5,
                            b
                        ));
                    }
                    if *n != near {
                        return Err(format!("seat {} has other systems within {radius} steps than seat 1: {:?} against {:?}", seat + 1, near, n));
                    }
                }
            }
        }
        Ok(())
    }
}

/// A home's steps to Babylon 5 and its (distance, kind) of nearby spaces.
type Surroundings = (Option<u16>, Vec<(u16, SpaceKind)>);

/// Names are shown on the board and written back to map files: a tab, a
/// line break or another control character in one is refused.
const CONTROL_IN_NAME: &str =
    "a name may not hold a tab, a line break or another control character";

fn has_control(s: &str) -> bool {
    s.chars().any(char::is_control)
}

fn toml_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The two shipped hand-made maps: a two-player and a four-player one.
pub fn shipped(name: &str) -> Option<Map> {
    let text = match name {
        "the-divide" => include_str!("../maps/the-divide.toml"),
        "four-crowns" => include_str!("../maps/four-crowns.toml"),
        _ => return None,
    };
    Map::from_toml(text).ok()
}

/// Names of the shipped maps.
pub const SHIPPED: [&str; 2] = ["the-divide", "four-crowns"];

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"
name = "Small"
[[space]]
name = "B5"
kind = "babylon5"
at = [0, 0]
[[space]]
name = "H1"
kind = "home"
home = 1
at = [1, 0]
[[space]]
name = "H2"
kind = "home"
home = 2
at = [-1, 0]
[[space]]
name = "Far"
kind = "system"
at = [5, 5]
revenue = 3
links = ["H1"]
"#;

    #[test]
    fn loads_and_round_trips() {
        let m = Map::from_toml(SMALL).unwrap();
        assert_eq!(m.spaces.len(), 4);
        assert_eq!(m.homes(), vec![1, 2]);
        assert_eq!(m.babylon5(), Some(0));
        assert!(m.spaces[1].jumpgate);
        assert_eq!(m.spaces[3].neighbours, vec![1]);
        assert_eq!(m.system_count(), 3);
        let again = Map::from_toml(&m.to_toml()).unwrap();
        assert_eq!(again, m);
        assert_eq!(m.public().spaces[3].revenue, None);
        m.check_fair(3).unwrap_err();
    }

    #[test]
    fn malformed_files_get_errors_with_lines() {
        let cases: &[(&str, &str)] = &[
            ("name = 3", "toml"),
            ("name = \"x\"\n[[space]]\nname = \"a\\tb\"\nkind = \"empty\"\nat = [0,0]", "name"),
            ("name = \"x\\u0007y\"\n[[space]]\nname = \"a\"\nkind = \"empty\"\nat = [0,0]", "name"),
            ("", "toml"),
            ("name = \"x\"\n[[space]]\nname = \"a\"\nkind = \"planet\"\nat = [0,0]", "kind"),
            ("name = \"x\"\n[[space]]\nname = \"a\"\nkind = \"home\"\nat = [0,0]", "home"),
            ("name = \"x\"\n[[space]]\nname = \"a\"\nkind = \"empty\"\nat = [0,0]\nrevenue = 2", "revenue"),
            ("name = \"x\"\n[[space]]\nname = \"a\"\nkind = \"system\"\nat = [0,0]\nrevenue = 9", "revenue"),
            ("name = \"x\"\n[[space]]\nname = \"a\"\nkind = \"empty\"\nat = [0,0]\nlinks = [\"b\"]", "links"),
            ("name = \"x\"\n[[space]]\nname = \"a\"\nkind = \"empty\"\nat = [0,0]\n[[space]]\nname = \"a\"\nkind = \"empty\"\nat = [1,0]", "name"),
            ("name = \"x\"\n[[space]]\nname = \"a\"\nkind = \"empty\"\nat = [0,0]\n[[space]]\nname = \"b\"\nkind = \"empty\"\nat = [0,0]", "at"),
            ("name = \"x\"\n[[space]]\nname = \"a\"\nkind = \"empty\"\nat = [0,0]\ncolour = 1", "toml"),
            ("name = \"x\"\n[[space]]\nname = \"a\"\nkind = \"empty\"\nat = [0,0]", "home"),
        ];
        for (text, field) in cases {
            let e = Map::from_toml(text).unwrap_err();
            assert_eq!(&e.field, field, "{text}: {e}");
        }
        let e =
            Map::from_toml("name = \"x\"\n[[space]]\nname = \"a\"\nkind = \"planet\"\nat = [0,0]")
                .unwrap_err();
        assert_eq!(e.line, Some(4), "{e}");
        // Two homes cut off from each other by a supernova.
        let cut = "name = \"x\"\n[[space]]\nname = \"a\"\nkind = \"home\"\nhome = 1\nat = [0,0]\n[[space]]\nname = \"s\"\nkind = \"supernova\"\nat = [1,0]\n[[space]]\nname = \"b\"\nkind = \"home\"\nhome = 2\nat = [2,0]";
        let e = Map::from_toml(cut).unwrap_err();
        assert!(e.message.contains("cannot be reached"), "{e}");
    }

    #[test]
    fn shipped_maps_load_and_are_fair() {
        for name in SHIPPED {
            let m = shipped(name).unwrap_or_else(|| {
                let text = match name {
                    "the-divide" => include_str!("../maps/the-divide.toml"),
                    _ => include_str!("../maps/four-crowns.toml"),
                };
                panic!("{name}: {}", Map::from_toml(text).unwrap_err())
            });
            m.check_fair(4).unwrap_or_else(|e| panic!("{name}: {e}"));
            let empty = m
                .spaces
                .iter()
                .filter(|s| s.kind == SpaceKind::Empty)
                .count();
            assert!(
                empty * 2 > m.spaces.len(),
                "{name}: over half the territories are empty space"
            );
        }
        assert_eq!(shipped("the-divide").unwrap().homes().len(), 2);
        assert_eq!(shipped("four-crowns").unwrap().homes().len(), 4);
    }

    #[test]
    fn hex_distance_works() {
        assert_eq!(hex_distance((0, 0), (3, -3)), 3);
        assert_eq!(hex_distance((0, 0), (2, 1)), 3);
        assert_eq!(hex_distance((1, -5), (-5, 1)), 6);
    }
}
