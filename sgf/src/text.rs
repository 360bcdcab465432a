//! Escaping and unescaping of Text and SimpleText values, and splitting of
//! compose values, all on raw bytes.

/// Length of the line break starting at `raw[i]` (`\n`, `\r`, `\r\n` or `\n\r`).
fn linebreak_len(raw: &[u8], i: usize) -> usize {
    match (raw[i], raw.get(i + 1)) {
        (b'\r', Some(b'\n')) | (b'\n', Some(b'\r')) => 2,
        _ => 1,
    }
}

/// Whitespace other than line breaks becomes a plain space.
fn blank(b: u8) -> u8 {
    match b {
        b'\t' | 0x0b | 0x0c => b' ',
        _ => b,
    }
}

/// Decodes the raw bytes of a Text (`simple == false`) or SimpleText value.
///
/// `\` escapes the next byte; a `\` followed by a line break (soft line break)
/// is removed; other whitespace becomes a space; line breaks become `\n` in
/// Text and a space in SimpleText. A trailing lone `\` is dropped.
pub(crate) fn unescape(raw: &[u8], simple: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        match raw[i] {
            b'\\' => match raw.get(i + 1) {
                None => i += 1,
                Some(b'\n' | b'\r') => i += 1 + linebreak_len(raw, i + 1),
                Some(&c) => {
                    out.push(blank(c));
                    i += 2;
                }
            },
            b'\n' | b'\r' => {
                out.push(if simple { b' ' } else { b'\n' });
                i += linebreak_len(raw, i);
            }
            c => {
                out.push(blank(c));
                i += 1;
            }
        }
    }
    out
}

/// Escapes text for a value: `\` and `]` always, `:` too when `in_compose`.
pub(crate) fn escape(text: &[u8], in_compose: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 2);
    for &b in text {
        if b == b'\\' || b == b']' || (in_compose && b == b':') {
            out.push(b'\\');
        }
        out.push(b);
    }
    out
}

/// Splits a raw value at its first unescaped `:`.
pub(crate) fn split_compose(raw: &[u8]) -> Option<(&[u8], &[u8])> {
    let mut i = 0;
    while i < raw.len() {
        match raw[i] {
            b'\\' => i += 2,
            b':' => return Some((&raw[..i], &raw[i + 1..])),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(raw: &[u8]) -> String {
        String::from_utf8(unescape(raw, false)).unwrap()
    }
    fn simple(raw: &[u8]) -> String {
        String::from_utf8(unescape(raw, true)).unwrap()
    }

    #[test]
    fn escapes() {
        assert_eq!(text(br"a\]b"), "a]b");
        assert_eq!(text(br"a\\b"), r"a\b");
        assert_eq!(text(br"a\:b"), "a:b");
        assert_eq!(text(br"\a\b"), "ab");
        assert_eq!(text(b"a\\"), "a");
        assert_eq!(text(br"\\\]"), r"\]");
    }

    #[test]
    fn soft_line_breaks() {
        assert_eq!(text(b"ab\\\ncd"), "abcd");
        assert_eq!(text(b"ab\\\r\ncd"), "abcd");
        assert_eq!(text(b"ab\\\n\rcd"), "abcd");
        assert_eq!(text(b"ab\\\rcd"), "abcd");
        assert_eq!(simple(b"ab\\\r\ncd"), "abcd");
    }

    #[test]
    fn hard_line_breaks_and_whitespace() {
        assert_eq!(text(b"a\nb\r\nc\rd\n\re"), "a\nb\nc\nd\ne");
        assert_eq!(text(b"a\r\n\r\nb"), "a\n\nb");
        assert_eq!(simple(b"a\nb\r\nc"), "a b c");
        assert_eq!(text(b"a\tb\x0bc"), "a b c");
        assert_eq!(text(b"a\\\tb"), "a b");
    }

    #[test]
    fn escape_round_trip() {
        for s in ["", "plain", r"back\slash", "br]acket", "co:lon", "\\]:\\"] {
            assert_eq!(text(&escape(s.as_bytes(), false)), s);
            assert_eq!(text(&escape(s.as_bytes(), true)), s);
            let composed = [escape(s.as_bytes(), true), b":x".to_vec()].concat();
            let (left, right) = split_compose(&composed).unwrap();
            assert_eq!(text(left), s);
            assert_eq!(right, b"x");
        }
        assert_eq!(escape(b"a]b\\:", false), br"a\]b\\:");
        assert_eq!(escape(b"a:b", true), br"a\:b");
    }

    #[test]
    fn compose_split() {
        assert_eq!(split_compose(b"aa:cc"), Some((&b"aa"[..], &b"cc"[..])));
        assert_eq!(split_compose(b"aa"), None);
        assert_eq!(split_compose(br"a\:b"), None);
        assert_eq!(split_compose(br"a\:b:c"), Some((&br"a\:b"[..], &b"c"[..])));
        assert_eq!(split_compose(b"a\\"), None);
    }
}
