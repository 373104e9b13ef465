//! Reads one specification file into its groups, property definitions and directives.

use std::borrow::Cow;

use crate::directive::{self, Directive};
use crate::error::{Error, Errors};
use crate::lines::{LineKind, lines};
use crate::model::{Location, Property, PropertyType, Str};
use crate::source::{self, Analysis, Quirk, Recognition};
use crate::value_type;

/// One file of a specification, read but not yet resolved per game.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecFile {
    /// The file's name, as used in error locations.
    pub name: Str,
    /// The groups, in file order.
    pub groups: Vec<Group>,
}

/// A group of properties: a general group, or a game section when it has a `Gametype:`.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The header without its trailing `properties` (`Move`, `Lines of Action`).
    pub name: String,
    /// Where the header stands.
    pub at: Location,
    /// The `GM` number of a game section.
    pub gametype: Option<u32>,
    /// The `Module:` of a game section: the module of `sgf-core` that reads its points, moves
    /// and stones.
    pub module: Option<String>,
    /// The `Restrictions:` prose.
    pub restrictions: String,
    /// The machine-readable rules.
    pub directives: Vec<Directive>,
    /// The property definitions, in file order.
    pub properties: Vec<Property>,
    /// The `Source:` lines: the group describes a program or server that writes SGF, its
    /// private properties and its quirks.
    pub recognise: Vec<Recognition>,
    /// The `Quirk:` blocks of a source, in file order.
    pub quirks: Vec<Quirk>,
    /// The `Analysis:` lines of a source: its properties that hold analysis results.
    pub analysis: Vec<Analysis>,
}

/// Reads a specification file; every error of the file is reported.
pub fn parse_file(name: &str, text: &str) -> Result<SpecFile, Errors> {
    let mut reader = Reader {
        file: Cow::Owned(name.to_owned()),
        groups: Vec::new(),
        block: None,
        quirk_open: false,
        target: Target::Nothing,
        errors: Vec::new(),
    };
    for line in lines(text) {
        reader.line(line.number, line.kind);
    }
    reader.finish_block();
    if reader.errors.is_empty() {
        Ok(SpecFile {
            name: reader.file,
            groups: reader.groups,
        })
    } else {
        Err(Errors(reader.errors))
    }
}

/// A `Property:` block being read.
struct Block {
    at: Location,
    ident: String,
    name: Option<String>,
    value: Option<(String, Location)>,
    kind: Option<(String, Location)>,
    function: String,
    related: String,
}

/// What a continuation line continues.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Nothing,
    Restrictions,
    Function,
    Related,
    Meaning,
    Evidence,
    /// A one-line key; continuing it is an error.
    OneLine,
    /// A line already reported as an error: its continuations are not reported again.
    Skip,
}

struct Reader {
    file: Str,
    groups: Vec<Group>,
    block: Option<Block>,
    /// Whether the last key began or continued a `Quirk:` block, so that `Meaning:` and
    /// `Evidence:` belong to it.
    quirk_open: bool,
    target: Target,
    errors: Vec<Error>,
}

const BLOCK_KEYS: [&str; 4] = ["Propvalue", "Propertytype", "Function", "Related"];

impl Reader {
    fn at(&self, line: u32, col: u32) -> Location {
        Location {
            file: self.file.clone(),
            line,
            col,
        }
    }

    fn error(&mut self, at: Location, message: impl Into<String>) {
        self.errors.push(Error::new(at, message));
    }

    fn line(&mut self, number: u32, kind: LineKind<'_>) {
        match kind {
            LineKind::Blank => self.paragraph_break(),
            LineKind::Comment => {}
            LineKind::Header(header) => {
                self.finish_block();
                self.target = Target::Nothing;
                let name = header.trim_end_matches("properties").trim_end().to_owned();
                let at = self.at(number, 1);
                self.groups.push(Group {
                    name,
                    at,
                    gametype: None,
                    module: None,
                    restrictions: String::new(),
                    directives: Vec::new(),
                    properties: Vec::new(),
                    recognise: Vec::new(),
                    quirks: Vec::new(),
                    analysis: Vec::new(),
                });
            }
            LineKind::Key {
                key,
                value,
                value_col,
            } => self.key(key, value, self.at(number, 1), self.at(number, value_col)),
            LineKind::Continuation { text, col } => self.continuation(text, self.at(number, col)),
            LineKind::Garbled => {
                self.target = Target::Skip;
                self.error(
                    self.at(number, 1),
                    "expected a `Key:` line, a group header ending in `properties`, an indented \
                 continuation line, a `#` comment or a blank line",
                )
            }
        }
    }

    fn key(&mut self, key: &str, value: &str, key_at: Location, value_at: Location) {
        if self.groups.is_empty() {
            self.target = Target::Skip;
            return self.error(
                key_at,
                "expected a group header (`... properties`) before any key",
            );
        }
        if BLOCK_KEYS.contains(&key) {
            return self.block_key(key, value, key_at, value_at);
        }
        if matches!(key, "Meaning" | "Evidence") {
            return self.quirk_key(key, value, key_at);
        }
        self.finish_block();
        self.quirk_open = false;
        match key {
            "Source" => {
                self.target = Target::OneLine;
                match source::recognition(value, &value_at) {
                    Ok(recognition) => self.group().recognise.push(recognition),
                    Err(error) => self.errors.push(error),
                }
            }
            "Analysis" => {
                self.target = Target::OneLine;
                match source::analysis(value, &value_at) {
                    Ok(mut analysis) => self.group().analysis.append(&mut analysis),
                    Err(error) => self.errors.push(error),
                }
            }
            "Quirk" => {
                self.target = Target::OneLine;
                match source::quirk(value, &value_at) {
                    Ok((prop, rewrite)) => {
                        self.quirk_open = true;
                        self.group().quirks.push(Quirk {
                            prop,
                            rewrite,
                            meaning: Cow::Borrowed(""),
                            evidence: Cow::Borrowed(""),
                            defined_at: value_at,
                        });
                    }
                    Err(error) => self.errors.push(error),
                }
            }
            "Property" => self.start_block(value, value_at),
            "Restrictions" => {
                self.target = Target::Restrictions;
                self.append(Target::Restrictions, value);
            }
            "Gametype" => {
                self.target = Target::OneLine;
                match value.parse::<u32>() {
                    Ok(gm) if gm > 0 => self.set_gametype(gm, key_at),
                    _ => self.error(
                        value_at,
                        format!("expected a game number (GM) such as `1`, found `{value}`"),
                    ),
                }
            }
            "Module" => {
                self.target = Target::OneLine;
                self.set_module(value, key_at, value_at);
            }
            _ => {
                self.target = Target::OneLine;
                match directive::parse(key, value, value_at.clone()) {
                    Ok(directive) => self.group().directives.push(directive),
                    Err(error) => self.errors.push(error),
                }
            }
        }
    }

    fn set_gametype(&mut self, gm: u32, at: Location) {
        let group = self.group();
        if group.gametype.is_some() {
            return self.error(at, "a second `Gametype:` in this group");
        }
        group.gametype = Some(gm);
    }

    fn set_module(&mut self, module: &str, key_at: Location, value_at: Location) {
        let valid = module.starts_with(|c: char| c.is_ascii_lowercase())
            && module
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !valid {
            return self.error(
                value_at,
                format!("expected a module name such as `lines_of_action`, found `{module}`"),
            );
        }
        let group = self.group();
        if group.module.is_some() {
            return self.error(key_at, "a second `Module:` in this group");
        }
        group.module = Some(module.to_owned());
    }

    fn start_block(&mut self, value: &str, at: Location) {
        self.target = Target::OneLine;
        let (ident, name) = match value.split_once('(') {
            Some((ident, rest)) => match rest.trim_end().strip_suffix(')') {
                Some(name) => (ident.trim(), Some(name.trim().to_owned())),
                None => {
                    return self.error(at, "expected `)` at the end of the property's long name");
                }
            },
            None => (value, None),
        };
        if ident.is_empty() || !ident.chars().all(|c| c.is_ascii_uppercase()) {
            return self.error(
                at,
                format!(
                    "expected a property identifier of uppercase letters, optionally followed \
                     by a long name in parentheses, found `{value}`"
                ),
            );
        }
        self.block = Some(Block {
            at,
            ident: ident.to_owned(),
            name,
            value: None,
            kind: None,
            function: String::new(),
            related: String::new(),
        });
    }

    fn block_key(&mut self, key: &str, value: &str, key_at: Location, value_at: Location) {
        let Some(block) = self.block.as_mut() else {
            self.target = Target::Skip;
            return self.error(
                key_at,
                format!("`{key}:` outside a property block; expected `Property:` first"),
            );
        };
        let (slot, target) = match key {
            "Propvalue" => (&mut block.value, Target::OneLine),
            "Propertytype" => (&mut block.kind, Target::OneLine),
            "Function" if block.function.is_empty() => {
                self.target = Target::Function;
                return self.append(Target::Function, value);
            }
            "Related" if block.related.is_empty() => {
                self.target = Target::Related;
                return self.append(Target::Related, value);
            }
            _ => return self.error(key_at, format!("a second `{key}:` in this property block")),
        };
        if slot.is_some() {
            return self.error(key_at, format!("a second `{key}:` in this property block"));
        }
        *slot = Some((value.to_owned(), value_at));
        self.target = target;
    }

    fn quirk_key(&mut self, key: &str, value: &str, key_at: Location) {
        let Some(quirk) = self.groups.last().and_then(|g| g.quirks.last()) else {
            self.target = Target::Skip;
            return self.error(
                key_at,
                format!("`{key}:` outside a quirk; expected `Quirk:` first"),
            );
        };
        let (target, filled) = match key {
            "Meaning" => (Target::Meaning, !quirk.meaning.is_empty()),
            _ => (Target::Evidence, !quirk.evidence.is_empty()),
        };
        if !self.quirk_open || filled {
            self.target = Target::Skip;
            let message = if filled {
                format!("a second `{key}:` in this quirk")
            } else {
                format!("`{key}:` outside a quirk; expected `Quirk:` first")
            };
            return self.error(key_at, message);
        }
        self.target = target;
        self.append(target, value);
    }

    fn continuation(&mut self, text: &str, at: Location) {
        match self.target {
            Target::Nothing => self.error(
                at,
                "an indented line continues nothing; expected a `Key:` line or a group header",
            ),
            Target::OneLine => self.error(at, "this key's value must stay on one line"),
            Target::Skip => {}
            target => self.append(target, text),
        }
    }

    fn paragraph_break(&mut self) {
        if matches!(
            self.target,
            Target::Function | Target::Restrictions | Target::Meaning | Target::Evidence
        ) {
            self.append(self.target, "");
        }
    }

    /// Appends a line (or, when empty, a paragraph break) to a multi-line value.
    fn append(&mut self, target: Target, text: &str) {
        let out = match (target, self.block.as_mut()) {
            (Target::Function, Some(block)) => &mut block.function,
            (Target::Related, Some(block)) => &mut block.related,
            (Target::Meaning | Target::Evidence, _) => {
                let Some(quirk) = self.group().quirks.last_mut() else {
                    return;
                };
                let field = match target {
                    Target::Meaning => &mut quirk.meaning,
                    _ => &mut quirk.evidence,
                };
                field.to_mut()
            }
            _ => &mut self.group().restrictions,
        };
        if text.is_empty() {
            if !out.is_empty() && !out.ends_with("\n\n") {
                out.push_str("\n\n");
            }
            return;
        }
        if !out.is_empty() && !out.ends_with('\n') {
            out.push(if matches!(target, Target::Related | Target::Meaning) {
                ' '
            } else {
                '\n'
            });
        }
        out.push_str(text);
    }

    fn group(&mut self) -> &mut Group {
        self.groups
            .last_mut()
            .expect("keys are read only after a group header")
    }

    fn finish_block(&mut self) {
        let Some(block) = self.block.take() else {
            return;
        };
        let missing = |key: &str| format!("property `{}` has no `{key}:` line", block.ident);
        let Some((value, value_at)) = block.value.clone() else {
            return self.error(block.at.clone(), missing("Propvalue"));
        };
        let Some((kind, kind_at)) = block.kind.clone() else {
            return self.error(block.at.clone(), missing("Propertytype"));
        };
        let value = match value_type::parse(&value) {
            Ok(value) => value,
            Err(e) => {
                let col = value_at.col + u32::try_from(e.offset).unwrap_or(0);
                return self.error(Location { col, ..value_at }, e.message);
            }
        };
        let Some(kind) = PropertyType::from_keyword(&kind) else {
            return self.error(
                kind_at,
                format!("unknown property type `{kind}`; expected move, setup, root, game-info, inherit or -"),
            );
        };
        let related = block
            .related
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(|s| Cow::Owned(s.to_owned()))
            .collect::<Vec<_>>();
        let group = self.group();
        let property = Property {
            ident: Cow::Owned(block.ident),
            name: block.name.map(Cow::Owned),
            value,
            kind,
            group: Cow::Owned(group.name.clone()),
            game: None,
            doc: Cow::Owned(block.function.trim_end().to_owned()),
            related: Cow::Owned(related),
            defined_at: block.at,
        };
        group.properties.push(property);
    }
}
