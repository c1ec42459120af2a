//! Finding the source lines a trace step or a stack frame names, for the HTML
//! report's source context.
//!
//! A location reads `pkg.Outer$Inner.method(File.java:42)`. The file is looked up as
//! `pkg/File.java` (and, for sources kept flat, `File.java`) under each root: the
//! `--source-path` entries, then the class path's directories (javac's `-d` is often
//! the source tree), then the directory of a `.java` main. Files are read once; a
//! location without a file or line, or whose file is not found (the JDK's own
//! classes, unless their sources are on the source path), has no context.

use std::collections::HashMap;
use std::path::PathBuf;

/// Lines shown before and after the named one.
pub const CONTEXT: usize = 3;

/// Where a location points: the file's package path and name, and the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceRef {
    /// `pkg/sub` (empty for the default package)
    pub package_dir: String,
    /// `File.java`
    pub file: String,
    /// 1-based
    pub line: usize,
}

impl SourceRef {
    /// Parses `pkg.Cls.method(File.java:42)`; `None` without a file and line.
    pub fn parse(location: &str) -> Option<SourceRef> {
        let open = location.find('(')?;
        let inner = location[open + 1..].strip_suffix(')')?;
        let (file, line) = inner.rsplit_once(':')?;
        let line: usize = line.parse().ok()?;
        let qualified = &location[..open];
        let class = qualified.rsplit_once('.').map_or("", |(c, _)| c);
        let package_dir = class.rsplit_once('.').map_or(String::new(), |(p, _)| p.replace('.', "/"));
        Some(SourceRef { package_dir, file: file.to_string(), line })
    }
}

/// A few lines of a source file around one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// the number of the first line shown
    pub first: usize,
    /// the line the location names
    pub line: usize,
    pub lines: Vec<String>,
}

/// Looks up and caches source files.
pub struct SourceFinder {
    roots: Vec<PathBuf>,
    files: HashMap<(String, String), Option<Vec<String>>>,
}

impl SourceFinder {
    /// A finder over these roots, searched in order (directories only; other
    /// entries, such as jars, are skipped).
    pub fn new(roots: Vec<PathBuf>) -> SourceFinder {
        SourceFinder { roots: roots.into_iter().filter(|r| r.is_dir()).collect(), files: HashMap::new() }
    }

    /// The lines around `location`'s line, if its file is found and has that line.
    pub fn excerpt(&mut self, location: &str) -> Option<Excerpt> {
        let at = SourceRef::parse(location)?;
        let key = (at.package_dir.clone(), at.file.clone());
        let roots = &self.roots;
        let lines = self.files.entry(key).or_insert_with(|| {
            roots.iter().flat_map(|r| [r.join(&at.package_dir).join(&at.file), r.join(&at.file)]).find_map(|p| std::fs::read_to_string(p).ok()).map(|text| text.lines().map(str::to_string).collect())
        });
        let lines = lines.as_ref()?;
        if at.line == 0 || at.line > lines.len() {
            return None;
        }
        let first = at.line.saturating_sub(CONTEXT).max(1);
        let last = (at.line + CONTEXT).min(lines.len());
        Some(Excerpt { first, line: at.line, lines: lines[first - 1..last].to_vec() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_locations_with_and_without_packages() {
        assert_eq!(SourceRef::parse("a.b.Outer$Inner.run(Outer.java:12)"), Some(SourceRef { package_dir: "a/b".into(), file: "Outer.java".into(), line: 12 }));
        assert_eq!(SourceRef::parse("Main.main(Main.java:3)"), Some(SourceRef { package_dir: String::new(), file: "Main.java".into(), line: 3 }));
        assert_eq!(SourceRef::parse("java.lang.Thread.run"), None);
        assert_eq!(SourceRef::parse("X.y(Native Method)"), None);
    }

    #[test]
    fn excerpts_are_clipped_to_the_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("p")).unwrap();
        std::fs::write(dir.path().join("p/A.java"), "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\n").unwrap();
        let mut finder = SourceFinder::new(vec![dir.path().to_path_buf()]);
        let e = finder.excerpt("p.A.m(A.java:2)").unwrap();
        assert_eq!((e.first, e.line, e.lines.len()), (1, 2, 5));
        let e = finder.excerpt("p.A.m(A.java:8)").unwrap();
        assert_eq!((e.first, e.lines.first().map(String::as_str)), (5, Some("l5")));
        assert!(finder.excerpt("p.A.m(A.java:9)").is_none());
        assert!(finder.excerpt("q.B.m(B.java:1)").is_none());
    }
}
