"""The live page in headless Chromium (selenium), driving the real product: forcelab runs live_session.lua, whose
fl.live(sim, {wait = true}) serves the page, and prints at every tick what the test checks in forcelab itself.
Checks: dragging a node 100 pixels moves its fx/fy in forcelab, keeps it under the pointer while held and releases it
on drop; the manyBody strength slider changes sim:force("charge"):strength(); switching the link force off removes
it and on restores it with its options; a node added in the session appears in the page; two pages see the same
positions; a wrong token gets 403; a page closed mid-stream leaves the simulation running; dragging the background pans,
the wheel zooms about the pointer, Fit shows every node; End ends fl.live. Then
(LiveControlsTests, over live_controls.lua) every force option kind of /api.json has its control, and the choice or
vector, choice, boolean, integer and per-node controls change the session and follow its changes.
A screenshot goes to $FORCELAB_SCREENSHOTS (default: a temporary folder, printed).
Usage: python test_live_page.py FORCELAB CHROMIUM CHROMEDRIVER (scripts/test-live runs it)."""
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

FORCELAB, CHROMIUM, CHROMEDRIVER = sys.argv[1:4]
del sys.argv[1:4]
HERE = os.path.dirname(os.path.abspath(__file__))


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800"]:
        options.add_argument(argument)
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


class Session:
    """forcelab running a session script (live_session.lua by default) with a flag file's path (or `argument`) as its
    argument: its URL (from standard error) and its latest STATE line."""

    def __init__(self, script="live_session.lua", argument=None):
        self.folder = tempfile.mkdtemp(prefix="forcelab-live-")
        self.flag = os.path.join(self.folder, "flag")
        self.process = subprocess.Popen([FORCELAB, os.path.join(HERE, script), argument or self.flag],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.state, self.lines, self.errors, self.url = {}, [], [], None
        self.lock = threading.Lock()
        self.ticks = 0
        self.output_reader = threading.Thread(target=self.read_output, daemon=True)
        self.output_reader.start()
        threading.Thread(target=self.read_errors, daemon=True).start()
        deadline = time.monotonic() + 30
        while self.url is None:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("fl.live printed no URL: " + "".join(self.errors))
            time.sleep(0.05)

    def read_output(self):
        for line in self.process.stdout:
            with self.lock:
                self.lines.append(line)
                if line.startswith("STATE "):
                    self.ticks += 1
                    self.state = dict(item.split("=", 1) for item in line.split()[1:])

    def read_errors(self):
        for line in self.process.stderr:
            self.errors.append(line)
            found = re.search(r"http://127\.0\.0\.1:\d+/\?token=[0-9A-Za-z_-]+", line)
            if found and self.url is None:
                self.url = found.group(0)

    def latest(self):
        with self.lock:
            return dict(self.state), self.ticks

    def wait_for(self, condition, what, timeout=10):
        """The first state (after the next tick) for which `condition` holds."""
        deadline = time.monotonic() + timeout
        _, ticks = self.latest()
        while time.monotonic() < deadline:
            state, now = self.latest()
            if now > ticks and state and condition(state):
                return state
            time.sleep(0.05)
        raise AssertionError(f"forcelab never showed {what}; last state {self.latest()[0]}")


def number(text):
    return None if text == "nil" else float(text)


class PageTestCase(unittest.TestCase):
    """Headless Chromium on the page of forcelab running the class's `script`; the tests are the subclasses'."""
    script = "live_session.lua"

    @classmethod
    def setUpClass(cls):
        cls.session = Session(cls.script)
        cls.shots = os.environ.get("FORCELAB_SCREENSHOTS") or tempfile.mkdtemp(prefix="forcelab-live-shots-")
        os.makedirs(cls.shots, exist_ok=True)
        cls.driver = browser()
        cls.driver.get(cls.session.url)
        cls.wait_page(cls.driver)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        if cls.session.process.poll() is None:
            cls.session.process.kill()
        print("screenshots in " + cls.shots)

    @staticmethod
    def wait_page(driver, timeout=20):
        """Waits until the page has a scene, positions and its panel."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready = driver.execute_script(
                "return !!window.forcelabLive && forcelabLive.state().connected && forcelabLive.screenPosition(0) !== null"
                " && document.querySelector('#panel section[data-force]') !== null")
            if ready:
                return
            time.sleep(0.1)
        raise AssertionError("the page never showed the simulation: " + str(driver.get_log("browser")))

    def js(self, script, *arguments, driver=None):
        return (driver or self.driver).execute_script(script, *arguments)

    def wait_until(self, condition, what, timeout=10):
        deadline = time.monotonic() + timeout
        while not condition():
            self.assertLess(time.monotonic(), deadline, what)
            time.sleep(0.05)


class LivePageTests(PageTestCase):
    """live_session.lua's page: dragging, the slider, the switch, the session's node, two pages, tokens, a page closed,
    End."""

    def canvas(self):
        return self.driver.find_element(By.ID, "view")

    def pointer_at(self, x, y):
        """An action chain with the pointer at (x, y) of the canvas (selenium's offsets are from its centre)."""
        canvas = self.canvas()
        size = canvas.size
        return ActionChains(self.driver, duration=20).move_to_element_with_offset(
            canvas, int(round(x - size["width"] / 2)), int(round(y - size["height"] / 2)))

    def force_section(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'#panel section[data-force="{name}"]')

    def test_1_drag_a_node(self):
        # The layout moves meanwhile: a grab that missed node 0 (it moved between the reading and the pointer going
        # down, under load) is let go and tried again.
        for _ in range(5):
            x, y = self.js("return forcelabLive.screenPosition(0)")
            self.pointer_at(x, y).click_and_hold().perform()
            if self.js("return forcelabLive.state().held") == 0:
                break
            ActionChains(self.driver).release().perform()
        self.assertEqual(self.js("return forcelabLive.state().held"), 0, "node 0 grabbed")
        # The view stays put from the grab on; the node keeps its offset from the pointer, as with d3.drag.
        view = self.js("return forcelabLive.state().view")
        grab_x, grab_y = self.js("return forcelabLive.screenPosition(0)")
        state = self.session.wait_for(lambda s: s["fx"] != "nil", "the node fixed when grabbed")
        fx, fy = number(state["fx"]), number(state["fy"])
        self.assertAlmostEqual(fx * view["k"] + view["tx"], grab_x, delta=0.01)
        self.assertAlmostEqual(fy * view["k"] + view["ty"], grab_y, delta=0.01)
        self.assertAlmostEqual(number(state["alphaTarget"]), 0.3)
        actions = ActionChains(self.driver, duration=20)
        for _ in range(10):
            actions.move_by_offset(10, 0)
        actions.perform()
        # While held: forcelab's fx/fy moved 100 pixels' worth with the pointer.
        state = self.session.wait_for(lambda s: abs(number(s["fx"]) - (fx + 100 / view["k"])) < 1e-6,
                                      "fx moved with the pointer")
        self.assertAlmostEqual(number(state["fy"]), fy, delta=1e-6)
        self.assertAlmostEqual(number(state["alphaTarget"]), 0.3)
        # forcelab's frames keep the node at the pointer (once a frame after the last move has come), and the page
        # draws it there.
        deadline = time.monotonic() + 10
        while True:
            frame_x, frame_y = self.js("return forcelabLive.framePosition(0)")
            if abs(frame_x * view["k"] + view["tx"] - (grab_x + 100)) < 0.01 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        self.assertAlmostEqual(frame_x * view["k"] + view["tx"], grab_x + 100, delta=0.01)
        self.assertAlmostEqual(frame_y * view["k"] + view["ty"], grab_y, delta=0.01)
        held_x, held_y = self.js("return forcelabLive.screenPosition(0)")
        self.assertAlmostEqual(held_x, grab_x + 100, delta=0.01)
        self.assertAlmostEqual(held_y, grab_y, delta=0.01)
        self.assertEqual(self.js("var p = forcelabLive.screenPosition(0); return forcelabLive.nodeAt(p[0], p[1])"), 0)
        self.driver.save_screenshot(os.path.join(self.shots, "live-drag.png"))
        ActionChains(self.driver).release().perform()
        state = self.session.wait_for(lambda s: s["fx"] == "nil", "the node released")
        self.assertEqual(state["fy"], "nil")
        self.assertAlmostEqual(number(state["alphaTarget"]), 0)

    def test_2_strength_slider(self):
        section = self.force_section("charge")
        slider = section.find_element(By.CSS_SELECTOR, '.option input[type=range]')
        self.assertEqual(slider.get_attribute("aria-label"), "strength")
        low, high = float(slider.get_attribute("min")), float(slider.get_attribute("max"))
        # A click a fifth of the way along the slider sets its value there, as a user's click does.
        width = slider.size["width"]
        ActionChains(self.driver).move_to_element_with_offset(slider, int(-width / 2 + width / 5), 0).click().perform()
        value = float(slider.get_attribute("value"))
        self.assertLess(value, -30, (low, high, value))
        self.session.wait_for(lambda s: abs(number(s["strength"]) - value) < 1e-6, f"strength {value}")
        field = section.find_element(By.CSS_SELECTOR, 'input[aria-label="strength value"]')
        self.assertAlmostEqual(float(field.get_attribute("value")), value, places=3)
        # Typed into the field, beyond the slider's range: forcelab takes it and the slider widens.
        field.clear()
        field.send_keys("-500", Keys.ENTER)
        self.session.wait_for(lambda s: abs(number(s["strength"]) + 500) < 1e-6, "strength -500")
        self.assertEqual(float(slider.get_attribute("min")), -500)

    def test_3_link_switch(self):
        section = self.force_section("link")
        distance = section.find_element(By.CSS_SELECTOR, 'input[aria-label="distance value"]')
        distance.clear()
        distance.send_keys("45", Keys.ENTER)
        self.session.wait_for(lambda s: s["link.distance"] == "45.000000", "link distance 45")
        switch = section.find_element(By.CSS_SELECTOR, "label.switch")
        switch.click()
        state = self.session.wait_for(lambda s: "link" not in s["forces"].split(","), "the link force removed")
        self.assertEqual(state["link.distance"], "none")
        self.assertIn("off", section.get_attribute("class"))
        switch.click()
        state = self.session.wait_for(lambda s: "link" in s["forces"].split(","), "the link force restored")
        self.assertEqual(state["link.distance"], "45.000000")
        self.assertEqual(self.js("return forcelabLive.state().forces.filter(f => f.name === 'link')[0].enabled"), True)

    def test_4_node_added_in_the_session(self):
        before = self.js("return forcelabLive.state().nodes")
        open(self.session.flag, "w").close()
        self.session.wait_for(lambda s: int(s["nodes"]) == before + 1, "the added node")
        deadline = time.monotonic() + 5
        while "added" not in self.js("return forcelabLive.ids()"):
            self.assertLess(time.monotonic(), deadline, "the added node never appeared in the page")
            time.sleep(0.05)
        index = self.js("return forcelabLive.ids().indexOf('added')")
        time.sleep(0.3)
        self.assertIsNotNone(self.js("return forcelabLive.screenPosition(arguments[0])", index))

    def test_5_two_pages_see_the_same_positions(self):
        second = browser()
        try:
            second.get(self.session.url)
            self.wait_page(second)
            self.driver.find_element(By.ID, "pause").click()
            time.sleep(1)
            for _ in range(20):
                first = self.js("return [forcelabLive.state().tick, forcelabLive.ids().map((_, i) => forcelabLive.worldPosition(i))]")
                other = self.js("return [forcelabLive.state().tick, forcelabLive.ids().map((_, i) => forcelabLive.worldPosition(i))]",
                                driver=second)
                if first == other:
                    break
                time.sleep(0.1)
            self.assertEqual(first, other)
            self.assertTrue(self.js("return forcelabLive.state().simulation.paused", driver=second), "the pause shows in both panels")
            second.find_element(By.ID, "pause").click()
            self.session.wait_for(lambda s: True, "ticks after resuming")
        finally:
            second.quit()

    def test_6_wrong_token_is_refused(self):
        base, token = self.session.url.split("/?token=")
        for path in ["/", "/live.js", "/live.css", "/api.json"]:
            for query in ["?token=" + "x" * len(token), ""]:
                with self.assertRaises(urllib.error.HTTPError) as refused:
                    urllib.request.urlopen(base + path + query, timeout=5)
                self.assertEqual(refused.exception.code, 403, path + query)
            self.assertEqual(urllib.request.urlopen(base + path + "?token=" + token, timeout=5).status, 200, path)

    def test_7_page_closed_mid_stream(self):
        second = browser()
        second.get(self.session.url)
        self.wait_page(second)
        second.quit()  # the browser goes away while frames stream to it
        received = self.js("return forcelabLive.stats().received")
        _, ticks = self.session.latest()
        time.sleep(1)
        _, later = self.session.latest()
        self.assertGreater(later, ticks + 5, "the simulation stopped ticking")
        self.assertGreater(self.js("return forcelabLive.stats().received"), received + 5, "the other page got no frames")
        self.assertIsNone(self.session.process.poll())

    def test_7b_pan_zoom_and_fit(self):
        size = self.canvas().size
        corner = (12, size["height"] - 12)
        self.assertEqual(self.js("return forcelabLive.nodeAt(arguments[0], arguments[1])", *corner), -1, "the corner is background")
        before = self.js("return forcelabLive.state().view")
        # Dragging the background pans: the view moves with the pointer, no node is grabbed.
        self.pointer_at(*corner).click_and_hold().move_by_offset(20, -10).move_by_offset(20, -15).release().perform()
        after = self.js("return forcelabLive.state().view")
        self.assertAlmostEqual(after["tx"] - before["tx"], 40, delta=1)
        self.assertAlmostEqual(after["ty"] - before["ty"], -25, delta=1)
        self.assertEqual(after["k"], before["k"])
        self.assertEqual(self.session.wait_for(lambda s: True, "a tick")["fx"], "nil")
        # The wheel zooms about the pointer: the world point under it stays there.
        point = (size["width"] / 2 + 30, size["height"] / 2 - 20)
        world = ((point[0] - after["tx"]) / after["k"], (point[1] - after["ty"]) / after["k"])
        ActionChains(self.driver).scroll_from_origin(
            ScrollOrigin.from_element(self.canvas(), 30, -20), 0, -200).perform()
        zoomed = self.js("return forcelabLive.state().view")
        self.assertGreater(zoomed["k"], after["k"] * 1.2)
        self.assertAlmostEqual(world[0] * zoomed["k"] + zoomed["tx"], point[0], delta=1)
        self.assertAlmostEqual(world[1] * zoomed["k"] + zoomed["ty"], point[1], delta=1)
        # Fit shows every node again.
        self.driver.find_element(By.ID, "fit").click()
        self.wait_until(lambda: self.js(
            "var c = document.getElementById('view'); return forcelabLive.ids().every(function (_, i) {"
            " var p = forcelabLive.screenPosition(i); return p[0] >= 0 && p[1] >= 0 && p[0] <= c.clientWidth && p[1] <= c.clientHeight; })"),
            "every node in view after Fit")

    def test_8_no_errors_and_end(self):
        self.driver.save_screenshot(os.path.join(self.shots, "live-page.png"))
        severe = [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(severe, [])
        self.driver.find_element(By.ID, "end").click()
        self.assertEqual(self.session.process.wait(timeout=10), 0, "".join(self.session.errors))
        self.session.output_reader.join(timeout=10)  # the last lines read, not only written
        self.assertTrue(any(line.startswith("ENDED nodes=21") for line in self.session.lines), self.session.lines[-3:])


class LiveControlsTests(PageTestCase):
    """Every option kind of /api.json has a control that works both ways (live_controls.lua's forces)."""
    script = "live_controls.lua"

    def control(self, force, option, selector="[data-option]"):
        return self.driver.find_element(
            By.CSS_SELECTOR, f'#panel section[data-force="{force}"] .option:has([data-option="{option}"]) {selector}')

    def session_runs(self, code):
        """Runs Lua in the session at its next tick (as a user typing at the REPL would)."""
        with open(self.session.flag + ".part", "w") as file:
            file.write(code)
        os.rename(self.session.flag + ".part", self.session.flag)

    def test_1_every_option_kind_has_its_control(self):
        rows = self.js("""
            var out = [];
            forcelabLive.state().forces.forEach(function (force) {
              var section = document.querySelector('#panel section[data-force="' + force.name + '"]');
              Object.keys(force.options).forEach(function (name) {
                var control = section.querySelector('[data-option="' + name + '"]');
                var row = control && control.closest('.option');
                out.push([force.name, name, JSON.stringify(force.options[name]), control ? control.tagName + ':' + control.type
                  + (control.readOnly ? ':readonly' : '') : 'none',
                  row ? Array.from(row.querySelectorAll('input, select')).map(e => e.type).join(',') : '',
                  row && row.querySelector('input[type=range]') ? [Number(row.querySelector('input[type=range]').min),
                    Number(row.querySelector('input[type=range]').max)] : null]);
              });
            });
            return out;""")
        api = {table["function"]: {o["name"]: o for o in table["options"]}
               for table in json.loads(urllib.request.urlopen(self.session.url.replace("/?", "/api.json?"), timeout=5).read())["options"]}
        kinds = {table["kind"] for declared in api.values() for table in declared.values()}
        forces = {f["name"]: f["kind"] for f in self.js("return forcelabLive.state().forces")}
        seen, z_rows, bounded = set(), 0, 0
        for force, name, value, control, inputs, slider in rows:
            declaration = api["fl.force." + forces[force]][name]
            kind = declaration["kind"]
            if slider and isinstance(declaration.get("min"), (int, float)) and isinstance(declaration.get("max"), (int, float)):
                self.assertEqual(slider, [declaration["min"], declaration["max"]], (force, name, "a slider spans the declared range"))
                bounded += 1
            value = json.loads(value)
            if name == "z":  # a 2D simulation's panel leaves out the z options
                self.assertEqual(control, "none", (force, name))
                z_rows += 1
                continue
            seen.add(kind)
            if kind in ("number", "integer", "nodeAccessor", "edgeAccessor") and (
                    isinstance(value, (int, float)) or value in ("inf", "-inf")):
                expected = ("INPUT:text", "range,text")
            elif kind in ("nodeAccessor", "edgeAccessor"):
                expected = ("INPUT:text", "text")
            elif kind == "choice":
                expected = ("SELECT:select-one", "select-one")
            elif kind == "choiceOrVector":
                expected = ("SELECT:select-one", "select-one,text,text")
            elif kind == "boolean":
                expected = ("INPUT:checkbox", "checkbox")
            else:
                expected = ("INPUT:text:readonly", "text")
            self.assertEqual((control, inputs), expected, (force, name, kind, value))
        # Every force option kind the API declares is among those the session's forces show.
        force_kinds = {o["kind"] for f, declared in api.items() if f.startswith("fl.force.") for o in declared.values()}
        self.assertEqual(force_kinds - seen, set(), "option kinds without a force in live_controls.lua")
        self.assertTrue(kinds >= force_kinds)
        self.assertEqual(z_rows, 1, "the center force's z, left out")
        self.assertGreaterEqual(bounded, 3, "sliders of bounded options checked")

    def test_2_choice_or_vector_both_ways(self):
        select = Select(self.control("flow", "direction"))
        self.assertEqual(select.first_selected_option.get_attribute("value"), "right")
        select.select_by_value("down")
        self.session.wait_for(lambda s: s["direction"] == "down", "direction down")
        select.select_by_value("vector")
        # The vector starts from the direction chosen before (down: 0, 1) and is sent at once.
        x, y = self.control("flow", "direction", "input[aria-label='direction x']"), \
            self.control("flow", "direction", "input[aria-label='direction y']")
        self.assertEqual((x.get_attribute("value"), y.get_attribute("value")), ("0", "1"))
        self.session.wait_for(lambda s: s["direction"] == "{0.0,1.0}", "direction {0, 1}")
        x.clear()
        x.send_keys("1", Keys.ENTER)
        self.session.wait_for(lambda s: s["direction"] == "{1.0,1.0}", "direction {1, 1}")
        y.clear()
        y.send_keys("0", Keys.TAB)
        self.session.wait_for(lambda s: s["direction"] == "{1.0,0.0}", "direction {1, 0}")
        # The controls that answer it reach the panel before x is typed in (they would move an x not focused).
        self.wait_until(lambda: self.js("return JSON.stringify(forcelabLive.state().forces.filter(f => f.name === 'flow')[0]"
                                        ".options.direction)") == "[1,0]", "the controls of {1, 0}")
        x.clear()
        x.send_keys("0", Keys.ENTER)  # {0, 0} is no direction: refused in the page, nothing sent
        self.assertIn("invalid", x.get_attribute("class"))
        self.assertEqual(self.session.wait_for(lambda s: True, "a tick")["direction"], "{1.0,0.0}")
        self.driver.find_element(By.ID, "view").click()  # leave the fields, so the session's change moves them
        self.session_runs('sim:force("flow"):direction{-2, 0.5}')
        self.session.wait_for(lambda s: s["direction"] == "{-2.0,0.5}", "the session's vector")
        self.wait_until(lambda: (x.get_attribute("value"), y.get_attribute("value")) == ("-2", "0.5"), "the vector in the panel")
        self.session_runs('sim:force("flow"):direction("up")')
        self.wait_until(lambda: select.first_selected_option.get_attribute("value") == "up", "up in the panel")
        self.assertFalse(x.is_displayed())

    def test_3_choice_boolean_and_integer(self):
        Select(self.control("collide", "shape")).select_by_value("box")
        self.session.wait_for(lambda s: s["shape"] == "box", "collide shape box")
        self.control("frames", "shrinks").click()
        self.session.wait_for(lambda s: s["shrinks"] == "true", "frames shrinks")
        field = self.control("collide", "iterations", "input[aria-label='iterations value']")
        field.clear()
        field.send_keys("3", Keys.ENTER)
        self.session.wait_for(lambda s: s["iterations"] == "3", "collide iterations 3")
        self.session_runs('sim:force("frames"):shrinks(false); sim:force("collide"):shape("circle")')
        self.wait_until(lambda: not self.control("frames", "shrinks").is_selected()
                        and Select(self.control("collide", "shape")).first_selected_option.get_attribute("value") == "circle",
                        "the session's shrinks and shape in the panel")

    def test_4_per_node_function_then_number(self):
        field = self.control("x", "strength")
        self.assertEqual(field.get_attribute("placeholder"), "per node")
        field.send_keys("0.2", Keys.ENTER)
        self.session.wait_for(lambda s: s["x.strength"] == "0.2", "x strength 0.2")
        # Now a number: the row becomes a slider; a function set in the session makes it a field again.
        self.wait_until(lambda: self.control("x", "strength", "input[type=range]").get_attribute("value") == "0.2", "the slider")
        self.session_runs('sim:force("x"):strength(function() return 0.1 end)')
        self.wait_until(lambda: not self.driver.find_elements(
            By.CSS_SELECTOR, '#panel section[data-force="x"] .option:has([data-option="strength"]) input[type=range]'),
            "the row a field again")

    def test_5_no_errors(self):
        severe = [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(severe, [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
