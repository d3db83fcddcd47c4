"""The scenario editor, driven as a player drives it (SDL's dummy driver): a battle built only
with the mouse saves, loads back identical and plays, in the window and headless; units are
placed from the rosters, moved, turned, edited with the file's own messages next to the
fields; terrain is drawn, reshaped and deleted; every edit undoes; nothing unsaved is lost."""

from __future__ import annotations

import pygame
import pytest

from game.cli import main
from game.core.scenario import check_scenario, read_file
from game.ui.dialogs import ChoiceDialog
from game.ui.editor.document import EditDoc
from game.ui.editor.files import NewBattleDialog
from game.ui.editor.widgets import Picker
from game.ui.filedialog import FileDialog
from tests.ui.conftest import (
    DUEL,
    ROOT,
    click,
    click_button,
    ctrl,
    dialogs,
    drag,
    key,
    move_mouse,
    screen_of,
)

OLD_WORLD = ROOT / "maps" / "old-world.toml"


# --- helpers ------------------------------------------------------------------------------------


def new_battle(make_app, ruleset="skirmish-d10", width="24", height="24", name="Ford"):
    app = make_app(None, edit=True)
    (d,) = dialogs(app, NewBattleDialog)
    click_button(app, next(b for b, r in d.rulesets.items() if r == ruleset))
    for k, v in (("width", width), ("height", height), ("name", name)):
        type_into(app, d.entries[k], v)
    click_button(app, d.ok)
    assert not d.alive() and app.mode == "edit"
    return app


def type_into(app, el, text):
    """Click a text field, select what is in it and type ``text`` over it."""
    click(app, el.rect.center)
    key(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_BACKSPACE)
    if text:
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)])
    app.run_frames(2)


def pick_profile(app, name):
    rp = app.editor.panel.roster
    if app.editor.panel.tab != "units":
        tab(app, "units")
    item = next(i for i in rp.list.item_list if i["text"].strip().startswith(name))
    click(app, item["button_element"].rect.center)
    app.run_frames(1)
    assert app.editor.armed is not None and app.editor.armed.name == name


def tab(app, name):
    b = next(b for b, (what, k) in app.editor.panel.buttons.items() if what == "tab" and k == name)
    click_button(app, b)


def tool(app, name):
    b = next(b for b, (what, k) in app.editor.panel.buttons.items() if what == "tool" and k == name)
    click_button(app, b)


def field(app, key_name):
    return app.editor.panel.forms.form.inputs[key_name]


def problem_text(app, key_name):
    return " ".join(lab.text for lab in app.editor.panel.forms.form.problems.get(key_name, []))


def at(app, x, y):
    return screen_of(app, x, y)


# --- a battle from scratch -----------------------------------------------------------------------


def test_a_battle_built_only_with_the_mouse_saves_reloads_identically_and_plays(make_app, tmp_path):
    app = new_battle(make_app, "skirmish-d10", "24", "24", "Fight at the ford")
    ed = app.editor
    assert ed.doc.table() == (24.0, 24.0) and ed.doc.data["name"] == "Fight at the ford"
    # side 1's brute at the bottom, side 2's blademaster at the top, from the roster
    pick_profile(app, "Orc Brute")
    click(app, at(app, 12, 18))
    key(app, pygame.K_2)
    pick_profile(app, "Elf Blademaster")
    click(app, at(app, 12, 6))
    key(app, pygame.K_ESCAPE)
    units = ed.doc.units()
    assert [(u["id"], u["side"], u["facing"]) for u in units] == [("orc-brute", 1, 0.0),
                                                                    ("elf-blademaster", 2, 180.0)]
    assert units[0]["stats"]["MAV"] == [4, 4, 3] and units[0]["rules"] == ["Tough"]
    # a wall drawn as a rectangle, made an obstacle 1" high
    tool(app, "rect")
    drag(app, at(app, 3, 11), at(app, 9, 12))
    app.run_frames(2)
    (wall,) = ed.doc.terrain()
    assert wall["polygon"] == [[3.0, 11.0], [9.0, 11.0], [9.0, 12.0], [3.0, 12.0]]
    assert wall["kind"] == "obstacle" and ed.panel.tab == "selected"
    type_into(app, field(app, "name"), "Old wall")
    # deployment zones for both sides (a new battle has them; side 2's drawn deeper)
    assert [(z["side"], z["y"], z["height"]) for z in ed.doc.zones()] == [(1, 18.0, 6.0), (2, 0.0, 6.0)]
    tool(app, "select")
    click(app, at(app, 20, 3))
    key(app, pygame.K_DELETE)
    tool(app, "zone")
    key(app, pygame.K_2)  # (the side keys choose whose zone it is)
    drag(app, at(app, 0, 0), at(app, 24, 8))
    assert [(z["side"], z["y"], z["height"]) for z in ed.doc.zones()] == [(1, 18.0, 6.0), (2, 0.0, 8.0)]
    # the battle's own settings in its tab
    key(app, pygame.K_ESCAPE)
    tab(app, "battle")
    type_into(app, field(app, "turns"), "4")
    type_into(app, field(app, "seed"), "11")
    assert ed.doc.data["turns"] == 4 and ed.doc.data["seed"] == 11
    assert ed.doc.problems() == []
    # Ctrl+S asks where (a new battle has no file yet) and saves there
    ctrl(app, pygame.K_s)
    (fd,) = dialogs(app, FileDialog)
    assert fd.entry.get_text() == "fight-at-the-ford.toml"
    fd.show(tmp_path)
    key(app, pygame.K_RETURN)
    path = tmp_path / "fight-at-the-ford.toml"
    assert path.exists() and not ed.doc.dirty
    text = path.read_text(encoding="utf-8")
    assert text.startswith('format = 1\nname = "Fight at the ford"\nruleset = "skirmish-d10"\n')
    assert "[[deployment]]" in text and 'name = "Old wall"' in text
    # it loads back identical, and plays headless...
    assert read_file(path) == ed.doc.data
    sc = check_scenario(read_file(path), str(path))
    assert [u.id for u in sc.units] == ["orc-brute", "elf-blademaster"] and sc.turns == 4
    assert main(["play", str(path), "--headless"]) == 0
    # ... and in the window: F5 plays it, Ctrl+E comes back to it as it was
    key(app, pygame.K_F5)
    assert app.mode == "play" and app.session.scenario.name == "Fight at the ford"
    assert set(app.state.models) == {"orc-brute", "elf-blademaster"}
    ctrl(app, pygame.K_e)
    assert app.mode == "edit" and app.editor.doc.path == path and app.panels is ed.panel


def test_a_unit_can_be_dragged_from_the_roster_onto_the_table(make_app):
    app = new_battle(make_app, "trench-crusade", "30", "24")
    rp = app.editor.panel.roster
    item = next(i for i in rp.list.item_list if "Yeoman" in i["text"])
    start = item["button_element"].rect.center
    end = at(app, 10, 20)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
    assert app.editor.ghost is not None and app.editor.ghost[1] == ""  # green: it fits there
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    (u,) = app.editor.doc.units()
    assert (u["name"], u["x"], u["y"], u["side"]) == ("Yeoman", 10.0, 20.0, 1)
    assert u["weapons"][1] == {"name": "Rifle", "type": "ranged", "range": 24,
                               "keywords": ["HEAVY"]}


# --- editing units --------------------------------------------------------------------------------


def test_a_bad_value_gets_loading_s_own_message_next_to_its_field_and_is_never_saved(make_app):
    app = make_app(None, edit=DUEL)
    ed = app.editor
    before = DUEL.read_text(encoding="utf-8")
    orc = app.state.models["orc"]
    click(app, at(app, orc.x, orc.y))
    assert ed.sel == ("unit", 0, None) and ed.panel.tab == "selected"
    assert field(app, "stats.MAV").get_text() == "4, 4, 3"
    type_into(app, field(app, "stats.DV"), "nine")
    assert ed.doc.units()[0]["stats"]["DV"] == "nine"
    want = 'stats.DV must be an integer from 1 to 20, got "nine"'
    assert problem_text(app, "stats.DV") == want
    assert "1 thing to fix" in ed.panel.banner_text()[0]
    ctrl(app, pygame.K_s)
    assert DUEL.read_text(encoding="utf-8") == before and dialogs(app, FileDialog) == []
    assert want in app.message and app.message.startswith("Not saved")
    # the same check as loading the file: the message is the file's, word for word
    with pytest.raises(Exception) as exc:
        check_scenario(ed.doc.data, "duel.toml")
    assert str(exc.value) == f'duel.toml: units[0] "orc": {want}'
    # a typed list of damage tracks and a rule from the picker
    type_into(app, field(app, "stats.DV"), "10")
    assert problem_text(app, "stats.DV") == "" and ed.doc.problems() == []
    form = ed.panel.forms.form
    add = next(b for b, (f, what) in form.buttons.items() if f.key == "rules" and what == "add")
    click_button(app, add)
    (picker,) = dialogs(app, Picker)
    line = next(i for i in picker.list.item_list if i["text"] == "Cleave")
    click(app, line["button_element"].rect.center)
    assert ed.doc.units()[0]["rules"] == ["Tough", "Cleave"]


def test_units_move_and_turn_with_the_mouse_and_every_edit_undoes(make_app):
    app = make_app(None, edit=DUEL)
    ed = app.editor
    orc = app.state.models["orc"]
    drag(app, at(app, orc.x, orc.y), at(app, orc.x - 3, orc.y + 2))
    u = ed.doc.units()[0]
    assert (u["x"], u["y"]) == pytest.approx((9.0, 17.0), abs=0.05)
    # the turning handle, with Shift for steps of 15 degrees
    hx, hy = ed.tools.turn_handle()[:2]
    start = at(app, hx, hy)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    target = at(app, u["x"] + 5, u["y"] - 4.6)  # about 47 degrees off up
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT,
                                 unicode="", scancode=0),
              pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1),
              pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="",
                                 scancode=0)])
    assert ed.doc.units()[0]["facing"] == 45.0
    key(app, pygame.K_e)
    assert ed.doc.units()[0]["facing"] == 60.0
    # onto the elf: red, the reason said, not saved
    elf = app.state.models["elf"]
    orc = app.state.models["orc"]
    drag(app, at(app, orc.x, orc.y), at(app, elf.x + 0.3, elf.y))
    assert any("overlaps" in p.reason for p in ed.doc.problems_of("units", 0))
    assert "overlaps" in app.message
    # undo walks back every edit, redo forward again
    for _ in range(4):
        ctrl(app, pygame.K_z)
    assert ed.doc.units()[0] == read_file(DUEL)["units"][0] and not ed.doc.dirty
    assert app.message.startswith("Undone: move Orc Brute")
    ctrl(app, pygame.K_y)
    ctrl(app, pygame.K_y)
    assert ed.doc.units()[0]["facing"] == 45.0
    # duplicate and delete
    click(app, at(app, app.state.models["orc"].x, app.state.models["orc"].y))
    ctrl(app, pygame.K_d)
    assert [u["id"] for u in ed.doc.units()] == ["orc", "orc-brute", "elf"]
    key(app, pygame.K_DELETE)
    assert [u["id"] for u in ed.doc.units()] == ["orc", "elf"]


def test_old_world_units_stand_in_formation_change_files_and_take_characters(make_app):
    app = new_battle(make_app, "old-world", "48", "36")
    ed = app.editor
    pick_profile(app, "Dreadspears")
    click(app, at(app, 24, 28))
    key(app, pygame.K_ESCAPE)
    s = app.state
    assert len(s.models) == 15 and s.units["dreadspears"].formation.files == 5
    click(app, at(app, s.models["dreadspears.8"].x, s.models["dreadspears.8"].y))
    key(app, pygame.K_RIGHTBRACKET)
    assert ed.doc.units()[0]["files"] == 6 and app.state.units["dreadspears"].formation.files == 6
    ys = {round(m.y, 3) for m in app.state.models.values()}
    assert len(ys) == 3  # 6 + 6 + 3: still three ranks
    key(app, pygame.K_q)
    assert ed.doc.units()[0]["facing"] == 345.0
    # a Dreadlord placed apart joins the spears from its form
    pick_profile(app, "Dreadlord")
    click(app, at(app, 40, 10))
    key(app, pygame.K_ESCAPE)
    lord = app.state.models["dreadlord"]
    click(app, at(app, lord.x, lord.y))
    form = ed.panel.forms.form
    button = form.inputs["joins"]
    click_button(app, button)
    (picker,) = dialogs(app, Picker)
    line = next(i for i in picker.list.item_list if i["text"] == "dreadspears")
    click(app, line["button_element"].rect.center)
    app.run_frames(2)
    u = ed.doc.units()[1]
    assert u["joins"] == "dreadspears" and "x" not in u
    assert ed.doc.problems() == []
    assert len(app.state.units["dreadspears"].models) == 15
    assert app.state.units["dreadlord"].formation is None  # it stands in the spears' front rank


# --- terrain -------------------------------------------------------------------------------------


def test_terrain_is_drawn_corner_by_corner_reshaped_and_deleted(make_app):
    app = new_battle(make_app, "skirmish-d10", "24", "24")
    ed = app.editor
    tool(app, "polygon")
    for p in ((4, 4), (10, 4), (10, 9), (4, 9)):
        click(app, at(app, *p))
    key(app, pygame.K_RETURN)
    (piece,) = ed.doc.terrain()
    assert piece["polygon"] == [[4.0, 4.0], [10.0, 4.0], [10.0, 9.0], [4.0, 9.0]]
    tool(app, "select")
    click(app, at(app, 7, 6))
    assert ed.sel == ("terrain", 0, None)
    # kind and height from the form
    click_button(app, field(app, "kind"))
    (picker,) = dialogs(app, Picker)
    click(app, next(i for i in picker.list.item_list
                    if i["text"] == "elevation")["button_element"].rect.center)
    type_into(app, field(app, "height"), "2.5")
    assert (ed.doc.terrain()[0]["kind"], ed.doc.terrain()[0]["height"]) == ("elevation", 2.5)
    assert field(app, "kind").text == "elevation"  # the button says the kind chosen
    # drag a corner, add one on an edge (Ctrl+click), take one away (Del over it)
    drag(app, at(app, 10, 9), at(app, 12, 11))
    assert ed.doc.terrain()[0]["polygon"][2] == pytest.approx([12.0, 11.0], abs=0.05)
    pygame.key.set_mods(pygame.KMOD_LCTRL)
    try:
        click(app, at(app, 7, 4))
    finally:
        pygame.key.set_mods(0)
    assert len(ed.doc.terrain()[0]["polygon"]) == 5
    move_mouse(app, at(app, 7, 4))
    key(app, pygame.K_DELETE)
    assert len(ed.doc.terrain()[0]["polygon"]) == 4
    # the whole piece moves with a drag, and goes with Del
    drag(app, at(app, 6, 6), at(app, 7, 6))
    assert ed.doc.terrain()[0]["polygon"][0] == pytest.approx([5.0, 4.0], abs=0.05)
    move_mouse(app, at(app, 20, 20))
    key(app, pygame.K_DELETE)
    assert ed.doc.terrain() == []
    ctrl(app, pygame.K_z)
    assert len(ed.doc.terrain()) == 1


# --- never losing work ---------------------------------------------------------------------------


def test_unsaved_changes_are_asked_about_before_closing(make_app):
    app = make_app(None, edit=DUEL)
    orc = app.state.models["orc"]
    drag(app, at(app, orc.x, orc.y), at(app, orc.x - 2, orc.y))
    app.step([pygame.event.Event(pygame.QUIT)])
    assert app.running
    (d,) = dialogs(app, ChoiceDialog)
    assert "changes that are not saved" in d.text.html_text
    click_button(app, d.buttons["cancel"])
    assert app.running and not app.quit_asked
    ctrl(app, pygame.K_q)
    (d,) = dialogs(app, ChoiceDialog)
    click_button(app, d.buttons["go"])
    assert not app.running


def test_the_start_screen_offers_a_new_battle_and_editing_a_file(make_app):
    app = make_app(None, start_screen=True)
    (d,) = dialogs(app, ChoiceDialog)
    assert {"battle", "edit"} <= set(d.buttons)
    click_button(app, d.buttons["battle"])
    assert app.mode == "edit" and dialogs(app, NewBattleDialog)


def test_every_shipped_map_opens_in_the_editor_and_saves_back_identical(tmp_path):
    for path in sorted((ROOT / "maps").glob("*.toml")):
        doc = EditDoc.open(path)
        assert doc.problems() == [], path.name
        out = doc.save(tmp_path / path.name)
        assert read_file(out) == read_file(path)
        assert EditDoc.open(out).data == doc.data


def test_edit_says_in_one_line_when_a_file_cannot_be_edited(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "x"\nruleset = "chess"\n')
    assert main(["edit", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown ruleset 'chess'" in err


def test_run_py_opens_the_start_screen_and_edit_opens_the_editor(monkeypatch):
    import game.ui.app as app_module

    calls = []
    monkeypatch.setattr(app_module, "run_app", lambda **kw: calls.append(kw) or 0)
    assert main([]) == 0 and main(["edit"]) == 0 and main(["edit", str(DUEL)]) == 0
    assert calls[0]["scenario"] is None  # (no scenario named: the start screen shows)
    assert calls[1]["edit"] is True and calls[2]["edit"] == str(DUEL)


def test_ninth_age_plugs_in_through_the_ruleset_boundary(make_app):
    app = make_app(None, edit=ROOT / "maps" / "ninth-age.toml")
    ed = app.editor
    knight = app.state.models["knights.1"]
    click(app, at(app, knight.x, knight.y))
    assert ed.sel[0] == "unit" and ed.doc.units()[ed.sel[1]]["id"] == "knights"
    form = ed.panel.forms.form
    parts = form.inputs["parts"].get_text().splitlines()
    assert len(parts) == 2 and parts[0].startswith('{ name = "knight", stats = { Att = 1')
    assert form.inputs["troop_type"].text == "cavalry"
    # a part given a bad value: the file's own message, under the Parts field
    i = ed.sel[1]
    broken = [dict(p) for p in ed.doc.units()[i]["parts"]]
    broken[1] = {**broken[1], "stats": {**broken[1]["stats"], "Off": 12}}
    from game.ui.editor import edits

    edits.set_unit_value(ed.doc, i, ("parts",), broken)
    ed.changed()
    app.run_frames(2)
    assert problem_text(app, "parts") == ("parts[1].stats.Off must be a whole number from 0 to 10, "
                                          "got 12")


def test_editing_a_file_that_is_not_there_yet_makes_a_new_battle_saved_there(make_app, tmp_path):
    target = tmp_path / "battles" / "mine.toml"
    app = make_app(None, edit=target)
    (d,) = dialogs(app, NewBattleDialog)
    click_button(app, d.ok)
    assert app.editor.doc.path == target and app.editor.doc.dirty
    pick_profile(app, "Zombie")
    click(app, at(app, 10, 10))
    ctrl(app, pygame.K_s)
    assert dialogs(app, FileDialog) == [] and read_file(target)["units"][0]["name"] == "Zombie"
    assert not app.editor.doc.dirty
    assert main(["edit", str(tmp_path / "nothing.json")]) == 2


def test_deployment_zones_move_and_size_by_dragging(make_app):
    app = new_battle(make_app, "skirmish-d10", "24", "24")
    ed = app.editor
    for _ in ed.doc.zones():  # (a new battle has a zone for each side: start from none)
        click(app, at(app, 12, 1))
        key(app, pygame.K_DELETE)
        click(app, at(app, 12, 23))
        key(app, pygame.K_DELETE)
    assert ed.doc.zones() == []
    tool(app, "zone")
    drag(app, at(app, 0.4, 16), at(app, 23.7, 23.5))  # within an inch of the edges: to them
    assert ed.doc.zones() == [{"side": 1, "x": 0.0, "y": 16.0, "width": 24.0, "height": 8.0}]
    tool(app, "select")
    click(app, at(app, 12, 20))
    assert ed.sel == ("zone", 0, None)
    drag(app, at(app, 0, 16), at(app, 0, 18))  # its top-left corner, down 2"
    assert ed.doc.zones()[0]["y"] == pytest.approx(18.0, abs=0.1)
    assert ed.doc.zones()[0]["height"] == pytest.approx(6.0, abs=0.1)
    drag(app, at(app, 12, 21), at(app, 12, 20))  # the whole zone, up 1"
    assert ed.doc.zones()[0]["y"] == pytest.approx(17.0, abs=0.1)
    key(app, pygame.K_DELETE)
    assert ed.doc.zones() == [] and "deployment" not in ed.doc.data


def test_a_new_battle_has_a_turn_limit_and_a_zone_for_each_side(make_app):
    app = new_battle(make_app, "old-world", "72", "48")
    doc = app.editor.doc
    assert doc.data["turns"] == 6
    assert doc.zones() == [{"side": 1, "x": 0.0, "y": 36.0, "width": 72.0, "height": 12.0},
                           {"side": 2, "x": 0.0, "y": 0.0, "width": 72.0, "height": 12.0}]
    assert [p.key for p in doc.problems()] == ["units"]  # (no unit yet: nothing else amiss)
    app = new_battle(make_app, "skirmish-d10", "24", "24")
    assert [z["height"] for z in app.editor.doc.zones()] == [6.0, 6.0]  # a quarter of 24"


def test_a_new_battle_is_saved_in_the_saves_folder_and_shipped_maps_are_never_written(make_app):
    app = new_battle(make_app, "skirmish-d10", "24", "24", name="My Ford")
    pick_profile(app, "Zombie")
    click(app, at(app, 10, 10))
    ctrl(app, pygame.K_s)
    (d,) = dialogs(app, FileDialog)
    assert d.folder == app.saves_dir.resolve() and d.entry.get_text() == "my-ford.toml"
    key(app, pygame.K_RETURN)
    assert read_file(app.saves_dir / "my-ford.toml")["name"] == "My Ford"
    # a shipped map is saved as the player's own copy, never over the shipped file
    before = DUEL.read_bytes()
    app = make_app(None, edit=DUEL)
    orc = app.state.models["orc"]
    drag(app, at(app, orc.x, orc.y), at(app, orc.x - 2, orc.y))
    ctrl(app, pygame.K_s)
    (d,) = dialogs(app, FileDialog)
    assert d.folder == app.saves_dir.resolve() and d.entry.get_text() == "duel.toml"
    d.show(ROOT / "maps")  # even asked to, it does not write there
    key(app, pygame.K_RETURN)
    assert app.message.startswith("Not saved:") and "shipped battles" in app.message
    assert DUEL.read_bytes() == before


def test_the_editor_sleeps_while_nobody_touches_it(make_app):
    app = make_app(None, edit=OLD_WORLD)
    chariot = app.state.models["chariot"]
    click(app, at(app, chariot.x, chariot.y))
    move_mouse(app, (app.layout.panel.x + 100, 300))  # over the form
    app.run_frames(120, dt=1 / 30)
    before = app.draws
    app.run_frames(300, dt=1 / 30)
    assert app.draws == before and not app.busy()


def test_the_banner_adds_up_each_armys_points_while_units_are_placed():
    from game.ui.editor.panel import army_points_text

    doc = EditDoc.open(ROOT / "maps" / "old-world.toml")
    sides = {1: 0, 2: 0}
    for u in doc.units():
        sides[u["side"]] += u.get("points", 0)
    assert army_points_text(doc) == f" · side 1 {sides[1]} pts v side 2 {sides[2]} pts"
    first = doc.units()[0]
    doc.change("cheaper", lambda d: d["units"][0].update(points=first["points"] - 55))
    side = first["side"]
    assert f"side {side} {sides[side] - 55} pts" in army_points_text(doc)
    # a ruleset whose units cost nothing says nothing of points
    assert army_points_text(EditDoc.open(DUEL)) == ""
