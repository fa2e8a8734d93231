//! Kernels compiled once more for the wider registers of the CPU they run on: on x86-64, where
//! the CPU has AVX2, [`with_avx2`] runs a kernel compiled with AVX2 enabled (sixteen 256-bit
//! registers, three-operand instructions); elsewhere, and on older CPUs, the kernel as built. The
//! native CLI is built for any x86-64, whose baseline is SSE2; the page's wasm has SIMD128 only.
//!
//! The kernels do the same IEEE operations in the same order either way (no fused multiply-add is
//! enabled), so results match bit for bit whichever copy runs.
//!
//! Leaves out: AVX-512 (LLVM keeps to 256-bit vectors on most CPUs that have it) and other
//! architectures' extensions.

/// `kernel()`, compiled with AVX2 enabled and run so where the CPU has it. The kernel should be
/// `#[inline(always)]` all the way down: a function it calls that is not inlined runs as built.
#[inline(always)]
pub fn with_avx2<R>(kernel: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx2")]
        fn avx2<R>(kernel: impl FnOnce() -> R) -> R {
            kernel()
        }
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: `avx2` only needs the CPU to have AVX2, checked just above.
            return unsafe { avx2(kernel) };
        }
    }
    kernel()
}
