//! Which positional scheme the lab shows: the additive ones the core implements as
//! `til_core::posenc::PositionalScheme` (their relative-offset views follow the choice), and the two
//! that act inside attention, RoPE and ALiBi, which have views of their own. A new additive scheme is
//! one more value here and one more arm in [`PositionState`](super::state::PositionState)'s `scheme` memo.

/// The schemes a reader can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemeChoice {
    Sinusoidal,
    Learned,
    Rope,
    Alibi,
}

impl SchemeChoice {
    pub const ALL: [SchemeChoice; 4] = [
        SchemeChoice::Sinusoidal,
        SchemeChoice::Learned,
        SchemeChoice::Rope,
        SchemeChoice::Alibi,
    ];

    /// The value in the link and the menu, as the core names the scheme.
    pub fn name(self) -> &'static str {
        match self {
            SchemeChoice::Sinusoidal => "sinusoidal",
            SchemeChoice::Learned => "learned",
            SchemeChoice::Rope => "rope",
            SchemeChoice::Alibi => "alibi",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            SchemeChoice::Sinusoidal => "Sinusoidal (a formula)",
            SchemeChoice::Learned => "Learned (random init, seeded)",
            SchemeChoice::Rope => "RoPE (rotates q and k)",
            SchemeChoice::Alibi => "ALiBi (a bias on the logits)",
        }
    }

    /// The symbol the views write for a position's vector: PE(p) or W(p).
    pub fn symbol(self) -> &'static str {
        match self {
            SchemeChoice::Sinusoidal => "PE",
            SchemeChoice::Learned => "W",
            SchemeChoice::Rope | SchemeChoice::Alibi => "P",
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
        assert_eq!(SchemeChoice::parse("xpos"), None);
    }
}
