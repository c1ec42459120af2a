//! `cargo xtask <task>`: project automation (experiment matrices, tables, tidy checks).

fn main() -> anyhow::Result<()> {
    let task = std::env::args().nth(1).unwrap_or_default();
    match task.as_str() {
        _ => {
            eprintln!("usage: cargo xtask <task>\n\ntasks: (none yet)");
            std::process::exit(2);
        }
    }
}
