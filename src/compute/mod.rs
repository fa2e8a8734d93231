//! The page's compute engine: where the embedding and positional maths runs. At start the page asks
//! for a WebGPU adapter; with one, kernels run on WebGPU compute shaders (`til_compute`), otherwise on
//! the CPU (the core). [`Compute`] is shared through Leptos context and holds what the header badge
//! shows (the backend, the last kernel's time, the fallback notice, each kernel's choice) and the
//! settings menu's "force CPU" and "force WebGPU" switches.
//!
//! Labs call kernels through [`Compute::run`], which picks the backend (the faster one for that
//! kernel, timed on its first call by `til_compute::choice`, unless a switch forces the CPU or
//! WebGPU; page_clock.rs gives the browser turns while timing), times the
//! call, and turns any GPU failure into the same call on the CPU: a lost device switches the page to the CPU for good (and
//! says so), a failed dispatch only for that call. The labs' state lives in their own signals, so a
//! fallback loses nothing. Leaves out: the kernels (crates/compute) and what each lab shows.

mod badge;
mod kernel;
mod page_clock;
mod speed;

use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use til_compute::choice::{time_both, Choice};
use til_compute::{Backend, BackendKind, ComputeError, GpuContext, Vectors};
use til_core::embed::EmbeddingTable;

use crate::browser::now_ms;

pub use badge::{ComputeBadge, ForceBackend};
pub use kernel::Kernel;
pub use speed::SpeedCheck;
pub use til_compute::choice::label;

/// A kernel call with its result's type erased (see [`Compute::run`]).
type Erased<'a> = Pin<Box<dyn Future<Output = Result<Box<dyn Any>, ComputeError>> + 'a>>;

/// What the notice says when the device goes away.
pub const LOST_NOTICE: &str = "WebGPU device lost: switched to CPU, your state is kept";

/// Where the WebGPU side stands.
#[derive(Clone, Debug, PartialEq)]
pub enum GpuStatus {
    /// Still asking the browser for an adapter (kernels run on the CPU meanwhile).
    Probing,
    Ready {
        adapter: String,
    },
    /// No adapter or no device: the reason, for the badge's tooltip.
    Unavailable(String),
    Lost(String),
}

/// A kernel call: which, where, and how long it took (upload and readback included).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KernelTime {
    pub kernel: Kernel,
    pub backend: BackendKind,
    pub millis: f64,
}

/// The page's compute state; `Copy`, so views capture it freely.
#[derive(Clone, Copy)]
pub struct Compute {
    /// The GPU backend once acquired (wgpu's handles are not `Send`, hence local storage).
    gpu: StoredValue<Option<Rc<Backend>>, LocalStorage>,
    /// Each embedding table as last prepared (uploaded once, reused by every query): GloVe's and
    /// MiniLM's token table, so searching both in turn uploads neither again.
    vectors: StoredValue<Vec<Rc<Vectors>>, LocalStorage>,
    pub status: RwSignal<GpuStatus>,
    pub force_cpu: RwSignal<bool>,
    /// Every kernel on WebGPU, whatever the timing said (for comparison).
    pub force_gpu: RwSignal<bool>,
    /// Each kernel's backend as its first call's timing chose it.
    pub choices: RwSignal<Vec<Choice>>,
    /// The last call of each lab's kernels, latest last.
    pub last: RwSignal<Vec<KernelTime>>,
    /// Kernel calls under way (the badge shows it, so tests can wait for results to settle).
    pub pending: RwSignal<usize>,
    pub notice: RwSignal<Option<String>>,
}

impl Compute {
    /// Creates the state, provides it to every view below, and starts looking for an adapter.
    pub fn provide() -> Compute {
        let compute = Compute {
            gpu: StoredValue::new_local(None),
            vectors: StoredValue::new_local(Vec::new()),
            status: RwSignal::new(GpuStatus::Probing),
            force_cpu: RwSignal::new(false),
            force_gpu: RwSignal::new(false),
            choices: RwSignal::new(Vec::new()),
            last: RwSignal::new(Vec::new()),
            pending: RwSignal::new(0),
            notice: RwSignal::new(None),
        };
        provide_context(compute);
        spawn_local(async move { compute.acquire().await });
        compute
    }

    /// The state provided by [`Compute::provide`] in `App`.
    pub fn expect() -> Compute {
        expect_context::<Compute>()
    }

    async fn acquire(self) {
        match GpuContext::new().await {
            Ok(context) => {
                let (status, notice) = (self.status, self.notice);
                context.on_lost(move |why| {
                    status.set(GpuStatus::Lost(why));
                    notice.set(Some(LOST_NOTICE.to_string()));
                });
                self.status.set(GpuStatus::Ready {
                    adapter: context.adapter().to_string(),
                });
                self.gpu.set_value(Some(Rc::new(Backend::Gpu(context))));
            }
            Err(error) => self.status.set(GpuStatus::Unavailable(error.to_string())),
        }
    }

    /// Whether a WebGPU device is ready (tracked), whatever the force-CPU switch says.
    pub fn gpu_ready(&self) -> bool {
        self.status.with(|s| matches!(s, GpuStatus::Ready { .. }))
    }

    /// The backend kernels run on now (tracked: views showing it, and labs' results, follow it).
    pub fn active(&self) -> BackendKind {
        self.force_gpu.track();
        if self.gpu_ready() && !self.force_cpu.get() {
            BackendKind::Gpu
        } else {
            BackendKind::Cpu
        }
    }

    /// The GPU backend if kernels should run on it now.
    fn gpu(&self) -> Option<Rc<Backend>> {
        (self.active_untracked() == BackendKind::Gpu)
            .then(|| self.gpu.get_value())
            .flatten()
    }

    /// [`Self::active`] without tracking: for a run that starts now and keeps its backend.
    pub fn active_untracked(&self) -> BackendKind {
        untrack(|| self.active())
    }

    /// `table` ready for kernels: uploaded to the GPU once when there is one (and re-prepared if the
    /// GPU arrived after the last preparation), the same value for the CPU otherwise.
    pub fn vectors(&self, table: &Arc<EmbeddingTable>) -> Rc<Vectors> {
        let gpu = self.gpu.get_value();
        let same = |v: &Rc<Vectors>| Arc::ptr_eq(v.table(), table);
        if let Some(current) = self
            .vectors
            .with_value(|all| all.iter().find(|v| same(v)).cloned())
        {
            if current.is_on_gpu() || gpu.is_none() {
                return current;
            }
        }
        // A failed upload leaves the table CPU-only; kernels then fall back call by call.
        let prepared = gpu.and_then(|gpu| gpu.prepare(table.clone()).ok());
        let vectors = Rc::new(prepared.unwrap_or_else(|| Vectors::cpu_only(table.clone())));
        self.vectors.update_value(|all| {
            all.retain(|v| !same(v));
            all.push(vectors.clone());
        });
        vectors
    }

    /// Runs `job` on the kernel's backend and records its time. A GPU failure runs it again on the
    /// CPU: after a lost device the page stays there (with the notice); after any other failure only
    /// this call does, and the notice says which result came from the CPU.
    pub async fn run<T: 'static>(
        &self,
        kernel: Kernel,
        job: impl AsyncFn(&Backend) -> Result<T, ComputeError>,
    ) -> Result<T, ComputeError> {
        self.pending.update(|n| *n += 1);
        // Type-erased, so the choosing and falling back below exist once in the wasm, not once per
        // kernel's result type.
        let job = &job;
        let erased = move |backend: Rc<Backend>| -> Erased<'_> {
            Box::pin(async move { job(&backend).await.map(|v| Box::new(v) as Box<dyn Any>) })
        };
        let result = self.run_erased(kernel, &erased).await;
        self.pending.update(|n| *n -= 1);
        result.map(|value| *value.downcast::<T>().expect("the job's own type"))
    }

    async fn run_erased<'j>(
        &self,
        kernel: Kernel,
        job: &dyn Fn(Rc<Backend>) -> Erased<'j>,
    ) -> Result<Box<dyn Any>, ComputeError> {
        let cpu = || Rc::new(Backend::Cpu);
        if let Some(gpu) = self.gpu() {
            let chosen = self.chosen(kernel.name);
            let result = match (self.force_gpu.get_untracked(), chosen) {
                (false, Some(BackendKind::Cpu)) => None,
                (false, None) => {
                    let on = |kind| match kind {
                        BackendKind::Gpu => job(gpu.clone()),
                        BackendKind::Cpu => job(cpu()),
                    };
                    let clock = page_clock::Timer::start();
                    match time_both(&clock, kernel.name, page_clock::BUDGET_MS, on).await {
                        Ok(timed) => {
                            let (backend, millis) = (timed.choice.backend, timed.millis());
                            let choice = timed.choice.clone();
                            let value = timed.chosen();
                            // Two first calls at once (two views asking for the same kernel) time it
                            // twice; the first to finish is kept.
                            self.choices.update(|all| {
                                if all.iter().all(|c| c.kernel != kernel.name) {
                                    all.push(choice)
                                }
                            });
                            self.record(kernel, backend, millis);
                            return Ok(value);
                        }
                        Err(error) => Some(Err(error)),
                    }
                }
                _ => {
                    let started = now_ms();
                    let result = job(gpu.clone()).await;
                    if result.is_ok() {
                        self.record(kernel, BackendKind::Gpu, now_ms() - started);
                    }
                    Some(result)
                }
            };
            match result {
                Some(Ok(value)) => return Ok(value),
                Some(Err(error)) if error.is_device_lost() => {
                    self.status.set(GpuStatus::Lost(error.to_string()));
                    self.notice.set(Some(LOST_NOTICE.to_string()));
                }
                Some(Err(error)) => {
                    self.notice.set(Some(format!(
                        "WebGPU could not run {} ({error}): this result is from the CPU",
                        kernel.name
                    )));
                }
                None => {}
            }
        }
        let started = now_ms();
        let result = job(cpu()).await;
        self.record(kernel, BackendKind::Cpu, now_ms() - started);
        result
    }

    /// The backend `kernel`'s first call was timed faster on, if it has been called.
    fn chosen(&self, kernel: &str) -> Option<BackendKind> {
        self.choices
            .with_untracked(|all| all.iter().find(|c| c.kernel == kernel).map(|c| c.backend))
    }

    /// Where a long job made of `kernel`'s work should run: `probe`, a small call of it, goes
    /// through [`Self::run`] (timed on both backends the first time), and the job follows the
    /// choice, or a switch. The CPU when there is no GPU, or the probe failed there.
    pub async fn backend_by_probe<T: 'static>(
        &self,
        kernel: Kernel,
        probe: impl AsyncFn(&Backend) -> Result<T, ComputeError>,
    ) -> BackendKind {
        if self.gpu().is_none() {
            return BackendKind::Cpu;
        }
        let probed = self.run(kernel, probe).await.is_ok();
        match (self.gpu(), self.force_gpu.get_untracked()) {
            (None, _) => BackendKind::Cpu,
            (Some(_), true) => BackendKind::Gpu,
            (Some(_), false) if probed => self.chosen(kernel.name).unwrap_or(BackendKind::Cpu),
            (Some(_), false) => BackendKind::Cpu,
        }
    }

    /// A value computed asynchronously from reactive inputs ([`crate::async_derived`]), computed
    /// again when the active backend changes too.
    pub fn derived<I: 'static, T: Clone + PartialEq + Send + Sync + 'static>(
        self,
        inputs: impl Fn() -> Option<I> + 'static,
        job: impl AsyncFn(Compute, I) -> T + 'static,
    ) -> Memo<Option<T>> {
        crate::async_derived::async_derived(
            move || {
                self.active();
                inputs()
            },
            async move |input| job(self, input).await,
        )
    }

    fn record(&self, kernel: Kernel, backend: BackendKind, millis: f64) {
        self.last.update(|all| {
            all.retain(|time| time.kernel.lab != kernel.lab);
            all.push(KernelTime {
                kernel,
                backend,
                millis,
            });
        });
    }
}
