//! Locating the installed JDK: `--java-home`, then `JAVA_HOME`, then `java` on `PATH`.

use std::path::{Path, PathBuf};

use crate::error::ClassPathError;

fn is_jdk(p: &Path) -> bool {
    p.join("lib").join("modules").is_file()
}

/// Finds the JDK home. `explicit` (from `--java-home`) wins, then the `JAVA_HOME`
/// environment variable, then the directory of the `java` found on `PATH` (following
/// symbolic links).
pub fn find_java_home(explicit: Option<&Path>) -> Result<PathBuf, ClassPathError> {
    if let Some(p) = explicit {
        return if is_jdk(p) {
            Ok(p.to_path_buf())
        } else {
            Err(ClassPathError::NoJdk(format!("--java-home {} has no lib/modules", p.display())))
        };
    }
    if let Some(home) = std::env::var_os("JAVA_HOME").filter(|h| !h.is_empty()) {
        let p = PathBuf::from(home);
        return if is_jdk(&p) {
            Ok(p)
        } else {
            Err(ClassPathError::NoJdk(format!("JAVA_HOME={} has no lib/modules", p.display())))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        let java = dir.join("java");
        if java.is_file() {
            if let Ok(real) = std::fs::canonicalize(&java) {
                if let Some(home) = real.parent().and_then(Path::parent) {
                    if is_jdk(home) {
                        return Ok(home.to_path_buf());
                    }
                }
            }
        }
    }
    Err(ClassPathError::NoJdk("set --java-home or JAVA_HOME, or put a JDK 17 `java` on PATH".into()))
}
