//! A conversation as a reader writes it: a JSON array of messages, each an object with a string
//! `role` and a `content` (a string, or null for an assistant turn that only calls tools). Other
//! keys (`tool_calls`, `name`, …) are kept for the template, in their order.
use super::ordered_json::Json;
use super::ChatError;

/// One message, with every key the reader gave it.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// A JSON object with a string "role" and a string or null "content".
    pub fields: Json,
}

impl Message {
    /// A plain message of `role` saying `content`.
    pub fn new(role: &str, content: &str) -> Message {
        Message {
            fields: Json::Object(vec![
                ("role".into(), Json::String(role.into())),
                ("content".into(), Json::String(content.into())),
            ]),
        }
    }

    pub fn role(&self) -> &str {
        self.fields
            .get("role")
            .and_then(Json::as_str)
            .unwrap_or_default()
    }

    /// The text of the message, or "" when it has none (null content).
    pub fn content(&self) -> &str {
        self.fields
            .get("content")
            .and_then(Json::as_str)
            .unwrap_or_default()
    }
}

/// The messages of `json`, or which one is wrong and how.
pub fn parse(json: &str) -> Result<Vec<Message>, ChatError> {
    let value =
        Json::parse(json).map_err(|e| ChatError::Conversation(format!("not valid JSON ({e})")))?;
    let Json::Array(items) = value else {
        return Err(ChatError::Conversation(
            "expected a JSON array of {\"role\", \"content\"} messages".into(),
        ));
    };
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            message(item)
                .map_err(|why| ChatError::Conversation(format!("message {}: {why}", i + 1)))
        })
        .collect()
}

fn message(item: Json) -> Result<Message, String> {
    if !matches!(item, Json::Object(_)) {
        return Err("is not an object".into());
    }
    match item.get("role") {
        Some(Json::String(role)) if !role.is_empty() => {}
        Some(Json::String(_)) => return Err("its \"role\" is empty".into()),
        Some(_) => return Err("its \"role\" is not a string".into()),
        None => return Err("has no \"role\"".into()),
    }
    match item.get("content") {
        Some(Json::String(_) | Json::Null) => Ok(Message { fields: item }),
        Some(_) => Err("its \"content\" is not a string".into()),
        None => Err("has no \"content\"".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn messages_keep_their_keys_and_bad_ones_are_named() {
        let messages = parse(r#"[{"role":"user","content":"Hi","name":"Ann"}]"#).unwrap();
        assert_eq!(messages[0].role(), "user");
        assert_eq!(messages[0].content(), "Hi");
        assert_eq!(
            messages[0].fields.get("name").and_then(|n| n.as_str()),
            Some("Ann")
        );
        let why = |json: &str| parse(json).unwrap_err().to_string();
        assert_eq!(
            why("{}"),
            "conversation: expected a JSON array of {\"role\", \"content\"} messages"
        );
        assert_eq!(
            why(r#"[{"role":"user","content":"a"},{"content":"b"}]"#),
            "conversation: message 2: has no \"role\""
        );
        assert_eq!(
            why(r#"[{"role":"user","content":3}]"#),
            "conversation: message 1: its \"content\" is not a string"
        );
        assert!(why("[").starts_with("conversation: not valid JSON"));
    }
}
