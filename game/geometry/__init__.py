"""Table geometry for the rules engine: base footprints, contact, distance and sight.

Everything is in inches with the origin at the table's top-left corner, x to the right and
y down; facings are degrees clockwise from "up".  See :mod:`game.geometry.bases`.
"""

from .bases import (
    CONTACT_TOL,
    MM_PER_INCH,
    BaseShape,
    facing_toward,
    facing_vector,
    footprint,
    footprints,
    normalize_facing,
    parse_base,
    side_segments,
)
from .contact import ContactIndex, contact_side, depth, distance, gap, in_contact, overlaps
from .los import between, line_of_sight, touching

__all__ = [
    "CONTACT_TOL",
    "MM_PER_INCH",
    "BaseShape",
    "ContactIndex",
    "between",
    "contact_side",
    "depth",
    "distance",
    "facing_toward",
    "facing_vector",
    "footprint",
    "footprints",
    "gap",
    "in_contact",
    "line_of_sight",
    "normalize_facing",
    "overlaps",
    "parse_base",
    "side_segments",
    "touching",
]
