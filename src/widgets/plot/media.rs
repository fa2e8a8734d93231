//! The plot colours, read from the CSS custom properties in assets/style.css so the canvases follow
//! the same theme as the text (`crate::theme` says when the theme changes).
use leptos::prelude::*;
use plotters::style::RGBColor;

/// The colours plots draw with, from the stylesheet's custom properties.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub fg: RGBColor,
    pub muted: RGBColor,
    pub line: RGBColor,
    pub panel: RGBColor,
    pub accent: RGBColor,
    /// One colour per wave pair, and for the plots' data lines.
    pub series: [RGBColor; 4],
    /// Heatmap ends: most negative and most positive; the middle is `panel`.
    pub low: RGBColor,
    pub high: RGBColor,
}

impl Palette {
    /// Reads the custom properties on `:root` now (call again when the colour scheme changes).
    pub fn from_stylesheet() -> Palette {
        let style = (|| {
            let window = web_sys::window()?;
            let root = window.document()?.document_element()?;
            window.get_computed_style(&root).ok().flatten()
        })();
        let read = |name: &str, fallback: RGBColor| {
            style
                .as_ref()
                .and_then(|s| s.get_property_value(name).ok())
                .and_then(|value| parse_hex(value.trim()))
                .unwrap_or(fallback)
        };
        let grey = RGBColor(128, 128, 128);
        Palette {
            fg: read("--fg", RGBColor(29, 31, 35)),
            muted: read("--muted", grey),
            line: read("--line", RGBColor(220, 218, 211)),
            panel: read("--panel", RGBColor(255, 255, 255)),
            accent: read("--accent", RGBColor(47, 91, 211)),
            series: [
                read("--pe-1", grey),
                read("--pe-2", grey),
                read("--pe-3", grey),
                read("--pe-4", grey),
            ],
            low: read("--pe-low", RGBColor(47, 91, 211)),
            high: read("--pe-high", RGBColor(201, 87, 30)),
        }
    }

    /// The heatmap colour of `value` on a scale from −`scale` (low) through 0 (panel) to +`scale`.
    pub fn diverging(&self, value: f64, scale: f64) -> RGBColor {
        let t = (value / scale).clamp(-1.0, 1.0);
        let end = if t < 0.0 { self.low } else { self.high };
        mix(self.panel, end, t.abs())
    }
}

/// The palette, re-read whenever the colour scheme flips.
pub fn palette_memo(dark: Signal<bool>) -> Memo<Palette> {
    Memo::new(move |_| {
        dark.track();
        Palette::from_stylesheet()
    })
}

/// `a` moved a fraction `t` of the way to `b`.
pub fn mix(a: RGBColor, b: RGBColor, t: f64) -> RGBColor {
    let channel = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * t).round() as u8;
    RGBColor(channel(a.0, b.0), channel(a.1, b.1), channel(a.2, b.2))
}

/// `#rrggbb` (the form the stylesheet uses for every colour the plots read).
fn parse_hex(text: &str) -> Option<RGBColor> {
    let hex = text.strip_prefix('#').filter(|h| h.len() == 6)?;
    let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    Some(RGBColor(byte(0)?, byte(2)?, byte(4)?))
}
