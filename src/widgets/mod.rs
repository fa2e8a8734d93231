//! Small controls shared by the labs.
pub mod help_overlay;
pub mod live_region;
pub mod merge_steps;
pub mod on_screen;
pub mod outline;
pub mod plot;
pub mod progress_bar;
pub mod shape_steps;
pub mod token_chip;
pub mod tour;
pub mod wordpiece_chips;
