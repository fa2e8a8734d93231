/work/main/tests/e2e/bench/target/wasm32-unknown-unknown/debug/deps/til_bench_kernels-95a915fa875ebb87.d: src/lib.rs src/wasm.rs

/work/main/tests/e2e/bench/target/wasm32-unknown-unknown/debug/deps/libtil_bench_kernels-95a915fa875ebb87.rmeta: src/lib.rs src/wasm.rs

src/lib.rs:
src/wasm.rs:
