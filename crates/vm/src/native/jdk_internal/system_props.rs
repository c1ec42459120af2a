//! `jdk.internal.util.SystemProps$Raw`: the platform and vm properties, computed as
//! the JDK's native code does (locale and encoding from `LC_ALL`/`LC_CTYPE`/`LANG`).

use crate::error::VmError;
use crate::heap::Array;
use crate::native::{NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

pub(super) fn register(r: &mut NativeRegistry) {
    let c = "jdk/internal/util/SystemProps$Raw";
    r.native(c, "platformProperties", "()[Ljava/lang/String;", |vm, ts, _| platform_properties(vm, ts));
    r.native(c, "vmProperties", "()[Ljava/lang/String;", |vm, _, _| vm_properties(vm));
}

/// Language, country and whether the codeset is UTF-8, from the POSIX locale
/// variables, following `setlocale(LC_ALL, "")` fallbacks: an unknown locale is "C".
pub(crate) fn locale_from_env() -> (String, Option<String>, bool) {
    let var = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .unwrap_or_default();
    let (name, codeset) = match var.split_once('.') {
        Some((n, c)) => (n.to_string(), c.split('@').next().unwrap_or("").to_string()),
        None => (var.clone(), String::new()),
    };
    let utf8 = matches!(codeset.to_ascii_lowercase().as_str(), "utf-8" | "utf8");
    if name.is_empty() || name == "C" || name == "POSIX" {
        return if utf8 { ("en".into(), None, true) } else { ("en".into(), Some("US".into()), false) };
    }
    // a named locale works only if it is installed; otherwise the C locale applies
    let installed = std::path::Path::new("/usr/lib/locale").join(&var).exists()
        || std::path::Path::new("/usr/lib/locale").join(format!("{name}.{}", codeset.to_ascii_lowercase().replace('-', ""))).exists();
    if !installed {
        return ("en".into(), Some("US".into()), false);
    }
    let (lang, country) = match name.split_once('_') {
        Some((l, c)) => (l.to_string(), Some(c.to_string())),
        None => (name.clone(), None),
    };
    (lang, country, utf8)
}

fn string_array(vm: &mut Vm, items: &[Option<String>]) -> Result<ObjRef, Unwind> {
    let mut refs = Vec::with_capacity(items.len());
    for s in items {
        refs.push(match s {
            Some(s) => Some(vm.new_string(s)?),
            None => None,
        });
    }
    let sc = vm.wk.string;
    let ac = vm.array_class_of(sc)?;
    Ok(vm.heap.alloc_array(ac, Array::Ref(refs.into())))
}

fn platform_properties(vm: &mut Vm, ts: &mut ThreadStack) -> NativeResult {
    let raw = vm.load_required("jdk/internal/util/SystemProps$Raw")?;
    vm.initialize_now(ts, raw)?;
    let ndx = |vm: &Vm, name: &str| -> Result<usize, Unwind> {
        match vm.static_value(raw, &format!("_{name}_NDX"), "I")? {
            Value::Int(i) => Ok(i as usize),
            _ => Err(Unwind::Fatal(VmError::Internal(format!("SystemProps$Raw._{name}_NDX")))),
        }
    };
    let len = match vm.static_value(raw, "FIXED_LENGTH", "I")? {
        Value::Int(i) => i as usize,
        _ => return Err(Unwind::Fatal(VmError::Internal("SystemProps$Raw.FIXED_LENGTH".into()))),
    };
    let (lang, country, utf8) = locale_from_env();
    let encoding = if utf8 { "UTF-8" } else { "ANSI_X3.4-1968" };
    let os_version = std::fs::read_to_string("/proc/sys/kernel/osrelease").map(|s| s.trim().to_string()).unwrap_or_default();
    let cwd = std::env::current_dir().map(|p| p.display().to_string()).unwrap_or_else(|_| "/".into());
    let home = std::env::var("HOME").unwrap_or_else(|_| "?".into());
    let user = std::env::var("USER").or_else(|_| std::env::var("LOGNAME")).unwrap_or_else(|_| "?".into());
    let mut props: Vec<Option<String>> = vec![None; len];
    let entries: Vec<(&str, Option<String>)> = vec![
        ("display_language", Some(lang.clone())),
        ("format_language", Some(lang)),
        ("display_country", country.clone()),
        ("format_country", country),
        ("file_encoding", Some(encoding.into())),
        ("sun_jnu_encoding", Some(encoding.into())),
        ("file_separator", Some("/".into())),
        ("line_separator", Some("\n".into())),
        ("path_separator", Some(":".into())),
        ("java_io_tmpdir", Some("/tmp".into())),
        ("os_arch", Some("amd64".into())),
        ("os_name", Some("Linux".into())),
        ("os_version", Some(os_version)),
        ("sun_arch_data_model", Some("64".into())),
        ("sun_cpu_endian", Some("little".into())),
        ("sun_io_unicode_encoding", Some("UnicodeLittle".into())),
        ("user_dir", Some(cwd)),
        ("user_home", Some(home)),
        ("user_name", Some(user)),
    ];
    for (name, v) in entries {
        let i = ndx(vm, name)?;
        if i < props.len() {
            props[i] = v;
        }
    }
    Ret::obj(Some(string_array(vm, &props)?))
}

fn vm_properties(vm: &mut Vm) -> NativeResult {
    let home = vm.java_home.display().to_string();
    let cp = vm.options.class_path.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(":");
    let mut pairs: Vec<(String, String)> = vec![
        ("java.home".into(), home.clone()),
        ("java.class.path".into(), cp),
        ("java.vm.specification.name".into(), "Java Virtual Machine Specification".into()),
        ("java.vm.specification.vendor".into(), "Oracle Corporation".into()),
        ("java.vm.specification.version".into(), "17".into()),
        ("java.vm.name".into(), "jvmc".into()),
        ("java.vm.vendor".into(), "jvmc".into()),
        ("java.vm.version".into(), env!("CARGO_PKG_VERSION").into()),
        ("java.vm.info".into(), "interpreted mode".into()),
        ("jdk.debug".into(), "release".into()),
        ("sun.boot.library.path".into(), format!("{home}/lib")),
        ("java.library.path".into(), "/usr/java/packages/lib:/usr/lib64:/lib64:/lib:/usr/lib".into()),
        ("sun.java.launcher".into(), "SUN_STANDARD".into()),
        ("sun.management.compiler".into(), "none".into()),
        // jvmc runs reflection through natives only (no generated accessors)
        ("sun.reflect.noInflation".into(), "false".into()),
        ("sun.reflect.inflationThreshold".into(), "2147483647".into()),
    ];
    for (k, v) in vm.options.properties.clone() {
        pairs.retain(|(pk, _)| *pk != k);
        pairs.push((k, v));
    }
    let flat: Vec<Option<String>> = pairs.into_iter().flat_map(|(k, v)| [Some(k), Some(v)]).collect();
    Ret::obj(Some(string_array(vm, &flat)?))
}
