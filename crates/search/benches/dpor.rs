//! Stateless DPOR throughput on the synthetic programs of the unit tests (issue 12's
//! target: ≥ 50,000 executions/s for optimal DPOR on small programs, one core).
//!
//! Families with known trace counts: `readers(n)` (one write, n reads of one
//! variable: 2^n traces), `writers(n)` (n writes of one variable: n! traces) and
//! `disjoint(n)` (n threads writing their own variables: one trace). Before timing,
//! one run of each algorithm prints its executions and executions per second, with
//! stateless unreduced DFS's in the same run; criterion then times each.
//!
//! `cargo bench -p jvmc-search --features testkit --bench dpor`

use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use jvmc_search::por::PorStrategy;
use jvmc_search::strategy::{DfsStrategy, Strategy};
use jvmc_search::testkit::{Op, Program};
use jvmc_search::{NoListener, SearchConfig};

fn readers(n: usize) -> Program {
    let mut code = vec![vec![Op::Set(0, 1)]];
    code.extend((0..n).map(|_| vec![Op::Load(0)]));
    Program::new(1, code)
}

fn writers(n: usize) -> Program {
    Program::new(1, (0..n).map(|i| vec![Op::Set(0, i as i64 + 1)]).collect())
}

fn disjoint(n: usize) -> Program {
    Program::new(n, (0..n).map(|i| vec![Op::Set(i, 1), Op::Load(i)]).collect())
}

fn strategies() -> Vec<(&'static str, Box<dyn Fn() -> Box<dyn Strategy>>)> {
    vec![
        ("optimal-dpor", Box::new(|| Box::new(PorStrategy::optimal_dpor()))),
        ("source-dpor", Box::new(|| Box::new(PorStrategy::source_dpor()))),
        ("stateless dfs", Box::new(|| Box::new(DfsStrategy))),
    ]
}

fn benches(c: &mut Criterion) {
    let cfg = SearchConfig { stateless: true, ..SearchConfig::default() };
    let programs: Vec<(String, Box<dyn Fn() -> Program>)> = vec![
        ("readers(8)".into(), Box::new(|| readers(8))),
        ("writers(5)".into(), Box::new(|| writers(5))),
        ("disjoint(6)".into(), Box::new(|| disjoint(6))),
    ];
    for (name, program) in &programs {
        for (alg, make) in strategies() {
            let start = Instant::now();
            let r = make().search(&mut program(), &cfg, &mut NoListener).expect("search");
            let secs = start.elapsed().as_secs_f64();
            let executions = r.stats.end_states + r.stats.sleep_blocked;
            println!("{name} {alg}: {executions} executions ({} sleep-blocked), {:.4} s, {:.0} executions/s", r.stats.sleep_blocked, secs, executions as f64 / secs);
            c.bench_function(&format!("{name}/{alg}"), |b| b.iter(|| make().search(&mut program(), &cfg, &mut NoListener).expect("search")));
        }
    }
}

criterion_group! {
    name = dpor;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(dpor);
