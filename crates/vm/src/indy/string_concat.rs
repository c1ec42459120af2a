//! `StringConcatFactory.makeConcatWithConstants` / `makeConcat` call sites, linked to a
//! static method that appends each piece to a `StringBuilder`. `append(Object)` uses
//! `String.valueOf`, as the factory's strategies do, and pieces are stringified left to
//! right.

use jvmc_classfile::descriptor::{BasicType, MethodSig};
use jvmc_classfile::{access, ClassDef, Insn, PoolEntry};

use super::codegen::{method, CodeBuilder};

const TAG_ARG: u16 = 1;
const TAG_CONST: u16 = 2;

/// One piece of a concatenation recipe.
enum Piece {
    Literal(Vec<u16>),
    Arg(usize),
}

fn append_desc(t: BasicType, desc: &str) -> &'static str {
    match t {
        BasicType::Boolean => "(Z)Ljava/lang/StringBuilder;",
        BasicType::Char => "(C)Ljava/lang/StringBuilder;",
        BasicType::Byte | BasicType::Short | BasicType::Int => "(I)Ljava/lang/StringBuilder;",
        BasicType::Long => "(J)Ljava/lang/StringBuilder;",
        BasicType::Float => "(F)Ljava/lang/StringBuilder;",
        BasicType::Double => "(D)Ljava/lang/StringBuilder;",
        BasicType::Reference if desc == "Ljava/lang/String;" => "(Ljava/lang/String;)Ljava/lang/StringBuilder;",
        BasicType::Reference => "(Ljava/lang/Object;)Ljava/lang/StringBuilder;",
    }
}

/// Builds the adapter class for one call site. `recipe` is `None` for `makeConcat`.
pub(crate) fn build(
    class_name: &str,
    call_desc: &str,
    recipe: Option<&[u16]>,
    constants: &[PoolEntry],
) -> Result<ClassDef, String> {
    let sig = MethodSig::parse(call_desc).ok_or("bad call-site descriptor")?;
    let mut pieces = Vec::new();
    match recipe {
        None => pieces.extend((0..sig.params.len()).map(Piece::Arg)),
        Some(r) => {
            let (mut lit, mut arg, mut konst) = (Vec::new(), 0, 0);
            for &u in r {
                match u {
                    TAG_ARG => {
                        if !lit.is_empty() {
                            pieces.push(Piece::Literal(std::mem::take(&mut lit)));
                        }
                        pieces.push(Piece::Arg(arg));
                        arg += 1;
                    }
                    TAG_CONST => {
                        let c = constants.get(konst).ok_or("recipe refers to a missing constant")?;
                        konst += 1;
                        lit.extend(constant_text(c));
                    }
                    u => lit.push(u),
                }
            }
            if !lit.is_empty() {
                pieces.push(Piece::Literal(lit));
            }
            if arg != sig.params.len() {
                return Err("recipe and call-site descriptor disagree".into());
            }
        }
    }
    let mut def = ClassDef::new(class_name, Some("java/lang/Object"), access::PUBLIC | access::FINAL | access::SYNTHETIC);
    let mut slots = Vec::new();
    let mut next = 0u16;
    for p in &sig.params {
        slots.push(next);
        next += p.0.slots() as u16;
    }
    let mut c = CodeBuilder::new(&mut def.pool, next as usize);
    c.new_object("java/lang/StringBuilder");
    c.emit(Insn::Dup);
    c.invokespecial("java/lang/StringBuilder", "<init>", "()V", false);
    for piece in &pieces {
        match piece {
            Piece::Literal(units) => {
                c.ldc(PoolEntry::String(units.clone().into()));
                c.invokevirtual("java/lang/StringBuilder", "append", "(Ljava/lang/String;)Ljava/lang/StringBuilder;");
            }
            Piece::Arg(i) => {
                let (t, d) = &sig.params[*i];
                c.load(*t, slots[*i]);
                c.invokevirtual("java/lang/StringBuilder", "append", append_desc(*t, d));
            }
        }
    }
    c.invokevirtual("java/lang/StringBuilder", "toString", "()Ljava/lang/String;");
    c.emit(Insn::Areturn);
    let code = c.finish();
    def.methods.push(method("concat", call_desc, access::PUBLIC | access::STATIC, code));
    Ok(def)
}

fn constant_text(c: &PoolEntry) -> Vec<u16> {
    let s = match c {
        PoolEntry::String(s) => return s.to_vec(),
        PoolEntry::Int(i) => i.to_string(),
        PoolEntry::Long(l) => l.to_string(),
        PoolEntry::Float(f) => format!("{f:?}"),
        PoolEntry::Double(d) => format!("{d:?}"),
        PoolEntry::Class(n) => format!("class {}", n.replace('/', ".")),
        _ => String::new(),
    };
    s.encode_utf16().collect()
}
