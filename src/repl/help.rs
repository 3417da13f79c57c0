//! `:help [topic]`: short help with examples.

/// The REPL's commands, for help and completion.
pub const COMMANDS: [&str; 9] = [
    ":help", ":load", ":save", ":time", ":games", ":show", ":clear", ":quit", ":stop",
];

/// One statement or query: what it asks, an example, and where
/// docs/reference.md describes it.
pub struct Topic {
    /// The word that starts it (`grundy`, `outcome`, …), the topic's name.
    pub word: &'static str,
    /// What it does, in a line or two.
    pub what: &'static str,
    /// Examples to type.
    pub examples: &'static [&'static str],
    /// The section of docs/reference.md.
    pub section: &'static str,
}

/// Every query and statement, for `:help WORD`.
pub const TOPICS: &[Topic] = &[
    Topic { word: "grundy", what: "The Sprague-Grundy value of an impartial game or sum (loopy games get a\ngeneralised value such as `inf{0, 1}`).", examples: &["grundy nim(3) + nim(5)", "grundy kayles(10)"], section: "8.1" },
    Topic { word: "outcome", what: "Who wins: P (the previous player), N (the next player); partizan games\nalso L or R; loopy games D for a draw. `outcome misere G` plays misère\n(partizan games too: the player who cannot move wins).", examples: &["outcome nim(1) + nim(2) + nim(3)", "outcome misere nim(1) + nim(1)"], section: "8.2" },
    Topic { word: "moves", what: "Every option of a position with its Grundy value.", examples: &["moves kayles(5)"], section: "8.3" },
    Topic { word: "winning", what: "The moves to P-positions (none when the position is itself P);\n`winning misere G` under misère play. Of a partizan game: `[{Left's}, {Right's}]`,\nthe moves after which the mover wins.", examples: &["winning nim(3) + nim(5) + nim(7)"], section: "8.4" },
    Topic { word: "sequence", what: "The Grundy values of heaps in a range, and their period (or arithmetic\nperiod) when one is found, proven or only observed; `none` says how far it looked.", examples: &["sequence kayles 0..=100", "sequence nim 0..10"], section: "8.5" },
    Topic { word: "explain", what: "Why a position has its value: its options' values and the mex (a sum: its\ncomponents and their nim-sum). Of a partizan position: each player's options\nwith their canonical forms, which are dominated or reversible, and the\ncanonical form of what is left.", examples: &["explain kayles(4)", "explain {0, * | 2}"], section: "8.6" },
    Topic { word: "graph", what: "The move graph of a position, in Graphviz DOT: equal positions are one node,\nP-positions are marked and winning moves drawn bold; `depth N` stops N moves\nfrom G. A partizan game's nodes show canonical forms, Left's moves blue and\nRight's red. `grundy run --dot DIR` writes one file per graph, `--svg DIR` draws it.", examples: &["graph nim(2) + nim(1)", "graph kayles(6) depth 2"], section: "8.7" },
    Topic { word: "play", what: "Play a position against the machine; you move first. Pick a move by its\nnumber or type the position it leads to; the machine answers with a winning\nmove when it has one. `play misere G` plays misère; `:stop` ends the game.\nIn a partizan game your first move chooses your side, Left or Right, and the\nmachine plays the other.", examples: &["play nim(3) + nim(5)"], section: "8.8" },
    Topic { word: "genus", what: "Conway's genus of a position under misère play (the Grundy value, then\nthe misère values of adding heaps of size 2).", examples: &["genus nim(2) + nim(2)"], section: "9.2" },
    Topic { word: "quotient", what: "The misère quotient of a heap game's heaps 0..=N: its elements,\nP-portion and table, certified. `quotient G` of a position (any impartial game):\nthe quotient of every position reachable from it.", examples: &["quotient kayles up to 20", "quotient kayles(3) + kayles(4)"], section: "9.3" },
    Topic { word: "table", what: "The Grundy value of a game at every square of its board.", examples: &["table queen"], section: "6.3" },
    Topic { word: "canonical", what: "The canonical form of a partizan game or sum; of a loopy stopper, its\nsimplest form (`{0 | pass}`), and of a loopy game that is not a stopper its
sides, `onside & offside`. `misere canonical G`: Conway's misère\nsimplest form of an impartial game, written `*{…}`.", examples: &["canonical {0 | {0 | -1}}", "canonical ^ + ^", "canonical {0 | pass} + 5", "misere canonical *2 + *2"], section: "10.4" },
    Topic { word: "compare", what: "How two games compare: <, >, = or || (confused).", examples: &["compare ^ *", "compare 1/2 {0 | 1}"], section: "10.6" },
    Topic { word: "temperature", what: "How hot a partizan game is; `mean`, `leftstop` and `rightstop` ask for\nthe other numbers of its thermograph.", examples: &["temperature {2 | -1}", "mean {2 | -1}"], section: "10.7" },
    Topic { word: "mean", what: "The mean value of a partizan game.", examples: &["mean {3 | 1}"], section: "10.7" },
    Topic { word: "leftstop", what: "The number reached when Left moves first and both play to the stop.", examples: &["leftstop {3 | 1}"], section: "10.7" },
    Topic { word: "rightstop", what: "The number reached when Right moves first and both play to the stop.", examples: &["rightstop {3 | 1}"], section: "10.7" },
    Topic { word: "thermograph", what: "The walls and mast of a partizan game's thermograph.", examples: &["thermograph {2 | -1}"], section: "10.8" },
    Topic { word: "cool", what: "`cool G by t`: G cooled by the number t (t > −1): each move costs the mover t,\nuntil G freezes at its mean. `heat G by t` undoes it (t any game), and\n`overheat G from s to t` heats with integers becoming copies of s.", examples: &["cool {2 | -1} by 1", "heat {1 | 0} by 1"], section: "10.12" },
    Topic { word: "heat", what: "`heat G by t`: numbers stay, and every other position's moves gain t for the\nmover (t any game, even `*`).", examples: &["heat * by 2"], section: "10.12" },
    Topic { word: "overheat", what: "`overheat G from s to t`: as heating by t, but an integer n becomes n copies\nof s (so numbers change too).", examples: &["overheat {1 | -1} from 1 to 1"], section: "10.12" },
    Topic { word: "atomicweight", what: "The atomic weight (uppitiness) of an all-small game such as a Clobber\nposition: with weight at least 2 Left wins, at most −2 Right wins.", examples: &["atomicweight ^", "atomicweight {^3 | vv}"], section: "10.12" },
    Topic { word: "reduced", what: "The reduced canonical form: the simplest game differing from G by an\ninfinitesimal (`reduced {3 | {2 + * | 1 + *}}` is `{3 | {2 | 1}}`).", examples: &["reduced {3 | {2 + * | 1 + *}}"], section: "10.12" },
    Topic { word: "norton", what: "`norton G by U`: the Norton product G.U (G copies of U when G is an integer).", examples: &["norton 6 by ^", "norton 1/2 by ^"], section: "10.12" },
    Topic { word: "ordinalsum", what: "`ordinalsum G, H`: the ordinal sum G : H, where a move in G takes away H.", examples: &["ordinalsum 1, -1", "ordinalsum *2, -1"], section: "10.12" },
    Topic { word: "print", what: "Prints a value; at the prompt a bare expression does the same and also\ngives a game's value (`nim(3) + nim(5)` shows `= *6`). Inside an expression a\nquery's answer is a value: `[grundy nim(n) for n in 0..6]` (see :help expressions).", examples: &["print [1, 2] ++ [3]", "*3 + *5", "print [grundy nim(n) for n in 0..6]"], section: "2.4" },
    Topic { word: "expressions", what: "Queries inside expressions: `grundy G` is an integer, `outcome G` a letter\n(\"P\"), `moves G`/`winning G` lists of positions, `sequence G a..b` a list,\n`canonical G` a game, `temperature G` a number. The operand reaches up to a\ncomparison, `and`, `or`, a comma or a bracket: `grundy G + H` is the sum's value.", examples: &["game nim(n: nat) { move n - k for k in 1..=n }", "print [[grundy nim(x) + nim(y) for y in 0..4] for x in 0..4]", "print [n for n in 0..6 where outcome nim(n) == P]", "assert grundy nim(1) + nim(2) == grundy nim(3)"], section: "8.9" },
    Topic { word: "assert", what: "Checks a query's answer or a boolean; `grundy check FILE` runs only these.", examples: &["assert grundy nim(3) + nim(5) == 6", "assert outcome nim(0) == P"], section: "2.5" },
    Topic { word: "let", what: "Names a constant or a function.", examples: &["let S = {1, 2, 4}", "let double(n) = 2 * n"], section: "2.3" },
    Topic { word: "board", what: "A rectangular board, optionally with blocked squares, for games on squares.", examples: &["board b = 8 x 8 without {@d4, @e5}"], section: "6.1" },
    Topic { word: "misere", what: "Misère play: whoever makes the last move loses. Write `misere` after
`outcome`, `winning` or `play`, or before `canonical` (Conway's simplest
form, printed as `*{…}`); `genus` and `quotient` are misère by nature.
Sums of tame games use the tame theory, others a quotient or a search.", examples: &["game kayles = octal \"0.77\"", "outcome misere kayles(1) + kayles(1)", "winning misere kayles(4) + kayles(2)", "genus kayles(5)", "misere canonical kayles(2) + kayles(2)"], section: "9" },
    Topic { word: "partizan", what: "Games where Left and Right have different moves: `partizan game` with
`left` and `right` rules, or literals such as {1 | -1}, ^, 3/4. Ask
`canonical`, `outcome` (L, R, N or P), `compare`, `temperature`, `thermograph`,
`explain` (dominated and reversible options), `graph` and `play`.", examples: &["partizan game cut(n: nat) { left n - 1 where n > 0; right n - 2 where n > 1 }", "canonical cut(5)", "outcome {1 | -1}"], section: "10" },
    Topic { word: "loopy", what: "Games whose positions can repeat. `outcome` answers P, N or D (a draw);
`grundy` a generalised value such as `inf{0, 1}`; `winning`, `moves`,
`explain`, `sequence` and `graph` work too, and `play` keeps a draw.
A loopy partizan game has `outcome` and `winning`: one of nine classes,
L R N P D and NHat, PHat, NCheck, PCheck (a draw with one player first).
Written directly, `pass` loops back: `{0 | pass}` is over, `a{0 | {0 | a}}`
labels braces. `canonical` gives a stopper's simplest form, and of any
other game its onside & offside (`{pass | } & { | pass}`); `compare`
compares any two.", examples: &["game cyc(n: nat) { move (n + 1) % 3 }", "outcome cyc(0)", "grundy cyc(0)", "partizan game over(v: nat) { left *0; right v }", "outcome over(0)", "canonical {0 | pass} + 5", "canonical {pass | pass}"], section: "11" },
    Topic { word: "octal", what: "A heap game from its octal code (take-and-break games).", examples: &["game dawson = octal \"0.07\""], section: "5.1" },
    Topic { word: "subtraction", what: "A subtraction game from the amounts one may take.", examples: &["game s = subtraction {1, 3, 4}"], section: "5.2" },
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
  sequence G(3, _) a..b along one parameter              sequence wythoff(3, _) 0..20
  explain G             why G has its value              explain kayles(4)
  graph G [depth N]     the move graph in Graphviz DOT   graph kayles(3)
  genus G               Conway's genus and phylum        genus nim(3)
  quotient G up to N    misère quotient of heaps ≤ N     quotient dawson up to 20
  table G               values on a board                table queen
  table G a..b, c..d    values of two parameters         table wythoff 0..8, 0..8
  play [misere] G       play against the machine         play nim(3) + nim(5)
  canonical G           canonical form (partizan)        canonical bw(\"xoxo\")
  misere canonical G    misère simplest form (impartial) misere canonical nim(2) + nim(2)
  compare G H           <, >, = or || (partizan)         compare bw(\"x\") bw(\"o\")
  temperature G         also mean, leftstop, rightstop   temperature ps(2)
  thermograph G         the walls and the mast           thermograph ps(2)
  cool G by t           G cooled (also heat, overheat)   cool {2 | -1} by 1
  atomicweight G        atomic weight (all-small)        atomicweight ^
  reduced G             the reduced canonical form       reduced {1 | 1 + *}
  norton G by U         Norton product G.U               norton 6 by ^
  ordinalsum G, H       ordinal sum G : H                ordinalsum 1, -1
Inside an expression a query's answer is a value: `[grundy k(n) for n in 0..9]`,
`assert grundy A == grundy B` (:help expressions)."
            .into(),
        "commands" | "command" => "\
  :help [topic]   this help; topics: games, queries, commands, and each
                  query or statement word (`:help sequence`, `:help let`)
  :load FILE      run a .game file into this session
  :save FILE      write this session's definitions (the latest of each name)
                  to a .game file
  :time [on|off]  show how long each entry takes
  :games          the games defined, with their parameters
  :show NAME      a game's definition, or a constant's value
  :clear          forget every definition
  :quit           leave (or Ctrl-D)
Ctrl-C interrupts a long computation (lines typed meanwhile still run); if it
has not stopped a second later, a second Ctrl-C abandons it and keeps every
definition made before it."
            .into(),
        "" => "\
grundy: describe games by their moves, then ask who wins.
  game nim(n: nat) { move n - k for k in 1..=n }
  grundy nim(3) + nim(5) + nim(6)
  winning nim(3) + nim(5) + nim(6)
  play nim(3) + nim(5)
A bare expression shows its value: `*3 + *5`, `nim(3) + nim(5)`, `nimmul(8, 8)`.
Help topics: `:help games`, `:help queries`, `:help commands`, and every query
or statement by its word: `:help grundy`, `:help sequence`, `:help let`, …,
each kind of play: `:help misere`, `:help partizan`, `:help loopy`, and
queries inside expressions: `:help expressions`.
The whole language: docs/tutorial.md and docs/reference.md in grundy's repository."
            .into(),
        word => topic_help(word.trim_start_matches(':')),
    }
}

/// The help of one query or statement word, or the list of topics.
fn topic_help(word: &str) -> String {
    let word = word.to_ascii_lowercase();
    let Some(topic) = TOPICS.iter().find(|t| t.word == word) else {
        let words: Vec<&str> = TOPICS.iter().map(|t| t.word).collect();
        return format!(
            "no help on `{word}`; the topics are games, queries, commands, {}",
            words.join(", ")
        );
    };
    let mut text = format!("{}\n", topic.what);
    for example in topic.examples {
        text.push_str(&format!("  {example}\n"));
    }
    text.push_str(&format!(
        "More: docs/reference.md, section {}.",
        topic.section
    ));
    text
}
