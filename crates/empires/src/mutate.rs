//! Mutations of text files for fuzzing: the pieces the map and scenario
//! fuzzing (this crate's tests) and the save fuzzing (`b5 empires`'s
//! tests) mutate their valid files with. Each takes the file's bytes and
//! a generator and draws what it changes from it; a caller picks among
//! them with the same generator, and keeps for itself what is particular
//! to its format (the numbers that break it, how it nests).
//!
//! Not part of the game's API: public only so that the command line's
//! tests share it.

use rand::Rng;

/// Flips one bit of one byte. `bytes` must not be empty.
pub fn flip_bit(bytes: &mut [u8], rng: &mut impl Rng) {
    let i = rng.random_range(0..bytes.len());
    bytes[i] ^= 1 << rng.random_range(0..8);
}

/// Sets one byte to any value. `bytes` must not be empty.
pub fn any_byte(bytes: &mut [u8], rng: &mut impl Rng) {
    let i = rng.random_range(0..bytes.len());
    bytes[i] = rng.random();
}

/// Cuts the text short. `bytes` must not be empty.
pub fn truncate(bytes: &mut Vec<u8>, rng: &mut impl Rng) {
    bytes.truncate(rng.random_range(0..bytes.len()));
}

/// Deletes one line, or repeats it 1 to `most_repeats - 1` times.
pub fn delete_or_repeat_line(bytes: &mut Vec<u8>, rng: &mut impl Rng, most_repeats: usize) {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let mut lines: Vec<&str> = text.lines().collect();
    if !lines.is_empty() {
        let i = rng.random_range(0..lines.len());
        if rng.random_bool(0.5) {
            lines.remove(i);
        } else {
            let times = rng.random_range(1..most_repeats);
            for _ in 0..times {
                lines.insert(i, lines[i]);
            }
        }
    }
    *bytes = lines.join("\n").into_bytes();
}

/// Swaps two lines.
pub fn swap_lines(bytes: &mut Vec<u8>, rng: &mut impl Rng) {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let mut lines: Vec<&str> = text.lines().collect();
    if lines.len() > 1 {
        let i = rng.random_range(0..lines.len());
        let j = rng.random_range(0..lines.len());
        lines.swap(i, j);
    }
    *bytes = lines.join("\n").into_bytes();
}

/// Replaces a run of digits by one of `huge` (numbers that break careless
/// code); nothing when the text has no digit.
pub fn huge_number(bytes: &mut Vec<u8>, rng: &mut impl Rng, huge: &[&str]) {
    let len = bytes.len();
    let digits: Vec<usize> = (0..len).filter(|&i| bytes[i].is_ascii_digit()).collect();
    if let Some(&i) = digits.get(rng.random_range(0..digits.len().max(1))) {
        let mut j = i;
        while j < len && bytes[j].is_ascii_digit() {
            j += 1;
        }
        let huge = huge[rng.random_range(0..huge.len())].as_bytes();
        bytes.splice(i..j, huge.iter().copied());
    }
}

/// The start of the line that byte `i` is on.
pub fn line_start(bytes: &[u8], mut i: usize) -> usize {
    while i > 0 && bytes[i - 1] != b'\n' {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn each_mutation_changes_what_it_says() {
        let mut rng = Pcg64Mcg::seed_from_u64(5);
        let text = b"a = 1\nb = 22\nc = 333".to_vec();

        let mut b = text.clone();
        flip_bit(&mut b, &mut rng);
        assert_eq!(b.len(), text.len());
        let diff: Vec<u8> = b.iter().zip(&text).map(|(x, y)| x ^ y).collect();
        assert_eq!(diff.iter().map(|d| d.count_ones()).sum::<u32>(), 1);

        let mut b = text.clone();
        truncate(&mut b, &mut rng);
        assert!(b.len() < text.len() && text.starts_with(&b));

        let mut b = text.clone();
        huge_number(&mut b, &mut rng, &["99999999999999999999"]);
        assert!(String::from_utf8(b)
            .unwrap()
            .contains("99999999999999999999"));
        let mut b = b"no digits".to_vec();
        huge_number(&mut b, &mut rng, &["9"]);
        assert_eq!(b, b"no digits");

        for _ in 0..20 {
            let mut b = text.clone();
            delete_or_repeat_line(&mut b, &mut rng, 3);
            let n = String::from_utf8(b).unwrap().lines().count();
            assert!(n == 2 || n == 4 || n == 5, "{n} lines");
            let mut b = text.clone();
            swap_lines(&mut b, &mut rng);
            let mut lines: Vec<String> = String::from_utf8(b)
                .unwrap()
                .lines()
                .map(String::from)
                .collect();
            lines.sort();
            assert_eq!(lines, ["a = 1", "b = 22", "c = 333"]);
        }

        assert_eq!(line_start(&text, 0), 0);
        assert_eq!(line_start(&text, 8), 6);
        assert_eq!(line_start(&text, 6), 6);
    }
}
