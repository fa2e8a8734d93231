//! The comparison as CSV: `tokenizer,index,id,token,start,end,text` a token a record, each side's
//! tokens in order. `id` is empty for a piece the vocabulary lacks; `start` and `end` are byte
//! offsets into the compared text (UTF-8), and `text` is what those bytes are (with U+FFFD where a
//! byte-level token cuts a character).

use crate::csv::push_record;
use crate::tokenizer::Piece;

/// The records of every side, `(name, pieces)`, for `text`.
pub fn pieces_csv(text: &str, sides: &[(&str, &[Piece])]) -> String {
    let mut out = String::from("tokenizer,index,id,token,start,end,text\r\n");
    for (name, pieces) in sides {
        for (index, piece) in pieces.iter().enumerate() {
            let id = piece.id.map_or(String::new(), |id| id.to_string());
            let bytes = text.as_bytes().get(piece.span.clone()).unwrap_or_default();
            push_record(
                &mut out,
                &[
                    name,
                    &index.to_string(),
                    &id,
                    &piece.display,
                    &piece.span.start.to_string(),
                    &piece.span.end.to_string(),
                    &String::from_utf8_lossy(bytes),
                ],
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::pieces_csv;
    use crate::tokenizer::Piece;

    #[test]
    fn each_token_is_a_record_with_its_span_and_text() {
        let pieces = [
            Piece {
                id: Some(15496),
                span: 0..5,
                display: "Hello".into(),
            },
            Piece {
                id: None,
                span: 5..7,
                display: "Ġ,".into(),
            },
        ];
        let csv = pieces_csv("Hello ,", &[("GPT-2", &pieces)]);
        assert_eq!(
            csv,
            "tokenizer,index,id,token,start,end,text\r\nGPT-2,0,15496,Hello,0,5,Hello\r\nGPT-2,1,,\"Ġ,\",5,7,\" ,\"\r\n"
        );
    }
}
