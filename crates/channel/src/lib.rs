//! The one channel between the page and its worker (a Web Worker with its own wasm): every
//! question is a [`Request`] and every answer a [`Reply`], typed enums both sides compile against,
//! crossing as bytes ([`wire`]: one buffer a message, moved, not copied). A new message is one
//! variant here and one handler in the worker; the compiler finds every place that must know it.
//!
//! Also here, since both sides write it: the first layer's shape and ways ([`first_layer`]) and
//! escaped markup ([`markup`]). Leaves out: the JavaScript glue (posting a `Uint8Array`, a file
//! handle beside a [`Request::BpeStart`]), a line on each side.

mod core_types;
pub mod first_layer;
mod macros;
pub mod markup;
mod reply;
mod request;
pub mod wire;

pub use first_layer::FirstLayer;
pub use reply::Reply;
pub use request::{AnalogyShare, BpeRun, ChatMessage, Request, RunOn, ShareFound};
pub use wire::{Wire, WireError};

/// The worker's name for a SentencePiece model file the reader opened (the shipped tokenizers go
/// by their registry names).
pub const MODEL_FILE: &str = "model-file";

/// The worker's name for the tokenizer file the reader opens in the Chat view, beside its
/// `tokenizer_config.json` (kept apart from Side by side's [`MODEL_FILE`]).
pub const CHAT_FILE: &str = "chat-file";

wire_struct! {
    /// A request and the number its answer will carry.
    #[derive(Clone, Debug, PartialEq)]
    pub struct Question {
        pub id: u32,
        pub request: Request,
    }
}

wire_enum! {
    /// What the worker posts to the page.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Answer {
        /// Once, first: questions posted before it would have been lost.
        Ready {},
        /// The answer to question `id`.
        Replied { id: u32, reply: Reply },
        /// Question `id` could not be answered, and why.
        Failed { id: u32, error: String },
    }
}
