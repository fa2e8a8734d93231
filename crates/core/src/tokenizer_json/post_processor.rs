//! Post-processors, for `add_special_tokens`: `TemplateProcessing` (the single-sequence template),
//! `BertProcessing`, `RobertaProcessing`, `ByteLevel` (offsets only: the ids stay) and `Sequence`.
//! Leaves out: pair templates (the lab encodes one text at a time).

use serde_json::Value;

use super::Unsupported;

/// What goes around the text's tokens: ids before and after.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Around {
    pub before: Vec<u32>,
    pub after: Vec<u32>,
}

impl Around {
    /// What the post-processor in `json` adds (nothing for `null`).
    pub fn from_json(json: &Value) -> Result<Around, Unsupported> {
        let mut around = Around::default();
        around.add(json)?;
        Ok(around)
    }

    fn add(&mut self, json: &Value) -> Result<(), Unsupported> {
        if json.is_null() {
            return Ok(());
        }
        let kind = json["type"].as_str().unwrap_or("(no type)");
        let component = format!("the {kind} post-processor");
        let id_of = |pair: &Value| {
            pair[1]
                .as_u64()
                .and_then(|id| u32::try_from(id).ok())
                .ok_or_else(|| Unsupported::new(&component, "a special token has no id"))
        };
        match kind {
            "ByteLevel" => {}
            "Sequence" => {
                for p in json["processors"].as_array().into_iter().flatten() {
                    self.add(p)?;
                }
            }
            "BertProcessing" | "RobertaProcessing" => {
                let (cls, sep) = (id_of(&json["cls"])?, id_of(&json["sep"])?);
                self.before.push(cls);
                self.after.insert(0, sep);
            }
            "TemplateProcessing" => {
                let template = json["single"]
                    .as_array()
                    .ok_or_else(|| Unsupported::new(&component, "it has no single template"))?;
                let mut seen_sequence = false;
                let (mut before, mut after) = (Vec::new(), Vec::new());
                for piece in template {
                    if piece.get("Sequence").is_some() {
                        seen_sequence = true;
                        continue;
                    }
                    let name = piece["SpecialToken"]["id"].as_str().ok_or_else(|| {
                        Unsupported::new(
                            &component,
                            "a template piece is neither Sequence nor SpecialToken",
                        )
                    })?;
                    let ids = json["special_tokens"][name]["ids"]
                        .as_array()
                        .ok_or_else(|| {
                            Unsupported::new(
                                &component,
                                &format!("its special token `{name}` has no ids"),
                            )
                        })?
                        .iter()
                        .map(|id| id.as_u64().and_then(|id| u32::try_from(id).ok()))
                        .collect::<Option<Vec<u32>>>()
                        .ok_or_else(|| {
                            Unsupported::new(
                                &component,
                                &format!("an id of `{name}` is not a token id"),
                            )
                        })?;
                    if seen_sequence {
                        &mut after
                    } else {
                        &mut before
                    }
                    .extend(ids);
                }
                // Around what the earlier processors made.
                before.append(&mut self.before);
                self.before = before;
                self.after.extend(after);
            }
            _ => return Err(Unsupported::new(&component, "it is not supported")),
        }
        Ok(())
    }
}
