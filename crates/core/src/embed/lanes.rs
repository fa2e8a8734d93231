//! Four f32 lanes for the hot loops (cosine blocks, the benchmark's best-row search, dot products),
//! and eight for the benchmark's cosine blocks (eight rows side by side).
//!
//! The page and the CLI are built for size with fat LTO, and LLVM's size pipeline does not
//! vectorise loops, so the kernels say what runs side by side themselves. On wasm32, [`F32x4`] is a
//! SIMD128 register (every kernel using it is compiled with `target_feature(enable = "simd128")`,
//! which all current browsers run); elsewhere it is a plain `[f32; 4]`, four independent scalar
//! chains. Both do the same IEEE operations lane by lane, so results match bit for bit.
//! Leaves out: x86 intrinsics (they need `unsafe` for loads; plain arrays compiled for AVX2 reach the
//! same instructions).

use std::ops::{Add, Div, Mul, Sub};

/// A number type the kernels are written over: one `f32`, or four lanes of them.
pub trait Lanes:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self>
{
    fn splat(value: f32) -> Self;
}

impl Lanes for f32 {
    #[inline(always)]
    fn splat(value: f32) -> f32 {
        value
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use core::arch::wasm32::*;

    #[derive(Clone, Copy, Debug)]
    pub struct F32x4(v128);

    impl F32x4 {
        /// The first four values of `values` (which must hold at least four), in one load: built
        /// from four values, LLVM emits a load and three lane inserts.
        #[inline(always)]
        pub fn load(values: &[f32]) -> F32x4 {
            let four = &values[..4];
            // SAFETY: `four` is 16 readable bytes; `v128_load` needs no alignment.
            F32x4(unsafe { v128_load(four.as_ptr().cast::<v128>()) })
        }

        #[inline(always)]
        pub fn splat(value: f32) -> F32x4 {
            F32x4(f32x4_splat(value))
        }

        /// Lane by lane, `other` where it is greater, else `self`.
        #[inline(always)]
        pub fn max(self, other: F32x4) -> F32x4 {
            F32x4(f32x4_pmax(self.0, other.0))
        }

        #[inline(always)]
        pub fn to_array(self) -> [f32; 4] {
            let v = self.0;
            [
                f32x4_extract_lane::<0>(v),
                f32x4_extract_lane::<1>(v),
                f32x4_extract_lane::<2>(v),
                f32x4_extract_lane::<3>(v),
            ]
        }
    }

    macro_rules! lane_op {
        ($trait:ident, $method:ident, $intrinsic:ident) => {
            impl std::ops::$trait for F32x4 {
                type Output = F32x4;
                #[inline(always)]
                fn $method(self, other: F32x4) -> F32x4 {
                    F32x4($intrinsic(self.0, other.0))
                }
            }
        };
    }
    lane_op!(Add, add, f32x4_add);
    lane_op!(Sub, sub, f32x4_sub);
    lane_op!(Mul, mul, f32x4_mul);
    lane_op!(Div, div, f32x4_div);

    /// Eight lanes as two registers.
    #[derive(Clone, Copy, Debug)]
    pub struct F32x8(F32x4, F32x4);

    impl F32x8 {
        /// The first eight values of `values` (which must hold at least eight).
        #[inline(always)]
        pub fn load(values: &[f32]) -> F32x8 {
            F32x8(F32x4::load(values), F32x4::load(&values[4..]))
        }

        #[inline(always)]
        pub fn splat(value: f32) -> F32x8 {
            F32x8(F32x4::splat(value), F32x4::splat(value))
        }

        #[inline(always)]
        pub fn to_array(self) -> [f32; 8] {
            let (low, high) = (self.0.to_array(), self.1.to_array());
            [
                low[0], low[1], low[2], low[3], high[0], high[1], high[2], high[3],
            ]
        }
    }

    impl std::ops::Add for F32x8 {
        type Output = F32x8;
        #[inline(always)]
        fn add(self, other: F32x8) -> F32x8 {
            F32x8(self.0 + other.0, self.1 + other.1)
        }
    }

    impl std::ops::Mul for F32x8 {
        type Output = F32x8;
        #[inline(always)]
        fn mul(self, other: F32x8) -> F32x8 {
            F32x8(self.0 * other.0, self.1 * other.1)
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    #[derive(Clone, Copy, Debug)]
    pub struct F32x4([f32; 4]);

    impl F32x4 {
        /// The first four values of `values` (which must hold at least four).
        #[inline(always)]
        pub fn load(values: &[f32]) -> F32x4 {
            F32x4([values[0], values[1], values[2], values[3]])
        }

        #[inline(always)]
        pub fn splat(value: f32) -> F32x4 {
            F32x4([value; 4])
        }

        /// Lane by lane, `other` where it is greater, else `self`.
        #[inline(always)]
        pub fn max(self, other: F32x4) -> F32x4 {
            F32x4(std::array::from_fn(|i| {
                if other.0[i] > self.0[i] {
                    other.0[i]
                } else {
                    self.0[i]
                }
            }))
        }

        #[inline(always)]
        pub fn to_array(self) -> [f32; 4] {
            self.0
        }
    }

    macro_rules! lane_op {
        ($trait:ident, $method:ident, $op:tt) => {
            impl std::ops::$trait for F32x4 {
                type Output = F32x4;
                #[inline(always)]
                fn $method(self, other: F32x4) -> F32x4 {
                    F32x4(std::array::from_fn(|i| self.0[i] $op other.0[i]))
                }
            }
        };
    }
    lane_op!(Add, add, +);
    lane_op!(Sub, sub, -);
    lane_op!(Mul, mul, *);
    lane_op!(Div, div, /);

    /// Eight lanes as one array: in the CLI's AVX2 copy of a kernel ([`crate::cpu_features`]), one
    /// 256-bit register.
    #[derive(Clone, Copy, Debug)]
    pub struct F32x8([f32; 8]);

    impl F32x8 {
        /// The first eight values of `values` (which must hold at least eight).
        #[inline(always)]
        pub fn load(values: &[f32]) -> F32x8 {
            let v = &values[..8];
            F32x8([v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]])
        }

        #[inline(always)]
        pub fn splat(value: f32) -> F32x8 {
            F32x8([value; 8])
        }

        #[inline(always)]
        pub fn to_array(self) -> [f32; 8] {
            self.0
        }
    }

    impl std::ops::Add for F32x8 {
        type Output = F32x8;
        #[inline(always)]
        fn add(self, other: F32x8) -> F32x8 {
            F32x8(std::array::from_fn(|i| self.0[i] + other.0[i]))
        }
    }

    impl std::ops::Mul for F32x8 {
        type Output = F32x8;
        #[inline(always)]
        fn mul(self, other: F32x8) -> F32x8 {
            F32x8(std::array::from_fn(|i| self.0[i] * other.0[i]))
        }
    }
}

pub use imp::{F32x4, F32x8};

impl Lanes for F32x4 {
    #[inline(always)]
    fn splat(value: f32) -> F32x4 {
        F32x4::splat(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_do_what_scalars_do() {
        let (a, b) = (F32x4::load(&[1.0, 2.0, 3.0, 4.0, 99.0]), F32x4::splat(2.0));
        assert_eq!(
            (a * b + b - a / b).to_array(),
            [1.0f32, 2.0, 3.0, 4.0].map(|x| x * 2.0 + 2.0 - x / 2.0)
        );
        assert_eq!(
            a.max(F32x4::load(&[0.0, 5.0, 3.0, -1.0])).to_array(),
            [1.0, 5.0, 3.0, 4.0]
        );
        let pair = F32x8::load(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]);
        assert_eq!(
            (pair * F32x8::splat(2.0) + pair).to_array(),
            [3.0, 6.0, 9.0, 12.0, 15.0, 18.0, 21.0, 24.0]
        );
    }
}
