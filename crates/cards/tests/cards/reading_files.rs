//! Reading files as players write them: UTF-8 errors named by line,
//! column and byte offset, a byte order mark dropped, sizes in words.

use b5_cards::files::{decode, size_text};

#[test]
fn invalid_utf8_names_line_column_and_offset() {
    let e = decode(b"name: x\nrace: n\xffarn\n".to_vec(), "d.deck").unwrap_err();
    assert_eq!((e.line, e.column), (2, 8));
    assert!(e.message.contains("byte offset 15"), "{}", e.message);
}

#[test]
fn byte_order_mark_is_dropped() {
    assert_eq!(
        decode("\u{feff}name: x".as_bytes().to_vec(), "o").unwrap(),
        "name: x"
    );
}

#[test]
fn sizes_read_as_people_write_them() {
    assert_eq!(size_text(8 << 20), "8 MiB");
    assert_eq!(size_text(1536), "1536 bytes");
    assert_eq!(size_text(2048), "2 KiB");
}
