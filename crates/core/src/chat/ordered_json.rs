//! JSON as Python's `json.loads` reads it for a template: objects keep their keys in the order
//! written (`tojson` and `.items()` show that order), and numbers stay integers or floats.
//! (serde_json's own map sorts its keys, and the tokenizer.json assets rely on that.)
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// A JSON value with its objects' keys in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Int(i64),
    /// An integer too large for i64.
    Uint(u64),
    Float(f64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    pub fn parse(text: &str) -> Result<Json, serde_json::Error> {
        serde_json::from_str(text)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// The value of `key` in an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// As a template value: objects become ordered maps.
    pub fn to_value(&self) -> minijinja::Value {
        use minijinja::Value;
        match self {
            Json::Null => Value::from(()),
            Json::Bool(b) => Value::from(*b),
            Json::Int(i) => Value::from(*i),
            Json::Uint(u) => Value::from(*u),
            Json::Float(f) => Value::from(*f),
            Json::String(s) => Value::from(s.as_str()),
            Json::Array(items) => items.iter().map(Json::to_value).collect(),
            Json::Object(fields) => Value::from(
                fields
                    .iter()
                    .map(|(k, v)| (Value::from(k.as_str()), v.to_value()))
                    .collect::<indexmap::IndexMap<Value, Value>>(),
            ),
        }
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Json, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }
    fn visit_i64<E>(self, i: i64) -> Result<Json, E> {
        Ok(Json::Int(i))
    }
    fn visit_u64<E>(self, u: u64) -> Result<Json, E> {
        Ok(i64::try_from(u).map_or(Json::Uint(u), Json::Int))
    }
    fn visit_f64<E>(self, f: f64) -> Result<Json, E> {
        Ok(Json::Float(f))
    }
    fn visit_str<E>(self, s: &str) -> Result<Json, E> {
        Ok(Json::String(s.to_owned()))
    }
    fn visit_string<E>(self, s: String) -> Result<Json, E> {
        Ok(Json::String(s))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut fields: Vec<(String, Json)> = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Json>()? {
            // A repeated key keeps its first place and its last value, as Python's dict does.
            match fields.iter_mut().find(|(k, _)| *k == key) {
                Some(field) => field.1 = value,
                None => fields.push((key, value)),
            }
        }
        Ok(Json::Object(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::Json;

    #[test]
    fn keys_keep_their_order_and_a_repeated_key_its_first_place() {
        let json = Json::parse(r#"{"b": 1, "a": [true, null, 2.5], "b": "x"}"#).unwrap();
        assert_eq!(
            json,
            Json::Object(vec![
                ("b".into(), Json::String("x".into())),
                (
                    "a".into(),
                    Json::Array(vec![Json::Bool(true), Json::Null, Json::Float(2.5)])
                ),
            ])
        );
        // As Python prints a dict: jinja2's `{{ d }}` gives the same.
        assert_eq!(
            json.to_value().to_string(),
            "{'b': 'x', 'a': [True, None, 2.5]}"
        );
    }
}
