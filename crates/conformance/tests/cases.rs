//! Every scenario in the repository passes, and the copy of the shared
//! cases matches `../shared/conformance/cases` when it is beside the clone.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run_folder(dir: &str) -> (usize, usize, String) {
    let db = b5_cards::open_set::database().expect("the Open Set loads");
    let files = b5_conformance::collect(&[root().join(dir)])
        .expect("the folder exists")
        .0;
    assert!(!files.is_empty(), "no scenarios in {dir}");
    let mut out = Vec::new();
    let (pass, fail) = b5_conformance::run_files(&files, &db, &mut out).expect("writes to memory");
    (pass, fail, String::from_utf8(out).expect("utf-8"))
}

#[test]
fn shared_cases_pass() {
    let (pass, fail, out) = run_folder("conformance/cases");
    assert_eq!(fail, 0, "{out}");
    assert!(pass >= 33, "{out}");
}

#[test]
fn own_cases_pass() {
    let (pass, fail, out) = run_folder("conformance/own");
    assert_eq!(fail, 0, "{out}");
    assert!(pass > 0, "{out}");
}

#[test]
fn shared_copy_is_in_sync() {
    let shared = root().join("../shared/conformance/cases");
    if !shared.is_dir() {
        eprintln!("../shared is not beside this clone: sync not checked");
        return;
    }
    let names = |d: &Path| {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".toml"))
            .collect();
        v.sort();
        v
    };
    let ours = root().join("conformance/cases");
    assert_eq!(
        names(&shared),
        names(&ours),
        "the copied case list differs from ../shared"
    );
    for n in names(&shared) {
        let a = std::fs::read(shared.join(&n)).unwrap();
        let b = std::fs::read(ours.join(&n)).unwrap();
        assert!(
            a == b,
            "conformance/cases/{n} differs from ../shared: re-copy it"
        );
    }
}

#[test]
fn summary_line_and_failures_are_reported() {
    // A scenario whose check is wrong must FAIL with the path and reason.
    let db = b5_cards::open_set::database().unwrap();
    let text = std::fs::read_to_string(root().join("conformance/cases/08-build-influence.toml"))
        .unwrap()
        .replace("\"A.influence\" = 10", "\"A.influence\" = 11");
    match b5_conformance::run_text(&text, "mutated.toml", &db) {
        b5_conformance::Verdict::Fail(why) => {
            assert!(
                why.contains("step 3") && why.contains("A.influence: expected 11, got 10"),
                "{why}"
            )
        }
        v => panic!("a wrong expectation passed: {v:?}"),
    }
}
