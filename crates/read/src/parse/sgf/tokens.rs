//! The scan of the token stream: game trees, the main line and its
//! variations, nodes, properties and their values.

use super::*;

impl<'a, V: Visitor<'a>> Reader<'a, '_, V> {
    pub(super) fn token(&mut self, token: Token<'a>) {
        if !matches!(token, Token::Value { .. } | Token::Unclosed(_)) {
            self.check_valueless();
        }
        if matches!(token, Token::Open(_) | Token::Close(_) | Token::Node(_)) {
            self.stray_reported = false;
        }
        match token {
            Token::Open(at) => self.open(at),
            Token::Close(at) => self.close(at),
            Token::Node(at) => self.node(at),
            Token::Ident { text, start } => self.ident(text, start),
            Token::Value { raw, start, end } => self.value(raw, start, end),
            Token::Unclosed(start) => {
                self.after_ident = false;
                self.valueless = None;
                if self.depth == 0 || self.reading_main_line() {
                    let location = self.lines.at(start);
                    let text = self.slice(start, self.text.len());
                    self.problem(
                        location,
                        ProblemKind::UnparsableCell,
                        text,
                        "value not closed: `]` missing before the end of the file".into(),
                        None,
                    );
                }
            }
            Token::Stray { start, end } => {
                self.after_ident = false;
                if !self.stray_reported && (self.depth == 0 || self.reading_main_line()) {
                    self.stray_reported = true;
                    let location = self.lines.at(start);
                    let text = self.slice(start, end);
                    self.problem(
                        location,
                        ProblemKind::UnparsableCell,
                        text,
                        format!(
                            "unexpected `{}`: expected `(`, `;`, `)` or a property",
                            excerpt(text)
                        ),
                        None,
                    );
                }
            }
        }
    }

    pub(super) fn tree_state(&self) -> Option<TreeState> {
        self.tree.as_ref().map(|t| t.state)
    }

    /// Tokens now belong to the main line of a tree that is read.
    pub(super) fn reading_main_line(&self) -> bool {
        self.depth > 0
            && self.depth == self.main_depth
            && self.tree_state() != Some(TreeState::Skipped)
    }

    pub(super) fn open(&mut self, at: usize) {
        self.after_ident = false;
        if self.depth == 0 {
            self.depth = 1;
            self.main_depth = 1;
            self.child_taken = false;
            let open = self.lines.at(at);
            self.tree = Some(Tree {
                state: TreeState::Root,
                open,
                variations: 0,
                first_variation: None,
                reported_node_after_variation: false,
                reported_deep: false,
            });
            return;
        }
        if self.depth == self.main_depth {
            self.end_node();
        }
        if self.depth == self.main_depth && self.depth > 0 && !self.child_taken {
            self.depth += 1;
            self.main_depth += 1;
            self.child_taken = false;
            if self.depth > DEEP
                && let Some(tree) = self.tree.as_mut()
                && !tree.reported_deep
            {
                tree.reported_deep = true;
                let location = self.lines.at(at);
                self.problem(
                    location,
                    ProblemKind::Skipped,
                    self.slice(at, at + 1),
                    format!(
                        "game tree nested more than {DEEP} levels deep: read as one line of play"
                    ),
                    None,
                );
            }
            return;
        }
        // A second variation (or anything inside a skipped one).
        let counts = self.depth == self.main_depth && self.tree_state() == Some(TreeState::Game);
        self.depth += 1;
        if counts {
            let location = self.lines.at(at);
            if let Some(tree) = self.tree.as_mut() {
                tree.variations = tree.variations.saturating_add(1);
                tree.first_variation.get_or_insert(location);
            }
        }
    }

    /// A one-character token (`(`, `)`, `;`) where no game tree is open.
    pub(super) fn stray_character(&mut self, at: usize, message: &str) {
        let location = self.lines.at(at);
        self.problem(
            location,
            ProblemKind::UnparsableCell,
            self.slice(at, at + 1),
            message.into(),
            None,
        );
    }

    pub(super) fn close(&mut self, at: usize) {
        self.after_ident = false;
        if self.depth == 0 {
            self.stray_character(at, "unexpected `)`: no game tree is open");
            return;
        }
        if self.depth == self.main_depth {
            self.end_node();
            // (reading the root may have turned the tree into a skipped one)
            if self.depth == self.main_depth {
                self.main_depth -= 1;
                self.child_taken = true;
            }
        }
        self.depth -= 1;
        if self.depth == 0 {
            self.end_tree(at + 1);
        }
    }

    pub(super) fn node(&mut self, at: usize) {
        self.after_ident = false;
        if self.depth == 0 {
            self.stray_character(at, "a node outside a game tree: expected `(` first");
            return;
        }
        if !self.reading_main_line() {
            return;
        }
        self.end_node();
        // (the node just read may have been the root of a tree that is skipped)
        if !self.reading_main_line() {
            return;
        }
        let location = self.lines.at(at);
        if self.child_taken
            && let Some(tree) = self.tree.as_mut()
            && !tree.reported_node_after_variation
        {
            tree.reported_node_after_variation = true;
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                self.slice(at, at + 1),
                "a node after a variation: the nodes of a game tree come before its variations"
                    .into(),
                None,
            );
        }
        self.node_open = true;
        self.node_location = location;
        self.props.clear();
        self.values.clear();
    }

    pub(super) fn ident(&mut self, ident: &'a str, start: usize) {
        self.keeping = false;
        self.after_ident = true;
        if self.depth == 0 {
            self.after_ident = false;
            if !self.stray_reported {
                self.stray_reported = true;
                let location = self.lines.at(start);
                self.problem(
                    location,
                    ProblemKind::UnparsableCell,
                    ident,
                    format!("unexpected `{}` outside a game tree", excerpt(ident)),
                    None,
                );
            }
            return;
        }
        if !self.reading_main_line() {
            return;
        }
        self.valueless = Some((start, ident));
        if !self.node_open {
            let location = self.lines.at(start);
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                ident,
                format!(
                    "property `{}` outside a node: expected `;` before it",
                    excerpt(ident)
                ),
                None,
            );
            return;
        }
        let key = Key::new(ident);
        let root = self.tree_state() == Some(TreeState::Root);
        let keep = if root {
            !key.is_any(ROOT_SKIPPED)
        } else {
            key.is_any(NODE_KEYS)
        };
        if !keep {
            return;
        }
        self.keeping = true;
        // An analysis property's place is its node's move's (see
        // `ANALYSIS_KEYS`): its long values are not counted character by
        // character.
        let location = if !root && key.is_any(ANALYSIS_KEYS) {
            Location::START
        } else {
            self.lines.at(start)
        };
        let end = start + ident.len();
        let first = self.values.len();
        self.props.push(Prop {
            ident,
            key,
            start,
            first_end: end,
            end,
            location,
            values: first..first,
        });
    }

    pub(super) fn check_valueless(&mut self) {
        if let Some((start, ident)) = self.valueless.take()
            && self.reading_main_line()
        {
            let location = self.lines.at(start);
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                ident,
                format!(
                    "property `{}` has no value: expected `[` after it",
                    excerpt(ident)
                ),
                None,
            );
        }
    }

    pub(super) fn value(&mut self, raw: &'a str, start: usize, end: usize) {
        if self.depth > 0 && !self.reading_main_line() {
            return;
        }
        if self.depth == 0 && self.stray_reported {
            return;
        }
        if !self.after_ident {
            self.stray_reported |= self.depth == 0;
            let location = self.lines.at(start);
            let text = self.slice(start, end);
            self.problem(
                location,
                ProblemKind::UnparsableCell,
                text,
                "a value without a property identifier before it".into(),
                None,
            );
            return;
        }
        self.valueless = None;
        if !self.keeping {
            return;
        }
        let analysis = self
            .props
            .last()
            .is_some_and(|p| p.location == Location::START && p.key.is_any(ANALYSIS_KEYS));
        let location = if analysis {
            Location::START
        } else {
            self.lines.at(start)
        };
        self.values.push(Val { raw, location });
        let count = self.values.len();
        if let Some(prop) = self.props.last_mut() {
            if prop.values.is_empty() {
                prop.first_end = end;
            }
            prop.values.end = count;
            prop.end = end;
        }
    }
}
