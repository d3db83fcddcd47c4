"""The Contact Zone: every Fight Action of one activation, resolved together when it ends.

The six steps are methods named after the rules' own steps (``declarations``,
``strikes_before_the_fight``, ``attacks``, ``defensive_strikes``, ``damage``,
``after_the_fight``). The core sequence names no special rule: rules join in through the hook
points of :class:`~game.rulesets.skirmish_d10.rules.SpecialRule`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from game.core import events as ev
from game.core.decisions import PICK_MODELS, Ask
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.common.flow import activation
from game.rulesets.skirmish_d10 import constants as K
from game.rulesets.skirmish_d10.checks import alive, apply_damage
from game.rulesets.skirmish_d10.rules import Mod, SpecialRule, hooked, rules_for, total_mods

#: kinds of fight an action can declare: (number of attacks or None for MA, most Defensive
#: Strikes the target may make against the attacker for it, or None). Rules add kinds.
FIGHT_KINDS: dict[str, tuple[int | None, int | None]] = {"fight": (None, None)}

#: a special rule's bookkeeping type (see :meth:`Melee.rule_state`)
S = TypeVar("S")


@dataclass(slots=True)
class Fight:
    attacker: str
    target: str
    kind: str = "fight"
    charged: bool = False
    attacks: int | None = None
    ds_limit: int | None = None
    order: int = 0
    used: int = 0
    reach: bool = False
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Attack:
    attacker: str
    target: str
    kind: str  # "attack" or "defensive"
    fight: Fight | None
    label: str
    number: int = 1
    mods: list[Mod] = field(default_factory=list)
    first_strike: bool = False


@dataclass(slots=True)
class Hit:
    attack: Attack
    natural: int
    total: int
    dv: int
    hit: bool
    damage: int = 0

    @property
    def margin(self) -> int:
        return self.total - self.dv


#: the modifiers of the core sequence, made once (a Mod is an immutable tuple)
_SHAKEN = Mod("Shaken", K.SHAKEN_MAV)
_FOCUS = Mod("Focus", K.FOCUS_BONUS)
_SUPPORT = Mod("Support", K.SUPPORT_BONUS)
_MAV: dict[int, Mod] = {}


def _mav(value: int) -> Mod:
    got = _MAV.get(value)
    if got is None:
        got = _MAV[value] = Mod("MAV", value)
    return got


def effective_ma(m: Model) -> int:
    ma = m.stat("MA")
    if "disabled" in m.conditions:
        ma += K.DISABLED_MA
    return max(0, ma)


class Melee:
    """The state of one Contact Zone while it resolves (not part of the game state: it lives
    only inside the end-of-activation step, and everything it decides is an event)."""

    def __init__(self, ctx: Context, fights: list[Fight], table: Any) -> None:
        self.ctx = ctx
        self._models: dict[str, Model] = ctx.state.models  # the live dict: apply() replaces models inside it
        self._involved: tuple[tuple[int, int, int], list[str]] | None = None
        self.struck: dict[str, None] = {}  # every model an Attack Check targeted, in order
        self._support_cache: dict[tuple[str, str], bool] | None = None
        self.fights = fights
        self.table = table
        self.mav_mods: dict[str, list[Mod]] = {}  # on the model's attacks in this melee
        self.ds_mav_mods: dict[str, list[Mod]] = {}  # on its Defensive Strikes
        self.dv_mods: dict[str, list[Mod]] = {}
        self.extra_attacks: dict[str, int] = {}
        self.prestrikes: list[list[Attack]] = []
        self.ds_spent: dict[str, int] = {}
        self.ds_used_against: dict[tuple[str, str], int] = {}
        self.no_ds: set[str] = set()
        self.no_ds_against: set[tuple[str, str]] = set()
        self.ds_allowed: set[tuple[str, str]] = set()  # pairs allowed without B2B (Reach)
        self.extra_support: dict[str, set[str]] = {}
        self.no_tough: set[str] = set()
        self.attackers_of: dict[str, list[str]] = {}
        self.attack_counts: dict[tuple[str, str], int] = {}
        self.hits: list[Hit] = []
        self.pending: list[tuple[str, int, str, str | None]] = []
        self.damage_done: list[tuple[str, str | None, int, str]] = []  # target, by, kept, source
        self.destroyed: list[str] = []
        self.destroyed_by: dict[str, str | None] = {}
        self._rule_state: dict[type, Any] = {}  # (see rule_state)
        self._focused: dict[str, bool] = {}  # Focus is taken before the melee: asked once
        self._roll = ctx.roll

    # -- helpers -------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.ctx.state

    def model(self, name: str) -> Model:
        return self._models[name]

    def rule_state(self, kind: type[S]) -> S:
        """A special rule's own bookkeeping for this melee: the one ``kind()`` (a dataclass
        whose fields all have defaults) made on first use. A rule that reads another's
        bookkeeping imports that rule's class."""
        got: S | None = self._rule_state.get(kind)
        if got is None:
            got = kind()
            self._rule_state[kind] = got
        return got

    def involved(self) -> list[str]:
        key = (len(self.fights), len(self.attackers_of), len(self.struck))
        if self._involved is not None and self._involved[0] == key:
            return self._involved[1]
        out = self._involved_now()
        self._involved = (key, out)
        return out

    def _involved_now(self) -> list[str]:
        seen: dict[str, None] = {}
        for f in self.fights:
            seen.setdefault(f.attacker)
            seen.setdefault(f.target)
        for d in self.attackers_of:
            seen.setdefault(d)
        for d in self.struck:  # anyone an Attack Check was rolled against (Swing-Through
            seen.setdefault(d)  # strikes friends and bystanders too)
        return list(seen)

    def fights_by(self, name: str) -> list[Fight]:
        return [f for f in self.fights if f.attacker == name]

    def fights_against(self, name: str) -> list[Fight]:
        return [f for f in self.fights if f.target == name]

    def focused(self, m: Model) -> bool:
        got = self._focused.get(m.name)
        if got is None:
            act = activation(self.ctx.state)
            got = act is not None and any(a.action == "focus" for a in act.taken(m.name))
            self._focused[m.name] = got
        return got

    def charged(self, attacker: str, target: str) -> bool:
        return any(f.charged for f in self.fights if f.attacker == attacker and f.target == target)

    def hook(self, name: str, models: Iterable[str] | None = None) -> Step | tuple[()]:
        """Run hook ``name`` on the rules of each model (default: every model involved).
        Use it as ``yield from melee.hook(name)``."""
        names = list(models) if models is not None else self.involved()
        live = self._models
        for n in names:
            rules = live[n].rules
            if rules and hooked(rules, name):
                return self._run_hook(name, list(names))
        # no model has a rule that changes this hook (the default does nothing): no step
        return ()

    def _run_hook(self, name: str, names: list[str]) -> Step:
        live = self._models
        for n in names:
            # only the rules that change this hook: the others' default does nothing
            for rule in hooked(live[n].rules, name):
                yield from getattr(rule, name)(self, live[n])

    def _rules(self, m: Model) -> tuple[SpecialRule, ...]:
        return rules_for(m.rules)

    def supported(self, attacker: Model, target: Model) -> bool:
        """Support: three or more friends of the attacker in B2B with the target."""
        cache = self._support_cache
        if cache is not None:
            key = (attacker.name, target.name)
            got = cache.get(key)
            if got is None:
                got = cache[key] = self._supported(attacker, target)
            return got
        return self._supported(attacker, target)

    def _supported(self, attacker: Model, target: Model) -> bool:
        extra = self.extra_support.get(target.name, set())
        side = attacker.side
        if len(extra) + sum(1 for o in self._models.values()
                            if o.side == side and alive(o)) < K.SUPPORT_MIN_MODELS:
            return False  # too few friends on the table to give Support: no need to look
        friends = {
            o.name
            for o in self.table.touching(self.state, target)
            if o.side == attacker.side and alive(o)
        }
        friends |= extra
        return attacker.name in friends and len(friends) >= K.SUPPORT_MIN_MODELS

    # -- one Attack Check ---------------------------------------------------------------------
    def roll(self, atk: Attack) -> Step:
        """Roll one Attack Check (an attack or a Defensive Strike); returns a :class:`Hit`,
        after any re-roll. Damage of a hit is queued, not applied."""
        # (what roll_once does, inlined: one generator fewer for every die of a melee)
        a, t, counted, mod, dv = self._check(atk)
        face = self._roll(K.DIE, atk.label)
        total = face + mod
        hit_ = face >= K.NATURAL_HIT or total >= dv
        faces = (face,)
        yield ev.DiceRolled(
            atk.label, a.name, "d10", faces, faces,
            tuple([m[:2] for m in counted]), total, dv,  # (source, value) pairs
            "hit" if hit_ else "miss", t.name,
        )
        hit = Hit(atk, face, total, dv, hit_)
        live = self._models
        a_rules = live[atk.attacker].rules
        if a_rules:
            for rule in hooked(a_rules, "after_roll"):
                again = yield from rule.after_roll(self, atk, hit)
                if again is not None:
                    hit = again
        key = (atk.attacker, atk.target)
        counts = self.attack_counts
        counts[key] = counts.get(key, 0) + 1
        self.struck.setdefault(atk.target)
        if hit.hit:
            a_rules = live[atk.attacker].rules  # (an after_roll hook may have changed them)
            damage = 1
            for rule in hooked(a_rules, "hit_damage"):
                damage += rule.hit_damage(self, hit)
            hit.damage = damage
            self.hits.append(hit)
            for rule in hooked(a_rules, "on_hit"):
                yield from rule.on_hit(self, hit, "attacker")
            for rule in hooked(live[atk.target].rules, "on_hit"):
                yield from rule.on_hit(self, hit, "target")
        return hit

    def roll_once(self, atk: Attack) -> Step:
        """One Attack Check with every modifier (no re-roll): returns its :class:`Hit`."""
        a, t, counted, mod, dv = self._check(atk)
        face = self._roll(K.DIE, atk.label)
        total = face + mod
        hit = face >= K.NATURAL_HIT or total >= dv
        faces = (face,)
        yield ev.DiceRolled(
            atk.label, a.name, "d10", faces, faces,
            tuple([m[:2] for m in counted]), total, dv,  # (source, value) pairs
            "hit" if hit else "miss", t.name,
        )
        return Hit(atk, face, total, dv, hit)

    def _check(self, atk: Attack) -> tuple[Model, Model, list[Mod], int, int]:
        """What an Attack Check of ``atk`` adds to the die and must reach: the attacker, the
        target, the modifiers that count and their sum, and the DV."""
        live = self._models
        a = live[atk.attacker]
        t = live[atk.target]
        mavs = a.stats["MAV"]
        mav = mavs[0] if len(mavs) == 1 else a.stat("MAV")  # (what a.stat does, inlined)
        mods = [_MAV.get(mav) or _mav(mav)]
        if "shaken" in a.conditions:
            mods.append(_SHAKEN)
        if atk.kind == "attack":
            if self.focused(a):
                mods.append(_FOCUS)
            if self.supported(a, t):
                mods.append(_SUPPORT)
            extra = self.mav_mods.get(a.name)
        else:
            extra = self.ds_mav_mods.get(a.name)
        if extra:
            mods += extra
        if atk.mods:
            mods += atk.mods
        if a.rules:
            for rule in hooked(a.rules, "attack_mods"):
                mods += rule.attack_mods(self, atk, "attacker")
        t_rules = t.rules
        if t_rules:
            for rule in hooked(t_rules, "attack_mods"):
                mods += rule.attack_mods(self, atk, "target")
        dvs = t.stats["DV"]
        dv = dvs[0] if len(dvs) == 1 else t.stat("DV")
        dv_mods = self.dv_mods.get(t.name)
        dv_rules = hooked(t_rules, "dv_mods") if t_rules else ()
        if dv_mods or dv_rules:
            dv_mods = list(dv_mods or ())
            for rule in dv_rules:
                dv_mods += rule.dv_mods(self, atk)
            dv += total_mods(dv_mods)[1]
        s = 0
        for m in mods:
            if m.group is not None:  # non-cumulative mods: the general rule
                counted, s = total_mods(mods)
                break
            s += m.value
        else:
            counted = mods
        return a, t, counted, s, dv

    def queue_damage(self, hit: Hit, source: str = "attack") -> None:
        self.pending.append((hit.attack.target, hit.damage, source, hit.attack.attacker))

    # -- the six steps ------------------------------------------------------------------------
    def resolve(self) -> Step:
        yield from self.declarations()
        yield from self.strikes_before_the_fight()
        yield from self.attacks()
        yield from self.defensive_strikes()
        yield from self.damage()
        yield from self.after_the_fight()

    def declarations(self) -> Step:
        """Step 1: Parry, Frenzy, Martyr... declared before any roll."""
        yield from self.hook("declare")

    def strikes_before_the_fight(self) -> Step:
        """Step 2: rules queue strikes in ``prestrikes`` groups; each group is rolled, then
        its damage is applied, before the next group and before the attacks."""
        yield from self.hook("before_strikes")
        for group in self.prestrikes:
            queued: list[Hit] = []
            for atk in group:
                a, t = self.model(atk.attacker), self.model(atk.target)
                if not (alive(a) and alive(t)):
                    continue
                if atk.kind != "attack" and not self.can_strike_back(a, t):
                    continue
                if atk.kind == "attack" and atk.fight is not None:
                    atk.fight.used += 1
                    self.note_attacker(atk.target, atk.attacker)
                else:
                    self.ds_spent[a.name] = self.ds_spent.get(a.name, 0) + 1
                    key = (a.name, t.name)
                    self.ds_used_against[key] = self.ds_used_against.get(key, 0) + 1
                hit = yield from self.roll(atk)
                if hit.hit:
                    queued.append(hit)
            for hit in queued:
                yield from self._apply([(hit.attack.target, hit.damage, "first strike",
                                         hit.attack.attacker)])

    def note_attacker(self, defender: str, attacker: str) -> None:
        lst = self.attackers_of.setdefault(defender, [])
        if attacker not in lst:
            lst.append(attacker)

    def attacks(self) -> Step:
        """Step 3: each attacker makes its attacks against its target."""
        # Nobody moves and no damage lands during this step, so whether an attacker has
        # Support against a target is the same for all its attacks: worked out once.
        self._support_cache = {}
        try:
            yield from self._attacks()
        finally:
            self._support_cache = None
        yield from self.hook("after_attacks")

    def _attacks(self) -> Step:
        for f in self.fights:
            a, t = self.model(f.attacker), self.model(f.target)
            if not (alive(a) and alive(t)):
                continue
            n = f.attacks if f.attacks is not None else effective_ma(a)
            n += self.extra_attacks.get(a.name, 0) if f.kind == "fight" else 0
            n -= f.used
            if n > 0 and hooked(a.rules, "fight_attacks") and (
                yield from self._attacks_taken_over(f, n)
            ):
                continue
            if n > 0:
                self.note_attacker(t.name, a.name)
            live = self._models
            for i in range(n):
                a = live[f.attacker]
                if not alive(live[f.target]):
                    break
                atk = Attack(a.name, f.target, "attack", f, "attack", f.used + i + 1)
                hit = yield from self.roll(atk)
                if hit.hit:
                    self.queue_damage(hit)

    def _attacks_taken_over(self, f: Fight, n: int) -> Step:
        """Whether a rule of the attacker rolled the fight's ``n`` attacks itself
        (``fight_attacks`` hook: Swing-Through)."""
        for rule in hooked(self.model(f.attacker).rules, "fight_attacks"):
            done = yield from rule.fight_attacks(self, f, n)
            if done:
                return True
        return False

    def can_strike_back(self, d: Model, a: Model) -> bool:
        """Whether ``d`` may make a Defensive Strike at ``a`` right now (used for the
        Defensive First Strikes of step 2): not denied one (Shock, Assassin), in B2B or allowed
        without it (Reach), and no rule of either model forbids it."""
        if d.name in self.no_ds or (d.name, a.name) in self.no_ds_against:
            return False
        if not (self.table.in_contact(d, a) or (d.name, a.name) in self.ds_allowed):
            return False
        return all(
            r.may_strike_back(self, d, a, "defender") for r in hooked(d.rules, "may_strike_back")
        ) and all(
            r.may_strike_back(self, d, a, "attacker") for r in hooked(a.rules, "may_strike_back")
        )

    def strike_back_targets(self, d: Model) -> list[str]:
        """The attackers ``d`` may spend Defensive Strikes on, in the order they attacked."""
        out = []
        for a_name in self.attackers_of.get(d.name, []):
            a = self.model(a_name)
            if not a.on_table or (a.damage >= a.stat("DT", 0) and a.name in self.destroyed):
                continue
            if (d.name, a_name) in self.no_ds_against:
                continue
            if not (self.table.in_contact(d, a) or (d.name, a_name) in self.ds_allowed):
                continue
            d_rules = hooked(d.rules, "may_strike_back")
            if d_rules and not all(r.may_strike_back(self, d, a, "defender") for r in d_rules):
                continue
            a_rules = hooked(a.rules, "may_strike_back")
            if a_rules and not all(r.may_strike_back(self, d, a, "attacker") for r in a_rules):
                continue
            out.append(a_name)
        return out

    def ds_limit(self, d: str, a: str) -> int | None:
        limits = [f.ds_limit for f in self.fights if f.attacker == a and f.target == d]
        if not limits or any(x is None for x in limits):
            return None
        return sum(x for x in limits if x is not None) - self.ds_used_against.get((d, a), 0)

    def default_allocation(self, d: str, targets: list[str], pool: int) -> list[str]:
        """Round robin over the attackers in the order they attacked, within their limits."""
        if len(targets) == 1:  # the common case: every strike at the one attacker
            lim = self.ds_limit(d, targets[0])
            return [targets[0]] * (pool if lim is None else max(0, min(pool, lim)))
        left = {a: self.ds_limit(d, a) for a in targets}
        out: list[str] = []
        while len(out) < pool:
            progressed = False
            for a in targets:
                if len(out) >= pool:
                    break
                lim = left[a]
                if lim is not None and lim <= 0:
                    continue
                out.append(a)
                if lim is not None:
                    left[a] = lim - 1
                progressed = True
            if not progressed:
                break
        return out

    def allocation_problem(self, d: str, targets: list[str], pool: int, answer: Any) -> str | None:
        if not isinstance(answer, list | tuple) or not all(isinstance(x, str) for x in answer):
            return "give a list of attacker names, one per Defensive Strike"
        if len(answer) > pool:
            return f"only {pool} Defensive Strike{'s' if pool != 1 else ''} to spend"
        for a in answer:
            if a not in targets:
                choices = ", ".join(f'"{t}"' for t in targets)
                return f'"{a}" cannot be struck back (choices: {choices})'
        for a in dict.fromkeys(answer):  # in the answer's order: the same message every run
            lim = self.ds_limit(d, a)
            if lim is not None and list(answer).count(a) > lim:
                word = "Defensive Strike" if lim == 1 else "Defensive Strikes"
                return f'at most {lim} {word} against "{a}"'
        need = len(self.default_allocation(d, targets, pool))
        if len(answer) < need:
            return f"all {need} Defensive Strikes are spent: give {need} attacker names"
        return None

    def defensive_strikes(self) -> Step:
        """Step 4: each attacked model spends its pool of Defensive Strikes (its MA) on the
        attackers in B2B with it."""
        for d_name in list(self.attackers_of):
            d = self.model(d_name)
            if not alive(d) or d_name in self.destroyed:
                continue
            if d_name in self.no_ds:
                yield ev.RuleApplied("Defensive Strikes", d_name, "makes no Defensive Strikes")
                continue
            pool = effective_ma(d) - self.ds_spent.get(d_name, 0)
            for rule in hooked(d.rules, "ds_pool"):
                pool = rule.ds_pool(self, d, pool)
            targets = self.strike_back_targets(d)
            if pool <= 0 or not targets:
                continue
            taken_over = False
            # a rule may roll the whole pool itself (Swing-Through)
            for rule in hooked(d.rules, "spend_defensive_strikes"):
                taken_over = yield from rule.spend_defensive_strikes(self, d, targets, pool)
                if taken_over:
                    break
            if taken_over:
                continue
            plan: list[str] | None = None
            for n in [d_name, *targets]:
                for rule in hooked(self.model(n).rules, "allocate"):
                    got = rule.allocate(self, d, targets, pool)
                    # a generator asks a decision first, then returns the allocation
                    plan = (yield from got) if isinstance(got, Generator) else got
                    if plan is not None:
                        break
                if plan is not None:
                    break
            if plan is None:
                plan = self.default_allocation(d_name, targets, pool)
                if len(targets) > 1:
                    ts, p = list(targets), pool
                    plan = yield Ask(
                        "defensive_strikes",
                        f'How does "{d_name}" spend its {pool} Defensive Strike{"s" if pool != 1 else ""}?',
                        (),
                        plan,
                        d_name,
                        d.side,
                        check=partial(self.allocation_problem, d_name, ts, p),
                        pick=PICK_MODELS, choices=tuple(ts), count=p,
                    )
                    plan = list(plan)
            counts: dict[str, int] = {}
            for a_name in plan:
                d = self.model(d_name)
                counts[a_name] = counts.get(a_name, 0) + 1
                atk = Attack(d_name, a_name, "defensive", None, "defensive_strike", counts[a_name])
                key = (d_name, a_name)
                self.ds_used_against[key] = self.ds_used_against.get(key, 0) + 1
                hit = yield from self.roll(atk)
                if hit.hit:
                    self.queue_damage(hit, "defensive strike")

    def _apply(self, items: list[tuple[str, int, str, str | None]]) -> Step:
        for target, amount, source, by in items:
            t = self.model(target)
            if not t.on_table:
                continue
            was = t.damage
            kept = yield from apply_damage(self.ctx, target, amount, source, by, melee=self,
                                           no_tough=target in self.no_tough)
            self.damage_done.append((target, by, kept, source))
            t = self.model(target)
            if t.damage >= t.stat("DT", 0) > was and target not in self.destroyed:
                self.destroyed.append(target)
                self.destroyed_by[target] = by

    def damage(self) -> Step:
        """Step 5: the damage of steps 3 and 4 at once, Tough rolls, then effects of hits."""
        items, self.pending = self.pending, []
        yield from self._apply(items)
        yield from self.hook("after_damage")

    def after_the_fight(self) -> Step:
        """Step 6: Life Seize and the like, then destroyed models leave the table, then
        Rampage and break-away moves."""
        yield from self.hook("after_fight")
        yield from self.remove_destroyed()
        yield from self.hook("after_removal", [n for n in self.involved() if alive(self.model(n))])

    def remove_destroyed(self) -> Step:
        for name in self.involved():
            m = self.model(name)
            if m.on_table and m.damage >= m.stat("DT", 0):
                if name not in self.destroyed:
                    self.destroyed.append(name)
                yield ev.StatusChanged(name, "destroyed", "damage", self.destroyed_by.get(name))


def collect_fights(state: Any) -> list[Fight]:
    """The fights the activation declared, in the order they were declared."""
    act = activation(state)
    if act is None:
        return []
    fights: list[Fight] = []
    charged = {(a.model, a.target) for a in act.order if a.action == "charge" and a.target}
    for a in act.order:
        kind = _fight_kind(a.action)
        if kind is None or a.target is None:
            continue
        n, limit = FIGHT_KINDS[kind]
        fights.append(
            Fight(a.model, a.target, kind, (a.model, a.target) in charged, n, limit,
                  len(fights) + 1)
        )
    return fights


def _fight_kind(action: str) -> str | None:
    if action == "fight":
        return "fight"
    if action.startswith("fight:"):
        kind = action[6:]
        return kind if kind in FIGHT_KINDS else None
    return None
