//! Reading a GGUF file's header, metadata and tensor directory (see mod.rs for the layout).

use super::GgufError;

/// One metadata value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// Every unsigned integer type, widened.
    Uint(u64),
    /// Every signed integer type, widened.
    Int(i64),
    /// f32 and f64, widened.
    Float(f64),
    Bool(bool),
    Str(String),
    Array(Vec<Value>),
}

/// One tensor of the directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tensor {
    pub name: String,
    /// ggml order: the first dimension varies fastest.
    pub dims: Vec<u64>,
    /// The ggml type code (0 F32, 1 F16, 3 Q4_1, 8 Q8_0, …).
    pub ggml_type: u32,
    /// Where its data starts, from the start of the file.
    pub start: usize,
}

impl Tensor {
    /// Its data's size in bytes, for the types the lab knows (F32, F16, Q4_0, Q4_1, Q8_0).
    pub fn byte_len(&self) -> Option<usize> {
        let count: u64 = self.dims.iter().product();
        // (elements per block, bytes per block)
        let (block, bytes) = match self.ggml_type {
            0 => (1, 4),
            1 => (1, 2),
            2 => (32, 18),
            3 => (32, 20),
            8 => (32, 34),
            _ => return None,
        };
        usize::try_from(count.div_ceil(block) * bytes).ok()
    }
}

/// A parsed file: its metadata in file order and its tensors.
#[derive(Clone, Debug, PartialEq)]
pub struct Gguf {
    pub metadata: Vec<(String, Value)>,
    pub tensors: Vec<Tensor>,
}

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, len: usize) -> Result<&'a [u8], GgufError> {
        let end = self.at.checked_add(len).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(GgufError::Truncated { at: self.at })?;
        let part = &self.bytes[self.at..end];
        self.at = end;
        Ok(part)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], GgufError> {
        Ok(self.take(N)?.try_into().expect("took N bytes"))
    }

    fn u32(&mut self) -> Result<u32, GgufError> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    fn u64(&mut self) -> Result<u64, GgufError> {
        Ok(u64::from_le_bytes(self.array()?))
    }

    /// A length or count, which must fit the rest of the file at `unit` bytes or more apiece.
    fn count(&mut self, unit: usize) -> Result<usize, GgufError> {
        let at = self.at;
        let n = usize::try_from(self.u64()?).map_err(|_| GgufError::Truncated { at })?;
        let fits = n
            .checked_mul(unit)
            .is_some_and(|b| b <= self.bytes.len() - self.at);
        fits.then_some(n).ok_or(GgufError::Truncated { at })
    }

    fn string(&mut self) -> Result<String, GgufError> {
        let len = self.count(1)?;
        let at = self.at;
        String::from_utf8(self.take(len)?.to_vec()).map_err(|_| GgufError::NotUtf8 { at })
    }

    fn value(&mut self, code: u32) -> Result<Value, GgufError> {
        let at = self.at;
        Ok(match code {
            0 => Value::Uint(u64::from(self.array::<1>()?[0])),
            1 => Value::Int(i64::from(self.array::<1>()?[0] as i8)),
            2 => Value::Uint(u64::from(u16::from_le_bytes(self.array()?))),
            3 => Value::Int(i64::from(i16::from_le_bytes(self.array()?))),
            4 => Value::Uint(u64::from(self.u32()?)),
            5 => Value::Int(i64::from(i32::from_le_bytes(self.array()?))),
            6 => Value::Float(f64::from(f32::from_le_bytes(self.array()?))),
            7 => Value::Bool(self.array::<1>()?[0] != 0),
            8 => Value::Str(self.string()?),
            9 => {
                let inner = self.u32()?;
                let n = self.count(1)?;
                let mut items = Vec::with_capacity(n);
                for _ in 0..n {
                    items.push(self.value(inner)?);
                }
                Value::Array(items)
            }
            10 => Value::Uint(self.u64()?),
            11 => Value::Int(i64::from_le_bytes(self.array()?)),
            12 => Value::Float(f64::from_le_bytes(self.array()?)),
            code => return Err(GgufError::UnknownValueType { code, at }),
        })
    }
}

impl Gguf {
    /// Parses `bytes`, a whole GGUF file, and checks every known tensor lies inside it.
    pub fn parse(bytes: &[u8]) -> Result<Gguf, GgufError> {
        let mut cursor = Cursor { bytes, at: 0 };
        if cursor.take(4).map_err(|_| GgufError::NotGguf)? != b"GGUF" {
            return Err(GgufError::NotGguf);
        }
        let version = cursor.u32()?;
        if version != 3 {
            return Err(GgufError::UnsupportedVersion(version));
        }
        let tensor_count = cursor.count(1)?;
        let metadata_count = cursor.count(1)?;
        let mut metadata = Vec::with_capacity(metadata_count);
        for _ in 0..metadata_count {
            let key = cursor.string()?;
            let code = cursor.u32()?;
            metadata.push((key, cursor.value(code)?));
        }
        let mut directory = Vec::with_capacity(tensor_count);
        for _ in 0..tensor_count {
            let name = cursor.string()?;
            let rank = cursor.u32()? as usize;
            let dims = (0..rank)
                .map(|_| cursor.u64())
                .collect::<Result<Vec<_>, _>>()?;
            let ggml_type = cursor.u32()?;
            let offset = cursor.u64()?;
            directory.push((name, dims, ggml_type, offset));
        }
        let alignment = match metadata.iter().find(|(k, _)| k == "general.alignment") {
            Some((_, Value::Uint(a))) if *a > 0 => *a as usize,
            _ => 32,
        };
        let data = cursor.at.div_ceil(alignment) * alignment;
        let tensors = directory
            .into_iter()
            .map(|(name, dims, ggml_type, offset)| {
                let start = usize::try_from(offset)
                    .ok()
                    .and_then(|o| o.checked_add(data));
                let tensor = Tensor {
                    name,
                    dims,
                    ggml_type,
                    start: start.unwrap_or(usize::MAX),
                };
                let end = tensor.start.checked_add(tensor.byte_len().unwrap_or(0));
                match end {
                    Some(end) if end <= bytes.len() => Ok(tensor),
                    _ => Err(GgufError::TensorOutOfFile { name: tensor.name }),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Gguf { metadata, tensors })
    }

    /// The metadata value under `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.metadata.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

#[cfg(test)]
mod tests {
    use super::{Gguf, GgufError, Value};

    /// A file with two metadata entries and one F32 tensor of 2 × 2.
    fn tiny() -> Vec<u8> {
        let mut f = b"GGUF".to_vec();
        f.extend(3u32.to_le_bytes());
        f.extend(1u64.to_le_bytes());
        f.extend(2u64.to_le_bytes());
        let string = |f: &mut Vec<u8>, s: &str| {
            f.extend((s.len() as u64).to_le_bytes());
            f.extend(s.as_bytes());
        };
        string(&mut f, "general.name");
        f.extend(8u32.to_le_bytes());
        string(&mut f, "tiny");
        string(&mut f, "tokens");
        f.extend(9u32.to_le_bytes());
        f.extend(8u32.to_le_bytes());
        f.extend(2u64.to_le_bytes());
        string(&mut f, "a");
        string(&mut f, "b");
        string(&mut f, "w");
        f.extend(2u32.to_le_bytes());
        f.extend(2u64.to_le_bytes());
        f.extend(2u64.to_le_bytes());
        f.extend(0u32.to_le_bytes());
        f.extend(0u64.to_le_bytes());
        f.resize(f.len().div_ceil(32) * 32 + 16, 0);
        f
    }

    #[test]
    fn reads_metadata_and_tensors_and_places_the_data_at_the_alignment() {
        let file = tiny();
        let gguf = Gguf::parse(&file).unwrap();
        assert_eq!(gguf.get("general.name"), Some(&Value::Str("tiny".into())));
        assert_eq!(
            gguf.get("tokens"),
            Some(&Value::Array(vec![
                Value::Str("a".into()),
                Value::Str("b".into())
            ]))
        );
        let w = &gguf.tensors[0];
        assert_eq!(
            (w.name.as_str(), w.dims.as_slice(), w.byte_len()),
            ("w", &[2, 2][..], Some(16))
        );
        assert_eq!(w.start % 32, 0);
        assert_eq!(w.start + 16, file.len());
    }

    #[test]
    fn damaged_files_say_what_is_wrong() {
        let file = tiny();
        assert_eq!(Gguf::parse(b"GGML...."), Err(GgufError::NotGguf));
        assert!(matches!(
            Gguf::parse(&file[..40]),
            Err(GgufError::Truncated { .. })
        ));
        let cut_data = &file[..file.len() - 1];
        assert_eq!(
            Gguf::parse(cut_data),
            Err(GgufError::TensorOutOfFile { name: "w".into() })
        );
        let mut v2 = file.clone();
        v2[4] = 2;
        assert_eq!(Gguf::parse(&v2), Err(GgufError::UnsupportedVersion(2)));
    }
}
