//! The kernels the labs call through [`super::Compute::run`]: each one's name (its line among the
//! timed choices, and the badge's words) and the lab whose view shows its results, so the header
//! badge speaks only of work the reader's lab on show has done. Leaves out: the kernels themselves
//! (`til_compute::Backend`).
use crate::lab::Lab;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernel {
    pub name: &'static str,
    /// The lab that shows the results.
    pub lab: Lab,
}

impl Kernel {
    pub const NEIGHBOURS: Kernel = Kernel::of(Lab::Embed, "neighbours");
    pub const ANALOGY: Kernel = Kernel::of(Lab::Embed, "analogy");
    pub const MINILM_NEIGHBOURS: Kernel = Kernel::of(Lab::Embed, "MiniLM neighbours");
    pub const BENCHMARK: Kernel = Kernel::of(Lab::Embed, "analogy benchmark");
    pub const POSITION_DOTS: Kernel = Kernel::of(Lab::Position, "position dot products");

    const fn of(lab: Lab, name: &'static str) -> Kernel {
        Kernel { name, lab }
    }
}
