//! What one player may see. [`Game::view`] is the only way state leaves the
//! engine for a player: other players' hands and decks are counts, face-down
//! conflicts show only who declared them, hidden agendas and contingencies
//! show only that they exist. All the filtering is here, in one place.

use serde::{Deserialize, Serialize};

use crate::card::{Ability, CardType, Faction, MarkKind, Race};
use crate::card::{VoteChoice, VoteKind};
use crate::game::state::{Game, Outcome, Role, Step, Target, VictoryKind, Zone};
use crate::ids::{CardId, ConflictId, DefId, PlayerId};

/// A face-up card as anyone may see it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardView {
    pub id: CardId,
    pub def: DefId,
    pub name: String,
    pub card_type: CardType,
    pub race: Race,
    pub cost: Option<u8>,
    pub rotated: bool,
    pub neutralized: bool,
    pub damage: u8,
    pub severe: u8,
    /// Current abilities, in the order Diplomacy, Intrigue, Psi, Leadership, Military.
    pub abilities: [u8; 5],
    pub marks: [u8; 6],
    pub controller: Option<PlayerId>,
    /// Enhancements and aftermaths on it.
    pub attached: Vec<CardView>,
    /// Face-down contingencies under it: the viewer's own are shown,
    /// others only counted.
    pub own_contingencies: Vec<CardView>,
    pub hidden_contingencies: usize,
    /// The fleet it leads, or the ambassador it assists.
    pub leading: Option<CardId>,
    /// Chaos Tokens on it (Drakh Rule 7; public).
    #[serde(default)]
    pub chaos: u8,
    /// Credit tokens on it (Corporate Rule 6; public).
    #[serde(default)]
    pub credits: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AgendaView {
    None,
    /// Face down: the card is shown to its own player only.
    Hidden(Option<CardView>),
    Revealed(CardView),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerPublic {
    pub seat: PlayerId,
    pub name: String,
    pub race: Race,
    pub faction: Faction,
    pub influence: i16,
    pub spent: i16,
    pub unspent: i16,
    pub extra: i16,
    pub power: i32,
    pub raw_power: i16,
    pub unrest: u8,
    /// Tension toward each seat (own seat: 0).
    pub tension: Vec<u8>,
    pub at_war: Vec<PlayerId>,
    pub eliminated: bool,
    pub victory: VictoryKind,
    pub hand_size: usize,
    pub deck_size: usize,
    pub crusade_size: usize,
    pub discard: Vec<CardView>,
    /// Cards in the reserve (ISA pile); their identities are secret.
    pub reserve_size: usize,
    pub removed: Vec<CardView>,
    pub inner_circle: Vec<CardView>,
    pub supporting: Vec<CardView>,
    pub agenda: AgendaView,
    /// Enhancements and aftermaths played on the faction as a whole.
    pub faction_cards: Vec<CardView>,
    pub marks: [u32; 6],
    /// A Drakh faction (Drakh Rules 2-3; public).
    #[serde(default)]
    pub drakh: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ParticipantView {
    pub card: CardId,
    pub name: String,
    /// "support", "oppose" or "attack".
    pub role: std::borrow::Cow<'static, str>,
    pub side: Option<PlayerId>,
    pub ability: Ability,
    pub value: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ConflictView {
    pub id: ConflictId,
    pub initiator: PlayerId,
    /// Declared face down and not yet revealed (and not the viewer's own).
    pub face_down: bool,
    pub war: bool,
    /// Its name and card (none while face down to the viewer).
    pub name: Option<String>,
    pub card: Option<CardView>,
    pub kind: Option<Ability>,
    pub target: Option<String>,
    pub unopposable: bool,
    pub support: i32,
    pub opposition: i32,
    /// The part of `support` (of `opposition`) that comes from effects
    /// (events, cards' actions) rather than from participants' abilities.
    pub support_bonus: i32,
    pub opposition_bonus: i32,
    /// Per-side totals of a conflict with several sides.
    pub sides: Vec<i32>,
    pub participants: Vec<ParticipantView>,
    pub outcome: Outcome,
}

/// Everything one player may know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerView {
    pub viewer: PlayerId,
    pub turn: u32,
    /// ready, conflict, action, resolution, draw or over.
    pub round: std::borrow::Cow<'static, str>,
    /// What the game is waiting for.
    pub waiting_for: String,
    pub pending: Vec<PlayerId>,
    pub babylon5: i16,
    pub shadows: i16,
    pub vorlons: i16,
    pub shadow_war: bool,
    pub initiative: Vec<PlayerId>,
    pub players: Vec<PlayerPublic>,
    /// The viewer's hand.
    pub hand: Vec<CardView>,
    pub conflicts: Vec<ConflictView>,
    /// Global enhancements and aftermaths.
    pub globals: Vec<CardView>,
    pub winners: Vec<PlayerId>,
    /// The vote in progress (public).
    pub vote: Option<VoteView>,
    /// The Interstellar Alliance (public).
    pub isa: IsaView,
    /// The viewer's own reserve (secret to its owner; others see its size).
    pub reserve: Vec<CardView>,
    /// A choice in the middle of an effect (a search, cards, a mode).
    pub choice: Option<ChoiceView>,
}

/// A choice in progress. Everyone sees who chooses and for which card;
/// only the chooser sees the cards offered (a search of the deck or the
/// reserve shows nothing of them to the others).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChoiceView {
    pub kind: crate::effects::choice::ChoiceKind,
    pub player: PlayerId,
    pub card: CardId,
    pub name: String,
    /// The cards the viewer may choose (empty for everyone but the chooser).
    pub cards: Vec<CardView>,
    /// The modes the viewer may choose, by index from 0 (chooser only); in
    /// a choice of a player (`choose_player`), the seats offered.
    pub modes: Vec<u8>,
    /// Cards chosen so far.
    pub taken: u8,
}

/// A vote in progress, as everyone sees it (Votes: votes are cast openly).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VoteView {
    pub kind: VoteKind,
    /// The card that called it.
    pub card: CardId,
    pub name: String,
    pub head: PlayerId,
    /// The League tie-break stage of a Babylon 5 vote.
    pub league: bool,
    /// The voter called now, if any.
    pub called: Option<PlayerId>,
    /// Players still to vote in this stage.
    pub waiting: Vec<PlayerId>,
    /// Votes each seat casts in this stage.
    pub weight: Vec<u8>,
    pub yes: u8,
    pub no: u8,
    pub league_yes: u8,
    pub league_no: u8,
    /// Each seat's council (or player, or ISA) vote so far.
    pub choices: Vec<Option<VoteChoice>>,
    pub league_choices: Vec<Option<VoteChoice>>,
}

/// The Interstellar Alliance, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct IsaView {
    pub exists: bool,
    pub founder: Option<PlayerId>,
    pub members: Vec<PlayerId>,
}

impl Game {
    /// The game as `viewer` may see it.
    pub fn view(&self, viewer: PlayerId) -> PlayerView {
        let mut v = self.view_but_players(viewer);
        v.players = (0..self.players.len() as PlayerId)
            .map(|p| self.player_public(p, viewer))
            .collect();
        v
    }

    /// The view of `viewer` with its `players` left empty: for a server
    /// that builds the parts every viewer shares once ([`Self::player_public`],
    /// [`Self::public_part_is_common`]).
    pub fn view_but_players(&self, viewer: PlayerId) -> PlayerView {
        let n = self.players.len();
        let hand = if (viewer as usize) < n {
            self.iter_pile(self.players[viewer as usize].hand)
                .map(|c| self.card_view(c, viewer))
                .collect()
        } else {
            Vec::new()
        };
        let conflicts = (0..self.conflicts.len())
            .map(|i| self.conflict_view(ConflictId(i as u8), viewer))
            .collect();
        let globals = self
            .attachments
            .iter()
            .filter(|&&a| self.c(a).zone == Zone::Global)
            .map(|&a| self.card_view(a, viewer))
            .collect();
        PlayerView {
            viewer,
            turn: self.turn,
            round: self.round_name().into(),
            waiting_for: self.waiting_for(),
            pending: self.pending().to_vec(),
            babylon5: self.babylon5,
            shadows: self.shadows,
            vorlons: self.vorlons,
            shadow_war: self.shadow_war,
            initiative: self.initiative.to_vec(),
            players: Vec::new(),
            hand,
            conflicts,
            globals,
            winners: self.winners(),
            vote: self.vote_view(),
            isa: IsaView {
                exists: self.isa.exists,
                founder: Some(self.isa.founder).filter(|_| self.isa.exists),
                members: (0..n as PlayerId)
                    .filter(|&p| self.isa.is_member(p))
                    .collect(),
            },
            reserve: if (viewer as usize) < n {
                self.iter_pile(self.players[viewer as usize].reserve)
                    .map(|c| self.card_view(c, viewer))
                    .collect()
            } else {
                Vec::new()
            },
            choice: self.choice_view(viewer),
        }
    }

    fn choice_view(&self, viewer: PlayerId) -> Option<ChoiceView> {
        let c = self.choice?;
        let mine = c.player == viewer;
        Some(ChoiceView {
            kind: c.kind,
            player: c.player,
            card: c.card,
            name: self.card_name(c.card).to_string(),
            cards: if mine {
                self.choice_cards()
                    .iter()
                    .map(|&x| self.card_view(x, viewer))
                    .collect()
            } else {
                Vec::new()
            },
            modes: if mine && c.kind == crate::effects::choice::ChoiceKind::Player {
                self.player_choice_offer(&c).to_vec()
            } else if mine {
                self.choice_modes().to_vec()
            } else {
                Vec::new()
            },
            taken: c.taken,
        })
    }

    fn vote_view(&self) -> Option<VoteView> {
        let v = self.vote.as_ref()?;
        let n = self.players.len();
        Some(VoteView {
            kind: v.kind,
            card: v.card,
            name: self.card_name(v.card).to_string(),
            head: v.head,
            league: v.league,
            called: Some(v.called).filter(|&c| (c as usize) < n),
            waiting: (0..n as PlayerId)
                .filter(|&p| v.waiting & (1 << p) != 0)
                .collect(),
            weight: v.weight[..n].to_vec(),
            yes: v.yes,
            no: v.no,
            league_yes: v.league_yes,
            league_no: v.league_no,
            choices: v.council[..n].to_vec(),
            league_choices: v.league_choices[..n].to_vec(),
        })
    }

    fn card_view(&self, id: CardId, viewer: PlayerId) -> CardView {
        let c = self.c(id);
        let def = self.db.get(c.def);
        let mut attached = Vec::new();
        let mut own = Vec::new();
        let mut hidden = 0;
        for &a in self.attachments.iter() {
            let ai = self.c(a);
            if ai.host != id || ai.zone != Zone::Attached {
                continue;
            }
            if ai.face_down() {
                if ai.controller == viewer {
                    own.push(self.card_view(a, viewer));
                } else {
                    hidden += 1;
                }
            } else {
                attached.push(self.card_view(a, viewer));
            }
        }
        let on_table = c.zone.on_table();
        CardView {
            id,
            def: c.def,
            name: def.name.clone(),
            card_type: def.card_type,
            race: def.race,
            cost: def.cost,
            rotated: c.rotated(),
            neutralized: c.neutralized(),
            damage: c.damage,
            severe: c.severe,
            abilities: if on_table {
                Ability::ALL.map(|a| self.ability(id, a))
            } else {
                def.abilities
            },
            marks: MarkKind::ALL.map(|k| self.card_marks(id, k)),
            controller: Some(c.controller).filter(|&x| (x as usize) < self.players.len()),
            attached,
            own_contingencies: own,
            hidden_contingencies: hidden,
            leading: c.leading.some(),
            chaos: c.chaos,
            credits: c.credits,
        }
    }

    /// Whether `viewer` sees player `p`'s public part exactly as someone
    /// who holds no card of the game does (`player_public(p, nobody)`, a
    /// seat number past the players): true unless it is the viewer's own
    /// part with its agenda face down (shown to it), or the viewer controls
    /// a face-down card attached to a card of that part (its own
    /// contingencies, shown to it). A server may then build that part once
    /// for every such viewer; if this said true wrongly, the viewer would
    /// see less, never more.
    pub fn public_part_is_common(&self, p: PlayerId, viewer: PlayerId) -> bool {
        let own_hidden_agenda = p == viewer
            && self.players[p as usize]
                .agenda
                .some()
                .is_some_and(|a| self.c(a).face_down());
        !own_hidden_agenda
            && !self.attachments.iter().any(|&a| {
                let c = self.c(a);
                c.zone == Zone::Attached
                    && c.face_down()
                    && c.controller == viewer
                    && self.shown_in_part(self.attached_root(a), p)
            })
    }

    /// The card an attached card hangs from at last (through cards
    /// attached to attached cards): the one a view lists it under.
    fn attached_root(&self, a: CardId) -> CardId {
        let mut c = a;
        // Bounded: a chain of hosts is never longer than the cards.
        for _ in 0..self.cards.len() {
            let host = self.c(c).host;
            if self.c(c).zone != Zone::Attached || host.some().is_none() {
                break;
            }
            c = host;
        }
        c
    }

    /// Whether card `c` is one of those `player_public(p, _)` lists with
    /// what is attached to it (its piles in view, its agenda, the cards on
    /// its faction).
    fn shown_in_part(&self, c: CardId, p: PlayerId) -> bool {
        let pl = &self.players[p as usize];
        pl.agenda.some() == Some(c)
            || [pl.inner_circle, pl.supporting, pl.discard, pl.removed]
                .into_iter()
                .any(|pile| self.iter_pile(pile).any(|x| x == c))
            || (self.c(c).zone == Zone::OnFaction && self.c(c).faction == p)
    }

    /// Player `p`'s public part (its faction, piles in view, agenda), as
    /// `viewer` may see it.
    pub fn player_public(&self, p: PlayerId, viewer: PlayerId) -> PlayerPublic {
        let pl = &self.players[p as usize];
        let cv = |c: CardId| self.card_view(c, viewer);
        let agenda = match pl.agenda.some() {
            None => AgendaView::None,
            Some(a) if self.c(a).face_down() => AgendaView::Hidden(if p == viewer {
                Some(self.card_view(a, viewer))
            } else {
                None
            }),
            Some(a) => AgendaView::Revealed(self.card_view(a, viewer)),
        };
        let faction_cards = self
            .attachments
            .iter()
            .copied()
            .filter(|&a| self.c(a).zone == Zone::OnFaction && self.c(a).faction == p)
            .map(cv)
            .collect();
        PlayerPublic {
            seat: p,
            name: self.player_name(p).to_string(),
            race: pl.race,
            faction: pl.faction,
            // The Influence Rating: the spent and unspent pools combined
            // (modifiers included: `crate::game::rating`).
            influence: pl.influence + pl.rating_mod,
            spent: pl.spent,
            unspent: pl.unspent(),
            extra: pl.extra,
            power: self.power(p),
            raw_power: pl.raw_power,
            unrest: pl.unrest,
            tension: (0..self.players.len())
                .map(|q| if q == p as usize { 0 } else { pl.tension[q] })
                .collect(),
            at_war: (0..self.players.len() as PlayerId)
                .filter(|&q| pl.at_war_with(q))
                .collect(),
            eliminated: pl.eliminated,
            victory: pl.victory,
            hand_size: pl.hand.len(),
            deck_size: pl.deck.len(),
            crusade_size: pl.crusade.len(),
            reserve_size: pl.reserve.len(),
            discard: self.iter_pile(pl.discard).map(cv).collect(),
            removed: self.iter_pile(pl.removed).map(cv).collect(),
            inner_circle: self.iter_pile(pl.inner_circle).map(cv).collect(),
            supporting: self.iter_pile(pl.supporting).map(cv).collect(),
            agenda,
            faction_cards,
            marks: MarkKind::ALL.map(|k| self.faction_marks(p, k)),
            drakh: pl.drakh,
        }
    }

    fn conflict_view(&self, k: ConflictId, viewer: PlayerId) -> ConflictView {
        let c = &self.conflicts[k.0 as usize];
        let hidden = !c.revealed && c.initiator != viewer;
        if hidden {
            return ConflictView {
                id: k,
                initiator: c.initiator,
                face_down: true,
                war: false,
                name: None,
                card: None,
                kind: None,
                target: None,
                unopposable: false,
                support: 0,
                opposition: 0,
                support_bonus: 0,
                opposition_bonus: 0,
                sides: Vec::new(),
                participants: Vec::new(),
                outcome: c.outcome,
            };
        }
        let (support, opposition) = self.conflict_totals(k);
        let sides = if c.unopposable {
            self.side_totals(k)[..self.players.len()].to_vec()
        } else {
            Vec::new()
        };
        ConflictView {
            id: k,
            initiator: c.initiator,
            face_down: !c.revealed,
            war: c.war,
            name: Some(self.conflict_name(k)),
            card: c
                .card
                .some()
                .filter(|&x| self.c(x).zone == Zone::Conflict)
                .map(|x| self.card_view(x, viewer)),
            kind: Some(c.kind),
            target: match c.target {
                Target::None => None,
                // A targeted card that has left for a hidden pile is not named.
                Target::Card(t) if !self.visible_to(t, viewer) => {
                    Some("a card no longer in play".into())
                }
                t => Some(self.target_name(t)),
            },
            unopposable: c.unopposable,
            support,
            opposition,
            support_bonus: if c.unopposable {
                0
            } else {
                c.extra_support.iter().map(|&x| x as i32).sum()
            },
            opposition_bonus: c.extra_opposition as i32,
            sides,
            participants: c
                .participants
                .iter()
                .map(|pt| ParticipantView {
                    card: pt.card,
                    name: self.card_name(pt.card).to_string(),
                    role: match pt.role {
                        Role::Support(_) => "support",
                        Role::Oppose => "oppose",
                        Role::Attack(_) => "attack",
                    }
                    .into(),
                    side: match pt.role {
                        Role::Support(s) => Some(s),
                        _ => None,
                    },
                    ability: pt.ability,
                    value: self.used_ability(pt.card, pt.ability),
                })
                .collect(),
            outcome: c.outcome,
        }
    }

    /// A short description of what the game is waiting for.
    pub fn waiting_for(&self) -> String {
        if let Some(v) = &self.vote {
            return match v.asker() {
                Some(p) if p == v.called => {
                    format!("{} votes ({})", self.player_name(p), v.kind.display())
                }
                _ => format!(
                    "{} calls the next voter ({})",
                    self.player_name(v.head),
                    v.kind.display()
                ),
            };
        }
        if let Some(c) = self
            .choice
            .filter(|c| c.kind == crate::effects::choice::ChoiceKind::Second)
        {
            return format!(
                "{} chooses the second target of {}",
                self.player_name(c.player),
                self.card_name(c.card)
            );
        }
        if let (Some(c), Some((new, old, kinds))) = (&self.choice, self.transfer_choice_words()) {
            return format!(
                "{} chooses the {kinds} that transfer from {old} to {new} (Appendix Two)",
                self.player_name(c.player)
            );
        }
        if let Some(words) = self.pool_waiting_words() {
            return words;
        }
        if let Some((n, card)) = self.unless_pending() {
            return format!(
                "{} decides whether to apply {n} influence to stop the effect of {}",
                self.player_name(self.choice.map_or(0, |c| c.player)),
                self.card_name(card)
            );
        }
        if let Some(c) = &self.choice {
            return format!(
                "{} chooses for {}",
                self.player_name(c.player),
                self.card_name(c.card)
            );
        }
        if self.window.is_some() {
            return "contingencies may be revealed".into();
        }
        match self.step {
            Step::Keep { .. } if self.stacking_words().is_some() => {
                self.stacking_words().unwrap_or_default()
            }
            Step::Keep { .. } => "players keep cards from their draw (Appendix One)".into(),
            Step::Entry(r) => format!("the {} round begins", r.name()),
            Step::Sustain { .. } => "players choose actions to sustain".into(),
            Step::Declare { .. } => "conflicts are declared in initiative order".into(),
            Step::Reveal { .. } => "conflicts are revealed".into(),
            Step::Act { .. } => "actions in initiative order".into(),
            Step::Resolve { .. } => "a conflict resolves".into(),
            Step::Aftermath { .. } => "aftermaths may be played".into(),
            Step::DrawDiscard { .. } => "players discard from hand".into(),
            Step::EmptyDeck { player, .. } => {
                format!(
                    "{} chooses an Inner Circle character to discard (empty deck)",
                    self.player_name(player)
                )
            }
            Step::Buy { .. } => "players buy cards".into(),
            Step::Over => "nothing: the game is over".into(),
            Step::ResolveOrder { player } => format!(
                "{} chooses which of his conflicts resolves first",
                self.player_name(player)
            ),
        }
    }
}
