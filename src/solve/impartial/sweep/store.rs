//! What a sweep leaves on disk, in its directory:
//!
//! - `values.u16le`: the value of heap 0, 1, 2, … as two little-endian bytes
//!   each, written as they are computed;
//! - `checkpoint.json`: how many heaps the values file holds for certain, their
//!   checksum, the mask and rare heaps, and the segments (runs) that wrote
//!   them. It is written after the values it counts are on disk, to a
//!   temporary file renamed over the old one, so a crash leaves the previous
//!   checkpoint whole and at most some values past it, which a resumed run
//!   cuts off.
//!
//! The checksum is a polynomial hash modulo the prime 2⁶¹ − 1 of the values
//! (each plus one), so the checksum of two segments one after the other is
//! `h₁ · Xⁿ² + h₂`: two units computed apart can be merged and compared with
//! one run.

use super::SweepError;
use serde_json::{json, Value as Json};
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The prime modulus.
pub const P: u64 = (1 << 61) - 1;
/// The base (any residue; fixed so checksums compare across runs).
const X: u64 = 0x0a5f_3c6e_91d2_4b87 % P;
/// What a checkpoint names its format.
const FORMAT: &str = "grundy sweep 1";
/// Bytes written at once.
const BUFFER: usize = 1 << 20;

/// `a · b` modulo [`P`] (both below it).
pub fn mul(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    let s = (p as u64 & P) + (p >> 61) as u64;
    if s >= P {
        s - P
    } else {
        s
    }
}

fn pow(mut b: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, b);
        }
        b = mul(b, b);
        e >>= 1;
    }
    r
}

/// The checksum of a run of values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Checksum {
    /// The hash.
    pub hash: u64,
    /// How many values.
    pub len: u64,
}

impl Checksum {
    /// Adds the next value.
    #[inline]
    pub fn push(&mut self, v: u16) {
        let s = mul(self.hash, X) + u64::from(v) + 1;
        self.hash = if s >= P { s - P } else { s };
        self.len += 1;
    }

    /// The checksum of `self`'s values followed by `next`'s.
    pub fn then(self, next: Checksum) -> Checksum {
        let s = mul(self.hash, pow(X, next.len)) + next.hash;
        Checksum {
            hash: if s >= P { s - P } else { s },
            len: self.len + next.len,
        }
    }

    /// As written in checkpoints and answers.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.hash)
    }
}

/// One run's part of the values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    /// The first heap it computed.
    pub from: u64,
    /// Its values' checksum (`len` of them).
    pub sum: Checksum,
    /// Seconds it ran.
    pub seconds: f64,
}

/// A checkpoint's contents.
#[derive(Debug, Clone, PartialEq)]
pub struct Checkpoint {
    /// The code swept, as written by grundy (`0.1777`, `4!.0`).
    pub game: String,
    /// The checksum of every value kept (`sum.len` heaps).
    pub sum: Checksum,
    /// The mask, once chosen.
    pub mask: Option<u32>,
    /// Rare heaps and their values.
    pub rare: Vec<(u32, u16)>,
    /// The runs that wrote the values, in order.
    pub segments: Vec<Segment>,
    /// The period proven on these values: (preperiod, period).
    pub period: Option<(usize, usize)>,
}

impl Checkpoint {
    fn to_json(&self) -> Json {
        json!({
            "format": FORMAT,
            "game": self.game,
            "heaps": self.sum.len,
            "checksum": self.sum.hex(),
            "mask": self.mask,
            "rare": self.rare.iter().map(|&(h, v)| json!([h, v])).collect::<Vec<_>>(),
            "period": self.period.map(|(l, p)| json!({"preperiod": l, "period": p})),
            "segments": self.segments.iter().map(|s| json!({
                "from": s.from,
                "heaps": s.sum.len,
                "checksum": s.sum.hex(),
                "seconds": (s.seconds * 1000.0).round() / 1000.0,
            })).collect::<Vec<_>>(),
        })
    }

    fn from_json(j: &Json) -> Option<Checkpoint> {
        if j.get("format")?.as_str()? != FORMAT {
            return None;
        }
        let hex = |v: &Json| u64::from_str_radix(v.as_str()?, 16).ok();
        let rare = j
            .get("rare")?
            .as_array()?
            .iter()
            .map(|p| {
                Some((
                    u32::try_from(p.get(0)?.as_u64()?).ok()?,
                    u16::try_from(p.get(1)?.as_u64()?).ok()?,
                ))
            })
            .collect::<Option<Vec<_>>>()?;
        let segments = j
            .get("segments")?
            .as_array()?
            .iter()
            .map(|s| {
                Some(Segment {
                    from: s.get("from")?.as_u64()?,
                    sum: Checksum {
                        hash: hex(s.get("checksum")?)?,
                        len: s.get("heaps")?.as_u64()?,
                    },
                    seconds: s.get("seconds")?.as_f64()?,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Checkpoint {
            game: j.get("game")?.as_str()?.to_string(),
            sum: Checksum {
                hash: hex(j.get("checksum")?)?,
                len: j.get("heaps")?.as_u64()?,
            },
            mask: match j.get("mask")? {
                Json::Null => None,
                m => Some(u32::try_from(m.as_u64()?).ok()?),
            },
            rare,
            segments,
            period: match j.get("period") {
                None | Some(Json::Null) => None,
                Some(p) => Some((
                    usize::try_from(p.get("preperiod")?.as_u64()?).ok()?,
                    usize::try_from(p.get("period")?.as_u64()?).ok()?,
                )),
            },
        })
    }
}

/// The directory of one sweep: its values file, open for appending, and its
/// checkpoint.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    file: File,
    /// Values computed but not yet written.
    buffer: Vec<u8>,
    /// Values on disk (written, maybe not yet synced).
    written: u64,
}

fn io(path: &Path, e: std::io::Error) -> SweepError {
    SweepError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

impl Store {
    /// The values file's path.
    pub fn values_path(dir: &Path) -> PathBuf {
        dir.join("values.u16le")
    }

    /// The checkpoint's path.
    pub fn checkpoint_path(dir: &Path) -> PathBuf {
        dir.join("checkpoint.json")
    }

    /// The checkpoint in `dir`, if there is one.
    pub fn read_checkpoint(dir: &Path) -> Result<Option<Checkpoint>, SweepError> {
        let path = Store::checkpoint_path(dir);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io(&path, e)),
        };
        let parsed = serde_json::from_str::<Json>(&text)
            .ok()
            .and_then(|j| Checkpoint::from_json(&j));
        match parsed {
            Some(c) => Ok(Some(c)),
            None => Err(SweepError::Damaged {
                path: path.display().to_string(),
                why: "it is not a checkpoint grundy wrote".into(),
            }),
        }
    }

    /// Opens `dir` (created if missing) with its values file cut to `heaps`
    /// values; an error if it holds fewer.
    pub fn open(dir: &Path, heaps: u64) -> Result<Store, SweepError> {
        std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        let path = Store::values_path(dir);
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| io(&path, e))?;
        let len = file.metadata().map_err(|e| io(&path, e))?.len();
        if len < heaps * 2 {
            return Err(SweepError::Damaged {
                path: path.display().to_string(),
                why: format!(
                    "it holds {} values, and the checkpoint counts {heaps}",
                    len / 2
                ),
            });
        }
        file.set_len(heaps * 2).map_err(|e| io(&path, e))?;
        Ok(Store {
            dir: dir.to_path_buf(),
            file,
            buffer: Vec::with_capacity(BUFFER),
            written: heaps,
        })
    }

    /// Appends heap `written + buffered`'s value.
    #[inline]
    pub fn put(&mut self, v: u16) -> Result<(), SweepError> {
        self.buffer.extend_from_slice(&v.to_le_bytes());
        if self.buffer.len() >= BUFFER {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the buffered values to the file.
    pub fn flush(&mut self) -> Result<(), SweepError> {
        use std::io::{Seek, SeekFrom};
        let path = Store::values_path(&self.dir);
        self.file
            .seek(SeekFrom::Start(self.written * 2))
            .map_err(|e| io(&path, e))?;
        self.file
            .write_all(&self.buffer)
            .map_err(|e| io(&path, e))?;
        self.written += (self.buffer.len() / 2) as u64;
        self.buffer.clear();
        Ok(())
    }

    /// Values `from..from + out.len()`, from the file or the buffer.
    pub fn read(&mut self, from: usize, out: &mut [u16]) -> Result<(), SweepError> {
        use std::io::{Seek, SeekFrom};
        let path = Store::values_path(&self.dir);
        let mut bytes = vec![0u8; out.len() * 2];
        let from = from as u64;
        let on_disk = self.written.saturating_sub(from).min(out.len() as u64) as usize;
        if on_disk > 0 {
            let disk = bytes.get_mut(..on_disk * 2).unwrap_or(&mut []);
            self.file
                .seek(SeekFrom::Start(from * 2))
                .and_then(|_| self.file.read_exact(disk))
                .map_err(|e| io(&path, e))?;
        }
        if on_disk < out.len() {
            let at = ((from + on_disk as u64 - self.written) * 2) as usize;
            let want = (out.len() - on_disk) * 2;
            let src = self.buffer.get(at..at + want).ok_or(SweepError::Damaged {
                path: path.display().to_string(),
                why: "a value past those computed was asked for".into(),
            })?;
            if let Some(dst) = bytes.get_mut(on_disk * 2..) {
                dst.copy_from_slice(src);
            }
        }
        for (o, b) in out.iter_mut().zip(bytes.chunks_exact(2)) {
            *o = u16::from_le_bytes([
                b.first().copied().unwrap_or(0),
                b.get(1).copied().unwrap_or(0),
            ]);
        }
        Ok(())
    }

    /// Flushes and syncs the values, then replaces the checkpoint.
    pub fn save(&mut self, checkpoint: &Checkpoint) -> Result<(), SweepError> {
        self.flush()?;
        let values = Store::values_path(&self.dir);
        self.file.sync_data().map_err(|e| io(&values, e))?;
        let text = serde_json::to_string_pretty(&checkpoint.to_json()).unwrap_or_default();
        crate::solve::files::replace_file(&self.dir, "checkpoint.json", &text)
            .map_err(|(path, e)| io(&path, e))
    }

    /// Reads every value on disk from heap 0 in blocks, calling `each`.
    pub fn scan(
        &mut self,
        mut each: impl FnMut(usize, &[u16]) -> Result<(), SweepError>,
    ) -> Result<(), SweepError> {
        let path = Store::values_path(&self.dir);
        let mut file = File::open(&path).map_err(|e| io(&path, e))?;
        let mut bytes = vec![0u8; BUFFER];
        let mut values = Vec::with_capacity(BUFFER / 2);
        let mut at = 0usize;
        let mut left = self.written * 2;
        while left > 0 {
            let n = (left as usize).min(BUFFER);
            let chunk = bytes.get_mut(..n).unwrap_or(&mut []);
            file.read_exact(chunk).map_err(|e| io(&path, e))?;
            values.clear();
            values.extend(chunk.chunks_exact(2).map(|b| {
                u16::from_le_bytes([
                    b.first().copied().unwrap_or(0),
                    b.get(1).copied().unwrap_or(0),
                ])
            }));
            each(at, &values)?;
            at += values.len();
            left -= n as u64;
        }
        Ok(())
    }
}
