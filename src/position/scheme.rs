//! Which positional scheme the lab's relative-offset views follow: one choice among the schemes the
//! core implements (`til_core::posenc::PositionalScheme`). A new scheme is one more value here and
//! one more arm in [`PeLab`](super::state::PeLab)'s `scheme` memo.

/// The schemes a reader can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemeChoice {
    Sinusoidal,
    Learned,
}

impl SchemeChoice {
    pub const ALL: [SchemeChoice; 2] = [SchemeChoice::Sinusoidal, SchemeChoice::Learned];

    /// The value in the link and the menu, as the core names the scheme.
    pub fn name(self) -> &'static str {
        match self {
            SchemeChoice::Sinusoidal => "sinusoidal",
            SchemeChoice::Learned => "learned",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            SchemeChoice::Sinusoidal => "Sinusoidal (a formula)",
            SchemeChoice::Learned => "Learned (random init, seeded)",
        }
    }

    /// The symbol the views write for a position's vector: PE(p) or W(p).
    pub fn symbol(self) -> &'static str {
        match self {
            SchemeChoice::Sinusoidal => "PE",
            SchemeChoice::Learned => "W",
        }
    }

    /// The choice a link or menu names; anything else is none.
    pub fn parse(name: &str) -> Option<SchemeChoice> {
        SchemeChoice::ALL.into_iter().find(|s| s.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::SchemeChoice;
    use til_core::posenc::{LearnedTable, PositionalScheme, Sinusoidal};

    #[test]
    fn every_choice_is_named_as_the_core_names_its_scheme() {
        let sinusoidal = Sinusoidal::new(8, 10_000.0).unwrap();
        let learned = LearnedTable::new(4, 8, 1).unwrap();
        assert_eq!(SchemeChoice::Sinusoidal.name(), sinusoidal.name());
        assert_eq!(
            SchemeChoice::Learned.name(),
            PositionalScheme::name(&learned)
        );
        for choice in SchemeChoice::ALL {
            assert_eq!(SchemeChoice::parse(choice.name()), Some(choice));
        }
        assert_eq!(SchemeChoice::parse("rope"), None);
    }
}
