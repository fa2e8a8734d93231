//! The Tokenize lab: train BPE on a corpus and step through it merge by merge, encode unseen words,
//! then see GPT-2's real tokenizer and every tokenizer side by side on the same text.
mod chunked;
mod compare;
mod corpus_editor;
mod corpus_file;
mod corpus_form;
mod counting;
mod encode_panel;
mod explanation;
mod export_panel;
pub mod link;
mod markup_rows;
mod merge_list;
mod model_file_side;
mod numbers_view;
mod pair_table;
mod presets;
mod side;
mod sides;
mod state;
mod stepper;
mod token_tax_view;
mod training;
mod unigram_panel;
mod unigram_run;
mod whole_text;
mod why_view;
mod words_table;
mod words_view;

use leptos::prelude::*;

use crate::gpt2::Gpt2Panel;
use compare::Compare;
use corpus_form::CorpusForm;
use encode_panel::EncodePanel;
use export_panel::ExportPanel;
use merge_list::{MergeList, VocabView};
use pair_table::PairTable;
use state::BpeLab;
use stepper::Stepper;
use unigram_panel::UnigramPanel;
use words_view::WordsView;

#[component]
pub fn TokenizeLab(
    /// Whether the lab is on show: its keyboard shortcuts act only then.
    active: Signal<bool>,
) -> impl IntoView {
    let lab = BpeLab::new();
    // The text GPT-2's panel and the side-by-side tokenize.
    let text = RwSignal::new(crate::gpt2::DEFAULT_TEXT.to_string());
    crate::url::UrlState::expect().bind_text(link::GPT2, text);
    let gpt2 = crate::gpt2::loader::merges();
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
        </section>
    }
}
