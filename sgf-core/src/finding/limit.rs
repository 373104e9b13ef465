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

/// Findings as they are made: the first [`MAX_LISTED`] of each code listed, in the order they
/// come, the rest counted by game into [`Omitted`]. What validation holds at once is then the
/// listed findings and the counts, however many a tree makes.
#[derive(Debug, Default)]
pub(crate) struct Listing {
    /// The findings listed.
    pub(crate) findings: Vec<Finding>,
    /// The findings counted, not listed.
    omitted: Vec<Omitted>,
    /// How many of each code are listed, the codes in the order they came: a collection's
    /// findings are of a few codes, found faster in a list than by hashing.
    listed: Vec<(Code, usize)>,
    /// Where the count of each game and code is in `omitted`.
    counted: HashMap<(usize, Code), usize>,
    /// The game and code counted last, and where its count is: a fault repeated all along a
    /// tree is counted again and again, without a lookup.
    last_counted: Option<((usize, Code), usize)>,
    /// Findings left out, neither listed nor counted: of this code, starting at this byte.
    left_out: Vec<(Code, usize)>,
}

impl Listing {
    /// A listing that adds to these counts.
    pub(crate) fn new(omitted: Vec<Omitted>) -> Listing {
        let counted = omitted
            .iter()
            .enumerate()
            .map(|(i, o)| ((o.game, o.code), i))
            .collect();
        Listing {
            omitted,
            counted,
            ..Listing::default()
        }
    }

    /// Leaves out the findings of `code` that start at byte `at`: another finding says it.
    pub(crate) fn leave_out(&mut self, code: Code, at: usize) {
        self.left_out.push((code, at));
    }

    /// Lists `finding`, or counts it past the limit of its code.
    pub(crate) fn push(&mut self, finding: Finding) {
        if let Some(span) = finding.location.span
            && self.left_out.contains(&(finding.code, span.start))
        {
            return;
        }
        let at = match self
            .listed
            .iter()
            .position(|&(code, _)| code == finding.code)
        {
            Some(at) => at,
            None => {
                self.listed.push((finding.code, 0));
                self.listed.len() - 1
            }
        };
        let listed = &mut self.listed[at].1;
        if *listed < MAX_LISTED {
            *listed += 1;
            self.findings.push(finding);
            return;
        }
        self.count(finding.location.game, finding.code, finding.severity);
    }

    /// Lists the finding `make` makes, of `code` and `severity` in game `game`; past the limit
    /// of its code, counts it without making it. A tree that repeats one fault a million times
    /// then costs the places and messages of the first [`MAX_LISTED`] only.
    pub(crate) fn push_with(
        &mut self,
        game: usize,
        code: Code,
        severity: Severity,
        make: impl FnOnce() -> Finding,
    ) {
        let full = (self.listed.iter()).any(|&(listed, n)| listed == code && n >= MAX_LISTED);
        // A finding that may be left out is made, to find out where it starts.
        if full && !self.left_out.iter().any(|&(left, _)| left == code) {
            self.count(game, code, severity);
        } else {
            let finding = make();
            debug_assert_eq!((finding.code, finding.severity), (code, severity));
            self.push(finding);
        }
    }

    /// Counts a finding of `code` in game `game`, not listed.
    fn count(&mut self, game: usize, code: Code, severity: Severity) {
        let key = (game, code);
        let at = match self.last_counted {
            Some((last, at)) if last == key => at,
            _ => {
                let omitted = &mut self.omitted;
                let at = *self.counted.entry(key).or_insert_with(|| {
                    omitted.push(Omitted {
                        game,
                        code,
                        severity,
                        count: 0,
                    });
                    omitted.len() - 1
                });
                self.last_counted = Some((key, at));
                at
            }
        };
        let omitted = &mut self.omitted;
        omitted[at].count += 1;
        omitted[at].severity = omitted[at].severity.max(severity);
    }

    /// The listed findings, without spare room, and the counts, by game and code.
    pub(crate) fn finish(self) -> (Vec<Finding>, Vec<Omitted>) {
        let Listing {
            mut findings,
            mut omitted,
            ..
        } = self;
        findings.shrink_to_fit();
        omitted.sort_by_key(|o| (o.game, o.code.as_str()));
        (findings, omitted)
    }
}

/// Keeps the first [`MAX_LISTED`] findings of each code, in order, and counts the rest into
/// `omitted` (which may hold counts already: they add up).
pub(crate) fn cap(findings: &mut Vec<Finding>, omitted: &mut Vec<Omitted>) {
    if findings.len() <= MAX_LISTED {
        return;
    }
    let mut listing = Listing::new(std::mem::take(omitted));
    findings.drain(..).for_each(|f| listing.push(f));
    (*findings, *omitted) = listing.finish();
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

    #[test]
    fn past_the_limit_a_finding_is_counted_without_being_made() {
        let mut listing = Listing::default();
        let mut made = 0;
        for i in 0..MAX_LISTED + 10 {
            listing.push_with(i % 2, Code::OccupiedPoint, Severity::Warning, || {
                made += 1;
                finding(i % 2, Code::OccupiedPoint, Severity::Warning)
            });
        }
        assert_eq!(made, MAX_LISTED, "only the listed ones are made");
        // A code with findings left out is made past the limit, to be matched by its start.
        let span_at = |start| {
            let mut f = finding(0, Code::BadValue, Severity::Error);
            f.location.span = Some(crate::finding::Span {
                start,
                end: start,
                line: 1,
                col: 1,
            });
            f
        };
        listing.leave_out(Code::BadValue, 7);
        for _ in 0..MAX_LISTED {
            listing.push(span_at(1));
        }
        let mut made_bad = 0;
        for start in [7, 8] {
            listing.push_with(0, Code::BadValue, Severity::Error, || {
                made_bad += 1;
                span_at(start)
            });
        }
        assert_eq!(made_bad, 2);
        let (findings, omitted) = listing.finish();
        assert_eq!(findings.len(), 2 * MAX_LISTED);
        let counts: Vec<_> = omitted.iter().map(|o| (o.game, o.code, o.count)).collect();
        assert_eq!(
            counts,
            [
                (0, Code::BadValue, 1),
                (0, Code::OccupiedPoint, 5),
                (1, Code::OccupiedPoint, 5)
            ],
            "the finding left out is neither listed nor counted"
        );
    }
}
