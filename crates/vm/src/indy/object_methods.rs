//! `ObjectMethods.bootstrap` call sites: `toString`, `hashCode` and `equals` of
//! records, generated with the semantics of `java.lang.runtime.ObjectMethods`:
//! `Name[a=1, b=x]`; `h = 31 * h + hash(c)` in component order; reference identity,
//! then `isInstance`, then component equality (last component first), with
//! `Float.compare`/`Double.compare` for floating point.

use jvmc_classfile::descriptor::BasicType;
use jvmc_classfile::{access, ClassDef, Cond, Insn, PoolEntry};

use super::codegen::{method, CodeBuilder};

/// One record component's accessor, from a `getField` method handle.
pub(crate) struct Component {
    pub name: Box<str>,
    pub descriptor: Box<str>,
    pub ty: BasicType,
}

fn hasher(t: BasicType) -> (&'static str, &'static str) {
    match t {
        BasicType::Boolean => ("java/lang/Boolean", "(Z)I"),
        BasicType::Byte => ("java/lang/Byte", "(B)I"),
        BasicType::Char => ("java/lang/Character", "(C)I"),
        BasicType::Short => ("java/lang/Short", "(S)I"),
        BasicType::Int => ("java/lang/Integer", "(I)I"),
        BasicType::Long => ("java/lang/Long", "(J)I"),
        BasicType::Float => ("java/lang/Float", "(F)I"),
        BasicType::Double => ("java/lang/Double", "(D)I"),
        BasicType::Reference => ("java/util/Objects", "(Ljava/lang/Object;)I"),
    }
}

/// Builds the adapter for one of `toString`, `hashCode`, `equals`.
pub(crate) fn build(class_name: &str, which: &str, call_desc: &str, record: &str, simple_name: &str, comps: &[Component]) -> Result<ClassDef, String> {
    let mut def = ClassDef::new(class_name, Some("java/lang/Object"), access::PUBLIC | access::FINAL | access::SYNTHETIC);
    let code = match which {
        "toString" => {
            let mut c = CodeBuilder::new(&mut def.pool, 1);
            c.new_object("java/lang/StringBuilder");
            c.emit(Insn::Dup);
            c.invokespecial("java/lang/StringBuilder", "<init>", "()V", false);
            let sb_str = "(Ljava/lang/String;)Ljava/lang/StringBuilder;";
            c.ldc_string(&format!("{simple_name}["));
            c.invokevirtual("java/lang/StringBuilder", "append", sb_str);
            for (i, comp) in comps.iter().enumerate() {
                let sep = if i == 0 { "" } else { ", " };
                c.ldc_string(&format!("{sep}{}=", comp.name));
                c.invokevirtual("java/lang/StringBuilder", "append", sb_str);
                c.emit(Insn::Aload(0));
                c.getfield(record, &comp.name, &comp.descriptor);
                let desc = match comp.ty {
                    BasicType::Boolean => "(Z)Ljava/lang/StringBuilder;",
                    BasicType::Char => "(C)Ljava/lang/StringBuilder;",
                    BasicType::Byte | BasicType::Short | BasicType::Int => "(I)Ljava/lang/StringBuilder;",
                    BasicType::Long => "(J)Ljava/lang/StringBuilder;",
                    BasicType::Float => "(F)Ljava/lang/StringBuilder;",
                    BasicType::Double => "(D)Ljava/lang/StringBuilder;",
                    BasicType::Reference => "(Ljava/lang/Object;)Ljava/lang/StringBuilder;",
                };
                c.invokevirtual("java/lang/StringBuilder", "append", desc);
            }
            c.ldc_string("]");
            c.invokevirtual("java/lang/StringBuilder", "append", sb_str);
            c.invokevirtual("java/lang/StringBuilder", "toString", "()Ljava/lang/String;");
            c.emit(Insn::Areturn);
            c.finish()
        }
        "hashCode" => {
            let mut c = CodeBuilder::new(&mut def.pool, 1);
            c.emit(Insn::Iconst(0));
            for comp in comps {
                c.emit(Insn::Iconst(31));
                c.emit(Insn::Imul);
                c.emit(Insn::Aload(0));
                c.getfield(record, &comp.name, &comp.descriptor);
                let (hc, hd) = hasher(comp.ty);
                c.invokestatic(hc, "hashCode", hd, false);
                c.emit(Insn::Iadd);
            }
            c.emit(Insn::Ireturn);
            c.finish()
        }
        "equals" => {
            let mut c = CodeBuilder::new(&mut def.pool, 2);
            let other = c.temp(1);
            c.emit(Insn::Aload(0));
            c.emit(Insn::Aload(1));
            let not_same = c.emit(Insn::IfAcmpne(0));
            c.emit(Insn::Iconst(1));
            c.emit(Insn::Ireturn);
            let here = c.here();
            c.patch(not_same, here);
            c.emit(Insn::Aload(1));
            c.instanceof(record);
            let is_instance = c.emit(Insn::If(Cond::Ne, 0));
            c.emit(Insn::Iconst(0));
            c.emit(Insn::Ireturn);
            let here = c.here();
            c.patch(is_instance, here);
            c.emit(Insn::Aload(1));
            c.checkcast(record);
            c.emit(Insn::Astore(other));
            let mut to_false = Vec::new();
            for comp in comps.iter().rev() {
                c.emit(Insn::Aload(0));
                c.getfield(record, &comp.name, &comp.descriptor);
                c.emit(Insn::Aload(other));
                c.getfield(record, &comp.name, &comp.descriptor);
                match comp.ty {
                    BasicType::Reference => {
                        c.invokestatic("java/util/Objects", "equals", "(Ljava/lang/Object;Ljava/lang/Object;)Z", false);
                        to_false.push(c.emit(Insn::If(Cond::Eq, 0)));
                    }
                    BasicType::Long => {
                        c.emit(Insn::Lcmp);
                        to_false.push(c.emit(Insn::If(Cond::Ne, 0)));
                    }
                    BasicType::Float => {
                        c.invokestatic("java/lang/Float", "compare", "(FF)I", false);
                        to_false.push(c.emit(Insn::If(Cond::Ne, 0)));
                    }
                    BasicType::Double => {
                        c.invokestatic("java/lang/Double", "compare", "(DD)I", false);
                        to_false.push(c.emit(Insn::If(Cond::Ne, 0)));
                    }
                    _ => to_false.push(c.emit(Insn::IfIcmp(Cond::Ne, 0))),
                }
            }
            c.emit(Insn::Iconst(1));
            c.emit(Insn::Ireturn);
            let f = c.here();
            for at in to_false {
                c.patch(at, f);
            }
            c.emit(Insn::Iconst(0));
            c.emit(Insn::Ireturn);
            c.finish()
        }
        other => return Err(format!("ObjectMethods.bootstrap for {other}")),
    };
    let _ = PoolEntry::Int(0);
    def.methods.push(method(which, call_desc, access::PUBLIC | access::STATIC, code));
    Ok(def)
}
