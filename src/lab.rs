//! The three labs, their names and addresses, and the one way to open a lab. A leaf: the shell, the
//! navigation, the shortcuts, the tour and the journey all name labs through it.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lab {
    Tokenize,
    Embed,
    Position,
}

impl Lab {
    pub const ALL: [Lab; 3] = [Lab::Tokenize, Lab::Embed, Lab::Position];

    /// The URL fragment and the `data-testid` suffix (`nav-tokenize`).
    pub fn slug(self) -> &'static str {
        match self {
            Lab::Tokenize => "tokenize",
            Lab::Embed => "embed",
            Lab::Position => "position",
        }
    }

    /// Where the lab stands in the order of the labs, from 0.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn title(self) -> &'static str {
        match self {
            Lab::Tokenize => "1 · Tokenize",
            Lab::Embed => "2 · Embed",
            Lab::Position => "3 · Position",
        }
    }

    /// The lab a fragment names; unknown or hostile fragments fall back to the first lab.
    pub fn from_hash(hash: &str) -> Lab {
        let slug = hash.trim_start_matches('#');
        Lab::ALL
            .into_iter()
            .find(|lab| lab.slug() == slug)
            .unwrap_or(Lab::Tokenize)
    }

    /// Opens the lab by setting the fragment, as its navigation link does; the shell hears the
    /// `hashchange` and shows it.
    pub fn open(self) {
        if let Some(window) = web_sys::window() {
            let _ = window.location().set_hash(self.slug());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Lab;

    #[test]
    fn every_lab_round_trips_through_its_fragment() {
        for lab in Lab::ALL {
            assert_eq!(Lab::from_hash(&format!("#{}", lab.slug())), lab);
            assert_eq!(Lab::ALL[lab.index()], lab);
        }
    }

    #[test]
    fn hostile_fragments_open_the_first_lab() {
        for hash in [
            "",
            "#",
            "#TOKENIZE",
            "#embed?x",
            "#<script>",
            "#position/../embed",
        ] {
            assert_eq!(Lab::from_hash(hash), Lab::Tokenize, "{hash}");
        }
    }
}
