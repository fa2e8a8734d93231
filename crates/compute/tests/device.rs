//! Device acquisition and loss: `GpuContext::new` finds this machine's adapter (what the page does at
//! start), and a destroyed device turns every kernel call into `ComputeError::DeviceLost`, which the
//! caller answers by running the same call on the CPU with the same prepared table.

mod common;

use common::{block_on, gpu, table};
use til_compute::{Backend, Eligible, GpuContext, Query};

#[test]
fn the_default_adapter_gives_a_context() {
    let context =
        block_on(GpuContext::new()).unwrap_or_else(|e| panic!("{e} (install mesa-vulkan-drivers)"));
    assert!(context.lost().is_none());
    eprintln!("default adapter: {}", context.adapter());
}

#[test]
fn a_lost_device_is_an_error_and_the_cpu_takes_over() {
    let gpu = gpu();
    let table = table(101, 9, 1, &[]);
    let vectors = gpu.prepare(table.clone()).unwrap();
    let query = [Query {
        vector: table.raw_row(3),
        exclude: &[3],
    }];
    let before = block_on(gpu.nearest(&vectors, &query, 5, Eligible::first(101))).unwrap();

    let Backend::Gpu(context) = &gpu else {
        unreachable!("common::gpu() is a GPU backend")
    };
    context.device().destroy();
    let error = block_on(gpu.nearest(&vectors, &query, 5, Eligible::first(101))).unwrap_err();
    assert!(
        error.is_device_lost(),
        "expected a lost device, got: {error}"
    );
    assert!(context.lost().is_some());
    // The fallback: the same call, the same prepared table, on the CPU.
    let after = block_on(Backend::Cpu.nearest(&vectors, &query, 5, Eligible::first(101))).unwrap();
    assert_eq!(
        before[0].iter().map(|s| s.id).collect::<Vec<_>>(),
        after[0].iter().map(|s| s.id).collect::<Vec<_>>()
    );
}
