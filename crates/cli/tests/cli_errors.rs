//! Bad input must give one clear line on stderr and exit status 2 — never a panic:
//! missing classes, malformed and truncated class files, broken jars, unsupported
//! natives, no `main`, uncompilable sources. Program exit statuses pass through.

use std::path::Path;
use std::process::{Command, Output};

fn jvmc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jvmc")).args(args).env("LC_ALL", "C.UTF-8").output().expect("jvmc runs")
}

fn javac(dir: &Path, file: &str, source: &str) {
    let src = dir.join(file);
    std::fs::write(&src, source).unwrap();
    let ok = Command::new("javac").arg("-d").arg(dir).arg(&src).status().expect("javac runs").success();
    assert!(ok, "javac failed");
}

/// Asserts exit status 2 and a single `jvmc: error:` line containing `needle`.
fn assert_input_error(out: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("jvmc: error:")).collect();
    assert_eq!(lines.len(), 1, "expected one error line, got: {err}");
    assert!(lines[0].contains(needle), "error line {:?} should mention {needle:?}", lines[0]);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn missing_main_class() {
    let dir = tempfile::tempdir().unwrap();
    let out = jvmc(&["run", "--cp", dir.path().to_str().unwrap(), "NoSuchClass"]);
    assert_input_error(&out, "NoSuchClass not found on the class path");
}

#[test]
fn missing_dependency_class() {
    let dir = tempfile::tempdir().unwrap();
    javac(dir.path(), "A.java", "public class A { public static void main(String[] a) { B.hello(); } }\nclass B { static void hello() {} }");
    std::fs::remove_file(dir.path().join("B.class")).unwrap();
    let out = jvmc(&["run", "--cp", dir.path().to_str().unwrap(), "A"]);
    assert_input_error(&out, "class B is not on the class path (needed by A.main(A.java:1))");
}

#[test]
fn missing_class_the_program_catches_is_a_java_exception() {
    let dir = tempfile::tempdir().unwrap();
    javac(
        dir.path(),
        "A.java",
        "public class A { public static void main(String[] a) { try { B.hello(); } catch (NoClassDefFoundError e) { System.out.println(\"caught \" + e.getMessage()); } } }\nclass B { static void hello() {} }",
    );
    std::fs::remove_file(dir.path().join("B.class")).unwrap();
    let out = jvmc(&["run", "--cp", dir.path().to_str().unwrap(), "A"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "caught B\n");
}

#[test]
fn malformed_class_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("Bad.class"), b"\xCA\xFE\xBA\xBE\x00\x00\x00\x3D not really a class file").unwrap();
    let out = jvmc(&["run", "--cp", dir.path().to_str().unwrap(), "Bad"]);
    assert_input_error(&out, "malformed class file");
}

#[test]
fn truncated_class_files_at_every_length() {
    let dir = tempfile::tempdir().unwrap();
    javac(dir.path(), "T.java", "public class T { public static void main(String[] a) { System.out.println(a.length + 1); } }");
    let bytes = std::fs::read(dir.path().join("T.class")).unwrap();
    for cut in (0..bytes.len()).step_by(7) {
        std::fs::write(dir.path().join("T.class"), &bytes[..cut]).unwrap();
        let out = jvmc(&["run", "--cp", dir.path().to_str().unwrap(), "T"]);
        assert_input_error(&out, "T");
    }
}

#[test]
fn corrupt_and_truncated_jars() {
    let dir = tempfile::tempdir().unwrap();
    let jar = dir.path().join("lib.jar");
    std::fs::write(&jar, b"PK\x03\x04 this is no zip archive").unwrap();
    let out = jvmc(&["run", "--cp", jar.to_str().unwrap(), "Main"]);
    assert_input_error(&out, "malformed jar");

    // a real jar, truncated
    javac(dir.path(), "J.java", "public class J { public static void main(String[] a) { System.out.println(\"jar\"); } }");
    let ok = Command::new("jar").current_dir(dir.path()).args(["cf", "real.jar", "J.class"]).status().expect("jar runs").success();
    assert!(ok);
    let real = std::fs::read(dir.path().join("real.jar")).unwrap();
    let out = jvmc(&["run", "--cp", dir.path().join("real.jar").to_str().unwrap(), "J"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "jar\n", "the intact jar runs");
    std::fs::write(&jar, &real[..real.len() / 2]).unwrap();
    let out = jvmc(&["run", "--cp", jar.to_str().unwrap(), "J"]);
    assert_input_error(&out, "malformed jar");
}

#[test]
fn unsupported_native_is_named() {
    let dir = tempfile::tempdir().unwrap();
    javac(dir.path(), "N.java", "public class N { static native int magic(long x); public static void main(String[] a) { System.out.println(magic(1)); } }");
    let out = jvmc(&["run", "--cp", dir.path().to_str().unwrap(), "N"]);
    assert_input_error(&out, "unsupported native method N.magic(J)I");
}

#[test]
fn no_main_method() {
    let dir = tempfile::tempdir().unwrap();
    javac(dir.path(), "M.java", "public class M { static void main() {} }");
    let out = jvmc(&["run", "--cp", dir.path().to_str().unwrap(), "M"]);
    assert_input_error(&out, "has no method public static void main(String[])");
}

#[test]
fn uncompilable_source_file() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("Broken.java");
    std::fs::write(&src, "public class Broken { void f() { int x = ; } }").unwrap();
    let out = jvmc(&["run", src.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("javac failed"));
}

#[test]
fn source_file_main_and_exit_statuses() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("Exit.java");
    std::fs::write(&src, "public class Exit { public static void main(String[] a) { System.out.println(\"bye \" + a[0]); System.exit(Integer.parseInt(a[0])); } }").unwrap();
    let out = jvmc(&["run", src.to_str().unwrap(), "3"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "bye 3\n");

    let src = dir.path().join("Throws.java");
    std::fs::write(&src, "public class Throws { public static void main(String[] a) { throw new IllegalStateException(\"nope\"); } }").unwrap();
    let out = jvmc(&["run", src.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("Exception in thread \"main\" java.lang.IllegalStateException: nope\n\tat Throws.main(Throws.java:1)"), "{err}");
}

#[test]
fn usage_errors_exit_2() {
    let out = jvmc(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    let out = jvmc(&["run"]);
    assert_eq!(out.status.code(), Some(2));
}
