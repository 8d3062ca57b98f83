//! Secrets: invitations and seat tokens are 256 random bits from the
//! operating system's generator, written as 64 hex digits. The server keeps
//! only their SHA-256 hashes and compares hashes in constant time. Secrets
//! are never logged.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A fresh secret (256 bits from the OS generator), as 64 hex digits.
pub fn new_secret() -> Result<String, getrandom::Error> {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b)?;
    Ok(hex(&b))
}

/// A fresh random u64 from the OS generator.
pub fn random_u64() -> Result<u64, getrandom::Error> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b)?;
    Ok(u64::from_le_bytes(b))
}

pub fn hex(b: &[u8]) -> String {
    const D: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(b.len() * 2);
    for &x in b {
        s.push(D[(x >> 4) as usize] as char);
        s.push(D[(x & 15) as usize] as char);
    }
    s
}

pub fn hash(secret: &str) -> [u8; 32] {
    Sha256::digest(secret.as_bytes()).into()
}

/// Whether `secret` hashes to `stored`, in constant time.
pub fn matches(secret: &str, stored: &[u8; 32]) -> bool {
    hash(secret).ct_eq(stored).into()
}
