//! Builds the browser client (web/) with npm when its built files are missing
//! or older than its sources, and tells the crate which folder to embed:
//! web/dist, or, when it cannot be built (no npm), a one-page stand-in that
//! says what to install.
//!
//! `B5_WEB_NO_NPM=1` never runs npm (a web/dist that exists is still
//! embedded).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// The web sources whose change means a rebuild.
const SOURCES: &[&str] = &[
    "src",
    "index.html",
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "tsconfig.json",
];

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let web = manifest.join("../../web");
    let web = web.canonicalize().unwrap_or(web);
    let dist = web.join("dist");
    for s in SOURCES {
        println!("cargo:rerun-if-changed={}", web.join(s).display());
    }
    // While web/dist is missing this path does not exist, so cargo runs this
    // script again at every build (and picks up an npm installed since).
    println!("cargo:rerun-if-changed={}", dist.display());
    println!("cargo:rerun-if-env-changed=B5_WEB_NO_NPM");

    let built = dist.join("index.html");
    let stale = match mtime(&built) {
        None => true,
        Some(t) => SOURCES
            .iter()
            .any(|s| newest(&web.join(s)).is_some_and(|m| m > t)),
    };
    let no_npm = std::env::var_os("B5_WEB_NO_NPM").is_some_and(|v| v != "0" && !v.is_empty());
    let mut failure = None;
    if stale && web.join("package.json").exists() && !no_npm {
        if npm_version().is_some() {
            // Several builds (other target folders) may run this at once:
            // one builds, the others wait for it and then find dist fresh.
            let lock = BuildLock::take(&web.join(".b5-web-build.lock"));
            let still_stale = match mtime(&built) {
                None => true,
                Some(t) => SOURCES
                    .iter()
                    .any(|s| newest(&web.join(s)).is_some_and(|m| m > t)),
            };
            if still_stale {
                if let Err(e) = npm_build(&web) {
                    failure = Some(e);
                }
            }
            drop(lock);
        } else if !built.exists() {
            warn("npm was not found: the browser client (web/) is not built, and `b5 serve` will show a page saying so. Install Node 20 and npm (e.g. `apt-get install nodejs npm`), then rebuild.");
        } else {
            warn("npm was not found: web/dist is older than web/src and was not rebuilt.");
        }
    }
    if let Some(e) = &failure {
        warn(&format!("building the browser client failed: {e}"));
    }

    let dir = if built.exists() {
        println!("cargo:rustc-env=B5_WEB_BUILT=1");
        dist
    } else {
        println!("cargo:rustc-env=B5_WEB_BUILT=0");
        let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("web-missing");
        fs::create_dir_all(&out).expect("create OUT_DIR/web-missing");
        fs::write(out.join("index.html"), MISSING_PAGE).expect("write the stand-in page");
        out
    };
    println!("cargo:rustc-env=B5_WEB_DIR={}", dir.display());
}

/// A lock file held while npm builds web/dist (removed on drop; one older
/// than ten minutes is taken to be left by a killed build).
struct BuildLock(Option<PathBuf>);

impl BuildLock {
    fn take(path: &Path) -> BuildLock {
        for _ in 0..1200 {
            match fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
            {
                Ok(_) => return BuildLock(Some(path.to_path_buf())),
                Err(_) => {
                    let old = mtime(path)
                        .and_then(|t| t.elapsed().ok())
                        .is_some_and(|age| age.as_secs() > 600);
                    if old {
                        let _ = fs::remove_file(path);
                        continue;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(500));
                }
            }
        }
        warn("web/.b5-web-build.lock stayed in place for ten minutes; building anyway");
        BuildLock(None)
    }
}

impl Drop for BuildLock {
    fn drop(&mut self) {
        if let Some(p) = &self.0 {
            let _ = fs::remove_file(p);
        }
    }
}

fn warn(msg: &str) {
    println!("cargo:warning=b5-web: {msg}");
}

fn npm() -> Command {
    let mut c = Command::new("npm");
    // A build script's output is no terminal; keep npm quiet about it.
    c.env("npm_config_fund", "false")
        .env("npm_config_audit", "false")
        .env("npm_config_update_notifier", "false");
    c
}

fn npm_version() -> Option<String> {
    let out = npm().arg("--version").output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn npm_build(web: &Path) -> Result<(), String> {
    if !web.join("node_modules").exists() {
        run(npm().arg("ci").current_dir(web), "npm ci")?;
    }
    run(
        npm().args(["run", "build"]).current_dir(web),
        "npm run build",
    )
}

fn run(c: &mut Command, what: &str) -> Result<(), String> {
    let out = c.output().map_err(|e| format!("{what}: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    let err = String::from_utf8_lossy(&out.stderr);
    let tail: Vec<&str> = err.lines().rev().take(8).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    Err(format!(
        "{what} exited with {}: {}",
        out.status,
        tail.join(" | ")
    ))
}

fn mtime(p: &Path) -> Option<SystemTime> {
    fs::metadata(p).and_then(|m| m.modified()).ok()
}

/// The newest modification time of a file, or of any file under a folder.
fn newest(p: &Path) -> Option<SystemTime> {
    let meta = fs::metadata(p).ok()?;
    if !meta.is_dir() {
        return meta.modified().ok();
    }
    let mut best = meta.modified().ok();
    for e in fs::read_dir(p).ok()?.flatten() {
        if let Some(t) = newest(&e.path()) {
            best = Some(best.map_or(t, |b| b.max(t)));
        }
    }
    best
}

const MISSING_PAGE: &str = r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>B5 CCG table: the browser client is not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
<h1>The browser client is not built</h1>
<p>This <code>b5</code> was compiled on a machine without npm, so the web page
of the online table could not be built into it. The table itself works: its
protocol is at <a href="/api">/api</a> (see <code>docs/protocol.md</code>).</p>
<p>To get the page: <strong>install Node 20 and npm</strong> (for example
<code>apt-get install nodejs npm</code>), then rebuild <code>b5</code>
(<code>cargo build --release</code>); the build runs <code>npm ci</code> and
<code>npm run build</code> in <code>web/</code> by itself.</p>
</body>
</html>
"#;
