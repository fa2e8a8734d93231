//! Every message crosses as bytes and comes back equal; damaged bytes are refused, never a panic.

use til_channel::wire::Wire;
use til_channel::{
    AnalogyShare, Answer, BpeRun, ChatMessage, FirstLayer, Question, Reply, Request, RunOn,
    ShareFound, MODEL_FILE,
};
use til_core::tokenizer::Piece;
use til_core::wordpiece::{Encoding, Token};

fn requests() -> Vec<Request> {
    vec![
        Request::Load {
            name: MODEL_FILE.into(),
            bytes: vec![0, 1, 255],
        },
        Request::LoadFirstLayer { bytes: vec![] },
        Request::Encode {
            tokenizer: "cl100k_base".into(),
            text: "naïve 🦀".into(),
        },
        Request::Lengths {
            tokenizer: "gpt2".into(),
            texts: vec!["a".into(), String::new()],
        },
        Request::Count {
            tokenizer: "tekken".into(),
            text: "x".repeat(1000),
        },
        Request::CountFile {
            tokenizer: "qwen3".into(),
        },
        Request::LoadChat {
            name: "chat-file".into(),
            bytes: br#"{"chat_template": "x"}"#.to_vec(),
        },
        Request::Chat {
            tokenizer: "gemma3".into(),
            messages: vec![
                ChatMessage {
                    role: "system".into(),
                    content: "Be brief 🙂".into(),
                },
                ChatMessage {
                    role: "user".into(),
                    content: String::new(),
                },
            ],
            generation_prompt: true,
        },
        Request::Why {
            tokenizer: "mistral-v1".into(),
            text: "hello".into(),
            token: 3,
        },
        Request::WordPiece {
            text: "Hello, world".into(),
        },
        Request::FirstLayer {
            text: "The dog".into(),
            limit: 64,
            run_on: RunOn::Gpu,
        },
        Request::UnigramStart {
            corpus: "a b".into(),
            vocab: "300".into(),
            byte_fallback: true,
        },
        Request::UnigramStep {},
        Request::UnigramLattice {
            round: 2,
            word: "lower".into(),
        },
        Request::AnalogiesStart {
            share: AnalogyShare {
                rows: vec![0.5, -1.0],
                dims: 2,
                vocab: 1,
                counts: vec![1],
                questions: vec![0, 0, 0, 0],
                method: "3cosadd".into(),
                share: 1,
                shares: 2,
            },
        },
        Request::AnalogiesStep { ms: 40.0 },
        Request::AnalogiesFound {},
        Request::BpeStart {
            run: BpeRun {
                text: None,
                format: "words".into(),
                tie_rule: "first".into(),
                merges: 5000,
            },
        },
        Request::BpeStart {
            run: BpeRun {
                text: Some("low lower".into()),
                format: "words".into(),
                tie_rule: "first".into(),
                merges: 1,
            },
        },
        Request::SpeedCheck {
            vectors: vec![1, 2, 3],
            questions: ": capital\nA B C D\n".into(),
        },
        Request::LoadTokenTable {
            layer0: vec![9; 5],
            vocab: vec![],
            chat: vec![0, 255],
        },
        Request::TokenRows {
            query: "king".into(),
            k: 10,
        },
        Request::TokenRows {
            query: "#49151".into(),
            k: 0,
        },
        Request::TokenDetails { id: 49_151 },
        Request::TokenAnalogiesStart {
            questions: ": capital\nA B C D\n".into(),
            share: 1,
            shares: 2,
        },
        Request::TokenAnalogiesReport {
            questions: String::new(),
            found: vec![
                ShareFound {
                    done: 3,
                    ids: vec![7, 8],
                    scores: vec![0.5, f32::NEG_INFINITY],
                },
                ShareFound {
                    done: 0,
                    ids: vec![],
                    scores: vec![],
                },
            ],
            glove: vec![1, 2],
        },
        Request::UndertrainedStart {
            reference: "5, 8".into(),
            k: 100,
        },
        Request::UndertrainedStep { ms: 40.0 },
        Request::TokenAnalogiesPlace {
            questions: ": capital\nathens greece baghdad iraq".into(),
            shares: 2,
        },
        Request::BpeStep { ms: 40.0 },
        Request::BpeFinish {},
    ]
}

fn replies() -> Vec<Reply> {
    vec![
        Reply::Done {},
        Reply::Pieces {
            pieces: vec![
                Piece {
                    id: Some(9),
                    span: 0..3,
                    display: "Ġhi".into(),
                },
                Piece {
                    id: None,
                    span: 3..3,
                    display: String::new(),
                },
            ],
        },
        Reply::Lengths {
            lengths: vec![vec![1, 2], vec![]],
        },
        Reply::Count { count: 250_000 },
        Reply::Chat {
            html: "<pre>&lt;bos&gt;</pre>".into(),
            csv: "gemma3,0,2,<bos>,0,5,<bos>,yes,template\r\n".into(),
            total: 1,
        },
        Reply::Markup {
            html: "<b>&amp;</b>".into(),
        },
        Reply::WordPiece {
            encoding: Encoding {
                tokens: vec![
                    Token {
                        id: 101,
                        text: "[CLS]".into(),
                        word: None,
                        span: 0..0,
                    },
                    Token {
                        id: 7592,
                        text: "hello".into(),
                        word: Some(0),
                        span: 0..5,
                    },
                ],
                words: vec!["hello".into()],
            },
        },
        Reply::FirstLayer {
            layer: FirstLayer {
                tokens: "<span>".into(),
                tables: vec!["<table>".into()],
                total: 3,
                heads: 1,
                len: 2,
                ways: vec![vec![1.0, 2.0, 3.0]; 4],
                half_difference: 1e-12,
                bug_difference: 4.5,
                backend: "the CPU".into(),
            },
        },
        Reply::UnigramState {
            index: 0,
            status: "State 0".into(),
            html: "<p>".into(),
        },
        Reply::Progress {
            done: 1_024,
            total: 49_152,
            note: "pass 2 over the rows".into(),
        },
        Reply::AnalogiesProgress { done: 3, units: 10 },
        Reply::Placed {
            on_gpu: true,
            why: "analogy set: WebGPU 2.0 ms, CPU 90.0 ms → WebGPU".into(),
        },
        Reply::AnalogiesFound {
            done: 2,
            ids: vec![4, 5],
            scores: vec![0.25, f32::NEG_INFINITY],
        },
        Reply::BpeProgress {
            read: 10,
            size: 20,
            merges: None,
            done: false,
        },
        Reply::BpeProgress {
            read: 20,
            size: 20,
            merges: Some(7),
            done: true,
        },
        Reply::BpeTrace {
            trace: Some(vec![1, 2, 3]),
            exhausted: true,
        },
        Reply::BpeTrace {
            trace: None,
            exhausted: false,
        },
    ]
}

/// Whether bytes read as one kind of message.
type Reads = fn(&[u8]) -> bool;

/// Every message as bytes, with whether it reads as what it is.
fn messages() -> Vec<(Vec<u8>, Reads)> {
    let question: Reads = |bytes| Question::from_bytes(bytes).is_ok();
    let answer: Reads = |bytes| Answer::from_bytes(bytes).is_ok();
    let questions = requests().into_iter().enumerate().map(|(id, request)| {
        (
            Question {
                id: id as u32,
                request,
            }
            .to_bytes(),
            question,
        )
    });
    let answers = replies()
        .into_iter()
        .enumerate()
        .map(|(id, reply)| Answer::Replied {
            id: id as u32,
            reply,
        })
        .chain([
            Answer::Ready {},
            Answer::Failed {
                id: 7,
                error: "`x` was never loaded".into(),
            },
        ])
        .map(|a| (a.to_bytes(), answer));
    questions.chain(answers).collect()
}

#[test]
fn every_request_comes_back_equal() {
    for (id, request) in requests().into_iter().enumerate() {
        let question = Question {
            id: id as u32,
            request,
        };
        assert_eq!(Question::from_bytes(&question.to_bytes()), Ok(question));
    }
}

#[test]
fn every_reply_comes_back_equal() {
    for (id, reply) in replies().into_iter().enumerate() {
        let answer = Answer::Replied {
            id: id as u32,
            reply,
        };
        assert_eq!(Answer::from_bytes(&answer.to_bytes()), Ok(answer));
    }
    for answer in [
        Answer::Ready {},
        Answer::Failed {
            id: 1,
            error: "no".into(),
        },
    ] {
        assert_eq!(Answer::from_bytes(&answer.to_bytes()), Ok(answer));
    }
}

#[test]
fn every_variant_is_listed_above() {
    // A variant added without a case above fails here: the last tag each enum reads is listed.
    let last_request = Question {
        id: 0,
        request: Request::BpeFinish {},
    }
    .to_bytes()[4];
    assert_eq!(
        usize::from(last_request) + 1,
        29,
        "requests: list the new variant in requests()"
    );
    let last_reply = Reply::BpeTrace {
        trace: None,
        exhausted: false,
    }
    .to_bytes()[0];
    assert_eq!(
        usize::from(last_reply) + 1,
        15,
        "replies: list the new variant in replies()"
    );
}

#[test]
fn cut_short_or_padded_messages_are_refused() {
    for (bytes, reads) in messages() {
        assert!(reads(&bytes));
        for cut in 0..bytes.len() {
            assert!(!reads(&bytes[..cut]), "{bytes:?} cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(!reads(&longer), "{bytes:?} with a byte more");
    }
}

#[test]
fn any_changed_byte_is_refused_or_read_without_a_panic() {
    for (bytes, reads) in messages() {
        for at in 0..bytes.len() {
            for flip in [0x01, 0x80, 0xff] {
                let mut damaged = bytes.clone();
                damaged[at] ^= flip;
                reads(&damaged);
            }
        }
    }
}
