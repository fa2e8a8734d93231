//! The SmolLM2 first-layer asset (`assets/smollm2/layer0.bin`, built by `cargo xtask zoo` from the
//! model's GGUF file): what the first attention layer's logits need, stored as the model ships it.
//! The lab's container ([`crate::asset`]) holds [`Shape`]'s fields and W_q's and W_k's ggml type
//! codes; the payload is the tensors' GGUF bytes, unchanged, in this order:
//!
//! 1. `token_embd.weight` (vocab × d_model, Q8_0);
//! 2. `blk.0.attn_norm.weight` (d_model, F32);
//! 3. `blk.0.attn_q.weight` (d_model × d_model, Q4_1; rows permuted for the interleaved layout);
//! 4. `blk.0.attn_k.weight` (kv_heads·head_dim × d_model, Q4_1; the same permutation).
//!
//! Leaves out: the value and output projections and every later layer (the logits need none).

use std::borrow::Cow;

use super::Smollm2Error;
use crate::asset::Format;
use crate::gguf::dequantize::dequantize_into;
use crate::gguf::{dequantize, Gguf, Tensor, Value};

/// The asset's container.
pub const FORMAT: Format = Format {
    what: "the SmolLM2 first-layer asset",
    magic: *b"SML0",
    version: 1,
    fields: 10,
    rebuild: "cargo xtask zoo",
};

/// The GGUF tensors the asset keeps, in payload order.
const TENSORS: [&str; 4] = [
    "token_embd.weight",
    "blk.0.attn_norm.weight",
    "blk.0.attn_q.weight",
    "blk.0.attn_k.weight",
];

/// The sizes and constants of the first layer, from the GGUF's `llama.*` metadata.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    pub vocab: usize,
    pub d_model: usize,
    pub heads: usize,
    pub kv_heads: usize,
    pub head_dim: usize,
    /// The context the model was trained for (`llama.context_length`).
    pub context: usize,
    pub rope_base: f64,
    /// RMSNorm's ε (`llama.attention.layer_norm_rms_epsilon`).
    pub epsilon: f64,
}

/// A parsed asset: the shape and the four tensors, pointing into the asset's bytes, which it keeps
/// (or borrows, when they are the program's own).
#[derive(Clone, Debug)]
pub struct Layer0 {
    pub shape: Shape,
    bytes: Cow<'static, [u8]>,
    token_table: Tensor,
    norm: Tensor,
    q: Tensor,
    k: Tensor,
}

/// The tensors' dimensions in ggml order (first fastest), as the GGUF file has them.
fn dims(shape: &Shape) -> [Vec<u64>; 4] {
    let (v, d, kv) = (
        shape.vocab as u64,
        shape.d_model as u64,
        (shape.kv_heads * shape.head_dim) as u64,
    );
    [vec![d, v], vec![d], vec![d, d], vec![d, kv]]
}

/// Reads the asset, checking the container, the shape, every tensor's length and the checksum.
pub fn parse(asset: impl Into<Cow<'static, [u8]>>) -> Result<Layer0, Smollm2Error> {
    let layer = read(asset.into())?;
    layer.check()?;
    Ok(layer)
}

/// [`parse`] but for the checksum, which [`Layer0::check`] compares.
pub(super) fn read(asset: Cow<'static, [u8]>) -> Result<Layer0, Smollm2Error> {
    let header = FORMAT.read(&asset)?;
    let field = |i| header.field(i) as usize;
    let shape = Shape {
        vocab: field(0),
        d_model: field(1),
        heads: field(2),
        kv_heads: field(3),
        head_dim: field(4),
        context: field(5),
        rope_base: f64::from(f32::from_bits(header.field(6))),
        epsilon: f64::from(f32::from_bits(header.field(7))),
    };
    let bad = |why: &str| Smollm2Error::Gguf(format!("{}: {why}", FORMAT.what));
    if shape.heads == 0
        || shape.kv_heads == 0
        || !shape.heads.is_multiple_of(shape.kv_heads)
        || !shape.head_dim.is_multiple_of(2)
        || shape.heads * shape.head_dim != shape.d_model
        || shape.vocab == 0
    {
        return Err(bad("its heads do not divide its width"));
    }
    let types = [8, 0, header.field(8), header.field(9)];
    let mut start = FORMAT.header_len();
    let mut tensors = Vec::with_capacity(4);
    for ((name, dims), ggml_type) in TENSORS.iter().zip(dims(&shape)).zip(types) {
        let tensor = Tensor {
            name: (*name).to_string(),
            dims,
            ggml_type,
            start,
        };
        start += tensor
            .byte_len()
            .ok_or_else(|| bad(&format!("{name} is of an unknown type {ggml_type}")))?;
        tensors.push(tensor);
    }
    header.unchecked_payload(start as u64)?;
    drop(header);
    let [token_table, norm, q, k]: [Tensor; 4] = tensors.try_into().expect("four tensors");
    Ok(Layer0 {
        shape,
        bytes: asset,
        token_table,
        norm,
        q,
        k,
    })
}

impl Layer0 {
    /// Whether the payload hashes to the header's checksum.
    pub(super) fn check(&self) -> Result<(), Smollm2Error> {
        Ok(FORMAT.read(&self.bytes)?.check()?)
    }

    fn values(&self, tensor: &Tensor) -> Vec<f64> {
        dequantize(tensor, &self.bytes)
            .expect("parse checked the tensor's type and length")
            .into_iter()
            .map(f64::from)
            .collect()
    }

    /// Token `id`'s row of the embedding table, dequantized.
    pub fn token_row(&self, id: u32) -> Result<Vec<f64>, Smollm2Error> {
        let id = id as usize;
        if id >= self.shape.vocab {
            return Err(Smollm2Error::UnknownId {
                id,
                vocab: self.shape.vocab,
            });
        }
        Ok(self.values(&self.token_rows(id, 1)))
    }

    /// Rows `first`… of the token table, dequantized into `out` (a whole number of rows of
    /// d_model values, within the table; Q8_0 is exact in f32).
    pub fn token_rows_into(&self, first: usize, out: &mut [f32]) -> Result<(), Smollm2Error> {
        let rows = self.token_rows(first, out.len() / self.shape.d_model);
        dequantize_into(&rows, &self.bytes, out).map_err(|e| Smollm2Error::Gguf(e.to_string()))
    }

    /// The token table's rows `first`… as a tensor of their own.
    fn token_rows(&self, first: usize, count: usize) -> Tensor {
        let row_bytes = self.token_table.byte_len().expect("checked") / self.shape.vocab;
        Tensor {
            dims: vec![self.shape.d_model as u64, count as u64],
            start: self.token_table.start + first * row_bytes,
            ..self.token_table.clone()
        }
    }

    /// RMSNorm's weights (d_model).
    pub fn norm(&self) -> Vec<f64> {
        self.values(&self.norm)
    }

    /// W_q, row-major (output row × d_model), rows in the GGUF's interleaved-layout order.
    pub fn w_q(&self) -> Vec<f64> {
        self.values(&self.q)
    }

    /// W_k, row-major (kv_heads·head_dim × d_model), rows as [`Layer0::w_q`]'s.
    pub fn w_k(&self) -> Vec<f64> {
        self.values(&self.k)
    }
}

/// The asset, from SmolLM2's GGUF file (`gguf` parsed from `file`).
pub fn from_gguf(gguf: &Gguf, file: &[u8]) -> Result<Vec<u8>, Smollm2Error> {
    let missing = |key: &str| Smollm2Error::Gguf(format!("it has no {key}"));
    let whole = |key: &str| match gguf.get(key) {
        Some(Value::Uint(n)) => u32::try_from(*n).map_err(|_| missing(key)),
        _ => Err(missing(key)),
    };
    let float = |key: &str| match gguf.get(key) {
        Some(Value::Float(x)) => Ok((*x as f32).to_bits()),
        _ => Err(missing(key)),
    };
    match gguf.get("general.architecture") {
        Some(Value::Str(a)) if a == "llama" => {}
        _ => return Err(Smollm2Error::Gguf("it is not a llama model".into())),
    }
    let (d_model, heads) = (
        whole("llama.embedding_length")?,
        whole("llama.attention.head_count")?,
    );
    let head_dim = whole("llama.rope.dimension_count")?;
    if heads == 0 || head_dim * heads != d_model {
        return Err(Smollm2Error::Gguf(
            "its rotary dimension is not its head width".into(),
        ));
    }
    let tensor = |name: &str| {
        gguf.tensors
            .iter()
            .find(|t| t.name == name)
            .ok_or_else(|| missing(name))
    };
    let found: Vec<&Tensor> = TENSORS
        .iter()
        .map(|n| tensor(n))
        .collect::<Result<_, _>>()?;
    let fields = [
        whole("llama.vocab_size")?,
        d_model,
        heads,
        whole("llama.attention.head_count_kv")?,
        head_dim,
        whole("llama.context_length")?,
        float("llama.rope.freq_base")?,
        float("llama.attention.layer_norm_rms_epsilon")?,
        found[2].ggml_type,
        found[3].ggml_type,
    ];
    if (found[0].ggml_type, found[1].ggml_type) != (8, 0) {
        return Err(Smollm2Error::Gguf(
            "its token table is not Q8_0 or its norm not F32".into(),
        ));
    }
    let mut payload = Vec::new();
    for t in &found {
        let len = t.byte_len().ok_or_else(|| missing(&t.name))?;
        let data = file
            .get(t.start..t.start + len)
            .ok_or_else(|| Smollm2Error::Gguf(format!("{} lies outside the file", t.name)))?;
        payload.extend_from_slice(data);
    }
    // What is written must read back with the GGUF's dimensions.
    let layer = parse(FORMAT.write(&fields, &payload))?;
    for (t, dims) in found.iter().zip(dims(&layer.shape)) {
        if t.dims != dims {
            return Err(Smollm2Error::Gguf(format!(
                "{} is {:?}, not {:?}",
                t.name, t.dims, dims
            )));
        }
    }
    Ok(layer.bytes.into_owned())
}
