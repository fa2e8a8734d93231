//! Choosing a backend for a kernel: both backends timed on its first call (one warm-up, then the
//! median of up to three runs, [`time_both`]) and the faster kept for every later one
//! ([`Choice`]). The page's kernels and the
//! worker's first attention layer choose through this one module. Leaves out: choosing again
//! (a choice stands until the page reloads or the GPU fails).

use std::future::Future;

use crate::speed::{median_ms, Clock, Runs};
use crate::BackendKind;

/// One kernel's backend and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub kernel: &'static str,
    pub backend: BackendKind,
    /// "neighbours: WebGPU 134.0 ms, CPU 1.1 ms → CPU".
    pub why: String,
}

impl Choice {
    /// The faster of two measured backends (the CPU on a tie).
    pub fn between(kernel: &'static str, gpu_ms: f64, cpu_ms: f64) -> Choice {
        let backend = if gpu_ms < cpu_ms {
            BackendKind::Gpu
        } else {
            BackendKind::Cpu
        };
        Choice {
            kernel,
            backend,
            why: format!(
                "{kernel}: WebGPU {gpu_ms:.1} ms, CPU {cpu_ms:.1} ms → {}",
                label(backend)
            ),
        }
    }
}

/// How the page says a backend.
pub fn label(kind: BackendKind) -> &'static str {
    match kind {
        BackendKind::Gpu => "WebGPU",
        BackendKind::Cpu => "CPU",
    }
}

/// What timing both backends found: the choice, each side's median time in milliseconds, and
/// each side's result.
pub struct Timed<T> {
    pub choice: Choice,
    pub gpu_ms: f64,
    pub cpu_ms: f64,
    pub on_gpu: T,
    pub on_cpu: T,
}

impl<T> Timed<T> {
    /// The chosen backend's time.
    pub fn millis(&self) -> f64 {
        self.gpu_ms.min(self.cpu_ms)
    }

    /// The chosen backend's result.
    pub fn chosen(self) -> T {
        match self.choice.backend {
            BackendKind::Gpu => self.on_gpu,
            BackendKind::Cpu => self.on_cpu,
        }
    }
}

/// Times `job` on the GPU, then on the CPU (one warm-up, then the median of up to three runs,
/// fewer once a side has spent `budget_ms`), and chooses the faster. A GPU failure is returned as
/// the error; the CPU's is the caller's too.
pub async fn time_both<T, E, F: Future<Output = Result<T, E>>>(
    clock: &impl Clock,
    kernel: &'static str,
    budget_ms: f64,
    job: impl Fn(BackendKind) -> F,
) -> Result<Timed<T>, E> {
    let runs = Runs {
        warm_up: true,
        most: 3,
        budget_ms,
    };
    let (gpu_ms, on_gpu) = median_ms(clock, runs, || job(BackendKind::Gpu)).await?;
    let (cpu_ms, on_cpu) = median_ms(clock, runs, || job(BackendKind::Cpu)).await?;
    Ok(Timed {
        choice: Choice::between(kernel, gpu_ms, cpu_ms),
        gpu_ms,
        cpu_ms,
        on_gpu,
        on_cpu,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speed::WallClock;

    #[test]
    fn the_faster_side_is_chosen_and_a_tie_goes_to_the_cpu() {
        assert_eq!(Choice::between("k", 1.0, 2.0).backend, BackendKind::Gpu);
        assert_eq!(Choice::between("k", 2.0, 1.0).backend, BackendKind::Cpu);
        assert_eq!(Choice::between("k", 1.0, 1.0).backend, BackendKind::Cpu);
        assert_eq!(
            Choice::between("neighbours", 134.0, 1.1).why,
            "neighbours: WebGPU 134.0 ms, CPU 1.1 ms → CPU"
        );
    }

    #[test]
    fn timing_both_keeps_the_faster_sides_result() {
        let clock = WallClock::start();
        let timed = pollster::block_on(time_both(&clock, "k", 100.0, |kind| async move {
            if kind == BackendKind::Gpu {
                std::thread::sleep(std::time::Duration::from_millis(3));
            }
            Ok::<_, ()>(kind)
        }))
        .expect("no failure");
        assert_eq!(timed.choice.backend, BackendKind::Cpu);
        assert_eq!(timed.chosen(), BackendKind::Cpu);
    }
}
