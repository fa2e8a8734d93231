//! "Why this split" on every token of the reference corpus, for every tokenizer that explains
//! itself: the story ends in the very token encoding made (the merges' last parts hold it, a
//! chunk found whole is its id, byte fallback's bytes are its ids), each merge makes a token of
//! the rank or score it is listed with, and the chunk holds the token. Ids themselves are checked
//! against the libraries in crates/cli/tests/zoo_reference.rs, and the page's stories against
//! them in tests/e2e/specs/zoo-why.spec.mjs. Leaves out: Unigram models (trained by
//! sentencepiece in those tests).

use std::fs;

use til_core::gpt2::Gpt2Tokenizer;
use til_core::sentencepiece::{self, SentencePiece};
use til_core::smollm2::Smollm2;
use til_core::tiktoken::{Encoding, Pattern, RankBpe};
use til_core::tokenizer::Tokenizer;
use til_core::why::{Explain, Priority, Story, Why};
use til_core::wordpiece::WordPiece;

fn asset(path: &str) -> Vec<u8> {
    fs::read(format!(
        "{}/../../assets/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("asset")
}

/// The reference corpus, and a stretch of Tiny Shakespeare. Leaves out the corpus's runs of
/// 10,000 letters: each of their tokens would trace the run again, and they are only told as
/// too long ([`a_chunk_over_the_limit_is_told_as_too_long`]).
fn texts() -> Vec<String> {
    let dir = format!(
        "{}/../../tests/reference/corpus",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut texts: Vec<String> = fs::read_dir(dir)
        .expect("corpus")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| !path.ends_with("long-runs.txt"))
        .map(|path| fs::read_to_string(path).expect("UTF-8"))
        .collect();
    let shakespeare = String::from_utf8(asset("../assets/tinyshakespeare.txt")).expect("UTF-8");
    texts.push(shakespeare.chars().take(4_000).collect());
    texts.push("a🦀b 😀x 日本語の文章 naïve\u{301}".to_string());
    texts
}

/// Checks every token's story against encoding; `listed(made, priority)` says whether the
/// vocabulary lists the token a merge made (as the vocabulary writes it) with that priority.
/// Returns how many stories of each kind were told: whole, merges, bytes, too long, longest
/// match, added.
fn check_all(
    tokenizer: &(impl Tokenizer + Explain),
    listed: impl Fn(&str, Priority) -> bool,
) -> [usize; 6] {
    let mut told = [0usize; 6];
    for text in texts() {
        let pieces = tokenizer.encode(&text);
        for (i, piece) in pieces.iter().enumerate() {
            let why = tokenizer
                .explain(&text, i)
                .unwrap_or_else(|| panic!("token {i} of {text:?}"));
            check(&why, piece, &listed, &mut told, &text);
        }
        assert_eq!(tokenizer.explain(&text, pieces.len()), None);
    }
    println!("{}: {told:?}", tokenizer.name());
    told
}

fn check(
    why: &Why,
    piece: &til_core::tokenizer::Piece,
    listed: &impl Fn(&str, Priority) -> bool,
    told: &mut [usize; 6],
    text: &str,
) {
    let context = format!("{:?} in {:?}", piece, &text[why.chunk.clone()]);
    // Byte fallback's first bytes have empty spans at the character's start.
    assert!(
        why.chunk.start <= piece.span.start && piece.span.end <= why.chunk.end,
        "{context}"
    );
    match &why.story {
        Story::Whole { id } => {
            told[0] += 1;
            assert_eq!(Some(*id), piece.id, "{context}");
            assert_eq!(why.chunk, piece.span, "{context}");
        }
        Story::Merges { units, steps, made } => {
            told[1] += 1;
            let last = steps.last().map_or(units, |s| &s.parts);
            assert_eq!(last[*made], piece.display, "{context}");
            assert_eq!(last.concat(), units.concat(), "{context}");
            for step in steps {
                let made_text = format!("{}{}", step.left, step.right);
                assert_eq!(step.parts[step.made], made_text, "{context}");
                assert!(
                    listed(&made_text, step.priority),
                    "{context}: {made_text:?} {:?}",
                    step.priority
                );
            }
        }
        Story::Bytes { character, ids, at } => {
            told[2] += 1;
            assert_eq!(ids.len(), character.len(), "{context}");
            assert_eq!(Some(ids[*at]), piece.id, "{context}");
        }
        Story::Lattice { .. } => unreachable!("no Unigram model here"),
        Story::Longest {
            pieces,
            made,
            whole,
        } => {
            told[4] += 1;
            if *whole {
                assert_eq!(pieces[*made].0, piece.display, "{context}");
                let spelt: String = pieces
                    .iter()
                    .map(|(p, _)| p.trim_start_matches("##"))
                    .collect();
                assert_eq!(spelt, why.seen, "{context}");
            } else {
                assert_eq!(piece.display, "[UNK]", "{context}");
            }
        }
        Story::Added { id } => {
            told[5] += 1;
            assert_eq!(
                (Some(*id), piece.span.is_empty()),
                (piece.id, true),
                "{context}"
            );
        }
        Story::TooLong => {
            told[3] += 1;
            assert!(why.chunk.len() > til_core::why::LONGEST_TRACED, "{context}");
        }
    }
}

#[test]
fn tiktoken_merges_make_the_token_of_their_rank() {
    for (asset_path, make) in [
        (
            "tiktoken/cl100k_base.bin",
            (|bpe| Encoding::new("cl100k_base", Pattern::Cl100k, bpe)) as fn(RankBpe) -> Encoding,
        ),
        ("tiktoken/o200k_base.bin", |bpe| {
            Encoding::new("o200k_base", Pattern::O200k, bpe)
        }),
    ] {
        let bpe = RankBpe::from_asset(&asset(asset_path)).expect("ranks");
        let tokens = bpe.clone();
        let encoding = make(bpe);
        let told = check_all(&encoding, |made, p| {
            p == Priority::Rank(tokens.rank(&bytes_of(made)).expect("a token"))
        });
        assert!(told[1] > 1_000 && told[0] > 1_000, "{told:?}");
    }
}

#[test]
fn a_chunk_over_the_limit_is_told_as_too_long() {
    let cl100k = Encoding::new(
        "cl100k_base",
        Pattern::Cl100k,
        RankBpe::from_asset(&asset("tiktoken/cl100k_base.bin")).expect("ranks"),
    );
    let text = format!("x {}", "a".repeat(300));
    let why = cl100k.explain(&text, 1).expect("a token");
    assert_eq!((why.story, why.chunk), (Story::TooLong, 1..302));
}

#[test]
fn gpt2_merge_of_rank_r_makes_token_256_plus_r() {
    let gpt2 = Gpt2Tokenizer::from_asset(&asset("gpt2/merges.bin")).expect("GPT-2");
    let told = check_all(&gpt2, |made, p| match p {
        Priority::Rank(rank) => gpt2.token_printable(256 + rank).as_deref() == Some(made),
        Priority::Score(_) => false,
    });
    assert!(told[1] > 1_000, "{told:?}");
}

#[test]
fn smollm2_stories_end_in_its_tokens() {
    let smollm2 = Smollm2::from_asset(
        til_core::registry::SMOLLM2.name,
        &asset("smollm2/smollm2.bin"),
    )
    .expect("SmolLM2");
    // Its ranks index the merge list, checked against the GGUF's in the page's spec.
    check_all(
        &smollm2,
        |_, p| matches!(p, Priority::Rank(r) if r < 48_900),
    );
}

#[test]
fn wordpiece_takes_the_longest_piece_and_adds_cls_and_sep() {
    let vocab = String::from_utf8(asset("minilm/vocab.txt")).expect("UTF-8");
    let wordpiece = WordPiece::from_vocab_text(&vocab).expect("vocabulary");
    let told = check_all(&wordpiece, |_, _| false);
    assert!(told[4] > 1_000 && told[5] > 10, "{told:?}");
    // "tokenization": token, then ##ization, after trying every longer candidate.
    let why = wordpiece.explain("tokenization", 2).expect("a token");
    let Story::Longest {
        pieces,
        made,
        whole,
    } = why.story
    else {
        panic!("longest match: {why:?}");
    };
    let names: Vec<&str> = pieces.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!((names, made, whole), (vec!["token", "##ization"], 1, true));
    assert_eq!(pieces[0].1, "tokenization".len() - "token".len());
}

#[test]
fn mistral_joins_make_the_piece_of_their_score_and_bytes_are_spelt_out() {
    let mistral: SentencePiece =
        sentencepiece::from_asset(&asset("mistral/mistral-v1.bin"), "mistral-v1").expect("model");
    let told = check_all(&mistral, |made, p| {
        p == Priority::Score(mistral.piece_score(made).expect("a piece"))
    });
    assert!(told[1] > 1_000 && told[2] > 100, "{told:?}");
    // "🦀" is no piece: its four bytes are four tokens.
    let text = "a🦀";
    let ids: Vec<u32> = mistral.encode(text).iter().filter_map(|p| p.id).collect();
    let crab = mistral.explain(text, 1).expect("a token");
    let Story::Bytes {
        character,
        ids: bytes,
        at,
    } = crab.story
    else {
        panic!("byte fallback: {crab:?}");
    };
    assert_eq!((character.as_str(), at), ("🦀", 0));
    assert_eq!(bytes[..], ids[ids.len() - 4..]);
    // "▁the" is joined best score first, from its characters.
    let hello = mistral.explain("the", 0).expect("a token");
    let Story::Merges { units, steps, .. } = &hello.story else {
        panic!("joins: {hello:?}");
    };
    assert_eq!(hello.seen, "▁the");
    assert_eq!(units, &["▁", "t", "h", "e"]);
    assert_eq!(
        steps.last().map(|s| s.parts.clone()),
        Some(vec!["▁the".to_string()])
    );
}

/// A printable token (`Ġthe`) as its bytes.
fn bytes_of(printable: &str) -> Vec<u8> {
    printable
        .chars()
        .map(|c| til_core::gpt2::byte_table::char_byte(c).expect("a byte's character"))
        .collect()
}
