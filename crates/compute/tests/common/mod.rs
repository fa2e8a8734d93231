//! Shared by the parity tests: a GPU context on this machine's Vulkan adapter (Mesa's lavapipe in
//! CI), acquired here with wgpu directly, so the tests pass the engine their own device; seeded
//! random tables of odd sizes; and a blocking executor. No adapter is a failure, never a skip.
#![allow(dead_code)] // each test binary uses its own part of this module

use std::sync::Arc;

use til_compute::{wgpu, Backend, GpuContext};
use til_core::embed::EmbeddingTable;

pub use pollster::block_on;

/// The GPU backend on the first Vulkan adapter. Panics with what to install if there is none: CI
/// installs lavapipe, so a missing adapter there is a broken setup, not a reason to pass.
pub fn gpu() -> Backend {
    block_on(async {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle());
        let adapter = instance.request_adapter(&wgpu::RequestAdapterOptions::default()).await.unwrap_or_else(|e| {
            panic!(
                "no Vulkan adapter ({e}). The GPU parity tests need one and fail rather than skip: install Mesa's \
                 lavapipe (Debian package mesa-vulkan-drivers; `cargo xtask test` installs it)"
            )
        });
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor::default())
            .await
            .unwrap_or_else(|e| panic!("the Vulkan adapter refused a device: {e}"));
        let name = adapter.get_info().name;
        eprintln!("GPU parity on {name}");
        let context = GpuContext::from_device(device, queue, name)
            .await
            .unwrap_or_else(|e| panic!("the kernels do not compile on this device: {e}"));
        Backend::Gpu(context)
    })
}

/// SplitMix64: a few lines of seeded randomness, the same on every platform.
pub struct Random(u64);

impl Random {
    pub fn new(seed: u64) -> Random {
        Random(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE5_E4B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [−1, 1).
    pub fn signed(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }

    pub fn below(&mut self, n: usize) -> u32 {
        (self.next_u64() % n as u64) as u32
    }

    pub fn vector(&mut self, dims: usize) -> Vec<f32> {
        (0..dims).map(|_| self.signed()).collect()
    }
}

/// `rows × dims` random rows, words `w0`, `w1`, …; rows listed in `copies` as (from, to) repeat an
/// earlier row exactly, so equal scores (ties) occur and must go to the lower row.
pub fn table(
    rows: usize,
    dims: usize,
    seed: u64,
    copies: &[(usize, usize)],
) -> Arc<EmbeddingTable> {
    let mut random = Random::new(seed);
    let mut raw: Vec<f32> = (0..rows * dims).map(|_| random.signed()).collect();
    for &(from, to) in copies {
        raw.copy_within(from * dims..(from + 1) * dims, to * dims);
    }
    let words = (0..rows).map(|i| format!("w{i}")).collect();
    Arc::new(EmbeddingTable::from_rows(words, raw, dims).expect("a well-formed table"))
}
