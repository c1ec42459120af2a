//! A bounds pre-scan of method bodies, run before `cafebabe` decodes bytecode.
//!
//! `cafebabe` 0.9 pre-allocates `tableswitch`/`lookupswitch` tables from the counts in
//! the class file before noticing that the code is too short for them; a crafted class
//! can ask for gigabytes, and a refused allocation aborts the process (no
//! `catch_unwind` can contain that). This pass walks each `Code` attribute's bytes with
//! the JVMS §6.5 instruction lengths and rejects any switch whose table does not fit.

use cafebabe::attributes::AttributeData;
use cafebabe::ParseOptions;

/// Length of the instruction at `pc` in `code`, or `None` if it runs past the end.
fn insn_len(code: &[u8], pc: usize) -> Option<usize> {
    let op = *code.get(pc)?;
    let word = |at: usize| -> Option<i64> { Some(i32::from_be_bytes(code.get(at..at + 4)?.try_into().ok()?) as i64) };
    let len = match op {
        0xaa => {
            // tableswitch: padding to a multiple of 4, default, low, high, jumps
            let base = (pc + 4) & !3;
            let (low, high) = (word(base + 4)?, word(base + 8)?);
            let count = high.checked_sub(low)?.checked_add(1)?;
            if count < 0 {
                return None;
            }
            base - pc + 12 + 4 * count as usize
        }
        0xab => {
            // lookupswitch: padding, default, npairs, pairs
            let base = (pc + 4) & !3;
            let pairs = word(base + 4)?;
            if pairs < 0 {
                return None;
            }
            base - pc + 8 + 8 * pairs as usize
        }
        0xc4 => match *code.get(pc + 1)? {
            0x84 => 6,
            _ => 4,
        },
        0x10 | 0x12 | 0x15..=0x19 | 0x36..=0x3a | 0xa9 | 0xbc => 2,
        0x11 | 0x13 | 0x14 | 0x84 | 0x99..=0xa8 | 0xb2..=0xb8 | 0xbb | 0xbd | 0xc0 | 0xc1 | 0xc6 | 0xc7 => 3,
        0xc5 => 4,
        0xb9 | 0xba | 0xc8 | 0xc9 => 5,
        _ => 1,
    };
    (pc + len <= code.len()).then_some(len)
}

/// Checks that every instruction of every method body fits its code array.
pub(crate) fn check_code_bounds(bytes: &[u8]) -> Result<(), String> {
    let mut opts = ParseOptions::default();
    opts.parse_bytecode(false);
    let cf = std::panic::catch_unwind(|| cafebabe::parse_class_with_options(bytes, &opts).map_err(|e| e.to_string()))
        .map_err(|_| "parser failure on malformed input".to_string())??;
    for m in &cf.methods {
        for a in &m.attributes {
            if let AttributeData::Code(c) = &a.data {
                let mut pc = 0;
                while pc < c.code.len() {
                    pc += insn_len(c.code, pc).ok_or_else(|| format!("method {}: instruction at {pc} runs past the end of the code", m.name))?;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_of_switches_and_wide() {
        // tableswitch at 0: pad to 4, default, low 0, high 1, two jumps = 4 + 12 + 8
        let mut t = vec![0xaa, 0, 0, 0];
        t.extend([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(insn_len(&t, 0), Some(24));
        let mut huge = vec![0xaa, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        huge.extend(i32::MAX.to_be_bytes());
        assert_eq!(insn_len(&huge, 0), None);
        assert_eq!(insn_len(&[0xc4, 0x84, 0, 1, 0, 1], 0), Some(6));
        assert_eq!(insn_len(&[0xc4, 0x15, 0, 1], 0), Some(4));
        assert_eq!(insn_len(&[0xb9, 0, 1, 1], 0), None);
    }
}
