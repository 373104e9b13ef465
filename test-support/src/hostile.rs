//! Inputs written to hurt: each generator makes an input of `n` repeats of its unit, for the
//! memory test (`tests/tests/hostile.rs`) and the benchmark's scaling table to grow with.

/// A generator: what it makes, and how, from `n` repeats of its unit.
pub type Generator = (&'static str, fn(usize) -> String);

/// The generators.
pub const GENERATORS: &[Generator] = &[
    (
        "a rectangle of the whole board, repeated in one list",
        |n| format!("(;GM[1]FF[4]SZ[52]AB{})", "[aa:ZZ]".repeat(n)),
    ),
    ("the same list property, repeated in one node", |n| {
        format!("(;GM[1]FF[4]SZ[52]{})", "AB[aa:ZZ]".repeat(n))
    }),
    ("overlapping rectangles, each different", |n| {
        let letters: Vec<char> = ('a'..='z').chain('A'..='Z').collect();
        let values: String = (0..n)
            .map(|i| format!("[{}{}:ZZ]", letters[i % 52], letters[i / 52 % 52]))
            .collect();
        format!("(;GM[1]FF[4]SZ[52]AB{values}AW{values})")
    }),
    ("rectangles before FF[4], which had none", |n| {
        format!("(;GM[1]FF[3]SZ[52]AB{})", "[aa:ZZ]".repeat(n))
    }),
    ("huge LB, AR and LN lists", |n| {
        let labels = "[aa:label][ab:label]".repeat(n / 2);
        let lines = "[aa:ss][ss:aa]".repeat(n / 2);
        format!("(;GM[1]FF[4]SZ[19]LB{labels}AR{lines}LN{lines})")
    }),
    ("nodes setting up occupied points", |n| {
        format!("(;GM[1]FF[4]SZ[19]AB[aa:ss]{})", ";AB[aa:ss]".repeat(n))
    }),
    ("moves on occupied points", |n| {
        format!("(;GM[1]FF[4]SZ[19]{})", ";B[aa]".repeat(n))
    }),
    ("a move of each colour in every node", |n| {
        format!("(;GM[1]FF[4]SZ[19]{})", ";B[aa]W[bb]".repeat(n))
    }),
    ("moves off the board", |n| {
        format!("(;GM[1]FF[4]SZ[19]{})", ";B[zz]".repeat(n))
    }),
    ("a move with setup on its point in every node", |n| {
        format!("(;GM[1]FF[4]SZ[19]{})", ";B[aa]AB[aa]".repeat(n))
    }),
    (
        "a variation of setup that turns an Amazons board over in every node",
        |n| {
            let nodes = ";AB[aa:ss]AW[aa:ss]".repeat(n);
            format!("(;GM[18]FF[4]SZ[19]({nodes})(;))")
        },
    ),
    (
        "variations nested in each other, each turning a quarter of the board over",
        |n| {
            let (open, close) = ("(;AB[aa:zz]AW[aa:zz]".repeat(n), ")(;)".repeat(n));
            format!("(;GM[1]FF[4]SZ[52]{open}{close})")
        },
    ),
    ("games in one file", |n| {
        "(;GM[1]FF[4]SZ[19];B[aa])".repeat(n)
    }),
    ("a text full of escapes", |n| {
        format!("(;GM[1]FF[4]C[{}])", "\\]\\\\".repeat(n))
    }),
    ("a CA on every node", |n| {
        format!("(;GM[1]FF[4]CA[UTF-8]{})", ";CA[UTF-8]B[aa]".repeat(n))
    }),
    ("an unknown property repeated", |n| {
        format!("(;GM[1]FF[4]{})", "XX[y]".repeat(n))
    }),
    ("a source's quirk in every node", |n| {
        let nodes = ";B[aa]KM[650]TC[3]".repeat(n);
        format!("(;GM[1]FF[4]AP[GNU Go:3.8]RU[Chinese]KM[375]AP[foxwq]TE[x]RD[y]KO[z]{nodes})")
    }),
    ("analysis in every node", |n| {
        let nodes = ";B[aa]SBKV[55.5]SBKS[-1.5]LZ[0.7 50.0 1k\nmove D4]KT[a][b][c]".repeat(n);
        format!("(;GM[1]FF[4]KTV[1.0]{nodes})")
    }),
    // Records of other formats, read through SGF text of their own.
    ("a GIB of moves on one point", |n| {
        format!("\\HS\n\\HE\n\\GS\n{}\\GE\n", "STO 0 2 1 3 3\n".repeat(n))
    }),
    ("an NGF of broken move lines", |n| {
        let header = "Game\n19\nw 1D\nb 1D\nsite\n0\n0\n6\n20240501\n5\nresult\n0\n";
        format!("{header}{}", "PMxxQ\n".repeat(n))
    }),
    ("a UGI review of variations on one node", |n| {
        let variation = "VARIATION,\nNODE,3,2,5,5\nVARIATIONEND,\n".repeat(n);
        format!("[Header]\nSize=19\n[ReviewNode]\nNODE,1,0,0,0\nNODE,2,1,4,4\n{variation}")
    }),
    ("a UGI review of variations nested in each other", |n| {
        let nested = "VARIATION,\nNODE,3,1,4,4\n".repeat(n);
        format!("[Header]\nSize=19\n[ReviewNode]\nNODE,1,0,0,0\n{nested}")
    }),
];
