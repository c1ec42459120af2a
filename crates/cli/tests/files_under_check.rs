//! Files under `jvmc check` (issue 9, defect 5): the file system is input that
//! backtracking cannot undo. Every write is refused with exit status 2 and an error
//! naming the call (and nothing is written); reads work, and what they change inside
//! the vm — the position of an open file — is state: restored on backtracking, part
//! of the fingerprint, so outcome sets are exact.

mod support;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use support::{run, Outcome};

const TIMEOUT: Duration = Duration::from_secs(300);

/// Compiles `source` as `class` into a fresh directory.
fn compile_source(class: &str, source: &str) -> tempfile::TempDir {
    support::compile_source(class, source, TIMEOUT)
}

fn concurrent_program(class: &str) -> tempfile::TempDir {
    support::compile_suite_programs(&[class], TIMEOUT)
}

/// `jvmc check --cp dir args class`, run in `cwd`.
fn check(dir: &Path, cwd: &Path, args: &[&str], class: &str) -> Outcome {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.current_dir(cwd).arg("check").arg("--cp").arg(dir).args(args).arg(class);
    run(cmd, TIMEOUT).expect("jvmc runs")
}

fn stderr(out: &Outcome) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn outcomes(out: &Outcome) -> BTreeSet<String> {
    let j: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)));
    j["outcomes"].as_array().expect("outcomes").iter().map(|o| o["output"].as_str().unwrap_or_default().to_string()).collect()
}

/// One program per way of writing: `(statement, the call the error names, what the
/// native part of the message contains)`. Each writes under the working directory.
const WRITES: &[(&str, &str, &str)] = &[
    ("Files.writeString(Path.of(\"out.txt\"), \"x\");", "java.nio.file.Files.writeString", "UnixNativeDispatcher.open0 with O_WRONLY|O_CREAT|O_TRUNC on out.txt"),
    ("Files.createDirectory(Path.of(\"newdir\"));", "java.nio.file.Files.createDirectory", "UnixNativeDispatcher.mkdir0 on newdir"),
    ("Files.delete(Path.of(\"existing.txt\"));", "java.nio.file.Files.delete", "UnixNativeDispatcher.unlink0 on existing.txt"),
    ("Files.move(Path.of(\"existing.txt\"), Path.of(\"moved.txt\"));", "java.nio.file.Files.move", "UnixNativeDispatcher.rename0 on existing.txt, moved.txt"),
    ("Files.copy(Path.of(\"existing.txt\"), Path.of(\"copy.txt\"));", "java.nio.file.Files.copy", "open0 with O_WRONLY|O_CREAT|O_EXCL on copy.txt"),
    ("FileChannel.open(Path.of(\"out.txt\"), StandardOpenOption.CREATE, StandardOpenOption.WRITE).close();", "java.nio.channels.FileChannel.open", "open0 with O_WRONLY|O_CREAT on out.txt"),
    ("Files.setLastModifiedTime(Path.of(\"existing.txt\"), FileTime.fromMillis(0));", "java.nio.file.Files.setLastModifiedTime", "UnixNativeDispatcher.futimens"),
    ("new FileOutputStream(\"out.txt\").close();", "java.io.FileOutputStream.<init>", "java.io.FileOutputStream.open0 for writing, path out.txt"),
    ("new RandomAccessFile(\"existing.txt\", \"rw\").close();", "java.io.RandomAccessFile.<init>", "java.io.RandomAccessFile.open0 for writing, path existing.txt"),
    ("new File(\"existing.txt\").delete();", "java.io.File.delete", "java.io.UnixFileSystem.delete0(existing.txt)"),
    ("new File(\"newdir\").mkdir();", "java.io.File.mkdir", "java.io.UnixFileSystem.createDirectory(newdir)"),
];

#[test]
fn nio_file_writes_refused_under_check() {
    for (i, (statement, call, native)) in WRITES.iter().enumerate() {
        let class = format!("Writes{i}");
        let source = format!(
            "import java.io.*;\nimport java.nio.channels.*;\nimport java.nio.file.*;\nimport java.nio.file.attribute.*;\n\
             public class {class} {{ public static void main(String[] a) throws Exception {{ {statement} }} }}"
        );
        let dir = compile_source(&class, &source);
        let cwd = tempfile::tempdir().expect("temp dir");
        std::fs::write(cwd.path().join("existing.txt"), "unchanged").expect("write");
        let before = std::fs::metadata(cwd.path().join("existing.txt")).and_then(|m| m.modified()).expect("mtime");
        let out = check(dir.path(), cwd.path(), &[], &class);
        let err = stderr(&out);
        assert_eq!(out.code(), Some(2), "{statement}: {err}");
        let line = err.lines().find(|l| l.starts_with("jvmc: error:")).unwrap_or_else(|| panic!("{statement}: no error line in {err}"));
        assert!(line.contains(&format!("jvmc check cannot undo file-system writes: {call} (")), "{statement}: {line}");
        assert!(line.contains(native), "{statement}: {line} should contain {native}");
        // nothing happened to the file system
        let mut names: Vec<String> = std::fs::read_dir(cwd.path()).expect("list").map(|e| e.expect("entry").file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        assert_eq!(names, ["existing.txt"], "{statement}");
        assert_eq!(std::fs::read_to_string(cwd.path().join("existing.txt")).expect("read"), "unchanged", "{statement}");
        assert_eq!(std::fs::metadata(cwd.path().join("existing.txt")).and_then(|m| m.modified()).expect("mtime"), before, "{statement}");
    }
}

#[test]
fn nio_file_positions_are_state_under_check() {
    let dir = concurrent_program("SharedFileStream");
    let expected: BTreeSet<String> = ["t1=0 t2=1\n", "t1=1 t2=0\n"].iter().map(|s| s.to_string()).collect();
    let runs: &[&[&str]] = &[
        &["--outcomes", "--json", "-"],
        &["--outcomes", "--json", "-", "--sched", "all"],
        &["--outcomes", "--json", "-", "--exact-states"],
        &["--outcomes", "--json", "-", "--sched", "all", "--exact-states"],
        &["--outcomes", "--json", "-", "--sched", "all", "--por", "odpor"],
        &["--outcomes", "--json", "-", "--stateless"],
    ];
    for args in runs {
        let out = check(dir.path(), dir.path(), args, "SharedFileStream");
        assert_eq!(out.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(outcomes(&out), expected, "{args:?}");
    }
}

/// Two threads share one `FileChannel` over the program's own class file (which starts
/// with CA FE BA BE) and read two bytes each at the channel's position, through the
/// JDK's direct buffers (off-heap memory): each order of the reads gives one outcome,
/// and backtracking restores the position and the buffers. One run only: the JDK's
/// NIO path makes this a state space of some 680,000 states.
#[test]
fn nio_channel_positions_are_state_in_threads_under_check() {
    let src = r#"
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
public class SharedChannel {
    static String r1, r2;
    static String readTwo(FileChannel ch) {
        try {
            ByteBuffer b = ByteBuffer.allocate(2);
            ch.read(b);
            return String.format("%02x%02x", b.get(0) & 0xff, b.get(1) & 0xff);
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(System.getProperty("java.class.path").split(":")[0]);
        try (FileChannel ch = FileChannel.open(dir.resolve("SharedChannel.class"))) {
            Thread t1 = new Thread(() -> r1 = readTwo(ch));
            Thread t2 = new Thread(() -> r2 = readTwo(ch));
            t1.start();
            t2.start();
            t1.join();
            t2.join();
        }
        System.out.println("t1=" + r1 + " t2=" + r2);
    }
}"#;
    let dir = compile_source("SharedChannel", src);
    let out = check(dir.path(), dir.path(), &["--outcomes", "--json", "-"], "SharedChannel");
    assert_eq!(out.code(), Some(0), "{}", stderr(&out));
    let expected: BTreeSet<String> = ["t1=babe t2=cafe\n", "t1=cafe t2=babe\n"].iter().map(|s| s.to_string()).collect();
    assert_eq!(outcomes(&out), expected);
}

#[test]
fn nio_reads_work_under_check() {
    let source = r#"
import java.io.*;
import java.nio.file.*;
import java.nio.file.attribute.*;
import java.util.stream.*;

public class Reads {
    static int seen;
    public static void main(String[] a) throws Exception {
        Path dir = Path.of(System.getProperty("java.class.path"));
        Path src = dir.resolve("Reads.java");
        String text = Files.readString(src);
        long lines = Files.readAllLines(src).size();
        BasicFileAttributes attrs = Files.readAttributes(src, BasicFileAttributes.class);
        long listed;
        try (Stream<Path> s = Files.list(dir)) { listed = s.filter(p -> p.getFileName().toString().startsWith("Reads")).count(); }
        long walked;
        try (Stream<Path> s = Files.walk(dir)) { walked = s.filter(Files::isRegularFile).count(); }
        int first;
        try (RandomAccessFile r = new RandomAccessFile(dir.resolve("Reads.class").toFile(), "r")) { r.seek(1); first = r.read(); }
        Thread t = new Thread(() -> seen = 1);
        t.start();
        t.join();
        System.out.println(text.startsWith("\nimport") + " " + (lines > 10) + " " + attrs.isRegularFile() + " " + listed + " " + walked + " " + Integer.toHexString(first) + " " + seen);
    }
}
"#;
    let dir = compile_source("Reads", source);
    let out = check(dir.path(), dir.path(), &["--outcomes", "--json", "-", "--exact-states"], "Reads");
    assert_eq!(out.code(), Some(0), "{}", stderr(&out));
    let expected: BTreeSet<String> = ["true true true 2 2 fe 1\n".to_string()].into();
    assert_eq!(outcomes(&out), expected);
}

#[test]
fn device_files_are_refused_under_check() {
    let dir = compile_source("Uuid", "public class Uuid { public static void main(String[] a) { System.out.println(java.util.UUID.randomUUID()); } }");
    let out = check(dir.path(), dir.path(), &[], "Uuid");
    let err = stderr(&out);
    assert_eq!(out.code(), Some(2), "{err}");
    assert!(err.contains("jvmc check reads only regular files and directories"), "{err}");
    assert!(err.contains("is a character device"), "{err}");
}

#[test]
fn stdin_is_input_read_once_under_check() {
    let source = r#"
import java.io.*;

public class StdinReaders {
    static int a, b;
    static int readOne() {
        try { return System.in.read(); } catch (IOException e) { throw new UncheckedIOException(e); }
    }
    public static void main(String[] args) throws Exception {
        System.out.println("available " + System.in.available());
        Thread t1 = new Thread(() -> a = readOne());
        Thread t2 = new Thread(() -> b = readOne());
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println((char) a + "" + (char) b + " rest " + new String(System.in.readAllBytes()).trim());
    }
}
"#;
    let dir = compile_source("StdinReaders", source);
    std::fs::write(dir.path().join("input.txt"), "xyz\n").expect("write input");
    // the harness gives no stdin; the shell redirects it from the file
    let mut cmd = Command::new("sh");
    cmd.current_dir(dir.path()).arg("-c").arg(format!(
        "exec '{}' check --cp . --outcomes --json - --exact-states StdinReaders < input.txt",
        env!("CARGO_BIN_EXE_jvmc")
    ));
    let out = run(cmd, TIMEOUT).expect("jvmc runs");
    assert_eq!(out.code(), Some(0), "{}", stderr(&out));
    let expected: BTreeSet<String> = ["available 4\nxy rest z\n", "available 4\nyx rest z\n"].iter().map(|s| s.to_string()).collect();
    assert_eq!(outcomes(&out), expected);
}
