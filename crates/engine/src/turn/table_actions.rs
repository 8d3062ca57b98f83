//! The candidate actions of cards on the table, for `legal_actions`: each
//! is then checked by its rule's own check.

use crate::card::{Ability, CardType};
use crate::effects::targets::{By, Targets};
use crate::game::action::Action;
use crate::game::state::{Game, Zone};
use crate::ids::{CardId, ConflictId, PlayerId};

impl Game {
    pub(crate) fn table_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        let mut ts = Targets::new();
        // Abilities are only needed to take part in an open conflict or to
        // lead one of the faction's fleets.
        let open_conflicts = self.conflicts.iter().any(|k| k.revealed && !k.resolved);
        // The faction's fleets no character leads yet.
        let mut unled: smallvec::SmallVec<[CardId; 8]> = smallvec::SmallVec::new();
        for f in self.table_cards(p) {
            let fi = self.c(f);
            if self.db.get(fi.def).card_type == CardType::Fleet {
                let led = fi.led_by.some().is_some_and(|l| {
                    let li = self.c(l);
                    li.rotation == crate::game::state::Rotation::Lead && li.leading == f
                });
                if !led {
                    unled.push(f);
                }
            }
        }
        let amb = self.c(self.players[p as usize].ambassador);
        let amb_hurt = amb.damage > 0 || amb.severe > 0 || amb.neutralized();
        for card in self.table_cards_controlled(p) {
            let c = self.c(card);
            let def = self.db.get(c.def);
            // Healing is open to neutralized cards too; only a damaged or
            // neutralized character heals, save an Inner Circle one healing
            // the ambassador.
            if def.card_type == CardType::Character && !c.rotated() {
                if c.damage > 0 || c.neutralized() {
                    out.push(Action::Heal {
                        card,
                        ambassadorial: false,
                    });
                }
                if c.zone == Zone::InnerCircle && amb_hurt {
                    out.push(Action::Heal {
                        card,
                        ambassadorial: true,
                    });
                }
            }
            if c.neutralized() {
                continue;
            }
            // A card's own action may not need it to rotate.
            for i in 0..def.actions.len() {
                if def.actions[i].cost.rotate && c.rotated() {
                    continue;
                }
                self.use_candidates(p, card, i, &mut ts, out);
            }
            if c.rotated() {
                continue;
            }
            // Abilities once per card: candidates needing an ability the card
            // lacks are not worth checking.
            let leader = def.card_type == CardType::Character && !unled.is_empty();
            if !open_conflicts && !leader {
                if matches!(def.card_type, CardType::Fleet | CardType::Location) && c.damage > 0 {
                    for amount in 1..=c.damage {
                        out.push(Action::Repair { card, amount });
                    }
                }
                continue;
            }
            // 6.j: "used as" reaches leading, participating and attacking.
            let abil = self.used_abilities(card);
            if matches!(def.card_type, CardType::Fleet | CardType::Location) && c.damage > 0 {
                for amount in 1..=c.damage {
                    out.push(Action::Repair { card, amount });
                }
            }
            if def.card_type == CardType::Character && abil[Ability::Leadership.idx()] > 0 {
                for &f in &unled {
                    out.push(Action::Lead { card, fleet: f });
                }
            }
            for k in 0..self.conflicts.len() {
                let kc = &self.conflicts[k];
                if !kc.revealed || kc.resolved {
                    continue;
                }
                let conflict = ConflictId(k as u8);
                let can_apply = abil[kc.kind.idx()] > 0;
                if !can_apply {
                    // It may still attack with another ability.
                } else if kc.unopposable {
                    for side in 0..self.players.len() as PlayerId {
                        out.push(Action::Support {
                            card,
                            conflict,
                            side,
                        });
                    }
                } else {
                    out.push(Action::Support {
                        card,
                        conflict,
                        side: kc.initiator,
                    });
                    out.push(Action::Oppose { card, conflict });
                }
                let parts = &kc.participants;
                for (i, pt) in parts.iter().enumerate() {
                    // A card that supported and then attacked is listed
                    // twice: one candidate per card.
                    if parts[..i].iter().any(|q| q.card == pt.card) {
                        continue;
                    }
                    let usable = parts[i..]
                        .iter()
                        .any(|q| q.card == pt.card && abil[q.ability.idx()] > 0);
                    if usable && self.c(pt.card).faction != p {
                        out.push(Action::Attack {
                            card,
                            target: pt.card,
                            conflict,
                        });
                    }
                }
            }
        }
        // Assistants may be used by a player who does not control them.
        for &card in self.keyword_cards.iter() {
            if !self.db.get(self.c(card).def).kw.assistant {
                continue;
            }
            for (q, amb) in self.assist_options(card) {
                if q == p {
                    out.push(Action::Assist {
                        card,
                        ambassador: amb,
                        discount: false,
                    });
                    out.push(Action::Assist {
                        card,
                        ambassador: amb,
                        discount: true,
                    });
                }
            }
        }
        // Actions any player may use, on other players' cards.
        if self.db.has_open_actions() {
            self.open_action_candidates(p, &mut ts, out);
        }
        // Cards in play that are not on the table: agendas and attachments.
        let pl = &self.players[p as usize];
        let others = pl.agenda.some().into_iter().chain(
            self.attachments
                .iter()
                .copied()
                .filter(|&a| self.c(a).controller == p),
        );
        for card in others {
            let def = self.db.get(self.c(card).def);
            for i in 0..def.actions.len() {
                self.use_candidates(p, card, i, &mut ts, out);
            }
        }
    }

    /// "Any player may use this action": the actions of cards on other
    /// players' tables that `p` may use (out of line: few card pools have
    /// such an action, and the candidates of every position are listed).
    #[cold]
    #[inline(never)]
    fn open_action_candidates(&self, p: PlayerId, ts: &mut Targets, out: &mut Vec<Action>) {
        for card in self.all_table_cards() {
            let c = self.c(card);
            if c.controller == p || c.neutralized() {
                continue;
            }
            let def = self.db.get(c.def);
            for (i, a) in def.actions.iter().enumerate() {
                if !a.anyone || (a.cost.rotate && c.rotated()) {
                    continue;
                }
                self.use_candidates(p, card, i, ts, out);
            }
        }
    }

    /// The uses of one action of a card: one per target, and per card
    /// that may pay its cost (the player may name it: `cost_payer.rs`).
    fn use_candidates(
        &self,
        p: PlayerId,
        card: CardId,
        i: usize,
        ts: &mut Targets,
        out: &mut Vec<Action>,
    ) {
        let a = &self.db.get(self.c(card).def).actions[i];
        ts.clear();
        self.target_candidates(a.target, &a.filter, By::card(p, card), false, ts);
        let payers = self.cost_payers(p, card, i as u8);
        let index = i as u8;
        for &target in ts.iter() {
            out.push(Action::UseCard {
                card,
                index,
                target,
                pay: CardId::NONE,
            });
            for &pay in payers.iter() {
                out.push(Action::UseCard {
                    card,
                    index,
                    target,
                    pay,
                });
            }
        }
    }
}
