//! `b5 cards try NAME`: a player's own card, from his file, played in a
//! sandbox against a computer player with `b5 play`'s screen.

use crate::common::{b5, b5_with_input, scratch};

const FILE: &str = r#"[cards."Practice Blockade"]
type = "conflict"
conflict = "military"
target = "player"
won = [{ lose_influence = 1, who = "target" }]
"#;

#[test]
fn a_card_of_ones_own_file_is_played_in_a_sandbox() {
    let dir = scratch("cards-try");
    let file = dir.join("mine.toml");
    std::fs::write(&file, FILE).expect("write");
    let f = file.display().to_string();
    let args = [
        "--cards",
        &f,
        "cards",
        "try",
        "practice blockade",
        "--seed",
        "3",
    ];
    // The first choice on offer for the card (its number, then a), then quit.
    let first = b5_with_input(&args, "q\n");
    assert_eq!(first.code, 0, "{}", first.show());
    let out = &first.stdout;
    assert!(
        out.contains("b5 cards try: Practice Blockade in your hand (seed 3); nothing is saved"),
        "{}",
        first.show()
    );
    assert!(
        out.contains("conflict round"),
        "a conflict is tried from the Conflict Round:\n{}",
        first.show()
    );
    let line = out
        .lines()
        .find(|l| {
            l.contains(
                "Practice Blockade (conflict, in hand): declare Practice Blockade on Computer",
            )
        })
        .unwrap_or_else(|| panic!("the card's choice:\n{}", first.show()));
    let number = line
        .trim()
        .trim_start_matches('#')
        .split_whitespace()
        .next()
        .expect("a number");
    let played = b5_with_input(&args, &format!("{number}a\nq\n"));
    assert_eq!(played.code, 0, "{}", played.show());
    assert!(
        played
            .stdout
            .contains("You: initiates Practice Blockade targeting Computer."),
        "{}",
        played.show()
    );
    assert!(
        played.stdout.contains("You left the sandbox on turn 1."),
        "{}",
        played.show()
    );
    // Nothing was saved beside the file.
    assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 1);
    // An unknown name: a suggestion, exit 1.
    let r = b5(&["--cards", &f, "cards", "try", "practice blockad"]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(
        r.stderr.contains("did you mean: Practice Blockade?"),
        "{}",
        r.show()
    );
}
