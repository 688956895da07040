"""fl.live in JupyterLab (headless Chromium, selenium): a cell of the forcelab kernel serves a live page, shown
inline in an iframe; in the iframe a node is dragged and the charge force switched off, and the next cell, run in
JupyterLab, sees both in the kernel (the fx/fy the drag set while held, cleared on release; the force removed).
Run by scripts/test-live (with FORCELAB_BROWSER_TESTS=1, as CI runs it): python test_lab_live.py FORCELAB."""
import os
import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_lab import LabServer

LIVE_CELLS = [
    "g = fl.graph.generate('grid', {rows = 4, columns = 4})\nsim = fl.simulation(g, {alpha = 0.1, alphaDecay = 0})\n"
    "sim:force('link', fl.force.link{})\nsim:force('charge', fl.force.manyBody{})\nfirst = sim:nodes()[1].id\n"
    "sim:on('tick.held', function() local n = g:node(first); if n.fx then heldFx, heldFy = n.fx, n.fy end end)\n"
    "fl.live(sim)",
    "string.format('forces=%s held=%.6f,%.6f fx=%s', table.concat(sim:forces(), ','), heldFx or 0/0, heldFy or 0/0,"
    " tostring(g:node(first).fx))",
]


class LiveInLabTests(LabServer):
    cells = LIVE_CELLS

    def cell(self, index):
        return self.driver.find_elements(By.CSS_SELECTOR, ".jp-Notebook .jp-Cell")[index]

    def run_cell(self, index):
        """Runs cell `index` as a user does: click into it, Shift+Enter."""
        self.cell(index).find_element(By.CSS_SELECTOR, ".jp-InputArea-editor").click()
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()

    def test_the_live_page_works_in_jupyterlab(self):
        driver = self.driver
        driver.get(f"http://127.0.0.1:{self.port}/lab/tree/lab.ipynb?token={self.token}")
        self.wait_for(lambda: len(driver.find_elements(By.CSS_SELECTOR, ".jp-Notebook .jp-Cell")) == 2, what="the notebook")
        time.sleep(2)  # the editor takes keys once the notebook is laid out; the cell waits for the kernel to start
        self.run_cell(0)
        frame = self.wait_for(lambda: self.cell(0).find_elements(By.CSS_SELECTOR, ".jp-OutputArea-output iframe"),
                              seconds=60, what="the live page's frame")[0]
        driver.execute_script("arguments[0].scrollIntoView()", frame)
        driver.switch_to.frame(frame)
        self.wait_for(lambda: driver.execute_script(
            "return !!window.forcelabLive && forcelabLive.state().connected && forcelabLive.screenPosition(0) !== null"
            " && document.querySelector('#panel section[data-force=charge]') !== null"), seconds=30, what="the page drawn")
        canvas = driver.find_element(By.ID, "view")
        x, y = driver.execute_script("return forcelabLive.screenPosition(0)")
        size = canvas.size
        ActionChains(driver, duration=20).move_to_element_with_offset(
            canvas, int(round(x - size["width"] / 2)), int(round(y - size["height"] / 2))).click_and_hold() \
            .move_by_offset(20, 0).move_by_offset(20, 10).perform()
        # forcelab's frames put the held node where the page draws it, under the pointer: fx/fy as the kernel has them.
        held = self.wait_for(lambda: driver.execute_script(
            "var f = forcelabLive.framePosition(0), w = forcelabLive.worldPosition(0), s = forcelabLive.screenPosition(0);"
            "return Math.abs(f[0] - w[0]) < 1e-9 && Math.abs(f[1] - w[1]) < 1e-9 && s[0] > arguments[0] + 30 ? f : null", x),
            seconds=10, what="the held node's frame at the pointer")
        ActionChains(driver).release().perform()
        driver.find_element(By.CSS_SELECTOR, "#panel section[data-force=charge] label.switch").click()
        self.wait_for(lambda: driver.execute_script(
            "return forcelabLive.state().forces.filter(f => f.name === 'charge')[0].enabled === false"),
            seconds=10, what="the switch's answer from the kernel")
        driver.save_screenshot(os.path.join(self.shots, "lab-live.png"))
        driver.switch_to.default_content()
        self.run_cell(1)
        output = self.wait_for(lambda: [e.text for e in self.cell(1).find_elements(By.CSS_SELECTOR, ".jp-OutputArea-output")
                                        if "forces=" in e.text], seconds=30, what="the second cell's result")[0]
        self.assertIn("forces=link ", output)
        self.assertIn(f"held={held[0]:.6f},{held[1]:.6f}", output)
        self.assertIn("fx=nil", output)


if __name__ == "__main__":
    unittest.main(verbosity=2)
