//! `sgf render` as a person checks a diagram: every example renders to SVG and PNG, and in the
//! PNG a black stone is dark, a white one light, the last move is marked, and a marked point
//! carries its mark.

use std::path::Path;

use resvg::tiny_skia::Pixmap;

mod common;

use common::{sgf, temp_dir};

/// The distance between lines the tests draw with, and the margin it gives.
const CELL: f64 = 32.0;
const MARGIN: f64 = CELL * 1.2;

/// Renders `file` with `args` to a PNG and reads it back.
fn render(dir: &Path, file: &Path, args: &[&str]) -> Pixmap {
    let out = dir.join("out.png");
    let mut all = vec![
        "render",
        file.to_str().expect("a path"),
        "-o",
        out.to_str().expect("a path"),
    ];
    all.extend_from_slice(args);
    let output = sgf(&all);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Pixmap::decode_png(&std::fs::read(&out).expect("a PNG")).expect("a PNG that decodes")
}

/// The brightness (0-255) of the pixel `dx`, `dy` cells from the centre of point `col`, `row`.
fn brightness(image: &Pixmap, col: u32, row: u32, dx: f64, dy: f64) -> u32 {
    let x = (MARGIN + f64::from(col) * CELL + dx * CELL).round() as u32;
    let y = (MARGIN + f64::from(row) * CELL + dy * CELL).round() as u32;
    let pixel = image.pixel(x, y).expect("a pixel inside the image");
    (u32::from(pixel.red()) + u32::from(pixel.green()) + u32::from(pixel.blue())) / 3
}

/// The stones of a position, the mark of its last move, and the wood.
#[test]
fn stones_and_the_last_move_show_in_the_pixels() {
    let dir = temp_dir("stones");
    let file = dir.join("game.sgf");
    std::fs::write(&file, "(;FF[4]GM[1]SZ[9];B[ee];W[gc];B[cg])").expect("a fixture");
    let image = render(&dir, &file, &["--cell", "32"]);
    assert_eq!(image.width(), (MARGIN * 2.0 + 8.0 * CELL).round() as u32);
    // A black stone is dark, a white one light, an empty point between lines the wood.
    assert!(brightness(&image, 4, 4, 0.3, 0.0) < 60, "black at ee");
    assert!(brightness(&image, 6, 2, 0.3, 0.0) > 200, "white at gc");
    let wood = brightness(&image, 1, 1, 0.5, 0.5);
    assert!(
        (120..200).contains(&wood),
        "the wood between the lines: {wood}"
    );
    // The last move, black at cg, carries a light ring; the first one does not.
    assert!(brightness(&image, 2, 6, 0.22, 0.0) > 200, "the ring on cg");
    assert!(brightness(&image, 4, 4, 0.22, 0.0) < 60, "no ring on ee");
    // After the first move only, ee is the last move and gc is empty.
    let first = render(&dir, &file, &["--cell", "32", "--move", "1"]);
    assert!(brightness(&first, 4, 4, 0.22, 0.0) > 200, "the ring on ee");
    assert!((120..200).contains(&brightness(&first, 6, 2, 0.3, 0.3)));
}

/// Each kind of mark changes the pixels of its point, where the bare board would be wood.
#[test]
fn marked_points_carry_their_marks() {
    let dir = temp_dir("marks");
    let file = dir.join("marks.sgf");
    std::fs::write(
        &file,
        "(;FF[4]GM[1]SZ[9];B[ee];W[cc]CR[ac]SQ[ae]TR[ag]MA[ai]SL[gg]AR[ga:ia]LN[ha:hc])",
    )
    .expect("a fixture");
    let image = render(&dir, &file, &["--cell", "32"]);
    // A circle's ring, a square's side, a triangle's lower side, a cross's arm: dark ink on
    // empty points, away from the grid lines.
    let marks = [
        ((0, 2), (0.184, 0.184), "the circle on ac"),
        ((0, 4), (0.24, 0.1), "the square on ae"),
        ((0, 6), (0.1, 0.15), "the triangle on ag"),
        ((0, 8), (0.1, 0.1), "the cross on ai"),
    ];
    for ((col, row), (dx, dy), what) in marks {
        assert!(brightness(&image, col, row, dx, dy) < 90, "{what}");
    }
    // A selected point is tinted blue.
    let x = (MARGIN + 6.0 * CELL + 0.3 * CELL) as u32;
    let y = (MARGIN + 6.0 * CELL + 0.3 * CELL) as u32;
    let selected = image.pixel(x, y).expect("a pixel");
    assert!(
        selected.blue() > selected.red(),
        "gg is selected: {selected:?}"
    );
    // An arrow and a line are red.
    let x = (MARGIN + 7.0 * CELL) as u32;
    let y = (MARGIN + 1.0 * CELL) as u32;
    let line = image.pixel(x, y).expect("a pixel");
    assert!(
        line.red() > 150 && line.green() < 80,
        "the line on h: {line:?}"
    );
    // Without the marks, the same points are wood.
    let bare = render(&dir, &file, &["--cell", "32", "--move", "1"]);
    for ((col, row), (dx, dy), what) in marks {
        let wood = brightness(&bare, col, row, dx, dy);
        assert!(wood > 110, "{what}, unmarked: {wood}");
    }
}

/// Every bundled example draws, as SVG and as PNG.
#[test]
fn every_example_renders() {
    let dir = temp_dir("examples");
    let examples = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples"));
    let mut drawn = 0;
    for entry in std::fs::read_dir(examples).expect("the examples") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "sgf") {
            continue;
        }
        for (out, numbers) in [("out.svg", None), ("out.png", Some("1-3"))] {
            let out = dir.join(out);
            let mut args = vec![
                "render",
                path.to_str().expect("a path"),
                "-o",
                out.to_str().expect("a path"),
            ];
            if let Some(range) = numbers {
                args.extend(["--numbers", range]);
            }
            let output = sgf(&args);
            assert!(
                output.status.success(),
                "{}: {}",
                path.display(),
                String::from_utf8_lossy(&output.stderr)
            );
            let bytes = std::fs::read(&out).expect("written");
            assert!(bytes.len() > 100, "{}", path.display());
        }
        let svg = std::fs::read_to_string(dir.join("out.svg")).expect("SVG");
        assert!(resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).is_ok());
        drawn += 1;
    }
    assert!(drawn >= 3, "{drawn} examples");
}

#[test]
fn what_cannot_be_drawn_is_said() {
    let dir = temp_dir("refusals");
    let hex = dir.join("hex.sgf");
    std::fs::write(&hex, "(;GM[11];B[a1])").expect("a fixture");
    let out = dir.join("out.svg");
    let out = out.to_str().expect("a path");
    let output = sgf(&["render", hex.to_str().expect("a path"), "-o", out]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is not Go"));
    let go = dir.join("go.sgf");
    std::fs::write(&go, "(;GM[1];B[aa])").expect("a fixture");
    let go = go.to_str().expect("a path");
    let output = sgf(&["render", go, "--node", "7", "-o", out]);
    assert_eq!(output.status.code(), Some(2));
    let bad = dir.join("out.gif");
    let output = sgf(&["render", go, "-o", bad.to_str().expect("a path")]);
    assert_eq!(output.status.code(), Some(2));
    let output = sgf(&["render", go, "--numbers", "9-2", "-o", out]);
    assert_eq!(output.status.code(), Some(2), "a range that runs backwards");
}
