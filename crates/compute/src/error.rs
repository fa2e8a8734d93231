//! What can go wrong in the compute engine. Every GPU failure is one of these, never a panic, so the
//! caller can fall back to the CPU with the same arguments. Leaves out: the core's own errors (bad
//! words, bad encodings), which callers meet before they reach a kernel.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComputeError {
    /// No adapter: the browser has no WebGPU, or natively no Vulkan driver (install Mesa's lavapipe,
    /// Debian `mesa-vulkan-drivers`).
    NoAdapter(String),
    /// The adapter refused a device (limits, or the browser's policy).
    RequestDevice(String),
    /// The device is gone (driver reset, `destroy()`, tab in the background too long): every later
    /// GPU call fails the same way, so the caller should stay on the CPU.
    DeviceLost(String),
    /// One dispatch failed (validation, out of memory, internal error, or a failed readback); the
    /// device may still work.
    Dispatch(String),
    /// A request no backend serves: k or the exclusions past the GPU's limits, a query of the wrong
    /// length, an input row outside the rows searched, a table uploaded to another device, an id
    /// or a text length the first attention layer refuses.
    BadRequest(String),
}

impl ComputeError {
    /// Whether the device is unusable from now on (as opposed to one failed call).
    pub fn is_device_lost(&self) -> bool {
        matches!(self, ComputeError::DeviceLost(_))
    }
}

impl fmt::Display for ComputeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComputeError::NoAdapter(why) => write!(f, "no GPU adapter: {why}"),
            ComputeError::RequestDevice(why) => {
                write!(f, "the GPU adapter refused a device: {why}")
            }
            ComputeError::DeviceLost(why) => write!(f, "the GPU device was lost: {why}"),
            ComputeError::Dispatch(why) => write!(f, "a GPU dispatch failed: {why}"),
            ComputeError::BadRequest(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for ComputeError {}

/// A first attention layer's refusal (an unknown id, a text past the context), in its own words.
impl From<til_core::smollm2::Smollm2Error> for ComputeError {
    fn from(error: til_core::smollm2::Smollm2Error) -> ComputeError {
        ComputeError::BadRequest(error.to_string())
    }
}
