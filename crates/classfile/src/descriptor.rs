//! Field and method descriptors (JVMS §4.3) reduced to what execution needs: the
//! basic type of each parameter and of the result.

/// The basic type of a value as a descriptor names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BasicType {
    /// `Z`
    Boolean,
    /// `B`
    Byte,
    /// `C`
    Char,
    /// `S`
    Short,
    /// `I`
    Int,
    /// `J`
    Long,
    /// `F`
    Float,
    /// `D`
    Double,
    /// `L...;` or `[...`
    Reference,
}

impl BasicType {
    /// Number of JVM local-variable slots (2 for `long` and `double`).
    pub fn slots(self) -> usize {
        match self {
            BasicType::Long | BasicType::Double => 2,
            _ => 1,
        }
    }

    /// Parses the first character of a field descriptor.
    pub fn from_descriptor(desc: &str) -> Option<BasicType> {
        Some(match desc.as_bytes().first()? {
            b'Z' => BasicType::Boolean,
            b'B' => BasicType::Byte,
            b'C' => BasicType::Char,
            b'S' => BasicType::Short,
            b'I' => BasicType::Int,
            b'J' => BasicType::Long,
            b'F' => BasicType::Float,
            b'D' => BasicType::Double,
            b'L' | b'[' => BasicType::Reference,
            _ => return None,
        })
    }
}

/// A parsed method descriptor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodSig {
    /// parameter types, with the full descriptor of each
    pub params: Vec<(BasicType, Box<str>)>,
    /// result type; `None` for `void`
    pub ret: Option<(BasicType, Box<str>)>,
}

impl MethodSig {
    /// Parses `(params)ret`; `None` if malformed.
    pub fn parse(desc: &str) -> Option<MethodSig> {
        let rest = desc.strip_prefix('(')?;
        let close = rest.find(')')?;
        let mut params = Vec::new();
        let mut p = &rest[..close];
        while !p.is_empty() {
            let len = field_descriptor_len(p)?;
            params.push((BasicType::from_descriptor(p)?, p[..len].into()));
            p = &p[len..];
        }
        let r = &rest[close + 1..];
        let ret = if r == "V" {
            None
        } else {
            if field_descriptor_len(r)? != r.len() {
                return None;
            }
            Some((BasicType::from_descriptor(r)?, r.into()))
        };
        Some(MethodSig { params, ret })
    }

    /// Number of argument slots, not counting the receiver.
    pub fn arg_slots(&self) -> usize {
        self.params.iter().map(|p| p.0.slots()).sum()
    }
}

/// Length of the field descriptor at the start of `d`.
pub fn field_descriptor_len(d: &str) -> Option<usize> {
    let b = d.as_bytes();
    let mut i = 0;
    while i < b.len() && b[i] == b'[' {
        i += 1;
    }
    match b.get(i)? {
        b'L' => Some(i + d[i..].find(';')? + 1),
        b'Z' | b'B' | b'C' | b'S' | b'I' | b'J' | b'F' | b'D' => Some(i + 1),
        _ => None,
    }
}

/// The class name a field descriptor denotes for class loading: `Ljava/lang/String;`
/// gives `java/lang/String`, arrays keep their descriptor (`[I`), primitives give `None`.
pub fn class_name_of_descriptor(d: &str) -> Option<&str> {
    if let Some(inner) = d.strip_prefix('L') {
        inner.strip_suffix(';')
    } else if d.starts_with('[') {
        Some(d)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_method_descriptors() {
        let s = MethodSig::parse("(IJ[Ljava/lang/String;D)Ljava/lang/Object;").unwrap();
        assert_eq!(s.params.len(), 4);
        assert_eq!(s.arg_slots(), 6);
        assert_eq!(&*s.params[2].1, "[Ljava/lang/String;");
        assert_eq!(s.ret.as_ref().unwrap().0, BasicType::Reference);
        assert!(MethodSig::parse("()V").unwrap().ret.is_none());
        assert!(MethodSig::parse("(Q)V").is_none());
        assert!(MethodSig::parse("(I").is_none());
        assert!(MethodSig::parse("()II").is_none());
    }

    #[test]
    fn class_names() {
        assert_eq!(class_name_of_descriptor("Ljava/lang/String;"), Some("java/lang/String"));
        assert_eq!(class_name_of_descriptor("[[I"), Some("[[I"));
        assert_eq!(class_name_of_descriptor("I"), None);
    }
}
