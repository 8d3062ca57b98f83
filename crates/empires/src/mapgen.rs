//! The seeded map generator: a hex disc around Babylon 5, symmetric under
//! a group of the grid's rotations and reflections that carries each
//! homesystem onto the next, so every seat has the same distance to
//! Babylon 5 and the same systems around it (Map: "Over half the
//! territories are empty space"; some systems begin with Jumpgates).

use std::collections::{BTreeMap, BTreeSet, HashSet};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::map::{hex_distance, Map, Space, SpaceKind, HEX_DIRS};
use crate::state::SpaceId;

type Cube = (i16, i16, i16);

fn to_cube((q, r): (i16, i16)) -> Cube {
    (q, -q - r, r)
}

fn to_axial((x, _, z): Cube) -> (i16, i16) {
    (x, z)
}

/// The symmetries used for `players` seats, as maps of cube coordinates:
/// a half turn for two, third turns for three, and for four the two
/// perpendicular reflections with the half turn (a Klein four-group).
fn group(players: u8) -> Vec<fn(Cube) -> Cube> {
    fn id(c: Cube) -> Cube {
        c
    }
    fn neg((x, y, z): Cube) -> Cube {
        (-x, -y, -z)
    }
    fn rot((x, y, z): Cube) -> Cube {
        (z, x, y)
    }
    fn rot2((x, y, z): Cube) -> Cube {
        (y, z, x)
    }
    fn swap((x, y, z): Cube) -> Cube {
        (y, x, z)
    }
    fn negswap((x, y, z): Cube) -> Cube {
        (-y, -x, -z)
    }
    match players {
        3 => vec![id, rot, rot2],
        4 => vec![id, swap, negswap, neg],
        _ => vec![id, neg],
    }
}

/// Radius of the disc and seat 1's homesystem (cube coordinates).
fn layout(players: u8) -> (i16, Cube) {
    match players {
        3 => (4, (4, -4, 0)),
        4 => (5, (1, -5, 4)),
        _ => (4, (2, -4, 2)),
    }
}

const FIRST: [&str; 24] = [
    "Ar", "Bel", "Cor", "Dra", "Eth", "Fen", "Gal", "Hes", "Ior", "Kel", "Lum", "Mar", "Nor",
    "Osk", "Pel", "Quor", "Ras", "Sel", "Tor", "Ul", "Vey", "Wen", "Xan", "Zed",
];
const LAST: [&str; 12] = [
    "a", "en", "ion", "is", "on", "us", "ara", "eth", "ix", "or", "ane", "ith",
];

/// Generates a map for 2 to 4 players from a seed. The same seed gives the
/// same map.
pub fn generate(players: u8, seed: u64) -> Map {
    let players = players.clamp(2, 4);
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x4d41_5047_454e_0001);
    let (radius, home0) = layout(players);
    let g = group(players);
    let mut cells: Vec<(i16, i16)> = Vec::new();
    for q in -radius..=radius {
        for r in -radius..=radius {
            if hex_distance((0, 0), (q, r)) <= radius {
                cells.push((q, r));
            }
        }
    }
    let index: BTreeMap<(i16, i16), usize> =
        cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let orbit = |c: (i16, i16)| -> Vec<usize> {
        let mut o: Vec<usize> = g.iter().map(|f| index[&to_axial(f(to_cube(c)))]).collect();
        o.sort_unstable();
        o.dedup();
        o
    };
    let homes: Vec<(i16, i16)> = g.iter().map(|f| to_axial(f(home0))).collect();
    let near_home = |c: (i16, i16)| homes.iter().any(|&h| hex_distance(h, c) == 1);
    let mut kind: Vec<Option<SpaceKind>> = vec![None; cells.len()];
    kind[index[&(0, 0)]] = Some(SpaceKind::Babylon5);
    for &h in &homes {
        kind[index[&h]] = Some(SpaceKind::Home);
    }
    let mut orbits: Vec<Vec<usize>> = Vec::new();
    for &c in &cells {
        let i = index[&c];
        if kind[i].is_some() {
            continue;
        }
        let o = orbit(c);
        let roll = rng.random_range(0..100);
        let k = if near_home(c) {
            if roll < 40 {
                SpaceKind::System
            } else {
                SpaceKind::Empty
            }
        } else {
            match roll {
                0..54 => SpaceKind::Empty,
                54..82 => SpaceKind::System,
                82..90 => SpaceKind::Nebula,
                90..95 => SpaceKind::Supernova,
                _ => SpaceKind::BlackHole,
            }
        };
        for &j in &o {
            kind[j] = Some(k);
        }
        orbits.push(o);
    }
    let mut kind: Vec<SpaceKind> = kind
        .into_iter()
        .map(|k| k.unwrap_or(SpaceKind::Empty))
        .collect();
    let count = |kind: &[SpaceKind], k: SpaceKind| kind.iter().filter(|&&x| x == k).count();
    // "Over half the territories are empty space."
    let mut guard = 0;
    while count(&kind, SpaceKind::Empty) * 2 <= cells.len() && guard < 1000 {
        guard += 1;
        let o = &orbits[rng.random_range(0..orbits.len())];
        let k = kind[o[0]];
        let systems = count(&kind, SpaceKind::System);
        if k != SpaceKind::Empty
            && (k != SpaceKind::System || systems - o.len() >= 3 * players as usize)
        {
            for &j in o {
                kind[j] = SpaceKind::Empty;
            }
        }
    }
    // Enough planetary systems to fight over: at least three per seat.
    let mut guard = 0;
    while count(&kind, SpaceKind::System) < 3 * players as usize && guard < 1000 {
        guard += 1;
        let o = &orbits[rng.random_range(0..orbits.len())];
        let after_empty = count(&kind, SpaceKind::Empty)
            - if kind[o[0]] == SpaceKind::Empty {
                o.len()
            } else {
                0
            };
        if kind[o[0]] != SpaceKind::System && after_empty * 2 > cells.len() {
            for &j in o {
                kind[j] = SpaceKind::System;
            }
        }
    }
    // Connected: open blocked orbits beside cut-off spaces until none is.
    loop {
        let reach = reachable(&cells, &index, &kind);
        let blocker = (0..cells.len())
            .filter(|&i| kind[i].enterable() && !reach.contains(&i))
            .find_map(|i| {
                let (q, r) = cells[i];
                HEX_DIRS
                    .iter()
                    .filter_map(|(dq, dr)| index.get(&(q + dq, r + dr)).copied())
                    .find(|&j| !kind[j].enterable())
            });
        let Some(j) = blocker else { break };
        for k in orbit(cells[j]) {
            kind[k] = SpaceKind::Empty;
        }
    }
    // Some systems begin with Jumpgates: one orbit, away from the homes.
    let gate_orbits: Vec<&Vec<usize>> = orbits
        .iter()
        .filter(|o| {
            kind[o[0]] == SpaceKind::System
                && o.len() == players as usize
                && !near_home(cells[o[0]])
        })
        .collect();
    let gates: HashSet<usize> = if gate_orbits.is_empty() {
        HashSet::new()
    } else {
        gate_orbits[rng.random_range(0..gate_orbits.len())]
            .iter()
            .copied()
            .collect()
    };
    // Names.
    let mut used: BTreeSet<String> = BTreeSet::new();
    let mut spaces: Vec<Space> = Vec::with_capacity(cells.len());
    for (i, &(q, r)) in cells.iter().enumerate() {
        let k = kind[i];
        let home = homes.iter().position(|&h| h == (q, r)).map(|s| s as u8);
        let name = match k {
            SpaceKind::Babylon5 => "Babylon 5".to_string(),
            SpaceKind::Home => format!("Homesystem {}", home.unwrap_or(0) + 1),
            SpaceKind::System => {
                let mut n;
                let mut tries = 0;
                loop {
                    n = format!(
                        "{}{}",
                        FIRST[rng.random_range(0..FIRST.len())],
                        LAST[rng.random_range(0..LAST.len())]
                    );
                    tries += 1;
                    if tries > 20 {
                        n = format!("{n} {q},{r}");
                    }
                    if !used.contains(&n) {
                        break;
                    }
                }
                used.insert(n.clone());
                n
            }
            SpaceKind::Empty => format!("Deep space {q},{r}"),
            SpaceKind::Nebula => format!("Nebula {q},{r}"),
            SpaceKind::Supernova => format!("Supernova {q},{r}"),
            SpaceKind::BlackHole => format!("Black hole {q},{r}"),
        };
        let neighbours: Vec<SpaceId> = {
            let mut v: Vec<SpaceId> = HEX_DIRS
                .iter()
                .filter_map(|(dq, dr)| index.get(&(q + dq, r + dr)).map(|&j| j as SpaceId))
                .collect();
            v.sort_unstable();
            v
        };
        spaces.push(Space {
            name,
            kind: k,
            at: (q, r),
            neighbours,
            home,
            jumpgate: k == SpaceKind::Home || gates.contains(&i),
            revenue: None,
        });
    }
    Map {
        name: format!("Generated {players}-player map {seed}"),
        spaces,
    }
}

fn reachable(
    cells: &[(i16, i16)],
    index: &BTreeMap<(i16, i16), usize>,
    kind: &[SpaceKind],
) -> HashSet<usize> {
    let start = index[&(0, 0)];
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    while let Some(i) = stack.pop() {
        let (q, r) = cells[i];
        for (dq, dr) in HEX_DIRS {
            if let Some(&j) = index.get(&(q + dq, r + dr)) {
                if kind[j].enterable() && seen.insert(j) {
                    stack.push(j);
                }
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_maps_are_valid_connected_and_fair() {
        for players in 2..=4u8 {
            for seed in 0..150u64 {
                let m = generate(players, seed);
                m.validate()
                    .unwrap_or_else(|e| panic!("{players}p seed {seed}: {e}"));
                assert_eq!(m.homes().len(), players as usize);
                m.check_fair(4)
                    .unwrap_or_else(|e| panic!("{players}p seed {seed}: {e}"));
                let d = m.distances(m.babylon5().unwrap());
                for h in m.homes() {
                    assert!(d[h as usize].is_some());
                }
                let empty = m
                    .spaces
                    .iter()
                    .filter(|s| s.kind == SpaceKind::Empty)
                    .count();
                assert!(
                    empty * 2 > m.spaces.len(),
                    "{players}p seed {seed}: over half empty"
                );
                assert!(
                    m.system_count() >= 4 * players as usize,
                    "{players}p seed {seed}"
                );
                // Loads back from its own TOML.
                assert_eq!(Map::from_toml(&m.to_toml()).unwrap(), m);
            }
        }
    }

    #[test]
    fn same_seed_same_map() {
        assert_eq!(generate(3, 7), generate(3, 7));
        assert_ne!(generate(3, 7), generate(3, 8));
    }
}
