//! The Tokenize lab, in the order the reader meets it: the BPE walkthrough (`walkthrough/`: train on
//! a corpus, step merge by merge, encode unseen words, export), Unigram training (`unigram/`),
//! GPT-2's real tokenizer (`gpt2/`), then every tokenizer side by side on the same text
//! (`compare/`: counts, why this split, the token tax, the numbers grid), then what a conversation
//! becomes through each model's chat template (`chat/`) and files counted at scale
//! (`count_files.rs`). `link.rs` holds the
//! lab's keys in the page's link.
mod chat;
mod compare;
mod count_files;
mod gpt2;
pub mod link;
mod unigram;
mod walkthrough;

use leptos::prelude::*;

use chat::ChatView;
use compare::{sides, Compare};
use count_files::CountFiles;
use gpt2::Gpt2Panel;
use unigram::UnigramPanel;
use walkthrough::{
    CorpusForm, EncodePanel, ExportPanel, MergeList, PairTable, Stepper, VocabView,
    WalkthroughState, WordsView,
};

#[component]
pub fn TokenizeLab(
    /// Whether the lab is on show: its keyboard shortcuts act only then.
    active: Signal<bool>,
) -> impl IntoView {
    let lab = WalkthroughState::new();
    // The text GPT-2's panel and the side-by-side tokenize.
    let text = RwSignal::new(gpt2::DEFAULT_TEXT.to_string());
    crate::url::UrlState::expect().bind_text(link::GPT2, text);
    let gpt2 = gpt2::loader::merges();
    gpt2.want();
    let chosen = RwSignal::new(sides::first_chosen());
    let count_every = RwSignal::new(false);
    link::bind_compare(chosen, count_every);
    // Open on what the link asks for, or the seed's walkthrough, trained and ready to step.
    link::restore_and_train(lab);
    let view = Memo::new(move |_| {
        lab.trace.track();
        lab.view_at(lab.position.get())
    });
    view! {
        <section class="lab" aria-labelledby="tokenize-heading">
            <h2 id="tokenize-heading" data-testid="lab-title">"Tokenize: Byte-Pair Encoding, merge by merge"</h2>
            <p class="lede">
                "Every word starts as its characters plus the end-of-word marker " <code>"</w>"</code>
                ". Count adjacent pairs, weighted by how often each word occurs; merge the most frequent pair everywhere; repeat."
            </p>
            <CorpusForm lab=lab/>
            <Stepper lab=lab active=active/>
            <div class="grid">
                <PairTable view=view/>
                <MergeList lab=lab/>
            </div>
            <WordsView lab=lab/>
            <VocabView lab=lab/>
            <EncodePanel lab=lab/>
            <ExportPanel lab=lab/>
            <UnigramPanel lab=lab/>
            <Gpt2Panel input=text merges=gpt2/>
            <Compare text=text sides=sides::sides(lab.tokenizer, gpt2) chosen=chosen every=count_every/>
            <ChatView/>
            <CountFiles/>
        </section>
    }
}
