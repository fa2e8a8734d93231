//! What the page asks its worker. Each request gets exactly one [`Reply`](crate::Reply) (or an
//! error), in the order asked.

use til_core::embed::benchmark::{Found, Share};
use til_core::embed::Scored;

use crate::wire::{Reader, Wire, WireError, Writer};
use crate::{wire_enum, wire_struct};

/// Where the page asks SmolLM2's first layer to be computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunOn {
    /// The faster backend, both timed on the first question.
    Faster,
    /// The CPU, in float64.
    Cpu,
    /// WebGPU, in float32.
    Gpu,
}

impl RunOn {
    pub const ALL: [RunOn; 3] = [RunOn::Faster, RunOn::Cpu, RunOn::Gpu];

    /// Its value in the page's menu.
    pub const fn name(self) -> &'static str {
        match self {
            RunOn::Faster => "faster",
            RunOn::Cpu => "cpu",
            RunOn::Gpu => "gpu",
        }
    }

    /// How the page's menu says it.
    pub const fn label(self) -> &'static str {
        match self {
            RunOn::Faster => "the faster backend, timed on first use",
            RunOn::Cpu => "the CPU, float64",
            RunOn::Gpu => "WebGPU, float32",
        }
    }
}

impl Wire for RunOn {
    const LEAST: usize = 1;

    fn write(&self, out: &mut Writer) {
        out.tag(RunOn::ALL.iter().position(|r| r == self).expect("listed") as u8);
    }

    fn read(input: &mut Reader) -> Result<Self, WireError> {
        let tag = input.tag()?;
        RunOn::ALL
            .get(tag as usize)
            .copied()
            .ok_or_else(|| WireError(format!("{tag} is no backend")))
    }
}

wire_struct! {
    /// One share of the analogy benchmark: the first `vocab` unit rows (`dims` values each),
    /// `QuestionSet::to_rows`'s numbers, the method by name, and which share of how many.
    #[derive(Clone, Debug, PartialEq)]
    pub struct AnalogyShare {
        pub rows: Vec<f32>,
        pub dims: usize,
        pub vocab: usize,
        pub counts: Vec<u32>,
        pub questions: Vec<u32>,
        pub method: String,
        pub share: usize,
        pub shares: usize,
    }
}

wire_struct! {
    /// What one worker's share of an analogy run found (`Reply::AnalogiesFound`'s fields), passed
    /// on to the worker that merges the shares.
    #[derive(Clone, Debug, PartialEq)]
    pub struct ShareFound {
        pub done: usize,
        pub ids: Vec<u32>,
        pub scores: Vec<f32>,
    }
}

impl ShareFound {
    /// The core's view of it: share `index` of `count`.
    pub fn into_found(self, index: usize, count: usize) -> Found {
        Found {
            share: Share { index, count },
            done: self.done,
            best: self
                .ids
                .into_iter()
                .zip(self.scores)
                .map(|(id, score)| Scored { id, score })
                .collect(),
        }
    }
}

wire_struct! {
    /// A BPE training run: the box's text, or the file posted beside the request when it is
    /// `None`; the corpus format and tie rule by their names; the merges asked for.
    #[derive(Clone, Debug, PartialEq)]
    pub struct BpeRun {
        pub text: Option<String>,
        pub format: String,
        pub tie_rule: String,
        pub merges: usize,
    }
}

wire_struct! {
    /// One message of a conversation for a chat template.
    #[derive(Clone, Debug, PartialEq)]
    pub struct ChatMessage {
        pub role: String,
        pub content: String,
    }
}

wire_enum! {
    /// A question for the worker.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Request {
        /// Builds tokenizer `name` (a registry name, or [`MODEL_FILE`](crate::MODEL_FILE)) from
        /// its file; a damaged file is reported then and by every later use.
        Load { name: String, bytes: Vec<u8> },
        /// Builds SmolLM2's first layer from `smollm2/layer0.bin`.
        LoadFirstLayer { bytes: Vec<u8> },
        /// Every token of `text`: [`Reply::Pieces`](crate::Reply::Pieces).
        Encode { tokenizer: String, text: String },
        /// Each text's tokens' byte lengths: [`Reply::Lengths`](crate::Reply::Lengths).
        Lengths { tokenizer: String, texts: Vec<String> },
        /// How many tokens `text` makes: [`Reply::Count`](crate::Reply::Count).
        Count { tokenizer: String, text: String },
        /// How many tokens the text file posted beside the request makes in `tokenizer`:
        /// [`Reply::Count`](crate::Reply::Count).
        CountFile { tokenizer: String },
        /// Keeps tokenizer `name`'s chat template: its asset, or a tokenizer_config.json's text.
        LoadChat { name: String, bytes: Vec<u8> },
        /// `messages` through tokenizer `tokenizer`'s chat template:
        /// [`Reply::Chat`](crate::Reply::Chat).
        Chat { tokenizer: String, messages: Vec<ChatMessage>, generation_prompt: bool },
        /// Why token `token` of `text` is what it is, as markup.
        Why { tokenizer: String, text: String, token: usize },
        /// MiniLM's WordPiece encoding of `text`, words and all.
        WordPiece { text: String },
        /// SmolLM2's first-layer logits of `text`'s first `limit` tokens, every way.
        FirstLayer { text: String, limit: usize, run_on: RunOn },
        /// Seeds a Unigram run on `corpus` towards `vocab` pieces (as typed: the worker checks it).
        UnigramStart { corpus: String, vocab: String, byte_fallback: bool },
        /// The run's next state, or [`Reply::Done`](crate::Reply::Done) after the final one.
        UnigramStep {},
        /// The lattice of `word` under state `round`'s pieces.
        UnigramLattice { round: usize, word: String },
        /// Starts this worker's share of the analogy benchmark.
        AnalogiesStart { share: AnalogyShare },
        /// Scores units for about `ms` milliseconds.
        AnalogiesStep { ms: f64 },
        /// What the share has found so far.
        AnalogiesFound {},
        /// The speed check (every kernel on the CPU and on WebGPU) on GloVe's vectors
        /// (`glove/vectors.bin`) and the analogy questions: the table's rows as markup.
        SpeedCheck { vectors: Vec<u8>, questions: String },
        /// Builds SmolLM2's token table from `smollm2/layer0.bin`, its vocabulary
        /// (`smollm2/smollm2.bin`) and its control tokens (`smollm2/chat.bin`).
        LoadTokenTable { layer0: Vec<u8>, vocab: Vec<u8>, chat: Vec<u8> },
        /// A word's rows (as typed, with a leading space, capitalised), or row `#id`, and the `k`
        /// nearest rows of the first that is one token, as markup.
        TokenRows { query: String, k: usize },
        /// One token's card as markup: its bytes, whether text makes it, its nearest rows.
        TokenDetails { id: u32 },
        /// Where the analogy set on the token table runs (the questions file's text; `shares`
        /// workers would share it on the CPU): both backends timed on its first questions, and
        /// [`Reply::Placed`](crate::Reply::Placed). On WebGPU the whole set is one share.
        TokenAnalogiesPlace { questions: String, shares: usize },
        /// Starts this worker's share of the analogy set (the questions file's text) on the token
        /// table; stepped and read back by `AnalogiesStep` and `AnalogiesFound`.
        TokenAnalogiesStart { questions: String, share: usize, shares: usize },
        /// Every share's findings merged into the set's report, as markup, beside GloVe's score
        /// (its vectors, `glove/vectors.bin`) on the same questions and on all it can ask.
        TokenAnalogiesReport { questions: String, found: Vec<ShareFound>, glove: Vec<u8> },
        /// Starts ranking under-trained tokens by their cosine to the mean of the rows `reference`
        /// lists (ids as the reader typed them, split by commas or spaces; none: the control tokens
        /// whose rows equal another's); the `k` highest are listed.
        UndertrainedStart { reference: String, k: usize },
        /// Goes on for about `ms` milliseconds: [`Reply::Progress`](crate::Reply::Progress), or
        /// the ranking as markup once done.
        UndertrainedStep { ms: f64 },
        /// Starts BPE training.
        BpeStart { run: BpeRun },
        /// Works for about `ms` milliseconds.
        BpeStep { ms: f64 },
        /// Ends the run: its trace so far.
        BpeFinish {},
    }
}
