//! A tensor's values as f32, from the block formats ggml stores them in (ggml-quants.c): F32, F16,
//! and the 32-value blocks Q4_0, Q4_1 and Q8_0, each led by an f16 scale `d` (and, for Q4_1, an f16
//! minimum `m`):
//! - Q8_0: 32 signed bytes q; x = d·q;
//! - Q4_0: 16 bytes, a 4-bit q in each half; the low halves are values 0–15, the high 16–31;
//!   x = d·(q − 8);
//! - Q4_1: the same layout; x = d·q + m.
//!
//! SmolLM2's token table is Q8_0 and its layer weights Q4_1. Leaves out: the K-quants and the
//! other formats (a clear error names the type).

use super::{GgufError, Tensor};
use crate::half::f16_to_f32;

fn f16_at(bytes: &[u8], at: usize) -> f32 {
    f16_to_f32(u16::from_le_bytes([bytes[at], bytes[at + 1]]))
}

/// Every value of `tensor` (its elements in ggml order, first dimension fastest) from the GGUF
/// file's bytes.
pub fn dequantize(tensor: &Tensor, file: &[u8]) -> Result<Vec<f32>, GgufError> {
    let mut out = vec![0.0; tensor.dims.iter().product::<u64>() as usize];
    dequantize_into(tensor, file, &mut out)?;
    Ok(out)
}

/// [`dequantize`] into `out`, which holds exactly the tensor's values (the caller allocates, so
/// threads can fill parts of one table).
pub fn dequantize_into(tensor: &Tensor, file: &[u8], out: &mut [f32]) -> Result<(), GgufError> {
    let unsupported = || GgufError::UnsupportedTensorType {
        name: tensor.name.clone(),
        code: tensor.ggml_type,
    };
    let len = tensor.byte_len().ok_or_else(unsupported)?;
    let data =
        file.get(tensor.start..tensor.start + len)
            .ok_or_else(|| GgufError::TensorOutOfFile {
                name: tensor.name.clone(),
            })?;
    let count = tensor.dims.iter().product::<u64>() as usize;
    assert_eq!(out.len(), count, "dequantize_into: room for every value");
    match tensor.ggml_type {
        0 => {
            for (o, b) in out.iter_mut().zip(data.chunks_exact(4)) {
                *o = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            }
        }
        1 => {
            for (i, o) in out.iter_mut().enumerate() {
                *o = f16_at(data, 2 * i);
            }
        }
        8 => {
            for (block, out) in data.chunks_exact(34).zip(out.chunks_mut(32)) {
                let d = f16_at(block, 0);
                for (o, &q) in out.iter_mut().zip(&block[2..]) {
                    *o = d * f32::from(q as i8);
                }
            }
        }
        2 | 3 => {
            let (head, offset) = if tensor.ggml_type == 2 {
                (2, None)
            } else {
                (4, Some(()))
            };
            for (block, out) in data.chunks_exact(head + 16).zip(out.chunks_mut(32)) {
                let d = f16_at(block, 0);
                let value = |q: u8| match offset {
                    None => d * (f32::from(q) - 8.0),
                    Some(()) => d * f32::from(q) + f16_at(block, 2),
                };
                let qs = &block[head..];
                let halves = qs.iter().map(|&q| value(q & 0x0f));
                let values = halves.chain(qs.iter().map(|&q| value(q >> 4)));
                out.iter_mut().zip(values).for_each(|(o, v)| *o = v);
            }
        }
        _ => return Err(unsupported()),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::dequantize;
    use crate::gguf::Tensor;

    #[test]
    fn q8_0_and_q4_1_blocks_as_ggml_writes_them() {
        // Q8_0: d = 0.5, q = 0, 1, -1, 2, …
        let mut q8 = vec![0x00, 0x38];
        q8.extend((0..32).map(|i: i8| if i % 2 == 0 { i / 2 } else { -(i / 2) - 1 } as u8));
        let tensor = |ggml_type, dims: Vec<u64>| Tensor {
            name: "t".into(),
            dims,
            ggml_type,
            start: 0,
        };
        let values = dequantize(&tensor(8, vec![32]), &q8).expect("one block");
        assert_eq!(&values[..4], &[0.0, -0.5, 0.5, -1.0]);
        // Q4_1: d = 1, m = -8; byte j holds value j (low) and value j + 16 (high).
        let mut q4 = vec![0x00, 0x3c, 0x00, 0xc8];
        q4.extend((0..16).map(|j: u8| j | (15 - j) << 4));
        let values = dequantize(&tensor(3, vec![32]), &q4).expect("one block");
        assert_eq!(
            (values[0], values[15], values[16], values[31]),
            (-8.0, 7.0, 7.0, -8.0)
        );
        assert!(dequantize(&tensor(12, vec![256]), &[0; 300]).is_err());
    }
}
