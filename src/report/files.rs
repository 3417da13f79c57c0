//! The files `grundy run` writes besides standard output, one per answer:
//! `--svg DIR` (tables as boards, sequences as plots, thermographs, and move
//! graphs when Graphviz's `dot` is installed), `--dot DIR` (move graphs),
//! `--csv DIR` and `--tex DIR` (tables). The renderers beside this module
//! build the text; this is the one place in `report/` that touches the file
//! system or runs a program.
//!
//! Files are named after the query's game: `table queen` writes `queen.svg`,
//! a second one in the same run `queen-2.svg`, and so on (one count per
//! directory and name).

use super::Namer;
use super::Picture;
use crate::run::answer::Answer;
use std::collections::HashMap;
use std::fmt;
use std::io::Write;
use std::path::PathBuf;

/// The Graphviz program that lays out DOT (looked up on `PATH`).
const GRAPHVIZ: &str = "dot";

/// The file name (without extension) for an answer about `expr`: the text
/// with anything but letters, digits, `_` and `-` turned into `_`
/// (`sub[{1, 2}]` → `sub_1_2`); `fallback` when nothing is left.
pub fn file_stem(expr: &str, fallback: &str) -> String {
    let mut stem = String::new();
    for ch in expr.trim().chars() {
        if ch.is_ascii_alphanumeric() || ch == '-' || ch == '_' {
            stem.push(ch);
        } else if !stem.ends_with('_') {
            stem.push('_');
        }
    }
    let stem = stem.trim_matches('_');
    if stem.is_empty() {
        fallback.to_string()
    } else {
        stem.to_string()
    }
}

/// A directory files are written to, with how often each name was used.
#[derive(Debug)]
pub struct OutputDir {
    dir: PathBuf,
    used: HashMap<String, usize>,
}

impl OutputDir {
    /// Files will go to `dir` (created when the first is written).
    pub fn new(dir: PathBuf) -> OutputDir {
        OutputDir {
            dir,
            used: HashMap::new(),
        }
    }

    /// Writes `STEM.EXT`, then `STEM-2.EXT`, … within one run.
    pub fn write(&mut self, stem: &str, ext: &str, contents: &str) -> Result<PathBuf, ExportError> {
        let count = self.used.entry(format!("{stem}.{ext}")).or_insert(0);
        *count += 1;
        let name = if *count == 1 {
            format!("{stem}.{ext}")
        } else {
            format!("{stem}-{count}.{ext}")
        };
        let path = self.dir.join(name);
        std::fs::create_dir_all(&self.dir)
            .and_then(|()| std::fs::write(&path, contents))
            .map_err(|source| ExportError::Write {
                path: path.clone(),
                source,
            })?;
        Ok(path)
    }
}

/// Why a file was not written.
#[derive(Debug)]
pub enum ExportError {
    /// The file system refused.
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// Graphviz ran but did not draw the graph.
    Graphviz {
        /// The graph's file had it been drawn.
        what: String,
        /// What `dot` said, or how it ended.
        message: String,
    },
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::Write { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
            ExportError::Graphviz { what, message } => {
                write!(
                    f,
                    "Graphviz's `{GRAPHVIZ}` could not draw {what}: {message}"
                )
            }
        }
    }
}

impl ExportError {
    /// What to do about it: the `help:` line.
    pub fn help(&self) -> String {
        match self {
            ExportError::Write { path, source } => {
                let dir = path.parent().map_or(".".into(), |d| d.display().to_string());
                match source.kind() {
                    std::io::ErrorKind::PermissionDenied => format!(
                        "grundy may not write in {dir}: choose a directory you can write to"
                    ),
                    std::io::ErrorKind::NotFound => format!(
                        "{dir} could not be made: check the path given to the export option"
                    ),
                    _ => "check the directory given to the export option and the disk space"
                        .into(),
                }
            }
            ExportError::Graphviz { .. } => {
                "the graph's DOT text is kept: write it with `--dot DIR` and draw it with Graphviz by hand".into()
            }
        }
    }
}

/// What exporting one answer did.
#[derive(Debug, Default)]
pub struct Exported {
    /// The files written.
    pub written: Vec<PathBuf>,
    /// For a graph written with `--dot`: its file (its DOT is not printed).
    pub dot_file: Option<PathBuf>,
    /// Said once per run: graphs cannot be drawn as SVG without Graphviz.
    pub notice: Option<String>,
    /// Files that could not be written.
    pub errors: Vec<ExportError>,
}

/// Whether Graphviz has been found.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Graphviz {
    #[default]
    Untried,
    Found,
    Missing,
}

/// The directories of one run, each optional.
#[derive(Debug, Default)]
pub struct Exports {
    /// `--svg DIR`.
    pub svg: Option<OutputDir>,
    /// `--dot DIR`.
    pub dot: Option<OutputDir>,
    /// `--csv DIR`.
    pub csv: Option<OutputDir>,
    /// `--tex DIR`.
    pub tex: Option<OutputDir>,
    graphviz: Graphviz,
}

impl Exports {
    /// Files go to the directories given.
    pub fn new(
        svg: Option<PathBuf>,
        dot: Option<PathBuf>,
        csv: Option<PathBuf>,
        tex: Option<PathBuf>,
    ) -> Exports {
        Exports {
            svg: svg.map(OutputDir::new),
            dot: dot.map(OutputDir::new),
            csv: csv.map(OutputDir::new),
            tex: tex.map(OutputDir::new),
            graphviz: Graphviz::Untried,
        }
    }

    /// Writes the files this answer asks for.
    pub fn export(&mut self, answer: &Answer, namer: &Namer<'_>) -> Exported {
        /// Writes one file when its directory was given; true when written.
        fn write(
            done: &mut Exported,
            dir: &mut Option<OutputDir>,
            stem: &str,
            ext: &str,
            text: &str,
        ) -> bool {
            let Some(dir) = dir.as_mut() else {
                return false;
            };
            match dir.write(stem, ext, text) {
                Ok(path) => {
                    done.written.push(path);
                    true
                }
                Err(e) => {
                    done.errors.push(e);
                    false
                }
            }
        }
        /// [`write`] with the text made only when its directory was given.
        fn put(
            done: &mut Exported,
            dir: &mut Option<OutputDir>,
            stem: &str,
            ext: &str,
            text: &dyn Fn() -> String,
        ) -> bool {
            dir.is_some() && write(done, dir, stem, ext, &text())
        }
        let mut done = Exported::default();
        let (stem, is_graph) = match answer {
            Answer::Table { expr, .. } => (file_stem(expr, "table"), false),
            Answer::Thermograph { expr, .. } => (file_stem(expr, "thermograph"), false),
            Answer::Sequence { game, .. } => (file_stem(game, "sequence"), false),
            Answer::Graph { expr, .. } => (file_stem(expr, "graph"), true),
            _ => return done,
        };
        // The picture is made only when a file of it is asked for: SVG of
        // anything, DOT of a graph.
        if self.svg.is_some() || (is_graph && self.dot.is_some()) {
            match (super::picture(answer, namer), answer) {
                (Some(Picture::Svg(svg)), _) => {
                    write(&mut done, &mut self.svg, &stem, "svg", &svg);
                }
                (Some(Picture::Dot(dot)), Answer::Graph { expr, .. }) => {
                    if write(&mut done, &mut self.dot, &stem, "dot", &dot) {
                        done.dot_file = done.written.last().cloned();
                    }
                    if self.svg.is_some() {
                        self.draw_graph(&stem, expr, &dot, &mut done);
                    }
                }
                _ => {}
            }
        }
        match answer {
            Answer::Table { expr, grid } => {
                // The rows as vectors only when a file is asked for.
                let rows = std::cell::OnceCell::new();
                let rows = || rows.get_or_init(|| grid.to_rows());
                put(&mut done, &mut self.csv, &stem, "csv", &|| {
                    super::csv::table_csv(rows(), grid.axes())
                });
                put(&mut done, &mut self.tex, &stem, "tex", &|| {
                    super::tikz::table_tikz(expr, rows(), grid.axes())
                });
            }
            Answer::Sequence {
                game,
                from,
                values,
                regularity,
                ..
            } => {
                let list = std::cell::OnceCell::new();
                let list = || list.get_or_init(|| values.to_vec());
                put(&mut done, &mut self.csv, &stem, "csv", &|| {
                    super::csv::sequence_csv(*from, list())
                });
                put(&mut done, &mut self.tex, &stem, "tex", &|| {
                    super::tikz::sequence_tikz(game, *from, list(), regularity)
                });
            }
            _ => {}
        }
        done
    }

    /// Lays the graph out with Graphviz into the SVG directory, or says once
    /// that Graphviz is missing.
    fn draw_graph(&mut self, stem: &str, expr: &str, dot: &str, done: &mut Exported) {
        if self.graphviz == Graphviz::Missing {
            return;
        }
        let Some(svg) = self.svg.as_mut() else {
            return;
        };
        match run_graphviz(dot) {
            Ok(Some(picture)) => {
                self.graphviz = Graphviz::Found;
                match svg.write(stem, "svg", &picture) {
                    Ok(path) => done.written.push(path),
                    Err(e) => done.errors.push(e),
                }
            }
            Ok(None) => {
                self.graphviz = Graphviz::Missing;
                done.notice = Some(format!(
                    "graphs are not drawn as SVG: Graphviz's `{GRAPHVIZ}` program is not installed \
                     (install Graphviz, or write the graphs with --dot DIR and lay them out elsewhere)"
                ));
            }
            Err(message) => done.errors.push(ExportError::Graphviz {
                what: format!("graph {}", expr.trim()),
                message,
            }),
        }
    }
}

/// The SVG Graphviz lays `dot` out as; `None` when the program is not there.
fn run_graphviz(dot: &str) -> Result<Option<String>, String> {
    use std::process::{Command, Stdio};
    let child = Command::new(GRAPHVIZ)
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    // Fed from a thread, so that a large graph cannot fill both pipes at once.
    let stdin = child.stdin.take();
    let output = std::thread::scope(|scope| {
        scope.spawn(move || {
            if let Some(mut stdin) = stdin {
                // A program that stops reading reports it through its status.
                let _ = stdin.write_all(dot.as_bytes());
            }
        });
        child.wait_with_output()
    })
    .map_err(|e| e.to_string())?;
    if !output.status.success() {
        let said = String::from_utf8_lossy(&output.stderr).trim().to_string();
        return Err(if said.is_empty() {
            format!("it ended with {}", output.status)
        } else {
            said
        });
    }
    String::from_utf8(output.stdout)
        .map(Some)
        .map_err(|_| "its output is not UTF-8 text".to_string())
}
