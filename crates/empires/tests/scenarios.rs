//! Every scenario under `scenarios/` passes, and the runner catches a
//! scenario whose expectation is wrong.

use std::path::PathBuf;

use b5_empires::scenario::{run_text, Scenario};

fn scenario_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("scenarios folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_scenario_passes() {
    let files = scenario_files();
    assert!(files.len() >= 15, "{} scenarios", files.len());
    let mut failed = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable");
        if let Err(e) = run_text(&text) {
            failed.push(format!("{}: {e}", f.display()));
        }
    }
    assert!(
        failed.is_empty(),
        "failing scenarios:\n{}",
        failed.join("\n")
    );
}

#[test]
fn a_wrong_expectation_fails_at_its_step() {
    let text = std::fs::read_to_string(scenario_files()[0].clone()).unwrap();
    let broken = text.replace(
        "\"unit.cruiser.at\" = \"Ec\"",
        "\"unit.cruiser.at\" = \"Sc\"",
    );
    assert_ne!(broken, text);
    let s = Scenario::from_toml(&broken).expect("still reads");
    let f = s.run().expect_err("the expectation is wrong");
    assert!(f.reason.contains("unit.cruiser.at"), "{f}");
    assert!(f.step > 0);
}

#[test]
fn bad_scenarios_are_errors_not_panics() {
    for (text, needle) in [
        ("title = \"x\"\nraces = [\"narn\"]\n", "step"),
        ("title = \"x\"\nraces = [\"narn\", \"narn\"]\n[[step]]\nexpect = {}\n", "Narn"),
        ("title = \"x\"\nraces = [\"narn\", \"minbari\"]\nbogus = 1\n[[step]]\nexpect = {}\n", "bogus"),
        ("title = \"x\"\nraces = [\"vorlon\", \"minbari\"]\n[[step]]\nexpect = {}\n", "vorlon"),
        ("title = \"x\"\nraces = [\"narn\", \"minbari\"]\n[[step]]\nexpect = { \"nowhere\" = 1 }\n", "nowhere"),
        ("title = \"x\"\nraces = [\"narn\", \"minbari\"]\n[[unit]]\nkind = \"cruiser\"\nat = \"Mars\"\nowner = 1\n[[step]]\nexpect = {}\n", "Mars"),
        ("title = \"x\"\nraces = [\"narn\", \"minbari\"]\n[[step]]\nplayer = 1\ndo = \"fly\"\n", "fly"),
        ("title = [\n", "line"),
    ] {
        let r = run_text(text);
        let e = r.expect_err(text);
        assert!(e.contains(needle), "{e} should name {needle}");
    }
}
