//! The one picture an answer has, if any: tables, sequences and thermographs
//! are drawn as SVG here; a move graph is given as DOT, for Graphviz (the
//! command line's `--svg`) or a layout in the page (the playground) to draw.

use super::Namer;
use crate::run::Answer;

/// An answer's picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picture {
    /// A finished SVG document.
    Svg(String),
    /// A graph in Graphviz's DOT language, still to be laid out.
    Dot(String),
}

/// The picture of `answer`: `None` for answers that have none.
pub fn picture(answer: &Answer, namer: &Namer<'_>) -> Option<Picture> {
    match answer {
        Answer::Table { expr, grid } => Some(Picture::Svg(super::svg::table_svg(
            expr,
            &grid.to_rows(),
            grid.axes(),
        ))),
        Answer::Thermograph { expr, thermograph } => Some(Picture::Svg(
            super::thermograph_svg::thermograph_svg(expr, thermograph),
        )),
        Answer::Sequence {
            game,
            from,
            values,
            regularity,
            ..
        } => Some(Picture::Svg(super::sequence_svg::sequence_svg(
            game,
            *from,
            &values.to_vec(),
            regularity,
        ))),
        Answer::Graph { expr, graph } => Some(Picture::Dot(super::dot::dot(expr, graph, namer))),
        _ => None,
    }
}
