/work/main/tests/e2e/bench/target/wasm32-unknown-unknown/debug/deps/til_bench_kernels-d58d09898002fed5.d: src/main.rs

/work/main/tests/e2e/bench/target/wasm32-unknown-unknown/debug/deps/libtil_bench_kernels-d58d09898002fed5.rmeta: src/main.rs

src/main.rs:
