//! The page shell: title, the lab navigation, and the lab on show.
use leptos::prelude::*;

use crate::tokenize::TokenizeLab;

#[component]
pub fn App() -> impl IntoView {
    view! {
        <header class="site">
            <h1>"Transformer Input Lab"</h1>
            <p class="muted">"What happens to text before the first attention layer."</p>
            <nav aria-label="Labs">
                <a href="#tokenize" data-testid="nav-tokenize" aria-current="page">"1 · Tokenize"</a>
            </nav>
        </header>
        <main id="tokenize">
            <TokenizeLab/>
        </main>
    }
}
