//! The `--name value` options of the numeric command groups (`til posenc`, `til rope`): known
//! names only, each at most once, the value after `=` or as the next argument; and the usage
//! errors they share.

use std::ffi::OsString;
use std::str::FromStr;

use til_core::posenc::PosEncError;

use crate::Failure;

/// The arguments as text, or a usage error naming the first that is not UTF-8.
pub fn utf8_args(args: &[OsString]) -> Result<Vec<&str>, Failure> {
    args.iter()
        .map(|a| {
            a.to_str().ok_or_else(|| {
                usage(format!(
                    "argument `{}` is not valid UTF-8",
                    a.to_string_lossy()
                ))
            })
        })
        .collect()
}

pub const WHOLE: &str = "a whole number";
pub const NUMBER: &str = "a number";

/// The `--name value` pairs of one subcommand: known names only, each at most once, nothing else.
pub struct Given<'a> {
    /// The command group (`posenc`, `rope`) and its subcommand, for messages.
    group: &'static str,
    pub command: &'static str,
    values: Vec<(&'a str, &'a str)>,
}

impl<'a> Given<'a> {
    /// None when help was asked for.
    pub fn parse(
        group: &'static str,
        command: &'static str,
        args: &[&'a str],
        known: &[&str],
    ) -> Result<Option<Given<'a>>, Failure> {
        let mut values: Vec<(&'a str, &'a str)> = Vec::new();
        let mut rest = args.iter();
        while let Some(&arg) = rest.next() {
            if matches!(arg, "-h" | "--help") {
                return Ok(None);
            }
            // 1. `--name=value` or `--name value`.
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (arg, None),
            };
            // 2. Only this subcommand's options, each once.
            if !known.contains(&name) {
                return Err(usage(format!(
                    "unexpected argument `{arg}` for `til {group} {command}`; try `til {group} --help`"
                )));
            }
            if values.iter().any(|&(seen, _)| seen == name) {
                return Err(usage(format!("{name} given twice")));
            }
            let value = match inline {
                Some(value) => value,
                None => rest
                    .next()
                    .copied()
                    .ok_or_else(|| usage(format!("{name} needs a value")))?,
            };
            values.push((name, value));
        }
        Ok(Some(Given {
            group,
            command,
            values,
        }))
    }

    pub fn optional<T: FromStr>(&self, name: &str, kind: &str) -> Result<Option<T>, Failure> {
        let Some(&(_, text)) = self.values.iter().find(|&&(seen, _)| seen == name) else {
            return Ok(None);
        };
        text.parse()
            .map(Some)
            .map_err(|_| usage(format!("{name} expects {kind}, got `{text}`")))
    }

    pub fn required<T: FromStr>(&self, name: &str, kind: &str) -> Result<T, Failure> {
        self.optional(name, kind)?.ok_or_else(|| {
            usage(format!(
                "missing {name} for `til {} {}`; try `til {} --help`",
                self.group, self.command, self.group
            ))
        })
    }
}

/// A usage error: the command line asked for something that does not exist.
pub fn usage(message: impl Into<String>) -> Failure {
    Failure::Usage(message.into())
}

/// Values the core refuses (d = 0, an odd rotary d, base ≤ 1, a negative position) are usage
/// errors too.
pub fn invalid(error: PosEncError) -> Failure {
    usage(error.to_string())
}
