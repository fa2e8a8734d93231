//! The plot widgets every lab draws with: a canvas that draws when on screen (`canvas`), plotters
//! charts on it (`chart`), heatmap rasters (`heatmap`), the theme's plot palette (`media`), the
//! sliders that drive them (`slider`) and the timer that says how long each redraw took (`redraw`).
pub mod canvas;
pub mod chart;
pub mod heatmap;
pub mod media;
pub mod redraw;
pub mod slider;
