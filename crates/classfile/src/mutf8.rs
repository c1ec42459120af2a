//! Modified UTF-8 (JVMS §4.4.7) to UTF-16, for string constants that are not valid
//! standard UTF-8 (lone surrogates, encoded NUL).

/// Decodes modified UTF-8 into UTF-16 code units. Malformed sequences decode each
/// offending byte as U+FFFD rather than failing: a string constant never makes a class
/// unloadable in HotSpot either.
pub fn decode_to_utf16(bytes: &[u8]) -> Vec<u16> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b & 0x80 == 0 {
            out.push(b as u16);
            i += 1;
        } else if b & 0xE0 == 0xC0 && i + 1 < bytes.len() && bytes[i + 1] & 0xC0 == 0x80 {
            out.push((((b & 0x1F) as u16) << 6) | (bytes[i + 1] & 0x3F) as u16);
            i += 2;
        } else if b & 0xF0 == 0xE0
            && i + 2 < bytes.len()
            && bytes[i + 1] & 0xC0 == 0x80
            && bytes[i + 2] & 0xC0 == 0x80
        {
            out.push(
                (((b & 0x0F) as u16) << 12)
                    | (((bytes[i + 1] & 0x3F) as u16) << 6)
                    | (bytes[i + 2] & 0x3F) as u16,
            );
            i += 3;
        } else {
            out.push(0xFFFD);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_ascii_nul_and_surrogates() {
        assert_eq!(decode_to_utf16(b"ab"), vec![97, 98]);
        assert_eq!(decode_to_utf16(&[0xC0, 0x80]), vec![0]);
        // a lone high surrogate U+D800
        assert_eq!(decode_to_utf16(&[0xED, 0xA0, 0x80]), vec![0xD800]);
        assert_eq!(decode_to_utf16(&[0xC3, 0xA9]), vec![0xE9]);
        assert_eq!(decode_to_utf16(&[0xFF]), vec![0xFFFD]);
    }
}
