//! The map as one player (or a spectator) may see it: as text for the
//! terminal (`b5 empires play`, `b5 empires map`) and as an SVG picture
//! (`b5 empires map --svg FILE`). Everything drawn comes from a
//! [`View`] and the public map, so nothing hidden is ever drawn.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use b5_empires::{Game, Map, Setup, SpaceKind, View};
use clap::Args;

use super::{map_and_players, races_for, EmpiresSave};
use crate::Fail;

#[derive(Args, Debug)]
pub struct MapArgs {
    /// A map file (TOML), or a shipped map: the-divide, four-crowns
    #[arg(long, value_name = "FILE", conflicts_with = "save")]
    pub map: Option<PathBuf>,
    /// Generate a map from this seed (default 1)
    #[arg(long, value_name = "S", conflicts_with = "save")]
    pub seed: Option<u64>,
    /// Players, for a generated map (2 to 4)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=4),
          conflicts_with = "save")]
    pub players: Option<u8>,
    /// Draw the final position of a saved game (b5 empires play/sim --save)
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Write an SVG picture to FILE instead of printing text
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// A player's letter on the map: A for seat 1.
pub fn letter(p: u8) -> char {
    (b'A' + p.min(25)) as char
}

fn kind_char(k: SpaceKind, explored: bool) -> char {
    match k {
        SpaceKind::Home => 'H',
        SpaceKind::System if explored => 'S',
        SpaceKind::System => '?',
        SpaceKind::Babylon5 => 'B',
        SpaceKind::Nebula => '~',
        SpaceKind::Supernova => '*',
        SpaceKind::BlackHole => '@',
        SpaceKind::Empty => '.',
    }
}

/// The three lines of one space's cell, `w` characters each.
fn cell(map: &Map, view: &View, s: usize, w: usize) -> [String; 3] {
    let sp = &map.spaces[s];
    let sv = &view.spaces[s];
    let ctl = sv.control.map(letter).unwrap_or(' ');
    let idw = w - 3;
    let l1 = format!("{}{:>idw$} {}", kind_char(sp.kind, sv.explored), s, ctl);
    let l2 = match sp.kind {
        SpaceKind::System | SpaceKind::Home => {
            let r = match (sp.kind, sv.resources) {
                (SpaceKind::Home, _) => 'h',
                (_, Some(r)) => char::from(b'0' + r.min(9)),
                _ => ' ',
            };
            format!(
                "{r}{}{}{}",
                if sv.colony { 'C' } else { ' ' },
                if sv.shipyard { 'S' } else { ' ' },
                if sv.jumpgate { 'J' } else { ' ' }
            )
        }
        SpaceKind::Babylon5 => "B5".into(),
        SpaceKind::Nebula => "~~~".into(),
        SpaceKind::Supernova => "***".into(),
        SpaceKind::BlackHole => "(@)".into(),
        SpaceKind::Empty => String::new(),
    };
    let mut l3 = String::new();
    let here: Vec<_> = view
        .stacks
        .iter()
        .filter(|x| x.space as usize == s)
        .collect();
    for (i, st) in here.iter().enumerate() {
        let part = format!("{}{}", letter(st.owner), st.count);
        if l3.len() + part.len() > w || (i + 1 < here.len() && l3.len() + part.len() + 1 > w) {
            while l3.len() >= w {
                l3.pop();
            }
            l3.push('+');
            break;
        }
        l3.push_str(&part);
    }
    let fit = |s: String| format!("{:<w$}", s.chars().take(w).collect::<String>());
    [fit(l1), fit(l2), fit(l3)]
}

/// The map drawn as hexes of text (rows offset by half a cell), or as a
/// list when the map is too wide for a terminal.
pub fn map_text(map: &Map, view: &View) -> String {
    let n = map.spaces.len();
    let idw = n.saturating_sub(1).to_string().len().max(2);
    let w = idw + 3;
    let half = w.div_ceil(2);
    let xs: Vec<i32> = map
        .spaces
        .iter()
        .map(|s| 2 * i32::from(s.at.0) + i32::from(s.at.1))
        .collect();
    let (minx, maxx) = (
        xs.iter().copied().min().unwrap_or(0),
        xs.iter().copied().max().unwrap_or(0),
    );
    let (miny, maxy) = (
        map.spaces.iter().map(|s| s.at.1).min().unwrap_or(0),
        map.spaces.iter().map(|s| s.at.1).max().unwrap_or(0),
    );
    let width = (maxx - minx) as usize * half + w + 1;
    let mut out = String::new();
    if width > 100 || (maxy - miny) > 30 {
        for (s, sp) in map.spaces.iter().enumerate() {
            let c = cell(map, view, s, w);
            let _ = writeln!(out, "{} {} {}  {}", c[0], c[1], c[2], sp.name);
        }
    } else {
        for y in miny..=maxy {
            let mut lines = [vec![b' '; width], vec![b' '; width], vec![b' '; width]];
            for (s, sp) in map.spaces.iter().enumerate() {
                if sp.at.1 != y {
                    continue;
                }
                let x0 = (xs[s] - minx) as usize * half;
                let c = cell(map, view, s, w);
                for (k, line) in lines.iter_mut().enumerate() {
                    for (j, b) in c[k].bytes().enumerate() {
                        if x0 + j < width {
                            line[x0 + j] = b;
                        }
                    }
                }
            }
            for line in lines {
                let t = String::from_utf8_lossy(&line).trim_end().to_string();
                if !t.is_empty() {
                    out.push_str(&t);
                    out.push('\n');
                }
            }
        }
    }
    // Lanes beyond the hex neighbours.
    let mut extra = Vec::new();
    for (i, sp) in map.spaces.iter().enumerate() {
        for &j in &sp.neighbours {
            let j = j as usize;
            if j > i && b5_empires::map::hex_distance(sp.at, map.spaces[j].at) != 1 {
                extra.push(format!("{} [{i}] - {} [{j}]", sp.name, map.spaces[j].name));
            }
        }
    }
    if !extra.is_empty() {
        let _ = writeln!(
            out,
            "Lanes besides the hex neighbours: {}",
            extra.join(", ")
        );
    }
    out.push_str(
        "Key: H home, S system (Resources 1-3), ? unexplored, B Babylon 5, ~ nebula,\n     * supernova, @ black hole, . empty; C colony, S shipyard, J jumpgate;\n     a letter is a player's control, A3 = 3 units of player A\n",
    );
    out
}

/// The players and what is known of every stack, below the map.
pub fn status_text(game: &Game, view: &View) -> String {
    let map = game.map();
    let mut out = String::new();
    for (i, pv) in view.players.iter().enumerate() {
        let p = i as u8;
        let you = if p == view.viewer { " (you)" } else { "" };
        let _ = writeln!(
            out,
            "{} {}{you}: {} systems, treasury {}, last revenue {}, {} cards{}{}",
            letter(p),
            pv.race.short(),
            pv.systems,
            pv.treasury,
            pv.revenue,
            pv.hand,
            if pv.captured.is_empty() {
                String::new()
            } else {
                format!(", {} leaders captured", pv.captured.len())
            },
            if pv.eliminated { ", eliminated" } else { "" }
        );
    }
    let _ = writeln!(
        out,
        "Systems: {} on the map; over 60% wins. Deck {}, chit pile {}.",
        map.system_count(),
        view.deck,
        view.pile
    );
    if let Some(b) = &view.battle {
        let side = |p: u8| {
            b.units
                .iter()
                .filter(|(_, _, o)| *o == p)
                .map(|(u, k, _)| format!("{} #{}", k.name(), u.0))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            out,
            "Battle at {}: {} (Force {}: {}) against {} (Force {}: {})",
            game.space_label(b.space),
            letter(b.attacker),
            b.force[0],
            side(b.attacker),
            letter(b.defender),
            b.force[1],
            side(b.defender)
        );
    }
    for peek in &view.peeks {
        let line = match peek {
            b5_empires::Peek::Hand { player, cards } => format!(
                "{}'s hand: {}",
                letter(*player),
                cards
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            b5_empires::Peek::Deck { cards } => format!(
                "the next cards of the deck: {}",
                cards
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            b5_empires::Peek::Stack {
                space,
                owner,
                units,
            } => format!(
                "{}'s stack at {}: {}",
                letter(*owner),
                game.space_label(*space),
                units
                    .iter()
                    .map(|c| c.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        let _ = writeln!(out, "You saw {line}");
    }
    for st in &view.stacks {
        let name = &map.spaces[st.space as usize].name;
        match &st.units {
            Some(units) => {
                let list: Vec<String> = units
                    .iter()
                    .map(|u| {
                        format!(
                            "{} #{}{}",
                            u.kind.name(),
                            u.id.0,
                            if u.moved { " (moved)" } else { "" }
                        )
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "  {} at {name} [{}]: {}",
                    letter(st.owner),
                    st.space,
                    list.join(", ")
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "  {} at {name} [{}]: {} units, {} on top",
                    letter(st.owner),
                    st.space,
                    st.count,
                    st.top.name()
                );
            }
        }
    }
    out
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// The players' colours on the SVG map.
pub const COLOURS: [&str; 4] = ["#d9a21b", "#2f7de1", "#7a4fd6", "#d2452f"];

/// The map as an SVG picture: hexes coloured by kind, lanes, names,
/// control (a hex's border in its controller's colour) and stacks (a disc
/// in the owner's colour with the unit count).
pub fn map_svg(game: &Game, view: &View, title: &str) -> String {
    let map = game.map();
    let size = 34.0_f64;
    let r3 = 3f64.sqrt();
    let centre = |at: (i16, i16)| {
        let (q, r) = (f64::from(at.0), f64::from(at.1));
        (size * r3 * (q + r / 2.0), size * 1.5 * r)
    };
    let pts: Vec<(f64, f64)> = map.spaces.iter().map(|s| centre(s.at)).collect();
    let minx = pts.iter().map(|p| p.0).fold(f64::MAX, f64::min) - size * 1.2;
    let maxx = pts.iter().map(|p| p.0).fold(f64::MIN, f64::max) + size * 1.2;
    let miny = pts.iter().map(|p| p.1).fold(f64::MAX, f64::min) - size * 1.3;
    let maxy = pts.iter().map(|p| p.1).fold(f64::MIN, f64::max) + size * 1.3 + 40.0;
    let (w, h) = (maxx - minx, maxy - miny + 30.0);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="{:.1} {:.1} {w:.1} {h:.1}" font-family="sans-serif">"#,
        minx,
        miny - 30.0
    );
    let _ = writeln!(s, "<title>{}</title>", xml(title));
    let _ = writeln!(
        s,
        r##"<rect x="{minx:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" fill="#0b0f1e"/>"##,
        miny - 30.0
    );
    let _ = writeln!(
        s,
        r##"<text x="{:.1}" y="{:.1}" fill="#ffffff" font-size="16">{}</text>"##,
        minx + 10.0,
        miny - 8.0,
        xml(title)
    );
    // Lanes: centre to centre; extra lanes (not hex neighbours) dashed.
    s.push_str("<g stroke=\"#56607a\" stroke-width=\"1.5\">\n");
    for (i, sp) in map.spaces.iter().enumerate() {
        for &j in &sp.neighbours {
            let j = j as usize;
            if j <= i {
                continue;
            }
            let (a, b) = (pts[i], pts[j]);
            let dash = if b5_empires::map::hex_distance(sp.at, map.spaces[j].at) == 1 {
                ""
            } else {
                " stroke-dasharray=\"6 4\""
            };
            let _ = writeln!(
                s,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"{dash}/>"#,
                a.0, a.1, b.0, b.1
            );
        }
    }
    s.push_str("</g>\n");
    for (i, sp) in map.spaces.iter().enumerate() {
        let sv = &view.spaces[i];
        let (cx, cy) = pts[i];
        let fill = match sp.kind {
            SpaceKind::Empty => "#1a2238",
            SpaceKind::System if sv.explored => "#2e6b4a",
            SpaceKind::System => "#3b4a3f",
            SpaceKind::Home => "#8a6d2b",
            SpaceKind::Babylon5 => "#5b7fa8",
            SpaceKind::Nebula => "#6b3f7a",
            SpaceKind::Supernova => "#c9602a",
            SpaceKind::BlackHole => "#000000",
        };
        let (stroke, sw) = match sv.control {
            Some(p) => (COLOURS[p as usize % 4], 4.0),
            None => ("#2a3350", 1.0),
        };
        let corners: Vec<String> = (0..6)
            .map(|k| {
                let a = std::f64::consts::PI / 180.0 * (60.0 * f64::from(k) - 30.0);
                let rr = size * 0.97 - sw / 2.0;
                format!("{:.1},{:.1}", cx + rr * a.cos(), cy + rr * a.sin())
            })
            .collect();
        let _ = writeln!(
            s,
            r#"<polygon points="{}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"><title>{} [{i}]: {}</title></polygon>"#,
            corners.join(" "),
            xml(&sp.name),
            sp.kind.name()
        );
        let short: String = sp.name.chars().take(11).collect();
        let _ = writeln!(
            s,
            r##"<text x="{cx:.1}" y="{:.1}" fill="#ffffff" font-size="8.5" text-anchor="middle">{}</text>"##,
            cy - 14.0,
            xml(&short)
        );
        let mut info = String::new();
        if let Some(r) = sv.resources {
            info.push_str(&format!("R{r} "));
        } else if sp.kind == SpaceKind::System {
            info.push_str("? ");
        }
        if sv.colony {
            info.push('C');
        }
        if sv.shipyard {
            info.push('S');
        }
        if sv.jumpgate {
            info.push('J');
        }
        if !info.trim().is_empty() {
            let _ = writeln!(
                s,
                r##"<text x="{cx:.1}" y="{:.1}" fill="#e8e8e8" font-size="8" text-anchor="middle">{}</text>"##,
                cy - 4.0,
                xml(info.trim())
            );
        }
        let here: Vec<_> = view
            .stacks
            .iter()
            .filter(|x| x.space as usize == i)
            .collect();
        let k = here.len() as f64;
        for (j, st) in here.iter().enumerate() {
            let x = cx + (j as f64 - (k - 1.0) / 2.0) * 15.0;
            let y = cy + 12.0;
            let _ = writeln!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="7" fill="{}" stroke="#ffffff" stroke-width="0.8"><title>{}: {} units, {} on top</title></circle><text x="{x:.1}" y="{:.1}" fill="#000000" font-size="8" text-anchor="middle">{}</text>"##,
                COLOURS[st.owner as usize % 4],
                xml(view.players[st.owner as usize].race.short()),
                st.count,
                st.top.name(),
                y + 3.0,
                st.count
            );
        }
    }
    // Legend.
    let mut x = minx + 10.0;
    let y = maxy - 10.0;
    for (p, pv) in view.players.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<rect x="{x:.1}" y="{:.1}" width="12" height="12" fill="{}"/><text x="{:.1}" y="{y:.1}" fill="#ffffff" font-size="11">{} {}: {} systems</text>"##,
            y - 10.0,
            COLOURS[p % 4],
            x + 16.0,
            letter(p as u8),
            xml(pv.race.short()),
            pv.systems
        );
        x += 150.0;
    }
    s.push_str("</svg>\n");
    s
}

pub fn run(args: &MapArgs) -> Result<ExitCode, Fail> {
    let (game, title) = if let Some(path) = &args.save {
        let save = EmpiresSave::read(path)?;
        let origin = path.display().to_string();
        let game = save.replay(&origin, |_, _, _, _, _| {})?;
        let title = format!(
            "{} after round {}{}",
            game.map().name,
            game.round(),
            if game.is_over() { " (game over)" } else { "" }
        );
        (game, title)
    } else {
        let (choice, n) = map_and_players(args.map.as_deref(), args.players)?;
        let setup = Setup {
            races: races_for(n, None),
            map: choice,
            options: Default::default(),
        };
        let game = Game::new(&setup, args.seed.unwrap_or(1))
            .map_err(|e| Fail::new(format!("the map cannot hold a game: {e}")))?;
        let title = format!("{} ({} players)", game.map().name, n);
        (game, title)
    };
    let view = game.spectator_view();
    if let Some(out) = &args.svg {
        std::fs::write(out, map_svg(&game, &view, &title))
            .map_err(|e| Fail::new(format!("{}: cannot write: {e}", out.display())))?;
        println!("b5 empires map: wrote {} ({title})", out.display());
        return Ok(ExitCode::SUCCESS);
    }
    let mut o = std::io::stdout().lock();
    writeln!(o, "{title}")?;
    write!(o, "{}", map_text(game.map(), &view))?;
    write!(o, "{}", status_text(&game, &view))?;
    Ok(ExitCode::SUCCESS)
}
