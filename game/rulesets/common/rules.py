"""The special-rule machinery every ruleset shares: rule objects registered by name, the hooks
they override, modifiers with their sources, and the keys rules add to orders.

A ruleset defines the base class of its rules (a subclass of :class:`Rule` whose methods are
its hook points, each with a neutral default) and one :class:`RuleRegistry`. A rule is one
class in one module: its ``name`` as written in profiles, a player-facing ``summary`` and
``description``, the hooks it overrides. The engine's steps ask a model's rules at named hook
points and never call a rule by name; :meth:`RuleRegistry.hooked` keeps to the rules that
override a hook, so a step pays nothing for the rules that do not change it.

>>> class Demo(Rule):
...     def bonus(self) -> int:
...         return 0
>>> reg = RuleRegistry("demo", Demo)
>>> @reg.register
... class Keen(Demo):
...     name = "Keen"
...     summary = "Strikes a little harder."
...     def bonus(self) -> int:
...         return 1
>>> [r.bonus() for r in reg.hooked(("Keen",), "bonus")]
[1]
>>> reg.check("Keen (2)")
Traceback (most recent call last):
...
ValueError: rule 'Keen (2)': Keen takes no parameter
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from game.core.ruleset import RuleInfo


class Mod(NamedTuple):
    """A modifier with its source. Mods sharing a ``group`` do not add up: the one with the
    largest size counts (Bludgeon)."""

    source: str
    value: int
    group: str | None = None


def total_mods(mods: Iterable[Mod]) -> tuple[list[Mod], int]:
    """The mods that count, and their sum."""
    mods = list(mods)
    for m in mods:
        if m.group is not None:
            break
    else:  # the common case: nothing is non-cumulative
        return mods, sum(m.value for m in mods)
    out: list[Mod] = []
    best: dict[str, Mod] = {}
    for m in mods:
        if m.group is None:
            out.append(m)
        elif m.group not in best or abs(m.value) > abs(best[m.group].value):
            best[m.group] = m
    out += best.values()
    return out, sum(m.value for m in out)


class Rule:
    """Base of every special rule of every ruleset (each ruleset subclasses it with its own
    hook points). ``param`` is what the profile wrote in brackets (``"D3"`` for
    ``Impact Hits (D3)``), or None."""

    #: the name as written in profiles ("First Strike", "Armour Bane")
    name: ClassVar[str] = ""
    #: hooks run in ascending priority, then by name
    priority: ClassVar[int] = 50
    #: facts other rules and steps ask about, without naming the rule
    flags: ClassVar[frozenset[str]] = frozenset()
    #: whether the rule is written with a value in brackets ("Impact Hits (D3)")
    takes_param: ClassVar[bool] = False
    #: whether the value in brackets may be left out ("Hatred" and "Hatred (all enemies)")
    param_optional: ClassVar[bool] = False
    #: one plain sentence for lists and the first line of a tooltip
    summary: ClassVar[str] = ""
    #: what the rule does, in plain words for players (defaults to the summary)
    description: ClassVar[str] = ""

    def __init__(self, param: str | None = None) -> None:
        self.param = param

    @classmethod
    def check_param(cls, param: str) -> str | None:
        """What is wrong with the value in brackets, or None (the default takes anything)."""
        return None

    @classmethod
    def info(cls) -> RuleInfo:
        summary = cls.summary or _first_sentence(cls)
        return RuleInfo(cls.name, summary, cls.description or summary,
                        cls.takes_param and not cls.param_optional)

    def __repr__(self) -> str:
        return f"<{self.name}{'(' + self.param + ')' if self.param else ''}>"


def _first_sentence(cls: type) -> str:
    """The first sentence of the class's docstring, or of its module's."""
    doc = cls.__dict__.get("__doc__") or getattr(sys.modules.get(cls.__module__), "__doc__", "")
    text = " ".join(inspect.cleandoc(doc or "").split())
    return text.split(". ")[0].rstrip(".") + "." if text else ""


KeyCheck = Callable[[Any, Any], "str | None"]


@dataclass(frozen=True, slots=True)
class OrderKey:
    """A key an order ``do = action`` may carry. ``rule`` is the special rule that adds it
    (None: the action's own key, open to every unit); ``check(model, value)`` returns what is
    wrong with a value, or None."""

    action: str
    key: str
    rule: str | None = None
    check: KeyCheck | None = None


_PARAM = re.compile(r"^\s*([^()]+?)\s*(?:\((.*)\))?\s*$")


def parse_rule(text: str) -> tuple[str, str | None]:
    """``"Impact Hits (D3)"`` -> ``("impact hits", "D3")``."""
    m = _PARAM.match(text)
    if not m:
        raise ValueError(f"cannot read the rule {text!r}")
    return m.group(1).lower(), m.group(2)


R = TypeVar("R", bound=Rule)


class RuleRegistry(Generic[R]):
    """The special rules of one ruleset, by lower-case name, and the order keys they add.

    ``load`` imports the modules that register the rules; it runs the first time the registry
    is asked anything, so importing a ruleset stays cheap."""

    def __init__(self, ruleset: str, base: type[R], load: Callable[[], None] | None = None) -> None:
        self.ruleset = ruleset
        self.base = base
        self._load = load
        self._loaded = load is None
        self.classes: dict[str, type[R]] = {}
        self.order_keys_by_action: dict[str, dict[str, OrderKey]] = {}
        self._for: dict[tuple[str, ...], tuple[R, ...]] = {}
        self._hooked: dict[tuple[tuple[str, ...], str], tuple[R, ...]] = {}

    # -- registering -----------------------------------------------------------------------
    def register(self, cls: type[R]) -> type[R]:
        """Class decorator: make a rule known under its ``name``."""
        self.classes[cls.name.lower()] = cls
        self._for.clear()
        self._hooked.clear()
        return cls

    def unregister(self, name: str) -> None:
        self.classes.pop(name.lower(), None)
        self._for.clear()
        self._hooked.clear()

    def ensure_loaded(self) -> None:
        if not self._loaded:
            self._loaded = True
            assert self._load is not None
            self._load()

    def order_key(self, action: str, key: str, rule: str | None = None,
                  check: KeyCheck | None = None) -> Callable[[KeyCheck], KeyCheck]:
        """Declare that orders ``do = action`` take ``key`` (for units with ``rule`` only,
        when given). Use it as a call, ``order_key("move", "attack", rule="Swift Attack")``,
        or as a decorator of the value check."""
        self.order_keys_by_action.setdefault(action, {})[key] = OrderKey(action, key, rule, check)

        def wrap(fn: KeyCheck) -> KeyCheck:
            self.order_keys_by_action[action][key] = OrderKey(action, key, rule, fn)
            return fn

        return wrap

    # -- asking ----------------------------------------------------------------------------
    def order_keys(self, action: str) -> dict[str, OrderKey]:
        """Every key an order ``do = action`` may take, its own and those rules add."""
        self.ensure_loaded()
        return self.order_keys_by_action.get(action, {})

    def get(self, name: str) -> type[R] | None:
        self.ensure_loaded()
        return self.classes.get(name.lower())

    def all(self) -> dict[str, type[R]]:
        self.ensure_loaded()
        return dict(self.classes)

    def infos(self) -> dict[str, RuleInfo]:
        """Every rule as players read about it, by lower-case name, sorted by name."""
        return {k: c.info() for k, c in sorted(self.all().items())}

    def check(self, text: str) -> None:
        """Raise ``ValueError`` for a rule the ruleset does not know or a value in brackets it
        does not take (or lacks)."""
        name, param = parse_rule(text)
        cls = self.get(name)
        if cls is None:
            known = ", ".join(sorted(c.name for c in self.classes.values()))
            raise ValueError(f"unknown rule {text!r} (known: {known})")
        if param is not None and not cls.takes_param:
            raise ValueError(f"rule {text!r}: {cls.name} takes no parameter")
        if param is None and cls.takes_param and not cls.param_optional:
            raise ValueError(f"rule {text!r}: {cls.name} needs a value in brackets, "
                             f"like \"{cls.name} (1)\"")
        if param is not None:
            problem = cls.check_param(param)
            if problem:
                raise ValueError(f"rule {text!r}: {problem}")

    def rules_for(self, texts: tuple[str, ...]) -> tuple[R, ...]:
        """The rule objects for a model's rule list, sorted by hook priority then name."""
        got = self._for.get(texts)
        if got is None:
            self.ensure_loaded()
            out = []
            for t in texts:
                name, param = parse_rule(t)
                out.append(self.classes[name](param))
            out.sort(key=lambda r: (r.priority, r.name))
            if len(self._for) > 4096:
                self._for.clear()
            got = self._for[texts] = tuple(out)
        return got

    def hooked(self, texts: tuple[str, ...], hook: str) -> tuple[R, ...]:
        """The rules of :meth:`rules_for` (same order) whose class overrides ``hook``: the
        others would run the base class's neutral default, so callers may skip them."""
        key = (texts, hook)
        got = self._hooked.get(key)
        if got is None:
            neutral = getattr(self.base, hook)
            got = tuple(r for r in self.rules_for(texts)
                        if getattr(type(r), hook, neutral) is not neutral)
            if len(self._hooked) > 8192:
                self._hooked.clear()
            self._hooked[key] = got
        return got

    def has_rule(self, texts: tuple[str, ...], name: str) -> bool:
        """For rules that refer to another rule by name (First Strike vs Pike...)."""
        low = name.lower()
        return any(r.name.lower() == low for r in self.rules_for(texts))

    def has_flag(self, texts: tuple[str, ...], flag: str) -> bool:
        return any(flag in r.flags for r in self.rules_for(texts))

    def find(self, texts: tuple[str, ...], name: str) -> R | None:
        """The rule object called ``name`` in the list, or None."""
        low = name.lower()
        for r in self.rules_for(texts):
            if r.name.lower() == low:
                return r
        return None


__all__ = ["Mod", "OrderKey", "Rule", "RuleRegistry", "parse_rule", "total_mods"]
