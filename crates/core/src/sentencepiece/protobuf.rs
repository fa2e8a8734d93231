//! The little of protobuf's wire format a SentencePiece `.model` file needs: varints, 32-bit
//! fixed values and length-delimited fields, read one `(field, value)` at a time. Unknown fields
//! are skipped, so newer model files still load. Leaves out: groups (deprecated, unused by
//! SentencePiece), 64-bit fixed values beyond skipping them, and any schema (model_file.rs has it).

/// One field's value as the wire carries it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Value<'a> {
    Varint(u64),
    Fixed32(u32),
    Fixed64,
    Bytes(&'a [u8]),
}

/// Where the bytes stopped making sense, as a byte offset into the message being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Malformed {
    pub at: usize,
}

/// Reads a message's fields in order.
pub(super) struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Fields<'a> {
    pub fn new(bytes: &'a [u8]) -> Fields<'a> {
        Fields { bytes, at: 0 }
    }

    fn varint(&mut self) -> Result<u64, Malformed> {
        let start = self.at;
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = *self.bytes.get(self.at).ok_or(Malformed { at: start })?;
            self.at += 1;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(Malformed { at: start })
    }

    fn take(&mut self, len: usize) -> Result<&'a [u8], Malformed> {
        let start = self.at;
        let end = start.checked_add(len).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(Malformed { at: start })?;
        self.at = end;
        Ok(&self.bytes[start..end])
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = Result<(u32, Value<'a>), Malformed>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.at == self.bytes.len() {
            return None;
        }
        let start = self.at;
        let field = (|| {
            let key = self.varint()?;
            let number = u32::try_from(key >> 3).map_err(|_| Malformed { at: start })?;
            let value = match key & 7 {
                0 => Value::Varint(self.varint()?),
                1 => {
                    self.take(8)?;
                    Value::Fixed64
                }
                2 => {
                    let len =
                        usize::try_from(self.varint()?).map_err(|_| Malformed { at: start })?;
                    Value::Bytes(self.take(len)?)
                }
                5 => {
                    let word = self.take(4)?;
                    Value::Fixed32(u32::from_le_bytes([word[0], word[1], word[2], word[3]]))
                }
                _ => return Err(Malformed { at: start }),
            };
            Ok((number, value))
        })();
        if field.is_err() {
            // Stop after the first error: the rest cannot be framed.
            self.at = self.bytes.len();
        }
        Some(field)
    }
}

#[cfg(test)]
mod tests {
    use super::{Fields, Malformed, Value};

    #[test]
    fn reads_each_wire_type_and_stops_at_a_cut() {
        // field 1 varint 300; field 2 fixed32 1.5f32; field 3 bytes "hi"; field 4 fixed64.
        let mut bytes = vec![0x08, 0xac, 0x02, 0x15];
        bytes.extend_from_slice(&1.5f32.to_le_bytes());
        bytes.extend_from_slice(&[0x1a, 0x02, b'h', b'i', 0x21, 0, 0, 0, 0, 0, 0, 0, 0]);
        let fields: Vec<_> = Fields::new(&bytes).collect::<Result<_, _>>().unwrap();
        assert_eq!(
            fields,
            [
                (1, Value::Varint(300)),
                (2, Value::Fixed32(1.5f32.to_bits())),
                (3, Value::Bytes(b"hi")),
                (4, Value::Fixed64),
            ]
        );
        // A length that runs past the end is an error where the value starts, then nothing more.
        let mut cut = Fields::new(&[0x1a, 0x05, b'h']);
        assert_eq!(cut.next(), Some(Err(Malformed { at: 2 })));
        assert_eq!(cut.next(), None);
    }
}
