//! `b5 connect` against a real `b5 serve` (both child processes): two
//! computer players on "another machine" play a table to its end through
//! the protocol; a terminal player takes a seat with a join link, reads the
//! table, help and card texts, acts, leaves (the computer takes the seat)
//! and comes back with the table's link; a terminal player hears another
//! seat's undo request while its prompt waits, answers it, and sees the
//! table as the undo left it.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use serde_json::{json, Value};

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("b5-connect-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

struct Served {
    child: Child,
    base: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(data: &Path) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_b5"))
        .args(["serve", "--addr", "127.0.0.1:0", "--test-mode"])
        .args(["--tables-per-hour", "0"])
        .arg("--data")
        .arg(data)
        .args(["--actions-per-second", "100000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("b5 serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let base = line
        .trim()
        .strip_prefix("b5 serve: listening on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_string();
    Served { child, base }
}

fn http(base: &str, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    http_as(base, method, path, None, body)
}

fn http_as(
    base: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let c = reqwest::Client::new();
        let url = format!("{base}{path}");
        let mut r = if method == "GET" {
            c.get(url)
        } else {
            c.post(url)
        };
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        if let Some(b) = body {
            r = r.body(b.to_string());
        }
        let res = r.send().await.unwrap();
        let status = res.status().as_u16();
        let text = res.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    })
}

/// A table of human seats (and `computer` seats), its join links.
fn table(base: &str, seats: &[(&str, &str)], turn_limit: u32) -> (String, Vec<String>) {
    let req = json!({
        "seats": seats.iter().map(|(p, d)| json!({ "player": p, "deck": d })).collect::<Vec<_>>(),
        "seed": 11,
        "options": { "turn_limit": turn_limit },
    });
    let (status, v) = http(base, "POST", "/api/tables", Some(req));
    assert_eq!(status, 201, "{v}");
    let id = v["table"].as_str().unwrap().to_string();
    let links = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            format!(
                "{base}/join/{id}/{}#{}",
                s["seat"],
                s["invitation"].as_str().unwrap()
            )
        })
        .collect();
    (id, links)
}

fn connect(args: &[&str], seats: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_b5"));
    c.arg("connect").args(args).arg("--seats").arg(seats);
    c
}

fn text(o: &Output) -> String {
    format!(
        "{}\n--- stderr ---\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn computer_players_from_another_machine_play_a_table_to_its_end() {
    let data = temp_dir("bots");
    let server = serve(&data);
    let (id, links) = table(&server.base, &[("human", "narn"), ("human", "minbari")], 4);
    let seats = data.join("seats");
    let greedy = connect(
        &[&links[0], "--bot", "greedy", "--name", "Far Greedy"],
        &seats,
    )
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let random = connect(&[&links[1], "--bot", "random"], &seats)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let greedy = greedy.wait_with_output().unwrap();
    for o in [&greedy, &random] {
        assert!(o.status.success(), "{}", text(o));
        let t = text(o);
        assert!(t.contains("=== Game over ==="), "{t}");
        assert!(t.contains("  * "), "the log as sentences: {t}");
    }
    let (_, lobby) = http(&server.base, "GET", &format!("/api/tables/{id}"), None);
    assert_eq!(lobby["finished"], true, "{lobby}");
    assert_eq!(lobby["seats"][0]["name"], "Far Greedy");
    // The seats were the players' own: nobody took them over.
    assert_eq!(lobby["seats"][0]["away"], false, "{lobby}");
    // A used join link cannot take the seat again from elsewhere.
    let again = connect(&[&links[0]], &data.join("other-machine"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert!(
        text(&again).contains("cannot take seat 0"),
        "{}",
        text(&again)
    );
}

#[test]
fn a_terminal_player_takes_a_seat_leaves_and_comes_back() {
    let data = temp_dir("human");
    let server = serve(&data);
    let (id, links) = table(
        &server.base,
        &[("human", "centauri"), ("greedy", "human")],
        30,
    );
    let seats = data.join("seats");
    let mut child = connect(&[&links[0], "--name", "Terminal Tess"], &seats)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"h\nwhy\n?1\nc nothing-of-that-name\nwhat\n.\n.\nq\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    for want in [
        "You hold seat 1 as Terminal Tess",
        "Connected to table",
        "Your choices, ",
        "Symbols on the table",
        "say TEXT",
        "no card is named \"nothing-of-that-name\"",
        "\"what\" is not a choice",
        "You: ",
        "You left the table",
    ] {
        assert!(t.contains(want), "missing {want:?} in:\n{t}");
    }
    // `?1`: card 1 is in sight (an ambassador on the table) and its text,
    // from the server's cards, is shown.
    assert!(t.contains("Diplomacy"), "{t}");
    let (_, lobby) = http(&server.base, "GET", &format!("/api/tables/{id}"), None);
    assert_eq!(lobby["seats"][0]["name"], "Terminal Tess");
    // The seat's key stayed on this machine, readable by its owner only.
    let kept: Vec<_> = std::fs::read_dir(&seats).unwrap().collect();
    assert_eq!(kept.len(), 1);

    // Back with the table's link: the seat is taken back from the computer.
    let back = connect(&[&format!("{}/table/{id}", server.base)], &seats)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let t = text(&back);
    assert!(back.status.success(), "{t}");
    assert!(
        t.contains("Connected to table") && t.contains("as seat 1"),
        "{t}"
    );
    // Another machine holds no seat there.
    let none = connect(
        &[&format!("{}/table/{id}", server.base)],
        &data.join("elsewhere"),
    )
    .stdin(Stdio::null())
    .output()
    .unwrap();
    assert!(!none.status.success());
    assert!(text(&none).contains("holds no seat"), "{}", text(&none));
    // A spectator follows the game (to its end, or until it stops).
    let mut watch = connect(&[&format!("{}/watch/{id}", server.base)], &seats)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Read until it says it watches (or ends), then stop it: a watcher
    // whose server goes away tries again for half a minute.
    let mut seen = String::new();
    let mut out = BufReader::new(watch.stdout.take().unwrap());
    let mut line = String::new();
    while !seen.contains("Watching table") && out.read_line(&mut line).unwrap_or(0) > 0 {
        seen.push_str(&line);
        line.clear();
    }
    let _ = watch.kill();
    let _ = watch.wait();
    drop(server);
    assert!(seen.contains("Watching table"), "{seen}");
}

/// Everything a child process prints, read as it comes (prompts end
/// without a newline).
struct Screen(std::sync::Arc<std::sync::Mutex<String>>);

impl Screen {
    fn of(child: &mut Child) -> Screen {
        let text = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let mut out = child.stdout.take().unwrap();
        let kept = text.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = std::io::Read::read(&mut out, &mut buf) {
                if n == 0 {
                    break;
                }
                kept.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        Screen(text)
    }

    fn text(&self) -> String {
        self.0.lock().unwrap().clone()
    }

    /// Waits (up to 20 s) until `want` shows after byte `from`; where.
    fn wait_for(&self, want: &str, from: usize) -> usize {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            let t = self.text();
            if let Some(i) = t.get(from..).and_then(|rest| rest.find(want)) {
                return from + i;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "{want:?} did not show after byte {from} of:\n{t}"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
}

#[test]
fn an_undo_asked_at_another_seat_reaches_a_terminal_player_while_they_choose() {
    let data = temp_dir("undo");
    let server = serve(&data);
    let (id, links) = table(&server.base, &[("human", "narn"), ("human", "minbari")], 30);
    // Seat 1 is played through the protocol by this test.
    let invitation = links[1].rsplit('#').next().unwrap();
    let (status, joined) = http_as(
        &server.base,
        "POST",
        &format!("/api/tables/{id}/seats/1/join"),
        Some(invitation),
        Some(json!({ "name": "Ben" })),
    );
    assert_eq!(status, 200, "{joined}");
    let ben = joined["token"].as_str().unwrap().to_string();
    let state = |token: &str| {
        http_as(
            &server.base,
            "GET",
            &format!("/api/tables/{id}/state"),
            Some(token),
            None,
        )
        .1
    };
    // Ben takes the first of his legal actions in the state `s`.
    let ben_takes_first = |s: &Value| {
        let (st, v) = http_as(
            &server.base,
            "POST",
            &format!("/api/tables/{id}/actions"),
            Some(&ben),
            Some(json!({ "seq": s["seq"], "action": s["legal_actions"][0] })),
        );
        assert_eq!(st, 200, "{v}");
    };
    let mut child = connect(&[&links[0], "--name", "Terminal Tess"], &data.join("seats"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let screen = Screen::of(&mut child);
    let mut stdin = child.stdin.take().unwrap();
    // Play until Ben has an action in effect and Tess is choosing.
    let mut ben_acted = false;
    let mut prompts = 0;
    let mut asked_at = None;
    for _ in 0..200 {
        let s = state(&ben);
        let seq = s["seq"].as_u64().unwrap();
        let to_act: Vec<u64> = s["pending"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_u64)
            .collect();
        if to_act.contains(&1) {
            ben_takes_first(&s);
            ben_acted = true;
        } else if to_act.contains(&0) {
            // Tess's prompt for this change.
            let shown = screen.text().matches("Choose (").count();
            if shown <= prompts {
                std::thread::sleep(std::time::Duration::from_millis(50));
                continue;
            }
            prompts = shown;
            if ben_acted {
                asked_at = Some(screen.text().len());
                let (st, v) = http_as(
                    &server.base,
                    "POST",
                    &format!("/api/tables/{id}/undo"),
                    Some(&ben),
                    Some(json!({ "seq": seq })),
                );
                assert_eq!(st, 202, "Tess must agree: {v}");
                assert_eq!(v["waiting"], json!([0]), "{v}");
                break;
            }
            stdin.write_all(b".\n").unwrap();
        }
    }
    let asked_at = asked_at.expect("Ben acted and Tess was choosing");
    // The question reaches Tess while her prompt waits: nothing was typed.
    let q = screen.wait_for(
        "Ben (Minbari) asks to take back their last action",
        asked_at,
    );
    screen.wait_for("Accept? (y/n): ", q);
    stdin.write_all(b"maybe\ny\n").unwrap();
    let undone = screen.wait_for("Minbari's undo takes back the actions from number", q);
    assert!(
        screen.text()[q..undone].contains("Please answer y or n."),
        "{}",
        screen.text()
    );
    // The table drawn again as the undo left it, and Ben to act again.
    let s = state(&ben);
    assert_eq!(s["undo"], Value::Null, "{s}");
    assert_eq!(s["to_act"], true, "{s}");
    // While Ben chooses, Tess's commands that need no choice work at once.
    stdin.write_all(b"t\nsay over to you, Ben\nwho\n").unwrap();
    screen.wait_for("(the table waits for Ben (Minbari))", undone);
    // `who`: each seat's player and presence (Ben plays through HTTP alone).
    let who = screen.wait_for("1. Terminal Tess (Narn): at the table", undone);
    screen.wait_for("2. Ben (Minbari): disconnected", who);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let (_, chat) = http(&server.base, "GET", &format!("/api/tables/{id}/chat"), None);
        if chat.to_string().contains("over to you, Ben") {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{chat}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // Ben acts again; Tess's next prompt shows that table, and she leaves.
    ben_takes_first(&s);
    let drawn = screen.wait_for("Your choices, ", undone);
    screen.wait_for("Choose (", drawn);
    stdin.write_all(b"h\nq\n").unwrap();
    let o = child.wait_with_output().unwrap();
    let t = screen.text();
    assert!(
        o.status.success(),
        "{t}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // `h` says how an undo is answered at an online table.
    assert!(t.contains("answer y (agree) or n (refuse)"), "{t}");
    assert!(t.contains("You left the table"), "{t}");
}

/// `--auto-pass`: a terminal player whose only choice is a pass is not
/// asked; the pass is taken and said. Without it, the same pass is asked.
#[test]
fn auto_pass_takes_a_lone_pass_without_asking() {
    let data = temp_dir("auto-pass");
    let server = serve(&data);
    let seats = data.join("seats");
    let mut outputs = Vec::new();
    for auto in [true, false] {
        let (_, links) = table(&server.base, &[("human", "narn"), ("greedy", "minbari")], 2);
        let mut args = vec![links[0].as_str(), "--name", "Ada"];
        if auto {
            args.push("--auto-pass");
        }
        let mut child = connect(&args, &seats)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // A pass (or buying no card when there is no pass), every time
        // asked, to the game's end.
        child
            .stdin
            .take()
            .unwrap()
            .write_all("pass\nbuy\na\n".repeat(400).as_bytes())
            .unwrap();
        let o = child.wait_with_output().unwrap();
        let t = text(&o);
        assert!(o.status.success(), "{t}");
        assert!(t.contains("=== Game over ==="), "{t}");
        outputs.push(t);
    }
    let said = |t: &str| {
        t.matches("Passed for you: passing was your only choice.")
            .count()
    };
    assert!(said(&outputs[0]) > 0, "{}", outputs[0]);
    assert_eq!(said(&outputs[1]), 0, "{}", outputs[1]);
    // The two games differ (the answers typed fall on other questions), so
    // prompts are not compared by number: with it, no menu offering only a
    // pass is ever shown; without it, such menus are shown.
    assert_eq!(lone_pass_menus(&outputs[0]), 0, "{}", outputs[0]);
    assert!(lone_pass_menus(&outputs[1]) > 0, "{}", outputs[1]);
}

/// How many menus shown in `t` offered a pass and nothing else.
fn lone_pass_menus(t: &str) -> usize {
    t.split("Your choices, ")
        .skip(1)
        .filter(|menu| {
            let choices: Vec<&str> = menu
                .lines()
                .skip(1)
                .take_while(|l| !l.starts_with("Choose"))
                .collect();
            matches!(choices.as_slice(), [one] if one.trim_start().starts_with("pass "))
        })
        .count()
}
