//! SmolLM2's first attention layer in the worker (`til_core::smollm2::first_attention`, f64): the
//! page's "a real RoPE model" view asks for a text's causal logits, all four ways at once, so
//! switching between them costs the page nothing. Leaves out: caching answers (a new text is a new
//! question).

use std::cell::RefCell;

use js_sys::{Float64Array, Object, Uint32Array};
use til_core::smollm2::first_attention::{FirstAttention, Logits, Rotation};
use til_core::smollm2::layer0;
use wasm_bindgen::JsValue;

use super::set;

thread_local! {
    /// The first layer, or why it could not be built.
    static LAYER: RefCell<Option<Result<FirstAttention, String>>> = const { RefCell::new(None) };
}

/// Builds the first layer from `assets/smollm2/layer0.bin`'s bytes.
pub fn load(bytes: Vec<u8>) {
    let built = layer0::parse(bytes)
        .and_then(FirstAttention::new)
        .map_err(|e| e.to_string());
    LAYER.with(|layer| *layer.borrow_mut() = Some(built));
}

/// The four ways the page shows, by the names it uses.
const ROTATIONS: [(&str, Rotation); 4] = [
    ("interleaved", Rotation::Interleaved),
    ("half", Rotation::Half),
    ("bug", Rotation::HalfOnGgufRows),
    ("off", Rotation::Off),
];

fn values(logits: &Logits) -> Float64Array {
    let all: Vec<f64> = (0..logits.heads)
        .flat_map(|h| (0..logits.len).flat_map(move |m| logits.row(h, m).to_vec()))
        .collect();
    Float64Array::from(&all[..])
}

/// `{ids, heads, len, interleaved, half, bug, off, halfDifference, bugDifference}`: the logits of
/// `ids` (head-major lower triangles) each way, and how far the half layout and the bug land from
/// the interleaved one.
pub fn logits(ids: &[u32]) -> Result<Object, String> {
    LAYER.with(|layer| {
        let layer = layer.borrow();
        let attention = layer
            .as_ref()
            .ok_or("the first layer was never loaded")?
            .as_ref()
            .map_err(Clone::clone)?;
        let all: Vec<Logits> = ROTATIONS
            .iter()
            .map(|(_, rotation)| attention.logits(ids, *rotation))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        let reply = Object::new();
        set(&reply, "ids", &Uint32Array::from(ids));
        set(&reply, "heads", &JsValue::from(all[0].heads as u32));
        set(&reply, "len", &JsValue::from(all[0].len as u32));
        for ((name, _), logits) in ROTATIONS.iter().zip(&all) {
            set(&reply, name, &values(logits));
        }
        set(
            &reply,
            "halfDifference",
            &JsValue::from(all[0].max_difference(&all[1])),
        );
        set(
            &reply,
            "bugDifference",
            &JsValue::from(all[0].max_difference(&all[2])),
        );
        Ok(reply)
    })
}
