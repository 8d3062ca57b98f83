//! Rules scenarios: TOML files that set a position (or start from a seeded
//! set-up), act through the public API, and check what the rules say must
//! happen, in the spirit of the CCG's conformance scenarios. The format is
//! described in `crates/empires/scenarios/README.md`; `b5 empires
//! conformance PATH...` runs them, and so does the test suite.
//!
//! A scenario is read with [`Scenario::from_toml`] (every unknown key is an
//! error) and run with [`Scenario::run`], which reports the first failing
//! step.
//!
//! The file's tables and the entry points are here; `position` sets the
//! position up, `steps` reads and runs the steps, `expect` checks what
//! they must leave.

use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::options::Options;

mod expect;
mod position;
mod steps;

// The rules tests' positions start from these too.
#[cfg(test)]
pub(crate) use position::{clear_position, place_from_pile};

/// Largest scenario file read (bytes).
pub const MAX_SCENARIO_BYTES: usize = 1 << 20;
/// Most actions one `advance` step may take.
pub const MAX_ADVANCE: usize = 50_000;

/// The small map scenarios use by default (`map = "line"`):
///
/// ```text
///  r=0:  H1(0,0)  Sa(1,0)  Ea(2,0)  B5(3,0)  Eb(4,0)  Sb(5,0)  H2(6,0)
///  r=1:      Neb(-1,1) Nova(0,1) Sc(1,1)  Ec(2,1)  Ed(3,1)  Sd(4,1)
/// ```
///
/// Ea and Neb are nebulas, Nova a supernova, Sb's Resources are fixed at 3
/// (secret until explored). Hex (q,1) touches (q,0) and (q+1,0).
pub const LINE_MAP: &str = r#"
name = "Line"
[[space]]
name = "H1"
kind = "home"
home = 1
at = [0, 0]
[[space]]
name = "Sa"
kind = "system"
at = [1, 0]
[[space]]
name = "Ea"
kind = "nebula"
at = [2, 0]
[[space]]
name = "B5"
kind = "babylon5"
at = [3, 0]
[[space]]
name = "Eb"
kind = "empty"
at = [4, 0]
[[space]]
name = "Sb"
kind = "system"
at = [5, 0]
revenue = 3
[[space]]
name = "H2"
kind = "home"
home = 2
at = [6, 0]
[[space]]
name = "Neb"
kind = "nebula"
at = [-1, 1]
[[space]]
name = "Nova"
kind = "supernova"
at = [0, 1]
[[space]]
name = "Sc"
kind = "system"
at = [1, 1]
[[space]]
name = "Ec"
kind = "empty"
at = [2, 1]
[[space]]
name = "Ed"
kind = "empty"
at = [3, 1]
[[space]]
name = "Sd"
kind = "system"
at = [4, 1]
"#;

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    title: String,
    #[serde(default)]
    rules: String,
    races: Vec<String>,
    #[serde(default)]
    map: Option<String>,
    #[serde(default)]
    map_toml: Option<String>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    phase: Option<String>,
    #[serde(default)]
    active: Option<u8>,
    #[serde(default)]
    round: Option<u32>,
    #[serde(default)]
    options: Options,
    #[serde(default)]
    player: Vec<RawPlayer>,
    #[serde(default)]
    unit: Vec<RawUnit>,
    #[serde(default)]
    space: Vec<RawSpace>,
    #[serde(default)]
    deck_top: Vec<String>,
    #[serde(default)]
    step: Vec<RawStep>,
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    #[serde(default)]
    hand: Option<Vec<String>>,
    #[serde(default)]
    treasury: Option<i32>,
    #[serde(default)]
    revenue: Option<i32>,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    #[serde(default)]
    name: Option<String>,
    kind: String,
    at: String,
    owner: u8,
    #[serde(default)]
    moved: bool,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct RawSpace {
    name: String,
    #[serde(default)]
    explored: Option<bool>,
    #[serde(default)]
    resources: Option<u8>,
    #[serde(default)]
    colony: Option<bool>,
    #[serde(default)]
    shipyard: Option<bool>,
    #[serde(default)]
    jumpgate: Option<bool>,
    #[serde(default)]
    control: Option<u8>,
    #[serde(default)]
    revolt: Option<u8>,
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
struct RawStep {
    #[serde(default)]
    player: Option<u8>,
    #[serde(default, rename = "do")]
    verb: Option<String>,
    #[serde(default)]
    card: Option<String>,
    #[serde(default, rename = "as")]
    as_card: Option<String>,
    #[serde(default)]
    target: Option<String>,
    #[serde(default)]
    unit: Option<String>,
    #[serde(default)]
    to: Option<String>,
    #[serde(default)]
    at: Option<String>,
    #[serde(default)]
    marker: Option<String>,
    #[serde(default)]
    stance: Option<String>,
    /// The action must be refused, the game untouched.
    #[serde(default)]
    error: bool,
    /// Only check whether the action is among the legal ones.
    #[serde(default)]
    legal: Option<bool>,
    #[serde(default)]
    advance: Option<String>,
    #[serde(default)]
    expect: Option<toml::Table>,
    /// Event kinds the step must produce.
    #[serde(default)]
    events: Vec<String>,
    /// Text the step's log sentences must contain.
    #[serde(default)]
    log: Vec<String>,
}

/// A scenario that was read and can be run.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub title: String,
    pub rules: String,
    raw: RawScenario,
}

/// Why a scenario failed: the step (1-based; 0 is setting the position up)
/// and what went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub step: usize,
    pub reason: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.step == 0 {
            write!(f, "set-up: {}", self.reason)
        } else {
            write!(f, "step {}: {}", self.step, self.reason)
        }
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Reads a snake_case name ("tactical_move_order", "Tactical Move Order").
fn named<T: DeserializeOwned>(what: &str, s: &str) -> Result<T, String> {
    let norm: String = s
        .trim()
        .chars()
        .map(|c| {
            if c == ' ' || c == '-' {
                '_'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    toml::Value::String(norm)
        .try_into::<T>()
        .map_err(|_| format!("\"{s}\" is not a {what}"))
}

impl Scenario {
    /// Reads a scenario; an error names the line and field where it can.
    pub fn from_toml(text: &str) -> Result<Scenario, String> {
        if text.len() > MAX_SCENARIO_BYTES {
            return Err(format!("larger than {MAX_SCENARIO_BYTES} bytes"));
        }
        let raw: RawScenario = toml::from_str(text).map_err(|e| match e.span() {
            Some(s) => format!("line {}: {}", line_of(text, s.start), e.message()),
            None => e.message().to_string(),
        })?;
        if raw.step.is_empty() {
            return Err("a scenario needs at least one [[step]]".into());
        }
        Ok(Scenario {
            title: raw.title.clone(),
            rules: raw.rules.clone(),
            raw,
        })
    }
}

/// Runs one scenario file's text: `Ok` or the failure, as one line.
pub fn run_text(text: &str) -> Result<(), String> {
    let s = Scenario::from_toml(text)?;
    s.run().map(|_| ()).map_err(|f| f.to_string())
}
