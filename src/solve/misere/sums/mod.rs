//! How a misère walk keys a sum ([`key::SumKey`]): by its components, by the
//! heaps of one heap game, or by the heaps of several heap games interleaved;
//! and what a heap is ([`heap`]).

pub(crate) mod components;
pub(crate) mod heap;
pub(crate) mod heap_options;
pub(crate) mod heaps;
pub(crate) mod interleaved;
pub(crate) mod key;
