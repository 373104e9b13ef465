//! The bound on findings: of one code, a reading or a validation lists at most
//! [`MAX_LISTED`]; the rest are counted ([`Omitted`]), by game, with their worst severity, so
//! that a file written to repeat one fault a million times makes a report of bounded size
//! whose counts, exit status and summary stay true.

use std::collections::HashMap;

use super::{Code, Finding, Severity};

/// The most findings of one code a reading, or a validation, of one collection lists.
pub const MAX_LISTED: usize = 1000;

/// Findings of one code in one game tree that were counted, not listed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Omitted {
    /// The game tree's index in the collection.
    pub game: usize,
    /// What they are about.
    pub code: Code,
    /// The worst of their severities.
    pub severity: Severity,
    /// How many there are.
    pub count: usize,
}

/// Every finding, listed or counted: its game, code and severity, and how many it stands for
/// (one for a listed finding).
pub fn tally<'a>(
    findings: &'a [Finding],
    omitted: &'a [Omitted],
) -> impl Iterator<Item = (usize, Code, Severity, usize)> + 'a {
    let listed = findings
        .iter()
        .map(|f| (f.location.game, f.code, f.severity, 1));
    listed.chain(
        omitted
            .iter()
            .map(|o| (o.game, o.code, o.severity, o.count)),
    )
}

/// Keeps the first [`MAX_LISTED`] findings of each code, in order, and counts the rest into
/// `omitted` (which may hold counts already: they add up).
pub(crate) fn cap(findings: &mut Vec<Finding>, omitted: &mut Vec<Omitted>) {
    if findings.len() <= MAX_LISTED {
        return;
    }
    let mut listed: HashMap<Code, usize> = HashMap::new();
    let mut counted: HashMap<(usize, Code), usize> = omitted
        .iter()
        .enumerate()
        .map(|(i, o)| ((o.game, o.code), i))
        .collect();
    findings.retain(|f| {
        let count = listed.entry(f.code).or_default();
        if *count < MAX_LISTED {
            *count += 1;
            return true;
        }
        let at = *counted.entry((f.location.game, f.code)).or_insert_with(|| {
            omitted.push(Omitted {
                game: f.location.game,
                code: f.code,
                severity: f.severity,
                count: 0,
            });
            omitted.len() - 1
        });
        omitted[at].count += 1;
        omitted[at].severity = omitted[at].severity.max(f.severity);
        false
    });
    findings.shrink_to_fit();
    omitted.sort_by_key(|o| (o.game, o.code.as_str()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Location;

    fn finding(game: usize, code: Code, severity: Severity) -> Finding {
        Finding {
            code,
            severity,
            location: Location::game(game),
            related: None,
            message: String::new(),
        }
    }

    #[test]
    fn past_the_limit_findings_are_counted_by_game_with_their_worst_severity() {
        let mut findings: Vec<Finding> = (0..MAX_LISTED + 5)
            .map(|i| finding(i % 2, Code::RepeatedPoint, Severity::Warning))
            .collect();
        findings.push(finding(1, Code::RepeatedPoint, Severity::Error));
        findings.push(finding(0, Code::BadValue, Severity::Error));
        let mut omitted = Vec::new();
        cap(&mut findings, &mut omitted);
        assert_eq!(findings.len(), MAX_LISTED + 1);
        let counts: Vec<_> = omitted
            .iter()
            .map(|o| (o.game, o.count, o.severity))
            .collect();
        assert_eq!(counts, [(0, 3, Severity::Warning), (1, 3, Severity::Error)]);
        // Capping again keeps the counts and lists nothing more of a code counted already.
        findings.push(finding(0, Code::RepeatedPoint, Severity::Warning));
        cap(&mut findings, &mut omitted);
        assert_eq!(omitted[0].count, 4);
        assert_eq!(findings.len(), MAX_LISTED + 1);
    }
}
