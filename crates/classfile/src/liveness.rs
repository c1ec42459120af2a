//! Which local variables a method can still read: live variables, the classic
//! backward data-flow analysis, over a method's decoded instructions.
//!
//! A local slot is *live* before instruction `pc` when some path from `pc` reads it
//! before writing it. Paths follow branches, switches, fall-through and exception
//! handlers: every instruction a handler covers may throw, and when it throws its own
//! write does not happen, so the handler's live slots flow into it unreduced. A slot
//! that is not live holds a value no execution will ever look at.
//!
//! This module owns the analysis only. What a dead slot means for a running frame
//! (the model checker forgets its value) is the vm's business, as are the slots the
//! vm itself reads behind the bytecode's back (a synchronized method's receiver).
//! Methods with `jsr`/`ret` (class files before version 50) are not analysed: their
//! subroutines' paths depend on a return address held in a local.

use crate::insn::{Insn, InsnIndex, SwitchTable};
use crate::ir::Handler;

/// Live-in sets of one method, one bit set per instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveLocals {
    /// 64-bit words per instruction
    words: usize,
    /// `words` words for each instruction, bit `s` set when slot `s` is live before it
    bits: Vec<u64>,
}

/// Bit-set words the analysis may use for one method (2 MiB); a larger method keeps
/// every slot live.
const MAX_WORDS: usize = 1 << 18;

impl LiveLocals {
    /// Analyses a method body; `None` when it cannot (`jsr`/`ret`, a branch outside the
    /// code, or a body too large for the bit sets), in which case every slot must be
    /// taken as live.
    pub fn analyse(insns: &[Insn], handlers: &[Handler], switches: &[SwitchTable], max_locals: u16) -> Option<LiveLocals> {
        let n = insns.len();
        let words = (max_locals as usize).div_ceil(64).max(1);
        if n.checked_mul(words)? > MAX_WORDS {
            return None;
        }
        let mut succs: Vec<Vec<InsnIndex>> = Vec::with_capacity(n);
        for (pc, insn) in insns.iter().enumerate() {
            let s = successors(*insn, pc as InsnIndex, switches)?;
            if s.iter().any(|&t| t as usize >= n) {
                return None;
            }
            succs.push(s);
        }
        let mut throws_to: Vec<Vec<InsnIndex>> = vec![Vec::new(); n];
        for h in handlers {
            if h.handler as usize >= n {
                return None;
            }
            for targets in throws_to.iter_mut().take((h.end as usize).min(n)).skip(h.start as usize) {
                if !targets.contains(&h.handler) {
                    targets.push(h.handler);
                }
            }
        }
        let mut live = LiveLocals { words, bits: vec![0; n * words] };
        let mut out = vec![0u64; words];
        // round-robin backwards until nothing changes: code is mostly forward, so
        // few rounds are needed
        let mut changed = true;
        while changed {
            changed = false;
            for pc in (0..n).rev() {
                out.iter_mut().for_each(|w| *w = 0);
                for &s in &succs[pc] {
                    live.union_into(&mut out, s as usize);
                }
                let (uses, defs) = uses_and_defs(insns[pc]);
                for slot in defs.into_iter().flatten() {
                    clear(&mut out, slot);
                }
                for &h in &throws_to[pc] {
                    live.union_into(&mut out, h as usize);
                }
                for slot in uses.into_iter().flatten() {
                    set(&mut out, slot);
                }
                let row = &mut live.bits[pc * words..(pc + 1) * words];
                if row != out.as_slice() {
                    row.copy_from_slice(&out);
                    changed = true;
                }
            }
        }
        Some(live)
    }

    /// Whether slot `slot` is live before instruction `pc`: some path from there reads
    /// it before writing it. Out-of-range questions answer `true`.
    pub fn is_live(&self, pc: InsnIndex, slot: u16) -> bool {
        let (w, b) = (slot as usize / 64, slot % 64);
        match self.bits.get(pc as usize * self.words + w) {
            Some(word) if w < self.words => word & (1 << b) != 0,
            _ => true,
        }
    }

    fn union_into(&self, out: &mut [u64], pc: usize) {
        for (o, w) in out.iter_mut().zip(&self.bits[pc * self.words..(pc + 1) * self.words]) {
            *o |= w;
        }
    }
}

fn set(bits: &mut [u64], slot: u16) {
    if let Some(w) = bits.get_mut(slot as usize / 64) {
        *w |= 1 << (slot % 64);
    }
}

fn clear(bits: &mut [u64], slot: u16) {
    if let Some(w) = bits.get_mut(slot as usize / 64) {
        *w &= !(1 << (slot % 64));
    }
}

/// The instructions control can reach from `insn` at `pc` without an exception;
/// `None` for `jsr`/`ret` and a switch whose table is missing.
fn successors(insn: Insn, pc: InsnIndex, switches: &[SwitchTable]) -> Option<Vec<InsnIndex>> {
    use Insn::*;
    let next = pc + 1;
    Some(match insn {
        Goto(t) => vec![t],
        If(_, t) | IfIcmp(_, t) | IfAcmpeq(t) | IfAcmpne(t) | Ifnull(t) | Ifnonnull(t) => vec![t, next],
        Tableswitch(i) | Lookupswitch(i) => match switches.get(i as usize)? {
            SwitchTable::Table { default, targets, .. } => targets.iter().copied().chain([*default]).collect(),
            SwitchTable::Lookup { default, pairs } => pairs.iter().map(|p| p.1).chain([*default]).collect(),
        },
        Jsr(_) | Ret(_) => return None,
        Ireturn | Lreturn | Freturn | Dreturn | Areturn | Return | Athrow | Reserved(_) => Vec::new(),
        _ => vec![next],
    })
}

/// The slots `insn` reads and the slots it writes (two each at most: a `long` or
/// `double` takes two).
fn uses_and_defs(insn: Insn) -> ([Option<u16>; 2], [Option<u16>; 2]) {
    use Insn::*;
    let one = |s: u16| [Some(s), None];
    let two = |s: u16| [Some(s), s.checked_add(1)];
    match insn {
        Iload(s) | Fload(s) | Aload(s) => (one(s), [None; 2]),
        Lload(s) | Dload(s) => (two(s), [None; 2]),
        Istore(s) | Fstore(s) | Astore(s) => ([None; 2], one(s)),
        Lstore(s) | Dstore(s) => ([None; 2], two(s)),
        // read, then written: live before it
        Iinc(s, _) => (one(s), [None; 2]),
        _ => ([None; 2], [None; 2]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::insn::Cond;
    use Insn::*;

    fn live_slots(l: &LiveLocals, pc: InsnIndex, max: u16) -> Vec<u16> {
        (0..max).filter(|&s| l.is_live(pc, s)).collect()
    }

    #[test]
    fn a_slot_is_dead_after_its_last_read_and_before_its_next_write() {
        // 0: iload 1; 1: istore 2; 2: iload 2; 3: ireturn
        let code = [Iload(1), Istore(2), Iload(2), Ireturn];
        let l = LiveLocals::analyse(&code, &[], &[], 3).unwrap();
        assert_eq!(live_slots(&l, 0, 3), vec![1]);
        assert_eq!(live_slots(&l, 1, 3), Vec::<u16>::new());
        assert_eq!(live_slots(&l, 2, 3), vec![2]);
        assert_eq!(live_slots(&l, 3, 3), Vec::<u16>::new());
    }

    #[test]
    fn a_loop_keeps_what_its_next_turn_reads() {
        // int i = 0 (slot 1); loop: if i >= n (slot 0) exit; i++; goto loop; exit: return
        let code = [Iconst(0), Istore(1), Iload(1), Iload(0), IfIcmp(Cond::Ge, 7), Iinc(1, 1), Goto(2), Return];
        let l = LiveLocals::analyse(&code, &[], &[], 2).unwrap();
        assert_eq!(live_slots(&l, 0, 2), vec![0]);
        assert_eq!(live_slots(&l, 2, 2), vec![0, 1]);
        assert_eq!(live_slots(&l, 6, 2), vec![0, 1]);
        assert_eq!(live_slots(&l, 7, 2), Vec::<u16>::new());
    }

    #[test]
    fn a_long_takes_two_slots_and_a_handler_sees_what_a_throwing_store_did_not_write() {
        // 0: lload 0; 1: lstore 2, covered by a handler that reads slots 2 and 3, so
        // they stay live before the store; 2: return; 3 (handler): lload 2; 4: pop2;
        // 5: return
        let code = [Lload(0), Lstore(2), Return, Lload(2), Pop2, Return];
        let handlers = [Handler { start: 1, end: 2, handler: 3, catch_type: None }];
        let l = LiveLocals::analyse(&code, &handlers, &[], 4).unwrap();
        assert_eq!(live_slots(&l, 0, 4), vec![0, 1, 2, 3]);
        assert_eq!(live_slots(&l, 1, 4), vec![2, 3]);
        assert_eq!(live_slots(&l, 2, 4), Vec::<u16>::new());
        assert_eq!(live_slots(&l, 3, 4), vec![2, 3]);
    }

    #[test]
    fn switches_join_every_target() {
        let switches = [SwitchTable::Lookup { default: 3, pairs: vec![(1, 2)] }];
        // 0: iload 0; 1: lookupswitch {1 -> 2, default -> 3}; 2: iload 1 .. ; 3: iload 2
        let code = [Iload(0), Lookupswitch(0), Iload(1), Iload(2), Ireturn];
        let l = LiveLocals::analyse(&code, &[], &switches, 3).unwrap();
        assert_eq!(live_slots(&l, 1, 3), vec![1, 2]);
        assert_eq!(live_slots(&l, 2, 3), vec![1, 2]);
        assert_eq!(live_slots(&l, 3, 3), vec![2]);
    }

    #[test]
    fn subroutines_and_bad_targets_are_not_analysed() {
        assert!(LiveLocals::analyse(&[Jsr(1), Ret(0)], &[], &[], 1).is_none());
        assert!(LiveLocals::analyse(&[Goto(5)], &[], &[], 1).is_none());
        assert!(LiveLocals::analyse(&[Tableswitch(0)], &[], &[], 1).is_none());
    }

    #[test]
    fn out_of_range_questions_answer_live() {
        let l = LiveLocals::analyse(&[Return], &[], &[], 1).unwrap();
        assert!(!l.is_live(0, 0));
        assert!(l.is_live(0, 64));
        assert!(l.is_live(1, 0));
    }
}
