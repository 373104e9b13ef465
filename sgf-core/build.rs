//! Generates the per-game property enums, tables and conversions from the specification.
//!
//! The spec texts come from `sgf-spec-data` (the workspace's `spec/`); editing them rebuilds
//! that crate and reruns this script. With the `ff5` feature the `FF[5]` draft is layered on top.

use std::path::Path;

fn main() {
    let mut files = vec![sgf_spec_data::FF4];
    if std::env::var_os("CARGO_FEATURE_FF5").is_some() {
        files.push(sgf_spec_data::FF5);
    }
    let texts: Vec<(&str, &str)> = files.iter().map(|f| (f.name, f.text)).collect();
    let spec = match sgf_spec::load(&texts) {
        Ok(spec) => spec,
        Err(errors) => {
            for error in errors.iter() {
                println!("cargo::error={error}");
            }
            std::process::exit(1);
        }
    };
    let options = sgf_codegen::Options::for_core(files.iter().map(|f| f.name.to_owned()).collect());
    let source = sgf_codegen::generate(&spec, &options);
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let out = Path::new(&out_dir).join("properties.rs");
    std::fs::write(&out, source).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
    for file in &files {
        let name = file.name.rsplit('/').next().unwrap_or(file.name);
        println!("cargo::rerun-if-changed={}/{name}", sgf_spec_data::DIR);
    }
    println!("cargo::rerun-if-changed=build.rs");
}
