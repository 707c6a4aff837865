//! Fingerprints of SARIF results (`partialFingerprints`, SARIF 2.1.0
//! §3.27.17): code scanning matches a result of one run with the same
//! result of the next by them, so they must not change when unrelated
//! lines move.  They hash what the result is about (rule, file, kernel,
//! array, the accesses as written), never line numbers, with 64-bit
//! FNV-1a: a fixed function, so the same input gives the same fingerprint
//! on every build and platform (std's `DefaultHasher` promises neither).

/// The key of mapcheck's fingerprint in `partialFingerprints`; the
/// version changes if what is hashed changes.
pub const KEY: &str = "mapcheckResult/v1";

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// The fingerprint of the parts, in order: 16 hex digits.  Each part is
/// followed by a separator byte that text cannot contain, so that
/// `["ab", "c"]` and `["a", "bc"]` differ.
pub fn fingerprint(parts: &[&str]) -> String {
    let bytes = parts.iter().flat_map(|p| p.bytes().chain([0xff]));
    format!("{:016x}", fnv1a(bytes))
}

/// 64-bit FNV-1a of the bytes.
fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(FNV_OFFSET, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(FNV_PRIME)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_1a_of_the_reference_test_vectors() {
        // The published FNV-1a 64 values of "" and "a" and "foobar".
        assert_eq!(fnv1a(*b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(*b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(*b"foobar"), 0x8594_4171_f739_67e8);
        assert_eq!(fingerprint(&["a"]).len(), 16);
    }

    #[test]
    fn parts_are_separated() {
        assert_ne!(fingerprint(&["ab", "c"]), fingerprint(&["a", "bc"]));
        assert_eq!(fingerprint(&["x", "y"]), fingerprint(&["x", "y"]));
    }
}
