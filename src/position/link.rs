//! The Position lab in the page's link: how many positions, d_model, the base, the position p, the
//! offset k, the positional scheme the offset views follow, the word-order sentences, RoPE's m and
//! n and SmolLM2's sentence. A link with p shows that position still (the gliding
//! cursor stops); while the cursor glides, p stays out of the link. The base snaps to the slider's
//! stops (tenths of a power of ten) and a note says so when that moves it.
//! Left out: the learned table's training length and the rotation view's pair.
use leptos::prelude::*;
use til_core::link::{Kind, Param, Value};

use super::rope_state::{RopeState, GRID};
use super::scheme::SchemeChoice;
use super::state::{
    base_of, PositionState, BASE_EXPONENT_MAX, BASE_EXPONENT_MIN, COUNT_MAX, COUNT_MIN, D_MAX,
    D_MIN, MAX_OFFSET,
};
use crate::url::UrlState;

/// The link's keys for this lab (the address and its notes use them).
pub const POSITIONS: &str = "positions";
pub const D_MODEL: &str = "d_model";
pub const BASE: &str = "base";
pub const P: &str = "p";
pub const K: &str = "k";
pub const ORDER1: &str = "order1";
pub const ORDER2: &str = "order2";
pub const SCHEME: &str = "scheme";
pub const ROPE_M: &str = "rope_m";
pub const ROPE_N: &str = "rope_n";
pub const ATTEND: &str = "attend";

/// The positions slider's step.
const COUNT_STEP: usize = 16;
/// Longest word-order sentence a link carries.
const SENTENCE_LINK_CHARS: usize = 200;

pub fn params() -> Vec<Param> {
    let whole = |key, label, min, max, step| Param {
        key,
        label,
        kind: Kind::Whole { min, max, step },
    };
    let sentence = |key, label| Param {
        key,
        label,
        kind: Kind::Text {
            max_chars: SENTENCE_LINK_CHARS,
        },
    };
    vec![
        whole(
            POSITIONS,
            "number of positions",
            COUNT_MIN,
            COUNT_MAX,
            COUNT_STEP,
        ),
        whole(D_MODEL, "d_model", D_MIN, D_MAX, 2),
        Param {
            key: BASE,
            label: "base",
            kind: Kind::Number {
                min: base_of(BASE_EXPONENT_MIN),
                max: base_of(BASE_EXPONENT_MAX),
            },
        },
        whole(P, "position p", 0, COUNT_MAX - 1, 1),
        whole(K, "offset k", 0, MAX_OFFSET, 1),
        Param {
            key: SCHEME,
            label: "positional scheme",
            kind: Kind::Choice(SchemeChoice::ALL.map(|s| s.name().to_string()).to_vec()),
        },
        sentence(ORDER1, "first word-order sentence"),
        sentence(ORDER2, "second word-order sentence"),
        whole(ROPE_M, "RoPE query position m", 0, GRID - 1, 1),
        whole(ROPE_N, "RoPE key position n", 0, GRID - 1, 1),
        sentence(ATTEND, "SmolLM2's sentence"),
    ]
}

/// Publishes the lab's sliders to the address and applies what the link asks for; call after the
/// animation has decided whether to play.
pub fn restore(lab: PositionState) {
    let url = UrlState::expect();
    // 1. Publish: what the lab holds now is the default.
    url.publish(POSITIONS, move || Some(Value::Whole(lab.count.get())));
    url.publish(D_MODEL, move || Some(Value::Whole(lab.d.get())));
    url.publish(BASE, move || Some(Value::Number(lab.base())));
    url.publish(P, move || {
        let still = !lab.playing.get();
        still.then(|| Value::Whole(lab.position.get().round() as usize))
    });
    url.publish(K, move || Some(Value::Whole(lab.offset.get())));
    url.publish(SCHEME, move || {
        Some(Value::Text(lab.choice.get().name().to_string()))
    });
    // 2. Apply: the range first, so p can reach into it.
    if let Some(count) = url.whole(POSITIONS) {
        lab.set_count(count);
    }
    if let Some(d) = url.whole(D_MODEL) {
        lab.set_d(d);
    }
    if let Some(base) = url.number(BASE) {
        let exponent =
            ((base.log10() * 10.0).round() / 10.0).clamp(BASE_EXPONENT_MIN, BASE_EXPONENT_MAX);
        lab.base_exponent.set(exponent);
        let stop = base_of(exponent);
        if (stop - base).abs() > 1e-9 * base {
            url.note(format!(
                "base (base={base}) is between the slider's stops: using {stop}."
            ));
        }
    }
    if let Some(p) = url.whole(P) {
        lab.playing.set(false);
        lab.set_position(p as f64);
        let last = lab.count.get_untracked() - 1;
        if p > last {
            url.note(format!(
                "position p (p={p}) is past the last position shown, {last}: using {last}."
            ));
        }
    }
    if let Some(k) = url.whole(K) {
        lab.offset.set(k);
    }
    if let Some(choice) = url.text(SCHEME).as_deref().and_then(SchemeChoice::parse) {
        lab.choice.set(choice);
    }
}

/// RoPE's m and n and SmolLM2's sentence in the address both ways.
pub fn bind_rope(rope: RopeState) {
    let url = UrlState::expect();
    url.publish(ROPE_M, move || Some(Value::Whole(rope.m.get())));
    url.publish(ROPE_N, move || Some(Value::Whole(rope.n.get())));
    for (key, signal) in [(ROPE_M, rope.m), (ROPE_N, rope.n)] {
        if let Some(p) = url.whole(key) {
            signal.set(p);
        }
    }
    url.bind_text(ATTEND, rope.sentence);
}

/// The word-order sentences in the address both ways.
pub fn bind_order(first: RwSignal<String>, second: RwSignal<String>) {
    let url = UrlState::expect();
    url.bind_text(ORDER1, first);
    url.bind_text(ORDER2, second);
}
