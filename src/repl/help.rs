//! `:help [topic]`: short help with examples.

/// The REPL's commands, for help and completion.
pub const COMMANDS: [&str; 7] = [
    ":help", ":load", ":games", ":show", ":clear", ":quit", ":stop",
];

/// The help text for a topic (empty for the overview).
pub fn help(topic: &str) -> String {
    match topic {
        "games" | "game" => "\
Define a game by its moves; a position is the tuple of its parameters:
  game nim(n: nat) { move n - k for k in 1..=n }
  game kayles(n: nat) {
      move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a
  }
  game sub[S](n: nat) { move n - k for k in S where k <= n }     # a family: sub[{1, 2, 4}](10)
Partizan games give Left and Right their own moves, and may declare symmetries:
  partizan game bw(s: string) {
      left  s[0..i] for i in 0..len(s) where s[i] == \"x\"
      right s[0..i] for i in 0..len(s) where s[i] == \"o\"
  }
Games can also be written directly: {0, * | *}, { | }, ^, v, ^*, *3, 3/4, -G.
An unfinished line (an open `{`, a trailing operator) continues on the next one.
Redefining a game replaces it."
            .into(),
        "queries" | "query" => "\
  grundy G              the Sprague-Grundy value         grundy nim(3) + nim(5)
  outcome [misere] G    P or N                           outcome misere nim(1) + nim(1)
  moves G               every option with its value      moves kayles(5)
  winning [misere] G    the moves to P-positions         winning nim(3) + nim(5)
  sequence G a..b       values and their period          sequence kayles 0..=100
  explain G             why G has its value              explain kayles(4)
  graph G               the move graph in Graphviz DOT   graph kayles(3)
  genus G               Conway's genus and phylum        genus nim(3)
  quotient G up to N    misère quotient of heaps ≤ N     quotient dawson up to 20
  table G               values on a board                table queen
  play [misere] G       play against the machine         play nim(3) + nim(5)
  canonical G           canonical form (partizan)        canonical bw(\"xoxo\")
  compare G H           <, >, = or || (partizan)         compare bw(\"x\") bw(\"o\")
  temperature G         also mean, leftstop, rightstop   temperature ps(2)
  thermograph G         the walls and the mast           thermograph ps(2)"
            .into(),
        "play" => "\
`play G` starts a game from G; you move first. Pick a move by its number or type
the position it leads to. The machine answers with a winning move when it has one.
`:stop` ends the game; `play misere G` plays the misère version."
            .into(),
        "commands" | "command" => "\
  :help [topic]   this help; topics: games, queries, play, commands
  :load FILE      run a .game file into this session
  :games          the games defined, with their parameters
  :show NAME      a game's definition
  :clear          forget every definition
  :quit           leave (or Ctrl-D)
Ctrl-C interrupts a long computation (lines typed meanwhile still run); if it
has not stopped a second later, a second Ctrl-C abandons it and keeps every
definition made before it."
            .into(),
        _ => "\
grundy: describe games by their moves, then ask who wins.
  game nim(n: nat) { move n - k for k in 1..=n }
  grundy nim(3) + nim(5) + nim(6)
  winning nim(3) + nim(5) + nim(6)
  play nim(3) + nim(5)
Help topics: `:help games`, `:help queries`, `:help play`, `:help commands`.
The whole language: docs/tutorial.md and docs/reference.md in grundy's repository."
            .into(),
    }
}
