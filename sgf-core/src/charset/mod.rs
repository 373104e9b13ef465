//! Charsets: byte-order marks and UTF-16, `CA` labels, detection, and decoding values.

mod multibyte;

pub use multibyte::Multibyte;
