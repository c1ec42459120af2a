//! Java features jvmc does not support must stop with one clear line naming the
//! feature and exit status 2 — never a wrong answer. Each program under
//! `tests/programs/unsupported` declares the expected message in a comment
//! `// expect-unsupported: <text>`; it is also run with `java` to show it is valid.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn unsupported_features_are_reported_clearly() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/unsupported");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "java")).collect();
    programs.sort();
    assert!(!programs.is_empty());
    for src in programs {
        let name = src.file_stem().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&src).unwrap();
        let expected = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("// expect-unsupported:"))
            .unwrap_or_else(|| panic!("{name} has no `// expect-unsupported:` line"))
            .trim()
            .to_string();
        let out_dir = tempfile::tempdir().unwrap();
        let ok = Command::new("javac").arg("-d").arg(out_dir.path()).arg(&src).status().unwrap().success();
        assert!(ok, "javac failed on {name}");
        let cp = out_dir.path().to_str().unwrap();
        let java = Command::new("java").args(["-ea", "-cp", cp, &name]).output().unwrap();
        assert!(java.status.success(), "{name} must run under java: {}", String::from_utf8_lossy(&java.stderr));
        let jvmc = Command::new(env!("CARGO_BIN_EXE_jvmc")).args(["run", "--cp", cp, &name]).output().unwrap();
        let err = String::from_utf8_lossy(&jvmc.stderr);
        assert_eq!(jvmc.status.code(), Some(2), "{name}: {err}");
        let line = err.lines().find(|l| l.starts_with("jvmc: error:")).unwrap_or_else(|| panic!("{name}: no error line in {err}"));
        assert!(line.contains(&format!("unsupported: {expected}")), "{name}: {line:?} should say `unsupported: {expected}`");
    }
}
