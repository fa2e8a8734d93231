//! `strftime_now(format)` for templates that print today's date: the directives the chat
//! templates in use need, on UTC (`transformers` uses the local clock; a page has no time zone of
//! the server's). An unknown directive is refused by name rather than printed wrong.

/// `format` with its directives filled from `seconds` since the Unix epoch.
pub fn strftime(format: &str, seconds: i64) -> Result<String, String> {
    let days = seconds.div_euclid(86_400);
    let time = seconds.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    let weekday = (days + 4).rem_euclid(7) as usize; // 1970-01-01 was a Thursday
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    const DAYS: [&str; 7] = [
        "Sunday",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
    ];
    let (hour, minute, second) = (time / 3600, time / 60 % 60, time % 60);
    let mut out = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        // glibc's "%-d": no padding.
        let mut directive = chars.next().ok_or("strftime_now: a format ends with %")?;
        let pad = directive != '-';
        if !pad {
            directive = chars.next().ok_or("strftime_now: a format ends with %-")?;
        }
        let number = |n: i64| {
            if pad {
                format!("{n:02}")
            } else {
                n.to_string()
            }
        };
        let month_name = MONTHS[month as usize - 1];
        match directive {
            'd' => out.push_str(&number(day)),
            'm' => out.push_str(&number(month)),
            'Y' => out.push_str(&year.to_string()),
            'y' => out.push_str(&number(year.rem_euclid(100))),
            'B' => out.push_str(month_name),
            'b' => out.push_str(&month_name[..3]),
            'A' => out.push_str(DAYS[weekday]),
            'a' => out.push_str(&DAYS[weekday][..3]),
            'H' => out.push_str(&number(hour)),
            'M' => out.push_str(&number(minute)),
            'S' => out.push_str(&number(second)),
            'I' => out.push_str(&number((hour + 11) % 12 + 1)),
            'p' => out.push_str(if hour < 12 { "AM" } else { "PM" }),
            'j' => out.push_str(&format!("{:03}", days - days_from_civil(year, 1, 1) + 1)),
            '%' => out.push('%'),
            other => return Err(format!("strftime_now's %{other}")),
        }
    }
    Ok(out)
}

/// Howard Hinnant's days-to-date on the proleptic Gregorian calendar.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = if month > 2 { month - 3 } else { month + 9 };
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::strftime;

    #[test]
    fn dates_print_as_python_prints_them() {
        // 2024-07-26 13:25:09 UTC, a Friday; Python: datetime(2024,7,26,13,5,9).strftime(…).
        let t = 1_722_000_309;
        assert_eq!(strftime("%d %b %Y", t).unwrap(), "26 Jul 2024");
        assert_eq!(
            strftime("%A %B %-d, %y %H:%M:%S %I%p day %j %%", t).unwrap(),
            "Friday July 26, 24 13:25:09 01PM day 208 %"
        );
        assert_eq!(strftime("%Y-%m-%d", 0).unwrap(), "1970-01-01");
        assert_eq!(strftime("%Y-%m-%d", 951_782_400).unwrap(), "2000-02-29");
        assert_eq!(strftime("%Z", t).unwrap_err(), "strftime_now's %Z");
    }
}
