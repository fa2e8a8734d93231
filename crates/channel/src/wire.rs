//! The byte layout every message crosses in: little-endian numbers, lengths before lists and
//! strings, a tag byte before each enum's variant. One buffer a message, posted as one
//! `Uint8Array` and moved, not copied; reading checks every length, tag and string, so a damaged
//! message is an error, never a panic. Leaves out: versioning (the page and its worker are built
//! together).

use std::fmt;

/// Why bytes are no message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireError(pub String);

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a damaged message between the page and its worker: {}",
            self.0
        )
    }
}

impl std::error::Error for WireError {}

/// A message's bytes, written in order.
#[derive(Default)]
pub struct Writer {
    bytes: Vec<u8>,
}

impl Writer {
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    pub fn tag(&mut self, tag: u8) {
        self.bytes.push(tag);
    }

    fn raw(&mut self, bytes: &[u8]) {
        self.bytes.extend_from_slice(bytes);
    }
}

/// A message's bytes, read in the order they were written.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    pub fn tag(&mut self) -> Result<u8, WireError> {
        Ok(self.take(1)?[0])
    }

    fn take(&mut self, len: usize) -> Result<&'a [u8], WireError> {
        let end = self
            .at
            .checked_add(len)
            .filter(|&end| end <= self.bytes.len())
            .ok_or_else(|| WireError(format!("it ends before byte {}", self.at + len)))?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    /// A list's length, checked against what is left (each item takes at least `least` bytes).
    fn len(&mut self, least: usize) -> Result<usize, WireError> {
        let len = u32::read(self)? as usize;
        if len.saturating_mul(least) > self.bytes.len() - self.at {
            return Err(WireError(format!(
                "a list of {len} is longer than the message"
            )));
        }
        Ok(len)
    }

    /// Every byte read, and none left over.
    pub fn finish(self) -> Result<(), WireError> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(WireError(format!(
                "{} bytes are left over",
                self.bytes.len() - self.at
            )))
        }
    }
}

/// A value with a byte layout.
pub trait Wire: Sized {
    /// The fewest bytes one value takes (a list's length is checked against what is left).
    const LEAST: usize;

    fn write(&self, out: &mut Writer);
    fn read(input: &mut Reader) -> Result<Self, WireError>;

    /// A list's items, after its length (numbers override this with one copy).
    fn write_items(items: &[Self], out: &mut Writer) {
        for item in items {
            item.write(out);
        }
    }

    /// `len` items.
    fn read_items(len: usize, input: &mut Reader) -> Result<Vec<Self>, WireError> {
        (0..len).map(|_| Self::read(input)).collect()
    }

    fn to_bytes(&self) -> Vec<u8> {
        let mut out = Writer::default();
        self.write(&mut out);
        out.into_bytes()
    }

    /// The value of exactly these bytes.
    fn from_bytes(bytes: &[u8]) -> Result<Self, WireError> {
        let mut input = Reader::new(bytes);
        let value = Self::read(&mut input)?;
        input.finish()?;
        Ok(value)
    }
}

/// Numbers as their little-endian bytes; a list of them as one run of bytes.
macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            const LEAST: usize = std::mem::size_of::<$t>();

            fn write(&self, out: &mut Writer) {
                out.raw(&self.to_le_bytes());
            }

            fn read(input: &mut Reader) -> Result<Self, WireError> {
                let bytes = input.take(Self::LEAST)?;
                Ok(<$t>::from_le_bytes(bytes.try_into().expect("taken at its size")))
            }

            fn write_items(items: &[Self], out: &mut Writer) {
                out.bytes.reserve(items.len() * Self::LEAST);
                for value in items {
                    out.raw(&value.to_le_bytes());
                }
            }

            fn read_items(len: usize, input: &mut Reader) -> Result<Vec<Self>, WireError> {
                let bytes = input.take(len * Self::LEAST)?;
                Ok(bytes
                    .chunks_exact(Self::LEAST)
                    .map(|b| <$t>::from_le_bytes(b.try_into().expect("chunks of its size")))
                    .collect())
            }
        }
    )*};
}

numbers!(u32, f32, f64);

impl Wire for u8 {
    const LEAST: usize = 1;

    fn write(&self, out: &mut Writer) {
        out.tag(*self);
    }

    fn read(input: &mut Reader) -> Result<Self, WireError> {
        input.tag()
    }

    fn write_items(items: &[Self], out: &mut Writer) {
        out.raw(items);
    }

    fn read_items(len: usize, input: &mut Reader) -> Result<Vec<Self>, WireError> {
        Ok(input.take(len)?.to_vec())
    }
}

impl<T: Wire> Wire for Vec<T> {
    const LEAST: usize = 4;

    fn write(&self, out: &mut Writer) {
        (self.len() as u32).write(out);
        T::write_items(self, out);
    }

    fn read(input: &mut Reader) -> Result<Self, WireError> {
        let len = input.len(T::LEAST.max(1))?;
        T::read_items(len, input)
    }
}

impl Wire for usize {
    const LEAST: usize = 4;

    fn write(&self, out: &mut Writer) {
        // Every count the page and its worker exchange fits 32 bits (wasm32's usize).
        (*self as u32).write(out);
    }

    fn read(input: &mut Reader) -> Result<Self, WireError> {
        u32::read(input).map(|n| n as usize)
    }
}

impl Wire for bool {
    const LEAST: usize = 1;

    fn write(&self, out: &mut Writer) {
        out.tag(u8::from(*self));
    }

    fn read(input: &mut Reader) -> Result<Self, WireError> {
        match input.tag()? {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(WireError(format!("{other} is no boolean"))),
        }
    }
}

impl Wire for String {
    const LEAST: usize = 4;

    fn write(&self, out: &mut Writer) {
        (self.len() as u32).write(out);
        out.raw(self.as_bytes());
    }

    fn read(input: &mut Reader) -> Result<Self, WireError> {
        let len = input.len(1)?;
        let bytes = input.take(len)?;
        std::str::from_utf8(bytes)
            .map(str::to_string)
            .map_err(|_| WireError("a string is not UTF-8".into()))
    }
}

impl<T: Wire> Wire for Option<T> {
    const LEAST: usize = 1;

    fn write(&self, out: &mut Writer) {
        match self {
            None => out.tag(0),
            Some(value) => {
                out.tag(1);
                value.write(out);
            }
        }
    }

    fn read(input: &mut Reader) -> Result<Self, WireError> {
        match input.tag()? {
            0 => Ok(None),
            1 => T::read(input).map(Some),
            other => Err(WireError(format!("{other} is no option"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Wire + PartialEq + fmt::Debug>(value: T) {
        let bytes = value.to_bytes();
        assert_eq!(T::from_bytes(&bytes).as_ref(), Ok(&value));
        for cut in 0..bytes.len() {
            assert!(
                T::from_bytes(&bytes[..cut]).is_err(),
                "{value:?} cut at {cut}"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(
            T::from_bytes(&longer).is_err(),
            "{value:?} with a byte more"
        );
    }

    #[test]
    fn values_come_back_and_cut_or_padded_bytes_are_refused() {
        round_trip(7u32);
        round_trip(-0.5f64);
        round_trip(true);
        round_trip(String::from("naïve 🦀"));
        round_trip(vec![1u32, u32::MAX]);
        round_trip(vec![1.5f32, f32::NEG_INFINITY]);
        round_trip(vec![0u8, 255]);
        round_trip(vec![String::new(), String::from("▁a")]);
        round_trip(Some(String::from("x")));
        round_trip(None::<u32>);
    }

    #[test]
    fn a_huge_length_is_refused_before_any_allocation() {
        let mut bytes = u32::MAX.to_le_bytes().to_vec();
        bytes.extend_from_slice(&[0; 8]);
        assert!(Vec::<f64>::from_bytes(&bytes).is_err());
        assert!(Vec::<String>::from_bytes(&bytes).is_err());
    }

    #[test]
    fn bad_tags_and_bad_utf8_are_refused() {
        assert!(bool::from_bytes(&[2]).is_err());
        assert!(Option::<u32>::from_bytes(&[9]).is_err());
        assert!(String::from_bytes(&[2, 0, 0, 0, 0xc3, 0x28]).is_err());
    }
}
