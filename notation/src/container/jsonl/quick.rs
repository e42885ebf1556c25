//! The quick scan of a JSON Lines line for one top-level key, without serde_json.
//!
//! It walks the JSON grammar once, a byte at a time, building nothing, and answers only for
//! the lines it can vouch for: an object that the grammar accepts whole (trailing whitespace
//! allowed), holding the key once, whose value is a string. It gives up (`None`) on anything
//! else, and on whatever it does not read itself: a backslash or a control byte in any string,
//! a key missing or repeated, a value nested deeper than 64. serde_json then reads the line
//! and says what is wrong, or finds the field as this scan would; the tests compare the two.
//!
//! The grammar is the one serde_json applies to the values it skips (`IgnoredAny`): numbers
//! `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` of any length, `true`, `false`, `null`,
//! whitespace of space, tab, CR and LF.

/// The value of top-level key `key` in `text`, as written, quotes included: `Some` only for a
/// line whose whole text is a JSON object holding `key` once, with a string value written
/// without escapes.
pub(super) fn field<'a>(key: &str, text: &'a str) -> Option<&'a str> {
    let bytes = text.as_bytes();
    let mut at = space(bytes, 0);
    if bytes.get(at) != Some(&b'{') {
        return None;
    }
    at = space(bytes, at + 1);
    let mut found: Option<(usize, usize)> = None;
    loop {
        if bytes.get(at) != Some(&b'"') {
            return None;
        }
        let key_end = string_end(bytes, at + 1)?;
        let wanted = bytes.get(at + 1..key_end) == Some(key.as_bytes());
        at = space(bytes, key_end + 1);
        if bytes.get(at) != Some(&b':') {
            return None;
        }
        let value = space(bytes, at + 1);
        at = value_end(bytes, value)?;
        if wanted {
            if found.is_some() {
                return None;
            }
            found = Some((value, at));
        }
        at = space(bytes, at);
        match bytes.get(at) {
            Some(b',') => at = space(bytes, at + 1),
            Some(b'}') => break,
            _ => return None,
        }
    }
    if space(bytes, at + 1) != bytes.len() {
        return None;
    }
    let (start, end) = found?;
    if bytes.get(start) != Some(&b'"') {
        return None;
    }
    text.get(start..end)
}

/// What a byte is to the scan, by a table.
const PLAIN: u8 = 0;
const QUOTE: u8 = 1;
/// A backslash or a control byte: the scan gives up.
const STOP: u8 = 2;

const CLASS: [u8; 256] = {
    let mut class = [PLAIN; 256];
    let mut byte = 0;
    while byte < 0x20 {
        class[byte] = STOP;
        byte += 1;
    }
    class[b'"' as usize] = QUOTE;
    class[b'\\' as usize] = STOP;
    class
};

/// The closing quote of the string whose text starts at `at`: `None` at a backslash, a
/// control byte or the end of the line. Eight bytes at a time, then one at a time.
#[inline]
fn string_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    while let Some(&chunk) = bytes.get(at..).and_then(|rest| rest.first_chunk::<8>()) {
        let word = u64::from_le_bytes(chunk);
        let quote = word ^ (ONES * u64::from(b'"'));
        let backslash = word ^ (ONES * u64::from(b'\\'));
        // The high bit of each byte that is a quote, a backslash or below 0x20; above the lowest such
        // byte, a borrow may mark others, so only the lowest counts.
        let marked = (quote.wrapping_sub(ONES) & !quote
            | backslash.wrapping_sub(ONES) & !backslash
            | word.wrapping_sub(ONES * 0x20) & !word)
            & HIGH;
        if marked != 0 {
            at += (marked.trailing_zeros() / 8) as usize;
            return (bytes.get(at) == Some(&b'"')).then_some(at);
        }
        at += 8;
    }
    loop {
        match CLASS[usize::from(*bytes.get(at)?)] {
            PLAIN => at += 1,
            QUOTE => return Some(at),
            _ => return None,
        }
    }
}

/// Past the whitespace at `at`.
#[inline]
fn space(bytes: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\t' | b'\n' | b'\r') = bytes.get(at) {
        at += 1;
    }
    at
}

/// Past the digits at `at`.
#[inline]
fn digits(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_digit) {
        at += 1;
    }
    at
}

/// The end of the number at `at`.
fn number_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    if bytes.get(at) == Some(&b'-') {
        at += 1;
    }
    match bytes.get(at)? {
        b'0' => at += 1,
        b'1'..=b'9' => at = digits(bytes, at + 1),
        _ => return None,
    }
    if bytes.get(at) == Some(&b'.') {
        let end = digits(bytes, at + 1);
        if end == at + 1 {
            return None;
        }
        at = end;
    }
    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        if let Some(b'+' | b'-') = bytes.get(at) {
            at += 1;
        }
        let end = digits(bytes, at);
        if end == at {
            return None;
        }
        at = end;
    }
    Some(at)
}

/// The end of the value that starts at `at` (whitespace already skipped): objects and arrays
/// are walked with a stack of at most 64 open ones, one bit each (set: an object).
fn value_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    let mut open: u64 = 0;
    let mut depth = 0u32;
    loop {
        // A value.
        match *bytes.get(at)? {
            b'"' => at = string_end(bytes, at + 1)? + 1,
            b'-' | b'0'..=b'9' => at = number_end(bytes, at)?,
            b't' if bytes.get(at..at + 4) == Some(b"true") => at += 4,
            b'f' if bytes.get(at..at + 5) == Some(b"false") => at += 5,
            b'n' if bytes.get(at..at + 4) == Some(b"null") => at += 4,
            opening @ (b'{' | b'[') => {
                let closing = if opening == b'{' { b'}' } else { b']' };
                at = space(bytes, at + 1);
                if bytes.get(at) == Some(&closing) {
                    at += 1;
                } else {
                    if depth == 64 {
                        return None;
                    }
                    open = (open << 1) | u64::from(opening == b'{');
                    depth += 1;
                    if opening == b'{' {
                        at = member_value(bytes, at)?;
                    }
                    continue;
                }
            }
            _ => return None,
        }
        // After a value: the ends of what it closes, then a comma or the end.
        loop {
            if depth == 0 {
                return Some(at);
            }
            at = space(bytes, at);
            let object = open & 1 == 1;
            match (bytes.get(at), object) {
                (Some(b','), true) => {
                    at = member_value(bytes, space(bytes, at + 1))?;
                    break;
                }
                (Some(b','), false) => {
                    at = space(bytes, at + 1);
                    break;
                }
                (Some(b'}'), true) | (Some(b']'), false) => {
                    open >>= 1;
                    depth -= 1;
                    at += 1;
                }
                _ => return None,
            }
        }
    }
}

/// Past an object member's key and colon, at `at` (whitespace skipped), to its value.
#[inline]
fn member_value(bytes: &[u8], at: usize) -> Option<usize> {
    if bytes.get(at) != Some(&b'"') {
        return None;
    }
    let at = space(bytes, string_end(bytes, at + 1)? + 1);
    if bytes.get(at) != Some(&b':') {
        return None;
    }
    Some(space(bytes, at + 1))
}
