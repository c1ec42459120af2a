//! The `jvmc` command line (the CLI contract of DESIGN.md):
//! - `jvmc run` executes a Java program like `java -ea` (exit status: the program's);
//! - `jvmc check` model-checks it (`check.rs`);
//! - `jvmc replay TRACE.json` re-executes a counterexample (`check.rs`).
//!
//! Exit statuses: 0 no violation and search complete (or the program's own status for
//! `run`); 1 violation found; 2 usage or input error (missing or malformed classes,
//! unsupported natives); 3 search incomplete without a violation; 4 internal error.

mod check;
mod gen;
mod graphs;
mod html;
mod parallel;
mod portfolio;
mod program;
mod progress;
mod report;
mod system;
mod trace;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use jvmc_vm::{OutputMode, Vm, VmError, VmOptions};

use crate::trace::ProgramSpec;

#[derive(Parser)]
#[command(name = "jvmc", version, about = "An explicit-state model checker for Java bytecode")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args, Clone)]
struct CommonArgs {
    /// Class path: directories and jars separated by ':'
    #[arg(long = "classpath", visible_alias = "cp", value_name = "CP")]
    classpath: Option<String>,
    /// The JDK to take the class library from (default: JAVA_HOME, then `java` on PATH)
    #[arg(long = "java-home", value_name = "DIR")]
    java_home: Option<PathBuf>,
    /// Disable assertions (they are enabled by default, as with `java -ea`)
    #[arg(long = "disable-assertions", visible_alias = "da")]
    disable_assertions: bool,
    /// Set a system property, KEY=VALUE
    #[arg(short = 'D', value_name = "KEY=VALUE")]
    properties: Vec<String>,
    /// Main class name, or a single .java source file
    #[arg(value_name = "MAIN")]
    main: String,
    /// Arguments passed to main
    #[arg(value_name = "ARGS", trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

impl CommonArgs {
    /// The program as a trace file records it (paths made absolute).
    fn spec(&self, sched: &str, merge_single_thread: bool) -> ProgramSpec {
        ProgramSpec {
            main: program::absolute_main(&self.main),
            classpath: program::user_class_path(self.classpath.as_deref()),
            args: self.args.clone(),
            properties: self.properties.clone(),
            disable_assertions: self.disable_assertions,
            java_home: self.java_home.clone(),
            sched: sched.to_string(),
            merge_single_thread,
            ..ProgramSpec::default()
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Run a program once, like `java -ea`
    Run(CommonArgs),
    /// Model-check a program: explore its thread interleavings
    Check(check::CheckArgs),
    /// Re-execute a counterexample saved with `jvmc check --trace FILE`
    Replay(check::ReplayArgs),
    /// Generate clients of a class (Violat-style): threads of calls on one object that
    /// assert their outcome is one some interleaving of the calls gives
    Gen(gen::GenArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Command::Run(args) => run(args),
        Command::Check(args) => check::check(args),
        Command::Replay(args) => check::replay(args),
        Command::Gen(args) => gen::gen(args),
    };
    match result {
        Ok(code) => ExitCode::from(code as u8),
        Err(e) => report_error(e),
    }
}

/// Prints `jvmc: error: ...` and picks the status: 4 for internal vm errors, 2 for
/// everything else (bad input, usage).
fn report_error(e: anyhow::Error) -> ExitCode {
    if e.chain().any(|c| c.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)) {
        // the reader went away (`jvmc check ... | head`): nothing left to say
        return ExitCode::from(2);
    }
    let internal = matches!(e.downcast_ref::<VmError>(), Some(v) if !v.is_input_error()) || e.downcast_ref::<check::InternalError>().is_some();
    eprintln!("jvmc: error: {e:#}");
    ExitCode::from(if internal { 4 } else { 2 })
}

/// A booted vm for `spec` (the compiled classes live as long as the `Prepared`).
fn open_vm(spec: &ProgramSpec, output: OutputMode) -> anyhow::Result<(Vm, program::Prepared)> {
    let prepared = program::prepare(&spec.main, &spec.classpath)?;
    let mut properties = Vec::new();
    for p in &spec.properties {
        let (k, v) = p.split_once('=').unwrap_or((p.as_str(), ""));
        properties.push((k.to_string(), v.to_string()));
    }
    let options = VmOptions {
        java_home: spec.java_home.clone(),
        class_path: prepared.class_path.clone(),
        enable_assertions: !spec.disable_assertions,
        output,
        properties,
        ..VmOptions::default()
    };
    let mut vm = Vm::new(options)?;
    vm.boot()?;
    Ok((vm, prepared))
}

fn run(args: CommonArgs) -> anyhow::Result<i32> {
    let started = std::time::Instant::now();
    let (mut vm, prepared) = open_vm(&args.spec("shared", true), OutputMode::Inherit)?;
    let booted = started.elapsed();
    let (boot_insns, boot_classes) = (vm.instructions(), vm.loaded_classes());
    let status = vm.run_main(&prepared.main_class, &args.args);
    vm.persist_class_cache();
    let status = status?;
    if std::env::var_os("JVMC_STATS").is_some() {
        eprintln!(
            "jvmc stats: boot {:?} ({} instructions, {} classes), total {:?} ({} instructions, {} classes)",
            booted,
            boot_insns,
            boot_classes,
            started.elapsed(),
            vm.instructions(),
            vm.loaded_classes()
        );
    }
    // the process ends here: tearing down the heap and class table is wasted work
    std::mem::forget(vm);
    Ok(status)
}
