//! Table rows keyed by what they show (the pair table's pairs), whose cells follow that thing's
//! current values: a step of the stepper inserts the rows that came into the table, drops those
//! that left and rewrites only the rows whose values changed. Keyed by content instead, every
//! changed row would be replaced; by position, a list that shifts up by one row (the pair table
//! after each merge) would rewrite every row.
//! Left out: animating rows as they move.
use std::hash::Hash;

use leptos::prelude::*;

/// One `row(item)` per item of `items`, in order, each identified by `key(item)` (unique within
/// the list); `item` always holds the current value of the item with that key.
pub fn keyed_rows<T, K, V>(
    items: Memo<Vec<T>>,
    key: fn(&T) -> K,
    row: impl Fn(Memo<T>) -> V + Clone + Send + Sync + 'static,
) -> impl IntoView
where
    T: Clone + PartialEq + Send + Sync + 'static,
    K: Eq + Hash + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    view! {
        <For
            each=move || items.get()
            key=key
            children=move |first: T| {
                let id = key(&first);
                // A removed row's memo may run once more before the row goes: it keeps its last value.
                let item = Memo::new(move |last: Option<&T>| {
                    items.with(|all| all.iter().find(|t| key(t) == id).cloned())
                        .or_else(|| last.cloned())
                        .unwrap_or_else(|| first.clone())
                });
                row(item)
            }
        />
    }
}
