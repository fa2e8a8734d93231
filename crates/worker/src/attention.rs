//! SmolLM2's first attention layer in the worker, on the compute engine
//! (`til_compute::Backend::attention_logits`: WGSL kernels on WebGPU, or the core's f64 on the
//! CPU). The page asks for a text's causal logits all four ways at once, so switching between them
//! costs it nothing, and says where to run them:
//!
//! - [`RunOn::Cpu`] or [`RunOn::Gpu`]: there (WebGPU in this worker, when the browser has it);
//! - [`RunOn::Faster`]: on the first question both backends are timed (`til_compute::choice`, as
//!   the page's kernels are: one warm-up, then the median of three runs each) and the faster one
//!   answers that question and every later one. A software adapter (SwiftShader) loses to the CPU;
//!   a real GPU wins on long sentences.
//!
//! A GPU that fails or is lost falls back to the CPU for good, and the reply says why. Leaves out:
//! caching answers (a new text is a new question).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use til_channel::{FirstLayer, Reply, RunOn};
use til_compute::choice::time_both;
use til_compute::speed::Clock;
use til_compute::{AttentionWeights, Backend, BackendKind, GpuContext};
use til_core::smollm2::first_attention::{FirstAttention, Logits, Rotation};
use til_core::smollm2::layer0;
use til_core::tokenizer::Piece;
use wasm_bindgen::JsValue;

use super::first_layer_markup;

/// The four ways the page shows, in the order of `til_channel::first_layer::WAYS`.
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
pub fn load(bytes: Vec<u8>) -> Result<Reply, String> {
    let built = layer0::parse(bytes)
        .and_then(FirstAttention::new)
        .map(Arc::new)
        .map_err(|e| e.to_string());
    let answer = built.as_ref().map(|_| Reply::Done {}).map_err(Clone::clone);
    STATE.with(|state| {
        *state.borrow_mut() = State {
            layer: Some(built),
            ..State::default()
        }
    });
    answer
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
pub struct WorkerClock;

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
async fn compute(ids: &[u32], run_on: RunOn) -> Result<(Vec<Logits>, String), String> {
    let layer = layer()?;
    if run_on == RunOn::Cpu {
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
        (RunOn::Gpu, _) => format!("Computed with {} in float32, as asked.", adapter(&gpu)),
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
    let cpu = cpu(layer);
    let on = |kind| match kind {
        BackendKind::Gpu => run(gpu, ids),
        BackendKind::Cpu => run(&cpu, ids),
    };
    // A CPU failure is impossible; a GPU one falls back.
    let timed = match time_both(&WorkerClock, "first layer", f64::INFINITY, on).await {
        Ok(timed) => timed,
        Err(why) => return fall_back(layer, ids, why.to_string()).await,
    };
    let (gpu_ms, cpu_ms) = (timed.gpu_ms, timed.cpu_ms);
    let faster = timed.choice.backend == BackendKind::Gpu;
    let why = format!(
        "Timed on these {} tokens: {}, float32: {gpu_ms:.1} ms; the CPU, float64: {cpu_ms:.1} ms → {}.",
        ids.len(),
        adapter(gpu),
        if faster { "the GPU" } else { "the CPU" }
    );
    STATE.with(|state| state.borrow_mut().chosen = Some((faster, why.clone())));
    Ok((timed.chosen(), why))
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

/// The logits of the first `limit` of `pieces` (head-major lower triangles) each way, how far the
/// half layout and the bug land from the interleaved one, where they were computed, the tokens as
/// chips, and every way's every head as a table (way after way).
pub async fn logits(pieces: &[Piece], limit: usize, run_on: RunOn) -> Result<Reply, String> {
    let kept = &pieces[..pieces.len().min(limit)];
    let ids: Vec<u32> = kept.iter().map(|p| p.id.unwrap_or(0)).collect();
    let displays: Vec<String> = kept.iter().map(|p| p.display.clone()).collect();
    let (all, backend) = compute(&ids, run_on).await?;
    let tables = all
        .iter()
        .enumerate()
        .flat_map(|(way, logits)| {
            let displays = &displays;
            (0..logits.heads).map(move |h| first_layer_markup::table(logits, displays, way, h))
        })
        .collect();
    Ok(Reply::FirstLayer {
        layer: FirstLayer {
            tokens: first_layer_markup::tokens(&displays, &ids),
            tables,
            total: pieces.len(),
            heads: all[0].heads,
            len: all[0].len,
            half_difference: all[0].max_difference(&all[1]),
            bug_difference: all[0].max_difference(&all[2]),
            ways: all
                .into_iter()
                .map(|logits| logits.as_slice().to_vec())
                .collect(),
            backend,
        },
    })
}
