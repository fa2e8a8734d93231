//! Small controls shared by the labs.
pub mod progress_bar;
pub mod token_chip;
