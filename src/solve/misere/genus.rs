//! Genus theory (placeholder; see the next commit).
