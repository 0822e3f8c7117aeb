//! Who wrote a match record, as far as its header says: the online servers
//! that enforce the rules of play.
//!
//! A record exported by a server where the match was played (Backgammon
//! Galaxy, an online match of Backgammon Studio, OpenGammon, DailyGammon,
//! FIBS and its clients, GridGammon) holds what the server let the players
//! do: a server accepts no illegal play, so an illegal play in such a record
//! was not made at the table, and the record itself must be wrong. A live
//! match transcribed into a program (eXtreme Gammon, GNU Backgammon,
//! Backgammon Studio used offline) holds what a person entered: nothing
//! is known about it here.
//!
//! The header is all there is to go by: the `Site` tag of the `.mat`
//! family and of eXtreme Gammon files (gnubg's `PC` property in SGF), and
//! for Backgammon Studio its `Event` tag (`Online match`). The text of a
//! record without tags (GamesGrid and Snowie exports of FIBS matches,
//! DailyGammon's plain exports) does not say where it was played: no
//! producer is recognised there.

use super::MatchHeader;

/// An online server that enforces the rules of play and writes match
/// records.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Producer {
    /// Backgammon Galaxy (`Site "BackgammonGalaxy"`).
    Galaxy,
    /// An online match on Backgammon Studio (`Site "Backgammon Studio"`,
    /// `Event "Online match"`).
    StudioOnline,
    /// OpenGammon (`Site "OpenGammon"`).
    OpenGammon,
    /// DailyGammon (`Site "DailyGammon"`).
    DailyGammon,
    /// FIBS, the First Internet Backgammon Server, and its clients
    /// (`Site "FIBS"`, `fibs.com`, JavaFIBS, MacFIBS, 3DFiBs, BBGT).
    Fibs,
    /// GridGammon, formerly GamesGrid.
    GridGammon,
}

impl Producer {
    /// The server as a director names it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Producer::Galaxy => "Backgammon Galaxy",
            Producer::StudioOnline => "Backgammon Studio (online)",
            Producer::OpenGammon => "OpenGammon",
            Producer::DailyGammon => "DailyGammon",
            Producer::Fibs => "FIBS",
            Producer::GridGammon => "GridGammon",
        }
    }

    /// The server accepts no illegal play or cube action: every server
    /// recognised here does.
    #[must_use]
    pub const fn enforces_rules(self) -> bool {
        true
    }

    /// The producer a match's header names, if it is one of the servers.
    #[must_use]
    pub fn of(header: &MatchHeader<'_>) -> Option<Producer> {
        let site = header.tag("Site").or_else(|| header.tag("PC"))?;
        let event = header.tag("Event").or_else(|| header.tag("EV"));
        Producer::from_tags(site, event)
    }

    /// The producer named by a `Site` value and an `Event` value.
    #[must_use]
    pub fn from_tags(site: &str, event: Option<&str>) -> Option<Producer> {
        let site = squeeze(site);
        let has = |word: &str| site.contains(word);
        if has("galaxy") {
            Some(Producer::Galaxy)
        } else if has("backgammonstudio") || site == "bgstudio" {
            // Studio also keeps matches entered by hand: only its online
            // matches were played on the server.
            event
                .is_some_and(|e| squeeze(e).contains("online"))
                .then_some(Producer::StudioOnline)
        } else if has("opengammon") {
            Some(Producer::OpenGammon)
        } else if has("dailygammon") {
            Some(Producer::DailyGammon)
        } else if has("gridgammon") || has("gamesgrid") {
            Some(Producer::GridGammon)
        } else if has("fibs") || has("bbgt") {
            Some(Producer::Fibs)
        } else {
            None
        }
    }
}

/// `value` lower-cased with everything but letters and digits left out:
/// `Backgammon Galaxy`, `BackgammonGalaxy` and `backgammon-galaxy` read
/// alike.
fn squeeze(value: &str) -> String {
    value
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_are_recognised_by_their_site() {
        let cases = [
            ("BackgammonGalaxy", None, Some(Producer::Galaxy)),
            ("Backgammon Galaxy", None, Some(Producer::Galaxy)),
            (
                "Backgammon Studio",
                Some("Online match"),
                Some(Producer::StudioOnline),
            ),
            ("Backgammon Studio", Some("Paris Open 2024"), None),
            ("Backgammon Studio", None, None),
            ("OpenGammon", None, Some(Producer::OpenGammon)),
            ("www.dailygammon.com", None, Some(Producer::DailyGammon)),
            ("fibs.com", None, Some(Producer::Fibs)),
            ("FIBS", None, Some(Producer::Fibs)),
            ("JavaFIBS", None, Some(Producer::Fibs)),
            ("GamesGrid", None, Some(Producer::GridGammon)),
            ("GridGammon", None, Some(Producer::GridGammon)),
            ("eXtreme Gammon", None, None),
            ("XG Mobile", None, None),
            ("Osaka, Japan", None, None),
            ("", None, None),
        ];
        for (site, event, expected) in cases {
            assert_eq!(Producer::from_tags(site, event), expected, "{site}");
        }
    }

    #[test]
    fn a_header_names_its_producer_by_its_tags() {
        let tag = |key, value| super::super::Tag {
            key,
            value,
            location: crate::location::Location::START,
        };
        let header = |tags| MatchHeader {
            location: crate::location::Location::START,
            length: 7,
            tags,
            format: super::super::Format::Mat,
        };
        assert_eq!(
            Producer::of(&header(vec![tag("site", "BackgammonGalaxy")])),
            Some(Producer::Galaxy)
        );
        assert_eq!(
            Producer::of(&header(vec![
                tag("Site", "Backgammon Studio"),
                tag("Event", "Online match"),
            ])),
            Some(Producer::StudioOnline)
        );
        assert_eq!(
            Producer::of(&header(vec![tag("PC", "FIBS")])),
            Some(Producer::Fibs)
        );
        assert_eq!(Producer::of(&header(Vec::new())), None);
    }
}
