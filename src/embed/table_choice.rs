//! Which embedding table the Embed lab shows: GloVe's word vectors and MiniLM's WordPiece table
//! (shown together, since MiniLM's neighbours are listed beside GloVe's), or SmolLM2's own token
//! table on its own. Each button says what a row of that table is; the choice is in the link
//! (`table=smollm2`). Leaves out: the tables themselves (their panels).

use leptos::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableChoice {
    Glove,
    MiniLm,
    Smollm2,
}

impl TableChoice {
    pub const ALL: [TableChoice; 3] = [
        TableChoice::Glove,
        TableChoice::MiniLm,
        TableChoice::Smollm2,
    ];

    /// Its name in the link.
    pub const fn name(self) -> &'static str {
        match self {
            TableChoice::Glove => "glove",
            TableChoice::MiniLm => "minilm",
            TableChoice::Smollm2 => "smollm2",
        }
    }

    pub fn parse(name: &str) -> Option<TableChoice> {
        TableChoice::ALL.into_iter().find(|c| c.name() == name)
    }

    const fn label(self) -> &'static str {
        match self {
            TableChoice::Glove => "GloVe 50-d",
            TableChoice::MiniLm => "MiniLM 384",
            TableChoice::Smollm2 => "SmolLM2 576",
        }
    }

    /// What one row of the table is.
    const fn row(self) -> &'static str {
        match self {
            TableChoice::Glove => "a lower-cased word (50,000 rows)",
            TableChoice::MiniLm => "a WordPiece token of an uncased BERT (30,522 rows)",
            TableChoice::Smollm2 => "a byte-level BPE token, case and leading space included (49,152 rows, tied to the output layer)",
        }
    }

    const fn testid(self) -> &'static str {
        match self {
            TableChoice::Glove => "embed-table-glove",
            TableChoice::MiniLm => "embed-table-minilm",
            TableChoice::Smollm2 => "embed-table-smollm2",
        }
    }

    /// The id of the heading the choice scrolls to.
    const fn heading(self) -> &'static str {
        match self {
            TableChoice::Glove => "embed-heading",
            TableChoice::MiniLm => "minilm-neighbours-heading",
            TableChoice::Smollm2 => "token-table-heading",
        }
    }

    /// Whether the word tables' panels (GloVe's and MiniLM's) are on show.
    pub fn shows_words(self) -> bool {
        self != TableChoice::Smollm2
    }
}

#[component]
pub fn TableChooser(choice: RwSignal<TableChoice>) -> impl IntoView {
    let pick = move |table: TableChoice| {
        choice.set(table);
        // After the panels have been shown: the heading is laid out then.
        request_animation_frame(move || {
            if let Some(heading) = document().get_element_by_id(table.heading()) {
                heading.scroll_into_view();
            }
        });
    };
    view! {
        <div class="table-chooser" role="group" aria-label="Embedding table">
            <span class="muted">"Table: "</span>
            {TableChoice::ALL.map(|table| view! {
                <button type="button" class="quiet" title=table.row() data-testid=table.testid()
                    aria-pressed=move || (choice.get() == table).to_string() on:click=move |_| pick(table)>
                    {table.label()}
                </button>
            }).collect_view()}
            <span class="muted">" A row is a lower-cased word in GloVe, a WordPiece token in MiniLM, a byte-level BPE token (case and leading space included) in SmolLM2."</span>
        </div>
    }
}
