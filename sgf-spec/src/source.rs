//! Sources: the programs and servers that write SGF, each with how to recognise its files, its
//! private properties and its quirks (values it writes with a meaning of its own).
//!
//! A source is a group with one or more `Source:` lines, `Quirk:` blocks (with `Meaning:` and
//! `Evidence:`) and `Property:` blocks for its private properties; `spec/README.md` of the
//! workspace describes them, and `spec/sources.spec` holds the sources known.

use std::borrow::Cow;

use crate::error::Error;
use crate::model::{List, Location, Property, Str};

/// A program or server that writes SGF, as its section of the specification describes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    /// The source's name (the group's header without `properties`: `Fox Weiqi`).
    pub name: Str,
    /// The `Restrictions:` prose: who the source is and how its files are known.
    pub doc: Str,
    /// The ways its files are recognised; any one is enough.
    pub recognise: List<Recognition>,
    /// Its quirks, in order: the first that fits a value gives its meaning.
    pub quirks: List<Quirk>,
    /// Its private properties: known in the trees it is recognised in.
    pub properties: List<Property>,
    /// Those of its private properties that hold an analysis program's results (`Analysis:`):
    /// `sgf fmt --strip-analysis` removes them, `sgf export` tables what they measure.
    pub analysis: List<Analysis>,
    /// Where the group's header stands.
    pub defined_at: Location,
}

/// How a source's files are recognised.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Recognition {
    /// `AP name`: the root has an `AP` value whose name (before any `:version`) is this,
    /// ignoring ASCII case. Every `AP` of the root counts (Fox writes two).
    Application(Str),
    /// `root ID ID`: the root holds every one of these identifiers.
    Root(List<Str>),
    /// `property ID ID`: each of these private properties names its source wherever it stands
    /// (an analysis program's, written into the nodes it analysed), and the tree is recognised
    /// where its root holds one.
    Property(List<Str>),
}

/// A private property of a source that holds an analysis program's results.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Analysis {
    /// The property.
    pub prop: Str,
    /// What its value measures, where it holds a number the export can table.
    pub measure: Option<Measure>,
    /// Whether the number is of the side that played the node's move (`mover-`), not of
    /// Black: the export turns it to Black's.
    pub mover: bool,
    /// The word of the value's first line that holds the number, from 1 (`/2`); `None` where
    /// the whole value is the number.
    pub word: Option<u32>,
}

/// What an analysis property's value measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    /// `win-rate`: Black's chance of winning, in percent.
    WinRate,
    /// `score-lead`: Black's lead in points.
    ScoreLead,
}

impl Measure {
    /// The keyword of the measure in a specification (`win-rate`).
    pub const fn keyword(self) -> &'static str {
        match self {
            Measure::WinRate => "win-rate",
            Measure::ScoreLead => "score-lead",
        }
    }
}

/// A value a source writes with a meaning of its own, or an identifier it uses for a
/// standard property.
#[derive(Clone, Debug, PartialEq)]
pub struct Quirk {
    /// The identifier as the source writes it.
    pub prop: Str,
    /// What the source means by it.
    pub rewrite: Rewrite,
    /// What it means, in words, for messages (`Fox's komi times 100`).
    pub meaning: Str,
    /// Why the specification says so: the files, counts or documents behind it.
    pub evidence: Str,
    /// Where the `Quirk:` line stands.
    pub defined_at: Location,
}

/// What a quirk does to a value, or to its property.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rewrite {
    /// `ID / N [when ID[VALUE]]`: a value written as a whole number is the meant value times
    /// `divisor`. With a condition, only where the root (or its game info) holds that value.
    Scale {
        /// What the written number is divided by.
        divisor: i64,
        /// The property and value that must be present, compared ignoring ASCII case.
        when: Option<(Str, Str)>,
    },
    /// `ID[VALUE] unknown`: this value says nothing of what was meant; nothing is guessed.
    Unknown(Str),
    /// `ID -> ID`: the source's identifier for a standard property.
    Rename(Str),
}

impl Rewrite {
    /// The meant value of a written one, for `Scale`: `None` where the value is not a whole
    /// number, or the rewrite is not a scale.
    pub fn scale(&self, written: &str) -> Option<f64> {
        let Rewrite::Scale { divisor, .. } = self else {
            return None;
        };
        let n: i64 = written.trim().parse().ok()?;
        // Whole numbers of a few digits: exact enough as f64 (`650 / 100`).
        #[allow(clippy::cast_precision_loss)]
        Some(n as f64 / *divisor as f64)
    }
}

/// Reads the value of an `Analysis:` line: identifiers, each optionally followed by `=` and
/// what it measures: `win-rate` or `score-lead`, after `mover-` where it is the number of the
/// side that played the node's move, and followed by `/N` where it is the Nth word of the
/// value's first line (`SBKV=win-rate SBKS=score-lead LZ=mover-win-rate/2 KT`).
pub(crate) fn analysis(value: &str, at: &Location) -> Result<Vec<Analysis>, Error> {
    let mut out = Vec::new();
    for item in value.split_whitespace() {
        let (prop, measured) = match item.split_once('=') {
            Some((prop, measured)) => (prop, Some(measured)),
            None => (item, None),
        };
        if !is_ident(prop) {
            return Err(Error::new(
                at.clone(),
                format!("expected a property identifier, found `{prop}`"),
            ));
        }
        let mut analysis = Analysis {
            prop: Cow::Owned(prop.to_owned()),
            measure: None,
            mover: false,
            word: None,
        };
        if let Some(measured) = measured {
            let (measured, word) = match measured.split_once('/') {
                Some((measured, word)) => {
                    (measured, Some(word.parse::<u32>().ok().filter(|&w| w > 0)))
                }
                None => (measured, None),
            };
            let (mover, measured) = match measured.strip_prefix("mover-") {
                Some(rest) => (true, rest),
                None => (false, measured),
            };
            let measure = [Measure::WinRate, Measure::ScoreLead]
                .into_iter()
                .find(|m| m.keyword() == measured);
            let (Some(measure), false) = (measure, matches!(word, Some(None))) else {
                return Err(Error::new(
                    at.clone(),
                    format!(
                        "`{item}`: expected `win-rate` or `score-lead` after `=`, optionally \
                         after `mover-` and before `/N` (a word of the value, from 1)"
                    ),
                ));
            };
            analysis.measure = Some(measure);
            analysis.mover = mover;
            analysis.word = word.flatten();
        }
        out.push(analysis);
    }
    if out.is_empty() {
        return Err(Error::new(
            at.clone(),
            "expected the identifiers of analysis properties",
        ));
    }
    Ok(out)
}

/// Reads the value of a `Source:` line: `AP name`, `root ID ID ...` or `property ID ID ...`.
pub(crate) fn recognition(value: &str, at: &Location) -> Result<Recognition, Error> {
    let mut words = value.split_whitespace();
    let expected = || {
        Error::new(
            at.clone(),
            format!(
                "expected `AP name`, `root IDENT ...` (the identifiers the root holds) or \
                 `property IDENT ...` (private properties that name the source), found `{value}`"
            ),
        )
    };
    match (words.next(), words.clone().next()) {
        (Some("AP"), Some(_)) => {
            let name = value
                .trim_start()
                .strip_prefix("AP")
                .unwrap_or_default()
                .trim();
            Ok(Recognition::Application(Cow::Owned(name.to_owned())))
        }
        (Some(kind @ ("root" | "property")), Some(_)) => {
            let idents: Vec<Str> = words.map(|w| Cow::Owned(w.to_owned())).collect();
            if !idents.iter().all(|i| is_ident(i)) {
                return Err(expected());
            }
            let idents = Cow::Owned(idents);
            Ok(match kind {
                "root" => Recognition::Root(idents),
                _ => Recognition::Property(idents),
            })
        }
        _ => Err(expected()),
    }
}

/// Reads the value of a `Quirk:` line: `ID[VALUE] unknown`, `ID / N [when ID[VALUE]]` or
/// `ID -> ID`, into the identifier and the rewrite.
pub(crate) fn quirk(value: &str, at: &Location) -> Result<(Str, Rewrite), Error> {
    let expected = || {
        Error::new(
            at.clone(),
            format!(
                "expected `ID[VALUE] unknown`, `ID / N`, `ID / N when ID[VALUE]` or `ID -> ID`, \
                 found `{value}`"
            ),
        )
    };
    let owned = |s: &str| Cow::Owned(s.to_owned());
    if let Some((from, to)) = value.split_once("->") {
        let (from, to) = (from.trim(), to.trim());
        return if is_ident(from) && is_ident(to) {
            Ok((owned(from), Rewrite::Rename(owned(to))))
        } else {
            Err(expected())
        };
    }
    if let Some(written) = value.trim().strip_suffix("unknown") {
        let (prop, written) = bracketed(written.trim()).ok_or_else(expected)?;
        return Ok((owned(prop), Rewrite::Unknown(owned(written))));
    }
    let (prop, rest) = value.split_once('/').ok_or_else(expected)?;
    let prop = prop.trim();
    let (divisor, when) = match rest.split_once("when") {
        Some((divisor, when)) => (divisor, Some(bracketed(when.trim()).ok_or_else(expected)?)),
        None => (rest, None),
    };
    let divisor: i64 = divisor.trim().parse().map_err(|_| expected())?;
    if !is_ident(prop) || divisor <= 0 {
        return Err(expected());
    }
    let when = when.map(|(p, v)| (owned(p), owned(v)));
    Ok((owned(prop), Rewrite::Scale { divisor, when }))
}

/// `ID[VALUE]` as the identifier and the value.
fn bracketed(text: &str) -> Option<(&str, &str)> {
    let (ident, rest) = text.split_once('[')?;
    let value = rest.strip_suffix(']')?;
    is_ident(ident).then_some((ident, value))
}

fn is_ident(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at() -> Location {
        Location {
            file: Cow::Borrowed("t.spec"),
            line: 1,
            col: 1,
        }
    }

    #[test]
    fn recognitions_read_an_application_or_the_root_s_identifiers() {
        assert_eq!(
            recognition("AP foxwq", &at()),
            Ok(Recognition::Application("foxwq".into()))
        );
        assert_eq!(
            recognition("AP Many Faces of Go", &at()),
            Ok(Recognition::Application("Many Faces of Go".into()))
        );
        assert_eq!(
            recognition("root KO RD", &at()),
            Ok(Recognition::Root(vec!["KO".into(), "RD".into()].into()))
        );
        assert_eq!(
            recognition("property SBKV SBKS", &at()),
            Ok(Recognition::Property(
                vec!["SBKV".into(), "SBKS".into()].into()
            ))
        );
        for bad in ["AP", "root", "root ko", "XX foxwq", "", "property"] {
            assert!(recognition(bad, &at()).is_err(), "{bad}");
        }
    }

    #[test]
    fn quirks_read_scales_unknown_values_and_renamings() {
        let scale = |divisor, when: Option<(&str, &str)>| Rewrite::Scale {
            divisor,
            when: when.map(|(p, v)| (p.to_owned().into(), v.to_owned().into())),
        };
        assert_eq!(
            quirk("KM / 100", &at()),
            Ok(("KM".into(), scale(100, None)))
        );
        assert_eq!(
            quirk("KM / 50 when RU[Chinese]", &at()),
            Ok(("KM".into(), scale(50, Some(("RU", "Chinese")))))
        );
        assert_eq!(
            quirk("KM[0] unknown", &at()),
            Ok(("KM".into(), Rewrite::Unknown("0".into())))
        );
        assert_eq!(
            quirk("KO -> KM", &at()),
            Ok(("KO".into(), Rewrite::Rename("KM".into())))
        );
        for bad in [
            "KM / 0",
            "KM / x",
            "KM",
            "km -> KM",
            "KM / 2 when RU",
            "KM[0",
        ] {
            assert!(quirk(bad, &at()).is_err(), "{bad}");
        }
    }

    #[test]
    fn analysis_lines_read_identifiers_and_what_they_measure() {
        let read = analysis(
            "SBKV=win-rate SBKS=score-lead LZ=mover-win-rate/2 KT",
            &at(),
        )
        .expect("a line");
        let measures: Vec<_> = read
            .iter()
            .map(|a| (a.prop.as_ref(), a.measure, a.mover, a.word))
            .collect();
        assert_eq!(
            measures,
            [
                ("SBKV", Some(Measure::WinRate), false, None),
                ("SBKS", Some(Measure::ScoreLead), false, None),
                ("LZ", Some(Measure::WinRate), true, Some(2)),
                ("KT", None, false, None),
            ]
        );
        for bad in [
            "",
            "SBKV=winrate",
            "sbkv",
            "LZ=win-rate/0",
            "LZ=win-rate/x",
            "LZ=mover-",
        ] {
            assert!(analysis(bad, &at()).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_scale_divides_whole_numbers_only() {
        let (_, rewrite) = quirk("KM / 100", &at()).expect("a quirk");
        assert_eq!(rewrite.scale("650"), Some(6.5));
        assert_eq!(rewrite.scale(" 375 "), Some(3.75));
        assert_eq!(rewrite.scale("6.5"), None);
        assert_eq!(Rewrite::Unknown("0".into()).scale("0"), None);
    }
}
