//! A game record read from another format, built node by node, and written as SGF text with
//! where each of its properties came from in the original file.

use std::ops::Range;

use crate::games::go::{MAX_COORDINATE, Point};
use crate::value::escape;

/// A property as the SGF text will hold it: its values unescaped, and the bytes of the file it
/// was read from.
#[derive(Debug)]
struct Prop {
    ident: &'static str,
    values: Vec<String>,
    at: Range<usize>,
}

#[derive(Debug, Default)]
struct RecordNode {
    props: Vec<Prop>,
    children: Vec<usize>,
    /// How deep in variations the node was written: a parent's children are written in this
    /// order, so that its main line (the least deep) comes first.
    level: usize,
}

/// A game tree being read: node 0 is the root.
#[derive(Debug)]
pub(crate) struct Record {
    nodes: Vec<RecordNode>,
}

/// The root of every record.
pub(crate) const ROOT: usize = 0;

/// Where a property of the SGF text (its first byte) came from in the file.
pub(crate) type Anchor = (usize, Range<usize>);

impl Record {
    /// A record of one empty root node.
    pub(crate) fn new() -> Record {
        Record {
            nodes: vec![RecordNode::default()],
        }
    }

    /// Property `ident` of `node`, added without a value if the node has none.
    fn prop(&mut self, node: usize, ident: &'static str, at: Range<usize>) -> &mut Prop {
        let props = &mut self.nodes[node].props;
        let index = match props.iter().position(|p| p.ident == ident) {
            Some(index) => index,
            None => {
                props.push(Prop {
                    ident,
                    values: Vec::new(),
                    at,
                });
                props.len() - 1
            }
        };
        &mut props[index]
    }

    /// Sets property `ident` of `node` to one value, read from bytes `at`.
    pub(crate) fn set(
        &mut self,
        node: usize,
        ident: &'static str,
        value: String,
        at: Range<usize>,
    ) {
        let prop = self.prop(node, ident, at.clone());
        prop.values = vec![value];
        prop.at = at;
    }

    /// Adds a value to property `ident` of `node` (a list: `AB`), read from bytes `at`.
    pub(crate) fn add(
        &mut self,
        node: usize,
        ident: &'static str,
        value: String,
        at: Range<usize>,
    ) {
        let prop = self.prop(node, ident, at);
        if !prop.values.contains(&value) {
            prop.values.push(value);
        }
    }

    /// The value of property `ident` of `node`, if it has one.
    pub(crate) fn get(&self, node: usize, ident: &str) -> Option<&str> {
        let prop = self.nodes[node].props.iter().find(|p| p.ident == ident)?;
        prop.values.first().map(String::as_str)
    }

    /// Appends to the text of property `ident` of `node` (a comment), a line at a time.
    pub(crate) fn append_line(
        &mut self,
        node: usize,
        ident: &'static str,
        line: &str,
        at: Range<usize>,
    ) {
        let prop = self.prop(node, ident, at);
        match prop.values.first_mut() {
            Some(text) => {
                text.push('\n');
                text.push_str(line);
            }
            None => prop.values.push(line.to_owned()),
        }
    }

    /// Adds a child to `parent`, `level` variations deep, and returns it.
    pub(crate) fn child(&mut self, parent: usize, level: usize) -> usize {
        let id = self.nodes.len();
        self.nodes.push(RecordNode {
            level,
            ..RecordNode::default()
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// The record as SGF text, one node a line, with the anchors of its properties in the
    /// order of the text. Written without recursion: a record's depth is the file's to choose.
    pub(crate) fn write(&self) -> (String, Vec<Anchor>) {
        enum Step {
            Open,
            Node(usize),
            Close,
        }
        let mut out = String::from("(");
        let mut anchors = Vec::new();
        let mut steps = vec![Step::Node(ROOT)];
        while let Some(step) = steps.pop() {
            match step {
                Step::Open => out.push_str("\n("),
                Step::Close => out.push(')'),
                Step::Node(id) => {
                    let node = &self.nodes[id];
                    if id != ROOT && !out.ends_with('(') {
                        out.push('\n');
                    }
                    self.write_node(node, &mut out, &mut anchors);
                    match node.children[..] {
                        [] => {}
                        [only] => steps.push(Step::Node(only)),
                        ref children => {
                            // The main line first: the children by how deep in variations
                            // they were written, in the order they were within each depth.
                            let mut children = children.to_vec();
                            children.sort_by_key(|&c| self.nodes[c].level);
                            for &child in children.iter().rev() {
                                steps.extend([Step::Close, Step::Node(child), Step::Open]);
                            }
                        }
                    }
                }
            }
        }
        out.push_str(")\n");
        (out, anchors)
    }

    fn write_node(&self, node: &RecordNode, out: &mut String, anchors: &mut Vec<Anchor>) {
        if let Some(first) = node.props.first() {
            anchors.push((out.len(), first.at.clone()));
        }
        out.push(';');
        for prop in &node.props {
            anchors.push((out.len(), prop.at.clone()));
            out.push_str(prop.ident);
            for value in &prop.values {
                out.push('[');
                escape(value, out);
                out.push(']');
            }
        }
    }
}

/// A point of a square board of `size` as SGF writes it, from its column and row counted
/// from 0 at the top left; `None` off the board.
pub(crate) fn point(size: u8, col: i64, row: i64) -> Option<String> {
    let on = |v: i64| (0..i64::from(size.min(MAX_COORDINATE + 1))).contains(&v);
    if !(on(col) && on(row)) {
        return None;
    }
    let (col, row) = (u8::try_from(col).ok()?, u8::try_from(row).ok()?);
    Some(Point { col, row }.to_string())
}

/// A real number as SGF writes it: `6.5`, `-5.5`, `7`, from tenths.
pub(crate) fn tenths(value: i64) -> String {
    let sign = if value < 0 { "-" } else { "" };
    let abs = value.unsigned_abs();
    match abs % 10 {
        0 => format!("{sign}{}", abs / 10),
        frac => format!("{sign}{}.{frac}", abs / 10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_written_with_its_main_line_first_and_its_variations_after() {
        let mut record = Record::new();
        record.set(ROOT, "GM", "1".into(), 0..1);
        let a = record.child(ROOT, 0);
        record.set(a, "B", "aa".into(), 2..3);
        let variation = record.child(a, 1);
        record.set(variation, "W", "cc".into(), 6..7);
        record.set(variation, "C", "a ] and a \\".into(), 6..7);
        let b = record.child(a, 0);
        record.set(b, "W", "bb".into(), 4..5);
        let (text, anchors) = record.write();
        assert_eq!(
            text,
            "(;GM[1]\n;B[aa]\n(;W[bb])\n(;W[cc]C[a \\] and a \\\\]))\n"
        );
        let w = text.find("W[bb]").expect("written");
        assert!(anchors.contains(&(w, 4..5)));
    }

    #[test]
    fn points_and_reals_are_written_as_sgf_writes_them() {
        assert_eq!(point(19, 15, 3).as_deref(), Some("pd"));
        assert_eq!(point(19, 19, 3), None);
        assert_eq!(point(19, -1, 3), None);
        assert_eq!(tenths(65), "6.5");
        assert_eq!(tenths(-55), "-5.5");
        assert_eq!(tenths(70), "7");
        assert_eq!(tenths(5), "0.5");
        assert_eq!(tenths(-5), "-0.5");
    }
}
