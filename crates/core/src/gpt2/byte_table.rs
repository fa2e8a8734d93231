//! GPT-2's byte ↔ printable-character table (`bytes_to_unicode`) and the order
//! that gives the 256 byte tokens their ids.
//!
//! Printable Latin-1 bytes (`!`..`~`, `¡`..`¬`, `®`..`ÿ`) stand for themselves;
//! the other 68 bytes (controls, space, DEL, NBSP, soft hyphen) are shown as
//! U+0100 onwards in byte order, so a space is `Ġ` (U+0120) and a newline `Ċ`.
//! Token ids 0..188 are the printable bytes in byte order, 188..256 the others.
//! Leaves out: merged tokens (encoder.rs) and the asset (ranks.rs).

/// Bytes that GPT-2 shows as themselves.
const fn is_printable(b: u8) -> bool {
    matches!(b, 0x21..=0x7e | 0xa1..=0xac | 0xae..=0xff)
}

/// Number of printable bytes: the first id given to a non-printable byte.
const PRINTABLE_COUNT: usize = 188;

/// (byte → char, byte → id, id → byte), built at compile time.
const TABLES: ([char; 256], [u8; 256], [u8; 256]) = build_tables();

const fn build_tables() -> ([char; 256], [u8; 256], [u8; 256]) {
    let mut to_char = ['\0'; 256];
    let mut to_id = [0u8; 256];
    let mut to_byte = [0u8; 256];
    let (mut printable, mut shifted) = (0usize, 0usize);
    let mut b = 0usize;
    while b < 256 {
        // `as` casts are exact here: b < 256 and both counters stay below 256.
        let id = if is_printable(b as u8) {
            to_char[b] = b as u8 as char;
            printable += 1;
            printable - 1
        } else {
            // 256 + shifted < 0x180, always a valid char.
            to_char[b] = match char::from_u32(256 + shifted as u32) {
                Some(c) => c,
                None => panic!("unreachable: small code points are chars"),
            };
            shifted += 1;
            PRINTABLE_COUNT + shifted - 1
        };
        to_id[b] = id as u8;
        to_byte[id] = b as u8;
        b += 1;
    }
    (to_char, to_id, to_byte)
}

/// The printable character GPT-2 shows for byte `b` (space → `Ġ`, newline → `Ċ`).
pub fn byte_char(b: u8) -> char {
    TABLES.0[b as usize]
}

/// The byte a printable character stands for, if it is one of the 256.
pub fn char_byte(c: char) -> Option<u8> {
    let code = c as u32;
    match u8::try_from(code) {
        Ok(b) if is_printable(b) => Some(b),
        _ => {
            // Shifted characters are U+0100 + n for the n-th non-printable byte.
            let n = code.checked_sub(256)? as usize;
            TABLES.2.get(PRINTABLE_COUNT + n).copied()
        }
    }
}

/// The token id of the single byte `b` (0..256).
pub fn byte_id(b: u8) -> u32 {
    u32::from(TABLES.1[b as usize])
}

/// The byte that token id `id` (0..256) stands for.
pub fn id_byte(id: u8) -> u8 {
    TABLES.2[id as usize]
}

/// Bytes in GPT-2's printable form, e.g. `b" caf\xc3\xa9"` → `"ĠcafÃ©"`.
pub fn printable(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| byte_char(b)).collect()
}
