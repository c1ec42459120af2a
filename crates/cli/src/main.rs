//! The `jvmc` command line: `jvmc run` executes a Java program like `java -ea`.
//!
//! Exit statuses follow the CLI contract in `docs/ARCHITECTURE.md`: the program's own
//! status for `run`; 2 for usage and input errors (missing or malformed classes,
//! unsupported natives); 4 for internal errors.

mod program;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use jvmc_vm::{OutputMode, Vm, VmError, VmOptions};

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

#[derive(Subcommand)]
enum Command {
    /// Run a program once, like `java -ea`
    Run(CommonArgs),
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
    match cli.command {
        Command::Run(args) => match run(args) {
            Ok(code) => ExitCode::from(code as u8),
            Err(e) => report(e),
        },
    }
}

fn report(e: anyhow::Error) -> ExitCode {
    let internal = matches!(e.downcast_ref::<VmError>(), Some(v) if !v.is_input_error());
    eprintln!("jvmc: error: {e:#}");
    ExitCode::from(if internal { 4 } else { 2 })
}

fn run(args: CommonArgs) -> anyhow::Result<i32> {
    let prepared = program::prepare(&args.main, args.classpath.as_deref())?;
    let mut properties = Vec::new();
    for p in &args.properties {
        let (k, v) = p.split_once('=').unwrap_or((p.as_str(), ""));
        properties.push((k.to_string(), v.to_string()));
    }
    let options = VmOptions {
        java_home: args.java_home.clone(),
        class_path: prepared.class_path.clone(),
        enable_assertions: !args.disable_assertions,
        output: OutputMode::Inherit,
        properties,
        ..VmOptions::default()
    };
    let started = std::time::Instant::now();
    let mut vm = Vm::new(options)?;
    let opened = started.elapsed();
    vm.boot()?;
    let booted = started.elapsed();
    let (boot_insns, boot_classes) = (vm.instructions(), vm.loaded_classes());
    let status = vm.run_main(&prepared.main_class, &args.args);
    vm.persist_class_cache();
    let status = status?;
    if std::env::var_os("JVMC_STATS").is_some() {
        eprintln!(
            "jvmc stats: open {:?}, boot {:?} ({} instructions, {} classes), total {:?} ({} instructions, {} classes)",
            opened,
            booted - opened,
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
