//! Files that long computations leave behind (`sequence … into`,
//! `quotient … into`): each is replaced whole, never edited in place.

use std::fs::File;
use std::io::Write;
use std::path::Path;

/// Replaces `dir/name` with `text`: written to a temporary file, synced,
/// then renamed over the old one, so a crash leaves the old file or the
/// new one, never half of either. On failure, the path that failed.
pub(crate) fn replace_file(
    dir: &Path,
    name: &str,
    text: &str,
) -> Result<(), (std::path::PathBuf, std::io::Error)> {
    let path = dir.join(name);
    let temp = dir.join(format!("{name}.partial"));
    let mut f = File::create(&temp).map_err(|e| (temp.clone(), e))?;
    f.write_all(text.as_bytes())
        .map_err(|e| (temp.clone(), e))?;
    f.sync_all().map_err(|e| (temp.clone(), e))?;
    std::fs::rename(&temp, &path).map_err(|e| (path, e))
}
