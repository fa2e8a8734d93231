//! The GPU backend's context: acquiring a device (WebGPU in the browser, Vulkan natively), the
//! compiled kernels, and the plumbing every launcher shares: buffers, one submission inside error
//! scopes, and reading back a result. Each kernel is one WGSL file beside its launcher:
//!
//! - `cosine`: dot products of a batch of unit queries with every table row (a matrix product);
//! - `top_k`: per query (or per question) the k best rows of those scores, with exclusions;
//! - `pe_table`: the sinusoidal table in f32;
//! - `pe_dots`: the dot-product matrix of a position table;
//! - `attention_project` and `attention_scores`: a first attention layer's q and k, then its causal
//!   logits with RoPE (`first_attention` launches both, and compiles them when the layer is
//!   uploaded, so a program that never asks for it does not carry them);
//! - `covariance` and `indicator`: the under-trained ranking's passes over a token table
//!   (`undertrained` launches both, compiled when the table is uploaded for it).
//!
//! `select` chains the first two for neighbours, analogies and the benchmark. Failures (validation,
//! out of memory, a lost device, a failed readback) become [`ComputeError`]s; nothing here panics on
//! a GPU call. Leaves out: timestamps queries (callers time whole calls, upload and readback
//! included) and surfaces (nothing is drawn).

/// A kernel's WGSL as build.rs leaves it (without comments), by file name.
macro_rules! kernel_source {
    ($name:literal) => {
        include_str!(concat!(env!("OUT_DIR"), "/", $name, ".wgsl"))
    };
}

pub mod cosine;
pub mod first_attention;
pub mod pe_dots;
pub mod pe_table;
pub mod select;
pub mod top_k;
pub mod undertrained;

use std::sync::{Arc, Mutex};

use futures_channel::oneshot;
use til_core::embed::UnitRows;

use crate::ComputeError;

/// A device, its queue and the compiled kernels.
pub struct GpuContext {
    device: wgpu::Device,
    queue: wgpu::Queue,
    adapter: String,
    /// Filled by the device-lost callback.
    lost: Arc<Mutex<Lost>>,
    kernels: Kernels,
}

/// Why the device went away (once it has), and who wants to hear about it.
#[derive(Default)]
struct Lost {
    why: Option<String>,
    listeners: Vec<Box<dyn FnOnce(String) + Send>>,
}

struct Kernels {
    cosine: wgpu::ComputePipeline,
    top_k: wgpu::ComputePipeline,
    pe_table: wgpu::ComputePipeline,
    pe_dots: wgpu::ComputePipeline,
}

/// The unit rows of an embedding table in a storage buffer, uploaded once and read by every query.
pub struct GpuTable {
    /// The device the buffer belongs to, so a table is never bound on another.
    device: wgpu::Device,
    buffer: wgpu::Buffer,
    dims: usize,
}

impl GpuContext {
    /// The default adapter's device: WebGPU in a browser, Vulkan natively. Fails with
    /// [`ComputeError::NoAdapter`] where there is none (a browser without WebGPU, a machine without
    /// a Vulkan driver).
    pub async fn new() -> Result<GpuContext, ComputeError> {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle());
        let adapter = instance
            .request_adapter(&wgpu::RequestAdapterOptions::default())
            .await
            .map_err(|e| ComputeError::NoAdapter(e.to_string()))?;
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("til-compute"),
                required_limits: wgpu::Limits::default(),
                ..Default::default()
            })
            .await
            .map_err(|e| ComputeError::RequestDevice(e.to_string()))?;
        GpuContext::from_device(device, queue, describe(&adapter.get_info())).await
    }

    /// A context on a device the caller acquired (tests pick their adapter themselves). `adapter` is
    /// a name for labels and logs. Compiles the kernels; a shader the device rejects is an error.
    pub async fn from_device(
        device: wgpu::Device,
        queue: wgpu::Queue,
        adapter: String,
    ) -> Result<GpuContext, ComputeError> {
        let lost = Arc::new(Mutex::new(Lost::default()));
        let state = lost.clone();
        device.set_device_lost_callback(move |reason, message| {
            let why = format!("{reason:?}: {message}");
            let listeners = match state.lock() {
                Ok(mut lost) => {
                    lost.why = Some(why.clone());
                    std::mem::take(&mut lost.listeners)
                }
                Err(_) => Vec::new(),
            };
            for listener in listeners {
                listener(why.clone());
            }
        });
        // Every call runs inside error scopes; this only keeps wgpu's default handler (which panics
        // natively) away from errors raised outside them, e.g. while a lost device is torn down.
        device.on_uncaptured_error(Arc::new(|_error| {}));
        let scope = Scope::push(&device);
        let kernels = Kernels {
            cosine: pipeline(&device, "cosine", kernel_source!("cosine")),
            top_k: pipeline(&device, "top_k", &top_k::source()),
            pe_table: pipeline(&device, "pe_table", kernel_source!("pe_table")),
            pe_dots: pipeline(&device, "pe_dots", kernel_source!("pe_dots")),
        };
        let context = GpuContext {
            device,
            queue,
            adapter,
            lost,
            kernels,
        };
        scope.pop(&context).await?;
        Ok(context)
    }

    /// The adapter's name, backend and type, for tooltips and logs.
    pub fn adapter(&self) -> &str {
        &self.adapter
    }

    pub fn device(&self) -> &wgpu::Device {
        &self.device
    }

    /// Why the device was lost, once it has been.
    pub fn lost(&self) -> Option<String> {
        self.lost.lock().ok().and_then(|lost| lost.why.clone())
    }

    /// Calls `listener` with the reason when the device is lost (at once if it already is), so a
    /// page can switch to the CPU before its next kernel call. The listener must not call into wgpu.
    pub fn on_lost(&self, listener: impl FnOnce(String) + Send + 'static) {
        let already = match self.lost.lock() {
            Ok(mut lost) => match &lost.why {
                Some(why) => Some(why.clone()),
                None => {
                    lost.listeners.push(Box::new(listener));
                    return;
                }
            },
            Err(_) => Some("the device state is poisoned".to_string()),
        };
        if let Some(why) = already {
            listener(why);
        }
    }

    pub(crate) fn owns(&self, table: &GpuTable) -> bool {
        table.device == self.device
    }

    /// Uploads unit rows once (as whole vec4s); every query reads this buffer. Synchronous: a failed
    /// upload shows at the first kernel that reads it, as a dispatch error.
    pub fn upload_table(&self, rows: UnitRows<'_>) -> Result<GpuTable, ComputeError> {
        self.check_alive()?;
        self.check_size("the table", rows.len() * rows.dims().div_ceil(4) * 16)?;
        Ok(GpuTable {
            device: self.device.clone(),
            buffer: self.storage("table", &cosine::padded(rows.as_slice(), rows.dims())),
            dims: rows.dims(),
        })
    }

    fn check_alive(&self) -> Result<(), ComputeError> {
        match self.lost() {
            Some(why) => Err(ComputeError::DeviceLost(why)),
            None => Ok(()),
        }
    }

    /// Starts a kernel call: refuses a lost device, then opens the error scopes that catch what
    /// creating its buffers and running it may raise. End it with [`Self::run_and_read`].
    fn begin(&self) -> Result<Scope, ComputeError> {
        self.check_alive()?;
        Ok(Scope::push(&self.device))
    }

    /// A binding larger than the device allows would fail validation; say so before trying.
    fn check_size(&self, what: &str, bytes: usize) -> Result<(), ComputeError> {
        let limit = self.max_binding_bytes();
        if bytes > limit {
            return Err(ComputeError::BadRequest(format!(
                "{what} needs {bytes} bytes; this GPU binds at most {limit} bytes at once"
            )));
        }
        Ok(())
    }

    /// The largest storage binding (WebGPU guarantees 128 MiB).
    fn max_binding_bytes(&self) -> usize {
        let limits = self.device.limits();
        limits
            .max_storage_buffer_binding_size
            .min(limits.max_buffer_size) as usize
    }

    /// A read-only storage buffer holding `data` (at least 4 bytes: WebGPU has no empty bindings).
    fn storage<T: bytemuck::Pod>(&self, label: &str, data: &[T]) -> wgpu::Buffer {
        self.filled(
            label,
            bytemuck::cast_slice(data),
            wgpu::BufferUsages::STORAGE,
        )
    }

    /// A uniform buffer of u32 parameters (padded to 16 bytes, WGSL's struct alignment).
    fn uniform(&self, label: &str, params: &[u32]) -> wgpu::Buffer {
        let mut padded = params.to_vec();
        padded.resize(params.len().div_ceil(4).max(1) * 4, 0);
        self.filled(
            label,
            bytemuck::cast_slice(&padded),
            wgpu::BufferUsages::UNIFORM,
        )
    }

    /// A buffer written through the queue rather than mapped at creation: on a device that is being
    /// lost, mapping at creation panics inside wgpu, while a queued write is only a captured error.
    fn filled(&self, label: &str, bytes: &[u8], usage: wgpu::BufferUsages) -> wgpu::Buffer {
        let buffer = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: bytes.len().max(4) as u64,
            usage: usage | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        self.queue.write_buffer(&buffer, 0, bytes);
        buffer
    }

    /// A storage buffer a kernel writes `len` 4-byte values into, then copied out for reading.
    fn output(&self, label: &str, len: usize) -> wgpu::Buffer {
        self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: (len.max(1) * 4) as u64,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        })
    }

    fn bind(&self, pipeline: &wgpu::ComputePipeline, buffers: &[&wgpu::Buffer]) -> wgpu::BindGroup {
        let entries: Vec<wgpu::BindGroupEntry<'_>> = buffers
            .iter()
            .enumerate()
            .map(|(binding, buffer)| wgpu::BindGroupEntry {
                binding: binding as u32,
                resource: buffer.as_entire_binding(),
            })
            .collect();
        self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(0),
            entries: &entries,
        })
    }

    /// Runs `passes` (recorded into one encoder, in order) and reads back the first `len` values of
    /// `output`: one submission, one copy of only what the caller needs, inside the scopes `scope`
    /// opened (see [`Self::begin`]). `len` is at least 1.
    async fn run_and_read<T: bytemuck::Pod>(
        &self,
        scope: Scope,
        passes: &[Pass<'_>],
        output: &wgpu::Buffer,
        len: usize,
    ) -> Result<Vec<T>, ComputeError> {
        let bytes = (len * std::mem::size_of::<T>()) as u64;
        let staging = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("readback"),
            size: bytes,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
        {
            let mut compute = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
            for pass in passes {
                compute.set_pipeline(pass.pipeline);
                compute.set_bind_group(0, pass.bind_group, &[]);
                compute.dispatch_workgroups(
                    pass.workgroups[0],
                    pass.workgroups[1],
                    pass.workgroups[2],
                );
            }
        }
        encoder.copy_buffer_to_buffer(output, 0, &staging, 0, bytes);
        self.queue.submit([encoder.finish()]);
        // Popped now, before any await, so concurrent calls cannot interleave their scopes.
        let errors = scope.pop_later();

        let (sender, receiver) = oneshot::channel();
        staging
            .slice(..)
            .map_async(wgpu::MapMode::Read, move |result| {
                let _ = sender.send(result);
            });
        // Natively this waits for the submission and runs the map callback; on WebGPU it does
        // nothing and the browser calls back from its event loop.
        let polled = self.device.poll(wgpu::PollType::wait_indefinitely());
        Scope::check(errors, self).await?;
        polled.map_err(|e| self.failure(e.to_string()))?;
        match receiver.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(self.failure(format!("reading the result back failed: {e}"))),
            Err(_) => return Err(self.failure("the readback was dropped".into())),
        }
        let values = {
            let view = staging
                .get_mapped_range(..)
                .map_err(|e| self.failure(e.to_string()))?;
            // The view's bytes need not be aligned for T (WebGPU copies them out of a JS buffer).
            view.chunks_exact(std::mem::size_of::<T>())
                .map(bytemuck::pod_read_unaligned)
                .collect()
        };
        staging.unmap();
        Ok(values)
    }

    /// A failure, reported as a lost device if that is what it was.
    fn failure(&self, message: String) -> ComputeError {
        match self.lost() {
            Some(why) => ComputeError::DeviceLost(why),
            None => ComputeError::Dispatch(message),
        }
    }
}

/// One dispatch of a pipeline over a bind group.
struct Pass<'a> {
    pipeline: &'a wgpu::ComputePipeline,
    bind_group: &'a wgpu::BindGroup,
    workgroups: [u32; 3],
}

/// Error scopes around one submission: validation, out-of-memory and internal errors.
struct Scope {
    guards: [wgpu::ErrorScopeGuard; 3],
}

type ScopeFutures = Vec<std::pin::Pin<Box<dyn std::future::Future<Output = Option<wgpu::Error>>>>>;

impl Scope {
    fn push(device: &wgpu::Device) -> Scope {
        Scope {
            guards: [
                wgpu::ErrorFilter::Validation,
                wgpu::ErrorFilter::OutOfMemory,
                wgpu::ErrorFilter::Internal,
            ]
            .map(|filter| device.push_error_scope(filter)),
        }
    }

    /// Pops the scopes (innermost first) and returns what they caught, to be awaited later.
    fn pop_later(self) -> ScopeFutures {
        let [validation, memory, internal] = self.guards;
        vec![
            Box::pin(internal.pop()),
            Box::pin(memory.pop()),
            Box::pin(validation.pop()),
        ]
    }

    async fn pop(self, context: &GpuContext) -> Result<(), ComputeError> {
        Scope::check(self.pop_later(), context).await
    }

    async fn check(futures: ScopeFutures, context: &GpuContext) -> Result<(), ComputeError> {
        for future in futures {
            if let Some(error) = future.await {
                return Err(context.failure(error.to_string()));
            }
        }
        Ok(())
    }
}

/// Compiles one WGSL kernel (entry point `main`, layout from the shader).
fn pipeline(device: &wgpu::Device, label: &str, source: &str) -> wgpu::ComputePipeline {
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(label),
        source: wgpu::ShaderSource::Wgsl(source.into()),
    });
    device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(label),
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    })
}

/// E.g. "llvmpipe (LLVM 15.0.6, 256 bits) (Vulkan, Cpu)"; browsers often keep the name to themselves.
fn describe(info: &wgpu::AdapterInfo) -> String {
    let name = if info.name.is_empty() {
        "an unnamed adapter"
    } else {
        &info.name
    };
    format!("{name} ({:?}, {:?})", info.backend, info.device_type)
}

/// Workgroups needed to cover `items` with `size` invocations each.
fn groups(items: usize, size: u32) -> u32 {
    items.div_ceil(size as usize) as u32
}

/// 64-wide workgroups covering `items` invocations, in a 2-D grid when one dimension (at most
/// 65,535 groups) is not enough; the shaders flatten it back with `num_workgroups`.
fn flat_groups(context: &GpuContext, items: usize) -> [u32; 3] {
    let needed = groups(items, 64);
    let across = needed.min(context.device.limits().max_compute_workgroups_per_dimension);
    [across, needed.div_ceil(across), 1]
}
