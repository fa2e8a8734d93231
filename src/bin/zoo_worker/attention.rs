//! SmolLM2's first attention layer in the worker, on the compute engine
//! (`til_compute::Backend::attention_logits`: WGSL kernels on WebGPU, or the core's f64 on the
//! CPU). The page asks for a text's causal logits all four ways at once, so switching between them
//! costs it nothing, and says where to run them:
//!
//! - `"cpu"` or `"gpu"`: there (WebGPU in this worker, when the browser has it);
//! - `"faster"`: on the first question both backends are timed (one warm-up, then the median of
//!   three runs each) and the faster one answers that question and every later one. A software
//!   adapter (SwiftShader) loses to the CPU; a real GPU wins on long sentences.
//!
//! A GPU that fails or is lost falls back to the CPU for good, and the reply says why. Leaves out:
//! caching answers (a new text is a new question).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use js_sys::{Array, Float64Array, Object};
use til_compute::speed::{median_ms, Clock, Runs};
use til_compute::{AttentionWeights, Backend, GpuContext};
use til_core::smollm2::first_attention::{FirstAttention, Logits, Rotation};
use til_core::smollm2::layer0;
use wasm_bindgen::JsValue;

use super::{first_layer_markup, set};
use crate::first_layer_ways::WAYS;

/// The four ways the page shows, in the order of its names (`first_layer_ways::WAYS`).
const ROTATIONS: [Rotation; 4] = [
    Rotation::Interleaved,
    Rotation::Half,
    Rotation::HalfOnGgufRows,
    Rotation::Off,
];

/// A backend with the layer prepared for it.
type Ready = Rc<(Backend, AttentionWeights)>;

#[derive(Default)]
struct State {
    /// The first layer, or why it could not be built.
    layer: Option<Result<Arc<FirstAttention>, String>>,
    cpu: Option<Ready>,
    /// WebGPU with the weights uploaded, or why there is none; asked for once.
    gpu: Option<Result<Ready, String>>,
    /// What the timing chose for "faster", and the sentence that says why.
    chosen: Option<(bool, String)>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Builds the first layer from `assets/smollm2/layer0.bin`'s bytes.
pub fn load(bytes: Vec<u8>) {
    let built = layer0::parse(bytes)
        .and_then(FirstAttention::new)
        .map(Arc::new)
        .map_err(|e| e.to_string());
    STATE.with(|state| {
        *state.borrow_mut() = State {
            layer: Some(built),
            ..State::default()
        }
    });
}

fn layer() -> Result<Arc<FirstAttention>, String> {
    STATE.with(|state| match &state.borrow().layer {
        None => Err("the first layer was never loaded".to_string()),
        Some(built) => built.clone(),
    })
}

fn cpu(layer: &Arc<FirstAttention>) -> Ready {
    STATE.with(|state| {
        state
            .borrow_mut()
            .cpu
            .get_or_insert_with(|| {
                let weights = Backend::Cpu
                    .prepare_attention(layer.clone())
                    .expect("the CPU prepares without fail");
                Rc::new((Backend::Cpu, weights))
            })
            .clone()
    })
}

async fn gpu(layer: &Arc<FirstAttention>) -> Result<Ready, String> {
    if let Some(known) = STATE.with(|state| state.borrow().gpu.clone()) {
        return known;
    }
    let acquired = match GpuContext::new().await {
        Ok(context) => {
            let backend = Backend::Gpu(context);
            backend
                .prepare_attention(layer.clone())
                .map(|weights| Rc::new((backend, weights)))
                .map_err(|e| e.to_string())
        }
        Err(e) => Err(e.to_string()),
    };
    STATE.with(|state| state.borrow_mut().gpu = Some(acquired.clone()));
    acquired
}

fn adapter(ready: &Ready) -> String {
    match &ready.0 {
        Backend::Gpu(context) => format!("WebGPU on {}", context.adapter()),
        Backend::Cpu => "the CPU".to_string(),
    }
}

/// The worker's clock (no window here: `performance` is the global's); no pause between runs.
struct WorkerClock;

impl Clock for WorkerClock {
    fn now_ms(&self) -> f64 {
        let performance =
            js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
                .ok()
                .and_then(|p| wasm_bindgen::JsCast::dyn_into::<web_sys::Performance>(p).ok());
        performance.map_or_else(js_sys::Date::now, |p| p.now())
    }

    fn pause(&self) -> impl std::future::Future<Output = ()> {
        std::future::ready(())
    }
}

async fn run(ready: &Ready, ids: &[u32]) -> Result<Vec<Logits>, til_compute::ComputeError> {
    ready.0.attention_logits(&ready.1, ids, &ROTATIONS).await
}

/// The median of three timed runs after one warm-up, in milliseconds, and the last answer.
async fn timed(ready: &Ready, ids: &[u32]) -> Result<(f64, Vec<Logits>), String> {
    let runs = Runs {
        warm_up: true,
        most: 3,
        budget_ms: f64::INFINITY,
    };
    median_ms(&WorkerClock, runs, || run(ready, ids))
        .await
        .map_err(|e| e.to_string())
}

/// Runs on the CPU, saying why the GPU did not.
async fn on_cpu(
    layer: &Arc<FirstAttention>,
    ids: &[u32],
    why: String,
) -> Result<(Vec<Logits>, String), String> {
    let logits = run(&cpu(layer), ids).await.map_err(|e| e.to_string())?;
    Ok((logits, why))
}

/// The logits and the sentence that says where they were computed.
async fn compute(ids: &[u32], run_on: &str) -> Result<(Vec<Logits>, String), String> {
    let layer = layer()?;
    if run_on == "cpu" {
        return on_cpu(
            &layer,
            ids,
            "Computed on the CPU in float64, as asked.".into(),
        )
        .await;
    }
    let gpu = match gpu(&layer).await {
        Ok(gpu) => gpu,
        Err(why) => {
            return on_cpu(
                &layer,
                ids,
                format!("Computed on the CPU in float64: {why}."),
            )
            .await
        }
    };
    let chosen = STATE.with(|state| state.borrow().chosen.clone());
    let why = match (run_on, chosen) {
        ("gpu", _) => format!("Computed with {} in float32, as asked.", adapter(&gpu)),
        (_, Some((true, why))) => why,
        (_, Some((false, why))) => return on_cpu(&layer, ids, why).await,
        (_, None) => return choose(&layer, &gpu, ids).await,
    };
    match run(&gpu, ids).await {
        Ok(logits) => Ok((logits, why)),
        Err(e) => fall_back(&layer, ids, e.to_string()).await,
    }
}

/// Times both backends on this question and keeps the faster for every later one.
async fn choose(
    layer: &Arc<FirstAttention>,
    gpu: &Ready,
    ids: &[u32],
) -> Result<(Vec<Logits>, String), String> {
    let (gpu_ms, gpu_logits) = match timed(gpu, ids).await {
        Ok(done) => done,
        Err(why) => return fall_back(layer, ids, why).await,
    };
    let (cpu_ms, cpu_logits) = timed(&cpu(layer), ids).await?;
    let faster = gpu_ms < cpu_ms;
    let why = format!(
        "Timed on these {} tokens: {}, float32: {gpu_ms:.1} ms; the CPU, float64: {cpu_ms:.1} ms → {}.",
        ids.len(),
        adapter(gpu),
        if faster { "the GPU" } else { "the CPU" }
    );
    STATE.with(|state| state.borrow_mut().chosen = Some((faster, why.clone())));
    Ok((if faster { gpu_logits } else { cpu_logits }, why))
}

/// After a GPU failure: the CPU from now on.
async fn fall_back(
    layer: &Arc<FirstAttention>,
    ids: &[u32],
    why: String,
) -> Result<(Vec<Logits>, String), String> {
    let why = format!("The GPU failed ({why}); computed on the CPU in float64 from now on.");
    STATE.with(|state| {
        let mut state = state.borrow_mut();
        state.gpu = Some(Err(why.clone()));
        state.chosen = Some((false, why.clone()));
    });
    on_cpu(layer, ids, why).await
}

/// `{heads, len, interleaved, half, bug, off, halfDifference, bugDifference, backend, tokens,
/// tables}`: the logits of `ids` (head-major lower triangles) each way, how far the half layout and
/// the bug land from the interleaved one, where they were computed, the tokens (`displays`) as
/// chips, and every way's every head as a table (way after way).
pub async fn logits(ids: &[u32], displays: &[String], run_on: &str) -> Result<Object, String> {
    let (all, backend) = compute(ids, run_on).await?;
    let reply = Object::new();
    set(&reply, "heads", &JsValue::from(all[0].heads as u32));
    set(&reply, "len", &JsValue::from(all[0].len as u32));
    for ((name, _), logits) in WAYS.iter().zip(&all) {
        set(&reply, name, &Float64Array::from(logits.as_slice()));
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
    set(&reply, "backend", &JsValue::from_str(&backend));
    set(
        &reply,
        "tokens",
        &JsValue::from_str(&first_layer_markup::tokens(displays, ids)),
    );
    let tables: Array = all
        .iter()
        .enumerate()
        .flat_map(|(way, logits)| {
            (0..logits.heads).map(move |h| {
                JsValue::from_str(&first_layer_markup::table(logits, displays, way, h))
            })
        })
        .collect();
    set(&reply, "tables", &tables);
    Ok(reply)
}
