//! The one list of what a finding can be about, for reading, validation and repair alike.

use std::fmt;

use super::Severity;

/// What a finding is about. The code's text ([`Code::as_str`]) is stable: tools may match on
/// it. New codes may be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Code {
    // What the reader finds in the bytes and the grammar.
    /// The input holds no game tree at all.
    NoGameTree,
    /// Bytes before the first `(` were skipped.
    JunkBeforeCollection,
    /// Bytes after the last game tree were skipped.
    JunkAfterCollection,
    /// Bytes that are not SGF between tokens were skipped.
    UnexpectedBytes,
    /// The input ends inside a game tree or a value (a file cut short); the open trees were
    /// closed.
    UnexpectedEnd,
    /// A `(` is not followed by `;`; a node was assumed.
    MissingSemicolon,
    /// The first game tree starts with a node (`;GM[1]...`) without its `(`; one was assumed.
    MissingOpenParen,
    /// A game tree or variation holds no node.
    EmptyGameTree,
    /// A node follows the variations of a sequence (`(;A(;B);C)`), which the grammar does not
    /// allow; it was read as a further variation.
    NodeAfterVariation,
    /// An unescaped `]` inside a value, followed by something that does not look like SGF, was
    /// taken as part of the value.
    UnescapedBracket,
    /// Values stand without a property identifier before them; they are kept under an empty
    /// identifier.
    ValueWithoutIdent,
    /// An identifier holds lowercase letters (`FF[1]`/`FF[3]` style, e.g. `AddBlack`); it is
    /// read by its uppercase letters.
    LowercaseIdent,
    /// The charset was detected (no `CA`, or a `CA` that could not be trusted); the message
    /// says how sure the detection was.
    CharsetDetected,
    /// The charset was detected, but another one reads the text nearly as well; the message
    /// names both. A `CA` would settle it.
    CharsetUncertain,
    /// Bytes not valid in the charset were replaced with U+FFFD.
    InvalidBytes,
    /// A line of a record of another format (GIB, NGF, UGF) that could not be read, and was
    /// skipped: a move line out of shape, a header line of no known form.
    BadRecordLine,
    /// A game tree holds more nodes, properties or values than can be counted (an input of over
    /// 4 GiB); reading stops there.
    TooLarge,

    // What both find: the reader where it stands in the bytes, validation in a tree.
    /// A property appears twice in one node; reading keeps each occurrence.
    RepeatedProperty,
    /// A value that does not fit its property's type (wrong syntax, out of range, off the
    /// board); it is kept verbatim as `Invalid`.
    BadValue,
    /// A property the game does not define (a private property, or one of another format); it
    /// is kept verbatim as `Unknown`, and only worth knowing.
    UnknownProperty,
    /// `CA` names a charset other than the one the text was read in.
    CharsetMismatch,
    /// `CA` names no known charset.
    UnknownCharset,

    // What validation finds: the specification's rules.
    /// Properties of an `Exclusive` rule stand together in a node (`B` and `W`).
    ExclusiveProperties,
    /// Properties of two types a `NoMix` rule keeps apart stand in one node (move and setup).
    MixedPropertyTypes,
    /// A property stands without any of the companions a `Requires` rule asks for (`KO`, `BM`
    /// without a move).
    MissingCompanion,
    /// A point appears twice across the properties of a `Unique` rule, or within one of them.
    RepeatedPoint,
    /// A value of a `NoDuplicates` property appears twice (`AR[aa:bb][aa:bb]`).
    DuplicateValue,
    /// The two parts of a value of a `DistinctParts` property are equal (`AR[cc:cc]`,
    /// `SZ[19:19]`).
    EqualParts,
    /// A `OncePerGame` property appears more than once in a game tree.
    RepeatedInGame,
    /// A property the format has dropped (`Dropped`).
    DroppedProperty,
    /// A text does not follow the format its property prescribes (`Format`: DT, RE).
    BadFormat,
    /// An identifier of an earlier format that a defined property replaces (`Renamed`: L, M).
    ObsoleteProperty,
    /// A `root` property outside the root node.
    MisplacedRootProperty,
    /// `game-info` properties in more than one node on a path from the root.
    RepeatedGameInfo,
    /// Something FF\[4\] introduced (a compressed point list, a rectangular board) in a tree of
    /// an earlier format, whose readers cannot read it.
    NewerFeature,
    /// A value outside its property's type that real files commonly write with a known
    /// meaning (a `Convention` of the spec: `HA[0]`, `AP[foxwq]`); only worth knowing.
    Convention,
    /// The program or server that wrote the tree, recognised from its root
    /// (`spec/sources.spec`): worth knowing, for what its quirks mean.
    Source,
    /// A value the tree's source writes in its own way, whose meaning the specification knows
    /// (Fox's `KM[650]`, a komi of 6.5): the message says what it means.
    SourceQuirk,
    /// A value the tree's source writes whatever was meant (Fox's `KM[0]`): what was meant is
    /// not known, and nothing is guessed.
    SourceUnknownValue,
    /// An identifier the tree's source writes for a standard property (the Nihon Kiin's `TE`
    /// for the event, `EV`); it is held to that property, not to its own identifier's rules.
    SourceRenamed,

    // What validation finds on the board, in the games whose positions are modelled.
    /// A stone played on a point that holds one.
    OccupiedPoint,
    /// Setup that changes nothing: `AB` on a black stone, `AE` on an empty point.
    SetupNoEffect,
    /// A ko retaken at once, without `KO` in the node.
    KoRetaken,
    /// A move that leaves its own group without liberties.
    Suicide,
    /// A move the game's rules do not allow (Hex, Amazons, Lines of Action).
    IllegalMove,
    /// Two moves of the same colour in a row, with no setup or `PL` between them.
    SameColourTwice,
    /// `HA` differs from the number of black stones the root sets up.
    HandicapMismatch,
}

impl Code {
    /// The stable text of the code, e.g. `exclusive-properties`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::NoGameTree => "no-game-tree",
            Code::JunkBeforeCollection => "junk-before-collection",
            Code::JunkAfterCollection => "junk-after-collection",
            Code::UnexpectedBytes => "unexpected-bytes",
            Code::UnexpectedEnd => "unexpected-end",
            Code::MissingSemicolon => "missing-semicolon",
            Code::MissingOpenParen => "missing-open-paren",
            Code::EmptyGameTree => "empty-game-tree",
            Code::NodeAfterVariation => "node-after-variation",
            Code::UnescapedBracket => "unescaped-bracket",
            Code::ValueWithoutIdent => "value-without-ident",
            Code::LowercaseIdent => "lowercase-ident",
            Code::CharsetDetected => "charset-detected",
            Code::CharsetUncertain => "charset-uncertain",
            Code::InvalidBytes => "invalid-bytes",
            Code::BadRecordLine => "bad-record-line",
            Code::TooLarge => "too-large",
            Code::RepeatedProperty => "repeated-property",
            Code::BadValue => "bad-value",
            Code::UnknownProperty => "unknown-property",
            Code::CharsetMismatch => "charset-mismatch",
            Code::UnknownCharset => "unknown-charset",
            Code::ExclusiveProperties => "exclusive-properties",
            Code::MixedPropertyTypes => "mixed-property-types",
            Code::MissingCompanion => "missing-companion",
            Code::RepeatedPoint => "repeated-point",
            Code::DuplicateValue => "duplicate-value",
            Code::EqualParts => "equal-parts",
            Code::RepeatedInGame => "repeated-in-game",
            Code::DroppedProperty => "dropped-property",
            Code::BadFormat => "bad-format",
            Code::ObsoleteProperty => "obsolete-property",
            Code::MisplacedRootProperty => "misplaced-root-property",
            Code::RepeatedGameInfo => "repeated-game-info",
            Code::NewerFeature => "newer-feature",
            Code::Convention => "convention",
            Code::Source => "source",
            Code::SourceQuirk => "source-quirk",
            Code::SourceUnknownValue => "source-unknown-value",
            Code::SourceRenamed => "source-renamed",
            Code::OccupiedPoint => "occupied-point",
            Code::SetupNoEffect => "setup-no-effect",
            Code::KoRetaken => "ko-retaken",
            Code::Suicide => "suicide",
            Code::IllegalMove => "illegal-move",
            Code::SameColourTwice => "same-colour-twice",
            Code::HandicapMismatch => "handicap-mismatch",
        }
    }

    /// The severity of the reader's finding of this code in lenient reading (strict reading
    /// makes every recovery an error); `None` for a code only validation reports, whose
    /// severity depends on the rule and the file. What breaks the grammar is an error, as it is
    /// for SGFC, which calls all of it critical but junk before the collection; a lowercase
    /// identifier is one only from FF\[4\] on (reading makes it an info in an older tree, where
    /// it was allowed).
    pub fn reading_severity(self) -> Option<Severity> {
        Some(match self {
            Code::JunkBeforeCollection => Severity::Warning,
            _ if self.is_recovery() || self.is_fatal() => Severity::Error,
            Code::BadValue
            | Code::CharsetMismatch
            | Code::CharsetUncertain
            | Code::UnknownCharset
            | Code::InvalidBytes => Severity::Warning,
            Code::UnknownProperty | Code::CharsetDetected => Severity::Info,
            _ => return None,
        })
    }

    /// Whether the code tells of something lenient reading recovered from, which strict reading
    /// refuses: a damaged structure, an unescaped bracket, a lowercase identifier, a property
    /// repeated in a node.
    pub fn is_recovery(self) -> bool {
        matches!(
            self,
            Code::RepeatedProperty
                | Code::JunkBeforeCollection
                | Code::JunkAfterCollection
                | Code::UnexpectedBytes
                | Code::UnexpectedEnd
                | Code::MissingSemicolon
                | Code::MissingOpenParen
                | Code::EmptyGameTree
                | Code::NodeAfterVariation
                | Code::UnescapedBracket
                | Code::ValueWithoutIdent
                | Code::LowercaseIdent
                | Code::BadRecordLine
        )
    }

    /// Whether a finding of this code leaves nothing to read, so that even lenient reading
    /// fails: no game tree, or a tree too large to hold.
    pub fn is_fatal(self) -> bool {
        matches!(self, Code::NoGameTree | Code::TooLarge)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Code {
    /// A code is serialised as its stable text.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_reading_recovers_from_or_fails_on_is_an_error_but_junk_before_the_collection() {
        for code in [
            Code::NoGameTree,
            Code::TooLarge,
            Code::UnexpectedEnd,
            Code::LowercaseIdent,
        ] {
            assert_eq!(code.reading_severity(), Some(Severity::Error), "{code}");
        }
        let junk = Code::JunkBeforeCollection;
        assert!(junk.is_recovery());
        assert_eq!(junk.reading_severity(), Some(Severity::Warning));
        assert_eq!(
            Code::CharsetDetected.reading_severity(),
            Some(Severity::Info)
        );
        assert_eq!(Code::ExclusiveProperties.reading_severity(), None);
    }
}
