//! `b5 cards new`: the questions, answered on standard input, write a card
//! table that loads; a bad answer is asked again; a name the file already
//! has is refused; input that ends is an error, and nothing is written.

use crate::common::{b5, b5_with_input, scratch};

#[test]
fn answers_write_a_card_that_loads_and_is_added_to_the_file() {
    let dir = scratch("cards-new");
    let file = dir.join("mine.toml");
    let f = file.display().to_string();
    // Name, type, race, cost, Military, text.
    let r = b5_with_input(
        &["cards", "new", "--out", &f],
        "Practice Warden\nfleet\nnarn\n3\n4\nThe printed words.\n",
    );
    assert_eq!(r.code, 0, "{}", r.show());
    let text = std::fs::read_to_string(&file).expect("written");
    for line in [
        "[cards.\"Practice Warden\"]",
        "type = \"fleet\"",
        "race = \"narn\"",
        "cost = 3",
        "military = 4",
        "text = \"The printed words.\"",
    ] {
        assert!(text.contains(line), "{line} in:\n{text}");
    }
    // A second card joins the first; bad answers are asked again (an
    // unknown type, a cost out of range), empty ones take the default.
    let r = b5_with_input(
        &["cards", "new", "--out", &f],
        "practice warden\nPractice Canvass\nspaceship\nconflict\n\nintrigue\nplayer\n\n",
    );
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout
            .contains("already has a card named \"practice warden\""),
        "{}",
        r.show()
    );
    assert!(
        r.stdout.contains("one of: character, group"),
        "{}",
        r.show()
    );
    let text = std::fs::read_to_string(&file).expect("written");
    assert!(
        text.contains("[cards.\"Practice Warden\"]")
            && text.contains("[cards.\"Practice Canvass\"]"),
        "{text}"
    );
    assert!(text.contains("conflict = \"intrigue\""), "{text}");
    // Both load, and check reads them.
    let r = b5(&["cards", "check", &f]);
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout
            .contains("2 cards: 0 read as their text, 1 differs, 1 has no text"),
        "{}",
        r.show()
    );
}

#[test]
fn input_that_ends_or_answers_that_never_fit_write_nothing() {
    let dir = scratch("cards-new-ends");
    let file = dir.join("mine.toml");
    let f = file.display().to_string();
    let r = b5_with_input(&["cards", "new", "--out", &f], "Practice Half\nfleet\n");
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("no answer to \"Race"), "{}", r.show());
    assert!(!file.exists());
    let r = b5_with_input(
        &["cards", "new"],
        "Practice Half\nevent\n\n100\n100\n100\n100\n100\n",
    );
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(
        r.stderr
            .contains("no usable answer to \"Cost\" after 5 tries"),
        "{}",
        r.show()
    );
    // A file that does not load is not added to.
    std::fs::write(&file, "not toml [").expect("write");
    let r = b5_with_input(&["cards", "new", "--out", &f], "Practice Half\n");
    assert_eq!(r.code, 1, "{}", r.show());
    assert_eq!(std::fs::read_to_string(&file).expect("kept"), "not toml [");
}
