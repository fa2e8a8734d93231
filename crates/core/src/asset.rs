//! The one container every binary asset of the lab uses (`gpt2/merges.bin`, `glove/vectors.bin`,
//! `minilm/*.bin`): a header of little-endian u32 words, then the payload.
//!
//! | offset        | size | field                                                   |
//! |---------------|------|---------------------------------------------------------|
//! | 0             | 4    | magic, four ASCII bytes naming the format               |
//! | 4             | 4    | format version                                          |
//! | 8             | 4 × n| the format's own fields (counts, sizes, codes)          |
//! | 8 + 4n        | 4    | FNV-1a 32 checksum of the payload (all after the header)|
//!
//! A [`Format`] names one kind of asset; [`Format::read`] checks the magic and version and hands
//! back the fields, [`Header::payload`] checks the length the format computes from them, then the
//! checksum, so a truncated file reports as truncated and a damaged one as damaged. Every failure is
//! one [`AssetError`], worded the same way for every asset. Leaves out: what the payload means
//! (each format's own module) and reading files (callers pass bytes).

use std::fmt;

/// FNV-1a 32 over `bytes`: cheap, and enough to catch a damaged download.
pub fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// One kind of asset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// How messages name it: "the vectors file".
    pub what: &'static str,
    pub magic: [u8; 4],
    /// The only version this build reads.
    pub version: u32,
    /// How many u32 fields the format keeps between the version and the checksum.
    pub fields: usize,
    /// The project command that rebuilds it, for the messages.
    pub rebuild: &'static str,
}

/// What went wrong with an asset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Shorter than the `needed` bytes of its header (and, for some formats, directory).
    TooShort {
        len: usize,
        needed: usize,
    },
    BadMagic {
        found: [u8; 4],
    },
    UnsupportedVersion {
        found: u32,
    },
    /// Truncated, or with trailing bytes.
    WrongLength {
        expected: u64,
        found: u64,
    },
    /// The payload does not hash to the header's checksum.
    ChecksumMismatch {
        stored: u32,
        computed: u32,
    },
}

/// A fault, and the asset it was found in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssetError {
    pub format: Format,
    pub fault: Fault,
}

impl fmt::Display for AssetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Format {
            what,
            magic,
            version,
            rebuild,
            ..
        } = self.format;
        match &self.fault {
            Fault::TooShort { len, needed } => {
                write!(f, "{what} is {len} bytes, shorter than its {needed}-byte header")
            }
            Fault::BadMagic { found } => write!(
                f,
                "{what} is not what it should be: it starts with {:?}, expected {:?}",
                String::from_utf8_lossy(found),
                String::from_utf8_lossy(&magic)
            ),
            Fault::UnsupportedVersion { found } => write!(
                f,
                "{what} has format version {found}; this build reads version {version}"
            ),
            Fault::WrongLength { expected, found } => write!(
                f,
                "{what} should be {expected} bytes but is {found}: truncated or damaged; rebuild it with `{rebuild}`"
            ),
            Fault::ChecksumMismatch { stored, computed } => write!(
                f,
                "{what} is damaged: checksum {computed:#010x}, header says {stored:#010x}; rebuild it with `{rebuild}`"
            ),
        }
    }
}

impl std::error::Error for AssetError {}

/// An asset whose magic and version are right, with its fields read.
#[derive(Clone, Debug)]
pub struct Header<'a> {
    format: Format,
    fields: Vec<u32>,
    stored: u32,
    asset: &'a [u8],
}

impl Format {
    /// Bytes of the header.
    pub const fn header_len(&self) -> usize {
        12 + 4 * self.fields
    }

    /// This format's error for `fault`.
    pub fn error(&self, fault: Fault) -> AssetError {
        AssetError {
            format: *self,
            fault,
        }
    }

    /// Checks the header's length, magic and version and reads its fields.
    pub fn read<'a>(&self, asset: &'a [u8]) -> Result<Header<'a>, AssetError> {
        let header = asset
            .get(..self.header_len())
            .ok_or(self.error(Fault::TooShort {
                len: asset.len(),
                needed: self.header_len(),
            }))?;
        let word =
            |i: usize| u32::from_le_bytes([header[i], header[i + 1], header[i + 2], header[i + 3]]);
        let found = [header[0], header[1], header[2], header[3]];
        if found != self.magic {
            return Err(self.error(Fault::BadMagic { found }));
        }
        if word(4) != self.version {
            return Err(self.error(Fault::UnsupportedVersion { found: word(4) }));
        }
        Ok(Header {
            format: *self,
            fields: (0..self.fields).map(|i| word(8 + 4 * i)).collect(),
            stored: word(self.header_len() - 4),
            asset,
        })
    }

    /// An asset of this format: the header with `fields` and the checksum, then `payload`.
    ///
    /// # Panics
    /// If `fields` is not as long as the format says (a bug in the caller, not bad data).
    pub fn write(&self, fields: &[u32], payload: &[u8]) -> Vec<u8> {
        assert_eq!(
            fields.len(),
            self.fields,
            "{} has {} fields",
            self.what,
            self.fields
        );
        let mut asset = Vec::with_capacity(self.header_len() + payload.len());
        asset.extend_from_slice(&self.magic);
        for word in [self.version]
            .iter()
            .chain(fields)
            .chain([checksum(payload)].iter())
        {
            asset.extend_from_slice(&word.to_le_bytes());
        }
        asset.extend_from_slice(payload);
        asset
    }
}

impl<'a> Header<'a> {
    /// The format's field `i`, from 0.
    pub fn field(&self, i: usize) -> u32 {
        self.fields[i]
    }

    /// The whole asset, header included (for formats whose directory follows the header).
    pub fn bytes(&self) -> &'a [u8] {
        self.asset
    }

    /// The payload, once the asset is exactly `expected` bytes long and the checksum matches.
    pub fn payload(&self, expected: u64) -> Result<&'a [u8], AssetError> {
        let payload = self.unchecked_payload(expected)?;
        self.check()?;
        Ok(payload)
    }

    /// The payload once the asset is exactly `expected` bytes long, its checksum not yet compared
    /// (for a caller that runs [`Self::check`] on another thread meanwhile).
    pub fn unchecked_payload(&self, expected: u64) -> Result<&'a [u8], AssetError> {
        let found = self.asset.len() as u64;
        if found != expected {
            return Err(self.format.error(Fault::WrongLength { expected, found }));
        }
        Ok(&self.asset[self.format.header_len()..])
    }

    /// Whether the payload hashes to the header's checksum.
    pub fn check(&self) -> Result<(), AssetError> {
        let computed = checksum(&self.asset[self.format.header_len()..]);
        if computed != self.stored {
            return Err(self.format.error(Fault::ChecksumMismatch {
                stored: self.stored,
                computed,
            }));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEMO: Format = Format {
        what: "the demo asset",
        magic: *b"TDMO",
        version: 3,
        fields: 2,
        rebuild: "cargo xtask demo",
    };

    #[test]
    fn written_assets_read_back() {
        let asset = DEMO.write(&[7, 4], b"abcd");
        assert_eq!(asset.len(), DEMO.header_len() + 4);
        let header = DEMO.read(&asset).unwrap();
        assert_eq!((header.field(0), header.field(1)), (7, 4));
        assert_eq!(header.payload(asset.len() as u64).unwrap(), b"abcd");
        // FNV-1a 32's published value for the empty input.
        assert_eq!(checksum(b""), 0x811c_9dc5);
    }

    #[test]
    fn each_fault_is_found_and_named() {
        let asset = DEMO.write(&[7, 4], b"abcd");
        let fault = |bytes: &[u8], expected: u64| {
            DEMO.read(bytes)
                .and_then(|h| h.payload(expected).map(|_| ()))
                .unwrap_err()
                .fault
        };
        assert_eq!(
            fault(&asset[..9], 24),
            Fault::TooShort { len: 9, needed: 20 }
        );
        let mut bad = asset.clone();
        bad[0] = b'X';
        assert_eq!(fault(&bad, 24), Fault::BadMagic { found: *b"XDMO" });
        bad = asset.clone();
        bad[4] = 4;
        assert_eq!(fault(&bad, 24), Fault::UnsupportedVersion { found: 4 });
        assert_eq!(
            fault(&asset[..22], 24),
            Fault::WrongLength {
                expected: 24,
                found: 22
            }
        );
        bad = asset.clone();
        bad[21] ^= 1;
        assert!(matches!(fault(&bad, 24), Fault::ChecksumMismatch { .. }));
        let message = DEMO
            .read(&bad)
            .unwrap()
            .payload(24)
            .unwrap_err()
            .to_string();
        assert!(
            message.starts_with("the demo asset is damaged: checksum 0x"),
            "{message}"
        );
        assert!(
            message.ends_with("rebuild it with `cargo xtask demo`"),
            "{message}"
        );
    }
}
