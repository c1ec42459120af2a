//! What `MAIN` names: a class on the class path, or a single `.java` file compiled
//! with `javac` into a temporary directory (like `java Foo.java`).

use std::path::PathBuf;
use std::process::Command;

use anyhow::{bail, Context};

/// A program ready to load.
pub struct Prepared {
    /// binary name of the main class
    pub main_class: String,
    /// user class path
    pub class_path: Vec<PathBuf>,
    /// keeps the compiled classes alive
    _temp: Option<tempfile::TempDir>,
}

/// The user class path: `--classpath`, else `CLASSPATH`, else the current directory,
/// as absolute paths (so a trace file works from anywhere).
pub fn user_class_path(classpath: Option<&str>) -> Vec<PathBuf> {
    let entries: Vec<PathBuf> = match classpath {
        Some(cp) => cp.split(':').filter(|s| !s.is_empty()).map(PathBuf::from).collect(),
        None => std::env::var("CLASSPATH")
            .ok()
            .map(|cp| cp.split(':').filter(|s| !s.is_empty()).map(PathBuf::from).collect())
            .unwrap_or_else(|| vec![PathBuf::from(".")]),
    };
    entries.into_iter().map(|p| std::path::absolute(&p).unwrap_or(p)).collect()
}

/// `MAIN` made independent of the current directory: a `.java` file as an absolute
/// path; a class name as is.
pub fn absolute_main(main: &str) -> String {
    if main.ends_with(".java") {
        if let Ok(p) = std::path::absolute(main) {
            return p.to_string_lossy().into_owned();
        }
    }
    main.to_string()
}

/// Resolves `main` against the user class path, compiling a `.java` file.
pub fn prepare(main: &str, user_class_path: &[PathBuf]) -> anyhow::Result<Prepared> {
    let mut class_path = user_class_path.to_vec();
    if !main.ends_with(".java") {
        return Ok(Prepared { main_class: main.to_string(), class_path, _temp: None });
    }
    let source = PathBuf::from(main);
    if !source.is_file() {
        bail!("source file {main} not found");
    }
    let dir = tempfile::tempdir().context("creating a directory for compiled classes")?;
    let javac = javac();
    let out = Command::new(&javac)
        .arg("-g")
        .arg("-d")
        .arg(dir.path())
        .arg(&source)
        .output()
        .with_context(|| format!("running {}", javac.display()))?;
    if !out.status.success() {
        bail!("javac failed on {main}:\n{}", String::from_utf8_lossy(&out.stderr));
    }
    // the main class is the first top-level class declared in the file, as for `java Foo.java`
    let text = std::fs::read_to_string(&source)?;
    let main_class = first_class_name(&text).unwrap_or_else(|| {
        source.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
    });
    let package = package_name(&text);
    let main_class = match package {
        Some(p) => format!("{p}.{main_class}"),
        None => main_class,
    };
    class_path.insert(0, dir.path().to_path_buf());
    Ok(Prepared { main_class, class_path, _temp: Some(dir) })
}

/// The `javac` to run: `JAVAC`, else `javac` on `PATH`.
pub fn javac() -> PathBuf {
    std::env::var_os("JAVAC").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("javac"))
}

fn package_name(text: &str) -> Option<String> {
    text.lines().map(str::trim).find_map(|l| l.strip_prefix("package ").map(|p| p.trim_end_matches(';').trim().to_string()))
}

fn first_class_name(text: &str) -> Option<String> {
    let mut depth = 0i32;
    let tokens: Vec<&str> = text.split(|c: char| c.is_whitespace()).filter(|t| !t.is_empty()).collect();
    for (i, t) in tokens.iter().enumerate() {
        if depth == 0 && matches!(*t, "class" | "interface" | "enum" | "record") {
            if let Some(name) = tokens.get(i + 1) {
                let n: String = name.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$').collect();
                if !n.is_empty() {
                    return Some(n);
                }
            }
        }
        depth += t.matches('{').count() as i32 - t.matches('}').count() as i32;
    }
    None
}
