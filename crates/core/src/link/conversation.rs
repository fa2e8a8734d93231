//! A conversation in the page's link (the Chat view's `chat=`): each message as its role, a unit
//! separator (U+001F), its content; messages apart by a record separator (U+001E). Those two
//! characters never appear in what a reader types, so nothing needs escaping; a link's text that
//! holds more of them than it should reads as well as it can (a message without a role is the
//! user's). Leaves out: keys other than role and content.

const UNIT: char = '\u{1f}';
const RECORD: char = '\u{1e}';

/// The link's text for `messages` (role, content); the separators are dropped from them.
pub fn write(messages: &[(String, String)]) -> String {
    let clean = |s: &str| s.replace([UNIT, RECORD], "");
    messages
        .iter()
        .map(|(role, content)| format!("{}{UNIT}{}", clean(role), clean(content)))
        .collect::<Vec<_>>()
        .join(&RECORD.to_string())
}

/// The messages a link's `text` holds (none for an empty text).
pub fn read(text: &str) -> Vec<(String, String)> {
    if text.is_empty() {
        return Vec::new();
    }
    text.split(RECORD)
        .map(|message| match message.split_once(UNIT) {
            Some((role, content)) if !role.is_empty() => {
                (role.to_string(), content.replace(UNIT, ""))
            }
            Some((_, content)) => ("user".to_string(), content.replace(UNIT, "")),
            None => ("user".to_string(), message.to_string()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{read, write};

    #[test]
    fn a_conversation_comes_back_from_its_link_text() {
        let messages = vec![
            ("system".to_string(), "Be brief.\n".to_string()),
            ("user".to_string(), String::new()),
            ("assistant".to_string(), "a\u{1f}b\u{1e}c 🙂".to_string()),
        ];
        let text = write(&messages);
        let mut expected = messages.clone();
        expected[2].1 = "abc 🙂".into();
        assert_eq!(read(&text), expected);
        assert_eq!(read(""), Vec::<(String, String)>::new());
        // Hostile text reads as well as it can.
        assert_eq!(
            read("hi\u{1e}\u{1f}x\u{1f}y"),
            [("user".into(), "hi".into()), ("user".into(), "xy".into())]
        );
    }
}
