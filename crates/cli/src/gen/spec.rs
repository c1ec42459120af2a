//! The client specification of `jvmc gen` (a small JSON file, like Violat's): the
//! class, its constructor's arguments, the methods to call and their argument
//! domains; and drawing clients from it.

use std::path::Path;

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

/// What clients are made of.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ClientSpec {
    /// the class under test (binary name with dots; a nested class with `$`)
    pub class: String,
    /// the constructor's arguments (JSON literals)
    #[serde(default)]
    pub constructor: Vec<Literal>,
    /// the methods clients call
    pub methods: Vec<MethodSpec>,
    /// the argument domain of every parameter that has no domain of its own
    #[serde(default)]
    pub values: Vec<Literal>,
}

/// One method clients call.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MethodSpec {
    /// its name
    pub name: String,
    /// its parameter types as Java source names (`int`, `long`, `boolean`,
    /// `String`, `Object`, `Integer`, …)
    #[serde(default)]
    pub params: Vec<String>,
    /// `void` if it returns nothing (default: it returns a value)
    #[serde(default)]
    pub returns: Option<String>,
    /// the argument domain of its parameters (default: the spec's `values`)
    #[serde(default)]
    pub values: Option<Vec<Literal>>,
}

/// A literal argument.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum Literal {
    /// `true`, `false`
    Bool(bool),
    /// an integer
    Int(i64),
    /// a string
    Str(String),
}

impl Literal {
    /// The literal as Java source for a parameter of type `param`.
    pub fn java(&self, param: &str) -> anyhow::Result<String> {
        Ok(match (self, param) {
            (Literal::Int(i), "long" | "Long" | "java.lang.Long") => format!("{i}L"),
            (Literal::Int(i), "short" | "Short" | "java.lang.Short") => format!("(short) {i}"),
            (Literal::Int(i), "byte" | "Byte" | "java.lang.Byte") => format!("(byte) {i}"),
            (Literal::Int(i), "double" | "Double" | "java.lang.Double") => format!("{i}.0"),
            (Literal::Int(i), _) if *i < i32::MIN as i64 || *i > i32::MAX as i64 => format!("{i}L"),
            (Literal::Int(i), _) => i.to_string(),
            (Literal::Bool(b), _) => b.to_string(),
            (Literal::Str(s), _) => format!("{:?}", s),
        })
    }
}

impl ClientSpec {
    /// Reads and checks a spec file.
    pub fn read(path: &Path) -> anyhow::Result<ClientSpec> {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let spec: ClientSpec = serde_json::from_str(&text).with_context(|| format!("{} is not a client specification", path.display()))?;
        if spec.methods.is_empty() {
            bail!("{}: no methods to call", path.display());
        }
        for m in &spec.methods {
            if !m.params.is_empty() && m.values.as_ref().unwrap_or(&spec.values).is_empty() {
                bail!("{}: {} takes arguments, but neither it nor the spec has `values`", path.display(), m.name);
            }
        }
        Ok(spec)
    }

    /// Every distinct call: (method index, arguments).
    pub fn calls(&self) -> Vec<Call> {
        let mut out = Vec::new();
        for (mi, m) in self.methods.iter().enumerate() {
            let domain = m.values.as_ref().unwrap_or(&self.values);
            // the cartesian product of the parameters' domains
            let mut args: Vec<Vec<Literal>> = vec![Vec::new()];
            for _ in &m.params {
                args = args.into_iter().flat_map(|a| domain.iter().map(move |v| [a.clone(), vec![v.clone()]].concat())).collect();
            }
            out.extend(args.into_iter().map(|args| Call { method: mi, args }));
        }
        out
    }
}

/// A call a client makes.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// index into [`ClientSpec::methods`]
    pub method: usize,
    /// its arguments
    pub args: Vec<Literal>,
}

/// A client: each thread's calls, in order.
pub type Client = Vec<Vec<Call>>;

/// A small deterministic generator (splitmix64), so the same seed gives the same
/// clients everywhere.
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Draws a client of `threads` threads with between `min_calls` and `max_calls` calls
/// each, uniformly from `calls`.
pub fn draw(rng: &mut Rng, calls: &[Call], threads: usize, min_calls: usize, max_calls: usize) -> Client {
    (0..threads)
        .map(|_| {
            let n = min_calls + rng.below(max_calls - min_calls + 1);
            (0..n).map(|_| calls[rng.below(calls.len())].clone()).collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> ClientSpec {
        serde_json::from_str(
            r#"{"class": "S", "methods": [{"name": "add", "params": ["int"]}, {"name": "put", "params": ["long", "String"], "values": [1, "a"]}, {"name": "size"}], "values": [1, 2]}"#,
        )
        .unwrap()
    }

    #[test]
    fn calls_are_the_product_of_the_domains() {
        let calls = spec().calls();
        // add(1), add(2); put over {1, "a"}²; size()
        assert_eq!(calls.len(), 2 + 4 + 1);
        assert_eq!(calls[0], Call { method: 0, args: vec![Literal::Int(1)] });
        assert_eq!(calls[6], Call { method: 2, args: vec![] });
    }

    #[test]
    fn literals_fit_their_parameters() {
        assert_eq!(Literal::Int(3).java("long").unwrap(), "3L");
        assert_eq!(Literal::Int(3).java("Object").unwrap(), "3");
        assert_eq!(Literal::Str("a\"b".into()).java("String").unwrap(), "\"a\\\"b\"");
        assert_eq!(Literal::Bool(true).java("boolean").unwrap(), "true");
    }

    #[test]
    fn the_same_seed_draws_the_same_client() {
        let calls = spec().calls();
        let a = draw(&mut Rng::new(7), &calls, 3, 1, 4);
        let b = draw(&mut Rng::new(7), &calls, 3, 1, 4);
        assert_eq!(a, b);
        assert_eq!(a.len(), 3);
        assert!(a.iter().all(|t| (1..=4).contains(&t.len())));
        assert_ne!(a, draw(&mut Rng::new(8), &calls, 3, 1, 4), "another seed, another client (for these seeds)");
    }
}
