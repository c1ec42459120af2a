//! `jvmc gen SPEC.json --out DIR`: Violat-style client generation. Draws clients
//! (N threads × up to M calls on one object) from a specification (`spec.rs`), finds
//! each client's admitted outcomes by running every interleaving of its calls
//! sequentially on jvmc's own interpreter (the client's `--admitted` mode,
//! `java.rs`), and writes clients that assert their outcome is admitted: sources,
//! classes compiled with `javac`, and `clients.json` listing each client's calls and
//! outcomes.
//!
//! This module owns the command; it must not know how a search works.

mod java;
mod spec;

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};
use jvmc_vm::OutputMode;
use serde::Serialize;

use crate::trace::ProgramSpec;
use spec::{ClientSpec, Rng};

/// Options of `jvmc gen`.
#[derive(clap::Args, Clone)]
pub struct GenArgs {
    /// The client specification: a JSON file with `class`, `constructor` (arguments),
    /// `methods` (each `name`, `params` as Java types, optional `returns: "void"` and
    /// `values`) and `values` (the default argument domain)
    #[arg(value_name = "SPEC")]
    spec: PathBuf,
    /// Directory for the clients: `NAME<i>.java`, their classes and `clients.json`
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Class path of the class under test: directories and jars separated by ':'
    #[arg(long = "classpath", visible_alias = "cp", value_name = "CP")]
    classpath: Option<String>,
    /// Threads per client
    #[arg(long, default_value_t = 3)]
    threads: usize,
    /// Calls per thread: at most this many
    #[arg(long, default_value_t = 3)]
    calls: usize,
    /// Calls per thread: at least this many
    #[arg(long, default_value_t = 1)]
    min_calls: usize,
    /// How many distinct clients to draw
    #[arg(long, default_value_t = 10)]
    clients: usize,
    /// Seed of the draw (same seed, same clients)
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Class name prefix of the clients (default: the class's simple name + `Client`)
    #[arg(long)]
    name: Option<String>,
    /// The JDK to take the class library from (default: JAVA_HOME, then `java` on PATH)
    #[arg(long, value_name = "DIR")]
    java_home: Option<PathBuf>,
}

/// One generated client, as `clients.json` lists it.
#[derive(Serialize)]
struct Generated {
    name: String,
    threads: Vec<Vec<String>>,
    admitted: Vec<String>,
}

/// `jvmc gen`.
pub fn gen(args: GenArgs) -> anyhow::Result<i32> {
    let spec = ClientSpec::read(&args.spec)?;
    if args.threads == 0 || args.calls == 0 || args.min_calls > args.calls {
        bail!("--threads and --calls must be positive, and --min-calls at most --calls");
    }
    let calls = spec.calls();
    let simple = spec.class.rsplit(['.', '$']).next().unwrap_or("Object").to_string();
    let prefix = args.name.clone().unwrap_or_else(|| format!("{simple}Client"));
    let mut rng = Rng::new(args.seed);
    let mut clients: Vec<spec::Client> = Vec::new();
    let mut draws = 0;
    while clients.len() < args.clients && draws < args.clients * 100 {
        draws += 1;
        let c = spec::draw(&mut rng, &calls, args.threads, args.min_calls, args.calls);
        if !clients.contains(&c) {
            clients.push(c);
        }
    }
    if clients.len() < args.clients {
        eprintln!("jvmc gen: only {} distinct clients in {draws} draws", clients.len());
    }
    let origin = format!("{}, seed {}", args.spec.file_name().map_or_else(String::new, |f| f.to_string_lossy().into_owned()), args.seed);
    let user_cp = crate::program::user_class_path(args.classpath.as_deref());

    // first the clients without outcomes, to run their sequential mode
    let scratch = tempfile::tempdir().context("creating a scratch directory")?;
    let names: Vec<String> = (0..clients.len()).map(|i| format!("{prefix}{i}")).collect();
    let no_outcomes = vec![Vec::new(); clients.len()];
    write_and_compile(scratch.path(), &names, &spec, &clients, &no_outcomes, &origin, &user_cp)?;
    let mut cp = vec![scratch.path().to_path_buf()];
    cp.extend(user_cp.iter().cloned());
    let mut generated = Vec::new();
    for (name, client) in names.iter().zip(&clients) {
        let admitted = admitted_outcomes(name, &cp, args.java_home.clone())?;
        let threads = client.iter().map(|t| t.iter().map(|c| java::describe(&spec, c)).collect()).collect::<anyhow::Result<_>>()?;
        generated.push(Generated { name: name.clone(), threads, admitted });
    }

    // then the clients that assert their outcome
    std::fs::create_dir_all(&args.out).with_context(|| format!("creating {}", args.out.display()))?;
    let admitted: Vec<Vec<String>> = generated.iter().map(|g| g.admitted.clone()).collect();
    write_and_compile(&args.out, &names, &spec, &clients, &admitted, &origin, &user_cp)?;
    std::fs::write(args.out.join("clients.json"), serde_json::to_string_pretty(&generated)? + "\n")?;
    for g in &generated {
        println!("{}: {} admitted outcome{}", g.name, g.admitted.len(), if g.admitted.len() == 1 { "" } else { "s" });
    }
    println!("{} clients in {}", generated.len(), args.out.display());
    Ok(0)
}

/// Runs client `name`'s `--admitted` mode on jvmc's interpreter: its outcomes.
fn admitted_outcomes(name: &str, cp: &[PathBuf], java_home: Option<PathBuf>) -> anyhow::Result<Vec<String>> {
    let program = ProgramSpec { main: name.to_string(), classpath: cp.to_vec(), args: vec!["--admitted".into()], java_home, ..ProgramSpec::default() };
    let (mut vm, prepared) = crate::open_vm(&program, OutputMode::Capture)?;
    let status = vm.run_main(&prepared.main_class, &program.args).with_context(|| format!("running {name} --admitted"))?;
    let out = String::from_utf8_lossy(&vm.output().stdout).into_owned();
    if status != 0 {
        bail!("{name} --admitted exited with status {status} (a call failed when run alone?):\n{}{}", out, String::from_utf8_lossy(&vm.output().stderr));
    }
    vm.persist_class_cache();
    Ok(out.lines().map(str::to_string).collect())
}

/// Writes client `names[i]` (`clients[i]`, with `admitted[i]` as its outcomes) into
/// `dir` and compiles them all there.
fn write_and_compile(dir: &Path, names: &[String], spec: &ClientSpec, clients: &[spec::Client], admitted: &[Vec<String>], origin: &str, cp: &[PathBuf]) -> anyhow::Result<()> {
    let mut sources = Vec::new();
    for ((name, client), outcomes) in names.iter().zip(clients).zip(admitted) {
        let file = dir.join(format!("{name}.java"));
        std::fs::write(&file, java::source(name, spec, client, outcomes, origin)?)?;
        sources.push(file);
    }
    javac(&sources, dir, cp)
}

/// Compiles `sources` with `javac -g` into `dir`.
fn javac(sources: &[PathBuf], dir: &Path, cp: &[PathBuf]) -> anyhow::Result<()> {
    let javac = crate::program::javac();
    let mut cmd = Command::new(&javac);
    cmd.arg("-g").arg("-nowarn").arg("-d").arg(dir);
    if !cp.is_empty() {
        cmd.arg("-cp").arg(std::env::join_paths(cp).context("class path")?);
    }
    let out = cmd.args(sources).output().with_context(|| format!("running {}", javac.display()))?;
    if !out.status.success() {
        bail!("javac failed on the generated clients:\n{}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(())
}
