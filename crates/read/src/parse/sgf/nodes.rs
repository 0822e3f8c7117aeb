//! Nodes once read: the root of a game tree (the match and game headers)
//! and the properties of the others.

use super::*;

impl<'a, V: Visitor<'a>> Reader<'a, '_, V> {
    /// The current node is complete: interpret it.
    pub(super) fn end_node(&mut self) {
        if !self.node_open {
            return;
        }
        self.node_open = false;
        let props = std::mem::take(&mut self.props);
        let is_root = self.tree_state() == Some(TreeState::Root);
        if is_root {
            self.root(&props);
        } else {
            self.play_node(&props, false);
        }
        self.props = props;
        self.props.clear();
        self.values.clear();
    }

    pub(super) fn values_of(&self, prop: &Prop<'a>) -> &[Val<'a>] {
        self.values.get(prop.values.clone()).unwrap_or(&[])
    }

    pub(super) fn first_value(&self, prop: &Prop<'a>) -> Option<Val<'a>> {
        self.values_of(prop).first().copied()
    }

    /// `RE[W+2]`, `B[41lpab]`: the property with its first value.
    pub(super) fn prop_text(&self, prop: &Prop<'a>) -> &'a str {
        self.slice(prop.start, prop.first_end)
    }

    pub(super) fn root(&mut self, props: &[Prop<'a>]) {
        let gm = props.iter().find(|p| p.key.is("GM"));
        let game_type = gm
            .and_then(|p| self.first_value(p))
            .map(|v| v.raw.trim())
            .unwrap_or("");
        if game_type != "6" {
            let message = if gm.is_some() {
                format!(
                    "a game tree that is not backgammon (`GM[{}]`, backgammon is `GM[6]`): skipped",
                    excerpt(game_type)
                )
            } else {
                "a game tree without `GM[6]` (backgammon): skipped".into()
            };
            if let Some(tree) = self.tree.as_mut() {
                tree.state = TreeState::Skipped;
            }
            self.main_depth = 0;
            let location = self.node_location;
            self.problem(location, ProblemKind::Skipped, "", message, None);
            return;
        }

        let mut length = None;
        let mut length_unreadable = false;
        let mut number = None;
        let mut scores = ByPlayer::new(None, None);
        let mut names = ByPlayer::new(PlayerName::default(), PlayerName::default());
        let mut rules = None;
        let mut result = None;
        let mut initial_cube = None;
        let mut tags = Vec::new();
        let mut comments = Vec::new();
        let mut problems: Vec<(Location, ProblemKind, &'a str, String)> = Vec::new();

        for prop in props {
            let key = prop.key;
            let first = self.first_value(prop);
            let raw = first.map_or("", |v| v.raw);
            if key.is("MI") {
                for v in self.values_of(prop) {
                    match value::parse_match_info(&value::unescape(v.raw)) {
                        Ok(value::MatchInfo::Length(l)) => length = Some(l),
                        Err(expected) if v.raw.trim_start().starts_with("length") => {
                            length_unreadable = true;
                            problems.push((
                                v.location,
                                ProblemKind::BadHeader,
                                v.raw,
                                format!("bad `MI` value: expected {expected}"),
                            ));
                        }
                        Ok(value::MatchInfo::Game(g)) => number = Some(g.saturating_add(1)),
                        Ok(value::MatchInfo::Score(side, s)) => scores[side] = Some(s),
                        Ok(value::MatchInfo::Other) => {}
                        Err(expected) => {
                            problems.push((
                                v.location,
                                ProblemKind::BadHeader,
                                v.raw,
                                format!("bad `MI` value: expected {expected}"),
                            ));
                        }
                    }
                }
            } else if key.is("PW") {
                names.first.name = raw;
            } else if key.is("PB") {
                names.second.name = raw;
            } else if key.is("WR") {
                names.first.rating = Some(raw);
            } else if key.is("BR") {
                names.second.rating = Some(raw);
            } else if key.is("RU") {
                let words = value::parse_rules(&value::unescape(raw));
                rules = Some((words, prop.location));
            } else if key.is("RE") {
                match value::parse_result(&value::unescape(raw)) {
                    Ok(outcome) => result = Some((prop.location, self.prop_text(prop), outcome)),
                    Err(expected) => problems.push((
                        prop.location,
                        ProblemKind::UnparsableCell,
                        self.prop_text(prop),
                        format!("bad result: expected {expected}"),
                    )),
                }
            } else if key.is("CV") {
                match value::parse_number(&value::unescape(raw)) {
                    Some(cube) if cube > 0 => initial_cube = Some(cube),
                    _ => problems.push((
                        prop.location,
                        ProblemKind::BadHeader,
                        self.prop_text(prop),
                        "bad cube value: expected a number like `2`".into(),
                    )),
                }
            } else if key.is("C") {
                comments.push((prop.location, raw));
            } else if !key.is_any(&["W", "B", "AE", "AB", "AW", "PL", "DI"]) {
                tags.push(Tag {
                    key: prop.ident,
                    value: raw,
                    location: prop.location,
                });
            }
            // The rule words come where `RU` is.
            if let Some((words, location)) = rules.filter(|_| key.is("RU")) {
                if words.crawford {
                    tags.push(Tag {
                        key: "Crawford",
                        value: "On",
                        location,
                    });
                }
                if words.jacoby {
                    tags.push(Tag {
                        key: "Jacoby",
                        value: "On",
                        location,
                    });
                }
                if words.no_cube {
                    tags.push(Tag {
                        key: "CubeLimit",
                        value: "1",
                        location,
                    });
                }
                if let Some(variation) = words.variation {
                    tags.push(Tag {
                        key: "Variation",
                        value: variation,
                        location,
                    });
                }
            }
        }
        let length_read = length.unwrap_or(0);
        let crawford_rule = rules.is_some_and(|(w, _)| w.crawford);
        let jacoby = rules.is_some_and(|(w, _)| w.jacoby);
        let location = self.node_location;
        if length_read > 0 && !crawford_rule {
            tags.push(Tag {
                key: "Crawford",
                value: "Off",
                location,
            });
        }
        if length_read == 0 && !jacoby {
            tags.push(Tag {
                key: "Jacoby",
                value: "Off",
                location,
            });
        }

        match self.length {
            None => {
                self.length = Some(length_read);
                self.length_unreadable = length_unreadable;
                self.visitor.begin_match(&MatchHeader {
                    location,
                    length: length_read,
                    tags,
                    format: Format::Sgf,
                });
                for held in std::mem::take(&mut self.held) {
                    self.visitor.problem(&Problem {
                        location: held.location,
                        kind: held.kind,
                        text: held.text,
                        message: held.message,
                        side: held.side,
                        row: None,
                    });
                }
            }
            Some(first)
                if length.is_some_and(|l| l != first)
                    && !self.length_unreadable
                    && !length_unreadable =>
            {
                let (at, text) = props
                    .iter()
                    .find(|p| p.key.is("MI"))
                    .map_or((location, ""), |p| (p.location, self.slice(p.start, p.end)));
                self.problem(
                    at,
                    ProblemKind::BadHeader,
                    text,
                    format!("match length {length_read} differs from the first game's {first}"),
                    None,
                );
            }
            Some(_) => {}
        }
        // Ratings are written with the first game only: keep them for all.
        for side in Side::BOTH {
            match names[side].rating {
                Some(rating) => self.ratings[side] = Some(rating),
                None => names[side].rating = self.ratings[side],
            }
        }
        self.visitor.begin_game(&GameHeader {
            location,
            number,
            score_location: location,
            names,
            scores,
            crawford: rules.map(|(w, _)| w.crawford_game),
            initial_cube,
        });
        for (at, kind, text, message) in problems {
            self.problem(at, kind, text, message, None);
        }
        for (at, text) in comments {
            self.visitor.comment(&Comment { location: at, text });
        }
        if let Some(tree) = self.tree.as_mut() {
            tree.state = TreeState::Game;
        }
        self.game = Some(Game {
            result,
            ..Game::default()
        });
        // Moves or a set-up in the root node itself.
        self.play_node(props, true);
    }
}
