//! Generates properties from the standard specification with `fixtures/extra.spec` layered on
//! top, exactly as `sgf-core` does from `spec/` alone.

use std::path::Path;

fn main() {
    let extra_path = "fixtures/extra.spec";
    let extra = std::fs::read_to_string(extra_path).expect("the fixture spec is readable");
    let ff4 = sgf_spec_data::FF4;
    let spec = sgf_spec::load(&[(ff4.name, ff4.text), ("tests/fixtures/extra.spec", &extra)])
        .unwrap_or_else(|errors| panic!("{errors}"));
    let options = sgf_codegen::Options::for_dependent(
        vec![ff4.name.to_owned(), "tests/fixtures/extra.spec".to_owned()],
        "cargo build -p sgf-workspace-tests",
    );
    let out =
        Path::new(&std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("properties.rs");
    std::fs::write(&out, sgf_codegen::generate(&spec, &options)).expect("OUT_DIR is writable");
    println!("cargo::rerun-if-changed={extra_path}");
    println!("cargo::rerun-if-changed=build.rs");
}
